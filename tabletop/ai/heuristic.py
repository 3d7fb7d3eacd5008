"""HeuristicBot: one-ply lookahead through the engine on a determinised copy of the table."""
from __future__ import annotations

import dataclasses
import random
import typing
from collections.abc import Iterable, Sequence
from functools import lru_cache

from tabletop.ai.bot import Knowledge
from tabletop.ai.candidates import candidate_commands, is_pass
from tabletop.ai.determinize import determinized_game
from tabletop.ai.evaluation import Evaluation, score_state
from tabletop.engine.commands import CardId, Command, Pick
from tabletop.engine.decision import Decision
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.game import Game
from tabletop.engine.view import View

# Added to the pass / next-phase answer so that a bot with nothing better to do moves on
# instead of making moves that change nothing (tapping and untapping a card forever).
PASS_BONUS = 1e-3
# What a candidate that cannot be tried on the copy (it names a hidden card) scores below doing nothing.
UNTRIED_PENALTY = 1e-4
# With at most this many candidates, the bot also tries its own follow-up action after each one
# (so it plays a creature before attacking rather than after); above it one ply keeps it fast.
SECOND_PLY_MAX_CANDIDATES = 12


class HeuristicBot:
    """A bot that tries each candidate on a determinised copy and keeps the best evaluation.

    For each decision it rebuilds the table from its view (hidden cards imagined, see
    `determinize`), submits each candidate with `Game.submit`, scores the result with the
    game's evaluation (`evaluation.EVALUATIONS`) and takes it back with `Game.undo`. When few
    candidates are open and a candidate leaves the bot to act again, its best own follow-up
    counts too. Ties break by a seeded generator, so the bot is deterministic for a seed.
    """

    def __init__(self, knowledge: Knowledge, seed: int = 0, evaluation: Evaluation | None = None) -> None:
        self.knowledge = knowledge
        self.rng = random.Random(seed)
        self.evaluation = evaluation

    def choose(self, view: View, decision: Decision, legal_commands: Sequence[Command]) -> Command:
        """Return the candidate whose result scores best for the bot's player."""
        candidates = candidate_commands(decision, legal_commands, self.rng)
        if len(candidates) == 1:
            return candidates[0]
        game = determinized_game(view, self.knowledge, self.rng, command_iids(candidates))
        scores = self.scores(game, decision, candidates)
        best = max(range(len(candidates)), key=lambda i: (scores[i], self.rng.random()))
        return candidates[best]

    def scores(self, game: Game, decision: Decision, candidates: Sequence[Command]) -> list[float]:
        """Return each candidate's score after one ply on `game` (left as it was found)."""
        player = self.knowledge.player
        rules = game.rules
        base = self._score(game, player)
        advance = rules.advance_command(game.state, decision)
        deeper = len(candidates) <= SECOND_PLY_MAX_CANDIDATES
        result = []
        for command in candidates:
            passing = is_pass(command, advance)
            try:
                game.submit(command)
            except (IllegalCommand, KeyError, ValueError):
                value = base - UNTRIED_PENALTY
            else:
                value = self._score(game, player)
                if deeper and not passing:
                    value = max(value, self._best_follow_up(game, player))
                game.undo()
            if passing:
                value += PASS_BONUS
            result.append(value)
        return result

    def _best_follow_up(self, game: Game, player: str) -> float:
        """Return the best score of the bot's own next action (not a pass), or -inf when it has none."""
        best = float("-inf")
        decision = game.pending_decision()
        if decision is None or decision.player != player or decision.kind != "act":
            return best
        advance = game.rules.advance_command(game.state, decision)
        for command in candidate_commands(decision, game.legal_commands(player)):
            if is_pass(command, advance):
                continue
            try:
                game.submit(command)
            except (IllegalCommand, KeyError, ValueError):
                continue
            best = max(best, self._score(game, player))
            game.undo()
        return best

    def _score(self, game: Game, player: str) -> float:
        if self.evaluation is not None and not game.is_terminal():
            return self.evaluation(game.rules, game.state, player)
        return score_state(game.rules, game.state, player)


def command_iids(commands: Iterable[Command]) -> set[int]:
    """Return every card instance id named by the commands (their CardId and Pick fields)."""
    found: set[int] = set()
    for command in commands:
        for name in _card_fields(type(command)):
            value = getattr(command, name)
            values = value if isinstance(value, tuple) else (value,)
            found.update(v for v in values if isinstance(v, int) and not isinstance(v, bool))
    return found


@lru_cache(maxsize=None)
def _card_fields(cls: type[Command]) -> tuple[str, ...]:
    hints = typing.get_type_hints(cls)
    names = []
    for f in dataclasses.fields(cls):
        hint = hints[f.name]
        args = typing.get_args(hint) if typing.get_origin(hint) is tuple else (hint,)
        if any(a is CardId or a == Pick for a in args) or hint is CardId or hint == Pick:
            names.append(f.name)
    return tuple(names)
