"""The Monte-Carlo bot's Vanguard evaluation: the next ride and the opponent's next attacks count."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from carddb.bundled import load_bundled_cards
from tabletop.ai.bot import Knowledge
from tabletop.ai.heuristic import HeuristicBot
from tabletop.ai.montecarlo import MonteCarloBot
from tabletop.ai.vanguard_evaluation import next_turn_loss, vanguard_deep_evaluation, vanguard_evaluation
from tabletop.engine.commands import Choose
from tabletop.engine.game import Game
from tabletop.engine.rules import GameConfig
from tabletop.engine.view import view_for
from tabletop.games import find_game
from tabletop.scenarios.references import resolve_reference
from tabletop.scenarios.runner import ScenarioPlayer, library_for

CARDS = [
    {"id": "v3", "name": "Test Vanguard", "type": "unit", "grade": 3, "power": 11000, "keywords": ["twin_drive"]},
    {"id": "beater", "name": "Test Beater", "type": "unit", "grade": 2, "power": 10000, "shield": 5000},
    {"id": "booster", "name": "Test Booster", "type": "unit", "grade": 1, "power": 8000, "shield": 5000,
     "keywords": ["boost"]},
    {"id": "stand", "name": "Test Stand Trigger", "type": "unit", "grade": 0, "power": 5000, "shield": 10000,
     "keywords": ["boost"]},
    {"id": "heavy", "name": "Test Heavy", "type": "unit", "grade": 3, "power": 11000},
    {"id": "g1", "name": "Test Squire", "type": "unit", "grade": 1, "power": 7000, "shield": 5000, "keywords": ["boost"]},
    {"id": "g2", "name": "Test Knight", "type": "unit", "grade": 2, "power": 9000, "shield": 5000},
    {"id": "g0", "name": "Test Starter", "type": "unit", "grade": 0, "power": 5000, "shield": 10000,
     "keywords": ["boost"]},
]
SEED = 3  # deals p1, who mulligans first, five grade 0 cards
DECK = {"main": ["v3", "beater", "booster", "stand", "heavy", "g1", "g2", "g0"] * 6}


def vanguard_table(p1: dict[str, Any], p2: dict[str, Any], phase: str = "main") -> Game:
    """Return a Premium Vanguard game on turn 5 of p1 (the turn player), set up from scenario-style seats."""
    deck = [{"card": card} for card in DECK["main"][:20]]
    data = {"game": "vanguard", "format": "premium", "cards": CARDS, "steps": [],
            "setup": {"turn": 5, "active": "p1", "phase": phase,
                      "players": {"p1": {"deck": deck, **p1}, "p2": {"deck": deck, **p2}}}}
    return ScenarioPlayer(Path("deep-evaluation-test.yaml"), data, find_game, load_bundled_cards).game


def test_the_next_attacks_cost_a_guard_when_a_shield_is_in_hand_and_a_hit_when_none_is() -> None:
    # p2's vanguard attacks with 11000 and two drive checks (17000 expected) into p1's 11000 vanguard: one
    # 10000 shield stops it, which at 5 damage is far cheaper than the sixth damage
    shielded = vanguard_table({"vc": "v3", "hand": [{"card": "stand"}], "damage": 5}, {"vc": "v3"})
    assert next_turn_loss(shielded.state, "p1") == 1.2   # one card spent (HAND_WEIGHT)
    bare = vanguard_table({"vc": "v3", "hand": [{"card": "heavy"}], "damage": 5}, {"vc": "v3"})
    assert next_turn_loss(bare.state, "p1") == 23.0   # DAMAGE_COST[6] - DAMAGE_COST[5]


def test_a_boosted_column_is_an_attack_to_guard_and_early_damage_is_taken_rather_than_guarded() -> None:
    # 10000 boosted by 8000 and the vanguard: two attacks to guard at 1 damage; taking both costs
    # DAMAGE_COST[3] - DAMAGE_COST[1] = 5.5, guarding both with four 5000 shields would cost 4.8
    hand = [{"card": "booster"}] * 4
    p2 = {"vc": "v3", "rc.front_left": "beater", "rc.back_left": "booster"}
    game = vanguard_table({"vc": "v3", "hand": hand, "damage": 1}, p2)
    assert next_turn_loss(game.state, "p1") == 4.8
    game = vanguard_table({"vc": "v3", "hand": hand[:1], "damage": 1}, p2)
    assert next_turn_loss(game.state, "p1") == 5.5


def test_the_deep_evaluation_values_the_card_to_ride_next_turn() -> None:
    rules = find_game("vanguard")
    riding = vanguard_table({"vc": "g1", "hand": [{"card": "g2"}]}, {"vc": "g1"})
    stuck = vanguard_table({"vc": "g1", "hand": [{"card": "g0"}]}, {"vc": "g1"})
    plain = vanguard_evaluation(rules, riding.state, "p1") - vanguard_evaluation(rules, stuck.state, "p1")
    deep = vanguard_deep_evaluation(rules, riding.state, "p1") - vanguard_deep_evaluation(rules, stuck.state, "p1")
    assert plain == 0.0
    assert deep >= 1.0


def test_the_deep_evaluation_scores_a_board_alike_whatever_the_opponents_imagined_hand_holds() -> None:
    # p1's columns against p2's hand: a guess of p1's that changes from deal to deal must not change the score,
    # or the lookahead's best follow-up per deal favours any action that leaves a choice open (a Move)
    rules = find_game("vanguard")
    p1 = {"vc": "v3", "rc.front_left": "beater", "rc.back_left": "booster", "hand": [{"card": "stand"}]}
    shields = vanguard_table(p1, {"vc": "v3", "hand": [{"card": "stand"}] * 3})
    heavies = vanguard_table(p1, {"vc": "v3", "hand": [{"card": "heavy"}] * 3})
    assert vanguard_deep_evaluation(rules, shields.state, "p1") == vanguard_deep_evaluation(rules, heavies.state, "p1")
    assert next_turn_loss(shields.state, "p2") != next_turn_loss(heavies.state, "p2")   # read when seen


def test_the_monte_carlo_bot_keeps_its_last_shield_at_five_damage_where_the_heuristic_calls_it() -> None:
    game = vanguard_table({"vc": "v3", "hand": [{"card": "stand", "as": "shield"}], "damage": 5},
                          {"vc": "v3", "hand": 3})
    decision = game.pending_decision()
    assert decision is not None and decision.name == "main" and decision.player == "p1"
    legal = game.legal_commands("p1")
    knowledge = Knowledge("p1", find_game("vanguard"), game.state.library, "premium", own_deck=DECK)
    shield = resolve_reference(game, "@shield")

    def calls(bot: HeuristicBot | MonteCarloBot) -> bool:
        return getattr(bot.choose(view_for(game.state, "p1"), decision, legal), "card", None) == shield
    assert calls(HeuristicBot(knowledge, 1))   # a booster on the board outscores a card in hand
    assert not calls(MonteCarloBot(knowledge, seed=1, max_rounds=4))


def test_the_monte_carlo_bot_may_return_several_cards_in_its_mulligan() -> None:
    # The rules list one card at a time, but any number may go back (VG 4.5). A hand of grade 0 cards rides
    # nothing: returning several of them draws more chances of the next grades.
    deck = {"main": ["g0"] + ["stand"] * 35 + ["g1"] * 5 + ["g2"] * 5 + ["v3"] * 4}
    library = library_for(find_game("vanguard"), CARDS, Path("mulligan-test.yaml"), load_bundled_cards)
    game = Game.start(find_game("vanguard"), GameConfig("vanguard", format="premium", seed=SEED,
                                                        decks={"p1": deck, "p2": deck}), library)
    decision = game.pending_decision()
    assert decision is not None and decision.name == "mulligan"
    player = decision.player
    hand = game.state.zones[f"{player}.hand"].cards
    assert all(game.state.definition(i).stat("grade") == 0 for i in hand)
    legal = game.legal_commands(player)
    assert max(len(getattr(c, "picks", ()) or ()) for c in legal) == 1
    knowledge = Knowledge(player, find_game("vanguard"), library, "premium", own_deck=deck)
    chosen = MonteCarloBot(knowledge, seed=1, max_rounds=6).choose(view_for(game.state, player), decision, legal)
    assert isinstance(chosen, Choose) and len(chosen.picks) >= 2
