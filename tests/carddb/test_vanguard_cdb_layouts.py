"""Vanguard cards.cdb files of other projects decode by their layout's definitions: grades, triggers, shields,
skills, orders; rules entries, tokens and crests are no deck card, and a deck listing one is read without it."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from carddb.database import CardDatabase
from carddb.decks.opening import open_deck
from carddb.errors import CardDatabaseError
from carddb.importing import import_files
from tabletop.games.vanguard import facts
from tests.carddb.conftest import make_cdb

# The YGOPro-types layout (VGDPro): (id, ot, alias, setcode, type, atk, def, level, race, attribute, category).
CRITICAL_SCALES = (1 << 24) | (1 << 16)
TYPES_DATAS = [
    (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),                                         # the rules entry
    (2, 0, 0, 0, 0x21, 5000, 15000, 1 | CRITICAL_SCALES, 0x2, 0x2, 0),         # grade 0 critical trigger, boost
    (3, 0, 0, 0, 0x21, 13000, -2, 4 | CRITICAL_SCALES, 0x1, 0x10 | 0x20, 0),    # grade 3, no shield, twin drive
    (4, 0, 0, 0, 0x11, 10000, 5000, 3 | CRITICAL_SCALES, 0x1, 0x4, 0),          # grade 2 vanilla, intercept
    (5, 0, 0, 0, 0x21, 5000, 20000, 1 | CRITICAL_SCALES, 0x8, 0x2, 0),         # heal trigger
    (6, 0, 0, 0, 0x10002, 0, 0, 1, 0, 0, 0),                                    # blitz order, grade 0
    (7, 0, 0, 0, 0x20002, 0, 0, 2, 0, 0, 0),                                    # set order, grade 1
    (8, 0, 0, 0, 0x2, 0, 0, 1, 0, 0, 0),                                        # normal order
    (9, 0, 0, 0, 0x100044, 0, 0, 0, 0, 0, 0),                                   # a crest
    (10, 0, 0, 0, 0x4011, 5000, 0, 1, 0x1, 0, 0),                               # a token
    (11, 0, 0, 0, 0x21, 12000, -2, 5 | (2 << 24) | (2 << 16), 0x1, 0x8, 0),    # grade 4, critical 2, triple drive
    (12, 0, 0, 0, 0x4, 0, 0, 0, 0, 0, 0),                                       # a gift marker
]
TYPES_TEXTS = [(row[0], name, desc) for row, (name, desc) in zip(TYPES_DATAS, [
    ("Rules", ""), ("Test Spark", "Nation: Dragon Empire\nTrigger text."), ("Test Lord", "[AUTO](VC): Do it."),
    ("Test Wall", ""), ("Test Mender", ""), ("Test Blitz", "Guard."), ("Test Banner", "Stays."),
    ("Test Order", "Draw."), ("Test Crest", "Energy."), ("Test Token", ""), ("Test Stride", ""),
    ("Test Force Marker", "Gift."),
])]


def test_the_ygopro_types_layout_decodes_by_its_definitions(db: CardDatabase, tmp_path: Path) -> None:
    summary = import_files(db, "vanguard-cdb", [make_cdb(tmp_path / "d.cdb", TYPES_DATAS, TYPES_TEXTS)])
    assert summary.added == 8
    assert {s.label: s.reason for s in summary.skipped} == {
        "1 Rules": "the rules entry (type 0x0): no card",
        "9 Test Crest": "a crest (type 0x100044): this client's Vanguard rules do not use crests",
        "10 Test Token": "a token (type 0x4011): made by abilities, no deck card",
        "12 Test Force Marker": "a marker (type 0x4): neither a unit nor an order",
    }
    spark, lord, wall, mender = (db.card("vanguard", code) for code in "2345")
    assert spark.card_type == "trigger unit" and facts.trigger(spark) == "critical" and facts.grade(spark) == 0
    assert spark.stats == {"grade": 0, "power": 5000, "shield": 15000, "critical": 1}
    assert facts.has_skill(spark, "boost") and spark.attributes["nation"] == "Dragon Empire"
    assert lord.card_type == "normal unit" and facts.trigger(lord) is None
    assert lord.stats == {"grade": 3, "power": 13000, "critical": 1}   # no shield printed
    assert facts.drive(lord) == 2 and lord.has_keyword("persona ride")
    assert wall.stats["grade"] == 2 and facts.has_skill(wall, "intercept") and facts.trigger(wall) is None
    assert facts.trigger(mender) == "heal"
    stride = db.card("vanguard", "11")
    assert stride.stats["grade"] == 4 and facts.critical(stride) == 2 and facts.drive(stride) == 3
    orders = {code: db.card("vanguard", code) for code in "678"}
    assert {code: (c.card_type, c.stats["grade"]) for code, c in orders.items()} == {
        "6": ("blitz order", 0), "7": ("set order", 1), "8": ("normal order", 0)}
    assert all(facts.kind(c) == "order" for c in orders.values())


def test_a_grade_out_of_range_is_skipped_with_its_reason(db: CardDatabase, tmp_path: Path) -> None:
    datas = [*TYPES_DATAS[1:5], (12, 0, 0, 0, 0x21, 5000, 5000, 0, 0x1, 0x2, 0)]
    texts = [*TYPES_TEXTS[1:5], (12, "Test Levelless", "")]
    summary = import_files(db, "vanguard-cdb", [make_cdb(tmp_path / "d.cdb", datas, texts)])
    assert [(s.label, s.reason) for s in summary.skipped] == [
        ("12 Test Levelless", "level 0 is no grade (grade + 1 is stored: 1 to 6)")]


def test_a_deck_listing_the_rules_entry_is_read_without_it_and_says_so(db: CardDatabase, tmp_path: Path) -> None:
    import_files(db, "vanguard-cdb", [make_cdb(tmp_path / "d.cdb", TYPES_DATAS, TYPES_TEXTS)])
    deck = tmp_path / "deck.ydk"
    deck.write_text("#main\n2\n2\n3\n1\n12\n#extra\n!side\n", encoding="utf-8")
    resolved = open_deck(deck, "vanguard", db)
    assert [card.id for card in resolved.cards()] == ["2", "2", "3"]
    assert resolved.notes == [
        "left out '1' (1x in main): it is the rules entry 'Rules' of the card file, not a card",
        "left out '12' (1x in main): it is a marker 'Test Force Marker' of the card file, not a card"]


def test_the_cli_says_which_entry_it_left_out(db: CardDatabase, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop.app.cli import main

    import_files(db, "vanguard-cdb", [make_cdb(tmp_path / "d.cdb", TYPES_DATAS, TYPES_TEXTS)])
    deck = tmp_path / "deck.ydk"
    deck.write_text("#main\n2\n3\n1\n", encoding="utf-8")
    assert main(["goldfish", str(deck), "--game", "vanguard", "--db", str(db.path)]) == 0
    assert f"tabletop: {deck}: left out '1' (1x in main): it is the rules entry 'Rules'" in capsys.readouterr().err


def _real_cdbs(carddata: Path) -> list[Path]:
    found = sorted(carddata.rglob("*.cdb"))
    assert found, "no cards.cdb under ../shared/carddata"
    return found


def test_every_real_cdb_decodes_to_plausible_vanguard_cards_or_is_refused(db: CardDatabase, carddata: Path) -> None:
    """Known facts of Vanguard cards, checked on every cards.cdb the real-data folder holds: a Vanguard one
    decodes to grades 0-5, shields of 0 or a multiple of 5000, powers in thousands, known trigger icons;
    any other (a Yu-Gi-Oh! one) is refused whole."""
    vanguard_files = 0
    for path in _real_cdbs(carddata):
        try:
            summary = import_files(db, "vanguard-cdb", [path])
        except CardDatabaseError as error:
            assert "is not a Vanguard cards.cdb" in str(error) and "yugioh" in str(path), str(error)
            continue
        vanguard_files += 1
        assert summary.added >= 100, f"{path}: {summary.lines()}"
    assert vanguard_files >= 1
    cards = list(db.library("vanguard").values())
    assert cards
    for card in cards:
        grade = facts.grade(card)
        assert grade in range(0, 6), f"{card.id} {card.name}: grade {grade}"
        if facts.kind(card) != "unit":
            continue
        assert card.stats["power"] % 1000 == 0 and card.stats["power"] >= 1000, f"{card.id}: power"
        shield = card.stats.get("shield", 0)
        assert shield >= 0 and shield % 5000 == 0, f"{card.id} {card.name}: shield {shield}"
        assert (card.card_type == "trigger unit") == (facts.trigger(card) is not None), f"{card.id} {card.name}"
        if facts.trigger(card) is not None:
            assert grade == 0, f"{card.id} {card.name}: a trigger of grade {grade}"


def test_the_real_trial_decks_have_the_triggers_a_deck_holds(db: CardDatabase, carddata: Path) -> None:
    for path in _real_cdbs(carddata):
        if "vanguard" in path.parts:
            import_files(db, "vanguard-cdb", [path])
    decks = sorted((carddata / "vanguard" / "decks").glob("*.ydk"))
    assert decks
    for deck in decks:
        resolved = open_deck(deck, "vanguard", db)
        assert resolved.count("main") == 50, deck.name
        assert len(resolved.notes) == 1 and "rules entry" in resolved.notes[0]
        triggers = Counter(facts.trigger(card) for card in resolved.cards("main") if facts.trigger(card))
        assert sum(triggers.values()) == 16, f"{deck.name}: {triggers}"
        assert triggers["heal"] <= 4, f"{deck.name}: {triggers}"
        grades = Counter(facts.grade(card) for card in resolved.cards("main"))
        assert all(grades[g] > 0 for g in range(4)), f"{deck.name}: {grades}"
