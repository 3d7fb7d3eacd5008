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

# Features measured in the heuristic (the heuristic with the feature against the unchanged one, 200 games, decks
# and seats swapped, seed 7 unless said; the unchanged bot in the same harness: 52.5%): a card of the next grade
# in hand worth 1.0: 56.5%, worth 2.0 and 1.0 more for the grade after: 57.0%, worth 3.0: 50.0%; a stride's cost
# in hand 1.5: 49.0%; `next_turn_loss` at weight 1.0: 57.5% and 52.5% (seed 8), 0.5: 48.5%, 1.5: 51.0% (seed 8);
# the loss at 1.0 with the next grade at 1.0: 58.0% (seed 8). None is clearly stronger over 200 games (±7 points),
# and the loss costs the heuristic a tenth more time, so they went to the Monte-Carlo bot alone:
# its evaluation (`vanguard_deep_evaluation`) adds what the next turn holds:
# a card in hand of each of the next grades up to 3 (the next ride first: Premium has no ride deck),
RIDE_WEIGHTS = (1.0, 0.5, 0.25)
# and what the opponent's next attacks would cost (`next_turn_loss`), each drive check a trigger this often
# (16 triggers in a 50-card deck, a little under a third).
THREAT_WEIGHT = 1.0
TRIGGER_RATE = 0.3
TRIGGER_POWER = 10000   # what a trigger gives (VG 6.5: +10000 on V cards)
# What a card of a hand the scorer cannot see is taken to shield (a deck of 16 triggers at 10000, 19 grade 1
# and 2 units at 5000 and 14 cards without shield gives about 5000 a card).
HIDDEN_SHIELD = 5000
# A column: the front circle that attacks and the back circle whose unit boosts it (VG 2.2, 6.2).
COLUMNS = (("vc", "rc.back_center"), ("rc.front_left", "rc.back_left"), ("rc.front_right", "rc.back_right"))
# The power a strode vanguard falls back to at the end of its turn (a grade 3 heart card's, VG 5.3).
HEART_POWER = 11000.0


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


def _attack_powers(state: GameState, attacker: str) -> list[float]:
    """Return the power each column of `attacker` would attack with next turn (printed power, boost, drive)."""
    powers = []
    for front, back in COLUMNS:
        cards = state.zones[zone_id(attacker, front)].cards
        if not cards:
            continue
        unit = state.definition(cards[0])
        power = float(unit.stat("power"))
        behind = state.zones[zone_id(attacker, back)].cards
        if behind:
            booster = state.definition(behind[0])
            if "boost" in booster.keywords:
                power += booster.stat("power")
        if front == "vc":
            drives = 3 if "triple_drive" in unit.keywords else 2 if "twin_drive" in unit.keywords else 1
            power += drives * TRIGGER_RATE * TRIGGER_POWER
        powers.append(power)
    return powers


def next_turn_loss(state: GameState, defender: str, hand_seen: bool = True) -> float:
    """Return what the opponent's next attacks would cost `defender`: the hits let through plus the guards spent.

    Every column of the opponent attacks the defender's vanguard (printed powers, boosts, each drive check a
    trigger TRIGGER_RATE of the time); the defender guards the attacks that need the least shield first with
    its largest shields (a sentinel and one more card against an attack that needs more than 10000), and
    stops guarding where a further guard would cost more hand than the hit it stops. Without `hand_seen` (a hand the scorer only imagines) each card counts as HIDDEN_SHIELD and none as a
    sentinel: a guess that changes from deal to deal would make the same board score differently each time.
    """
    vanguard = state.zones[zone_id(defender, "vc")].cards
    if not vanguard:
        return 0.0
    unit = state.definition(vanguard[0])
    defense = HEART_POWER if unit.card_type == "g_unit" else float(unit.stat("power"))
    attacker = state.opponent(defender)
    needs = sorted(p - defense + 1 for p in _attack_powers(state, attacker) if p >= defense)
    if not needs:
        return 0.0
    hand = state.zones[zone_id(defender, "hand")].cards
    if hand_seen:
        shields = sorted((state.definition(i).stat("shield") for i in hand), reverse=True)
        sentinels = sum(1 for i in hand if "sentinel" in state.definition(i).keywords)
    else:
        shields, sentinels = [HIDDEN_SHIELD] * len(hand), 0
    damage = len(state.zones[zone_id(defender, "damage")].cards)
    hits = len(needs)
    best = _damage_cost(damage + hits) - _damage_cost(damage)
    used = 0
    pool = [s for s in shields if s > 0]
    for need in needs:
        if sentinels and len(hand) - used >= 2 and need > 10000:
            sentinels -= 1
            used += 2
        else:
            got = 0
            while got < need and pool:
                # the smallest shield that closes the gap, else the largest (pool is sorted largest first)
                fits = [k for k, shield in enumerate(pool) if shield >= need - got]
                got += pool.pop(fits[-1] if fits else 0)
                used += 1
            if got < need:
                break
        hits -= 1
        best = min(best, _damage_cost(damage + hits) - _damage_cost(damage) + HAND_WEIGHT * used)
    return best


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


def vanguard_deep_evaluation(rules: GameRules, state: GameState, player: str) -> float:
    """Score a Vanguard table as `vanguard_evaluation` does, plus the next turn's ride and the next attacks' cost.

    The Monte-Carlo bot's evaluation. The ride counts only for `player` and the opponent's hand is not
    looked at (each card HIDDEN_SHIELD), so that a board scores the same on every imagined deal: with the
    imagined hand read, the lookahead's best follow-up per deal made a Move (followed by the call that deal
    liked best) outscore every call averaged over the deals, and the bot moved a unit back and forth for
    hundreds of decisions. Averaging still counts the draws after a mulligan and the drive checks. A call
    costs about 160 µs instead of 45; given to the heuristic, its decisions took a tenth more time (495
    decisions of 6 games: p95 11.4 -> 12.7 ms of CPU on a loaded machine), which its 10 ms budget does not have.
    """
    score = vanguard_evaluation(rules, state, player)
    for owner in state.players:
        sign = 1.0 if owner == player else -1.0
        vanguard = state.zones[zone_id(owner, "vc")].cards
        if vanguard and owner == player:   # the opponent's hand is a guess (see next_turn_loss)
            grade = _value(rules, state, vanguard[0], "grade")
            if grade < 3:
                held = {state.definition(i).stat("grade") for i in state.zones[zone_id(owner, "hand")].cards}
                score += sign * sum(weight for step, weight in enumerate(RIDE_WEIGHTS, 1)
                                    if grade + step <= 3 and grade + step in held)
        score -= sign * THREAT_WEIGHT * next_turn_loss(state, owner, hand_seen=owner == player)
    return score
