"""Opening, creating and upgrading the card database; cards in and out as CardDefinitions."""
from __future__ import annotations

import importlib.machinery
import sqlite3
import sys
import types
from pathlib import Path

import pytest

from carddb.database import SCHEMA_REVISION, CardDatabase, open_database
from carddb.errors import CardDatabaseError, UnknownCardError
from tabletop.engine.cards import CardDefinition

SAMPLE = CardDefinition(
    id="T-001", game="fftcg", name="Test Knight", card_type="forward", cost=3, stats={"power": 7000},
    text="Haste", keywords={"haste": True}, attributes={"element": ["Fire", "Ice"], "set": "Test Set"},
    effects=({"effect": "draw", "count": 1},),
)


def test_a_card_comes_back_as_the_same_definition(db: CardDatabase) -> None:
    db.upsert_cards([SAMPLE])
    assert db.card("fftcg", "T-001") == SAMPLE
    assert db.card("fftcg", "T-001").effects == ({"effect": "draw", "count": 1},)
    assert db.library("fftcg")["T-001"].attributes == {"element": ["Fire", "Ice"], "set": "Test Set"}


def test_an_unknown_card_is_a_one_line_error(db: CardDatabase) -> None:
    with pytest.raises(UnknownCardError, match="no fftcg card with code 'nope'"):
        db.card("fftcg", "nope")


def test_upsert_adds_updates_in_place_and_leaves_identical_cards(db: CardDatabase) -> None:
    assert db.upsert_cards([SAMPLE]).added == 1
    first_id = _row_id(db, "T-001")
    stronger = CardDefinition(**{**SAMPLE.__dict__, "stats": {"power": 9000}})
    counts = db.upsert_cards([stronger, SAMPLE.__class__(**{**SAMPLE.__dict__, "id": "T-002"})])
    assert (counts.added, counts.updated, counts.unchanged) == (1, 1, 0)
    assert db.card("fftcg", "T-001").stat("power") == 9000
    assert _row_id(db, "T-001") == first_id
    assert db.upsert_cards([stronger]).unchanged == 1


def _row_id(db: CardDatabase, code: str) -> int:
    with db.engine.connect() as connection:
        return connection.exec_driver_sql("SELECT id FROM cards WHERE code = ?", (code,)).scalar_one()


def test_a_new_database_gets_the_bundled_cards_and_decks(tmp_path: Path) -> None:
    deck = types.SimpleNamespace(game="fftcg", name="Starter", sections={"main": ["T-001", "T-001", ("T-002", 2)]})
    other = CardDefinition(**{**SAMPLE.__dict__, "id": "T-002"})
    with open_database(tmp_path / "new.sqlite3", bundled_loader=lambda: [SAMPLE, other, deck]) as database:
        assert set(database.library("fftcg")) == {"T-001", "T-002"}
        assert database.deck("fftcg", "Starter") == {"main": [("T-001", 2), ("T-002", 2)]}
    calls = []
    with open_database(tmp_path / "new.sqlite3", bundled_loader=lambda: calls.append(1) or []) as database:
        assert len(database.library("fftcg")) == 2
    assert calls == []  # an existing database is not refilled


def test_the_bundled_hook_is_carddb_bundled_when_that_module_exists(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("carddb.bundled")
    module.__spec__ = importlib.machinery.ModuleSpec("carddb.bundled", loader=None)
    module.load_bundled_cards = lambda: [SAMPLE]  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "carddb.bundled", module)
    with open_database(tmp_path / "hooked.sqlite3") as database:
        assert database.card("fftcg", "T-001") == SAMPLE


def test_a_failing_bundled_load_leaves_no_database_file(tmp_path: Path) -> None:
    def broken() -> list[object]:
        return [SAMPLE, object()]

    with pytest.raises(CardDatabaseError, match="neither a card nor a deck"):
        open_database(tmp_path / "broken.sqlite3", bundled_loader=broken)
    assert list(tmp_path.iterdir()) == []


def test_the_default_database_lives_in_the_user_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    with open_database(None, bundled_loader=lambda: []) as database:
        assert database.path == tmp_path / "data" / "tabletop" / "cards.sqlite3"
        assert database.path.is_file()


def test_a_file_that_is_not_sqlite_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_text("these are my notes, not a database\n")
    with pytest.raises(CardDatabaseError) as caught:
        open_database(path)
    assert str(caught.value) == f"{path}: is not a SQLite database (wrong file header)"
    assert path.read_text() == "these are my notes, not a database\n"


def test_a_sqlite_file_of_another_program_is_refused_and_kept(tmp_path: Path, carddata: Path) -> None:
    foreign = tmp_path / "cards.cdb"
    foreign.write_bytes((carddata / "vanguard" / "ygoprocv_cards.cdb").read_bytes())
    before = foreign.read_bytes()
    with pytest.raises(CardDatabaseError, match="not a tabletop card database"):
        open_database(foreign)
    assert foreign.read_bytes() == before


def test_a_database_from_a_newer_tabletop_is_refused_not_touched(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite3"
    open_database(path, bundled_loader=lambda: [SAMPLE]).close()
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999'")
    with pytest.raises(CardDatabaseError, match="newer tabletop"):
        open_database(path)
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT count(*) FROM cards").fetchone() == (1,)


def test_an_empty_file_becomes_a_new_database(tmp_path: Path) -> None:
    # An empty file (e.g. left by a crashed first start) is a database with nothing in it yet.
    path = tmp_path / "cards.sqlite3"
    sqlite3.connect(path).close()
    with open_database(path, bundled_loader=lambda: []) as database:
        assert database.info().revision == SCHEMA_REVISION


def test_schema_revision_constant_is_alembics_head() -> None:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", "carddb:migrations")
    assert ScriptDirectory.from_config(config).get_current_head() == SCHEMA_REVISION


def test_decks_keep_their_sections_and_order(db: CardDatabase) -> None:
    db.save_deck("yugioh", "Mine", {"main": ["1", "2", "1"], "extra": [("3", 1)], "side": []})
    assert db.deck("yugioh", "Mine") == {"main": [("1", 2), ("2", 1)], "extra": [("3", 1)]}
    db.save_deck("yugioh", "Mine", {"main": [("9", 3)]})
    assert db.deck("yugioh", "Mine") == {"main": [("9", 3)]}
    with pytest.raises(CardDatabaseError, match="unknown section 'sideboard'"):
        db.save_deck("yugioh", "Bad", {"sideboard": ["1"]})
    assert db.deck_names("yugioh") == ["Mine"]
