"""Rear-guard vanguards: units on a rear-guard circle that a vanguard's CONT makes vanguards (seed 《光辉骑士团》 二).

Card data says it with a CONT step `{effect: become_vanguard, filter: {name: NAME}}` on the vanguard
(V-series "Solitary Knight, Gancelot" style): while that CONT holds, its controller's units on their own RCs
that pass the filter are also vanguards. The status is read from the board, never stored, so it starts the
instant such a unit is placed (its "when placed on VC" abilities trigger, seed line 60) and ends the instant
the CONT stops (the granting vanguard left, was ridden over or was deleted, seed line 62).

What such a unit counts as (DECISIONS.md): a vanguard for "your vanguards", attacks (a hit deals damage),
drive checks and zone tags [V]; not a rear-guard (the seed says it "goes back to being a rear-guard"), so
"your rear-guards", retire, Move, Intercept and calls onto its circle leave it alone; "your vanguard" (one,
the grade that limits calls, Stride, G guardian) stays the unit on VC. Stride goes only onto the VC.
"""
from __future__ import annotations

from typing import Any

from tabletop.engine.state import GameState
from tabletop.engine.zones import zone_id
from tabletop.games.vanguard import abilities
from tabletop.games.vanguard.circles import ACCEL_CIRCLES, REAR_CIRCLES, is_rear_circle

BECOME_VANGUARD = "become_vanguard"
# state.reading[COMPUTING]: players whose rear-guard vanguards are being computed: a condition read meanwhile
# (e.g. counting rear-guards) sees none, instead of asking again forever.
COMPUTING = "vanguard.rear_vanguards"


def makes_vanguards(ability: dict[str, Any]) -> bool:
    """Tell whether an ability is a CONT that makes rear-guards vanguards."""
    return ability.get("kind") == "cont" and any(
        step.get("effect") == BECOME_VANGUARD for step in ability.get("do", ()))


def mentions_effect(value: Any, name: str) -> bool:
    """Tell whether card data (abilities, steps, nested abilities) names the effect `name` anywhere."""
    if isinstance(value, dict):
        return value.get("effect") == name or any(mentions_effect(v, name) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(mentions_effect(v, name) for v in value)
    return False


def rear_vanguards(state: GameState, player: str) -> tuple[int, ...]:
    """Return `player`'s units on their own rear-guard circles that are also vanguards now."""
    granters = abilities.ability_index(state).vanguard_granters  # cards that may make rear-guard vanguards
    if not granters:
        return ()  # the usual case: no card of the game says it
    vc = state.zones[zone_id(player, "vc")].cards
    if not vc:
        return ()
    granter = vc[0]
    if state.cards[granter].card_id not in granters and not state.data.get("abilities_gained"):
        return ()  # the vanguard cannot have such a CONT: it prints none, and no effect gave abilities
    if player in state.reading.get(COMPUTING, ()):
        return ()
    # Per state version, not per board: the CONT's condition may read the turn and the game's data facts.
    key = (COMPUTING, player)
    values = state.memo_values  # state.memo, inlined: asked for every unit moved, called or listed
    found = values.get(key)
    if found is None:
        found = values[key] = _compute(state, player, granter)
    return found  # type: ignore[no-any-return]


def _compute(state: GameState, player: str, granter: int) -> tuple[int, ...]:
    from tabletop.games.vanguard.abilities import abilities_of, condition_holds, keyword_valid, zone_tag_holds
    from tabletop.games.vanguard.effects import filter_cards

    card = state.cards[granter]
    if card.controller != player:
        return ()  # seed Dominate 18: a dominated vanguard is not its owner's, and its CONTs are the dominator's
    computing = state.reading.setdefault(COMPUTING, set())
    computing.add(player)
    try:
        filters = [step.get("filter") for ability in abilities_of(state, granter) if makes_vanguards(ability)
                   and zone_tag_holds(state, granter, ability.get("zone"))
                   and keyword_valid(state, granter, ability, player)
                   and condition_holds(state, ability.get("if"), granter, player)
                   for step in ability["do"] if step.get("effect") == BECOME_VANGUARD]
        if not filters:
            return ()
        cards = state.cards
        units = [iid for name in (*REAR_CIRCLES, *ACCEL_CIRCLES) if zone_id(player, name) in state.zones
                 for iid in state.zones[zone_id(player, name)].cards
                 if cards[iid].controller == player and not cards[iid].props.get("locked")]
        found: set[int] = set()
        for filt in filters:
            found.update(filter_cards(state, units, filt, granter, player))
        return tuple(iid for iid in units if iid in found)
    finally:
        computing.discard(player)


def is_rear_vanguard(state: GameState, iid: int) -> bool:
    """Tell whether a card is a unit on a rear-guard circle that is also a vanguard now."""
    card = state.cards[iid]
    return is_rear_circle(card.zone) and iid in rear_vanguards(state, card.controller)


def is_vanguard(state: GameState, iid: int) -> bool:
    """Tell whether a card is a vanguard: on a VC, or a rear-guard vanguard."""
    zone = state.cards[iid].zone
    return zone.endswith(".vc") or is_rear_vanguard(state, iid)
