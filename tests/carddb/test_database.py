"""Opening, creating and upgrading the card database; cards in and out as CardDefinitions."""
from __future__ import annotations

import re
import sqlite3
import types
from pathlib import Path

import pytest
import sqlalchemy

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


def test_a_new_database_holds_every_bundled_card_and_deck(tmp_path: Path) -> None:
    from carddb.bundled import load_bundled_cards, load_bundled_decks

    with open_database(tmp_path / "fresh.sqlite3") as database:
        for card in load_bundled_cards():
            assert database.card(card.game, card.id) == card
        for deck in load_bundled_decks():
            stored = database.deck(deck.game, deck.name)
            assert {s: sum(n for _, n in entries) for s, entries in stored.items()} == {
                s: deck.count(s) for s in deck.sections}


def test_an_older_database_is_upgraded_and_keeps_user_data(tmp_path: Path) -> None:
    from alembic import command

    from carddb.database import SCHEMA_REVISION, _alembic_config

    path = tmp_path / "old.sqlite3"
    engine = sqlalchemy.create_engine(f"sqlite:///{path}")
    with engine.begin() as connection:
        config = _alembic_config(connection)
        command.upgrade(config, "0001")
        connection.execute(sqlalchemy.text(
            "INSERT INTO decks (game, name, source, created_at) VALUES ('fftcg', 'Mine', 'user', '2026-01-01')"))
        connection.execute(sqlalchemy.text(
            "INSERT INTO deck_entries (deck_id, section, position, card_code, count) VALUES (1, 'main', 0, 'X-1', 3)"))
    engine.dispose()
    with open_database(path, bundled_loader=lambda: []) as database:
        assert database.deck("fftcg", "Mine") == {"main": [("X-1", 3)]}
        database.save_deck("dreadnought", "Two casters", {"casters": [("C-1", 1), ("C-2", 1)]})
        assert database.deck("dreadnought", "Two casters") == {"casters": [("C-1", 1), ("C-2", 1)]}
    with sqlalchemy.create_engine(f"sqlite:///{path}").connect() as connection:
        assert connection.scalar(sqlalchemy.text("SELECT version_num FROM alembic_version")) == SCHEMA_REVISION


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


def _schema(path: Path) -> dict[str, object]:
    """Everything about a database's schema a query can tell apart, table by table."""
    with sqlite3.connect(path) as connection:
        objects = connection.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
        ).fetchall()
        schema: dict[str, object] = {}
        for kind, name, table, sql in objects:
            if kind == "table" and not (sql or "").startswith("CREATE VIRTUAL"):
                columns = connection.execute(f'PRAGMA table_info("{name}")').fetchall()
                keys = connection.execute(f'PRAGMA foreign_key_list("{name}")').fetchall()
                checks = sorted(re.findall(r"CHECK \((.*?)\)(?:,|\n|$)", sql or ""))
                schema[name] = (kind, sorted(columns), sorted(k[2:] for k in keys), checks)
            elif kind == "index":
                schema[name] = (kind, table, connection.execute(f'PRAGMA index_info("{name}")').fetchall())
            elif kind == "table" and name.startswith("cards_fts_"):
                schema[name] = (kind,)  # FTS5 shadow tables: made by the virtual table itself
            else:
                schema[name] = (kind, table, " ".join((sql or "").split()))
        schema["games"] = connection.execute("SELECT * FROM games ORDER BY id").fetchall()
        schema["alembic_version"] = connection.execute("SELECT * FROM alembic_version").fetchall()
    return schema


def test_a_new_database_is_stamped_with_the_schema_every_migration_builds(tmp_path: Path) -> None:
    from alembic import command

    from carddb.database import _alembic_config

    migrated = tmp_path / "migrated.sqlite3"
    engine = sqlalchemy.create_engine(f"sqlite:///{migrated}")
    with engine.begin() as connection:
        command.upgrade(_alembic_config(connection), "head")
    engine.dispose()
    open_database(tmp_path / "stamped.sqlite3", bundled_loader=lambda: []).close()
    assert _schema(tmp_path / "stamped.sqlite3") == _schema(migrated)


def test_an_upgrade_makes_stored_cjk_cards_findable(tmp_path: Path) -> None:
    from alembic import command

    from carddb.database import _alembic_config

    path = tmp_path / "old.sqlite3"
    engine = sqlalchemy.create_engine(f"sqlite:///{path}")
    with engine.begin() as connection:
        command.upgrade(_alembic_config(connection), "0002")
        for code, alias in (("1", None), ("2", "1")):
            attributes = '{"alias": "%s"}' % alias if alias else "{}"
            connection.execute(sqlalchemy.text(
                "INSERT INTO cards (game, code, name, card_type, cost, stats, text, keywords, attributes, effects) "
                f"VALUES ('yugioh', '{code}', '青眼の白龍', 'monster', NULL, '{{}}', '伝説のドラゴン。', '{{}}', "
                f"'{attributes}', '[]')"))
    engine.dispose()
    with open_database(path, bundled_loader=lambda: []) as database:
        found = database.search("ドラゴン")
        assert [card.id for card in found] == ["1"]
        assert database.printings(found) == {("yugioh", "1"): ["2"]}
    assert (tmp_path / "old.sqlite3.bak-0002").is_file()
