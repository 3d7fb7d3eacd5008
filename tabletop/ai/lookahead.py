"""Playing on in a lookahead copy: the opponent's replies, passive or considered, and the bot's forced moves."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from tabletop.ai.candidates import candidate_commands, distinct_commands, sole_candidate
from tabletop.ai.evaluation import Settled, is_settled, score_state
from tabletop.ai.passive_bot import passive_answer
from tabletop.engine.commands import Command
from tabletop.engine.decision import Decision
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.game import Game

Reply = Callable[[Game, Decision, Sequence[Command]], Command]
"""How the opponent answers on a copy: (copy, its decision, its legal commands) -> its answer."""

# After an action, the copy plays on while only the opponent (answering as the reply model says)
# or a forced choice of the bot's is left, so that an attack is scored by the damage it deals
# rather than by the moment it is declared. At most this many plies.
PLAY_ON_PLIES = 8

CONSIDERED_DECISIONS: dict[str, frozenset[str]] = {
    # A block decides whether an attack deals damage or loses its attacker (FFTCG 10.1.3): an
    # attack scored against a defender who never blocks is an attack into any blocker.
    # Measured, the Monte-Carlo bot against the heuristic: 166/200 with considered blocks, 110/200
    # and 103/200 with passive ones. Vanguard guards are not here: tried on the copy, a guard is
    # made knowing the copy's drive checks to come; guessed by a heuristic bot on its own imagined
    # deal instead, the Monte-Carlo bot won 89/200 (passive: 101/200); guards against a rear-guard's
    # attack (no drive check to come) tried at once, 70/200. Its own guards and effect choices left to the
    # lookahead on one deal (not averaged): 85/200. The figures so far gave bot 0 the first bundled deck in
    # every game (the heuristic against itself so won 370/800, 46.3%: a handicap of about 4 points). With decks
    # swapped (`MatchSpec.swap_decks`), this code 97/200. A defender that cannot see the deck (for a guard
    # step, the cheapest shields against the hit expected from the attacker's drive checks, each check a
    # trigger as often as the deck's make-up says, chosen at once; the battle then played out): 52/100;
    # with the bot's own triggers given to its attacker so the copy plays the drive checks through: 48/100;
    # with that and its own guards scored by the hit expected over the checks: 54/100, then 55/100 more
    # (109/200 = 54.5%, CI 47.6-61.3%); with those three and successive halving (after 8, 16, ... deals the
    # worse half of the candidates is no longer dealt to): 60/100, then 50/100 more (110/200 = 55.0%, CI
    # 48.1-61.7%). None is a measurable gain over 97/200. What met the target, with passive guards as here:
    # the lookahead scoring with an evaluation for the Monte-Carlo bot alone (the next ride and the opponent's
    # next attacks against the hand's shields, `vanguard_evaluation.vanguard_deep_evaluation`) and mulligans
    # of any number of cards (`montecarlo.WIDER_PICKS`): 123/200 = 61.5% (CI 54.6-68.0%). A first run of it,
    # whose evaluation read the opponent's imagined hand, stalled in its 11th game: scored with the best
    # follow-up per deal, a Move outscored every call and the bot moved a unit back and forth for hundreds
    # of decisions (19/31 won before it).
    "fftcg": frozenset({"block"}),
    # A DreadNought reaction (「Re」: the blocker +100 BP, the attackers -50 BP) can turn a battle, and what the
    # opponent holds is what each imagined deal varies; the decision is named after its phase. The Monte-Carlo bot's
    # lookahead plays the opponent's block too (`evaluation.DEEP_SETTLED`), then the reactions, before it scores an
    # attack. The opponent's next action itself is not tried: the evaluation scores the table there
    # (`dreadnought_evaluation.is_settled_after_battle`).
    "dreadnought": frozenset({"action", "block"}),
}
"""Per game, the opponent decisions that `considered_reply` tries out instead of answering passively."""


def passive_reply(game: Game, decision: Decision, legal: Sequence[Command]) -> Command:
    """Answer as a passive opponent: pass, decline, pick the fewest (`passive_answer`)."""
    return passive_answer(decision, legal)


def considered_reply(game: Game, decision: Decision, legal: Sequence[Command]) -> Command:
    """Answer as an opponent who tries each option on the copy and keeps the one it scores best.

    Only the decisions CONSIDERED_DECISIONS names for the game are tried (each played on with
    passive replies, then undone); every other decision is answered passively. Ties keep the
    earlier option, so an opponent with nothing to gain does not block.
    """
    if decision.name not in CONSIDERED_DECISIONS.get(game.rules.id, ()):
        return passive_answer(decision, legal)
    player = decision.player
    options, _ = distinct_commands(game.state, candidate_commands(decision, legal))
    best: Command | None = None
    best_value = float("-inf")
    for command in options:
        try:
            game.submit(command)
        except (IllegalCommand, KeyError, ValueError):
            continue
        played = play_on(game, player)
        value = score_state(game.rules, game.state, player)
        for _ in range(played + 1):
            game.undo()
        if value > best_value:
            best, best_value = command, value
    return best if best is not None else passive_answer(decision, legal)


def play_on(game: Game, player: str, home: tuple[str, str, str] | None = None, limit: int = PLAY_ON_PLIES,
            reply: Reply = passive_reply, settled: Settled = is_settled) -> int:
    """Answer the opponent's decisions with `reply` and `player`'s forced ones; return the steps played.

    Stops at the first decision of `player` with a real choice, at an opponent's decision whose
    outcome the game's evaluation already scores (`settled`, by default `is_settled`), at the end of the game, or after
    `limit` steps. `home` is (phase, step, decision name) where the bot chose: back there with
    nothing pending, the bot is taken to choose freely again. The caller undoes the steps.
    """
    steps = 0
    while steps < limit and not game.is_terminal():
        decision = game.pending_decision()
        if decision is None or decision.player != player and settled(game.rules, game.state, decision):
            break
        if decision.player == player and decision.kind == "act" and not is_something_pending(game) \
                and home is not None and (game.state.phase, game.state.step, decision.name) == home:
            break   # back where the bot chose freely: listing its commands only to learn that is costly
        if decision.player == player:
            # only "is there a choice?": read lazily, as the bot's own listing is the costly one
            sole = sole_candidate(decision, game.rules.iter_legal_commands(game.state, player))
            if sole is None:
                break
            command = sole
        else:
            command = reply(game, decision, game.legal_commands(decision.player))
        try:
            game.submit(command)
        except (IllegalCommand, KeyError, ValueError):
            break
        steps += 1
    return steps


def is_something_pending(game: Game) -> bool:
    """Tell whether a shared zone (a stack, a chain) or a game list holds something still to happen."""
    state = game.state
    return any(zone.owner is None and zone.cards for zone in state.zones.values()) or \
        any(state.lists.values())
