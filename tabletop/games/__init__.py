"""Game modules and the one mapping that registers them (`find_game`)."""
from __future__ import annotations

import importlib

from tabletop.engine.rules import GameRules

# game id -> "module:RulesClass"; modules are imported on first use.
GAMES: dict[str, str] = {
    "freeform": "tabletop.games.freeform.rules:FreeformRules",
    "yugioh": "tabletop.games.yugioh.rules:YugiohRules",
    "grand-archive": "tabletop.games.grand_archive.rules:GrandArchiveRules",
    "dreadnought": "tabletop.games.dreadnought.rules:DreadnoughtRules",
}


def find_game(game_id: str) -> GameRules:
    """Return the rules of a game by id; KeyError names the known games."""
    try:
        target = GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r} (games: {', '.join(sorted(GAMES))})") from None
    module_name, _, class_name = target.partition(":")
    return getattr(importlib.import_module(module_name), class_name)()


def game_ids() -> list[str]:
    """Return the ids of every registered game."""
    return sorted(GAMES)
