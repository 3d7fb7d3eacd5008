"""Checks every game's conformance tests share: whole random games, "taken exactly when listed", undo/redo."""
from __future__ import annotations

from collections.abc import Iterable
from random import Random

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


def check_undo_redo_show_the_same_choices(game: Game, rnd: Random, steps: int) -> None:
    """Play random listed commands, then undo all and redo all: each decision shows the same table, legal commands
    and decision as when it was first reached (nothing memoised outlives the state it was read from)."""

    def seen() -> tuple[str, str, str]:
        return game.state.fingerprint(), repr(game.legal_commands()), repr(game.pending_decision())

    reached = [seen()]
    for _ in range(steps):
        if game.is_terminal():
            break
        game.submit(rnd.choice(game.legal_commands()))
        reached.append(seen())
    back = [seen()]
    while game.undo() is not None:
        back.append(seen())
    assert back == reached[::-1]
    forth = [seen()]
    while game.redo() is not None:
        forth.append(seen())
    assert forth == reached


def play_random_commands(game: Game, rnd: Random, step_cap: int) -> Game:
    """Play random listed commands until the game ends or `step_cap`; every decision must list a command, and
    no card of a deck may be created or lost (a token made in play may leave the game), nor be in no zone or two."""
    count = len(game.state.conserved_cards())
    for _ in range(step_cap):
        if game.is_terminal():
            break
        commands = game.legal_commands()
        assert commands, f"no legal command for {game.pending_decision()}"
        game.submit(rnd.choice(commands))
        assert len(game.state.conserved_cards()) == count
    placed = sorted(i for zone in game.state.zones.values() for i in zone.cards)
    assert placed == sorted(game.state.cards), "a card is in no zone or in two zones"
    return game
