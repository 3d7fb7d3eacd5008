"""Engine benchmark: primitive commands applied and undone per second, and the size of a record.

Run: `.venv/bin/python benchmarks/engine_bench.py` (one core). Target: ≥ 20,000 primitive
commands applied+undone per second in freeform.
"""
from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.engine.cards import CardDefinition, CardLibrary  # noqa: E402
from tabletop.engine.commands import AdjustTotal, Command, ManualMove, SetCounter, SetState  # noqa: E402
from tabletop.engine.game import Game  # noqa: E402
from tabletop.engine.record import GameRecord  # noqa: E402
from tabletop.engine.rules import GameConfig  # noqa: E402
from tabletop.games import find_game  # noqa: E402

ZONES = ("hand", "table", "graveyard", "exile")


def new_game() -> Game:
    library = CardLibrary(CardDefinition(id=f"c{i}", game="freeform", name=f"Card {i}", card_type="thing")
                          for i in range(40))
    deck = [f"c{i}" for i in range(40)] + [f"c{i}" for i in range(20)]
    config = GameConfig("freeform", seed=1, decks={"p1": {"main": deck}, "p2": {"main": list(deck)}})
    return Game.start(find_game("freeform"), config, library)


def commands(game: Game, count: int) -> list[Command]:
    rnd = random.Random(7)
    cards = sorted(game.state.cards)
    result: list[Command] = []
    for _ in range(count):
        kind = rnd.randrange(4)
        card = rnd.choice(cards)
        if kind == 0:
            result.append(ManualMove(by="p1", card=card, to=f"p1.{rnd.choice(ZONES)}"))
        elif kind == 1:
            result.append(SetState(by="p1", card=card, state="tapped", value=rnd.random() < 0.5))
        elif kind == 2:
            result.append(SetCounter(by="p1", card=card, name="charge", value=rnd.randrange(5)))
        else:
            result.append(AdjustTotal(by="p1", player="p2", name="life", delta=-1))
    return result


def main() -> None:
    game = new_game()
    batch = commands(game, 5000)
    rounds = 4
    start = time.perf_counter()
    for _ in range(rounds):
        for command in batch:
            game.submit(command)
        game.undo_all()
    elapsed = time.perf_counter() - start
    per_second = rounds * len(batch) / elapsed
    print(f"freeform: {per_second:,.0f} primitive commands applied+undone per second "
          f"({rounds * len(batch)} commands in {elapsed:.2f} s; target >= 20,000)")
    game = new_game()
    for command in batch[:1000]:
        game.submit(command)
    size = len(json.dumps(GameRecord.of(game).to_json()))
    print(f"record of 1,000 commands: {size / 1024:.1f} KiB ({size} bytes of JSON)")


if __name__ == "__main__":
    main()
