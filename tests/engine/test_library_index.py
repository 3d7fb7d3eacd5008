"""PerLibrary: a value built once per card library."""
from __future__ import annotations

from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.library_index import PerLibrary


def _library() -> CardLibrary:
    return CardLibrary([CardDefinition(id="a", game="freeform", name="A", card_type="card")])


def test_a_value_is_built_once_per_library_object() -> None:
    built: list[CardLibrary] = []
    index = PerLibrary(lambda library: built.append(library) or len(built))
    first, second = _library(), _library()
    assert index(first) == 1 and index(first) == 1
    assert index(second) == 2  # equal contents, another library: its own value
    assert built == [first, second]


def test_the_cache_stays_bounded() -> None:
    index = PerLibrary(lambda library: object(), limit=3)
    libraries = [_library() for _ in range(5)]
    values = [index(library) for library in libraries]
    assert len(index._entries) <= 3
    assert index(libraries[-1]) is values[-1]
