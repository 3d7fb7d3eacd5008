"""DreadNought candidates worth trying: of the attack groups that end a battle alike, the one that uses the least
BP; of the dummies cast into a slot, one (`sensible_commands`, the bots' narrowing, `heuristic.NARROWED_BY_GAME`).

The rules list every non-empty group of ready units at every enemy battle area (DN 6.1.1–3): with four units, 30
attacks, most of them the same battle with more units checked than it needs. Units checked by an attack cannot
attack again this turn, so a group is kept only when no group of less BP at the same area ends the battle the same
way against the defender's best block (`dreadnought_evaluation.best_block`). Reads attacks by their `attackers` and
`side` fields, never importing the game module.

Measured (the 60 games of benchmarks/ai_strength.py, seed 1, 300 ms CPU, decks and seats alternating; commit 7b7bcbc,
load 9-13 on 2 cores): the Monte-Carlo bot with these attacks and the opponent's reactions tried out
(lookahead.CONSIDERED_DECISIONS) won 33/60 against the heuristic (55.0 %, CI 42.5-66.9 %), 40-130 deals a decision.
The decks decided nearly every game: with the first bundled deck (Crimson Tide Pact) the bot won 29/30, with the
second 4/30, from either seat; a bot can show its strength only in the few games the weaker deck can win.
The heuristic narrows its candidates the same way since issue 20's decision-time work: of 651 recorded decisions,
those of the Action Phase with 31-41 candidates kept 5-16 of them, those of the Cast Phase with 25-31 kept 11-17.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence

from tabletop.ai.dreadnought_evaluation import best_block, hp_value, seat, unit_bp
from tabletop.engine.commands import Command
from tabletop.engine.rules import GameRules
from tabletop.engine.state import GameState

DUMMY = "CastDummy"   # the game's command casting a card closed as a dummy (DN 5.3 b), read by its name


def sensible_attacks(rules: GameRules, state: GameState, candidates: Sequence[Command]) -> list[Command]:
    """Return the candidates without the attacks that a group of less BP at the same area ends the same way
    (the same best block); other commands are kept, in their order."""
    attacks = [c for c in candidates if isinstance(getattr(c, "attackers", None), tuple) and hasattr(c, "side")]
    if len(attacks) < 2:
        return list(candidates)
    defender = seat(rules, state, state.opponent(attacks[0].by))
    caster_value = hp_value(state)
    best: dict[Hashable, tuple[tuple[int, int], Command]] = {}
    for attack in attacks:
        attackers: tuple[int, ...] = getattr(attack, "attackers")
        side: str = getattr(attack, "side")
        damage = sum(unit_bp(rules, state, i) for i in attackers)
        block = best_block(defender, side, damage, caster_value)
        key = (side, block)
        cost = (damage, len(attackers))
        if key not in best or cost < best[key][0]:
            best[key] = (cost, attack)
    kept = {id(command) for _cost, command in best.values()}
    dropped = {id(c) for c in attacks} - kept
    return [c for c in candidates if id(c) not in dropped]


def sensible_dummies(candidates: Sequence[Command]) -> list[Command]:
    """Return the candidates with one dummy cast per unit slot: the card the other candidates use least.

    A dummy is a closed 50 BP unit whichever card it is (DN 5.3 b), so the evaluation scores every dummy into a
    slot alike; the card it spends is best one the player has least other use for now. Other commands are kept.
    """
    dummies = [c for c in candidates if c.command_name() == DUMMY]
    if len(dummies) < 3:
        return list(candidates)
    uses = Counter(getattr(c, "card", None) for c in candidates if c.command_name() != DUMMY)
    best: dict[str, Command] = {}
    for dummy in dummies:
        side: str = getattr(dummy, "side")
        if side not in best or uses[getattr(dummy, "card")] < uses[getattr(best[side], "card")]:
            best[side] = dummy
    kept = {id(c) for c in best.values()}
    return [c for c in candidates if c.command_name() != DUMMY or id(c) in kept]


def sensible_commands(rules: GameRules, state: GameState, candidates: Sequence[Command]) -> list[Command]:
    """Return the candidates worth scoring: the sensible attacks and dummies, every other command."""
    return sensible_dummies(sensible_attacks(rules, state, candidates))
