"""What an opponent whose deck list a bot does not know could hold: per game, a guessed list built from the card pool.

Without a guess, `determinize` imagines the opponent's hidden cards from the cards of theirs already seen, drawn
with repeats: early in a DreadNought game those are the two casters, so the imagined hand, Speed Area and deck hold
casters (which no deck holds, DN 2.1) and none of the codes whose 「Re」 reactions could turn a battle. A game's entry
here lists instead every card the deck rules let that opponent bring, as often as a deck may hold it: the imagined
cards are then dealt from what the opponent could hold.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable

from tabletop.ai.bot import Knowledge
from tabletop.ai.determinize import FILLER
from tabletop.engine.cards import CardLibrary
from tabletop.engine.view import View
from tabletop.engine.zones import zone_id
from tabletop.games.dreadnought.construction import deck_problem

PossibleDeck = Callable[[View, CardLibrary, str], list[str]]
"""(the viewer's view, the card pool, the opponent) -> card ids the opponent's deck could hold, with repeats."""

DREADNOUGHT_COPIES = 4   # DN 2.2: at most 4 cards of a name (a card raising its own limit is counted at 4)
DREADNOUGHT_CASTER_ZONES = ("caster.left", "caster.right")


def dreadnought_possible_deck(view: View, library: CardLibrary, owner: str) -> list[str]:
    """Return every card the opponent's casters let their deck hold (DN 2.2–2.3), DREADNOUGHT_COPIES of each;
    [] while their casters are not in view (the seen cards are used instead)."""
    casters = [card.card_id for name in DREADNOUGHT_CASTER_ZONES for card in view.zones.get(zone_id(owner, name), ())
               if card.card_id is not None]
    if len(casters) != 2:
        return []
    allowed = [card.id for card in library.values()
               if card.card_type != "caster" and card.id != FILLER   # DN 2.1: casters are not part of the deck
               and deck_problem(owner, {"casters": casters, "main": [card.id]}, library) is None]
    return [card_id for card_id in allowed for _ in range(DREADNOUGHT_COPIES)]


POSSIBLE_DECKS: dict[str, PossibleDeck] = {"dreadnought": dreadnought_possible_deck}
"""Per game, the guessed deck list of an opponent whose list is unknown (`determinize.unseen_pools`)."""


def with_guessed_opponent_deck(view: View, knowledge: Knowledge) -> Knowledge:
    """Return `knowledge` with the opponent's deck list guessed (POSSIBLE_DECKS) when it is unknown and the game has
    a guess; otherwise `knowledge` itself."""
    guess = POSSIBLE_DECKS.get(knowledge.rules.id)
    if knowledge.opponent_deck is not None or guess is None:
        return knowledge
    opponent = next((p for p in knowledge.rules.players if p != knowledge.player), None)
    cards = guess(view, knowledge.library, opponent) if opponent is not None else []
    return dataclasses.replace(knowledge, opponent_deck={"main": cards}) if cards else knowledge

