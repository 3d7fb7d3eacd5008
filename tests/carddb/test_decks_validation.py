"""Deck construction rules: the bundled decks are legal, broken variants are refused citing the rule."""
from __future__ import annotations

import dataclasses

import pytest

from carddb.bundled import bundled_lookup, load_bundled_cards, load_bundled_decks
from carddb.decks import ResolvedDeck, resolve_deck
from carddb.validation import Regulation, is_legal, validate_deck
from tabletop.engine.cards import CardDefinition


def _bundled(game: str) -> list[ResolvedDeck]:
    decks = []
    for deck in load_bundled_decks(game):
        resolved, unknown = resolve_deck(deck, bundled_lookup(game))
        assert unknown == []
        decks.append(resolved)
    return decks


def _deck(game: str, name: str) -> ResolvedDeck:
    return next(d for d in _bundled(game) if d.name == name)


def _card(game: str, card_id: str) -> CardDefinition:
    return next(c for c in load_bundled_cards(game) if c.id == card_id)


def _set_count(deck: ResolvedDeck, section: str, card_id: str, count: int) -> None:
    entries = deck.sections[section]
    for index, (_, card) in enumerate(entries):
        if card.id == card_id:
            entries[index] = (count, card)
            return
    entries.append((count, _card(deck.game, card_id)))


@pytest.mark.parametrize(
    ("game", "formats"),
    [("vanguard", {"standard": 2, "premium": 2}), ("fftcg", {"constructed": 2}), ("yugioh", {None: 2}),
     ("grand-archive", {None: 2}), ("dreadnought", {None: 2})],
)
def test_bundled_decks_are_legal(game: str, formats: dict[str | None, int]) -> None:
    decks = _bundled(game)
    found: dict[str | None, int] = {}
    for deck in decks:
        assert validate_deck(deck) == [], deck.name
        assert is_legal(deck)
        found[deck.format] = found.get(deck.format, 0) + 1
    assert found == formats


# --- FFTCG ---

def test_fftcg_constructed_needs_exactly_50() -> None:
    deck = _deck("fftcg", "Emberfall Vanguard")
    _set_count(deck, "main", "FF-001", 1)
    assert validate_deck(deck) == ["FFTCG 2.1: a Constructed deck has exactly 50 cards (this one has 48)"]


def test_fftcg_at_most_three_per_card_number() -> None:
    deck = _deck("fftcg", "Emberfall Vanguard")
    _set_count(deck, "main", "FF-001", 4)
    _set_count(deck, "main", "FF-002", 2)
    assert validate_deck(deck) == ["FFTCG 2.1: at most 3 copies of the same card number ('FF-001' has 4)"]


def test_fftcg_limited_allows_40_and_any_copies() -> None:
    deck = _deck("fftcg", "Tidewind Concord")
    _set_count(deck, "main", "FF-018", 10)
    assert validate_deck(deck, Regulation(format="limited")) == []
    small = ResolvedDeck(game="fftcg", name="s", sections={"main": [(39, _card("fftcg", "FF-018"))]})
    assert validate_deck(small, Regulation(format="limited")) == ["FFTCG 2.2: a Limited deck has at least 40 cards (this one has 39)"]


# --- Vanguard ---

def test_vanguard_standard_trigger_count() -> None:
    deck = _deck("vanguard", "Dawnlance Vow")
    _set_count(deck, "main", "VG-013", 2)  # one Front trigger fewer, one grade 2 more
    _set_count(deck, "main", "VG-003", 1)
    assert validate_deck(deck) == ["Vanguard 2.1: a deck has exactly 16 trigger units (this one has 15)"]


