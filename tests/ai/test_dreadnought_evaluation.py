"""The DreadNought evaluations: an attack is scored by the defender's best block, and the Monte-Carlo bot's deep
evaluation sees the attacks still to come in the Action Phase."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from carddb.bundled import load_bundled_cards
from tabletop.ai.dreadnought_evaluation import dreadnought_deep_evaluation, dreadnought_evaluation
from tabletop.ai.lookahead import play_on
from tabletop.engine.game import Game
from tabletop.games import find_game
from tabletop.games.dreadnought.commands import Attack
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


def test_the_deep_evaluation_sees_that_splitting_an_attack_breaks_more() -> None:
    # p1's two 100 BP units against two areas each holding a weak unit before a 1-HP caster: one attack with
    # both breaks one unit (and its caster's last HP card); two single attacks break both areas
    game = action_table({"units.left": ["small", "small"]}, {"units.left": ["weak"], "units.right": ["weak"]})
    first, second = game.state.zones["p1.units.left"].cards
    together = Attack(by="p1", attackers=(first, second), side="left")
    alone = Attack(by="p1", attackers=(first,), side="left")
    scores = {}
    for name, command in (("together", together), ("alone", alone)):
        game.submit(command)
        scores[name] = (dreadnought_evaluation(game.rules, game.state, "p1"),
                        dreadnought_deep_evaluation(game.rules, game.state, "p1"))
        game.undo()
    assert scores["together"][0] == scores["alone"][0]   # one ply sees the same break
    assert scores["alone"][1] > scores["together"][1]    # the playout sees the second attack the split keeps


def test_the_deep_evaluation_counts_the_opponents_attacks_to_come() -> None:
    # p1's unit is checked (it attacked); p2's big unit is ready and will break an HP card of p1's
    game = action_table({"units.left": [{"card": "small", "check": True}]}, {"units.left": ["big"]})
    assert dreadnought_deep_evaluation(game.rules, game.state, "p1") < dreadnought_evaluation(
        game.rules, game.state, "p1")
