"""The DreadNought evaluation: an attack is scored by the defender's best block; the Monte-Carlo lookahead fights it out."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from carddb.bundled import load_bundled_cards
from tabletop.ai.dreadnought_evaluation import dreadnought_evaluation
from tabletop.ai.evaluation import deep_settled_for
from tabletop.ai.lookahead import considered_reply, passive_reply, play_on
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


def test_the_monte_carlo_lookahead_plays_the_block_and_the_battle_out_before_scoring_an_attack() -> None:
    # 300 BP into p2's left area (a weak unit, its caster at 1 HP): the heuristic's lookahead stops at the block;
    # the Monte-Carlo bot's has p2 block as it scores best (the caster: an HP card rather than the unit and one)
    # and plays the reactions and the damage on, up to p2's next action
    game = action_table({"units.left": ["big"]}, {"units.left": ["weak"]})
    attacker = game.state.zones["p1.units.left"].cards[0]
    game.submit(Attack(by="p1", attackers=(attacker,), side="left"))
    assert play_on(game, "p1", reply=considered_reply) == 0
    played = play_on(game, "p1", reply=considered_reply, settled=deep_settled_for("dreadnought"))
    assert played >= 3   # the block, then each side passing its reaction
    assert not game.state.data.get("battle")
    assert game.pending_decision().player == "p2"
    assert game.state.zones["p2.hp.left"].cards == []
    assert len(game.state.zones["p2.units.left"].cards) == 1
