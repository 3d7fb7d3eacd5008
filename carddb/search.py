"""Card search: FTS5 over name and text, with filters on the common fields, attributes, keywords and stats."""
from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from sqlalchemy import Connection, text

from carddb.conversion import CARD_COLUMNS, definition_from_row
from tabletop.engine.cards import CardDefinition

_WORD = re.compile(r"\w[\w'’-]*", re.UNICODE)
_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
_SELECT = ", ".join(f"c.{name}" for name in CARD_COLUMNS)


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


def fts_query(query: str) -> str:
    """Turn what a player typed into an FTS5 expression: every word, as a prefix, must appear.

    Operators and quotes the player typed are taken literally, so no input is an FTS syntax error.
    """
    return " ".join('"' + word.replace('"', '""') + '"*' for word in _WORD.findall(query))


def search_cards(connection: Connection, query: str, filters: SearchFilters, limit: int = 50) -> list[CardDefinition]:
    """Return up to `limit` cards matching `query` and `filters`, best text match first, then by name."""
    conditions: list[str] = []
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
    # card_facets / card_stats are filled by triggers from the JSON columns (migration 0001).
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
    where = " AND ".join(conditions) or "1"
    if match:
        # Rank ids first, then read the few full rows: sorting whole rows is what costs.
        params["match"] = match
        # MATERIALIZED: run the full-text match once, not once per candidate row.
        id_sql = (
            "WITH m AS MATERIALIZED (SELECT rowid AS id, bm25(cards_fts, 10.0, 1.0) AS score "
            "FROM cards_fts WHERE cards_fts MATCH :match) "
            f"SELECT m.id FROM m JOIN cards AS c ON c.id = m.id WHERE {where} ORDER BY m.score LIMIT :limit"
            if conditions
            else "SELECT rowid FROM cards_fts WHERE cards_fts MATCH :match "
            "ORDER BY bm25(cards_fts, 10.0, 1.0) LIMIT :limit"
        )
        ids = list(connection.execute(text(id_sql), params).scalars())
        if not ids:
            return []
        rows = connection.execute(
            text(f"SELECT c.id, {_SELECT} FROM cards AS c WHERE c.id IN ({', '.join(str(int(i)) for i in ids)})")
        ).all()
        order = {card_id: position for position, card_id in enumerate(ids)}
        rows.sort(key=lambda row: order[row[0]])
        return [definition_from_row(_decoded(row[1:])) for row in rows]
    sql = f"SELECT {_SELECT} FROM cards AS c WHERE {where} ORDER BY c.name, c.code LIMIT :limit"
    return [definition_from_row(_decoded(row)) for row in connection.execute(text(sql), params)]


def _check_key(key: str) -> None:
    if not _KEY.match(key):
        raise ValueError(f"not a field name: {key!r}")


def _decoded(row: tuple) -> tuple:
    # Raw SQL gives JSON columns as text; decode them as the ORM column type would.
    values = list(row)
    for index, name in enumerate(CARD_COLUMNS):
        if name in ("stats", "keywords", "attributes", "effects") and isinstance(values[index], str):
            values[index] = json.loads(values[index])
    return tuple(values)
