"""DreadNought position evaluation: the casters' HP cards, the units in the unit slots, the hand.

Reads the state shape of tabletop.games.dreadnought (zones `hp.left/right`, `units.left/right`, `caster.*`,
`hand`; `data["battle"]` with attackers, defender, side and blocker while an attack is on) through the rules'
`card_value`, never importing the game module. A battle still on is scored by what its damage will do (the
lookahead stops at the attacker's own reaction pass, before the damage). A player loses when every caster
is at 0 HP (DN 1.2), so HP cards weigh most, and the last ones more than the first.
"""
from __future__ import annotations

from tabletop.engine.decision import Decision
from tabletop.engine.rules import GameRules
from tabletop.engine.state import GameState
from tabletop.engine.zones import zone_id

SIDES = ("left", "right")
# What a player's n-th HP card (counted over both casters, n = 1…6) is worth: the last ones keep the game alive.
HP_WORTH = (0.0, 12.0, 21.0, 28.0, 33.0, 37.0, 40.0)
BP_UNIT = 100.0          # a unit's BP counts per 100 (a small unit is 80–100 BP)
UNIT_WEIGHT = 1.0        # a unit in a slot, besides its BP
READY_WEIGHT = 0.0       # a Normal-state unit (it can attack this turn; blocking needs no Normal state, DN 6.1.4)
CASTER_HP_VALUE = 100    # the rules' default `caster_hp_value` (DN 6.3 [?])
HAND_WEIGHT = 0.8
ARMS_WEIGHT = 1.0


def _bp(rules: GameRules, state: GameState, iid: int) -> int:
    try:
        return rules.card_value(state, iid, "bp")
    except KeyError:
        return 0


def _battle_losses(rules: GameRules, state: GameState) -> tuple[str | None, int, set[int]]:
    """Return the defender, the HP cards and the units the battle on will cost them (the defender's best block
    when none is chosen yet)."""
    battle = state.data.get("battle")
    if not battle:
        return None, 0, set()
    defender, side = battle["defender"], battle["side"]
    damage = sum(_bp(rules, state, i) for i in battle.get("attackers", ()) if i in state.cards
                 and state.zones[state.cards[i].zone].name.startswith("units."))
    units = list(state.zones[zone_id(defender, f"units.{side}")].cards)
    caster = state.zones[zone_id(defender, f"caster.{side}")].cards
    hp = len(state.zones[zone_id(defender, f"hp.{side}")].cards)
    outcomes = []
    for unit in units:
        if damage >= _bp(rules, state, unit):
            outcomes.append((1 if len(units) == 1 and hp else 0, {unit}))
        else:
            outcomes.append((0, set()))
    if caster and hp:
        outcomes.append((1 if damage >= CASTER_HP_VALUE else 0, set()))
    blocker = battle.get("blocker")
    if blocker is not None:
        if blocker in units:
            return defender, *outcomes[units.index(blocker)]
        return defender, outcomes[-1][0] if outcomes else 0, set()
    if not outcomes:
        return defender, 0, set()
    return defender, *min(outcomes, key=lambda o: (o[0], len(o[1])))


def _side_score(rules: GameRules, state: GameState, player: str, lost: tuple[str | None, int, set[int]]) -> float:
    defender, hp_lost, units_lost = lost
    hp = sum(len(state.zones[zone_id(player, f"hp.{s}")].cards) for s in SIDES)
    if defender == player:
        hp = max(0, hp - hp_lost)
    score = HP_WORTH[min(hp, len(HP_WORTH) - 1)] + max(0, hp - len(HP_WORTH) + 1) * 3.0
    for side in SIDES:
        for iid in state.zones[zone_id(player, f"units.{side}")].cards:
            if iid in units_lost:
                continue
            score += UNIT_WEIGHT + _bp(rules, state, iid) / BP_UNIT
            if not state.cards[iid].tapped:
                score += READY_WEIGHT
        score += ARMS_WEIGHT * len(state.zones[zone_id(player, f"arms.{side}")].cards)
    return score + HAND_WEIGHT * len(state.zones[zone_id(player, "hand")].cards)


def dreadnought_evaluation(rules: GameRules, state: GameState, player: str) -> float:
    """Score a DreadNought table for `player`: their side's worth minus the opponent's."""
    lost = _battle_losses(rules, state)
    return _side_score(rules, state, player, lost) - _side_score(rules, state, state.opponent(player), lost)


def is_block_settled(rules: GameRules, state: GameState, decision: Decision) -> bool:
    """Tell whether the evaluation already scores the battle an opponent is about to block: it always does.

    `_battle_losses` scores an attack with no blocker yet by the defender's best block (DN 6.1.4), so a
    lookahead stops at the block instead of assuming a passive defender who blocks with the first card listed.
    """
    return decision.name == "block" and bool(state.data.get("battle"))
