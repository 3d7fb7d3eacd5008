"""HeuristicBot: one-ply lookahead through the engine on a determinised copy of the table."""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence

from tabletop.ai.bot import Knowledge
from tabletop.ai.candidates import candidate_commands, distinct_commands, is_pass
from tabletop.ai.determinize import determinized_game
from tabletop.ai.dreadnought_attacks import sensible_commands
from tabletop.ai.evaluation import Evaluation, Settled, is_settled, score_state
from tabletop.ai.lookahead import Reply, is_something_pending, passive_reply, play_on
from tabletop.engine.commands import Command, cards_of
from tabletop.engine.decision import Decision
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.game import Game
from tabletop.engine.rules import GameRules
from tabletop.engine.state import GameState
from tabletop.engine.view import View

Narrowing = Callable[[GameRules, GameState, Sequence[Command]], list[Command]]
"""Narrows a decision's candidates on a table: (rules, an imagined deal's state, candidates) -> those worth scoring."""

# Added to the pass / next-phase answer so that a bot with nothing better to do moves on
# instead of making moves that change nothing (tapping and untapping a card forever).
PASS_BONUS = 1e-3
# What a candidate that cannot be tried on the copy (it names a hidden card) scores below doing nothing.
UNTRIED_PENALTY = 1e-4
# With at most this many candidates, the bot also tries its own follow-up action after each one
# (so it plays a creature before attacking rather than after); above it one ply keeps it fast.
SECOND_PLY_MAX_CANDIDATES = 12
# Of those, only this many (the best after one ply) are looked at two plies deep.
FOLLOW_UP_TOP = 3
# Follow-ups are looked at only while a decision has made fewer engine steps than this (a
# deterministic bound on the bot's thinking time: a step costs well under a millisecond).
FOLLOW_UP_STEP_LIMIT = 40
# Games whose steps cost more (a Vanguard attack plays out drive and damage checks) get fewer.
# Measured in 100 games against the limit of 40: Vanguard at 25 won 49%, FFTCG at 25 only 41%.
# DreadNought at 30: its slowest decisions are Cast Phase follow-ups (a cast, then the next cast listed and tried);
# the Monte-Carlo bot's lookahead keeps 40 (montecarlo.LOOKAHEAD_BY_GAME).
FOLLOW_UP_STEPS_BY_GAME = {"vanguard": 25, "dreadnought": 30}
# A follow-up's score counts this much less than the same score reached at once, so that the bot
# does not spend actions (swapping circles) that merely precede what it could do directly.
FOLLOW_UP_DISCOUNT = 1e-4
# Per game, how the bots narrow a decision's candidates (and the heuristic its follow-ups) before scoring them,
# leaving out those another candidate does at least as well: a DreadNought attack is tried only with the group of
# least BP that ends its battle the same way, and one dummy per unit slot (`dreadnought_attacks`; the rules list
# every group of units at every area, 41-51 candidates with four units, and every hand card as a dummy). The
# Monte-Carlo bot narrows them the same way on its first deal. Measured for DreadNought (heuristic against heuristic,
# seats and decks alternating, load 7-13 on 2 cores): narrowed attacks with the evaluation's HP owed and areas at
# 0 HP against neither, 25/31 (80.6 %, CI 63.7-90.8 %); narrowed dummies too against attacks alone, 17/32 (53 %).
NARROWED_BY_GAME: dict[str, Narrowing] = {"dreadnought": sensible_commands}


