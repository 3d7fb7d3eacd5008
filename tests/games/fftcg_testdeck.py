"""Test cards and decks for FFTCG whole-game tests and the benchmark (the project's own cards)."""
from __future__ import annotations

import json
import random
from pathlib import Path
from collections.abc import Iterator
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
    {"id": "t-fire-squire", "name": "Ember Squire", "type": "forward", "element": "fire", "cost": 2, "power": 4000},
    {"id": "t-fire-kiln", "name": "Kiln Tender", "type": "backup", "element": "fire", "cost": 2, "multi_copy": True},
    {"id": "t-fire-ash", "name": "Ash Scribe", "type": "backup", "element": "fire", "cost": 2,
     "effects": [{"trigger": "enters_field", "effect": "look_top", "count": 2}]},
    {"id": "t-fire-scorch", "name": "Scorching Wind", "type": "summon", "element": "fire", "cost": 2,
     "effects": [{"effect": "discard", "count": 1, "player": "each"}]},
    {"id": "t-fire-torch", "name": "Torch Bearer", "type": "forward", "element": "fire", "cost": 3, "power": 6000,
     "party_icon": True, "multi_copy": True,
     "effects": [{"trigger": "put_into_break_zone", "effect": "deal_damage", "amount": 2000,
                  "target": {"type": "forward", "controller": "opponent"}}]},
    {"id": "t-fire-warden", "name": "Cinder Warden", "type": "forward", "element": "fire", "cost": 3, "power": 7000,
     "effects": [{"kind": "field", "effect": "cannot_be_chosen", "by": "summons", "player": "opponent"}]},
    {"id": "t-fire-lancer", "name": "Pyre Lancer", "type": "forward", "element": "fire", "cost": 3, "power": 6000,
     "effects": [{"kind": "special", "name": "Pyre Thrust", "cost": {"cp": 1, "element": "fire"},
                  "effect": "break", "instead": "remove_from_game",
                  "target": {"type": "forward", "controller": "opponent", "cost_at_most": 3}}]},
    {"id": "t-fire-hearth", "name": "Hearth Keeper", "type": "backup", "element": "fire", "cost": 3,
     "effects": [{"trigger": "state", "condition": {"hand_at_most": 0}, "effect": "draw", "count": 1}]},
    {"id": "t-ice-clerk", "name": "Frost Clerk", "type": "backup", "element": "ice", "cost": 2, "multi_copy": True},
    {"id": "t-ice-archivist", "name": "Hoar Archivist", "type": "backup", "element": "ice", "cost": 2,
     "effects": [{"trigger": "enters_field", "damage": 3, "effect": "draw", "count": 1}]},
    {"id": "t-ice-scout", "name": "Snowdrift Scout", "type": "forward", "element": "ice", "cost": 2, "power": 5000},
    {"id": "t-ice-seer", "name": "Glacial Seer", "type": "forward", "element": "ice", "cost": 3, "power": 5000,
     "effects": [{"trigger": "enters_field", "effect": "discard", "count": 1, "player": "opponent"}]},
    {"id": "t-water-tide", "name": "Undertow", "type": "summon", "element": "water", "cost": 2, "ex_burst": True,
     "effects": [{"effect": "return_to_hand", "target": {"type": "forward"}}]},
    {"id": "t-ice-guard", "name": "Rime Guard", "type": "forward", "element": "ice", "cost": 3, "power": 7000,
     "effects": [{"kind": "replacement", "event": "break", "instead": "return_to_hand"}]},
    {"id": "t-ice-golem", "name": "Frost Golem", "type": "monster", "element": "ice", "cost": 2,
     "effects": [{"kind": "action", "cost": {"dull": True}, "effect": "power", "amount": 1000,
                  "target": {"type": "forward", "controller": "you"}}]},
    {"id": "t-dark-fwd", "name": "Dusk Reaver", "type": "forward", "element": "dark", "cost": 4, "power": 9000},
    {"id": "t-ice-knight", "name": "Glacier Knight", "type": "forward", "element": "ice", "cost": 4, "power": 8000,
     "effects": [{"kind": "field", "damage": 3, "effect": "grant_keyword", "keyword": "first_strike"}]},
]

# Constructed decks: 50 cards, at most 3 of one card number (digest §2.1).
FIRE_DECK = tuple(
    [card for card in ("t-fire-fwd", "t-fire-brave", "t-fire-haste", "t-fire-backup", "t-fire-summon", "t-fire-lord",
                       "t-ice-backup", "t-ice-fwd", "t-fire-squire", "t-fire-kiln", "t-fire-ash", "t-fire-scorch",
                       "t-fire-torch", "t-fire-warden", "t-fire-lancer", "t-ice-clerk") for _ in range(3)]
    + ["t-light-fwd", "t-fire-hearth"])
ICE_DECK = tuple(
    [card for card in ("t-ice-fwd", "t-ice-freezer", "t-ice-backup", "t-ice-summon", "t-ice-back", "t-fire-backup",
                       "t-fire-fwd", "t-fire-summon", "t-ice-clerk", "t-ice-archivist", "t-ice-scout", "t-ice-seer",
                       "t-water-tide", "t-ice-guard", "t-ice-golem", "t-ice-knight") for _ in range(3)]
    + ["t-light-fwd", "t-dark-fwd"])
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
    game = None
    for game in random_decisions(seed, library, decks, turn_cap):
        pass
    assert game is not None  # the generator yields at least the game as it started
    return game


def random_decisions(seed: int, library: CardLibrary | None = None, decks: tuple[list[str], list[str]] | None = None,
                     turn_cap: int = TURN_CAP) -> Iterator[Game]:
    """Yield the game of `play_random_game` before each of its random choices, and once more as it ends."""
    rules = find_game("fftcg")
    library = library or build_library()
    deck1, deck2 = decks or (FIRE_DECK, ICE_DECK)
    config = GameConfig("fftcg", "constructed", seed, decks={"p1": {"main": list(deck1)}, "p2": {"main": list(deck2)}})
    game = Game.start(rules, config, library)
    chooser = random.Random(seed)
    while not game.is_terminal() and game.state.turn <= turn_cap:
        yield game
        options: list[Command] = game.legal_commands()
        if not options:
            raise AssertionError(f"no legal command for {game.current_player()} at {game.pending_decision()}")
        game.submit(chooser.choice(options))
    yield game
