"""The bots' DreadNought candidates: of the attack groups that end a battle alike, the one of least BP; one dummy a slot."""
from __future__ import annotations

from pathlib import Path

from carddb.bundled import load_bundled_cards
from tabletop.ai.dreadnought_attacks import sensible_attacks, sensible_commands
from tabletop.engine.commands import PassPriority
from tabletop.games import find_game
from tabletop.games.dreadnought.commands import Attack, CastDummy
from tabletop.scenarios.runner import ScenarioPlayer
from tests.ai.test_dreadnought_evaluation import CARDS, action_table


def _attacks(commands: list) -> set[tuple[tuple[str, ...], str]]:
    return {(tuple(sorted(c.attackers)), c.side) for c in commands if isinstance(c, Attack)}


def test_a_group_with_more_bp_than_its_battle_needs_is_not_tried() -> None:
    # p2's left area: a caster at 1 HP and an 80 BP unit; right area: the caster alone. Any of p1's units breaks
    # an HP card either way (the caster blocks 100 damage or more, DN 6.3), so the smallest group is enough
    game = action_table({"units.left": ["small", "big"]}, {"units.left": ["weak"]})
    small, big = game.state.zones["p1.units.left"].cards
    legal = game.legal_commands("p1")
    assert len(_attacks(legal)) == 6   # 3 groups at 2 areas
    narrowed = sensible_attacks(game.rules, game.state, legal)
    assert {(c.attackers, c.side) for c in narrowed if isinstance(c, Attack)} == {((small,), "left"), ((small,), "right")}
    assert PassPriority(by="p1") in narrowed


def test_a_bigger_group_is_kept_when_it_ends_the_battle_another_way() -> None:
    # p2's left area: a 300 BP unit and a caster whose HP value is 400. The 100 BP unit is blocked by the unit, the
    # big one by the caster, both at no loss; only the two together (400) break an HP card
    game = action_table({"units.left": ["small", "big"]}, {"units.left": ["big"]}, {"caster_hp_value": 400})
    small, big = game.state.zones["p1.units.left"].cards
    narrowed = sensible_attacks(game.rules, game.state, game.legal_commands("p1"))
    left = {c.attackers for c in narrowed if isinstance(c, Attack) and c.side == "left"}
    assert left == {(small,), (big,), (small, big)}


def test_one_dummy_is_tried_per_unit_slot_with_the_card_least_used_otherwise() -> None:
    # p1 holds two units it could cast and a third card only a dummy can use (an arms outside the Fast Phase):
    # every dummy is the same closed 50 BP unit (DN 5.3 b), so one per slot is tried, spending the arms
    arms = {"id": "arms", "name": "Test Arms", "type": "arms", "cluster": ["red"]}
    seats = {p: {"caster.left": ["caster-a"], "caster.right": ["caster-b"], "hp.left": 1, "hp.right": 1, "deck": 10}
             for p in ("p1", "p2")}
    seats["p1"]["hand"] = ["small", "weak", "arms"]
    data = {"game": "dreadnought", "cards": [*CARDS, arms], "steps": [],
            "setup": {"phase": "cast", "first": "p1", "players": seats}}
    game = ScenarioPlayer(Path("dreadnought-dummies-test.yaml"), data, find_game, load_bundled_cards).game
    legal = game.legal_commands("p1")
    assert sum(isinstance(c, CastDummy) for c in legal) == 6   # each card of the hand, into either slot
    spare = next(iid for iid in game.state.zones["p1.hand"].cards if game.state.definition(iid).card_type == "arms")
    narrowed = sensible_commands(game.rules, game.state, legal)
    assert {(c.card, c.side) for c in narrowed if isinstance(c, CastDummy)} == {(spare, "left"), (spare, "right")}
    assert [c for c in narrowed if not isinstance(c, CastDummy)] == [c for c in legal if not isinstance(c, CastDummy)]
