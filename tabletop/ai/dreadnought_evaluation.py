"""DreadNought position evaluation: the casters' HP cards, the units in the unit slots, the hand.

Reads the state shape of tabletop.games.dreadnought (zones `hp.left/right`, `units.left/right`, `caster.*`,
`hand`) through the rules' `card_values`, never importing the game module. A player loses when every caster
is at 0 HP (DN 1.2), so HP cards weigh most, and the last ones more than the first.
"""
from __future__ import annotations

from tabletop.engine.rules import GameRules
from tabletop.engine.state import GameState
from tabletop.engine.zones import zone_id

SIDES = ("left", "right")
# What a player's n-th HP card (counted over both casters, n = 1…6) is worth: the last ones keep the game alive.
HP_WORTH = (0.0, 12.0, 21.0, 28.0, 33.0, 37.0, 40.0)
BP_UNIT = 100.0          # a unit's BP counts per 100 (a small unit is 80–100 BP)
UNIT_WEIGHT = 1.0        # a unit in a slot, besides its BP
READY_WEIGHT = 0.5       # a Normal-state unit (it can still attack or block this turn)
HAND_WEIGHT = 0.8
ARMS_WEIGHT = 1.0


def _side_score(rules: GameRules, state: GameState, player: str) -> float:
    hp = sum(len(state.zones[zone_id(player, f"hp.{s}")].cards) for s in SIDES)
    score = HP_WORTH[min(hp, len(HP_WORTH) - 1)] + max(0, hp - len(HP_WORTH) + 1) * 3.0
    for side in SIDES:
        for iid in state.zones[zone_id(player, f"units.{side}")].cards:
            try:
                bp = rules.card_value(state, iid, "bp")
            except KeyError:
                bp = 0
            score += UNIT_WEIGHT + bp / BP_UNIT
            if not state.cards[iid].tapped:
                score += READY_WEIGHT
        score += ARMS_WEIGHT * len(state.zones[zone_id(player, f"arms.{side}")].cards)
    return score + HAND_WEIGHT * len(state.zones[zone_id(player, "hand")].cards)


def dreadnought_evaluation(rules: GameRules, state: GameState, player: str) -> float:
    """Score a DreadNought table for `player`: their side's worth minus the opponent's."""
    return _side_score(rules, state, player) - _side_score(rules, state, state.opponent(player))
