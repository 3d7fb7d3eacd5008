"""Conversion between card rows and the engine's frozen CardDefinition, both ways."""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine.cards import CardDefinition

# Columns of `cards` that hold a CardDefinition, in the order `definition_from_row` reads them.
CARD_COLUMNS: tuple[str, ...] = (
    "game", "code", "name", "card_type", "cost", "stats", "text", "keywords", "attributes", "effects",
)


def _plain(value: Any) -> Any:
    # Round-trip through JSON so tuples become lists and keys become strings, exactly as
    # the JSON columns will give them back; comparisons with stored rows then hold.
    return json.loads(json.dumps(value, ensure_ascii=False))


def row_values(card: CardDefinition) -> dict[str, Any]:
    """Return the `cards` column values that store `card`; JSON fields become plain lists/dicts."""
    return {
        "game": card.game,
        "code": card.id,
        "name": card.name,
        "card_type": card.card_type,
        "cost": card.cost,
        "stats": _plain(dict(card.stats)),
        "text": card.text,
        "keywords": _plain(dict(card.keywords)),
        "attributes": _plain(dict(card.attributes)),
        "effects": _plain([dict(effect) for effect in card.effects]),
    }


def definition_from_row(row: Sequence[Any] | Mapping[str, Any]) -> CardDefinition:
    """Build the CardDefinition stored in a row (a mapping or a sequence in CARD_COLUMNS order)."""
    values = row if isinstance(row, Mapping) else dict(zip(CARD_COLUMNS, row))
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