def test_vanguard_heal_over_and_sentinel_limits() -> None:
    deck = _deck("vanguard", "Cinderfang Ascent")
    _set_count(deck, "main", "VG-030", 2)  # draw 3 -> 2
    _set_count(deck, "main", "VG-031", 5)  # heal 4 -> 5
    problems = validate_deck(deck)
    assert "Vanguard 2.1: at most 4 Heal triggers (this deck has 5)" in problems
    assert "Vanguard 2.1: at most 4 copies of the same name ('Ashen Healer Mabe' has 5)" in problems
    deck = _deck("vanguard", "Cinderfang Ascent")
    _set_count(deck, "main", "VG-030", 2)
    _set_count(deck, "main", "VG-016", 1)  # a second Over trigger
    assert validate_deck(deck) == ["Vanguard 2.1: at most 1 Over trigger (this deck has 2)"]
    deck = _deck("vanguard", "Dawnlance Vow")
    _set_count(deck, "main", "VG-007", 3)
    deck.sections["main"].append((1, _card("vanguard", "VG-022")))  # a fifth Sentinel
    assert validate_deck(deck) == ["Vanguard 2.1: at most 4 Sentinel cards (this deck has 5)"]


def test_vanguard_standard_critical_limit_is_configurable() -> None:
    deck = _deck("vanguard", "Cinderfang Ascent")
    _set_count(deck, "main", "VG-030", 2)
    deck.sections["main"].append((1, _card("vanguard", "VG-012")))  # a ninth Critical trigger
    assert validate_deck(deck) == ["Vanguard 2.1: a Standard deck has at most 8 Critical triggers (this one has 9)"]
    assert validate_deck(deck, Regulation(standard_trigger_type_limit=None)) == []


def test_vanguard_ride_deck_needs_one_of_each_grade() -> None:
    deck = _deck("vanguard", "Dawnlance Vow")
    deck.sections["ride"][2] = (1, _card("vanguard", "VG-010"))  # grade 2 replaced by another grade 2
    _set_count(deck, "main", "VG-010", 3)
    _set_count(deck, "main", "VG-003", 1)
    assert validate_deck(deck) == []
    deck = _deck("vanguard", "Dawnlance Vow")
    deck.sections["ride"][2] = (1, _card("vanguard", "VG-008"))  # a grade 1 instead of the grade 2
    _set_count(deck, "main", "VG-008", 3)
    _set_count(deck, "main", "VG-003", 1)
    assert validate_deck(deck) == [
        "Vanguard 2.2: a Standard ride deck is one grade 0, one grade 1, one grade 2 and one grade 3 (this one has grades 0, 1, 1, 3)"
    ]


def test_vanguard_ride_deck_outside_the_50_is_a_regulation_choice() -> None:
    deck = _deck("vanguard", "Dawnlance Vow")
    assert validate_deck(deck, Regulation(ride_deck_counts_toward_main=False)) == [
        "Vanguard 2.1: a Standard deck has exactly 50 cards (this one has 46)"
    ]


def test_vanguard_premium_g_deck_rules() -> None:
    deck = _deck("vanguard", "Gearlock Dominion")
    _set_count(deck, "gzone", "VG-066", 5)
    assert validate_deck(deck) == [
        "Vanguard 2.3: a G deck has at most 16 G units (this one has 17)",
        "Vanguard 2.1: at most 4 copies of the same name ('Shellward Guardian of the Deep' has 5)",
    ]
    deck = _deck("vanguard", "Gearlock Dominion")
    deck.sections["gzone"].append((1, _card("vanguard", "VG-044")))
    assert validate_deck(deck)[0] == "Vanguard 2.3: only G units go in the G deck ('Voidlink Overmind Zerath' is a unit)"


def test_vanguard_g_units_are_not_standard_cards() -> None:
    deck = _deck("vanguard", "Dawnlance Vow")
    _set_count(deck, "main", "VG-011", 3)
    deck.sections["main"].append((1, _card("vanguard", "VG-047")))
    assert validate_deck(deck) == [
        "Vanguard 2.3: G units belong to Premium G decks; 'Chronogear Eternal Sovereign' cannot be in a Standard deck"
    ]


def test_vanguard_premium_needs_a_first_vanguard() -> None:
    deck = _deck("vanguard", "Tidebound Chorus")
    deck.sections["main"] = [(n, c) for n, c in deck.sections["main"] if c.stat("grade") > 0]
    problems = validate_deck(deck)
    assert "Vanguard 4.1: a Premium deck needs a grade 0 unit to be the first vanguard" in problems
    assert "Vanguard 2.1: a deck has exactly 16 trigger units (this one has 0)" in problems


# --- Yu-Gi-Oh! ---

