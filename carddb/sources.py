"""Which source defined each card, and which source wins a card that several define.

Every import is a source, identified by the resolved path of its first file (the bundled
sets are the source "bundled"). Each source's version of each of its cards is kept in
`card_sources`; `cards` holds the winner's. Precedence, highest first: the larger
`priority` (`db import --priority N`, default 0; the bundled sets have -1), then the newer
file date (the file's own modification time, not the day it was imported), then the
source imported later. So importing an older file after a newer one never overwrites the
newer one's cards: the import says how many cards it left to which source. Removing a
source (`db sources --remove`) puts back the next source's version of each of its cards,
and deletes the cards no other source defines.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from carddb.conversion import definition_from_json, definition_json
from carddb.errors import CardDatabaseError
from carddb.printings import mark_printings
from carddb.upsert import Progress, UpsertCounts, upsert_cards
from tabletop.engine.cards import CardDefinition

if TYPE_CHECKING:
    import sqlite3

    from sqlalchemy import Connection

BUNDLED = "bundled"
BUNDLED_PRIORITY = -1
# (priority, file date, id): the larger wins.
Rank = tuple[int, str, int]


@dataclass(frozen=True)
class SourceInfo:
    """One source as `db sources` lists it."""

    id: int
    path: str
    format: str
    files: tuple[str, ...]
    priority: int
    file_date: datetime
    imported_at: datetime
    games: tuple[tuple[str, int], ...]  # (game, cards this source defines)
    winning: int  # cards whose stored version is this source's


@dataclass(frozen=True)
class SourceWrite:
    """What storing a source's cards did: the upsert counts, cards left to other sources, cards dropped."""

    counts: UpsertCounts
    left_to: dict[str, int]  # other source path -> cards of this import it outranks
    dropped: int  # with replace: cards the source no longer has (deleted or given back to another source)


def source_key(paths: Sequence[Path]) -> str:
    """Return the identity of a source made of `paths`: the resolved path of the first file."""
    return str(Path(paths[0]).resolve())


def file_date(paths: Sequence[Path]) -> datetime:
    """Return the date of a source: its first file's modification time (UTC, naive)."""
    stamp = Path(paths[0]).stat().st_mtime
    return datetime.fromtimestamp(stamp, timezone.utc).replace(tzinfo=None)


def store_source(
    connection: Connection,
    key: str,
    format: str,
    files: Sequence[str],
    sha256: str,
    date: datetime,
    cards: Iterable[CardDefinition],
    *,
    priority: int = 0,
    replace: bool = False,
    completes: bool = False,
    progress: Progress | None = None,
) -> SourceWrite:
    """Record the source and its cards; write to `cards` those it wins (caller's transaction).

    A source already recorded under `key` is updated: its versions are refreshed, and with
    `replace` its cards missing from `cards` are dropped from it. `completes`: the cards
    are stored cards completed with fields this source carries (a partial source, e.g. a
    ga-csv text file alone); they are written whatever the precedence.
    """
    now = datetime.now(timezone.utc).replace(tzinfo=None).isoformat(sep=" ")
    found = connection.exec_driver_sql("SELECT id FROM sources WHERE path = ?", (key,)).first()
    values = (format, "\n".join(files), sha256, priority, date.isoformat(sep=" "), now)
    if found is None:
        source_id = connection.exec_driver_sql(
            "INSERT INTO sources (format, files, sha256, priority, file_date, imported_at, path) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id", (*values, key),
        ).scalar_one()
    else:
        source_id = found[0]
        connection.exec_driver_sql(
            "UPDATE sources SET format = ?, files = ?, sha256 = ?, priority = ?, file_date = ?, imported_at = ? "
            "WHERE id = ?", (*values, source_id),
        )
    incoming = {(card.game, card.id): card for card in cards}
    rank: Rank = (priority, date.isoformat(sep=" "), source_id)
    best_other = _best_other_sources(connection, source_id, {game for game, _ in incoming})
    winners = []
    left_to: dict[str, int] = {}
    for key_, card in incoming.items():
        other = best_other.get(key_)
        if completes or other is None or rank > other[0]:
            winners.append(card)
        else:
            left_to[other[1]] = left_to.get(other[1], 0) + 1
    counts = upsert_cards(connection, winners, progress)
    dropped = 0
    if replace:
        stored = {(game, code) for game, code in connection.exec_driver_sql(
            "SELECT game, code FROM card_sources WHERE source_id = ?", (source_id,))}
        gone = stored - incoming.keys()
        dropped = len(gone)
        if gone:
            connection.exec_driver_sql(
                "DELETE FROM card_sources WHERE source_id = ? AND game = ? AND code = ?",
                [(source_id, game, code) for game, code in gone],
            )
            _settle(connection, gone)
    if incoming:
        connection.exec_driver_sql(
            "INSERT OR REPLACE INTO card_sources (source_id, game, code, card) VALUES (?, ?, ?, ?)",
            [(source_id, game, code, definition_json(card)) for (game, code), card in incoming.items()],
        )
    return SourceWrite(counts=counts, left_to=left_to, dropped=dropped)


def remove_source(connection: Connection, source_id: int) -> tuple[int, int]:
    """Forget a source: return (cards deleted, cards now stored in another source's version)."""
    cards = {(game, code) for game, code in connection.exec_driver_sql(
        "SELECT game, code FROM card_sources WHERE source_id = ?", (source_id,))}
    connection.exec_driver_sql("DELETE FROM card_sources WHERE source_id = ?", (source_id,))
    connection.exec_driver_sql("DELETE FROM sources WHERE id = ?", (source_id,))
    return _settle(connection, cards)


