"""The values a game's cards take for a search filter: card types and attribute values, for choice lists."""
from __future__ import annotations

import sqlite3


def card_types(connection: sqlite3.Connection, game: str) -> list[str]:
    """Return the card types of `game`'s cards, sorted."""
    rows = connection.execute("SELECT DISTINCT card_type FROM cards WHERE game = ? ORDER BY card_type", (game,))
    return [value for (value,) in rows if value]


def attribute_values(connection: sqlite3.Connection, game: str, key: str) -> list[str]:
    """Return the lower-case values `game`'s cards have for attribute `key` (list items one by one), sorted.

    These are the values `SearchFilters.attributes` matches (the key is bound, never spliced into SQL).
    """
    rows = connection.execute(
        "SELECT DISTINCT f.value FROM card_facets AS f JOIN cards AS c ON c.id = f.card_id "
        "WHERE f.facet = ? AND c.game = ? ORDER BY f.value", (f"a:{key}", game))
    return [value for (value,) in rows if value]