def test_yugioh_main_deck_size() -> None:
    deck = _deck("yugioh", "Mirefang Hex")
    _set_count(deck, "main", "YG-021", 1)
    assert validate_deck(deck) == ["Yu-Gi-Oh! 2.1: the Main Deck has 40 to 60 cards (this one has 38)"]


def test_yugioh_extra_and_side_limits() -> None:
    deck = _deck("yugioh", "Skyforge Wardens")
    _set_count(deck, "extra", "YG-035", 3)
    _set_count(deck, "extra", "YG-036", 3)
    for card_id in ("YG-029", "YG-030", "YG-032", "YG-033"):
        _set_count(deck, "side", card_id, 3)
    assert validate_deck(deck) == ["Yu-Gi-Oh! 2.3: the Side Deck has at most 15 cards (this one has 17)"]
    _set_count(deck, "extra", "YG-037", 3)
    assert "Yu-Gi-Oh! 2.2: the Extra Deck has at most 15 cards (this one has 18)" in validate_deck(deck)


def test_yugioh_extra_deck_monsters_stay_in_the_extra_deck() -> None:
    deck = _deck("yugioh", "Skyforge Wardens")
    deck.sections["main"].append((1, _card("yugioh", "YG-036")))
    deck.sections["extra"].append((1, _card("yugioh", "YG-021")))
    assert validate_deck(deck) == [
        "Yu-Gi-Oh! 2.1: 'Mirefang Abyss Rider' is an Extra Deck monster and cannot be in the Main Deck",
        "Yu-Gi-Oh! 2.2: only Fusion, Synchro, Xyz and Link Monsters go in the Extra Deck ('Mirefang Hound')",
    ]


def test_yugioh_copies_counted_across_main_extra_and_side_and_the_limited_list() -> None:
    deck = _deck("yugioh", "Skyforge Wardens")
    _set_count(deck, "side", "YG-001", 1)
    assert validate_deck(deck) == ["Yu-Gi-Oh! 2.5: at most 3 copies of the same name ('Skyforge Squire' has 4)"]
    deck = _deck("yugioh", "Mirefang Hex")
    assert validate_deck(deck, Regulation(limits={"Hex of the Mire": 1})) == [
        "Yu-Gi-Oh! 2.5: at most 1 copy of the same name ('Hex of the Mire' has 3)"
    ]


def test_yugioh_tokens_never_in_a_deck() -> None:
    deck = _deck("yugioh", "Mirefang Hex")
    deck.sections["main"].append((1, _card("yugioh", "YG-039")))
    assert validate_deck(deck) == ["Yu-Gi-Oh! 2.4: Tokens can never be in a deck ('Mire Spawn Token')"]


# --- Grand Archive ---

def test_grand_archive_main_deck_size_and_copies() -> None:
    deck = _deck("grand-archive", "Ashen Crusade")
    _set_count(deck, "main", "GA-009", 3)
    assert validate_deck(deck) == ["Grand Archive 2.1: the main deck has at least 60 cards (this one has 59)"]
    _set_count(deck, "main", "GA-010", 5)
    assert validate_deck(deck) == ["Grand Archive 2.1: at most 4 copies of the same name ('Shieldbearer Garrow' has 5)"]


def test_grand_archive_material_deck_rules() -> None:
    deck = _deck("grand-archive", "Starlit Archive")
    deck.sections["material"] = [(n, c) for n, c in deck.sections["material"] if c.id != "GA-024"]
    assert validate_deck(deck) == ["Grand Archive 2.2: the material deck needs at least one Level 0 champion"]
    deck = _deck("grand-archive", "Starlit Archive")
    deck.sections["material"].append((1, _card("grand-archive", "GA-006")))  # a second Divine Relic
    assert validate_deck(deck) == ["Grand Archive 2.3: the material deck may hold only one Divine Relic (this one has 2)"]
    deck = _deck("grand-archive", "Starlit Archive")
    _set_count(deck, "material", "GA-029", 2)
    deck.sections["material"].append((1, _card("grand-archive", "GA-039")))
    assert validate_deck(deck) == [
        "Grand Archive 2.2: at most 1 copy of the same name ('Moonwater Staff' has 2)",
        "Grand Archive 2.2: only champions and regalia go in the material deck ('Arcane Missile')",
    ]


