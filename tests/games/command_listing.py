"""The check behind the "taken exactly when listed" tests: the window offers only listed commands."""
from __future__ import annotations

from collections.abc import Iterable

from tabletop.engine.commands import Command
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.game import Game


def check_taken_exactly_when_listed(game: Game, tries: Iterable[Command]) -> int:
    """Submit each command and undo it: each one taken must be listed, each one refused must not; return how many were taken.

    Contract: the game's seats are human (an undo takes back one step).
    """
    listed = set(game.legal_commands())
    taken = 0
    for command in tries:
        try:
            game.submit(command)
        except IllegalCommand:
            assert command not in listed, f"{command.describe()} is listed but refused"
            continue
        game.undo()
        assert command in listed, f"{command.describe()} is taken but not listed"
        taken += 1
    return taken
