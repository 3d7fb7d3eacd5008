"""Continuous effects applied in layers, by timestamp, with dependency (FFTCG 11.12.4.6–13).

A game computes each card's current characteristics (power, keywords, controller, types…)
by applying its continuous effects to the printed values. The game supplies the policy: how
many layers and in which order (FFTCG: control, text, type/job, other, power), which cards an
effect applies to (`applies`), and any operations beyond the generic ones.
"""
from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

Characteristics = dict[int, dict[str, Any]]
"""Per card instance id, its characteristics: {"power": 5000, "keywords": {...}, …}."""


@dataclass(frozen=True, init=False)
class ContinuousEffect:
    """One continuous effect: which layer, when it was created, whom it affects and how.

    `targets` fixes the affected cards (an effect of a resolved Summon or ability, FFTCG
    11.12.4.2); with `targets` None the game's `applies` decides each time (a field ability,
    FFTCG 11.12.4.4). `op` is "add" (number), "set", "grant"/"remove" (a member of a set such
    as keywords), or a game operation. `self_modifying` effects change their own source and
    go first within their layer (FFTCG 11.12.4.7). `reads` names the characteristics the
    game's `applies` reads for this effect (None: unknown, any); an effect can depend only on
    effects that change one of them.
    """

    id: str
    layer: int
    timestamp: int
    op: str
    key: str
    value: Any = None
    source: int | None = None
    targets: tuple[int, ...] | None = None
    selector: Mapping[str, Any] = field(default_factory=dict)
    duration: str = "permanent"
    reads: frozenset[str] | None = None

    def __init__(self, id: str, layer: int, timestamp: int, op: str, key: str, value: Any = None,
                 source: int | None = None, targets: tuple[int, ...] | None = None,
                 selector: Mapping[str, Any] | None = None, duration: str = "permanent",
                 reads: frozenset[str] | None = None) -> None:
        # The fields in one write: the __init__ a frozen dataclass is given sets each field through
        # object.__setattr__, which costs about as much as the rest of making an effect (a card's
        # characteristics make dozens of effects a game). Still frozen: setting a field afterwards raises.
        self.__dict__.update(id=id, layer=layer, timestamp=timestamp, op=op, key=key, value=value, source=source,
                             targets=targets, selector={} if selector is None else selector, duration=duration,
                             reads=reads)

    @property
    def self_modifying(self) -> bool:
        """Tell whether the effect changes the card that generates it."""
        return self.source is not None and self.targets == (self.source,)

    def to_json(self) -> dict[str, Any]:
        """Return the effect as JSON data (for the state's effect list)."""
        return {"id": self.id, "layer": self.layer, "timestamp": self.timestamp, "op": self.op,
                "key": self.key, "value": self.value, "source": self.source,
                "targets": list(self.targets) if self.targets is not None else None,
                "selector": dict(self.selector), "duration": self.duration,
                "reads": sorted(self.reads) if self.reads is not None else None}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ContinuousEffect:
        """Read an effect back from JSON data."""
        targets = data.get("targets")
        reads = data.get("reads")
        return cls(data["id"], int(data["layer"]), int(data["timestamp"]), data["op"], data["key"],
                   data.get("value"), data.get("source"), tuple(targets) if targets is not None else None,
                   dict(data.get("selector") or {}), data.get("duration", "permanent"),
                   frozenset(reads) if reads is not None else None)


Applies = Callable[[Characteristics, ContinuousEffect, int], bool]
Operation = Callable[[dict[str, Any], ContinuousEffect], None]


def apply_generic(chars: dict[str, Any], effect: ContinuousEffect) -> None:
    """Apply one of the generic operations to one card's characteristics."""
    if effect.op == "add":
        chars[effect.key] = chars.get(effect.key, 0) + int(effect.value)
    elif effect.op == "set":
        chars[effect.key] = copy.deepcopy(effect.value)
    elif effect.op == "grant":
        chars[effect.key] = set(chars.get(effect.key, set())) | {effect.value}
    elif effect.op == "remove":
        chars[effect.key] = set(chars.get(effect.key, set())) - {effect.value}
    else:
        raise ValueError(f"unknown continuous-effect operation {effect.op!r}")


