"""The Light/Dark limit (FFTCG 12.4.7) and the texts widening it ("You can play 2 or more Light Characters onto the
field", "<self> can be played onto the field even if you control other Light Characters").

A player may control one Light or Dark Character. While a card they control has a working `light_dark_many` field
ability of an Element, all their Characters of that Element count as one toward the limit; a card printing
`light_dark_ignored` may be played while its controller's other Light/Dark Characters are all of its own Element.
"""
from __future__ import annotations

from tabletop.engine.state import GameState
from tabletop.games.fftcg.continuous import active_field_abilities, field_cards
from tabletop.games.fftcg.printed import PrintedFacts, printed_index

LIGHT_DARK = ("light", "dark")


def _many_of(state: GameState, player: str) -> frozenset[str]:
    """Return the Elements (light, dark) of which `player` may control several Characters now."""
    if not printed_index(state).library_has("field:light_dark_many"):
        return frozenset()  # the common case: no card of the game has such an ability
    return frozenset(str(a["element"]) for a in active_field_abilities(state)
                     if a["effect"] == "light_dark_many" and a["controller"] == player)


def _element_of(facts: PrintedFacts) -> str | None:
    return next((element for element in facts.elements if element in LIGHT_DARK), None)


def controlled(state: GameState, player: str) -> list[int]:
    """Return the Light or Dark Characters a player controls on the field."""
    index = printed_index(state)
    return [i for i in field_cards(state, player) if index[state.cards[i].card_id].light_or_dark]


def is_over_limit(state: GameState, player: str, cards: list[int]) -> bool:
    """Tell whether these Light/Dark Characters of `player` break the limit (FFTCG 12.4.7): two or more, those of an
    Element the player may have many of counting as one."""
    many = _many_of(state, player)
    index = printed_index(state)
    groups = set()
    for iid in cards:
        element = _element_of(index[state.cards[iid].card_id])
        groups.add(element if element in many else iid)
    return len(groups) >= 2


def may_play(state: GameState, player: str, facts: PrintedFacts) -> bool:
    """Tell whether `player` may play a Light or Dark Character with these printed facts: no other Light/Dark one on
    their field, or only ones of its Element while a text lets them have several of it or lets it come anyway."""
    others = controlled(state, player)
    if not others:
        return True
    element = _element_of(facts)
    same = all(_element_of(printed_index(state)[state.cards[i].card_id]) == element for i in others)
    return same and (facts.light_dark_ignored or element in _many_of(state, player))
