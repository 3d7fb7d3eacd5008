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


# The Monte-Carlo bot's evaluation (`evaluation.DEEP_EVALUATIONS`) also counts the battles still to come: what the turn
# player's monsters that may still attack this turn would win, and what the other player's monsters would win in its
# next turn against the board as it stands (the retaliation a monster left in Attack Position invites).
BATTLE_NOW_SHARE = 0.5    # of the turn player's attacks still to come this turn (its bot may still think better)
BATTLE_NEXT_SHARE = 0.5   # of the other player's attacks next turn (it may summon more, or be answered by a trap)
BATTLE_PHASES = ("draw", "standby", "main1", "battle")
# Measured (benchmarks/ai_strength.py --game yugioh --mc-games 40 --clock cpu --jobs 2, bundled decks, load ~14 on
# 2 cores): Monte-Carlo 300 ms against the heuristic won 27/40 = 67.5% (CI 52.0-79.9%), 1 draw; with the heuristic's
# evaluation alone it had won 14/30 and 30/48 on main.


def _attack_gain(rules: GameRules, state: GameState, power: int, defender: int) -> float:
    """Return what an attack of `power` ATK into `defender` wins for the attacker (≤ 0: not worth declaring)."""
    card = state.cards[defender]
    stats = state.definition(defender).stats
    if card.tapped or card.face_down:   # Defense Position: destroyed or not, no damage to its controller
        guard = rules.card_value(state, defender, "def") if "def" in stats else 0
        if power > guard:
            return _monster_value(rules, state, defender)
        return -float(max(guard - power, 1))
    other = rules.card_value(state, defender, "atk") if "atk" in stats else 0
    if power > other:
        return _monster_value(rules, state, defender) + LP_WEIGHT * (power - other)
    return -1.0


def battle_gain(rules: GameRules, state: GameState, attackers: list[int], foe: str) -> float:
    """Return what `attackers` would win attacking `foe`'s board, strongest first, each into its best target.

    A greedy estimate (YGO 6.4's damage by position, 6.2's direct attack only into an empty board): each attacker
    destroys the defender that gains most, attacks directly once `foe` has no monster left, and does not attack
    where it would lose. Face-down defenders are read from the (determinised) copy.
    """
    defenders = monsters_of(state, foe)
    powers = sorted((rules.card_value(state, iid, "atk") for iid in attackers
                     if "atk" in state.definition(iid).stats), reverse=True)
    gain = 0.0
    for power in powers:
        if not defenders:
            gain += LP_WEIGHT * power
            continue
        best, value = max(((d, _attack_gain(rules, state, power, d)) for d in defenders), key=lambda dv: dv[1])
        if value > 0:
            gain += value
            defenders.remove(best)
    return gain


def monsters_of(state: GameState, player: str) -> list[int]:
    """Return the monsters `player` controls (Main and Extra Monster Zones)."""
    return [iid for zone in state.zones.values() if zone.spec.name.startswith(("mmz.", "emz."))
            for iid in zone.cards if state.cards[iid].controller == player]


def yugioh_deep_evaluation(rules: GameRules, state: GameState, player: str) -> float:
    """Score a state as `yugioh_evaluation` does, plus the battles to come (the turn player's rest of this turn, the
    other player's next turn), each counted for a share of what a greedy attack order would win."""
    score = yugioh_evaluation(rules, state, player)
    active = state.active
    waiting = state.opponent(active)
    if state.turn > 1 and state.phase in BATTLE_PHASES:   # YGO 4.4: no Battle Phase in the Duel's first turn
        ready = [iid for iid in monsters_of(state, active) if not state.cards[iid].face_down
                 and not state.cards[iid].tapped and state.cards[iid].props.get("attacked") != state.turn]
        now = BATTLE_NOW_SHARE * battle_gain(rules, state, ready, waiting)
        score += now if active == player else -now
    # next turn every monster may attack: a Defense Position or Set one may change its position first (YGO 5.3)
    later = BATTLE_NEXT_SHARE * battle_gain(rules, state, monsters_of(state, waiting), active)
    return score + (later if waiting == player else -later)
