"""Replacement effects: which applies next to an event, and who chooses the order (FFTCG 11.12.5).

The engine never calls out, so this is a pure step function: the game asks what comes next,
and when a player must choose, it records a decision and asks again with the choice made.
Order: self-replacements of the resolving effect first; then those that would change the
controller of an entering card; then the affected player orders the rest. Each replacement
applies at most once to one event.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Event = dict[str, Any]


@dataclass(frozen=True)
class Replacement:
    """One replacement effect: which events it watches and what it makes of them."""

    id: str
    controller: str
    kind: str
    self_replacement: bool = False
    controls_entry: bool = False
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ReplacementStep:
    """The result of asking what happens next to an event.

    Either `done` (the final event, with `applied` ids in order), or a `chooser` must pick
    one of `options` (replacement ids) to apply next.
    """

    event: Event
    applied: tuple[str, ...]
    chooser: str | None = None
    options: tuple[str, ...] = ()

    @property
    def done(self) -> bool:
        """Tell whether every applicable replacement has been applied."""
        return self.chooser is None


def run_replacements(
    event: Event,
    replacements: Iterable[Replacement],
    applies: Callable[[Replacement, Event], bool],
    replace: Callable[[Replacement, Event], Event],
    affected_player: str,
    choices: Sequence[str] = (),
) -> ReplacementStep:
    """Apply replacements to `event` as far as possible without a new choice.

    `choices` are the ids the affected player already chose, in order, at earlier decisions.
    A replaced event may become one that other replacements watch; each applies only once.
    """
    pending = list(replacements)
    applied: list[str] = []
    choice_queue = list(choices)
    current = dict(event)
    while True:
        candidates = [r for r in pending if r.id not in applied and applies(r, current)]
        if not candidates:
            return ReplacementStep(current, tuple(applied))
        group = ([r for r in candidates if r.self_replacement]
                 or [r for r in candidates if r.controls_entry]
                 or candidates)
        if len(group) == 1 or group[0].self_replacement:
            chosen = group[0]
        else:
            ids = tuple(r.id for r in group)
            if not choice_queue:
                return ReplacementStep(current, tuple(applied), affected_player, ids)
            wanted = choice_queue.pop(0)
            if wanted not in ids:
                raise ValueError(f"replacement {wanted!r} does not apply now (choose one of {', '.join(ids)})")
            chosen = next(r for r in group if r.id == wanted)
        current = replace(chosen, current)
        applied.append(chosen.id)
