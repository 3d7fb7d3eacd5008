"""Facts derived once per card library and reused by every game that plays with it."""
from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from tabletop.engine.cards import CardLibrary

T = TypeVar("T")


class PerLibrary(Generic[T]):
    """A value built from a card library once and reused while that library object lives unchanged.

    Contract: a game's library does not change once the game has started (cards are added only
    while a library is being put together), so a value built from it stays true; a library that
    gains a card after all (its `version` moved) gets the value built again. Entries are found by
    the library's identity and keep the library, so a reused id never finds a stale one.
    """

    def __init__(self, build: Callable[[CardLibrary], T], limit: int = 256) -> None:
        self._build = build
        self._limit = limit  # a library per game's card pool (AI copies of a game share it): bounded all the same
        self._entries: dict[int, tuple[CardLibrary, int, T]] = {}

    def __call__(self, library: CardLibrary) -> T:
        """Return the value for `library`, building it on first use."""
        entry = self._entries.get(id(library))
        if entry is None or entry[0] is not library or entry[1] != library.version:
            if len(self._entries) >= self._limit:
                self._entries.clear()
            entry = self._entries[id(library)] = (library, library.version, self._build(library))
        return entry[2]
