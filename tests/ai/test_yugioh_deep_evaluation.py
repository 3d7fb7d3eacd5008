"""The Monte-Carlo bot's Yu-Gi-Oh! evaluation: the battles still to come this turn and the next count."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from carddb.bundled import load_bundled_cards
from tabletop.ai.bot import Knowledge
from tabletop.ai.heuristic import HeuristicBot
from tabletop.ai.montecarlo import MonteCarloBot
from tabletop.ai.yugioh_evaluation import battle_gain, monsters_of, yugioh_deep_evaluation, yugioh_evaluation
from tabletop.engine.commands import Command
from tabletop.engine.game import Game
from tabletop.engine.view import view_for
from tabletop.games import find_game
from tabletop.scenarios.references import resolve_reference
from tabletop.scenarios.runner import ScenarioPlayer

CARDS = [
    {"id": "wall", "name": "Test Wall", "type": "normal_monster", "level": 4, "atk": 1000, "def": 2000},
    {"id": "beater", "name": "Test Beater", "type": "normal_monster", "level": 4, "atk": 1900, "def": 800},
    {"id": "middling", "name": "Test Middling", "type": "normal_monster", "level": 4, "atk": 1500, "def": 1500},
]
DECK = {"main": ["wall", "beater", "middling"] * 14}


def yugioh_table(p1: dict[str, Any], p2: dict[str, Any], phase: str = "main1") -> Game:
    """Return a Duel in p1's Main Phase 1 of turn 3, set up from scenario-style seats."""
    deck = [{"card": card} for card in DECK["main"][:10]]
    data = {"game": "yugioh", "cards": CARDS, "steps": [],
            "setup": {"turn": 3, "active": "p1", "phase": phase,
                      "players": {"p1": {"deck": deck, **p1}, "p2": {"deck": deck, **p2}}}}
    return ScenarioPlayer(Path("deep-evaluation-test.yaml"), data, find_game, load_bundled_cards).game


def test_the_opponents_next_attacks_count_against_a_monster_left_in_attack_position() -> None:
    # p2's 1900 ATK beater destroys p1's 1500 ATK monster in Attack Position (its value, 300 + 1500/2, and 400
    # damage) but not a 2000 DEF wall in Defense Position
    rules = find_game("yugioh")
    exposed = yugioh_table({"mmz.3": [{"card": "middling"}]}, {"mmz.3": [{"card": "beater"}]}, phase="main2")
    assert battle_gain(rules, exposed.state, monsters_of(exposed.state, "p2"), "p1") == 1450.0
    walled = yugioh_table({"mmz.3": [{"card": "wall", "defense": True}]}, {"mmz.3": [{"card": "beater"}]},
                          phase="main2")
    assert battle_gain(rules, walled.state, monsters_of(walled.state, "p2"), "p1") == 0.0
    plain = yugioh_evaluation(rules, exposed.state, "p1") - yugioh_evaluation(rules, walled.state, "p1")
    deep = yugioh_deep_evaluation(rules, exposed.state, "p1") - yugioh_deep_evaluation(rules, walled.state, "p1")
    assert deep < plain


def test_the_attacks_still_to_come_this_turn_count_until_the_battle_phase_is_over() -> None:
    # p1's 1900 ATK beater may still attack into an empty board in Main Phase 1, no longer in Main Phase 2
    rules = find_game("yugioh")
    before = yugioh_table({"mmz.3": [{"card": "beater"}]}, {})
    after = yugioh_table({"mmz.3": [{"card": "beater"}]}, {}, phase="main2")
    assert yugioh_evaluation(rules, before.state, "p1") == yugioh_evaluation(rules, after.state, "p1")
    assert yugioh_deep_evaluation(rules, before.state, "p1") > yugioh_deep_evaluation(rules, after.state, "p1")


def test_the_monte_carlo_bot_sets_a_wall_the_opponent_cannot_get_past_where_the_heuristic_summons_it() -> None:
    game = yugioh_table({"hand": [{"card": "wall", "as": "wall"}]}, {"mmz.3": [{"card": "beater"}], "hand": 2})
    decision = game.pending_decision()
    assert decision is not None and decision.player == "p1"
    legal = game.legal_commands("p1")
    knowledge = Knowledge("p1", find_game("yugioh"), game.state.library, "", own_deck=DECK)
    wall = resolve_reference(game, "@wall")

    def choice(bot: HeuristicBot | MonteCarloBot) -> Command:
        return bot.choose(view_for(game.state, "p1"), decision, legal)
    heuristic = choice(HeuristicBot(knowledge, 1))
    assert type(heuristic).__name__ == "NormalSummon" and getattr(heuristic, "card", None) == wall
    chosen = choice(MonteCarloBot(knowledge, seed=1, max_rounds=4))
    assert type(chosen).__name__ == "SetMonster" and getattr(chosen, "card", None) == wall
