"""Read the `datas` and `texts` tables of a YGOPro-schema SQLite file, by column name."""
from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from carddb.errors import CardDatabaseError

SQLITE_MAGIC = b"SQLite format 3\x00"
DATAS_COLUMNS = ("id", "ot", "alias", "setcode", "type", "atk", "def", "level", "race", "attribute", "category")
TEXT_COLUMNS = ("id", "name", "desc")


@dataclass(frozen=True)
class CdbRow:
    """One `datas` row joined with its `texts` row; numbers are Python ints whatever the declared type."""

    id: int
    ot: int
    alias: int
    setcode: int
    type: int
    atk: int
    defense: int
    level: int
    race: int
    attribute: int
    category: int
    name: str | None
    desc: str


def is_sqlite_file(path: Path) -> bool:
    """Tell whether `path` starts with the SQLite file header."""
    with path.open("rb") as handle:
        return handle.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC


def read_cdb(path: Path) -> list[CdbRow]:
    """Return every card row of a cards.cdb, joined by id; raises CardDatabaseError naming the file.

    Only column names are relied on, never the DDL text (files declare the same
    columns with different types and constraints).
    """
    if not is_sqlite_file(path):
        raise CardDatabaseError(path, "is not a SQLite cards.cdb (wrong file header)")
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    except sqlite3.Error as error:
        raise CardDatabaseError(path, f"cannot be opened ({error})") from None
    try:
        for table, needed in (("datas", DATAS_COLUMNS), ("texts", TEXT_COLUMNS)):
            columns = {row[1].lower() for row in connection.execute(f"PRAGMA table_info({table})")}
            if not columns:
                raise CardDatabaseError(path, f"has no table {table!r}; not a YGOPro cards.cdb")
            missing = [c for c in needed if c not in columns]
            if missing:
                raise CardDatabaseError(path, f"table {table!r} lacks column(s) {', '.join(missing)}")
        select = ", ".join(f'd."{c}"' for c in DATAS_COLUMNS) + ', t."name", t."desc"'
        rows = connection.execute(f"SELECT {select} FROM datas AS d LEFT JOIN texts AS t ON t.id = d.id ORDER BY d.id")
        return list(_rows(path, rows))
    except sqlite3.DatabaseError as error:
        raise CardDatabaseError(path, f"is a damaged SQLite file ({error})") from None
    finally:
        connection.close()


def _rows(path: Path, rows: Iterator[tuple]) -> Iterator[CdbRow]:
    for raw in rows:
        try:
            numbers = [int(value or 0) for value in raw[:11]]
        except (TypeError, ValueError):
            raise CardDatabaseError(path, f"card {raw[0]!r}: a number column holds {raw[:11]!r}") from None
        name, desc = raw[11], raw[12]
        yield CdbRow(*numbers, name=name, desc=(desc or "").replace("\r\n", "\n").strip())


def check_most_rows(path: Path, rows: list[CdbRow], fits: Callable[[CdbRow], bool], expected: str, hint: str) -> None:
    """Refuse the file (CardDatabaseError) when most rows do not fit the format the player named.

    Both games share the cards.cdb schema, so only the values tell a Yu-Gi-Oh! file from a
    Vanguard one; `hint` says what the file looks like instead.
    """
    if not rows:
        raise CardDatabaseError(path, "holds no cards (table 'datas' is empty)")
    misfits = sum(1 for row in rows if not fits(row))
    if misfits * 2 > len(rows):
        raise CardDatabaseError(path, f"is not {expected}: {misfits} of {len(rows)} cards do not fit ({hint})")
