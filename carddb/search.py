"""Card search: the full-text index over name and text, with filters on the common fields, attributes, keywords and stats.

A card shows once: its other printings (alternate arts, carddb.printings) are left out of
the results and listed by `printings_of`. Cards whose name matches come before cards whose
text alone does; within each, originals before variants, then the best match (bm25), or
the name when nothing was typed.
"""
from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from carddb.conversion import CARD_COLUMNS, definition_from_row
from carddb.search_text import fts_query
from tabletop.engine.cards import CardDefinition

_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
_SELECT = ", ".join(f"c.{name}" for name in CARD_COLUMNS)
MAX_LIMIT = 10_000
# Above this many full-text matches, bm25 ranking is skipped (see _matching_ids).
RANKED_MATCHES = 1500


@dataclass(frozen=True)
class SearchFilters:
    """What a search keeps besides the text match; None or empty means "any".

    `attributes` matches a per-game attribute equal to the value, case-insensitively,
    or a list attribute containing it (`element="fire"`, `nation="Dragon Empire"`).
    `stats` maps a stat name to an inclusive (low, high) range, either end None.
    """

    game: str | None = None
    card_type: str | None = None
    cost_min: int | None = None
    cost_max: int | None = None
    keyword: str | None = None
    attributes: Mapping[str, str] = field(default_factory=dict)
    stats: Mapping[str, tuple[int | None, int | None]] = field(default_factory=dict)


def search_cards(
    connection: sqlite3.Connection, query: str, filters: SearchFilters, limit: int = 50
) -> list[CardDefinition]:
    """Return up to `limit` cards matching `query` and `filters`: originals first, best match first.

    Raises ValueError for a limit outside 1..MAX_LIMIT or a malformed stat name.
    """
    if not 1 <= limit <= MAX_LIMIT:
        raise ValueError(f"the limit must be between 1 and {MAX_LIMIT}, not {limit}")
    conditions = ["c.printing_of IS NULL"]
    params: dict[str, object] = {"limit": int(limit)}
    if filters.game:
        conditions.append("c.game = :game")
        params["game"] = filters.game
    if filters.card_type:
        conditions.append("c.card_type = :card_type")
        params["card_type"] = filters.card_type.lower()
    if filters.cost_min is not None:
        conditions.append("c.cost >= :cost_min")
        params["cost_min"] = filters.cost_min
    if filters.cost_max is not None:
        conditions.append("c.cost <= :cost_max")
        params["cost_max"] = filters.cost_max
    # card_facets / card_stats are filled by triggers from the JSON columns (carddb.derived_tables).
    facets = [(f"a:{key}", str(value).lower()) for key, value in sorted(filters.attributes.items())]
    if filters.keyword:
        facets.append((f"k:{filters.keyword.lower()}", ""))
    for index, (facet, value) in enumerate(facets):
        conditions.append(f"c.id IN (SELECT card_id FROM card_facets WHERE facet = :facet{index} AND value = :fvalue{index})")
        params[f"facet{index}"] = facet
        params[f"fvalue{index}"] = value
    for index, (key, (low, high)) in enumerate(sorted(filters.stats.items())):
        _check_key(key)
        conditions.append(
            f"c.id IN (SELECT card_id FROM card_stats WHERE stat = :stat{index} "
            f"AND value BETWEEN :slow{index} AND :shigh{index})"
        )
        params[f"stat{index}"] = key
        params[f"slow{index}"] = -(2**62) if low is None else low
        params[f"shigh{index}"] = 2**62 if high is None else high
    match = fts_query(query)
    if query.strip() and not match:
        return []
    where = " AND ".join(conditions)
    if match:
        # Cards whose name matches come first, then those whose text alone does.
        ids = _matching_ids(connection, f"search_name : ({match})", where, params, limit)
        if len(ids) < limit:
            ids += _matching_ids(connection, f"({match}) NOT search_name : ({match})", where, params, limit - len(ids))
    else:
        sql = f"SELECT c.id FROM cards AS c WHERE {where} ORDER BY c.variant_rank, c.name, c.code LIMIT :limit"
        ids = [row[0] for row in connection.execute(sql, params)]
    if not ids:
        return []
    rows = connection.execute(
        f"SELECT c.id, {_SELECT} FROM cards AS c WHERE c.id IN ({', '.join(str(int(i)) for i in ids)})"
    ).fetchall()
    order = {card_id: position for position, card_id in enumerate(ids)}
    rows.sort(key=lambda row: order[row[0]])
    return [definition_from_row(row[1:]) for row in rows]


def _matching_ids(
    connection: sqlite3.Connection, match: str, where: str, params: dict[str, object], limit: int
) -> list[int]:
    """Return the ids of up to `limit` cards matching the FTS expression `match` and `where`.

    Up to RANKED_MATCHES matches are ranked by bm25 (a name hit weighs 10 text hits); past
    that, ranking would cost more than the search target allows, so the cards come in
    stored order, originals first, and the scan stops at `limit`.
    """
    params = {**params, "match": match, "limit": limit}
    count = connection.execute("SELECT count(*) FROM cards_fts WHERE cards_fts MATCH :match", params).fetchone()[0]
    if count == 0:
        return []
    if count <= RANKED_MATCHES:
        # MATERIALIZED: run the full-text match once, not once per candidate row.
        sql = (
            "WITH m AS MATERIALIZED (SELECT rowid AS id, bm25(cards_fts, 10.0, 1.0) AS score "
            "FROM cards_fts WHERE cards_fts MATCH :match) "
            f"SELECT c.id FROM m JOIN cards AS c ON c.id = m.id WHERE {where} "
            "ORDER BY c.variant_rank, m.score, c.name, c.code LIMIT :limit"
        )
        return [row[0] for row in connection.execute(sql, params)]
    ids: list[int] = []
    for rank in (0, 1):
        # CROSS JOIN keeps the full-text match as the outer loop, so LIMIT ends the scan early.
        sql = (
            "SELECT c.id FROM cards_fts AS f CROSS JOIN cards AS c ON c.id = f.rowid "
            f"WHERE f.cards_fts MATCH :match AND c.variant_rank = {rank} AND {where} LIMIT :limit"
        )
        ids += [row[0] for row in connection.execute(sql, {**params, "limit": limit - len(ids)})]
        if len(ids) >= limit:
            break
    return ids


def printings_of(connection: sqlite3.Connection, cards: Iterable[CardDefinition]) -> dict[tuple[str, str], list[str]]:
    """Return the codes of the other printings of each card, by (game, code); cards without any are absent."""
    by_game: dict[str, list[str]] = {}
    for card in cards:
        by_game.setdefault(card.game, []).append(card.id)
    found: dict[tuple[str, str], list[str]] = {}
    for game, codes in by_game.items():
        marks = ", ".join("?" for _ in codes)
        rows = connection.execute(
            f"SELECT printing_of, code FROM cards WHERE game = ? AND printing_of IN ({marks}) ORDER BY code",
            (game, *codes),
        )
        for original, code in rows:
            found.setdefault((game, original), []).append(code)
    return found


def _check_key(key: str) -> None:
    if not _KEY.match(key):
        raise ValueError(f"not a field name: {key!r}")
