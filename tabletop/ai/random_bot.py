"""RandomBot: picks uniformly among the candidate commands, from its own seeded generator."""
from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop.ai.candidates import candidate_commands
from tabletop.engine.commands import Command
from tabletop.engine.decision import Decision
from tabletop.engine.view import View


class RandomBot:
    """A bot that answers every decision with a uniformly random legal command.

    Deterministic for a seed: the same views, decisions and legal lists give the same choices.
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, decision: Decision, legal_commands: Sequence[Command]) -> Command:
        """Return a random candidate command."""
        return self.rng.choice(candidate_commands(decision, legal_commands, self.rng))
