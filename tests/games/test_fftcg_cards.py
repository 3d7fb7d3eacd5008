"""FFTCG card files: the effect vocabulary check and the card reader's one-line errors."""
from __future__ import annotations

import pytest

from tabletop.games.fftcg.cards import card_from_mapping
from tabletop.games.fftcg.effects import validate_effects


def test_a_card_in_the_vocabulary_has_no_problems() -> None:
    card = {"id": "x", "name": "X", "type": "summon", "element": "fire", "cost": 2,
            "effects": [{"effect": "deal_damage", "amount": 5000, "target": {"type": "forward", "count": 2}},
                        {"trigger": "enters_field", "effect": "draw", "count": 1}]}
    assert validate_effects(card) == []


@pytest.mark.parametrize("effects, problem", [
    ([{"effect": "explode"}], "unknown effect 'explode'"),
    ([{"trigger": "sunrise", "effect": "draw"}], "trigger must be one of"),
    ([{"effect": "draw", "count": "two"}], "must be a whole number"),
    ([{"effect": "draw", "target": {"colour": "red"}}], "unknown filter key 'colour'"),
    ([{"kind": "field", "effect": "draw"}], "a field ability's effect must be one of"),
    ([{"kind": "special", "effect": "draw"}], "needs a 'name'"),
    ([{"kind": "replacement", "event": "damage", "instead": "reduce"}], "needs a positive 'amount'"),
    ([{"kind": "replacement", "event": "damage", "instead": "halve"}], "must be one of reduce, prevent"),
    ([{"kind": "replacement", "event": "draw", "instead": "prevent"}], "must be 'break', 'enters_field', 'damage' or 'deals_damage'"),
])
def test_bad_effects_are_named(effects: list[dict], problem: str) -> None:
    problems = validate_effects({"type": "forward", "effects": effects})
    assert any(problem in p for p in problems), problems


def test_card_from_mapping_reads_elements_and_rejects_bad_ones() -> None:
    card = card_from_mapping({"id": "a", "name": "A", "type": "forward", "element": ["Fire"], "cost": 2,
                              "power": 5000, "keywords": ["first strike"], "ex_burst": True})
    assert card.attributes["element"] == ["fire"] and card.has_keyword("first_strike")
    with pytest.raises(ValueError, match="unknown element 'mud'"):
        card_from_mapping({"id": "b", "name": "B", "type": "backup", "element": "mud", "cost": 1})
    with pytest.raises(ValueError, match="needs 'power'"):
        card_from_mapping({"id": "c", "name": "C", "type": "forward", "element": "ice", "cost": 1})


def test_a_card_from_the_database_pays_with_its_elements_however_its_source_spells_them() -> None:
    from tabletop.engine.cards import CardDefinition
    from tabletop.games.fftcg.cards import elements_of, is_light_or_dark
    stored = CardDefinition(id="1-001H", game="fftcg", name="Imported", card_type="forward", cost=2,
                            stats={"power": 5000}, attributes={"element": ["Fire"]})
    dark = CardDefinition(id="1-002H", game="fftcg", name="Imported Dark", card_type="forward", cost=2,
                          stats={"power": 5000}, attributes={"element": ["Dark"]})
    assert elements_of(stored) == ["fire"] and not is_light_or_dark(stored)
    assert elements_of(dark) == ["dark"] and is_light_or_dark(dark)
