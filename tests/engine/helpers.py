"""Small games for kernel tests: a freeform game with plain numbered cards."""
from __future__ import annotations

from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.game import Game
from tabletop.engine.rules import GameConfig
from tabletop.games import find_game


def plain_library(count: int = 12) -> CardLibrary:
    """Return `count` plain cards c0…c{count-1} with a power stat."""
    return CardLibrary(CardDefinition(id=f"c{i}", game="freeform", name=f"Card {i}", card_type="thing",
                                      stats={"power": 1000 * (i + 1)}) for i in range(count))


def freeform_game(seed: int = 1, deck_size: int = 20, seats: dict[str, str] | None = None) -> Game:
    """Start a freeform game with two decks of plain cards."""
    library = plain_library()
    deck = [f"c{i % len(library)}" for i in range(deck_size)]
    config = GameConfig("freeform", seed=seed, decks={"p1": {"main": deck}, "p2": {"main": list(deck)}},
                        seats=seats or {"p1": "human", "p2": "human"})
    return Game.start(find_game("freeform"), config, library)
