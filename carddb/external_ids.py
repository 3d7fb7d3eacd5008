"""Other programs' ids of cards, kept per source: OCTGN GUIDs of FFTCG cards, and the ids of entries a deck
may list that are not cards (a Vanguard cards.cdb's rules entry).

Deck files of those programs name cards by these ids (an `.o8d` deck by GUID). They live apart from the
cards, so they outlast which source's version of a card is stored (carddb.sources): importing an OCTGN
set.xml before or after the card JSON gives the same GUIDs. Removing the source removes its ids.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import sqlite3

    from sqlalchemy import Connection


@dataclass(frozen=True)
class ExternalCode:
    """One id another program gives a card of `game`: the card's `code`, or None for an entry that is no card."""

    game: str
    external_id: str
    code: str | None
    label: str = ""


def store_external_ids(connection: Connection, source_key: str, entries: Iterable[ExternalCode]) -> None:
    """Replace the ids the source `source_key` gives with `entries` (caller's transaction; the source exists)."""
    source_id = connection.exec_driver_sql("SELECT id FROM sources WHERE path = ?", (source_key,)).scalar_one()
    connection.exec_driver_sql("DELETE FROM external_ids WHERE source_id = ?", (source_id,))
    rows = {(entry.game, entry.external_id.strip().casefold()): entry for entry in entries}
    if rows:
        connection.exec_driver_sql(
            "INSERT INTO external_ids (source_id, game, external_id, code, label) VALUES (?, ?, ?, ?, ?)",
            [(source_id, game, key, entry.code, entry.label) for (game, key), entry in rows.items()],
        )


def external_ids(connection: sqlite3.Connection, game: str) -> dict[str, ExternalCode]:
    """Return every id of `game` by its case-folded text; an id that names a card wins over one that does not."""
    found: dict[str, ExternalCode] = {}
    rows = connection.execute(
        "SELECT external_id, code, label FROM external_ids WHERE game = ? ORDER BY code IS NULL DESC, source_id",
        (game,),
    )
    for key, code, label in rows:
        found[key] = ExternalCode(game, key, code, label)
    return found
