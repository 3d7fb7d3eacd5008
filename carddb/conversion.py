"""Conversion between card rows and the engine's frozen CardDefinition, both ways."""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from carddb.printings import variant_rank
from carddb.search_text import index_text
from tabletop.engine.cards import CardDefinition

# Columns of `cards` that hold a CardDefinition, in the order `definition_from_row` reads them.
CARD_COLUMNS: tuple[str, ...] = (
    "game", "code", "name", "card_type", "cost", "stats", "text", "keywords", "attributes", "effects",
)
JSON_COLUMNS: frozenset[str] = frozenset({"stats", "keywords", "attributes", "effects"})
# Columns `row_values` fills besides CARD_COLUMNS, derived from the card for search.
DERIVED_COLUMNS: tuple[str, ...] = ("search_name", "search_text", "variant_rank")


def _json_default(value: Any) -> Any:
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"{type(value).__name__} cannot be stored in a card")


# One fixed serialisation: comparing the text with a stored row tells whether the card changed.
# One encoder for all: json.dumps with options builds a new encoder on every call.
_ENCODER = json.JSONEncoder(ensure_ascii=False, default=_json_default)


def _json(value: Any) -> str:
    return _ENCODER.encode(value)


def row_values(card: CardDefinition) -> dict[str, Any]:
    """Return the `cards` column values that store `card`: JSON fields as JSON text, search forms derived."""
    return {
        "game": card.game,
        "code": card.id,
        "name": card.name,
        "card_type": card.card_type,
        "cost": card.cost,
        "stats": _json(dict(card.stats)),
        "text": card.text,
        "keywords": _json(dict(card.keywords)),
        "attributes": _json(dict(card.attributes)),
        "effects": _json([dict(effect) for effect in card.effects]),
        "search_name": index_text(card.name),
        "search_text": index_text(card.text),
        "variant_rank": variant_rank(card.game, card.attributes),
    }


def definition_from_row(row: Sequence[Any] | Mapping[str, Any]) -> CardDefinition:
    """Build the CardDefinition stored in a row (a mapping or a sequence in CARD_COLUMNS order).

    JSON columns may come decoded (ORM) or as JSON text (plain SQL).
    """
    values = dict(row) if isinstance(row, Mapping) else dict(zip(CARD_COLUMNS, row))
    for name in JSON_COLUMNS:
        if isinstance(values[name], str):
            values[name] = json.loads(values[name])
    return CardDefinition(
        id=values["code"],
        game=values["game"],
        name=values["name"],
        card_type=values["card_type"],
        cost=values["cost"],
        stats=values["stats"] or {},
        text=values["text"] or "",
        keywords=values["keywords"] or {},
        attributes=values["attributes"] or {},
        effects=tuple(values["effects"] or ()),
    )


def definition_json(card: CardDefinition) -> str:
    """Return `card` as one JSON text (a list in CARD_COLUMNS order), as `card_sources` keeps it."""
    return _json([
        card.game, card.id, card.name, card.card_type, card.cost, dict(card.stats), card.text,
        dict(card.keywords), dict(card.attributes), [dict(effect) for effect in card.effects],
    ])


def definition_from_json(text: str) -> CardDefinition:
    """Return the CardDefinition `definition_json` wrote."""
    return definition_from_row(json.loads(text))