def test_grand_archive_sideboard_points() -> None:
    deck = _deck("grand-archive", "Ashen Crusade")
    deck.sections["side"] = [(4, _card("grand-archive", "GA-026")), (4, _card("grand-archive", "GA-031"))]
    assert validate_deck(deck) == ["Grand Archive 2.4: the sideboard is worth at most 15 points (this one is worth 16)"]


# --- DreadNought ---

def test_dreadnought_casters_must_differ() -> None:
    deck = _deck("dreadnought", "Verdant Stampede")
    deck.sections["casters"] = [(2, _card("dreadnought", "DN-016"))]
    assert validate_deck(deck) == ["DreadNought 2.1: the two casters have different names (both are 'Grove Matron Ishara')"]


def test_dreadnought_deck_size_copies_and_own_copy_limit() -> None:
    deck = _deck("dreadnought", "Verdant Stampede")
    _set_count(deck, "main", "DN-023", 7)
    _set_count(deck, "main", "DN-018", 3)
    assert validate_deck(deck) == ["DreadNought 2.2: at most 6 copies of the same name ('Seedling Swarm' has 7)"]
    deck = _deck("dreadnought", "Crimson Tide Pact")
    _set_count(deck, "main", "DN-003", 5)
    assert validate_deck(deck) == [
        "DreadNought 2.2: the deck has exactly 50 cards (this one has 51)",
        "DreadNought 2.2: at most 4 copies of the same name ('Flame Pup' has 5)",
    ]


def test_dreadnought_cluster_condition() -> None:
    deck = _deck("dreadnought", "Crimson Tide Pact")
    _set_count(deck, "main", "DN-003", 3)
    deck.sections["main"].append((1, _card("dreadnought", "DN-020")))  # shows green green
    assert validate_deck(deck) == ["DreadNought 2.3: 'Ancient Treant' shows 2 green cluster symbol(s) but the casters allow 0"]
    deck = _deck("dreadnought", "Verdant Stampede")  # green + green casters: a green-green card is fine
    assert validate_deck(deck) == []
    blue_red = dataclasses.replace(_card("dreadnought", "DN-001"))
    deck.sections["casters"] = [(1, blue_red), (1, _card("dreadnought", "DN-017"))]
    problems = validate_deck(deck)
    assert "DreadNought 2.3: 'Ancient Treant' shows 2 green cluster symbol(s) but the casters allow 1" in problems


def test_unknown_sections_are_refused() -> None:
    deck = _deck("fftcg", "Emberfall Vanguard")
    deck.sections["extra"] = [(1, _card("fftcg", "FF-001"))]
    assert validate_deck(deck)[0] == "FFTCG 2.1: a FFTCG deck has no 'extra' section (it has main)"


def test_cards_in_the_importers_conventions_are_understood() -> None:
    """The YGOPro importer writes type "monster" with type words; the Vanguard importers "trigger unit"."""
    imported_fusion = CardDefinition(id="1", game="yugioh", name="Imported Fusion", card_type="monster",
                                     attributes={"types": ["monster", "effect", "fusion"]})
    imported_token = CardDefinition(id="2", game="yugioh", name="Imported Token", card_type="monster",
                                    attributes={"types": ["monster", "token"]})
    deck = _deck("yugioh", "Mirefang Hex")
    deck.sections["main"] += [(1, imported_fusion), (1, imported_token)]
    assert validate_deck(deck) == [
        "Yu-Gi-Oh! 2.1: 'Imported Fusion' is an Extra Deck monster and cannot be in the Main Deck",
        "Yu-Gi-Oh! 2.4: Tokens can never be in a deck ('Imported Token')",
    ]
    heal = CardDefinition(id="V-1", game="vanguard", name="Imported Heal", card_type="trigger unit",
                          stats={"grade": 0}, attributes={"trigger": "heal"})
    deck = _deck("vanguard", "Tidebound Chorus")
    _set_count(deck, "main", "VG-054", 3)
    deck.sections["main"].append((2, heal))
    _set_count(deck, "main", "VG-053", 3)
    assert validate_deck(deck) == ["Vanguard 2.1: at most 4 Heal triggers (this deck has 5)"]