def _settle(connection: Connection, cards: set[tuple[str, str]]) -> tuple[int, int]:
    """Give each of `cards` the best remaining source's version, or delete it when none is left.

    Returns (cards deleted, cards whose stored version changed).
    """
    best = _best_versions(connection, cards)
    missing = cards - best.keys()
    if missing:
        connection.exec_driver_sql("DELETE FROM cards WHERE game = ? AND code = ?", sorted(missing))
        mark_printings(connection, {game for game, _ in missing})
    if not best:
        return len(missing), 0
    counts = upsert_cards(connection, [definition_from_json(text) for text in best.values()])
    return len(missing), counts.added + counts.updated


def _best_versions(connection: Connection, cards: set[tuple[str, str]]) -> dict[tuple[str, str], str]:
    found: dict[tuple[str, str], tuple[Rank, str]] = {}
    for game in {game for game, _ in cards}:
        rows = connection.exec_driver_sql(
            "SELECT cs.code, cs.card, s.priority, s.file_date, s.id FROM card_sources AS cs "
            "JOIN sources AS s ON s.id = cs.source_id WHERE cs.game = ?", (game,),
        )
        for code, card, priority, date, source_id in rows:
            if (game, code) in cards:
                rank = (priority, str(date), source_id)
                if (game, code) not in found or rank > found[(game, code)][0]:
                    found[(game, code)] = (rank, card)
    return {key: card for key, (_, card) in found.items()}


def _best_other_sources(
    connection: Connection, source_id: int, games: set[str]
) -> dict[tuple[str, str], tuple[Rank, str]]:
    best: dict[tuple[str, str], tuple[Rank, str]] = {}
    for game in games:
        rows = connection.exec_driver_sql(
            "SELECT cs.code, s.priority, s.file_date, s.id, s.path FROM card_sources AS cs "
            "JOIN sources AS s ON s.id = cs.source_id WHERE cs.game = ? AND cs.source_id <> ?", (game, source_id),
        )
        for code, priority, date, other_id, path in rows:
            rank = (priority, str(date), other_id)
            if (game, code) not in best or rank > best[(game, code)][0]:
                best[(game, code)] = (rank, path)
    return best


# Each source's versions numbered by precedence within their card: 1 is the stored one.
_RANKED_VERSIONS = (
    "SELECT cs.source_id, cs.game, cs.code, row_number() OVER (PARTITION BY cs.game, cs.code "
    "ORDER BY s.priority DESC, s.file_date DESC, s.id DESC) AS place "
    "FROM card_sources AS cs JOIN sources AS s ON s.id = cs.source_id"
)


def list_sources(connection: sqlite3.Connection) -> list[SourceInfo]:
    """Return every source, highest precedence first, with its cards per game and how many it wins."""
    games: dict[int, list[tuple[str, int]]] = {}
    for source_id, game, count in connection.execute(
        "SELECT source_id, game, count(*) FROM card_sources GROUP BY source_id, game ORDER BY game"
    ):
        games.setdefault(source_id, []).append((game, count))
    winning = dict(connection.execute(
        f"SELECT source_id, count(*) FROM ({_RANKED_VERSIONS}) WHERE place = 1 GROUP BY source_id"
    ).fetchall())
    rows = connection.execute(
        "SELECT id, path, format, files, priority, file_date, imported_at FROM sources "
        "ORDER BY priority DESC, file_date DESC, id DESC"
    ).fetchall()
    return [
        SourceInfo(source_id, path, format, tuple(files.splitlines()), priority, datetime.fromisoformat(str(date)),
                   datetime.fromisoformat(str(when)), tuple(games.get(source_id, ())), winning.get(source_id, 0))
        for source_id, path, format, files, priority, date, when in rows
    ]


def find_source(connection: sqlite3.Connection, path: Path, wanted: str) -> int:
    """Return the id of the source `wanted` names: its number, its path, or a file name only it has."""
    rows = connection.execute("SELECT id, path FROM sources").fetchall()
    for source_id, key in rows:
        if wanted == str(source_id) or wanted == key or str(Path(wanted).resolve()) == key:
            return source_id
    named = [source_id for source_id, key in rows if Path(key).name == wanted]
    if len(named) == 1:
        return named[0]
    if named:
        raise CardDatabaseError(path, f"{len(named)} sources are named {wanted!r}: give the number `db sources` shows")
    raise CardDatabaseError(path, f"no source {wanted!r}; `tabletop db sources` lists them")


def imported_codes(connection: sqlite3.Connection, game: str) -> set[str]:
    """Return the codes of a game's cards that some imported file defines (the bundled sets are not imported)."""
    return {row[0] for row in connection.execute(
        "SELECT DISTINCT cs.code FROM card_sources AS cs JOIN sources AS s ON s.id = cs.source_id "
        "WHERE cs.game = ? AND s.path != ?", (game, BUNDLED))}


def sources_of(connection: sqlite3.Connection, game: str, code: str) -> list[tuple[str, str]]:
    """Return (path, format) of each source defining one card, the one whose version is stored first."""
    return [tuple(row) for row in connection.execute(
        "SELECT s.path, s.format FROM card_sources AS cs JOIN sources AS s ON s.id = cs.source_id "
        "WHERE cs.game = ? AND cs.code = ? ORDER BY s.priority DESC, s.file_date DESC, s.id DESC", (game, code),
    )]