class HeuristicBot:
    """A bot that tries each candidate on a determinised copy and keeps the best evaluation.

    For each decision it rebuilds the table from its view (hidden cards imagined, see
    `determinize`), submits each candidate with `Game.submit`, scores the result with the
    game's evaluation (`evaluation.EVALUATIONS`) and takes it back with `Game.undo`. After each
    answer the copy plays on through the opponent's answers (passive, unless `reply` models
    them otherwise) until the bot decides again, so that attacks are scored by what they do.
    When few candidates are open and a candidate leaves the bot to act again, its best own follow-up
    counts too. Candidates another does at least as well are left out first (NARROWED_BY_GAME). Ties break by a seeded generator, so the bot is deterministic for a seed.
    """

    def __init__(self, knowledge: Knowledge, seed: int = 0, evaluation: Evaluation | None = None,
                 follow_up_steps: int | None = None, reply: Reply = passive_reply, follow_up_depth: int = 1,
                 second_ply_max: int = SECOND_PLY_MAX_CANDIDATES, follow_up_top: int = FOLLOW_UP_TOP,
                 settled: Settled = is_settled) -> None:
        self.knowledge = knowledge
        self.rng = random.Random(seed)
        self.evaluation = evaluation
        # See FOLLOW_UP_STEP_LIMIT; by default the game's own limit.
        self.follow_up_steps = follow_up_steps if follow_up_steps is not None else \
            FOLLOW_UP_STEPS_BY_GAME.get(knowledge.rules.id, FOLLOW_UP_STEP_LIMIT)
        self.reply = reply  # how the opponent answers on the copy (see lookahead.play_on)
        self.settled = settled  # at which opponent decision playing on stops (see lookahead.play_on)
        # How many of the bot's own actions a follow-up looks ahead (1: the best next one), with how many
        # candidates follow-ups are looked at, and for how many of them. Deeper follow-ups also count letting
        # the bot's own card on the stack resolve as an action (passing while something is pending).
        self.follow_up_depth = follow_up_depth
        self.second_ply_max = second_ply_max
        self.follow_up_top = follow_up_top
        self._steps = 0  # engine steps the decision being scored has made on its copy
        self.narrow = NARROWED_BY_GAME.get(knowledge.rules.id)  # leaves out candidates others do at least as well

    def choose(self, view: View, decision: Decision, legal_commands: Sequence[Command]) -> Command:
        """Return the candidate whose result scores best for the bot's player."""
        candidates = candidate_commands(decision, legal_commands, self.rng)
        if len(candidates) == 1:
            return candidates[0]
        game = determinized_game(view, self.knowledge, self.rng, command_iids(candidates))
        if self.narrow is not None:
            candidates = self.narrow(game.rules, game.state, candidates)
            if len(candidates) == 1:
                return candidates[0]
        scores = self.scores(game, decision, candidates)
        best = max(range(len(candidates)), key=lambda i: (scores[i], self.rng.random()))
        return candidates[best]

    def scores(self, game: Game, decision: Decision, candidates: Sequence[Command],
               deadline: float | None = None, clock: Callable[[], float] = time.perf_counter) -> list[float]:
        """Return each candidate's score after one ply on `game` (left as it was found).

        Equivalent candidates (the same card named through another copy, see
        `distinct_commands`) are tried once and share the score. Every distinct candidate is
        screened one ply ahead; with few of them, the FOLLOW_UP_TOP best also count the bot's
        best follow-up, as far as `follow_up_steps` allows. With a `deadline` (a value of
        `clock`) scoring stops once it has passed, and the list covers only the first candidates.
        """
        player = self.knowledge.player
        rules = game.rules
        base = self._score(game, player)
        advance = rules.advance_command(game.state, decision)
        distinct, group_of = distinct_commands(game.state, candidates)
        deeper = len(distinct) <= self.second_ply_max
        turn = game.state.turn
        # With many candidates, playing on stops where the bot chose (with nothing pending): listing
        # its commands again for each of them is what would make the decision slow.
        home = None if deeper else (game.state.phase, game.state.step, decision.name)
        values: list[float] = []
        tried: list[bool] = []
        self._steps = 0
        for command in distinct:
            if deadline is not None and values and clock() >= deadline:
                break
            passing = is_pass(command, advance)
            try:
                game.submit(command)
            except (IllegalCommand, KeyError, ValueError):
                value = base - UNTRIED_PENALTY
                tried.append(False)
            else:
                played = play_on(game, player, home, reply=self.reply, settled=self.settled)
                self._steps += played + 1
                value = self._score(game, player)
                if passing and game.state.turn != turn:
                    # What the end of a turn sets off (the opponent's draw) comes sooner or later
                    # anyway: scoring it would make any neutral action look better than passing, forever.
                    value = max(value, base)
                for _ in range(played + 1):
                    game.undo()
                tried.append(not passing)
            values.append(value)
        if deeper and (deadline is None or clock() < deadline):
            screened = sorted((i for i in range(len(values)) if tried[i]), key=lambda i: values[i], reverse=True)
            for i in screened[:self.follow_up_top]:
                if self._steps >= self.follow_up_steps:
                    break
                try:
                    game.submit(distinct[i])
                except (IllegalCommand, KeyError, ValueError):
                    continue
                played = play_on(game, player, home, reply=self.reply, settled=self.settled)
                self._steps += played + 1
                values[i] = max(values[i], self._best_follow_up(game, player, home, self.follow_up_depth)
                                - FOLLOW_UP_DISCOUNT)
                for _ in range(played + 1):
                    game.undo()
        for i, command in enumerate(distinct[:len(values)]):
            if is_pass(command, advance):
                values[i] += PASS_BONUS
        result = []
        for group in group_of:
            if group >= len(values):
                break
            result.append(values[group])
        return result

    def _best_follow_up(self, game: Game, player: str, home: tuple[str, str, str] | None, depth: int = 1) -> float:
        """Return the best score of the bot's own next `depth` actions (not a pass, except one letting something
        pending resolve when `depth` > 1), or -inf when it has none."""
        best = float("-inf")
        decision = game.pending_decision()
        if decision is None or decision.player != player or decision.kind not in ("act", "pick"):
            return best
        if decision.kind == "pick" and depth <= 1:
            return best
        advance = game.rules.advance_command(game.state, decision)
        resolving = depth > 1 and is_something_pending(game)
        options, _ = distinct_commands(game.state, candidate_commands(decision, game.legal_commands(player)))
        if self.narrow is not None:
            options = self.narrow(game.rules, game.state, options)
        for command in options:
            if is_pass(command, advance) and not resolving:
                continue
            if self._steps >= self.follow_up_steps:
                break
            try:
                game.submit(command)
            except (IllegalCommand, KeyError, ValueError):
                continue
            played = play_on(game, player, home, reply=self.reply, settled=self.settled)
            self._steps += played + 1
            value = self._score(game, player)
            if depth > 1 and self._steps < self.follow_up_steps:
                value = max(value, self._best_follow_up(game, player, home, depth - 1) - FOLLOW_UP_DISCOUNT)
            best = max(best, value)
            for _ in range(played + 1):
                game.undo()
        return best

    def _score(self, game: Game, player: str) -> float:
        if self.evaluation is not None and not game.is_terminal():
            return self.evaluation(game.rules, game.state, player)
        return score_state(game.rules, game.state, player)


def command_iids(commands: Iterable[Command]) -> set[int]:
    """Return every card instance id named by the commands (their CardId and Pick fields)."""
    return set().union(*map(cards_of, commands))
