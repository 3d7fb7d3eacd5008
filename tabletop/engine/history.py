"""History: the applied steps of a game, with unlimited undo and redo."""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from tabletop.engine.changes import Change
from tabletop.engine.commands import Command


@dataclass(frozen=True)
class Reseed:
    """A new branch of play after an undo: the generator's fresh seed, and the hidden zones it re-mixed."""

    seed: int
    zones: tuple[str, ...] = ()


class Step(NamedTuple):
    """One submitted command and every change it made (immutable; a named tuple, as one is made at every step and
    a frozen dataclass's `__init__` sets each field through `object.__setattr__`).

    `rng_before` is the generator state before the step (so any step can be replayed alone);
    `shows_hidden`: the step showed its player a card face they had not seen before it. Its line in the
    history and the Undo menu is `Game.step_label(step)`: cards named only as everyone sees them.
    `reseed`: the step began a new branch after an undo that took hidden cards back (Game.submit);
    its changes begin with the reseed and end with the re-mix, and the game record keeps it so that replay is exact.
    """

    command: Command
    changes: tuple[Change, ...]
    rng_before: int
    by_ai: bool
    shows_hidden: bool
    reseed: Reseed | None = None


class History:
    """The done and undone steps. Undo goes back to the previous decision of a human.

    Contract: `undo_group` returns the steps to revert newest first: every AI step at the end of
    the history and then the newest human step. Redo replays the same groups in reverse.
    """

    def __init__(self) -> None:
        self.done: list[Step] = []
        self.undone: list[list[Step]] = []

    def push(self, step: Step) -> None:
        """Record a new step; it ends any redo line."""
        self.done.append(step)
        self.undone.clear()

    def undo_group(self) -> list[Step]:
        """Return (without removing) the steps one undo reverts, newest first."""
        group: list[Step] = []
        for step in reversed(self.done):
            group.append(step)
            if not step.by_ai:
                break
        return group

    def pop_group(self) -> list[Step]:
        """Remove and return the steps one undo reverts, newest first."""
        group = self.undo_group()
        del self.done[len(self.done) - len(group):]
        self.undone.append(group)
        return group

    def pop_redo(self) -> list[Step]:
        """Remove and return the steps one redo re-applies, oldest first."""
        group = self.undone.pop()
        self.done.extend(reversed(group))
        return list(reversed(group))

    def __len__(self) -> int:
        return len(self.done)
