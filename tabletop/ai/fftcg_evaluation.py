"""Final Fantasy TCG position evaluation: damage clock, Forwards and their Power, Backups, hand.

Reads the state shape of tabletop.games.fftcg (zones `field`, `damage`, `hand`, `break`;
card types forward/backup/monster; current Power through the rules' `card_values`).
"""
from __future__ import annotations

from tabletop.engine.rules import GameRules
from tabletop.engine.state import GameState
from tabletop.engine.zones import zone_id

# Cost of the n-th damage (FFTCG 1.5(a): seven damage loses in Constructed).
DAMAGE_COST = (0.0, 1.5, 3.0, 4.5, 6.5, 9.0, 13.0, 40.0)
HAND_WEIGHT = 1.0
FORWARD_WEIGHT = 1.5
POWER_UNIT = 4000.0
BACKUP_WEIGHT = 2.0      # CP every turn (FFTCG 11.1); at most 5 Backups (4.10)
MAX_BACKUPS = 5
MONSTER_WEIGHT = 1.0


def fftcg_evaluation(rules: GameRules, state: GameState, player: str) -> float:
    """Score an FFTCG table for `player` (positive is good)."""
    score = 0.0
    for owner in state.players:
        sign = 1.0 if owner == player else -1.0
        side = 0.0
        damage = len(state.zones[zone_id(owner, "damage")].cards)
        side -= DAMAGE_COST[min(damage, len(DAMAGE_COST) - 1)]
        side += HAND_WEIGHT * len(state.zones[zone_id(owner, "hand")].cards)
        backups = 0
        for iid in state.zones[zone_id(owner, "field")].cards:
            if state.cards[iid].controller != owner:
                continue
            kind = state.definition(iid).card_type
            if kind == "forward":
                try:
                    power = rules.card_value(state, iid, "power")
                except KeyError:
                    power = state.definition(iid).stat("power")
                side += FORWARD_WEIGHT + max(0, power) / POWER_UNIT
            elif kind == "backup":
                backups += 1
            else:
                side += MONSTER_WEIGHT
        side += BACKUP_WEIGHT * min(backups, MAX_BACKUPS)
        score += sign * side
    return score
