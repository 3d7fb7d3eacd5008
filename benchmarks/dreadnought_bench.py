"""Benchmark DreadNought: random whole games per second and the legal_commands+submit p95, one core.

Times are this process's CPU time (the machine is shared), so the numbers are per core. The two bundled decks
play each other, seats swapped every game; both seats auto-pass (a pass that is the only legal command is made
by the engine, as the window and `tabletop simulate` play).
Run: .venv/bin/python benchmarks/dreadnought_bench.py [GAMES] (default 200).
"""
from __future__ import annotations

import random
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


def main() -> None:
    """Play random whole games between the bundled decks and print games/s and the per-decision p95."""
    tune_collector_for_play()  # the collector as the client plays (tabletop.app.cli)
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rules = find_game("dreadnought")
    lib = CardLibrary(rules.card_from_mapping(c.to_mapping()) for c in load_bundled_cards("dreadnought"))
    decks = [d.as_config_sections() for d in load_bundled_decks("dreadnought")]
    timings: list[float] = []
    ended = 0
    started = time.process_time()
    for seed in range(games):
        config = GameConfig("dreadnought", seed=seed, decks={"p1": decks[seed % 2], "p2": decks[(seed + 1) % 2]},
                            auto_pass=["p1", "p2"])
        game = Game.start(rules, config, lib)
        rnd = random.Random(seed)
        for _ in range(STEP_CAP):
            if game.is_terminal():
                ended += 1
                break
            t0 = time.process_time()
            game.submit(rnd.choice(game.legal_commands()))
            timings.append(time.process_time() - t0)
    elapsed = time.process_time() - started
    timings.sort()
    p95 = timings[int(len(timings) * 0.95)] * 1000
    print(f"bundled decks: {games / elapsed:.1f} games/s ({ended}/{games} ended), "
          f"legal_commands+submit p95 {p95:.2f} ms, mean {sum(timings) / len(timings) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
