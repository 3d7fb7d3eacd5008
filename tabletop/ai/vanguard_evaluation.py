"""Cardfight!! Vanguard position evaluation: damage clock, vanguard grade, rear-guards, hand, the battle at hand.

Reads the state shape of tabletop.games.vanguard (zones `vc`, `rc.*`, `gc`, `damage`, `soul`,
`hand`; `data["battle"]` with attacker/target/defender while a battle is on) through the
rules' `card_values`, never importing the game module.
"""
from __future__ import annotations

from tabletop.engine.decision import Decision
from tabletop.engine.rules import GameRules
from tabletop.engine.state import GameState
from tabletop.engine.zones import zone_id

# Cost of the n-th damage card (VG 1.2: six damage loses): the fifth hurts far more than the first.
# No change measured beat these weights: a heuristic bot with one change, against this one over 200 games,
# won 38.5% with HAND_WEIGHT 2.0, 34.5% with 0.8, 45.5% with damage costing (0, 3, 6, 9.5, 13.5, 19, 40),
# 38.0% with (0, 0.5, 1.5, 3, 5.5, 10, 40) and hand 1.5, 48.5% with REAR_GUARD_WEIGHT 0.3, 43.5% with the turn
# player's rested units at printed power, 22% with hand cards' shield counted by the next damage's cost
# (0.5 × cost × shield / 10000); unchanged, the same harness gave 45.5% and 47.5%. The Monte-Carlo bot given
# its own such evaluation won 87/200 and 88/200 against the heuristic; its lookahead scoring the turn player's
# rested units without the power they have until end of turn (with the guard model and the triggers played
# through, noted in lookahead.py): 46/100.
DAMAGE_COST = (0.0, 2.0, 4.5, 7.5, 11.5, 17.0, 40.0)
HAND_WEIGHT = 1.2
GRADE_WEIGHT = 2.5
POWER_UNIT = 5000.0
REAR_GUARD_WEIGHT = 1.0
SOUL_WEIGHT = 0.3


def _value(rules: GameRules, state: GameState, iid: int, name: str) -> int:
    """Return a card's current power or critical (effects included), or its printed grade or shield."""
    if name in ("grade", "shield"):   # no effect changes these in the vanguard module's card_values
        return state.definition(iid).stat(name)
    try:
        return rules.card_value(state, iid, name)
    except (KeyError, ValueError):
        return state.definition(iid).stat(name)


def _rear_guard_circles(state: GameState, owner: str) -> list[str]:
    """Return the zone ids of a player's rear-guard circles (`rc.*`; a game's zones never change)."""
    return state.memo_keyed(("vanguard_evaluation.rc", owner), len(state.zones), lambda: [
        zone.id for zone in state.zones.values() if zone.owner == owner and zone.name.startswith("rc.")])


def _damage_cost(count: int) -> float:
    return DAMAGE_COST[min(count, len(DAMAGE_COST) - 1)]


def vanguard_evaluation(rules: GameRules, state: GameState, player: str) -> float:
    """Score a Vanguard table for `player` (positive is good)."""
    score = 0.0
    for owner in state.players:
        sign = 1.0 if owner == player else -1.0
        side = 0.0
        damage = len(state.zones[zone_id(owner, "damage")].cards)
        side -= _damage_cost(damage)
        side += HAND_WEIGHT * len(state.zones[zone_id(owner, "hand")].cards)
        vanguard = state.zones[zone_id(owner, "vc")].cards
        if vanguard:
            side += GRADE_WEIGHT * _value(rules, state, vanguard[0], "grade")
            side += _value(rules, state, vanguard[0], "power") / POWER_UNIT
        for circle in _rear_guard_circles(state, owner):
            cards = state.zones[circle].cards
            if cards:
                side += REAR_GUARD_WEIGHT + _value(rules, state, cards[0], "power") / POWER_UNIT
        soul = state.zones.get(zone_id(owner, "soul"))
        side += SOUL_WEIGHT * (len(soul.cards) if soul else 0)
        score += sign * side
    return score + _battle_outlook(rules, state, player)


def _battle_outlook(rules: GameRules, state: GameState, player: str) -> float:
    """Score the battle being fought: a hit that the guard does not stop costs the defender (VG 6.6)."""
    battle = state.data.get("battle")
    if not isinstance(battle, dict) or "hit" in battle:
        return 0.0
    attacker, target, defender = battle.get("attacker"), battle.get("target"), battle.get("defender")
    if attacker not in state.cards or target not in state.cards or defender not in state.players:
        return 0.0
    attack = _value(rules, state, attacker, "power")
    defense = _value(rules, state, target, "power")
    guard_zone = state.zones.get(zone_id(defender, "gc"))
    if guard_zone is not None:
        defense += sum(_value(rules, state, i, "shield") for i in guard_zone.cards)
    if attack < defense:
        return 0.0
    if rules.card_fact(state, target, "vanguard"):   # on VC, or a rear-guard made a vanguard (a hit deals damage)
        damage = len(state.zones[zone_id(defender, "damage")].cards)
        critical = max(1, _value(rules, state, attacker, "critical"))
        loss = _damage_cost(damage + critical) - _damage_cost(damage)
    else:
        loss = REAR_GUARD_WEIGHT + _value(rules, state, target, "power") / POWER_UNIT
    return loss if defender != player else -loss


def is_battle_settled(rules: GameRules, state: GameState, decision: Decision) -> bool:
    """Tell whether `_battle_outlook` already scores the battle an opponent is about to guard against.

    So it does when the attacker is not a vanguard: no drive check is to come (VG 6.4), and an
    unguarded hit does what the outlook counts. A vanguard's attack is played out for its drive checks.
    """
    if decision.name != "guard":
        return False
    battle = state.data.get("battle")
    attacker = battle.get("attacker") if isinstance(battle, dict) else None
    return attacker in state.cards and not rules.card_fact(state, attacker, "vanguard")
