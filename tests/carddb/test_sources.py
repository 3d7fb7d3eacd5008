"""Every card remembers its sources; an older file never silently overwrites a newer one's cards."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from carddb.database import CardDatabase
from carddb.importing import import_files
from tabletop.app.cli import main
from tests.carddb.conftest import TINY_DATAS, TINY_TEXTS, make_cdb

OLD_DAY = 1_585_526_400  # 2020-03-30
NEW_DAY = 1_700_000_000  # 2023-11-14


def _cdb(path: Path, texts: list[tuple], day: int, datas: list[tuple] = TINY_DATAS) -> Path:
    make_cdb(path, datas, texts)
    os.utime(path, (day, day))
    return path


@pytest.fixture
def two_files(tmp_path: Path) -> tuple[Path, Path]:
    """An older cards.cdb, and a newer one that reworded card 100 and lost card 105."""
    older = _cdb(tmp_path / "older.cdb", TINY_TEXTS, OLD_DAY)
    texts = [(100, "Test Wyrm of Night", "Reworded.")] + [t for t in TINY_TEXTS[1:] if t[0] != 105]
    newer = _cdb(tmp_path / "newer.cdb", texts, NEW_DAY, [d for d in TINY_DATAS if d[0] != 105])
    return older, newer


def test_an_older_file_imported_last_does_not_overwrite_the_newer(db: CardDatabase, two_files: tuple[Path, Path]) -> None:
    older, newer = two_files
    import_files(db, "ygopro-cdb", [newer])
    summary = import_files(db, "ygopro-cdb", [older])
    assert db.card("yugioh", "100").text == "Reworded."
    assert db.card("yugioh", "105").name == "Stop Trap"  # only the older file has it
    assert (summary.added, summary.updated) == (1, 0)
    assert any("5 card(s) also in newer.cdb: its version stays" in note for note in summary.notes)
    assert db.card_sources("yugioh", "100") == [(str(newer.resolve()), "ygopro-cdb"), (str(older.resolve()), "ygopro-cdb")]


def test_priority_overrides_the_file_date(db: CardDatabase, two_files: tuple[Path, Path]) -> None:
    older, newer = two_files
    import_files(db, "ygopro-cdb", [newer])
    import_files(db, "ygopro-cdb", [older], priority=5)
    assert db.card("yugioh", "100").text == "When this card is summoned: draw 1 card."


def test_removing_a_source_gives_back_the_other_version_and_deletes_its_own_cards(
    db: CardDatabase, two_files: tuple[Path, Path]
) -> None:
    older, newer = two_files
    import_files(db, "ygopro-cdb", [older])
    import_files(db, "ygopro-cdb", [newer])
    assert db.remove_source("older.cdb") == (str(older.resolve()), 1, 0)
    assert db.search("stop trap") == []
    assert db.remove_source(str(newer)) == (str(newer.resolve()), 5, 0)
    assert db.library("yugioh") == {}
    import_files(db, "ygopro-cdb", [older])  # a removed source is not "already imported"
    assert len(db.library("yugioh")) == 6


def test_removing_the_winner_restores_the_loser(db: CardDatabase, two_files: tuple[Path, Path]) -> None:
    older, newer = two_files
    import_files(db, "ygopro-cdb", [older])
    import_files(db, "ygopro-cdb", [newer])
    assert db.remove_source("newer.cdb")[1:] == (0, 1)  # only card 100 differed
    assert db.card("yugioh", "100").text == "When this card is summoned: draw 1 card."
    assert [card.id for card in db.search("draw")] == ["100"]


def test_replace_drops_the_cards_a_newer_file_no_longer_has(db: CardDatabase, tmp_path: Path) -> None:
    path = _cdb(tmp_path / "cards.cdb", TINY_TEXTS, OLD_DAY)
    import_files(db, "ygopro-cdb", [path])
    path.unlink()
    _cdb(path, TINY_TEXTS[:4], NEW_DAY, TINY_DATAS[:4])
    kept = import_files(db, "ygopro-cdb", [path])
    assert len(db.library("yugioh")) == 6 and kept.added == 0  # without --replace the source keeps its cards
    path.unlink()
    _cdb(path, TINY_TEXTS[:3], NEW_DAY + 1, TINY_DATAS[:3])
    replaced = import_files(db, "ygopro-cdb", [path], replace=True)
    assert sorted(db.library("yugioh")) == ["100", "101", "102"]
    assert any("3 card(s) no longer in the file were dropped" in note for note in replaced.notes)


def test_the_sources_command_lists_and_removes(
    tmp_path: Path, two_files: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "cards.sqlite3"
    older, newer = two_files
    for path in (older, newer):
        assert main(["db", "import", "ygopro-cdb", str(path), "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["db", "sources", "--json", "--db", str(db)]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(s["path"], s["cards"], s["stored_versions"]) for s in listed[:2]] == [
        (str(newer.resolve()), {"yugioh": 5}, 5), (str(older.resolve()), {"yugioh": 6}, 1)]
    assert listed[2]["path"] == "bundled" and listed[2]["priority"] == -1  # the bundled sets come last
    assert listed[0]["file_date"].startswith("2023-11-14")
    assert main(["db", "sources", "--remove", "nowhere.cdb", "--db", str(db)]) == 2
    assert "no source 'nowhere.cdb'" in capsys.readouterr().err
    assert main(["db", "sources", "--remove", "older.cdb", "--db", str(db)]) == 0
    assert "1 card(s) deleted" in capsys.readouterr().out
