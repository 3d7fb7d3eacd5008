"""Imported cards are compiled once, kept compiled in the database, compiled again by a newer compiler; coverage."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from carddb.bundled import load_bundled_cards
from carddb.database import CardDatabase
from carddb.importing import import_files
from tabletop.app.cli import main
from tabletop.engine.text_compilation import BY_HAND, COMPILED_BY
from tabletop.games.fftcg.text_compiler import COMPILER_VERSION

RECORDS = [
    {"id": "98-001H", "name": "Test Duelist", "element": "fire", "type": "forward", "cost": 3, "power": 7000,
     "job": "Tester", "text": "Haste[[br]]   When Test Duelist enters the field, choose 1 Forward opponent controls. "
                              "Deal it 3000 damage."},
    {"id": "98-002R", "name": "Test Bard", "element": "wind", "type": "forward", "cost": 2, "power": 5000,
     "job": "Bard", "text": "《ダル》: Draw 1 card.[[br]]   Test Bard sings 2 songs at once."},
    {"id": "98-003C", "name": "Test Clerk", "element": "ice", "type": "backup", "cost": 2, "job": "Clerk",
     "text": ""},
]


def _source(tmp_path: Path) -> Path:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(RECORDS), encoding="utf-8")
    return path


def test_an_import_stores_the_compiled_effects_and_what_stays_by_hand(db: CardDatabase, tmp_path: Path) -> None:
    import_files(db, "fftcg-json", [_source(tmp_path)])
    duelist, bard = db.card("fftcg", "98-001H"), db.card("fftcg", "98-002R")
    assert duelist.effects == ({"trigger": "enters_field", "target": {"type": "forward", "controller": "opponent"},
                                "effect": "deal_damage", "amount": 3000},)
    assert duelist.has_keyword("haste") and BY_HAND not in duelist.attributes
    assert duelist.attributes[COMPILED_BY] == COMPILER_VERSION
    assert bard.effects == ({"kind": "action", "cost": {"dull": True}, "effect": "draw", "count": 1},)
    assert bard.attributes[BY_HAND] == ["Test Bard sings 2 songs at once."]


def test_a_card_compiled_by_an_older_compiler_is_compiled_again_and_stored(db: CardDatabase, tmp_path: Path) -> None:
    import_files(db, "fftcg-json", [_source(tmp_path)])
    with sqlite3.connect(db.path) as connection:  # as an older compiler left it: no effects, an older version
        connection.execute("UPDATE cards SET effects = '[]', attributes = json_set(attributes, '$.compiled_by', "
                           "'fftcg-0') WHERE code = '98-001H'")
    assert db.library("fftcg")["98-001H"].effects[0]["effect"] == "deal_damage"
    with sqlite3.connect(db.path) as connection:
        stored = connection.execute("SELECT effects, json_extract(attributes, '$.compiled_by') FROM cards "
                                    "WHERE code = '98-001H'").fetchone()
    assert json.loads(stored[0])[0]["amount"] == 3000 and stored[1] == COMPILER_VERSION


def test_hand_written_effects_are_never_replaced_by_compiled_ones(db: CardDatabase) -> None:
    bundled = next(c for c in load_bundled_cards("vanguard") if c.effects)
    db.upsert_cards([bundled])
    assert db.library("vanguard")[bundled.id].effects == bundled.effects


def test_db_coverage_counts_by_card_type_and_lists_the_clauses_not_compiled(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "cards.sqlite3"
    assert main(["db", "import", "fftcg-json", str(_source(tmp_path)), "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["db", "coverage", "--game", "fftcg", "--db", str(db)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("fftcg: 2 of 3 cards fully enforced")  # the bundled set beside them is not imported
    assert "  backup           1 of     1  100.0%" in out and "  forward          1 of     2   50.0%" in out
    assert out[-1] == "      1  <name> sings N songs at once"
    assert main(["db", "coverage", "--game", "yugioh", "--db", str(db)]) == 0
    assert capsys.readouterr().out == "Yu-Gi-Oh! has no card-text compiler: its cards' abilities are all played by hand\n"
