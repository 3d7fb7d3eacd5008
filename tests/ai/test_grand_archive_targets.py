"""The Grand Archive bots aim a spell where a player would: damage at the opponent's ally, a damage shield or a power
boost on their own (a target is scored by the effect the spell on the stack will have on it)."""
from __future__ import annotations

from typing import Any

import pytest

from tabletop.ai.bot import Knowledge
from tabletop.ai.heuristic import HeuristicBot
from tabletop.ai.montecarlo import MonteCarloBot
from tabletop.engine.cards import CardLibrary
from tabletop.engine.commands import Choose
from tabletop.engine.game import Game
from tabletop.engine.rules import GameConfig
from tabletop.engine.view import view_for
from tabletop.games import find_game

CARDS = [
    {"id": "t-champ", "name": "Test Warden", "type": "champion", "level": 1, "life": 20, "element": "norm", "cost": 0,
     "cost_kind": "memory"},
    {"id": "t-guard", "name": "Test Guard", "type": "ally", "cost": 2, "power": 2, "life": 3, "element": "norm",
     "cost_kind": "reserve"},
    {"id": "t-bolt", "name": "Test Bolt", "type": "action", "cost": 0, "element": "norm", "cost_kind": "reserve",
     "speed": "fast", "subtypes": ["Spell"], "text": "Deal 3 damage to target unit.",
     "effects": [{"do": [{"effect": "damage", "amount": 3, "target": "unit"}]}]},
    {"id": "t-ward", "name": "Test Ward", "type": "action", "cost": 0, "element": "norm", "cost_kind": "reserve",
     "speed": "fast", "subtypes": ["Spell"], "text": "Prevent the next 3 damage that would be dealt to target unit "
     "this turn.", "effects": [{"do": [{"effect": "prevent_damage", "amount": 3, "target": "unit"}]}]},
    {"id": "t-rally", "name": "Test Rally", "type": "action", "cost": 0, "element": "norm", "cost_kind": "reserve",
     "speed": "fast", "text": "Target ally gets +2 power until end of turn.",
     "effects": [{"do": [{"effect": "power", "amount": 2, "target": "ally", "duration": "turn"}]}]},
]


def aimed(spell: str, seed: int, monte_carlo: bool = False) -> str:
    """Return whose object p1's bot aims `spell` at ("p1" or "p2"), each side having a champion and a 2/3 ally; a
    second copy in hand gives the bot a choice once the first is on the stack, so the copy does not simply resolve."""
    rules = find_game("grand-archive")
    library = CardLibrary(rules.card_from_mapping(c) for c in CARDS)
    setup: dict[str, Any] = {"turn": 3, "active": "p1", "phase": "main.open", "players": {
        "p1": {"champion": ["t-champ"], "field": ["t-guard"], "hand": [spell, spell], "deck": 5},
        "p2": {"champion": ["t-champ"], "field": ["t-guard"], "deck": 5}}}
    game = Game.start(rules, GameConfig("grand-archive", seed=seed, scenario=setup), library)
    card = game.state.zones["p1.hand"].cards[0]
    game.submit(next(c for c in game.legal_commands("p1") if getattr(c, "card", None) == card))
    decision = game.pending_decision()
    assert decision is not None and decision.name == "target"
    knowledge = Knowledge("p1", rules, library, "", {}, {"main": [spell] * 5, "material": ["t-champ"]})
    bot = MonteCarloBot(knowledge, budget_ms=300, seed=seed) if monte_carlo else HeuristicBot(knowledge, seed)
    answer = bot.choose(view_for(game.state, "p1"), decision, game.legal_commands("p1"))
    assert isinstance(answer, Choose) and answer.picks
    return game.state.cards[int(answer.picks[0])].controller


@pytest.mark.parametrize("seed", range(4))
def test_the_heuristic_aims_damage_at_the_opponent(seed: int) -> None:
    assert aimed("t-bolt", seed) == "p2"


@pytest.mark.parametrize("seed", range(4))
def test_the_heuristic_shields_and_boosts_its_own(seed: int) -> None:
    assert aimed("t-ward", seed) == "p1"
    assert aimed("t-rally", seed) == "p1"


def test_the_monte_carlo_bot_aims_damage_at_the_opponent_and_a_boost_at_its_own() -> None:
    assert aimed("t-bolt", 1, monte_carlo=True) == "p2"
    assert aimed("t-rally", 1, monte_carlo=True) == "p1"
