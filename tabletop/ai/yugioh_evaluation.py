"""Yu-Gi-Oh! position evaluation for the heuristic and Monte-Carlo bots: LP, monsters by their battle strength,
cards in hand and Set cards, read through the rules' `card_value` and zone names, never importing the game module."""
from __future__ import annotations

from tabletop.engine.rules import GameRules
from tabletop.engine.state import GameState

LP_WEIGHT = 1.0
HAND_CARD = 350.0        # a card in hand: options for later turns
SET_CARD = 300.0         # a Set Spell/Trap: a threat the opponent must respect
FACE_DOWN_MONSTER = 700.0
MONSTER_BASE = 300.0     # a body on the field, whatever its stats (Tributes, materials, a wall)
ATK_SHARE = 0.5          # how much of a monster's ATK counts beyond its body


def _monster_value(rules: GameRules, state: GameState, iid: int) -> float:
    card = state.cards[iid]
    if card.face_down:
        return FACE_DOWN_MONSTER
    strength = rules.card_value(state, iid, "atk") if "atk" in state.definition(iid).stats else 0
    if card.tapped and "def" in state.definition(iid).stats:
        strength = max(strength * 0.5, rules.card_value(state, iid, "def") * 0.6)
    return MONSTER_BASE + ATK_SHARE * strength


def yugioh_evaluation(rules: GameRules, state: GameState, player: str) -> float:
    """Score a state from `player`'s side: LP difference, board strength, hand and Set cards."""
    score = 0.0
    for zone in state.zones.values():
        if not zone.cards:
            continue
        name = zone.spec.name
        if name.startswith(("mmz.", "emz.")):
            for iid in zone.cards:
                value = _monster_value(rules, state, iid)
                score += value if state.cards[iid].controller == player else -value
        elif name.startswith("stz.") or name == "field":
            value = SET_CARD * len(zone.cards)
            score += value if zone.owner == player else -value
        elif name == "hand":
            value = HAND_CARD * len(zone.cards)
            score += value if zone.owner == player else -value
    for owner in state.players:
        lp = state.total(owner, "lp")
        score += LP_WEIGHT * (lp if owner == player else -lp)
    return score
