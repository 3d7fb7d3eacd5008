"""Which card rows are other printings of one card, and which cards are variants ranked after originals.

A row is another printing of a card (search shows the card once and lists its printings
beneath it) when both have the same name and the original is not an alias itself, and
- the row's `attributes["alias"]` names the original: Yu-Gi-Oh! databases give every
  alternate artwork a row of its own whose `alias` is the original passcode (an alias row
  with another name, Pacifis "treated as Umi", stays a card of its own); or
- the row has no alias and prints exactly what a card with a smaller code prints
  (type, cost, stats, text): a reprint under another code.

A Yu-Gi-Oh! card from none of the official scopes (OCG, TCG, pre-release) is a variant —
anime, video-game, custom or Rush — and search ranks it after the originals.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from tabletop.engine.cards import CardDefinition

OFFICIAL_SCOPES = frozenset({"OCG", "TCG", "Pre-release"})

# Recomputes `printing_of` for every row of one game (the one parameter), so an original
# imported after its alternate arts, or changed, is followed. `+o.code` keeps SQLite on
# ix_cards_game_name (by code it scans the whole game for every row: minutes, not milliseconds).
_MARK_PRINTINGS = (
    "UPDATE cards SET printing_of = ("
    "SELECT o.code FROM cards AS o WHERE o.game = cards.game AND o.name = cards.name AND o.id <> cards.id "
    "AND json_extract(o.attributes, '$.alias') IS NULL "
    "AND (o.code = json_extract(cards.attributes, '$.alias') "
    "OR (json_extract(cards.attributes, '$.alias') IS NULL AND +o.code < cards.code "
    "AND o.card_type = cards.card_type AND o.cost IS cards.cost AND o.stats = cards.stats AND o.text = cards.text)) "
    "ORDER BY +o.code LIMIT 1) "
    "WHERE game = ?"
)


def is_same_card(card: CardDefinition, other: CardDefinition) -> bool:
    """Tell whether two cards are printings of one card by the rules above, for cards in no database.

    The same test as `_MARK_PRINTINGS`, either way round: same game and name (any case), and an alias
    naming the other, or, without aliases, the same type, cost, stats and text.
    """
    if card.game != other.game or card.name.casefold() != other.name.casefold():
        return False
    if card.id == other.id:
        return True
    alias, other_alias = card.attributes.get("alias"), other.attributes.get("alias")
    if alias is not None or other_alias is not None:
        return str(alias) == other.id or str(other_alias) == card.id
    return (card.card_type, card.cost, dict(card.stats), card.text) == (
        other.card_type, other.cost, dict(other.stats), other.text)


def variant_rank(game: str, attributes: Mapping[str, Any]) -> int:
    """Return 0 for an original card, 1 for a variant that search lists after the originals."""
    if game != "yugioh":
        return 0
    scope = attributes.get("scope")
    if not isinstance(scope, list) or not scope:
        return 0
    return 0 if OFFICIAL_SCOPES.intersection(scope) else 1


def mark_printings(connection: Connection, games: set[str]) -> None:
    """Set `printing_of` of every row of `games` from the cards now stored (caller's transaction)."""
    for game in sorted(games):
        connection.exec_driver_sql(_MARK_PRINTINGS, (game,))
