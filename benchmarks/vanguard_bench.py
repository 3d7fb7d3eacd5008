"""Benchmark Vanguard: random whole games per second (target >= 50) and legal_commands+submit p95 (<= 2 ms).

Times are this process's CPU time (the machine is shared), so the numbers are per core.
Both formats are played with the test decks (tests/games/vanguard_decks.py, plain units) and with the
bundled decks (carddb/data/vanguard/decks, cards with clan abilities), one core.
Run: .venv/bin/python benchmarks/vanguard_bench.py [GAMES_PER_FORMAT] [--every-pass] (default 200).
Both seats auto-pass (the engine makes a pass that is the only legal command, as the window and
`tabletop simulate` play); `--every-pass` submits every such pass from outside instead.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "games"))

from vanguard_decks import deck, library  # noqa: E402

from carddb.bundled import load_bundled_cards, load_bundled_decks  # noqa: E402
from tabletop.engine.cards import CardLibrary  # noqa: E402
from tabletop.engine.collector import tune_collector_for_play  # noqa: E402
from tabletop.engine.game import Game  # noqa: E402
from tabletop.engine.rules import GameConfig  # noqa: E402
from tabletop.games import find_game  # noqa: E402

STEP_CAP = 4000
Decks = dict[str, dict[str, list[str]]]


def test_decks(game_format: str, seed: int) -> Decks:
    """Return the plain test decks for both seats."""
    return {"p1": deck(game_format), "p2": deck(game_format)}


def bundled_decks(game_format: str) -> tuple[CardLibrary, list[dict[str, list[str]]]]:
    """Return the bundled set (read through the rules) and the bundled decks of a format."""
    rules = find_game("vanguard")
    lib = CardLibrary(rules.card_from_mapping(c.to_mapping()) for c in load_bundled_cards("vanguard"))
    return lib, [d.as_config_sections() for d in load_bundled_decks("vanguard") if d.format == game_format]


def run(label: str, game_format: str, games: int, lib: CardLibrary, decks_for: object, auto_pass: list[str]) -> None:
    """Play `games` random whole games and print games/s and the per-decision p95."""
    rules = find_game("vanguard")
    timings: list[float] = []
    started = time.process_time()
    ended = 0
    for seed in range(games):
        game = Game.start(rules, GameConfig("vanguard", game_format, seed, decks=decks_for(game_format, seed),
                                               auto_pass=auto_pass), lib)
        rnd = random.Random(seed)
        for _ in range(STEP_CAP):
            if game.is_terminal():
                ended += 1
                break
            t0 = time.process_time()
            command = rnd.choice(game.legal_commands())
            game.submit(command)
            timings.append(time.process_time() - t0)
    elapsed = time.process_time() - started
    timings.sort()
    p95 = timings[int(len(timings) * 0.95)] * 1000
    print(f"{label} {game_format}: {games / elapsed:.1f} games/s ({ended}/{games} ended), "
          f"legal_commands+submit p95 {p95:.2f} ms, mean {sum(timings) / len(timings) * 1000:.2f} ms")


def main() -> None:
    """Play random games of both formats with both deck sets and print the numbers."""
    tune_collector_for_play()  # the collector as the client plays (tabletop.app.cli)
    numbers = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(numbers[0]) if numbers else 200
    auto_pass = [] if "--every-pass" in sys.argv else ["p1", "p2"]
    print("every pass submitted from outside" if not auto_pass else "forced passes made by the engine (auto-pass)")
    for game_format in ("standard", "premium"):
        run("test decks", game_format, games, library(), test_decks, auto_pass)
    for game_format in ("standard", "premium"):
        lib, decks = bundled_decks(game_format)

        def pair(fmt: str, seed: int, decks: list[dict[str, list[str]]] = decks) -> Decks:
            return {"p1": decks[seed % len(decks)], "p2": decks[(seed + 1) % len(decks)]}

        run("bundled decks", game_format, games, lib, pair, auto_pass)


if __name__ == "__main__":
    main()
