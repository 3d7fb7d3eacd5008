"""Fixtures of the card-database tests: a fresh database, real card files, tiny hand-made sources."""
from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from carddb.database import CardDatabase, open_database

REPO = Path(__file__).resolve().parents[2]
CARDDATA = REPO.parent / "shared" / "carddata"


@pytest.fixture
def carddata() -> Path:
    """The shared real card files (test fixtures only); skips when they are absent."""
    if not CARDDATA.is_dir():
        pytest.skip("../shared/carddata not present")
    return CARDDATA


@pytest.fixture
def db(tmp_path: Path) -> Iterator[CardDatabase]:
    """A new, empty card database in a temporary folder."""
    database = open_database(tmp_path / "cards.sqlite3", bundled_loader=lambda: [])
    yield database
    database.close()


def make_cdb(path: Path, datas: list[tuple], texts: list[tuple], typed_ddl: bool = True) -> Path:
    """Write a YGOPro-schema cards.cdb; `typed_ddl=False` declares the columns without types."""
    connection = sqlite3.connect(path)
    if typed_ddl:
        connection.execute(
            "CREATE TABLE datas(id integer primary key, ot integer, alias integer, setcode integer, type integer, "
            "atk integer, def integer, level integer, race integer, attribute integer, category integer)"
        )
        connection.execute(
            "CREATE TABLE texts(id integer primary key, name text, desc text, "
            + ", ".join(f"str{i} text" for i in range(1, 17)) + ")"
        )
    else:
        connection.execute(
            'CREATE TABLE "texts" ("desc", "id", "name", ' + ", ".join(f'"str{i}"' for i in range(1, 17)) + ")"
        )
        connection.execute(
            'CREATE TABLE "datas" ("id", "alias", "ot", "setcode", "type", "atk", "def", "level", "race", '
            '"attribute", "category")'
        )
    columns = "id, ot, alias, setcode, type, atk, def, level, race, attribute, category"
    connection.executemany(f"INSERT INTO datas({columns}) VALUES (?,?,?,?,?,?,?,?,?,?,?)", datas)
    connection.executemany("INSERT INTO texts(id, name, desc) VALUES (?,?,?)", texts)
    connection.commit()
    connection.close()
    return path


# Invented cards in the YGOPro layout: (id, ot, alias, setcode, type, atk, def, level, race, attribute, category).
TINY_DATAS = [
    (100, 3, 0, 0x10_0008, 0x21, 2500, 2000, 7, 0x2000, 0x20, 0),            # effect, Dragon, DARK, 2 setcodes
    (101, 1, 0, 0, 0x1000021, -2, 1000, 0x05030004, 0x2, 0x10, 0),          # pendulum, ATK "?", scales 5/3
    (102, 2, 0, 0, 0x4000021, 1800, 0x1 | 0x80 | 0x20, 2, 0x1000000, 0x8, 0),  # link-2 markers
    (103, 3, 0, 0, 0x800021 | 0x1000, 2000, 1500, 4, 0x1, 0x1, 0),          # xyz rank 4 (tuner flag too)
    (104, 3, 100, 0, 0x10002, 0, 0, 0, 0, 0, 0),                              # quick-play spell, alias of 100
    (105, 3, 0, 0, 0x100004, 0, 0, 0, 0, 0, 0),                               # counter trap
]
TINY_TEXTS = [
    (100, "Test Wyrm of Night", "When this card is summoned: draw 1 card."),
    (101, "Scale Tester", "[ Pendulum Effect ]\r\nNothing.\r\n[ Monster Effect ]\r\nNothing either."),
    (102, "Arrow Link", "2 monsters"),
    (103, "Rank Four Knight", "2 Level 4 monsters"),
    (104, "Hasty Spell", "Destroy 1 card."),
    (105, "Stop Trap", "Negate the activation."),
]
TINY_STRINGS = "#comment\n!system 1 x\n!setname 0x8 Night Beings\n!setname 0x10 Tested\tテスト\n"
