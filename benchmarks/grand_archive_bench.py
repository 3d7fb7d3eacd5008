"""Benchmark Grand Archive: random whole games per second per core and the legal_commands+submit p95.

Times are this process's CPU time (the machine is shared), so the numbers are per core. The two bundled
Standard decks play each other (seats alternate), both seats auto-passing as the window does.
Run: .venv/bin/python benchmarks/grand_archive_bench.py [GAMES] (default 200).
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from carddb.bundled import load_bundled_cards, load_bundled_decks  # noqa: E402
from tabletop.engine.cards import CardLibrary  # noqa: E402
from tabletop.engine.collector import tune_collector_for_play  # noqa: E402
from tabletop.engine.game import Game  # noqa: E402
from tabletop.engine.rules import GameConfig  # noqa: E402
from tabletop.games import find_game  # noqa: E402

STEP_CAP = 5000


def main(games: int) -> None:
    """Play `games` random whole games and print games/s, commands per game and the per-command p95."""
    tune_collector_for_play()  # the collector as the client plays (tabletop.app.cli)
    rules = find_game("grand-archive")
    library = CardLibrary(load_bundled_cards("grand-archive"))
    decks = [d.as_config_sections() for d in load_bundled_decks("grand-archive")]
    timings: list[float] = []
    ended = 0
    started = time.process_time()
    for seed in range(games):
        first, second = (decks[0], decks[1]) if seed % 2 == 0 else (decks[1], decks[0])
        game = Game.start(rules, GameConfig("grand-archive", seed=seed, decks={"p1": first, "p2": second},
                                            auto_pass=["p1", "p2"]), library)
        choose = random.Random(seed).choice
        for _ in range(STEP_CAP):
            if game.is_terminal():
                ended += 1
                break
            t0 = time.process_time()
            game.submit(choose(game.legal_commands()))
            timings.append(time.process_time() - t0)
    spent = time.process_time() - started
    p95 = statistics.quantiles(timings, n=20)[-1] * 1000 if len(timings) > 20 else 0.0
    print(f"grand-archive: {games} random games ({ended} ended) in {spent:.1f} s CPU: {games / spent:.1f} games/s/core, "
          f"{len(timings) / games:.0f} commands a game, legal_commands+submit p95 {p95:.2f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
