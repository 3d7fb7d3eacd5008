"""Card filters: one language for every game's "choose a Forward of cost 3 or less", "a grade 1 unit".

A filter is a mapping of keys to values (`{type: forward, cost_at_most: 3}`); a card passes when every key
holds. The keys every game reads the same way live here (`name`, `not_self`, `cost_at_most`, `cost_at_least`);
a game adds its own keys as predicates. A filter is checked when a card file is loaded (`unknown_keys`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from tabletop.engine.state import GameState


class Seen:
    """What a filter is read against: the state, the player reading it, the card whose ability reads it
    (None: no card), and the game's current values of cards (characteristics after effects), if any."""

    __slots__ = ("state", "you", "source", "current")  # made for every filter read: kept light

    def __init__(self, state: GameState, you: str, source: int | None = None, current: Any = None) -> None:
        self.state = state
        self.you = you
        self.source = source
        self.current = current


# A key's test: (what it is read against, the card, the key's value in the filter) -> whether the card passes.
Predicate = Callable[[Seen, int, Any], bool]


def _name(seen: Seen, iid: int, value: Any) -> bool:
    return bool(seen.state.definition(iid).name == value)


def _not_self(seen: Seen, iid: int, value: Any) -> bool:
    return not value or iid != seen.source


def _cost_at_most(seen: Seen, iid: int, value: Any) -> bool:
    return (seen.state.definition(iid).cost or 0) <= int(value)


def _cost_at_least(seen: Seen, iid: int, value: Any) -> bool:
    return (seen.state.definition(iid).cost or 0) >= int(value)


SHARED_KEYS: Mapping[str, Predicate] = {
    "name": _name, "not_self": _not_self, "cost_at_most": _cost_at_most, "cost_at_least": _cost_at_least,
}


class CardFilter:
    """A game's card-filter language: the shared keys and its own, each a predicate."""

    def __init__(self, game: str, keys: Mapping[str, Predicate], shared: Iterable[str] = tuple(SHARED_KEYS)) -> None:
        self.game = game
        self.keys: dict[str, Predicate] = {key: SHARED_KEYS[key] for key in shared}
        self.keys.update(keys)

    def holds(self, seen: Seen, iid: int, filt: Mapping[str, Any]) -> bool:
        """Tell whether a card passes every key of a filter."""
        keys = self.keys
        for key, value in filt.items():
            if not keys[key](seen, iid, value):
                return False
        return True

    def select(self, seen: Seen, cards: Iterable[int], filt: Mapping[str, Any] | None) -> list[int]:
        """Return the cards that pass a filter, in their order (all of them for no filter)."""
        if not filt:
            return list(cards)
        return [iid for iid in cards if self.holds(seen, iid, filt)]

    def unknown_keys(self, where: str, filt: Any, extra: Iterable[str] = ()) -> list[str]:
        """Return one line per problem with a filter of card data (not a mapping, a key the game does not read)."""
        if not isinstance(filt, Mapping):
            return [f"{where}: a card filter is a mapping"]
        allowed = set(extra)
        return [f"{where}: unknown filter {key!r}" for key in filt if key not in self.keys and key not in allowed]
