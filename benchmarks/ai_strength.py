"""AI strength: heuristic against random, and Monte-Carlo against heuristic, on any registered game.

Run: `.venv/bin/python benchmarks/ai_strength.py --game fftcg [--deck A --deck B --cards F.yaml]
[--games 200] [--mc-games 50] [--deck-games 0] [--budget 300] [--clock cpu|wall] [--jobs N] [--seed S]`.
Targets: the heuristic bot wins ≥ 95% of 200 games against random; Monte-Carlo at 300 ms
wins ≥ 60% against the heuristic. Without --deck the game's sample decks are used (the
bundled decks when carddb ships them); each bot plays each deck from each seat equally often
(seats alternate every game, decks every two games). `--game race` runs on the small test game of tests/ai.
The Monte-Carlo budget is counted in the bot's CPU time by default (`--clock cpu`): on a quiet
machine that is its wall time, and on a busy one the bot still thinks as long as it would alone.
`--deck-games N` also plays N heuristic-vs-heuristic games with each deck held by the same side
throughout (seats alternate) and prints how often each deck wins: a check of the decks' balance.
Exit status 1 when a target is missed (the Wilson interval is printed for judging noise).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.ai.report import summarize  # noqa: E402
from tabletop.ai.simulation import MatchSpec, run_match  # noqa: E402
from tabletop.app.deck_source import load_deck  # noqa: E402
from tabletop.engine.collector import tune_collector_for_play  # noqa: E402
from tabletop.games import GAMES, find_game  # noqa: E402

HEURISTIC_TARGET = 0.95
MONTECARLO_TARGET = 0.60


def base_spec(args: argparse.Namespace) -> MatchSpec:
    """Return a match spec (bots to be filled in) from the arguments."""
    if args.game == "race":
        from tests.ai.race_game import race_cards, race_deck
        return MatchSpec(game="race", rules_target="tests.ai.race_game:RaceRules", decks=(race_deck(), race_deck()),
                         bots=("", ""), cards=tuple(race_cards()), max_turns=args.max_turns)
    if args.deck:
        rules = find_game(args.game)
        decks = [load_deck(d, rules, args.cards) for d in args.deck]
        decks = decks if len(decks) == 2 else decks * 2
        cards = {c.id: c for d in decks for c in d.cards}
        return MatchSpec(game=args.game, rules_target=GAMES[args.game], decks=(decks[0].sections, decks[1].sections),
                         bots=("", ""), cards=tuple(cards.values()), format=decks[0].format or "",
                         max_turns=args.max_turns)
    from tests.games.sample_decks import sample_config
    config, library = sample_config(args.game, args.seed)
    return MatchSpec(game=args.game, rules_target=GAMES[args.game], decks=(config.decks["p1"], config.decks["p2"]),
                     bots=("", ""), cards=tuple(library.values()), format=config.format, options=config.options,
                     max_turns=args.max_turns)


def measure(spec: MatchSpec, bots: tuple[str, str], games: int, args: argparse.Namespace, target: float) -> dict:
    """Play one pairing and return its summary with the target verdict."""
    started = time.perf_counter()
    # each bot plays each deck from each seat equally often: the bundled decks are not equally strong
    match = MatchSpec(**{**spec.__dict__, "bots": bots, "clock": args.clock, "swap_decks": True})
    results = run_match(match, games, args.seed, args.jobs)
    summary = summarize(results, bots)
    rate = summary.wins[0]
    low, high = rate.interval
    # swap_decks: in games 2 and 3 of every four, side 0 holds the second deck
    by_deck = [summarize([r for r in results if (r.index % 4 >= 2) == bool(deck)], bots).wins[0] for deck in (0, 1)]
    print(f"{bots[0]} holding the first deck: {by_deck[0].describe()}; holding the second: {by_deck[1].describe()}",
          file=sys.stderr)
    print(f"{bots[0]} vs {bots[1]}: {rate.describe()} — target ≥ {target:.0%}: "
          f"{'met' if rate.value >= target else 'MISSED'} ({time.perf_counter() - started:.0f} s; "
          f"draws {summary.draws.count}, average {summary.average_turns:.1f} turns)", file=sys.stderr)
    return {"bots": list(bots), "games": games, "win_rate": round(rate.value, 4), "ci95": [round(low, 4), round(high, 4)],
            "wins_by_deck": [deck.count for deck in by_deck], "games_by_deck": [deck.trials for deck in by_deck],
            "target": target, "met": rate.value >= target, "draws": summary.draws.count,
            "average_turns": round(summary.average_turns, 2), "reasons": summary.reasons}


def measure_decks(spec: MatchSpec, games: int, args: argparse.Namespace) -> dict:
    """Play heuristic against heuristic with the first deck always on side 0 and return each deck's wins."""
    started = time.perf_counter()
    match = MatchSpec(**{**spec.__dict__, "bots": ("heuristic", "heuristic"), "clock": args.clock, "swap_decks": False})
    summary = summarize(run_match(match, games, args.seed, args.jobs), ("first deck", "second deck"))
    first, second = summary.wins
    print(f"deck balance, heuristic vs heuristic: first deck {first.describe()}, second deck {second.describe()} "
          f"({time.perf_counter() - started:.0f} s; draws {summary.draws.count}, "
          f"first player won {summary.first_player_wins.describe()})", file=sys.stderr)
    return {"games": games, "first_deck_wins": first.count, "second_deck_wins": second.count,
            "first_deck_ci95": [round(v, 4) for v in first.interval], "draws": summary.draws.count,
            "average_turns": round(summary.average_turns, 2), "reasons": summary.reasons}


def main() -> None:
    tune_collector_for_play()  # the collector as the client plays (tabletop.app.cli)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--deck", action="append", default=[])
    parser.add_argument("--cards", type=Path)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--mc-games", type=int, default=50)
    parser.add_argument("--deck-games", type=int, default=0, help="heuristic-vs-heuristic games by deck")
    parser.add_argument("--budget", type=float, default=300.0)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu", help="how the MC budget is counted")
    parser.add_argument("--max-turns", type=int, default=60)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    spec = base_spec(args)
    report: dict = {"game": args.game}
    if args.deck_games > 0:
        report["deck_balance"] = measure_decks(spec, args.deck_games, args)
    if args.games > 0:
        report["heuristic_vs_random"] = measure(spec, ("heuristic", "random"), args.games, args, HEURISTIC_TARGET)
    if args.mc_games > 0:
        report["montecarlo_vs_heuristic"] = measure(spec, (f"montecarlo:{args.budget:g}", "heuristic"),
                                                    args.mc_games, args, MONTECARLO_TARGET)
    print(json.dumps(report, indent=1))
    sys.exit(0 if all(r.get("met", True) for r in report.values() if isinstance(r, dict)) else 1)


if __name__ == "__main__":
    main()
