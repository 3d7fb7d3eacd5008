"""Facts derived once per card library and reused by every game that plays with it."""
from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from tabletop.engine.cards import CardLibrary

T = TypeVar("T")


def per_library(library: CardLibrary, key: Hashable, build: Callable[[CardLibrary], T]) -> T:
    """Return the value `build` makes of `library`, kept in the library under `key` while it gains no card.

    Contract: a game's library does not change once the game has started (cards are added only while a
    library is being put together), so a value built from it stays true; a library that gains a card after
    all (its `version` moved) gets the value built again. Building twice at once (two threads) is harmless.
    """
    entry = library.derived.get(key)
    if entry is None or entry[0] != library.version:
        entry = library.derived[key] = (library.version, build(library))
    return entry[1]  # type: ignore[no-any-return]


class PerLibrary(Generic[T]):
    """A value built from a card library once and kept in that library (see `per_library`)."""

    def __init__(self, build: Callable[[CardLibrary], T]) -> None:
        self._build = build

    def __call__(self, library: CardLibrary) -> T:
        """Return the value for `library`, building it on first use."""
        entry = library.derived.get(self)  # per_library, the usual case inlined: asked many times a step
        if entry is not None and entry[0] == library.version:
            return entry[1]  # type: ignore[no-any-return]
        return per_library(library, self, self._build)
