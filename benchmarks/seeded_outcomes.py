"""Print what seeded random whole games of FFTCG and Vanguard come to, one line a game, to compare two checkouts.

A speed-up must not change a game: run this in the old and the new checkout and diff the outputs. Each line
names the game and seed and gives its outcome, the commands submitted, the changes recorded, a hash of every
legal-command list offered on the way and a hash of the final state. The games are those of the benchmarks
(fftcg_bench.py, vanguard_bench.py: both seats auto-pass, a seeded random choice among the legal commands):
FFTCG with the test decks, Vanguard in both formats with the test decks and the bundled decks.
Run: .venv/bin/python benchmarks/seeded_outcomes.py [GAMES_PER_SET] (default 100) > outcomes.txt
"""
from __future__ import annotations

import functools
import hashlib
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "games"))

from fftcg_testdeck import FIRE_DECK, ICE_DECK, TURN_CAP, build_library  # noqa: E402
from vanguard_bench import STEP_CAP, bundled_decks  # noqa: E402
from vanguard_decks import deck, library  # noqa: E402

from tabletop.engine.commands import Command  # noqa: E402
from tabletop.engine.game import Game  # noqa: E402
from tabletop.engine.rules import GameConfig  # noqa: E402
from tabletop.games import find_game  # noqa: E402


GoesOn = Callable[[Game, int], bool]
"""Whether a game goes on after a number of commands submitted (a turn or step cap)."""


def seeded_games(games: int) -> Iterator[tuple[str, int, Callable[[], Game], GoesOn]]:
    """Yield every set's games in order: the set's label, the seed, what starts the game and when it stops.

    Starting is left to the caller (bytecode_count.py counts it as part of a game; reading the decks is not).
    """
    fftcg = find_game("fftcg")
    cards = build_library()
    for seed in range(games):
        decks = {"p1": {"main": list(FIRE_DECK)}, "p2": {"main": list(ICE_DECK)}}
        config = GameConfig("fftcg", "constructed", seed, decks=decks, auto_pass=["p1", "p2"])
        yield "fftcg", seed, functools.partial(Game.start, fftcg, config, cards), lambda g, _: g.state.turn <= TURN_CAP
    vanguard = find_game("vanguard")
    for game_format in ("standard", "premium"):
        plain = library()
        for seed in range(games):
            config = GameConfig("vanguard", game_format, seed, auto_pass=["p1", "p2"],
                                decks={"p1": deck(game_format), "p2": deck(game_format)})
            yield (f"vanguard-test-{game_format}", seed, functools.partial(Game.start, vanguard, config, plain),
                   lambda _, n: n < STEP_CAP)
    for game_format in ("standard", "premium"):
        bundled, sets = bundled_decks(game_format)
        for seed in range(games):
            config = GameConfig("vanguard", game_format, seed, auto_pass=["p1", "p2"],
                                decks={"p1": sets[seed % len(sets)], "p2": sets[(seed + 1) % len(sets)]})
            yield (f"vanguard-bundled-{game_format}", seed, functools.partial(Game.start, vanguard, config, bundled),
                   lambda _, n: n < STEP_CAP)


def play_out(game: Game, seed: int, goes_on: GoesOn, offered: Callable[[list[Command]], None] | None = None) -> int:
    """Play one game with a seeded random choice among the legal commands, showing `offered` every list of them;
    return the commands submitted."""
    chooser = random.Random(seed)
    submitted = 0
    while not game.is_terminal() and goes_on(game, submitted):
        options = game.legal_commands()
        if offered is not None:
            offered(options)
        game.submit(chooser.choice(options))
        submitted += 1
    return submitted


def main() -> None:
    """Play every set of games and print their lines."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    for label, seed, start, goes_on in seeded_games(games):
        game = start()
        offered = hashlib.sha256()
        submitted = play_out(game, seed, goes_on, lambda options: offered.update(repr(options).encode()))
        changes = sum(len(step.changes) for step in game.history.done)
        print(label, seed, game.outcome(), submitted, changes, offered.hexdigest()[:12], game.state.fingerprint()[:12],
              flush=True)


if __name__ == "__main__":
    main()
