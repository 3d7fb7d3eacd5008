"""What Vanguard skips because no card of the game can need it is looked at again when a card joins the game."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from carddb.bundled import load_bundled_cards
from tabletop.engine.game import Game
from tabletop.engine.transaction import Transaction
from tabletop.games import find_game
from tabletop.games.vanguard.flow import check_timing
from tabletop.games.vanguard.table import current_power
from tabletop.scenarios.runner import ScenarioPlayer


def _game_without(card_id: str, card: dict[str, Any]) -> Game:
    """Start a battle phase of p1 whose library holds `card`, though no card of the game is one."""
    data = {
        "name": f"no {card_id} in the game yet", "game": "vanguard", "format": "standard",
        "cards": [{"id": "v3", "name": "Test Vanguard", "type": "unit", "grade": 3, "power": 13000},
                  {"id": "g1", "name": "Plain Page", "type": "unit", "grade": 1, "power": 8000}, card],
        "setup": {"turn": 3, "active": "p1", "phase": "battle",
                  "players": {"p1": {"vc": "v3", "deck": ["g1"] * 5}, "p2": {"vc": "v3", "deck": ["g1"] * 5}}},
        "steps": [],
    }
    player = ScenarioPlayer(Path(f"{card_id}.yaml"), data, find_game, load_bundled_cards)
    player.play()
    return player.game


def test_a_success_unit_put_into_the_game_during_play_reaches_success() -> None:
    game = _game_without("scholar", {"id": "scholar", "name": "Success Scholar", "type": "unit", "grade": 2,
                                     "power": 10000, "keywords": {"success": 10000}})
    tx = Transaction(game.state)
    assert not check_timing(tx)  # nothing to do: no card of the game has a state trigger
    tx.create_card("scholar", "p1", "p1.rc.front_right")
    assert check_timing(tx)  # its Success holds at once (a unit of 10000 or more): it is played
    assert any(entry.text == "p1 plays success" for entry in game.state.log)


def test_a_cont_unit_put_into_the_game_during_play_gives_its_bonus() -> None:
    game = _game_without("lord", {"id": "lord", "name": "Rallying Lord", "type": "unit", "grade": 2, "power": 9000,
                                  "effects": [{"kind": "cont", "zone": "VR",
                                               "do": [{"effect": "power", "target": "your_units", "amount": 5000}]}]})
    vanguard = game.state.zones["p1.vc"].cards[0]
    assert current_power(game.state, vanguard) == 13000  # no card of the game prints a CONT
    tx = Transaction(game.state)
    tx.create_card("lord", "p1", "p1.rc.front_right")
    assert current_power(game.state, vanguard) == 18000
