"""Bad sources give one line naming the file, and a failed import leaves the database as it was."""
from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

import carddb.upsert
from carddb.bundled import BundledDataError, load_card_file
from carddb.database import CardDatabase
from carddb.errors import CardDatabaseError
from carddb.importing import import_files
from tests.carddb.conftest import TINY_DATAS, TINY_TEXTS, make_cdb


def _state(db: CardDatabase) -> tuple[str, int, int]:
    """A fingerprint of the stored cards and import runs."""
    with db.engine.connect() as connection:
        rows = connection.exec_driver_sql(
            "SELECT game, code, name, stats, attributes, text FROM cards ORDER BY game, code"
        ).all()
        runs = connection.exec_driver_sql("SELECT count(*) FROM import_runs").scalar_one()
        facets = connection.exec_driver_sql("SELECT count(*) FROM card_facets").scalar_one()
    return hashlib.sha256(repr(rows).encode()).hexdigest(), runs, facets


@pytest.fixture
def filled(db: CardDatabase, tmp_path: Path) -> CardDatabase:
    """A database that already holds the tiny Yu-Gi-Oh! set."""
    folder = tmp_path / "ok"
    folder.mkdir()
    import_files(db, "ygopro-cdb", [make_cdb(folder / "cards.cdb", TINY_DATAS, TINY_TEXTS)])
    return db


def _one_line_naming(error: CardDatabaseError, path: Path) -> str:
    message = str(error)
    assert "\n" not in message and message.startswith(f"{path}: ")
    return message


def test_a_file_that_is_not_sqlite_given_as_cdb(filled: CardDatabase, tmp_path: Path) -> None:
    before = _state(filled)
    path = tmp_path / "cards.cdb"
    path.write_text("#main\n123\n")
    with pytest.raises(CardDatabaseError) as caught:
        import_files(filled, "ygopro-cdb", [path])
    assert "not a SQLite cards.cdb" in _one_line_naming(caught.value, path)
    assert _state(filled) == before


def test_a_cdb_missing_its_texts_table(filled: CardDatabase, tmp_path: Path) -> None:
    before = _state(filled)
    path = tmp_path / "half.cdb"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE datas(id, ot, alias, setcode, type, atk, def, level, race, attribute, category)")
        connection.execute("INSERT INTO datas VALUES (1, 3, 0, 0, 1, 0, 0, 1, 1, 1, 0)")
    with pytest.raises(CardDatabaseError) as caught:
        import_files(filled, "ygopro-cdb", [path])
    assert "has no table 'texts'" in _one_line_naming(caught.value, path)
    assert _state(filled) == before


def test_truncated_json(filled: CardDatabase, tmp_path: Path) -> None:
    before = _state(filled)
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([{"id": "1-001H", "name": "A", "element": "fire", "type": "forward", "cost": 1}])[:40])
    for format in ("fftcg-json", "vanguard-json", "ga-csv"):
        with pytest.raises(CardDatabaseError) as caught:
            import_files(filled, format, [path])
        assert "is not valid JSON" in _one_line_naming(caught.value, path)
    assert _state(filled) == before


def test_csv_with_wrong_headers(filled: CardDatabase, tmp_path: Path) -> None:
    before = _state(filled)
    path = tmp_path / "effects.csv"
    path.write_text("id,title,text\n1,A,B\n", encoding="utf-8")
    with pytest.raises(CardDatabaseError) as caught:
        import_files(filled, "ga-csv", [path])
    message = _one_line_naming(caught.value, path)
    assert "lacks column(s) slug, name, effect_raw" in message and "found id,title,text" in message
    assert _state(filled) == before


def test_a_failure_while_writing_rolls_everything_back(
    filled: CardDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _state(filled)
    datas = [(row[0], *row[1:5], row[5] + 100, *row[6:]) for row in TINY_DATAS]
    newer = make_cdb(tmp_path / "newer.cdb", datas + [(200, 3, 0, 0, 0x2, 0, 0, 0, 0, 0, 0)],
                     TINY_TEXTS + [(200, "Extra", "x")])
    real_mark = carddb.upsert.mark_printings
    calls = {"n": 0}

    def mark_then_fail(*args: object) -> None:  # the inserts and updates ran, then the last step blows up
        calls["n"] += 1
        real_mark(*args)  # type: ignore[arg-type]
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(carddb.upsert, "mark_printings", mark_then_fail)
    with pytest.raises(RuntimeError, match="disk on fire"):
        import_files(filled, "ygopro-cdb", [newer])
    assert calls["n"] == 1
    assert _state(filled) == before


def test_an_unreadable_damaged_database(tmp_path: Path) -> None:
    from carddb.database import open_database

    path = tmp_path / "cards.sqlite3"
    path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    with pytest.raises(CardDatabaseError) as caught:
        open_database(path)
    assert "damaged" in _one_line_naming(caught.value, path)


@pytest.mark.parametrize(("game", "card", "wanted"), [
    ("vanguard", '{id: VG-901, name: "Typo Knight", type: unit, grade: 1, power: 8000, shield: 5000, critical: 1, '
                 'nation: Keter Sanctuary, format: standard, effects: [{kind: auto, when: attacks, '
                 'do: [{effect: draw, cuont: 1}]}]}',
     "card #1 (VG-901): card 'VG-901': effects[0].do[0]: effect 'draw' has no parameter 'cuont'"),
    ("fftcg", '{id: FF-901, name: "Typo Mage", type: forward, cost: 2, power: 5000, element: [fire], job: Mage, '
              'category: [Tabletop], effects: [{trigger: enters_field, effect: draw, count: "two"}]}',
     "card #1 (FF-901): card 'FF-901': effects[0]: draw 'count' must be a whole number"),
])
def test_a_typo_in_a_cards_effect_is_a_load_error_naming_the_card(tmp_path: Path, game: str, card: str,
                                                                   wanted: str) -> None:
    """Card behaviour is checked against the game's effect vocabulary when the card file is read, not mid-game."""
    path = tmp_path / "set.yaml"
    path.write_text(f"game: {game}\nset: Typos\ncards:\n- {card}\n", encoding="utf-8")
    with pytest.raises(BundledDataError) as refused:
        load_card_file(path, game)
    assert str(refused.value) == f"{path}: {wanted}"
