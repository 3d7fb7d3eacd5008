"""Insert new cards and update changed ones in place, inside the caller's transaction."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection

from carddb.conversion import CARD_COLUMNS, DERIVED_COLUMNS, row_values
from carddb.derived_tables import bulk_insert_statements
from carddb.printings import mark_printings
from tabletop.engine.cards import CardDefinition

# Compared to decide whether a stored card changed; `game` and `code` identify it.
_COMPARED = ("name", "card_type", "cost", "stats", "text", "keywords", "attributes", "effects", "set_id")
_WRITTEN = (*CARD_COLUMNS, "set_id", *DERIVED_COLUMNS)
_UPDATED = tuple(name for name in _WRITTEN if name not in ("game", "code"))
_INSERT = f"INSERT INTO cards ({', '.join(_WRITTEN)}) VALUES ({', '.join('?' for _ in _WRITTEN)})"
_UPDATE = f"UPDATE cards SET {', '.join(f'{name} = ?' for name in _UPDATED)} WHERE id = ?"
# Below this many new rows the per-row triggers are cheaper than dropping and refilling.
BULK_ROWS = 200

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class UpsertCounts:
    """How many cards an upsert added, updated in place, and found already identical."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0


def upsert_cards(connection: Connection, cards: Iterable[CardDefinition], progress: Progress | None = None) -> UpsertCounts:
    """Store `cards` by (game, code): insert the new, update the changed, leave the identical.

    Runs in the caller's transaction and commits nothing. A card's `attributes["set"]`
    (a string) files it under that set, created on first use. When two cards share a
    (game, code) the later one wins.
    """
    wanted: dict[tuple[str, str], dict[str, Any]] = {}
    for card in cards:
        values = row_values(card)
        set_name = card.attributes.get("set")
        values["set_name"] = set_name if isinstance(set_name, str) else None
        wanted[(card.game, card.id)] = values
    total = len(wanted)
    games = {game for game, _ in wanted}
    _ensure_games(connection, games)
    set_ids = _ensure_sets(connection, {(v["game"], v["set_name"]) for v in wanted.values() if v["set_name"]})
    for values in wanted.values():
        values["set_id"] = set_ids.get((values["game"], values.pop("set_name")))

    existing: dict[tuple[str, str], tuple] = {}
    select = f"SELECT id, game, code, {', '.join(_COMPARED)} FROM cards WHERE game = ?"
    for game in games:
        for row in connection.exec_driver_sql(select, (game,)):
            existing[(row[1], row[2])] = row

    to_insert: list[tuple] = []
    to_update: list[tuple] = []
    unchanged = 0
    for key, values in wanted.items():
        row = existing.get(key)
        if row is None:
            to_insert.append(tuple(values[name] for name in _WRITTEN))
        elif any(stored != values[name] for stored, name in zip(row[3:], _COMPARED)):
            to_update.append((*(values[name] for name in _UPDATED), row[0]))
        else:
            unchanged += 1
    done = unchanged
    if to_insert:
        _insert_rows(connection, to_insert)
        done += len(to_insert)
        if progress:
            progress(done, total)
    if to_update:
        connection.exec_driver_sql(_UPDATE, to_update)
    if to_insert or to_update:
        mark_printings(connection, games)
    if progress:
        progress(total, total)
    return UpsertCounts(added=len(to_insert), updated=len(to_update), unchanged=unchanged)


def _insert_rows(connection: Connection, rows: list[tuple]) -> None:
    if len(rows) < BULK_ROWS:
        connection.exec_driver_sql(_INSERT, rows)
        return
    before, fill, after = bulk_insert_statements()
    last_id = connection.exec_driver_sql("SELECT coalesce(max(id), 0) FROM cards").scalar()
    for statement in before:
        connection.exec_driver_sql(statement)
    connection.exec_driver_sql(_INSERT, rows)
    for statement in fill:
        connection.exec_driver_sql(statement, (last_id,))
    for statement in after:
        connection.exec_driver_sql(statement)


def _ensure_games(connection: Connection, games: set[str]) -> None:
    known = set(connection.exec_driver_sql("SELECT id FROM games").scalars())
    missing = sorted(games - known)
    if missing:
        connection.exec_driver_sql("INSERT INTO games (id, name) VALUES (?, ?)", [(game, game) for game in missing])


def _ensure_sets(connection: Connection, wanted: set[tuple[str, str]]) -> dict[tuple[str, str], int]:
    query = "SELECT game, code, id FROM sets"
    ids = {(game, code): set_id for game, code, set_id in connection.exec_driver_sql(query)}
    missing = sorted(wanted - ids.keys())
    if missing:
        connection.exec_driver_sql(
            "INSERT INTO sets (game, code, name) VALUES (?, ?, ?)", [(game, code, code) for game, code in missing]
        )
        ids = {(game, code): set_id for game, code, set_id in connection.exec_driver_sql(query)}
    return ids
