"""AI-vs-AI simulation: play many seeded games between two decks and bots, across processes."""
from __future__ import annotations

import importlib
import multiprocessing
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.ai.bot import Bot, Knowledge
from tabletop.ai.bots import make_bot
from tabletop.engine import rng
from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.game import Game
from tabletop.engine.rules import GameConfig, GameRules
from tabletop.engine.view import view_for

Deck = Mapping[str, Sequence[str]]
Progress = Callable[[int, int], None]

TURN_LIMIT = "turn limit reached"
STEP_LIMIT = "step limit reached"


@dataclass(frozen=True)
class MatchSpec:
    """Everything needed to play one game of a match, picklable for worker processes.

    `rules_target` is "module:RulesClass" (a value of `tabletop.games.GAMES`); side 0 plays
    `decks[0]` with bot `bots[0]`. With `swap_seats`, odd-numbered games seat side 0 second,
    so neither side always sits in the first seat. With `swap_decks`, games 2 and 3 of every four
    give each side the other's deck, so that each bot plays each deck from each seat equally
    often (for comparing bots, not decks). `clock` counts the bots' time budgets ("wall" or
    "cpu", see `bots.CLOCKS`).
    """

    game: str
    rules_target: str
    decks: tuple[Deck, Deck]
    bots: tuple[str, str]
    cards: tuple[CardDefinition, ...] = ()
    format: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)
    max_turns: int = 100
    max_steps: int = 20_000
    swap_seats: bool = True
    swap_decks: bool = False
    clock: str = "wall"


@dataclass(frozen=True)
class GameResult:
    """How one simulated game went: seats, who went first, who won, why, and how long it took.

    `first_player` is the first player of the first turn as the game decided it, and `first_players` that of every
    turn played, in order: where the rules decide it anew each turn (the DreadNought Speed Phase, DN 5.1) it is not
    the player active when the game began. A game is replayed from its `seed` and `sides`, not from these.
    """

    index: int
    seed: int
    sides: tuple[int, ...]          # sides[k]: the side seated at the k-th seat
    players: tuple[str, ...]
    first_player: str
    winner: str | None
    reason: str
    turns: int
    steps: int
    seconds: float
    first_players: tuple[str, ...] = ()

    @property
    def winner_side(self) -> int | None:
        """Return the side (0 or 1) that won, or None for a draw or an unfinished game."""
        return None if self.winner is None else self.sides[self.players.index(self.winner)]

    @property
    def first_side(self) -> int:
        """Return the side that took the first turn."""
        return self.sides[self.players.index(self.first_player)]

    def to_json(self) -> dict[str, Any]:
        """Return the result as JSON data."""
        return {"index": self.index, "seed": self.seed, "sides": list(self.sides), "players": list(self.players),
                "first_player": self.first_player, "winner": self.winner, "winner_side": self.winner_side,
                "first_players": list(self.first_players), "reason": self.reason, "turns": self.turns,
                "steps": self.steps, "seconds": round(self.seconds, 4)}


def derive_seed(seed: int, index: int, salt: int = 0) -> int:
    """Return a well-mixed 63-bit seed for game `index` (and a salt per use) from a match seed."""
    mixed = rng.seed_state(seed + index * 0x9E3779B97F4A7C15 + salt * 0xD1B54A32D192ED03)
    return rng.next_u64(mixed)[1] >> 1


def load_rules(target: str) -> GameRules:
    """Return a new rules instance from "module:RulesClass"."""
    module_name, _, class_name = target.partition(":")
    return getattr(importlib.import_module(module_name), class_name)()


