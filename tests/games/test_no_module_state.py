"""A game keeps everything it learns in its state or its card library: no rules module fills a module-level cache.

Two games at once (the window's and a bot's on a worker thread) must share nothing mutable, so playing whole
games leaves every module-level list, dict and set of the rules packages as it was.
"""
from __future__ import annotations

import importlib
import pkgutil
import random
from types import ModuleType

import pytest

import tabletop.engine
import tabletop.games
from tabletop.engine.game import Game
from tabletop.games import find_game
from tests.games.sample_decks import sample_config


def _modules() -> list[ModuleType]:
    found = []
    for package in (tabletop.engine, tabletop.games):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            found.append(importlib.import_module(info.name))
    return found


def _containers() -> dict[str, str]:
    """Return a fingerprint of every module-level list, dict and set of the rules packages."""
    prints = {}
    for module in _modules():
        for name, value in vars(module).items():
            if isinstance(value, (list, dict, set)) and not name.startswith("__"):
                prints[f"{module.__name__}.{name}"] = repr(sorted(map(repr, value)) if isinstance(value, set)
                                                          else value)
    return prints


@pytest.mark.parametrize("game_id", ["fftcg", "vanguard"])
def test_whole_games_leave_module_state_untouched(game_id: str) -> None:
    before = _containers()
    rules = find_game(game_id)
    for seed in range(2):
        config, library = sample_config(game_id, seed)
        config.auto_pass = ["p1", "p2"]
        game = Game.start(rules, config, library)
        chooser = random.Random(seed)
        for _ in range(300):
            decision = game.pending_decision()
            if decision is None:
                break
            game.submit(chooser.choice(game.legal_commands(decision.player)))
            if chooser.random() < 0.1:
                game.undo()
    assert _containers() == before
