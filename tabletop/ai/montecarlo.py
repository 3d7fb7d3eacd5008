"""MonteCarloBot: time-boxed rollouts over determinised copies; its strength is its time budget."""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from tabletop.ai.bot import Knowledge
from tabletop.ai.candidates import candidate_commands, is_pass, pick_subsets
from tabletop.ai.determinize import determinized_game
from tabletop.ai.evaluation import DEEP_EVALUATIONS, WIN_SCORE, deep_settled_for, score_state
from tabletop.ai.heuristic import NARROWED_BY_GAME, PASS_BONUS, HeuristicBot, command_iids
from tabletop.ai.lookahead import considered_reply
from tabletop.ai.passive_bot import is_passing
from tabletop.ai.possible_decks import with_guessed_opponent_deck
from tabletop.engine.commands import Command
from tabletop.engine.decision import Decision
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.game import Game
from tabletop.engine.view import View

# A rollout that stops before the game ends turns the evaluation into a win chance with this scale.
SCORE_SCALE = 8.0
# In random rollouts, the pass answer is taken this often when offered, so turns end in a few plies.
ROLLOUT_PASS_CHANCE = 0.35
# In greedy rollouts, a random candidate is played this often instead of the best-looking one.
ROLLOUT_EPSILON = 0.15


ROLLOUTS = ("lookahead", "greedy", "random")
# Per game, the pick decisions where the rules list one card at a time but any number may be picked: the
# bot also tries every set of cards (a Vanguard mulligan returning the cards that do not ride next).
# A five-card hand gives 32 sets: at 300 ms each is scored on only 5-9 deals, so the pick is rough; it was
# measured only together with `vanguard_deep_evaluation` (the pair won 123/200 against the heuristic).
WIDER_PICKS: dict[str, frozenset[str]] = {"vanguard": frozenset({"mulligan"})}
# Per game, how much further than the heuristic the lookahead looks at the bot's own turn (HeuristicBot's
# follow_up_* settings). Where the hidden cards change little of what a passive-opponent lookahead sees (Grand
# Archive: the opponent's hand does not act on the copy), the budget is better spent on the bot's own next actions
# — a reserve payment scored by what the kept cards still let it play — than on more deals. See the game's
# evaluation module for the measurements.
LOOKAHEAD_BY_GAME: dict[str, dict[str, int]] = {
    "grand-archive": {"follow_up_depth": 3, "second_ply_max": 64, "follow_up_top": 4, "follow_up_steps": 400},
    # DreadNought: two own actions deep (a unit cast, then the next cast or dummy into the other slot; an Arms, then
    # the other), where the heuristic looks one; see "DreadNought, measured" below.
    "dreadnought": {"follow_up_depth": 2, "second_ply_max": 32, "follow_up_top": 4, "follow_up_steps": 200},
    # Yu-Gi-Oh! (with yugioh_evaluation.yugioh_deep_evaluation): two own actions deep (a summon, then an Equip), ~17
    # deals a decision; against the heuristic 30/40 = 75.0% (CI 59.8-85.8%) and 22/24 with --seed 2, together 52/64 =
    # 81.3% (CI 70.0-88.9%); one action deep 27/40 = 67.5%.
    "yugioh": {"follow_up_depth": 2, "second_ply_max": 32, "follow_up_top": 4, "follow_up_steps": 200},
}
# Per game, after how many rounds in a row that scored every candidate exactly as the round before the bot stops
# thinking: where the imagined deals seldom change what the lookahead sees (Grand Archive: the opponent's hidden hand
# never acts on the copy), further deals only repeat the same scores, and the answer comes sooner.
SETTLED_ROUNDS_BY_GAME: dict[str, int] = {"grand-archive": 4, "dreadnought": 4}
# Games where a round is begun only when a round as long as the longest so far still ends by the deadline: the
# follow-ups of a deal (LOOKAHEAD_BY_GAME) are not cut by the deadline, and two own actions deep in DreadNought made
# the decision time's p95 364 ms against 300 ms budgeted (benchmarks/ai_bench.py, 80 decisions, CPU time).
WHOLE_ROUNDS: frozenset[str] = frozenset({"dreadnought"})
# DreadNought, measured (issue 20; ai_strength's games of seed 1, 300 ms CPU, decks and seats alternating). On main
# (f45cc64) every candidate was scored on every deal until the budget was spent: an Action Phase decision kept 5 of
# 8 candidates and scored each on 34 deals (12 ms a deal), a block 46, a Cast Phase decision 66, a Fast Phase one 92,
# a Speed Phase one 126, the mulligan's 128 sets 8. The deals hardly changed a score: a candidate's mean had a
# standard error under 0.1 (an HP card is worth 3-12), the two best were within two errors in 23 of 257 decisions,
# and with the opponent's cards dealt from its possible deck (`possible_decks`) four deals in a row scored every
# candidate alike in most decisions (an Action Phase decision then stops after 7 deals, ~100 ms). So spreading the
# budget otherwise (successive halving, UCB) had nothing to gain; it goes to depth instead: two own actions deep
# (LOOKAHEAD_BY_GAME), the thinking stopped after 4 like rounds (SETTLED_ROUNDS_BY_GAME). Pilot runs (games 0-15
# unless said): depth and the possible deck, 10/16 (Crimson 4/8, Verdant 6/8); with the opponent's next action in
# the Action Phase also tried out (the lookahead not stopping there), 3/8 (2/5 without the depth, 1/5 with neither):
# not kept. Kept (depth, possible deck, settled rounds, WHOLE_ROUNDS), ai_strength's 64 games of seed 1 twice (the
# budget is CPU time, so the runs differ): 39/64 = 60.9 % (CI 48.7-71.9 %), then 41/64 = 64.1 % (CI 51.8-74.7 %;
# holding Crimson Tide Pact 24/32, Verdant Stampede 17/32); together 80/128 = 62.5 % (CI 53.9-70.4 %), against 34/64
# on main. Decision time p95 292 ms (80 decisions), the heuristic's 6.9 ms (CPU time, benchmarks/ai_bench.py).
# The candidates are narrowed (read on the first deal) as the heuristic narrows them (`heuristic.NARROWED_BY_GAME`),
# so that the budget goes to the candidates that differ.
# Every candidate is scored on every deal: dropping the worse half after 8, 16, ... deals (successive
# halving, with the Vanguard guard model of lookahead.py's note) won 110/200 in Vanguard; not kept.


