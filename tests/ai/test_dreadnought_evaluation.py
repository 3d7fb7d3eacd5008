"""The DreadNought evaluations: an attack is scored by the defender's best block; the Monte-Carlo bot's deep
evaluation plays the turn's Action Phase out."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from carddb.bundled import load_bundled_cards
from tabletop.ai.bot import Knowledge
from tabletop.ai.dreadnought_evaluation import dreadnought_deep_evaluation, dreadnought_evaluation
from tabletop.ai.lookahead import considered_reply, passive_reply, play_on
from tabletop.ai.montecarlo import MonteCarloBot
from tabletop.engine.commands import Choose, PassPriority
from tabletop.engine.game import Game
from tabletop.games import find_game
from tabletop.games.dreadnought.commands import Attack, UseAbility
from tabletop.scenarios.runner import ScenarioPlayer

CARDS = [
    {"id": "caster-a", "name": "Test Caster A", "type": "caster", "hp": 3, "cluster": ["red"]},
    {"id": "caster-b", "name": "Test Caster B", "type": "caster", "hp": 3, "cluster": ["red"]},
    {"id": "small", "name": "Small Unit", "type": "unit", "size": "S", "bp": 100, "sp": 3, "cluster": ["red"]},
    {"id": "weak", "name": "Weak Unit", "type": "unit", "size": "S", "bp": 80, "sp": 2, "cluster": ["red"]},
    {"id": "big", "name": "Big Unit", "type": "unit", "size": "L", "bp": 300, "sp": 7, "cluster": ["red"]},
]


def action_table(p1: dict[str, Any], p2: dict[str, Any], options: dict[str, Any] | None = None) -> Game:
    """Return a DreadNought game in the Action Phase with p1 first and to act, both casters of each at 1 HP."""
    seats = {p: {"caster.left": ["caster-a"], "caster.right": ["caster-b"], "hp.left": 1, "hp.right": 1,
                 "deck": 10, **units} for p, units in (("p1", p1), ("p2", p2))}
    setup: dict[str, Any] = {"phase": "action", "first": "p1", "players": seats}
    if options:
        setup["options"] = options
    data = {"game": "dreadnought", "cards": CARDS, "steps": [], "setup": setup}
    return ScenarioPlayer(Path("dreadnought-evaluation-test.yaml"), data, find_game, load_bundled_cards).game


def test_an_attack_is_scored_by_the_defenders_best_block_not_the_first_card_listed() -> None:
    # 100 BP into an area holding a weak unit before its caster: blocking with the unit loses the unit and an HP
    # card (the attack bonus); with caster_hp_value 150 the caster blocks the 100 damage and loses nothing
    game = action_table({"units.left": [{"card": "small", "as": "a"}]}, {"units.left": ["weak"]},
                        {"caster_hp_value": 150})
    before = dreadnought_evaluation(game.rules, game.state, "p1")
    attacker = game.state.zones["p1.units.left"].cards[0]
    game.submit(Attack(by="p1", attackers=(attacker,), side="left"))
    assert game.pending_decision().name == "block"
    assert play_on(game, "p1") == 0   # the block is not played on with a passive defender
    assert dreadnought_evaluation(game.rules, game.state, "p1") == before


def test_the_monte_carlo_lookahead_tries_the_defenders_reactions() -> None:
    # p2 blocks 100 damage with its 80 BP unit and holds a 「Re」 code giving the blocker +100 BP: a defender
    # tried out on the copy (lookahead.considered_reply) plays it; a passive one would lose the unit
    cards = [*CARDS, {"id": "shield-code", "name": "Shield Code", "type": "code", "sp": 4, "cluster": ["red"],
                      "effects": [{"timing": "re", "do": [{"effect": "bp", "amount": 100, "to": "blocker"}]}]}]
    seats = {p: {"caster.left": ["caster-a"], "caster.right": ["caster-b"], "hp.left": 1, "hp.right": 1, "deck": 10}
             for p in ("p1", "p2")}
    seats["p1"]["units.left"] = ["small"]
    seats["p2"].update({"units.left": ["weak"], "hand": ["shield-code"]})
    data = {"game": "dreadnought", "cards": cards, "steps": [],
            "setup": {"phase": "action", "first": "p1", "players": seats}}
    game = ScenarioPlayer(Path("dreadnought-reaction-test.yaml"), data, find_game, load_bundled_cards).game
    attacker = game.state.zones["p1.units.left"].cards[0]
    blocker = game.state.zones["p2.units.left"].cards[0]
    game.submit(Attack(by="p1", attackers=(attacker,), side="left"))
    game.submit(Choose(by="p2", picks=(blocker,)))
    decision = game.pending_decision()
    assert decision.player == "p2"
    legal = game.legal_commands("p2")
    assert isinstance(considered_reply(game, decision, legal), UseAbility)
    assert isinstance(passive_reply(game, decision, legal), PassPriority)


def last_hp_table(phase: str, first: str | None, p1_unit: Any = "small") -> Game:
    """Return a table where each player has one HP card left (left caster) and one unit that breaks through."""
    seats = {p: {"caster.left": ["caster-a"], "caster.right": ["caster-b"], "hp.left": 1, "hp.right": 0, "deck": 10,
                 "units.left": [p1_unit if p == "p1" else "small"]} for p in ("p1", "p2")}
    setup: dict[str, Any] = {"phase": phase, "players": seats}
    if first:
        setup["first"] = first
    data = {"game": "dreadnought", "cards": CARDS, "steps": [], "setup": setup}
    return ScenarioPlayer(Path("dreadnought-deep-evaluation-test.yaml"), data, find_game, load_bundled_cards).game


@pytest.mark.parametrize("phase", ["cast", "action"])
def test_the_deep_evaluation_plays_the_first_players_attacks_first(phase: str) -> None:
    # DN 5.5: the first player acts first; each side's one attack takes the other's last HP card, so the first
    # player's wins the race, which the table as it stands (equal for both) does not show
    ahead = last_hp_table(phase, "p1")
    behind = last_hp_table(phase, "p2")
    assert dreadnought_evaluation(ahead.rules, ahead.state, "p1") == dreadnought_evaluation(
        behind.rules, behind.state, "p1") == 0.0
    assert dreadnought_deep_evaluation(ahead.rules, ahead.state, "p1") > 0.0
    assert dreadnought_deep_evaluation(behind.rules, behind.state, "p1") < 0.0
    assert dreadnought_deep_evaluation(ahead.rules, ahead.state, "p2") < 0.0


def test_a_checked_unit_does_not_attack_in_the_deep_evaluations_playout() -> None:
    # p1 is first but its unit has attacked already this turn (checked, DN 6.1.2): p2's attack comes unanswered
    game = last_hp_table("action", "p1", {"card": "small", "tapped": True})
    assert dreadnought_deep_evaluation(game.rules, game.state, "p1") < 0.0


def test_the_next_turns_battles_are_not_played_out_before_its_first_player_is_known() -> None:
    # a pass that ends the Action Phase leads to the next turn's Speed Phase: it is scored as the table stands,
    # like what is left of this turn, not by the battles of a turn whose first player is not decided yet (DN 5.1)
    game = last_hp_table("speed", None)
    assert dreadnought_deep_evaluation(game.rules, game.state, "p1") == dreadnought_evaluation(
        game.rules, game.state, "p1")


def test_the_monte_carlo_lookahead_scores_with_the_deep_evaluation() -> None:
    game = last_hp_table("cast", "p1")
    bot = MonteCarloBot(Knowledge("p1", game.rules, game.state.library, "", {}, {}), max_rounds=1)
    assert bot.lookahead.evaluation is dreadnought_deep_evaluation
