"""Card search: FTS5 over name and text, with filters on the common fields, attributes, keywords and stats."""
from __future__ import annotations

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
    if filters.keyword:
        conditions.append("EXISTS (SELECT 1 FROM json_each(c.keywords) WHERE json_each.key = :keyword)")
        params["keyword"] = filters.keyword.lower()
    for index, (key, value) in enumerate(sorted(filters.attributes.items())):
        _check_key(key)
        conditions.append(
            f"EXISTS (SELECT 1 FROM json_each(c.attributes, :apath{index}) "
            f"WHERE lower(json_each.value) = lower(:aval{index}))"
        )
        params[f"apath{index}"] = f'$."{key}"'
        params[f"aval{index}"] = str(value)
    for index, (key, (low, high)) in enumerate(sorted(filters.stats.items())):
        _check_key(key)
        params[f"spath{index}"] = f'$."{key}"'
        if low is not None:
            conditions.append(f"json_extract(c.stats, :spath{index}) >= :slow{index}")
            params[f"slow{index}"] = low
        if high is not None:
            conditions.append(f"json_extract(c.stats, :spath{index}) <= :shigh{index}")
            params[f"shigh{index}"] = high
    match = fts_query(query)
    if query.strip() and not match:
        return []
    if match:
        params["match"] = match
        where = " AND ".join(["cards_fts MATCH :match", *conditions])
        sql = (
            f"SELECT {_SELECT} FROM cards_fts JOIN cards AS c ON c.id = cards_fts.rowid "
            f"WHERE {where} ORDER BY bm25(cards_fts, 10.0, 1.0), c.name LIMIT :limit"
        )
    else:
        where = " AND ".join(conditions) or "1"
        sql = f"SELECT {_SELECT} FROM cards AS c WHERE {where} ORDER BY c.name, c.code LIMIT :limit"
    rows = connection.execute(text(sql), params).all()
    return [definition_from_row(_decoded(row)) for row in rows]


def _check_key(key: str) -> None:
    if not _KEY.match(key):
        raise ValueError(f"not a field name: {key!r}")


def _decoded(row: tuple) -> tuple:
    # Raw SQL gives JSON columns as text; decode them as the ORM column type would.
    import json

    values = list(row)
    for index, name in enumerate(CARD_COLUMNS):
        if name in ("stats", "keywords", "attributes", "effects") and isinstance(values[index], str):
            values[index] = json.loads(values[index])
    return tuple(values)
