"""Test cards and decks for FFTCG whole-game tests and the benchmark (the project's own cards)."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.commands import Command
from tabletop.engine.game import Game
from tabletop.engine.rules import GameConfig
from tabletop.games import find_game

TEST_CARDS: list[dict[str, Any]] = [
    {"id": "t-fire-fwd", "name": "Ember Knight", "type": "forward", "element": "fire", "cost": 2, "power": 5000},
    {"id": "t-fire-brave", "name": "Blaze Duelist", "type": "forward", "element": "fire", "cost": 3, "power": 7000,
     "keywords": ["brave"]},
    {"id": "t-fire-haste", "name": "Cinder Runner", "type": "forward", "element": "fire", "cost": 3, "power": 6000,
     "keywords": ["haste"], "ex_burst": True,
     "effects": [{"trigger": "enters_field", "ex_burst": True, "effect": "deal_damage", "amount": 3000,
                  "target": {"type": "forward", "controller": "opponent"}}]},
    {"id": "t-fire-backup", "name": "Forge Keeper", "type": "backup", "element": "fire", "cost": 2,
     "multi_copy": True},
    {"id": "t-fire-summon", "name": "Flare Burst", "type": "summon", "element": "fire", "cost": 2, "ex_burst": True,
     "effects": [{"effect": "deal_damage", "amount": 6000, "target": {"type": "forward"}}]},
    {"id": "t-ice-fwd", "name": "Frost Lancer", "type": "forward", "element": "ice", "cost": 3, "power": 7000,
     "keywords": ["first_strike"]},
    {"id": "t-ice-freezer", "name": "Rime Mage", "type": "forward", "element": "ice", "cost": 2, "power": 4000,
     "effects": [{"trigger": "enters_field", "effect": "dull", "then": [{"effect": "freeze"}],
                  "target": {"type": "forward", "controller": "opponent"}}]},
    {"id": "t-ice-backup", "name": "Glacier Scribe", "type": "backup", "element": "ice", "cost": 2,
     "multi_copy": True,
     "effects": [{"kind": "action", "cost": {"dull": True, "cp": 1}, "effect": "draw", "count": 1,
                  "name": "Glacier Scribe: study"}]},
    {"id": "t-ice-summon", "name": "Hail Storm", "type": "summon", "element": "ice", "cost": 3,
     "effects": [{"effect": "choose_one", "modes": [[{"effect": "dull"}, {"effect": "freeze"}],
                                                    [{"effect": "power", "amount": -3000}]],
                  "target": {"type": "forward", "controller": "opponent"}}]},
    {"id": "t-ice-back", "name": "Snow Ambusher", "type": "forward", "element": "ice", "cost": 2, "power": 4000,
     "keywords": ["back_attack"]},
    {"id": "t-light-fwd", "name": "Dawn Paladin", "type": "forward", "element": "light", "cost": 4, "power": 9000,
     "effects": [{"trigger": "broken", "effect": "draw", "count": 1}]},
    {"id": "t-fire-lord", "name": "Ash Warlord", "type": "forward", "element": "fire", "cost": 5, "power": 9000,
     "effects": [{"kind": "field", "effect": "power", "amount": 1000,
                  "applies_to": {"type": "forward", "controller": "you", "element": "fire", "not_self": True}},
                 {"kind": "field", "damage": 3, "effect": "grant_keyword", "keyword": "haste"}]},
]

FIRE_DECK = (["t-fire-fwd"] * 6 + ["t-fire-brave"] * 6 + ["t-fire-haste"] * 6 + ["t-fire-backup"] * 12
             + ["t-fire-summon"] * 6 + ["t-light-fwd"] * 1 + ["t-fire-lord"] * 4 + ["t-ice-backup"] * 4
             + ["t-ice-fwd"] * 5)
ICE_DECK = (["t-ice-fwd"] * 6 + ["t-ice-freezer"] * 6 + ["t-ice-backup"] * 12 + ["t-ice-summon"] * 6
            + ["t-ice-back"] * 6 + ["t-fire-backup"] * 4 + ["t-fire-fwd"] * 5 + ["t-light-fwd"] * 1
            + ["t-fire-summon"] * 4)
TURN_CAP = 60


def build_library() -> CardLibrary:
    """Return the test cards as a library."""
    rules = find_game("fftcg")
    return CardLibrary(rules.card_from_mapping(card) for card in TEST_CARDS)


def real_deck(carddata: Path) -> tuple[CardLibrary, list[str], list[str]] | None:
    """Return a library and two 50-card decks of real cards read from the shared JSON, or None."""
    from tabletop.games.fftcg.cards import card_from_real

    path = carddata / "fftcg" / "fftcgsim_square_api_derived_cards.json"
    if not path.exists():
        return None
    cards = [c for c in (card_from_real(e) for e in json.loads(path.read_text(encoding="utf-8"))) if c is not None]
    decks = []
    library = CardLibrary()
    for element in ("fire", "ice"):
        pool = [c for c in cards if c.attributes["element"] == [element] and c.cost is not None and c.cost <= 4]
        forwards = [c for c in pool if c.card_type == "forward"][:10]
        backups = [c for c in pool if c.card_type == "backup"][:7]
        chosen: list[CardDefinition] = (forwards + backups)[:17]
        deck = [c.id for c in chosen for _ in range(3)][:50]
        while len(deck) < 50:
            deck.append(chosen[0].id)
        for card in chosen:
            library.add(card)
        decks.append(deck)
    return library, decks[0], decks[1]


def play_random_game(seed: int, library: CardLibrary | None = None, decks: tuple[list[str], list[str]] | None = None,
                     turn_cap: int = TURN_CAP) -> Game:
    """Play one whole game choosing uniformly among legal commands; stop at the turn cap."""
    rules = find_game("fftcg")
    library = library or build_library()
    deck1, deck2 = decks or (FIRE_DECK, ICE_DECK)
    config = GameConfig("fftcg", "constructed", seed, decks={"p1": {"main": list(deck1)}, "p2": {"main": list(deck2)}})
    game = Game.start(rules, config, library)
    chooser = random.Random(seed)
    while not game.is_terminal() and game.state.turn <= turn_cap:
        options: list[Command] = game.legal_commands()
        if not options:
            raise AssertionError(f"no legal command for {game.current_player()} at {game.pending_decision()}")
        game.submit(chooser.choice(options))
    return game