def set_up(spec: MatchSpec, index: int, seed: int) -> tuple[Game, dict[str, Bot], tuple[int, ...]]:
    """Start game number `index` of a match: the table, one bot per seat, and which side sits where.

    Raises ValueError or KeyError (from the game) when a deck does not fit the game.
    """
    rules = load_rules(spec.rules_target)
    players = rules.players
    sides = (1, 0) if spec.swap_seats and index % 2 == 1 else (0, 1)
    other_deck = spec.swap_decks and index % 4 >= 2
    decks = {player: {s: list(ids) for s, ids in spec.decks[1 - side if other_deck else side].items()}
             for player, side in zip(players, sides)}
    config = GameConfig(game=spec.game, format=spec.format, seed=derive_seed(seed, index), decks=decks,
                        seats={p: "ai" for p in players}, options=dict(spec.options), auto_pass=list(players))
    library = CardLibrary(spec.cards)
    game = Game.start(rules, config, library)
    bots: dict[str, Bot] = {}
    for seat, (player, side) in enumerate(zip(players, sides)):
        knowledge = Knowledge(player, load_rules(spec.rules_target), library, spec.format,
                              dict(spec.options), decks[player])
        bots[player] = make_bot(spec.bots[side], knowledge, derive_seed(seed, index, 1 + seat), spec.clock)
    return game, bots, sides


def play_game(spec: MatchSpec, index: int, seed: int) -> GameResult:
    """Play game number `index` of a match to its end (or a limit) and return how it went."""
    started = time.perf_counter()
    game, bots, sides = set_up(spec, index, seed)
    first_players: list[str] = []
    reason, steps = play_out(game, bots, spec.max_turns, spec.max_steps, first_players)
    if reason != TURN_LIMIT or not first_players:
        first_players.append(game.state.active)   # the turn the game stopped in
    outcome = game.outcome()
    winner = outcome.winner if outcome is not None else None
    return GameResult(index, game.config.seed, sides, game.rules.players, first_players[0], winner, reason,
                      game.state.turn, steps, time.perf_counter() - started, tuple(first_players))


def play_out(game: Game, bots: Mapping[str, Bot], max_turns: int, max_steps: int,
             first_players: list[str] | None = None) -> tuple[str, int]:
    """Let the bots answer every decision until the game ends; return (why it ended, steps played).

    Each bot sees only `view_for(state, its player)`. A refused answer is replaced by the
    decision's pass command; when that is refused too the game stops as stuck. Each turn that ends
    appends its first player to `first_players`: the player active just before the step that ended it
    (a step may run on into the next turn's start, where some rules choose the next first player).
    """
    steps = 0
    private = tuple(getattr(game.rules, "private_data", ()))
    while True:
        outcome = game.outcome()
        if outcome is not None:
            return outcome.reason, steps
        if game.state.turn > max_turns:
            return TURN_LIMIT, steps
        if steps >= max_steps:
            return STEP_LIMIT, steps
        decision = game.pending_decision()
        if decision is None:
            return "no decision pending", steps
        player = decision.player
        command = bots[player].choose(view_for(game.state, player, private), decision,
                                      game.legal_commands(player))
        turn, active = game.state.turn, game.state.active
        try:
            game.submit(command)
        except IllegalCommand as error:
            fallback = game.rules.advance_command(game.state, decision)
            try:
                if fallback is None:
                    raise error
                game.submit(fallback)
            except IllegalCommand:
                return f"stuck: {player}'s bot found no accepted command ({error})", steps
        steps += 1
        if first_players is not None and game.state.turn != turn:
            first_players.append(active)


_WORKER: tuple[MatchSpec, int] | None = None


def _init_worker(spec: MatchSpec, seed: int) -> None:
    global _WORKER
    _WORKER = (spec, seed)


def _play_in_worker(index: int) -> GameResult:
    assert _WORKER is not None
    spec, seed = _WORKER
    return play_game(spec, index, seed)


def run_match(spec: MatchSpec, games: int, seed: int, jobs: int = 1,
              progress: Progress | None = None) -> list[GameResult]:
    """Play `games` games and return their results in game order.

    The results depend only on the spec and `seed` (each game's seed is derived from it),
    never on `jobs` or on which process played which game.
    """
    results: list[GameResult] = []
    if jobs <= 1 or games <= 1:
        for index in range(games):
            results.append(play_game(spec, index, seed))
            if progress is not None:
                progress(len(results), games)
        return results
    with multiprocessing.get_context().Pool(min(jobs, games), _init_worker, (spec, seed)) as pool:
        for result in pool.imap_unordered(_play_in_worker, range(games)):
            results.append(result)
            if progress is not None:
                progress(len(results), games)
    return sorted(results, key=lambda r: r.index)
