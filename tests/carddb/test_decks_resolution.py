"""Resolving deck references against a card lookup: nothing unknown is dropped in silence."""
from __future__ import annotations

from carddb.decks import CardRef, DeckList, library_lookup, resolve_deck
from tabletop.engine.cards import CardDefinition

CARDS = [
    CardDefinition(id="YG-001", game="yugioh", name="Skyforge Squire", card_type="normal_monster", attributes={"passcode": 710000001}),
    CardDefinition(id="YG-002", game="yugioh", name="Skyforge Tinkerer", card_type="effect_monster", attributes={"passcode": 710000002}),
]


def _deck() -> DeckList:
    deck = DeckList(game="yugioh", name="t")
    deck.add("main", 3, CardRef(code="710000001"))
    deck.add("main", 2, CardRef(name="skyforge tinkerer"))  # case-insensitive name
    deck.add("main", 1, CardRef(name="Skyforge Squire", code="999"))  # unknown code, known name
    deck.add("side", 2, CardRef(name="Nobody Knows Me", code="12345"))
    deck.add("extra", 1, CardRef(code="777"))
    return deck


def test_references_resolve_by_code_then_by_name() -> None:
    resolved, unknown = resolve_deck(_deck(), library_lookup(CARDS))
    assert [(n, c.id) for n, c in resolved.sections["main"]] == [(4, "YG-001"), (2, "YG-002")]
    assert resolved.count("main") == 6
    assert [c.id for c in resolved.cards("main")].count("YG-001") == 4


def test_every_unknown_reference_is_reported_with_name_or_id() -> None:
    resolved, unknown = resolve_deck(_deck(), library_lookup(CARDS))
    assert [u.describe() for u in unknown] == [
        "unknown card 'Nobody Knows Me (12345)' (2x in side)",
        "unknown card '777' (1x in extra)",
    ]
    assert "side" not in resolved.sections


def test_lookup_finds_ids_too() -> None:
    lookup = library_lookup(CARDS)
    assert lookup("YG-002") is CARDS[1]
    assert lookup("nothing") is None
