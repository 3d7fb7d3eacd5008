"""Events: past-tense facts a step produced, and a summary of what changed for redraws."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

from tabletop.engine.changes import (
    AppendLog, Change, CreateCard, MoveCard, SetTableField, SetTotal, ShuffleZone,
)
from tabletop.engine.state import LogEntry


@dataclass(frozen=True)
class Event:
    """Something that happened."""


@dataclass(frozen=True)
class CardCreated(Event):
    """A card instance was put into a zone."""

    iid: int
    zone: str


@dataclass(frozen=True)
class CardMoved(Event):
    """A card went from one zone to another (or to another position in the same zone)."""

    iid: int
    source: str
    target: str


@dataclass(frozen=True)
class ZoneShuffled(Event):
    """A zone's order was randomised."""

    zone: str


@dataclass(frozen=True)
class TotalChanged(Event):
    """A player's total (life, damage…) changed."""

    player: str
    name: str
    old: int
    new: int


@dataclass(frozen=True)
class TableChanged(Event):
    """The turn, active player, phase or step changed."""

    name: str
    old: object
    new: object


@dataclass(frozen=True)
class Logged(Event):
    """A log line was written."""

    entry: LogEntry


class StepResult:
    """What one submitted command (or one undo/redo) did: events and everything it touched.

    `undone` is True for the result of an undo: the events then describe the reverse moves.
    Everything is worked out on first use, so a caller that ignores the result pays nothing.
    """

    def __init__(self, label: Callable[[], str] | str, changes: Sequence[Change], undone: bool = False) -> None:
        self._label = label
        self._changes = changes
        self.undone = undone

    @cached_property
    def label(self) -> str:
        """The step's label as the Undo menu shows it."""
        return self._label if isinstance(self._label, str) else self._label()

    @cached_property
    def events(self) -> tuple[Event, ...]:
        """The past-tense events of the step, in order."""
        found = (_event(change, self.undone) for change in self._changes)
        return tuple(e for e in found if e is not None)

    @cached_property
    def _touched(self) -> tuple[frozenset[str], frozenset[int], frozenset[str]]:
        zones: set[str] = set()
        cards: set[int] = set()
        keys: set[str] = set()
        for change in self._changes:
            z, c, k = change.touched()
            zones |= z
            cards |= c
            keys |= k
        return frozenset(zones), frozenset(cards), frozenset(keys)

    @property
    def zones(self) -> frozenset[str]:
        """Ids of the zones whose contents or order changed."""
        return self._touched[0]

    @property
    def cards(self) -> frozenset[int]:
        """Ids of the card instances that changed."""
        return self._touched[1]

    @property
    def keys(self) -> frozenset[str]:
        """Other things that changed: `turn`, `phase`, `total:p1.life`, `data:priority`, `list:stack`, `log`."""
        return self._touched[2]


def summarize(label: Callable[[], str] | str, changes: Sequence[Change], undone: bool = False) -> StepResult:
    """Build the StepResult of a step from its changes (in the order they were applied or reverted)."""
    return StepResult(label, changes, undone)


def _event(change: Change, undone: bool) -> Event | None:
    if isinstance(change, MoveCard):
        if undone:
            return CardMoved(change.iid, change.target, change.source)
        return CardMoved(change.iid, change.source, change.target)
    if isinstance(change, CreateCard):
        return None if undone else CardCreated(change.iid, change.zone)
    if isinstance(change, ShuffleZone):
        return ZoneShuffled(change.zone)
    if isinstance(change, SetTotal):
        old, new = (change.new, change.old) if undone else (change.old, change.new)
        return TotalChanged(change.player, change.name, old, new)
    if isinstance(change, SetTableField):
        old, new = (change.new, change.old) if undone else (change.old, change.new)
        return TableChanged(change.name, old, new)
    if isinstance(change, AppendLog) and not undone:
        return Logged(change.entry)
    return None
