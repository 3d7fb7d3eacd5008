"""Every condition and computed number of FFTCG's card vocabulary says what it reads besides the field, and each such
read renews the memo of characteristics: a word left out would keep a stale Power (FFTCG 11.12.4.4)."""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import pytest

from tabletop.engine.cards import CardDefinition
from tabletop.games.fftcg import continuous, effects
from tabletop.games.fftcg.printed import AMOUNT_READS, CONDITION_READS, READ_NAMES, PrintedFacts


def test_every_condition_word_names_what_it_reads() -> None:
    assert set(CONDITION_READS) == set(effects.CONDITIONS)


def test_every_computed_number_names_what_it_reads() -> None:
    assert set(AMOUNT_READS) == set(effects.VALUE_BASES)


def test_the_tables_read_only_what_the_memo_knows() -> None:
    for reads in (*CONDITION_READS.values(), *AMOUNT_READS.values()):
        assert reads <= READ_NAMES


@pytest.mark.parametrize("name", sorted(READ_NAMES - {"turn"}))
def test_each_read_adds_parts_of_the_board_to_the_memo(name: str) -> None:
    parts = continuous._parts(("p1", "p2"))
    assert len(continuous._field_parts(parts, {name})) > len(parts.objects)


def _forward(effect: dict[str, object]) -> PrintedFacts:
    return PrintedFacts(CardDefinition(id="t", game="fftcg", name="Test Watcher", card_type="forward", cost=2,
                                       stats={"power": 5000}, attributes={"element": ["wind"]},
                                       effects=({"kind": "field", "effect": "power", **effect},)))


@pytest.mark.parametrize(("effect", "reads"), [
    ({"condition": {"opponent_hand_at_least": 5}, "amount": 1000}, {"hand"}),
    ({"condition": {"damage_ahead": 1}, "amount": 1000}, {"damage"}),
    ({"condition": {"paid_elements": {"at_least": 3}}, "amount": 1000}, {"history", "turn"}),
    ({"condition": {"elements_among": {"type": "forward", "dull": True, "at_least": 2}}, "amount": 1000}, {"dull"}),
    ({"amount": {"damage_points": "opponent", "times": 1000}}, {"damage"}),
    ({"amount": {"count": {"type": "forward", "zone": "break"}, "times": 1000}}, {"break"}),
])
def test_a_field_ability_reads_what_its_words_read(effect: dict[str, object], reads: set[str]) -> None:
    assert _forward(effect).reads == reads
    profile = continuous._profile(_forward(effect))
    assert profile.field_reads == reads and profile.reads_turn == ("turn" in reads)


def test_a_damage_gate_of_a_field_ability_is_read_apart() -> None:
    """A field ability's "Damage 3 —" reads whether the Damage Zone holds 3 cards (continuous.FieldFacts.with_gates),
    not every change of its size; that of another ability is read as its size."""
    gated = _forward({"amount": 1000, "damage": 3})
    assert gated.reads == set() and gated.field_gates == {3}
    assert continuous._profile(gated).gates == {3}
    auto = PrintedFacts(CardDefinition(id="t", game="fftcg", name="Test Watcher", card_type="forward", cost=2,
                                       stats={"power": 5000}, attributes={"element": ["wind"]},
                                       effects=({"kind": "auto", "trigger": "enters_field", "effect": "draw",
                                                 "count": 1, "damage": 3},)))
    assert auto.reads == {"damage"} and not auto.field_gates


def test_is_mapping_answers_as_the_mapping_check_does() -> None:
    """A read-only mapping in card data still counts as a mapping, and numbers, words, lists and None do not."""
    for value in ({"count": 1}, MappingProxyType({"x": 1}), 3, True, 2.5, "power", ["a"], ("a",), None):
        assert effects.is_mapping(value) == isinstance(value, Mapping), value
