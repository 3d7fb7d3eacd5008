"""The Monte-Carlo bot's deeper Grand Archive lookahead: it pays a reserve cost with the cards it cannot play, keeping
the one it can still play this turn (the heuristic, scoring hand and memory alike, is indifferent)."""
from __future__ import annotations

from typing import Any

from tabletop.ai.bot import Knowledge
from tabletop.ai.heuristic import HeuristicBot
from tabletop.ai.montecarlo import LOOKAHEAD_BY_GAME, SETTLED_ROUNDS_BY_GAME, MonteCarloBot
from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.commands import Choose
from tabletop.engine.game import Game
from tabletop.engine.rules import GameConfig
from tabletop.engine.view import view_for
from tabletop.games import find_game

CARDS = [
    {"id": "t-champ", "name": "Test Warden", "type": "champion", "level": 1, "life": 20, "element": "norm", "cost": 0,
     "cost_kind": "memory"},
    {"id": "t-big", "name": "Test Ogre", "type": "ally", "cost": 2, "power": 3, "life": 3, "element": "norm",
     "cost_kind": "reserve"},
    {"id": "t-cheap", "name": "Test Squire", "type": "ally", "cost": 1, "power": 1, "life": 1, "element": "norm",
     "cost_kind": "reserve"},
    {"id": "t-dear", "name": "Test Titan", "type": "ally", "cost": 9, "power": 9, "life": 9, "element": "norm",
     "cost_kind": "reserve"},
]


def reserve_decision(seed: int) -> tuple[Game, Knowledge]:
    """Return a game where p1 has just activated the 2-cost ally and must reserve 2 of: the 1-cost ally, 3 Titans."""
    rules = find_game("grand-archive")
    library = CardLibrary(rules.card_from_mapping(c) for c in CARDS)
    setup: dict[str, Any] = {"turn": 3, "active": "p1", "phase": "main.open", "players": {
        "p1": {"champion": ["t-champ"], "hand": ["t-big", "t-cheap", "t-dear", "t-dear", "t-dear"], "deck": 5},
        "p2": {"champion": ["t-champ"], "deck": 5}}}
    game = Game.start(rules, GameConfig("grand-archive", seed=seed, scenario=setup), library)
    big = next(i for i in game.state.zones["p1.hand"].cards if game.state.cards[i].card_id == "t-big")
    game.submit(next(c for c in game.legal_commands("p1") if getattr(c, "card", None) == big))
    deck = {"main": ["t-big", "t-cheap", "t-dear", "t-dear", "t-dear"], "material": ["t-champ"]}
    return game, Knowledge("p1", find_game("grand-archive"), library, "", {}, deck)


def kept_the_playable_card(game: Game, answer: Choose) -> bool:
    """Tell whether a reserve payment left the 1-cost ally in hand."""
    return all(game.state.cards[i].card_id != "t-cheap" for i in answer.picks or ())


def test_the_deeper_lookahead_keeps_the_card_it_can_still_play() -> None:
    settings = LOOKAHEAD_BY_GAME["grand-archive"]
    for seed in range(4):
        game, knowledge = reserve_decision(seed)
        decision = game.pending_decision()
        assert decision is not None and decision.name == "reserve"
        bot = HeuristicBot(knowledge, seed, **settings)
        answer = bot.choose(view_for(game.state, "p1"), decision, game.legal_commands("p1"))
        assert isinstance(answer, Choose) and kept_the_playable_card(game, answer), seed


def test_the_plain_heuristic_cannot_tell_the_payments_apart() -> None:
    kept = set()
    for seed in range(12):
        game, knowledge = reserve_decision(seed)
        decision = game.pending_decision()
        assert decision is not None
        answer = HeuristicBot(knowledge, seed).choose(view_for(game.state, "p1"), decision, game.legal_commands("p1"))
        assert isinstance(answer, Choose)
        kept.add(kept_the_playable_card(game, answer))
    assert kept == {True, False}


def test_the_monte_carlo_bot_stops_once_the_deals_repeat_the_same_scores() -> None:
    game, knowledge = reserve_decision(2)
    decision = game.pending_decision()
    assert decision is not None
    # a clock that never moves: only the settled rounds (or the cap) end the thinking
    bot = MonteCarloBot(knowledge, budget_ms=300, seed=2, max_rounds=40, clock=lambda: 0.0)
    answer = bot.choose(view_for(game.state, "p1"), decision, game.legal_commands("p1"))
    assert bot.rounds_played == SETTLED_ROUNDS_BY_GAME["grand-archive"]
    assert isinstance(answer, Choose) and kept_the_playable_card(game, answer)
