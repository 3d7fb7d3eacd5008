"""Search by words of name and text, with filters a deck builder uses."""
from __future__ import annotations

import pytest

from carddb.database import CardDatabase
from tabletop.engine.cards import CardDefinition


def _card(code: str, name: str, **fields: object) -> CardDefinition:
    base = {"id": code, "game": "fftcg", "name": name, "card_type": "forward", "cost": 3,
            "stats": {"power": 7000}, "text": "", "keywords": {}, "attributes": {"element": ["Fire"]}}
    return CardDefinition(**{**base, **fields})  # type: ignore[arg-type]


@pytest.fixture
def cards(db: CardDatabase) -> CardDatabase:
    """A database with a handful of invented cards of two games."""
    db.upsert_cards([
        _card("1", "Flame Knight", text="When Flame Knight enters the field, deal 2000 damage.", keywords={"haste": True}),
        _card("2", "Frost Archer", cost=2, stats={"power": 5000}, attributes={"element": ["Ice"]}, text="Haste"),
        _card("3", "Twin Blade", cost=5, stats={"power": 9000}, attributes={"element": ["Fire", "Ice"]},
              keywords={"brave": True}),
        _card("4", "Knight Captain", card_type="backup", cost=4, stats={}, text="Forwards gain +1000 power."),
        CardDefinition(id="900", game="yugioh", name="Knight of Test", card_type="monster",
                       stats={"atk": 1800, "def": 1200, "level": 4}, attributes={"attribute": "LIGHT"}),
    ])
    return db


def _codes(found: list[CardDefinition]) -> list[str]:
    return [card.id for card in found]


def test_words_match_as_prefixes_in_name_or_text(cards: CardDatabase) -> None:
    assert set(_codes(cards.search("knig", game="fftcg"))) == {"1", "4"}
    assert _codes(cards.search("forwards gain")) == ["4"]
    assert _codes(cards.search("flame dam")) == ["1"]
    assert set(_codes(cards.search("knight"))) == {"1", "4", "900"}


def test_typed_punctuation_is_not_query_syntax(cards: CardDatabase) -> None:
    assert set(_codes(cards.search("knight!! ("))) == {"1", "4", "900"}
    assert cards.search('"knight" OR (NOT') == []  # every word must appear, "or" and "not" included
    assert cards.search("***") == []


def test_filters_on_common_fields(cards: CardDatabase) -> None:
    assert _codes(cards.search(game="fftcg", card_type="backup")) == ["4"]
    assert set(_codes(cards.search(game="fftcg", cost_min=3, cost_max=4))) == {"1", "4"}
    assert _codes(cards.search(keyword="brave")) == ["3"]


def test_filters_on_list_attributes_and_stats(cards: CardDatabase) -> None:
    assert set(_codes(cards.search(element="ice"))) == {"2", "3"}
    assert _codes(cards.search(element="fire", stats={"power": (8000, None)})) == ["3"]
    assert _codes(cards.search("knight", attribute="light", stats={"atk": (1000, 2000)})) == ["900"]


def test_search_follows_updates(cards: CardDatabase) -> None:
    cards.upsert_cards([_card("2", "Frost Archer", cost=2, stats={"power": 9500}, attributes={"element": ["Water"]})])
    assert _codes(cards.search(element="ice")) == ["3"]
    assert _codes(cards.search(stats={"power": (9500, 9500)})) == ["2"]
    assert _codes(cards.search("frost")) == ["2"]


def test_a_bad_filter_name_is_refused(cards: CardDatabase) -> None:
    with pytest.raises(ValueError, match="not a field name"):
        cards.search(stats={"atk); DROP": (1, 2)})
