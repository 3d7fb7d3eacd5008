"""AI benchmark: heuristic decision time, Monte-Carlo decision time against its budget, games/s per core.

Run: `.venv/bin/python benchmarks/ai_bench.py [--games race,freeform,...] [--budget MS]` (one core).
Targets: heuristic decision p95 ≤ 10 ms; Monte-Carlo decision p95 ≤ budget + 50 ms.
Decisions with a single candidate are answered without thinking and left out of the percentiles.
`--clock cpu` times decisions (and counts the Monte-Carlo budget) in the bot's CPU time, for a
machine busy with other work; the default `wall` is what a player waits on a quiet machine.
`race` is the small test game of tests/ai; the other ids are registered games, set up with the
sample decks of tests/games (the bundled decks once carddb ships them).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.ai.bot import Bot, Knowledge  # noqa: E402
from tabletop.ai.bots import CLOCKS, make_bot  # noqa: E402
from tabletop.ai.candidates import candidate_commands  # noqa: E402
from tabletop.ai.simulation import MatchSpec, run_match  # noqa: E402
from tabletop.engine.cards import CardLibrary  # noqa: E402
from tabletop.engine.collector import tune_collector_for_play  # noqa: E402
from tabletop.engine.game import Game  # noqa: E402
from tabletop.engine.rules import GameConfig, GameRules  # noqa: E402
from tabletop.engine.view import view_for  # noqa: E402
from tabletop.games import GAMES, find_game, game_ids  # noqa: E402
from tests.ai.race_game import RaceRules, race_cards, race_deck  # noqa: E402
from tests.games.sample_decks import sample_config  # noqa: E402

RACE_TARGET = "tests.ai.race_game:RaceRules"


def setup(game_id: str, seed: int) -> tuple[GameRules, GameConfig, CardLibrary, str]:
    """Return rules, a config, the cards and the rules target of a benchmark game."""
    if game_id == "race":
        deck = race_deck()
        return RaceRules(), GameConfig("race", seed=seed, decks={"p1": deck, "p2": deck}), \
            CardLibrary(race_cards()), RACE_TARGET
    config, library = sample_config(game_id, seed)
    return find_game(game_id), config, library, GAMES[game_id]


def decision_times(game_id: str, bot_name: str, decisions: int, seed: int = 1, clock: str = "wall") -> list[float]:
    """Return the seconds each non-trivial decision of `bot_name` took, over self-play games."""
    times: list[float] = []
    game_seed = seed
    while len(times) < decisions and game_seed < seed + 50:
        rules, config, library, _ = setup(game_id, game_seed)
        game = Game.start(rules, config, library)
        bots: dict[str, Bot] = {}
        for player in rules.players:
            rules_copy = type(rules)()
            knowledge = Knowledge(player, rules_copy, library, config.format, config.options, config.decks[player])
            bots[player] = make_bot(bot_name, knowledge, game_seed, clock)
        steps = 0
        while not game.is_terminal() and len(times) < decisions and steps < 2000 and game.state.turn <= 40:
            decision = game.pending_decision()
            if decision is None:
                break
            legal = game.legal_commands(decision.player)
            view = view_for(game.state, decision.player)
            started = CLOCKS[clock]()
            command = bots[decision.player].choose(view, decision, legal)
            elapsed = CLOCKS[clock]() - started
            if len(candidate_commands(decision, legal)) > 1:
                times.append(elapsed)
            game.submit(command)
            steps += 1
        game_seed += 1
    return times


def percentile(values: list[float], fraction: float) -> float:
    """Return the nearest-rank percentile of a list of numbers."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def games_per_second(game_id: str, games: int, max_turns: int) -> float:
    """Return heuristic-vs-random games per second on one core."""
    rules, config, library, target = setup(game_id, 0)
    spec = MatchSpec(game=game_id, rules_target=target, decks=(config.decks["p1"], config.decks["p2"]),
                     bots=("heuristic", "random"), cards=tuple(library.values()), format=config.format,
                     options=config.options, max_turns=max_turns)
    started = time.perf_counter()
    run_match(spec, games, seed=1, jobs=1)
    return games / (time.perf_counter() - started)


def main() -> None:
    tune_collector_for_play()  # the collector as the client plays (tabletop.app.cli)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="race," + ",".join(game_ids()), help="game ids, comma-separated")
    parser.add_argument("--budget", type=float, default=300.0, help="Monte-Carlo budget in ms (default 300)")
    parser.add_argument("--decisions", type=int, default=200, help="heuristic decisions timed per game")
    parser.add_argument("--mc-decisions", type=int, default=10, help="Monte-Carlo decisions timed per game")
    parser.add_argument("--clock", choices=tuple(CLOCKS), default="wall", help="time decisions by wall or CPU time")
    args = parser.parse_args()
    report = {}
    ok = True
    for game_id in [g for g in args.games.split(",") if g]:
        heuristic = decision_times(game_id, "heuristic", args.decisions, clock=args.clock)
        montecarlo = decision_times(game_id, f"montecarlo:{args.budget:g}", args.mc_decisions, clock=args.clock)
        h95, m95 = percentile(heuristic, 0.95) * 1000, percentile(montecarlo, 0.95) * 1000
        rate = games_per_second(game_id, 20, max_turns=20)
        entry = {"heuristic_decisions": len(heuristic),
                 "heuristic_median_ms": round(statistics.median(heuristic) * 1000, 2) if heuristic else None,
                 "heuristic_p95_ms": round(h95, 2), "heuristic_ok": h95 <= 10.0,
                 "montecarlo_decisions": len(montecarlo), "montecarlo_budget_ms": args.budget,
                 "montecarlo_p95_ms": round(m95, 1), "montecarlo_ok": m95 <= args.budget + 50.0,
                 "games_per_second_per_core": round(rate, 2)}
        ok &= entry["heuristic_ok"] and entry["montecarlo_ok"]
        report[game_id] = entry
        print(f"{game_id:14} heuristic p95 {h95:6.2f} ms ({len(heuristic)} decisions)  "
              f"MC p95 {m95:6.1f} ms (budget {args.budget:g}, {len(montecarlo)} decisions)  "
              f"{rate:7.2f} games/s/core", file=sys.stderr)
    print(json.dumps(report, indent=1))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
