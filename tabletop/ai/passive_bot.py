"""PassiveBot: a goldfish opponent that passes, declines and picks as little as it may."""
from __future__ import annotations

from collections.abc import Sequence

from tabletop.ai.candidates import candidate_commands
from tabletop.engine.commands import Choose, Command, PassPriority
from tabletop.engine.decision import Decision
from tabletop.engine.view import View


def is_passing(command: Command) -> bool:
    """Tell whether a command only passes: PassPriority, or a game's Pass…/End… command."""
    name = command.command_name()
    return isinstance(command, PassPriority) or name.startswith(("Pass", "End"))


class PassiveBot:
    """A bot that never acts: it passes when it may, answers "no", and picks the fewest options.

    Goldfishing plays a deck against this bot, so the numbers measure the deck alone.
    """

    def choose(self, view: View, decision: Decision, legal_commands: Sequence[Command]) -> Command:
        """Return the most passive candidate command."""
        return passive_answer(decision, legal_commands)


def passive_answer(decision: Decision, legal_commands: Sequence[Command]) -> Command:
    """Return the most passive answer: a pass, then "no", then the fewest picks or the lowest number."""
    candidates = candidate_commands(decision, legal_commands)
    for command in candidates:
        if is_passing(command):
            return command
    for command in candidates:
        if isinstance(command, Choose) and command.yes is False:
            return command
    choices = [c for c in candidates if isinstance(c, Choose) and c.yes is None and c.number is None]
    if choices:
        return min(choices, key=lambda c: len(c.picks))
    numbers = [c for c in candidates if isinstance(c, Choose) and c.number is not None]
    if numbers:
        return min(numbers, key=lambda c: c.number or 0)
    return candidates[0]
