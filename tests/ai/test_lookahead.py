"""The lookahead's opponent models: passive replies for the heuristic, considered blocks for Monte-Carlo."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from carddb.bundled import load_bundled_cards
from tabletop.ai.bot import Knowledge
from tabletop.ai.heuristic import HeuristicBot
from tabletop.ai.lookahead import considered_reply, passive_reply
from tabletop.engine.game import Game
from tabletop.engine.view import view_for
from tabletop.games import find_game
from tabletop.scenarios.references import resolve_reference
from tabletop.scenarios.runner import ScenarioPlayer

CARDS = [
    {"id": "small", "name": "Test Raider", "type": "forward", "element": "fire", "cost": 2, "power": 3000},
    {"id": "big", "name": "Test Warden", "type": "forward", "element": "water", "cost": 2, "power": 7000},
    {"id": "weak", "name": "Test Squire", "type": "forward", "element": "water", "cost": 1, "power": 2000},
]
# Unknown cards the copies imagine in hands and decks: plain Forwards with no text.
FILLER = [{"id": f"x{i}", "name": f"Test Filler {i}", "type": "forward", "element": "ice", "cost": 9,
           "power": 1000} for i in range(3)]


def fftcg_table(phase: str, p1_field: list[dict[str, Any]], p2_field: list[dict[str, Any]]) -> Game:
    """Return an FFTCG game set up mid-turn from a scenario-style table (p1 is the turn player)."""
    deck = [{"card": f"x{i % 3}"} for i in range(20)]
    data = {"game": "fftcg", "cards": CARDS + FILLER, "steps": [],
            "setup": {"turn": 3, "active": "p1", "phase": phase, "players": {
                "p1": {"field": p1_field, "deck": deck, "hand": [{"card": "x0"}]},
                "p2": {"field": p2_field, "deck": deck, "hand": [{"card": "x1"}]}}}}
    return ScenarioPlayer(Path("lookahead-test.yaml"), data, find_game, load_bundled_cards).game


def test_a_considered_defender_blocks_with_a_forward_that_survives_and_breaks_the_attacker() -> None:
    game = fftcg_table("attack.block", [{"card": "small", "as": "raider", "attacking": True, "dull": True}],
                       [{"card": "big", "as": "warden"}])
    decision = game.pending_decision()
    assert decision is not None and decision.name == "block" and decision.player == "p2"
    legal = game.legal_commands("p2")
    assert getattr(passive_reply(game, decision, legal), "blocker") is None
    chosen = considered_reply(game, decision, legal)
    assert getattr(chosen, "blocker") == resolve_reference(game, "@warden")
    assert len(game.history) == 0, "trying the blocks leaves the game as it was"


def test_a_considered_defender_takes_one_early_damage_rather_than_lose_a_forward() -> None:
    # FFTCG 10.1.4: a 2000 blocker is broken by a 3000 attacker; the first damage costs less than a Forward
    game = fftcg_table("attack.block", [{"card": "small", "attacking": True, "dull": True}],
                       [{"card": "weak"}])
    decision = game.pending_decision()
    assert decision is not None
    assert getattr(considered_reply(game, decision, game.legal_commands("p2")), "blocker") is None


def test_a_lookahead_with_considered_blocks_does_not_attack_into_a_bigger_blocker() -> None:
    game = fftcg_table("attack.declare", [{"card": "small", "as": "raider"}], [{"card": "big"}])
    decision = game.pending_decision()
    assert decision is not None and decision.name == "attack"
    legal = game.legal_commands("p1")
    assert any(c.command_name() == "DeclareAttack" for c in legal)
    rules = find_game("fftcg")
    knowledge = Knowledge("p1", rules, game.state.library, own_deck={"main": ["x0", "x1", "x2"] * 7})

    def choice(bot: HeuristicBot) -> str:
        return bot.choose(view_for(game.state, "p1"), decision, legal).command_name()
    assert choice(HeuristicBot(knowledge, 1)) == "DeclareAttack"   # a passive defender never blocks
    assert choice(HeuristicBot(knowledge, 1, reply=considered_reply)) == "PassPriority"
