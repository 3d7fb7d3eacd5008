"""Position evaluation: how good a state looks for one player, with one entry per game.

A game's own evaluation is one entry in EVALUATIONS (`EVALUATIONS["fftcg"] = fftcg_eval`);
every other game uses `generic_evaluation`. Evaluations read a (possibly determinised) state
from `player`'s side: a positive score is good for `player`. Terminal states are scored by
`score_state` before any evaluation is called.
"""
from __future__ import annotations

from collections.abc import Callable

from tabletop.ai.dreadnought_evaluation import dreadnought_evaluation
from tabletop.ai.dreadnought_evaluation import is_settled as dreadnought_settled
from tabletop.ai.dreadnought_evaluation import is_settled_after_battle
from tabletop.ai.fftcg_evaluation import fftcg_evaluation
from tabletop.ai.grand_archive_evaluation import grand_archive_deep_evaluation, grand_archive_evaluation
from tabletop.ai.vanguard_evaluation import is_battle_settled, vanguard_deep_evaluation, vanguard_evaluation
from tabletop.ai.yugioh_evaluation import yugioh_deep_evaluation, yugioh_evaluation
from tabletop.engine.decision import Decision
from tabletop.engine.rules import GameRules
from tabletop.engine.state import GameState
from tabletop.engine.zones import Visibility

Evaluation = Callable[[GameRules, GameState, str], float]
# Tells whether a game's evaluation already scores what answering an opponent's decision would lead to.
Settled = Callable[[GameRules, GameState, Decision], bool]

WIN_SCORE = 1_000_000.0

# Totals where more is better (life) and where more is worse (damage taken).
GOOD_TOTALS = frozenset({"life", "hp", "lp", "health", "points", "score"})
BAD_TOTALS = frozenset({"damage", "poison"})
# Public zones that hold used or lost cards, not cards in play.
SPENT_ZONES = frozenset({"graveyard", "drop", "break", "removed", "exile", "banished", "bind",
                         "damage", "discard", "trigger", "soul", "stack", "chain", "gc"})
# Zones whose card count is itself a loss clock (more cards there is worse).
CLOCK_ZONES = frozenset({"damage"})

TOTAL_WEIGHT = 1.0
HAND_WEIGHT = 1.0
BOARD_WEIGHT = 1.5
CLOCK_WEIGHT = 3.0


def generic_evaluation(rules: GameRules, state: GameState, player: str) -> float:
    """Score a state by life/damage totals, card advantage in hand and cards in play.

    Works for any game: totals named like life count for their owner, totals named like
    damage against; hand size (owner-only zones) and board size (public zones that are not
    discard-like piles) count as card advantage; cards in a damage zone count as damage taken.
    """
    score = 0.0
    for owner, totals in state.totals.items():
        sign = 1.0 if owner == player else -1.0
        for name, value in totals.items():
            if name in GOOD_TOTALS:
                score += sign * TOTAL_WEIGHT * value
            elif name in BAD_TOTALS:
                score -= sign * TOTAL_WEIGHT * value
    for zone in state.zones.values():
        if zone.owner is None or not zone.cards:
            continue
        sign = 1.0 if zone.owner == player else -1.0
        name = zone.name.split(".")[0]
        count = len(zone.cards)
        if name in CLOCK_ZONES:
            score -= sign * CLOCK_WEIGHT * count
        elif zone.spec.visibility is Visibility.OWNER:
            score += sign * HAND_WEIGHT * count
        elif zone.spec.visibility is Visibility.PUBLIC and name not in SPENT_ZONES:
            score += sign * BOARD_WEIGHT * count
    return score


EVALUATIONS: dict[str, Evaluation] = {
    "vanguard": vanguard_evaluation,
    "fftcg": fftcg_evaluation,
    "grand-archive": grand_archive_evaluation,
    "yugioh": yugioh_evaluation,
    "dreadnought": dreadnought_evaluation,
}
"""Per-game evaluations by game id; a game absent here is scored by `generic_evaluation`."""


DEEP_EVALUATIONS: dict[str, Evaluation] = {
    "vanguard": vanguard_deep_evaluation,
    "yugioh": yugioh_deep_evaluation,
    "grand-archive": grand_archive_deep_evaluation,
}
"""Per game, an evaluation too costly for the heuristic's budget that the Monte-Carlo bot's lookahead uses instead."""


SETTLED: dict[str, Settled] = {
    "vanguard": is_battle_settled,
    "dreadnought": dreadnought_settled,
}
"""Per game, when a lookahead may stop at an opponent's decision and score the table as it stands."""


def is_settled(rules: GameRules, state: GameState, decision: Decision) -> bool:
    """Tell whether the game's evaluation scores `decision`'s outcome already (False for most games)."""
    settled = SETTLED.get(rules.id)
    return settled is not None and settled(rules, state, decision)


DEEP_SETTLED: dict[str, Settled] = {
    "dreadnought": is_settled_after_battle,
}
"""Per game, where the Monte-Carlo bot's lookahead stops instead of `SETTLED` (it plays further on each deal)."""


def deep_settled_for(game_id: str) -> Settled:
    """Return where the Monte-Carlo bot's lookahead may stop for a game: its DEEP_SETTLED entry, else `is_settled`."""
    return DEEP_SETTLED.get(game_id, is_settled)


def evaluation_for(game_id: str) -> Evaluation:
    """Return the evaluation registered for a game, or the generic one."""
    return EVALUATIONS.get(game_id, generic_evaluation)


def score_state(rules: GameRules, state: GameState, player: str) -> float:
    """Return ±WIN_SCORE for a won or lost game, 0 for a draw, otherwise the game's evaluation."""
    outcome = rules.outcome(state)
    if outcome is not None:
        if outcome.winner is None:
            return 0.0
        return WIN_SCORE if outcome.winner == player else -WIN_SCORE
    return evaluation_for(rules.id)(rules, state, player)
