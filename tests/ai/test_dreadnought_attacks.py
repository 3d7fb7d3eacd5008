"""The Monte-Carlo bot's DreadNought attacks: of the groups that end a battle alike, the one of least BP."""
from __future__ import annotations

from tabletop.ai.dreadnought_attacks import sensible_attacks
from tabletop.engine.commands import PassPriority
from tabletop.games.dreadnought.commands import Attack
from tests.ai.test_dreadnought_evaluation import action_table


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