class MonteCarloBot:
    """A bot that scores each candidate over many imagined deals and keeps the best average.

    Each round imagines the hidden cards afresh (`determinize`) and scores every candidate on
    that deal, undoing back to the start. With `rollout="lookahead"` (the default) a deal is
    scored by the heuristic's lookahead (the action, the opponent's answers, the bot's best
    follow-up), so the bot is the heuristic averaged over what the hidden cards may be, except
    that the opponent's answers that decide a battle are tried out (`lookahead.considered_reply`)
    where the heuristic takes the opponent to be passive, and that the lookahead scores with the game's
    costlier evaluation where it has one (`evaluation.DEEP_EVALUATIONS`: in Vanguard, the next ride and
    the opponent's next attacks). Where the rules list a pick one card at a time but allow any number
    (WIDER_PICKS: a Vanguard mulligan), every set of cards is a candidate too.
    With "greedy" or "random" it instead plays both sides for `rollout_turns` turns (each side
    mostly playing its best-evaluated candidate one ply ahead, or at random) and scores the
    position as a win chance. Rounds repeat until
    `budget_ms` is spent; `max_rounds` caps them (a fixed cap makes the bot deterministic for
    a seed — a time budget alone depends on the machine's speed). `clock` counts the budget:
    wall time by default, or e.g. `time.thread_time` for the bot's own CPU time.
    """

    def __init__(self, knowledge: Knowledge, budget_ms: float = 300.0, seed: int = 0,
                 max_rounds: int | None = None, rollout_turns: int = 2, max_plies: int = 200,
                 rollout: str = "lookahead", clock: Callable[[], float] = time.perf_counter) -> None:
        if rollout not in ROLLOUTS:
            raise ValueError(f"unknown rollout policy {rollout!r} ({', '.join(ROLLOUTS)})")
        self.rollout = rollout
        # The heuristic's lookahead, but with the time to try the opponent's answers that decide a
        # battle (a block) instead of taking the opponent to be passive.
        self.lookahead = HeuristicBot(knowledge, seed, evaluation=DEEP_EVALUATIONS.get(knowledge.rules.id),
                                      reply=considered_reply, settled=deep_settled_for(knowledge.rules.id),
                                      **LOOKAHEAD_BY_GAME.get(knowledge.rules.id, {}))
        self.knowledge = knowledge
        self.budget_ms = budget_ms
        self.rng = random.Random(seed)
        self.max_rounds = max_rounds
        self.rollout_turns = rollout_turns
        self.max_plies = max_plies
        self.rounds_played = 0
        self.clock = clock

    def choose(self, view: View, decision: Decision, legal_commands: Sequence[Command]) -> Command:
        """Return the candidate with the best average rollout result within the time budget."""
        started = self.clock()
        deadline = started + self.budget_ms / 1000.0
        candidates = candidate_commands(decision, legal_commands, self.rng)
        if decision.name in WIDER_PICKS.get(self.knowledge.rules.id, ()):
            candidates += [c for c in pick_subsets(decision, self.rng) if c not in candidates]
        if len(candidates) == 1:
            return candidates[0]
        reserved = command_iids(candidates)
        knowledge = with_guessed_opponent_deck(view, self.knowledge)   # the opponent's hidden cards: what it could hold
        first: Game | None = None
        narrow = NARROWED_BY_GAME.get(self.knowledge.rules.id)
        if narrow is not None:
            first = determinized_game(view, knowledge, self.rng, reserved)
            candidates = narrow(first.rules, first.state, candidates)
            if len(candidates) == 1:
                return candidates[0]
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        rounds = 0
        advance: Command | None = None
        settle = SETTLED_ROUNDS_BY_GAME.get(self.knowledge.rules.id)
        previous: list[float] | None = None
        repeats = 0   # rounds in a row that gave every candidate the score of the round before
        longest = 0.0   # the longest round so far (see WHOLE_ROUNDS)
        whole_rounds = self.max_rounds is None and self.knowledge.rules.id in WHOLE_ROUNDS
        while self.max_rounds is None or rounds < self.max_rounds:
            begun = self.clock()
            if whole_rounds and rounds and begun + longest > deadline:
                break
            game = first if first is not None else determinized_game(view, knowledge, self.rng, reserved)
            first = None
            if advance is None:
                advance = game.rules.advance_command(game.state, decision)
            if self.rollout == "lookahead":
                order = list(range(len(candidates)))
                self.rng.shuffle(order)
                limit = deadline if self.max_rounds is None else None
                values = self.lookahead.scores(game, decision, [candidates[i] for i in order], limit, self.clock)
                scored = [0.0] * len(candidates)
                for index, value in zip(order, values):
                    totals[index] += value
                    counts[index] += 1
                    scored[index] = value
                rounds += 1
                longest = max(longest, self.clock() - begun)
                if settle is not None and len(values) == len(candidates):
                    repeats = repeats + 1 if scored == previous else 0
                    previous = scored
                    if repeats + 1 >= settle:
                        break
                if self.max_rounds is None and self.clock() >= deadline:
                    break
                continue
            for index, command in enumerate(candidates):
                totals[index] += self._rollout(game, command)
                counts[index] += 1
                if self.max_rounds is None and self.clock() >= deadline:
                    break
            rounds += 1
            if self.max_rounds is None and self.clock() >= deadline:
                break
        self.rounds_played = rounds

        def value(i: int) -> tuple[float, float]:
            if not counts[i]:
                return float("-inf"), self.rng.random()
            mean = totals[i] / counts[i]
            bonus = PASS_BONUS if self.rollout != "lookahead" and is_pass(candidates[i], advance) else 0.0
            return mean + bonus, self.rng.random()
        return candidates[max(range(len(candidates)), key=value)]

    def _rollout(self, game: Game, command: Command) -> float:
        """Return the win chance after `command` and random play; leaves `game` as found."""
        player = self.knowledge.player
        steps = 0
        try:
            game.submit(command)
            steps += 1
        except (IllegalCommand, KeyError, ValueError):
            return self._win_chance(game, player) - 1e-3
        last_turn = game.state.turn + self.rollout_turns
        plies = 0
        while not game.is_terminal() and game.state.turn < last_turn and plies < self.max_plies:
            decision = game.pending_decision()
            if decision is None:
                break
            options = candidate_commands(decision, game.legal_commands(decision.player), self.rng)
            if self.rollout == "greedy" and len(options) > 1 and self.rng.random() >= ROLLOUT_EPSILON:
                options = self._greedy_order(game, decision, options)
            else:
                self._shuffle(options)
            if not self._play_first(game, options):
                break
            steps += 1
            plies += 1
        value = self._win_chance(game, player)
        for _ in range(steps):
            game.undo()
        return value

    def _shuffle(self, options: list[Command]) -> None:
        """Put the options in random order in place, a pass first with ROLLOUT_PASS_CHANCE."""
        passes = [c for c in options if is_passing(c)]
        if passes and self.rng.random() < ROLLOUT_PASS_CHANCE:
            options[:] = passes + [c for c in options if c not in passes]
        else:
            self.rng.shuffle(options)

    def _greedy_order(self, game: Game, decision: Decision, options: list[Command]) -> list[Command]:
        """Return the options best first for the deciding player, one ply ahead."""
        advance = game.rules.advance_command(game.state, decision)
        scored = []
        for command in options:
            try:
                game.submit(command)
            except (IllegalCommand, KeyError, ValueError):
                continue
            value = score_state(game.rules, game.state, decision.player)
            game.undo()
            scored.append((value + (PASS_BONUS if is_pass(command, advance) else 0.0), self.rng.random(), command))
        scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
        return [command for _, _, command in scored]

    def _play_first(self, game: Game, options: list[Command]) -> bool:
        for command in options:
            try:
                game.submit(command)
                return True
            except (IllegalCommand, KeyError, ValueError):
                continue
        return False

    def _win_chance(self, game: Game, player: str) -> float:
        score = score_state(game.rules, game.state, player)
        if abs(score) >= WIN_SCORE:
            return 1.0 if score > 0 else 0.0
        return 1.0 / (1.0 + math.exp(-score / SCORE_SCALE))
