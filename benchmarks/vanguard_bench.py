"""Benchmark Vanguard: random whole games per second (target >= 50) and legal_commands+submit p95 (<= 2 ms).

Run: .venv/bin/python benchmarks/vanguard_bench.py [GAMES_PER_FORMAT] (default 1000).
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "games"))

from vanguard_decks import deck, library  # noqa: E402

from tabletop.engine.game import Game  # noqa: E402
from tabletop.engine.rules import GameConfig  # noqa: E402
from tabletop.games import find_game  # noqa: E402


def main() -> None:
    """Play random games of both formats and print the numbers."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    lib = library()
    rules = find_game("vanguard")
    for game_format in ("standard", "premium"):
        timings: list[float] = []
        started = time.perf_counter()
        ended = 0
        for seed in range(games):
            game = Game.start(rules, GameConfig("vanguard", game_format, seed,
                                                decks={"p1": deck(game_format), "p2": deck(game_format)}), lib)
            rnd = random.Random(seed)
            for _ in range(4000):
                if game.is_terminal():
                    ended += 1
                    break
                t0 = time.perf_counter()
                command = rnd.choice(game.legal_commands())
                game.submit(command)
                timings.append(time.perf_counter() - t0)
        elapsed = time.perf_counter() - started
        timings.sort()
        p95 = timings[int(len(timings) * 0.95)] * 1000
        print(f"{game_format}: {games / elapsed:.1f} games/s ({ended}/{games} ended), "
              f"legal_commands+submit p95 {p95:.2f} ms, mean {sum(timings) / len(timings) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
