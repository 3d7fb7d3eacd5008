"""The Monte-Carlo bot's Grand Archive evaluation counts the opponent's next turn: an enemy ally that would kill its
champion next turn is attacked instead of the enemy champion, which the heuristic (the table as it stands) prefers."""
from __future__ import annotations

from typing import Any

from tabletop.ai.bot import Knowledge
from tabletop.ai.grand_archive_evaluation import grand_archive_deep_evaluation, grand_archive_evaluation
from tabletop.ai.heuristic import HeuristicBot
from tabletop.ai.montecarlo import MonteCarloBot
from tabletop.engine.cards import CardLibrary
from tabletop.engine.commands import Command
from tabletop.engine.game import Game
from tabletop.engine.rules import GameConfig
from tabletop.engine.view import view_for
from tabletop.games import find_game

CARDS = [
    {"id": "t-champ", "name": "Test Warden", "type": "champion", "level": 1, "life": 20, "element": "norm", "cost": 0,
     "cost_kind": "memory"},
    {"id": "t-brute", "name": "Test Brute", "type": "ally", "cost": 3, "power": 3, "life": 3, "element": "norm",
     "cost_kind": "reserve"},
]


def duel(own_damage: int, foe_damage: int = 0) -> tuple[Game, Knowledge]:
    """Return p1's Main phase: each side has a champion (life 20) and an awake 3/3 ally; the champions have
    `own_damage` and `foe_damage` damage."""
    rules = find_game("grand-archive")
    library = CardLibrary(rules.card_from_mapping(c) for c in CARDS)
    setup: dict[str, Any] = {"turn": 3, "active": "p1", "phase": "main.open", "players": {
        "p1": {"champion": [{"card": "t-champ", "counters": {"damage": own_damage}}], "field": ["t-brute"],
               "deck": 5},
        "p2": {"champion": [{"card": "t-champ", "counters": {"damage": foe_damage}}], "field": ["t-brute"], "deck": 5}}}
    game = Game.start(rules, GameConfig("grand-archive", seed=1, scenario=setup), library)
    deck = {"main": ["t-brute"] * 5, "material": ["t-champ"]}
    return game, Knowledge("p1", find_game("grand-archive"), library, "", {}, deck)


def attacked(game: Game, answer: Command) -> str:
    """Return the name of the card an attack targets ('' for another command)."""
    target = getattr(answer, "target", None)
    return game.state.definition(target).name if target is not None else ""


def test_the_opponents_next_attacks_count_against_the_player_they_threaten() -> None:
    game, _ = duel(own_damage=0)
    rules, state = game.rules, game.state
    # p2's 3/3 will attack p1's champion next turn; p1's attacks this turn count for p1 — even at 0 damage each
    # side threatens the other alike, and the deep evaluation stays symmetric where the static one is
    assert grand_archive_deep_evaluation(rules, state, "p1") == -grand_archive_deep_evaluation(rules, state, "p2")
    game, _ = duel(own_damage=17)
    rules, state = game.rules, game.state
    # with 3 life left, p2's ally threatens a lethal attack next turn: far worse than the table alone says
    assert grand_archive_deep_evaluation(rules, state, "p1") < grand_archive_evaluation(rules, state, "p1") - 10


def test_facing_a_lethal_attack_the_monte_carlo_bot_kills_the_attacker_first() -> None:
    game, knowledge = duel(own_damage=17, foe_damage=12)
    decision = game.pending_decision()
    assert decision is not None and decision.player == "p1"
    legal = game.legal_commands("p1")
    bot = MonteCarloBot(knowledge, budget_ms=300, seed=3, max_rounds=6, clock=lambda: 0.0)
    assert attacked(game, bot.choose(view_for(game.state, "p1"), decision, legal)) == "Test Brute"
    # the heuristic, scoring the table as it stands, takes the enemy champion down to its last 5 life instead
    heuristic = HeuristicBot(knowledge, 3).choose(view_for(game.state, "p1"), decision, legal)
    assert attacked(game, heuristic) == "Test Warden"
