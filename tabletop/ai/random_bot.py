"""RandomBot: a player that picks uniformly among what it may do, passing now and then."""
from __future__ import annotations

import random

from tabletop.engine.commands import Choose, Command, PassPriority
from tabletop.engine.decision import Decision
from tabletop.engine.view import View


class RandomBot:
    """Chooses a random legal command, or a random answer to a pick/order/yes-no/number decision.

    `pass_chance` is how often it takes a command named Pass…/End… when one is legal, so that
    games with many optional actions still move on.
    """

    def __init__(self, seed: int = 0, pass_chance: float = 0.35) -> None:
        self.random = random.Random(seed)
        self.pass_chance = pass_chance

    def choose(self, view: View, decision: Decision, legal_commands: list[Command]) -> Command:
        """Return a command for `decision`, seen through `view`."""
        player = decision.player
        if decision.kind == "act":
            if not legal_commands:
                return PassPriority(by=player)
            passes = [c for c in legal_commands if c.command_name().startswith(("Pass", "End"))]
            if passes and self.random.random() < self.pass_chance:
                return self.random.choice(passes)
            return self.random.choice(legal_commands)
        choices = [c for c in legal_commands if isinstance(c, Choose)]
        if choices:
            return self.random.choice(choices)
        if decision.kind == "yesno":
            return Choose(by=player, yes=self.random.random() < 0.5)
        if decision.kind == "number":
            return Choose(by=player, number=self.random.randint(decision.min, max(decision.min, decision.max)))
        options = list(decision.options)
        if decision.kind == "order":
            self.random.shuffle(options)
            return Choose(by=player, picks=tuple(options))
        high = min(len(options), max(decision.min, decision.max))
        count = self.random.randint(min(decision.min, high), high)
        return Choose(by=player, picks=tuple(self.random.sample(options, count)))
