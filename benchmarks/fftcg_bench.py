"""Benchmark FFTCG: whole random games per second and legal_commands+submit latency (p50/p95).

Run: python benchmarks/fftcg_bench.py [GAMES] [--every-pass]   (default 1000). Targets: ≥50 games/s, p95 ≤ 2 ms.
Both seats auto-pass (the engine makes a pass that is the only legal command, as the window and
`tabletop simulate` play); `--every-pass` submits every such pass from outside instead.
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "games"))

from fftcg_testdeck import FIRE_DECK, ICE_DECK, TURN_CAP, build_library  # noqa: E402

from tabletop.engine.collector import tune_collector_for_play  # noqa: E402
from tabletop.engine.game import Game  # noqa: E402
from tabletop.engine.rules import GameConfig  # noqa: E402
from tabletop.games import find_game  # noqa: E402


def main() -> None:
    """Play the games and print the numbers."""
    tune_collector_for_play()  # the collector as the client plays (tabletop.app.cli)
    numbers = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(numbers[0]) if numbers else 1000
    auto_pass = [] if "--every-pass" in sys.argv else ["p1", "p2"]
    rules = find_game("fftcg")
    library = build_library()
    latencies: list[float] = []
    decisions = 0
    started = time.perf_counter()
    cpu_started = time.process_time()
    for seed in range(games):
        config = GameConfig("fftcg", "constructed", seed, decks={"p1": {"main": list(FIRE_DECK)},
                                                                  "p2": {"main": list(ICE_DECK)}},
                            auto_pass=auto_pass)
        game = Game.start(rules, config, library)
        chooser = random.Random(seed)
        while not game.is_terminal() and game.state.turn <= TURN_CAP:
            tick = time.process_time()
            options = game.legal_commands()
            game.submit(chooser.choice(options))
            latencies.append(time.process_time() - tick)
            decisions += 1
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    latencies.sort()
    p50 = statistics.median(latencies) * 1000
    p95 = latencies[int(len(latencies) * 0.95)] * 1000
    print("every pass submitted from outside" if not auto_pass else "forced passes made by the engine (auto-pass)")
    print(f"{games} games in {elapsed:.1f} s: {games / elapsed:.1f} games/s, {decisions / games:.0f} decisions/game")
    # on a shared machine wall time includes waiting for a core; CPU time is the one-core figure
    print(f"CPU time {cpu:.1f} s: {games / cpu:.1f} games/s of one core")
    print(f"legal_commands+submit (CPU time): p50 {p50:.3f} ms, p95 {p95:.3f} ms, max {latencies[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
