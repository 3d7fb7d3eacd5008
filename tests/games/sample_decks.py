"""Sample decks for whole-game tests: the bundled decks of a game when present, else plain cards."""
from __future__ import annotations

from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.rules import GameConfig

# Plain cards a game's manual table can set up with (casters and a level-0 champion where needed).
_PLAIN_TYPES = {"dreadnought": "caster", "grand-archive": "champion"}
_EXTRA_SECTIONS = {"yugioh": "extra", "grand-archive": "material", "dreadnought": "casters"}


def sample_config(game_id: str, seed: int = 0) -> tuple[GameConfig, CardLibrary]:
    """Return a two-seat config and its cards for a game."""
    bundled = _bundled(game_id, seed)
    if bundled is not None:
        return bundled
    library = CardLibrary(CardDefinition(id=f"{game_id}-{i}", game=game_id, name=f"Plain {i}",
                                         card_type=_PLAIN_TYPES.get(game_id, "thing"),
                                         stats={"hp": 2, "level": 0, "power": 1000})
                          for i in range(10))
    deck = {"main": [f"{game_id}-{i % 10}" for i in range(30)]}
    if game_id in _EXTRA_SECTIONS:
        deck[_EXTRA_SECTIONS[game_id]] = [f"{game_id}-0", f"{game_id}-1"]
    config = GameConfig(game_id, seed=seed, decks={"p1": deck, "p2": {k: list(v) for k, v in deck.items()}})
    return config, library


def _bundled(game_id: str, seed: int) -> tuple[GameConfig, CardLibrary] | None:
    try:
        from carddb.bundled import load_bundled_cards, load_bundled_decks
    except ImportError:
        return None
    decks = [d for d in load_bundled_decks(game_id)]
    if len(decks) < 2:
        return None
    library = CardLibrary(load_bundled_cards(game_id))
    chosen = {}
    for player, deck in zip(("p1", "p2"), decks[:2]):
        chosen[player] = deck.as_config_sections()
    return GameConfig(game_id, format=decks[0].format or "", seed=seed, decks=chosen), library
