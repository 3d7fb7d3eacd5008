"""A file of the wrong game or format is refused and nothing is recorded; faults are one line, never a traceback."""
from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from carddb.database import CardDatabase, open_database
from carddb.errors import CardDatabaseError
from carddb.importing import import_files
from tabletop.app.cli import main
from tests.carddb.conftest import TINY_DATAS, TINY_TEXTS, make_cdb

# Invented Vanguard-style rows: units are race-less monsters with power, shield and grade.
UNIT_DATAS = [(900 + i, 0, 0, 0, 0x3, 10000, 5000, 2, 0, 0x2, 0) for i in range(4)]
UNIT_TEXTS = [(900 + i, f"Test Unit {i}", "Clan: Test\nA unit.") for i in range(4)]


def _import_refused(db: CardDatabase, format: str, path: Path, *words: str) -> str:
    with pytest.raises(CardDatabaseError) as caught:
        import_files(db, format, [path])
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"{path}: ")
    for word in words:
        assert word in message
    assert db.info().imports == ()  # nothing recorded: the next try is not "already imported"
    return message


def test_a_vanguard_cdb_given_as_ygopro_cdb_and_the_reverse(db: CardDatabase, tmp_path: Path) -> None:
    vanguard = make_cdb(tmp_path / "vanguard.cdb", UNIT_DATAS, UNIT_TEXTS)
    yugioh = make_cdb(tmp_path / "yugioh.cdb", TINY_DATAS, TINY_TEXTS)
    _import_refused(db, "ygopro-cdb", vanguard, "is not a Yu-Gi-Oh! cards.cdb", "4 of 4", "vanguard-cdb")
    _import_refused(db, "vanguard-cdb", yugioh, "is not a Vanguard cards.cdb", "ygopro-cdb")
    assert db.search("test unit") == [] and db.search("arrow link") == []


def test_the_real_files_in_the_wrong_format(db: CardDatabase, carddata: Path) -> None:
    _import_refused(db, "ygopro-cdb", carddata / "vanguard" / "ygoprocv_cards.cdb", "168 of 168")
    _import_refused(db, "vanguard-json", carddata / "fftcg" / "fftcgsim_square_api_derived_cards.json",
                    "is not a vanguard-json file", "3853 of 3853")
    _import_refused(db, "fftcg-json", carddata / "vanguard" / "vanguardecks_cardInfo_Dseries.json",
                    "is not a fftcg-json file")


def test_json_objects_of_no_known_layout(db: CardDatabase, tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([{"a": 1}]))
    for format in ("fftcg-json", "vanguard-json", "ga-csv"):
        _import_refused(db, format, path)


def test_a_csv_quote_left_open_names_its_line(db: CardDatabase, tmp_path: Path) -> None:
    path = tmp_path / "effects.csv"
    path.write_text('slug,name,side,effect_raw\nalpha,Alpha,front,"Draw a card.\nbeta-two,Beta,front,"Ranged 2"\n')
    _import_refused(db, "ga-csv", path, "line 2:", "quote")
    swallowed = tmp_path / "swallowed.csv"
    swallowed.write_text('slug,name,side,effect_raw\nalpha,Alpha,front,"Draw a card.\nbeta-two,Beta,front,Ranged 2"\n')
    _import_refused(db, "ga-csv", swallowed, "line 2: a quote is not closed")


def test_strings_files_that_disagree_are_reported_and_the_later_wins(db: CardDatabase, tmp_path: Path) -> None:
    cdb = make_cdb(tmp_path / "cards.cdb", TINY_DATAS, TINY_TEXTS)
    older, newer = tmp_path / "older.conf", tmp_path / "newer.conf"
    older.write_text("!setname 0x8 Night Beings\n!setname 0x10 Tested\n")
    newer.write_text("!setname 0x8 Dusk Beings\n")
    summary = import_files(db, "ygopro-cdb", [cdb, older, newer])
    assert summary.notes == ("archetype 0x8 is 'Night Beings' in older.conf but 'Dusk Beings' in newer.conf; "
                             "using newer.conf (the later file given wins)",)
    assert db.card("yugioh", "100").attributes["archetypes"] == ["Dusk Beings", "Tested"]


def test_two_imports_at_once_both_finish(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite3"
    first = make_cdb(tmp_path / "first.cdb", TINY_DATAS, TINY_TEXTS)
    second = make_cdb(tmp_path / "second.cdb", [(row[0] + 1000, *row[1:]) for row in TINY_DATAS],
                      [(row[0] + 1000, *row[1:]) for row in TINY_TEXTS])
    errors: list[BaseException] = []

    def run(source: Path) -> None:
        try:
            with open_database(path, bundled_loader=lambda: []) as database:
                import_files(database, "ygopro-cdb", [source])
        except BaseException as error:  # reported below: the assertion names it
            errors.append(error)

    threads = [threading.Thread(target=run, args=(source,)) for source in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with open_database(path) as database:
        assert len(database.library("yugioh")) == 12
        assert len(database.info().imports) == 2


def _damage_middle(path: Path) -> None:
    # the middle half: it holds pages of the tables and of the indexes `info` reads, whatever the cards' sizes
    size = path.stat().st_size
    with path.open("r+b") as handle:
        for offset in range(size // 4, 3 * size // 4, 4096 * 3):
            handle.seek(offset)
            handle.write(b"\xde\xad" * 2048)


def test_a_database_damaged_in_its_middle_pages_is_one_line(
    tmp_path: Path, carddata: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cards.sqlite3"
    with open_database(path, bundled_loader=lambda: []) as database:
        import_files(database, "fftcg-json", [carddata / "fftcg" / "fftcgsim_square_api_derived_cards.json"])
    _damage_middle(path)
    before = path.read_bytes()
    for words in (["search", "fire"], ["info"],
                  ["import", "vanguard-cdb", str(carddata / "vanguard" / "ygoprocv_cards.cdb")]):
        assert main(["db", *words, "--db", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "the card database is damaged" in err and "tabletop db check" in err
    assert path.read_bytes() == before
    assert main(["db", "check", "--db", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out and "problem(s) found" in err


def test_check_finds_a_sound_database_sound_and_rebuilds_the_index(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cards.sqlite3"
    with open_database(path, bundled_loader=lambda: []) as database:
        import_files(database, "ygopro-cdb", [make_cdb(tmp_path / "cards.cdb", TINY_DATAS, TINY_TEXTS)])
        with database.writing() as connection:  # lose the index of every card, as a crash of old code might
            connection.exec_driver_sql("INSERT INTO cards_fts(cards_fts) VALUES ('delete-all')")
        assert database.search("arrow") == []
    assert main(["db", "check", "--db", str(path)]) == 2
    assert "--rebuild-index" in capsys.readouterr().out
    assert main(["db", "check", "--rebuild-index", "--db", str(path)]) == 0
    assert "ok: no damage found" in capsys.readouterr().out
    with open_database(path) as database:
        assert [card.id for card in database.search("arrow")] == ["102"]



def test_an_import_waits_for_another_writer_and_says_so(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "cards.sqlite3"
    open_database(path, bundled_loader=lambda: []).close()
    source = make_cdb(tmp_path / "cards.cdb", TINY_DATAS, TINY_TEXTS)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program is writing
    waiting = threading.Event()
    database = open_database(path)
    database.on_wait = waiting.set
    worker = threading.Thread(target=import_files, args=(database, "ygopro-cdb", [source]))
    worker.start()
    assert waiting.wait(timeout=30)
    other.execute("COMMIT")
    other.close()
    worker.join()
    assert len(database.library("yugioh")) == 6
    database.close()
