"""Game modules and the one mapping that registers them (`find_game`)."""
from __future__ import annotations

import importlib

from tabletop.engine.rules import GameRules

# game id -> "module:RulesClass"; modules are imported on first use.
GAMES: dict[str, str] = {
    "fftcg": "tabletop.games.fftcg.rules:FFTCGRules",
    "freeform": "tabletop.games.freeform.rules:FreeformRules",
    "vanguard": "tabletop.games.vanguard.rules:VanguardRules",
    "yugioh": "tabletop.games.yugioh.rules:YugiohRules",
    "grand-archive": "tabletop.games.grand_archive.rules:GrandArchiveRules",
    "dreadnought": "tabletop.games.dreadnought.rules:DreadnoughtRules",
}

# game id -> the name players know it by (each rules class's `name`), read without importing the game
NAMES: dict[str, str] = {
    "fftcg": "Final Fantasy TCG",
    "freeform": "Freeform",
    "vanguard": "Cardfight!! Vanguard",
    "yugioh": "Yu-Gi-Oh!",
    "grand-archive": "Grand Archive",
    "dreadnought": "DreadNought",
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


def game_name(game_id: str) -> str:
    """Return a game's name without importing its rules (a game registered without one is asked)."""
    return NAMES[game_id] if game_id in NAMES else find_game(game_id).name