class LayerSystem:
    """Computes characteristics by applying effects layer by layer.

    Within a layer: self-modifying effects first, then by dependency and timestamp. Effect A
    depends on B when applying B first changes which cards A applies to;
    independent effects go first, in timestamp order; a dependency loop falls back to timestamps.

    Contract: a characteristic is a scalar or a flat set/list/dict of immutable values (copies
    are one level deep), and an effect changes only the cards it applies to.
    """

    def __init__(self, layers: int, applies: Applies, operations: Mapping[str, Operation] | None = None,
                 changeable: Callable[[int, Any], dict[str, Any]] | None = None) -> None:
        self.layers = layers
        self.applies = applies
        self.operations = dict(operations or {})
        # (card, its characteristics) -> a copy effects may change: a game whose base values are not dicts (kept as
        # they are until an effect reaches the card) turns one into a dict here
        self.changeable = changeable or _copy_any

    def compute(self, base: Characteristics, effects: Iterable[ContinuousEffect]) -> Characteristics:
        """Return the characteristics after every effect; `base` is not changed (cards are copied on write)."""
        chars = dict(base)
        copied: set[int] = set()
        by_layer: dict[int, list[ContinuousEffect]] = {}
        for effect in effects:
            if not 0 <= effect.layer < self.layers:
                raise ValueError(f"effect {effect.id} is in layer {effect.layer}, not 0..{self.layers - 1}")
            by_layer.setdefault(effect.layer, []).append(effect)
        for layer in range(self.layers):
            remaining = sorted(by_layer.get(layer, []), key=lambda e: (not e.self_modifying, e.timestamp, e.id))
            while remaining:
                chosen = self._next(chars, remaining)
                remaining.remove(chosen)
                self._apply(chars, chosen, copied)
        return chars

    def order_in_layer(self, base: Characteristics, effects: list[ContinuousEffect]) -> list[str]:
        """Return the ids of one layer's effects in the order they apply (for tests and tooltips)."""
        chars = dict(base)
        copied: set[int] = set()
        remaining = sorted(effects, key=lambda e: (not e.self_modifying, e.timestamp, e.id))
        order = []
        while remaining:
            chosen = self._next(chars, remaining)
            remaining.remove(chosen)
            self._apply(chars, chosen, copied)
            order.append(chosen.id)
        return order

    def _next(self, chars: Characteristics, remaining: list[ContinuousEffect]) -> ContinuousEffect:
        for candidate in remaining:
            if candidate.self_modifying:
                return candidate
            if not any(self.depends_on(chars, candidate, other) for other in remaining if other is not candidate):
                return candidate
        return remaining[0]  # every one depends on another: a loop, so timestamp order

    def depends_on(self, chars: Characteristics, effect: ContinuousEffect, other: ContinuousEffect) -> bool:
        """Tell whether applying `other` first changes which cards `effect` applies to.

        Effect values are data fixed when the effect starts (FFTCG 11.12.4.3), so what an
        effect does to a card cannot depend on another; only whom it reaches can. An effect
        with fixed `targets` therefore depends on nothing.
        """
        if effect.targets is not None or (effect.reads is not None and other.key not in effect.reads):
            return False
        reached = self._affected(chars, other)
        if not reached:
            return False
        trial = dict(chars)
        operation = self.operations.get(other.op, apply_generic)
        for iid in sorted(reached):
            trial[iid] = self.changeable(iid, chars[iid])
            operation(trial[iid], other)
        return self._affected(trial, effect) != self._affected(chars, effect)

    def _affected(self, chars: Characteristics, effect: ContinuousEffect) -> frozenset[int]:
        if effect.targets is not None:
            return frozenset(i for i in effect.targets if i in chars)
        return frozenset(i for i in chars if self.applies(chars, effect, i))

    def _apply(self, chars: Characteristics, effect: ContinuousEffect, copied: set[int]) -> None:
        operation = self.operations.get(effect.op, apply_generic)
        for iid in sorted(self._affected(chars, effect)):
            if iid not in copied:
                chars[iid] = self.changeable(iid, chars[iid])
                copied.add(iid)
            operation(chars[iid], effect)


def _copy_any(iid: int, card: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of one card's characteristics (a dict) that effects can change (LayerSystem's default)."""
    return copy_card(card)


def copy_card(card: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of one card's characteristics that effects can change without touching the original."""
    return {key: value.copy() if isinstance(value, (set, list, dict)) else value for key, value in card.items()}
