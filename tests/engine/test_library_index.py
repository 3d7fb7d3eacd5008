"""PerLibrary: a value built once per card library."""
from __future__ import annotations

import gc
import weakref

from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.library_index import PerLibrary
from tabletop.engine.rules import GameConfig
from tabletop.games import find_game


def _library() -> CardLibrary:
    return CardLibrary([CardDefinition(id="a", game="freeform", name="A", card_type="card")])


def test_a_value_is_built_once_per_library_object() -> None:
    built: list[CardLibrary] = []
    index = PerLibrary(lambda library: built.append(library) or len(built))
    first, second = _library(), _library()
    assert index(first) == 1 and index(first) == 1
    assert index(second) == 2  # equal contents, another library: its own value
    assert built == [first, second]


def test_a_value_lives_and_dies_with_its_library() -> None:
    """No cache outside the library: nothing is kept once a game's library is gone, nothing shared by two."""
    class Value:
        pass

    index = PerLibrary(lambda library: Value())
    library = _library()
    gone = weakref.ref(index(library))
    del library
    gc.collect()
    assert gone() is None


def test_a_library_that_gains_a_card_gets_its_value_built_again() -> None:
    index = PerLibrary(lambda library: sorted(library))
    library = _library()
    assert index(library) == ["a"]
    library.add(CardDefinition(id="b", game="freeform", name="B", card_type="card"))
    assert index(library) == ["a", "b"]


def test_tables_started_from_one_library_share_its_copy_with_the_filler_card() -> None:
    rules = find_game("freeform")
    library = _library()
    first = rules.create_state(GameConfig("freeform"), library)
    second = rules.create_state(GameConfig("freeform", seed=2), library)
    assert first.library is second.library and "filler" in first.library and "filler" not in library
    library.add(CardDefinition(id="b", game="freeform", name="B", card_type="card"))
    assert "b" in rules.create_state(GameConfig("freeform"), library).library
