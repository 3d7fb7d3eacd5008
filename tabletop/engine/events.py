"""Events: past-tense facts a step produced, and a summary of what changed for redraws."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

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


@dataclass(frozen=True)
class StepResult:
    """What one submitted command (or one undo/redo) did: events and everything it touched.

    `undone` is True for the result of an undo: the events then describe the reverse moves.
    """

    label: str
    events: tuple[Event, ...] = ()
    zones: frozenset[str] = field(default_factory=frozenset)
    cards: frozenset[int] = field(default_factory=frozenset)
    keys: frozenset[str] = field(default_factory=frozenset)
    undone: bool = False


def summarize(label: str, changes: Iterable[Change], undone: bool = False) -> StepResult:
    """Build a StepResult from the changes of a step (in the order they were applied or reverted)."""
    events: list[Event] = []
    zones: set[str] = set()
    cards: set[int] = set()
    keys: set[str] = set()
    for change in changes:
        z, c, k = change.touched()
        zones |= z
        cards |= c
        keys |= k
        event = _event(change, undone)
        if event is not None:
            events.append(event)
    return StepResult(label, tuple(events), frozenset(zones), frozenset(cards), frozenset(keys), undone)


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
