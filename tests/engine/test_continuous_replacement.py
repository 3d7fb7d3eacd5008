import dataclasses

import pytest

from tabletop.engine.continuous import ContinuousEffect, LayerSystem
from tabletop.engine.durations import UNTIL_END_OF_TURN, expire
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.permissions import Permission, Ruling, decide
from tabletop.engine.replacement import Replacement, run_replacements
from tabletop.engine.rule_process import RuleLoopError, run_until_stable
from tabletop.engine.transaction import Transaction
from tests.engine.helpers import freeform_game

CONTROL, TEXT, TYPE, OTHER, POWER = range(5)  # FFTCG 11.12.4.6 classes


def applies(chars, effect, iid):
    wanted = effect.selector.get("keyword")
    return wanted is None or wanted in chars[iid].get("keywords", set())


LAYERS = LayerSystem(5, applies)


def base():
    return {1: {"power": 5000, "keywords": set()}, 2: {"power": 7000, "keywords": {"brave"}}}


def test_an_effect_is_a_frozen_value_with_its_own_selector():
    effect = ContinuousEffect("pump", POWER, 1, "add", "power", 1000)
    assert effect == ContinuousEffect("pump", POWER, 1, "add", "power", 1000)
    assert effect != ContinuousEffect("pump", POWER, 1, "add", "power", 2000)
    assert effect.selector == {} and effect.selector is not ContinuousEffect("pump", POWER, 1, "add", "power").selector
    assert dataclasses.replace(effect, value=2000).value == 2000 and effect.value == 1000
    assert ContinuousEffect.from_json(effect.to_json()) == effect
    with pytest.raises(dataclasses.FrozenInstanceError):
        effect.value = 2000


def test_power_changes_apply_after_other_effects_whatever_the_timestamps():
    effects = [
        ContinuousEffect("pump-brave", POWER, 1, "add", "power", 1000, selector={"keyword": "brave"}),
        ContinuousEffect("give-brave", OTHER, 9, "grant", "keywords", "brave", targets=(1,)),
    ]
    chars = LAYERS.compute(base(), effects)
    assert chars[1]["power"] == 6000 and chars[2]["power"] == 8000


def test_dependency_beats_timestamp_within_a_layer():
    # Both in class 4: "Forwards with Brave gain Haste" depends on "card 1 gains Brave".
    effects = [
        ContinuousEffect("brave-get-haste", OTHER, 1, "grant", "keywords", "haste", selector={"keyword": "brave"}),
        ContinuousEffect("give-brave", OTHER, 5, "grant", "keywords", "brave", targets=(1,)),
    ]
    assert LAYERS.order_in_layer(base(), effects) == ["give-brave", "brave-get-haste"]
    assert "haste" in LAYERS.compute(base(), effects)[1]["keywords"]


def test_independent_effects_apply_in_timestamp_order():
    effects = [
        ContinuousEffect("set", POWER, 2, "set", "power", 1000, targets=(1,)),
        ContinuousEffect("add", POWER, 1, "add", "power", 3000, targets=(1,)),
    ]
    assert LAYERS.compute(base(), effects)[1]["power"] == 1000
    effects[0], effects[1] = (ContinuousEffect("set", POWER, 1, "set", "power", 1000, targets=(1,)),
                              ContinuousEffect("add", POWER, 2, "add", "power", 3000, targets=(1,)))
    assert LAYERS.compute(base(), effects)[1]["power"] == 4000


def test_self_modifying_effects_go_first_in_their_layer():
    effects = [
        ContinuousEffect("other", POWER, 1, "set", "power", 2000, targets=(2,)),
        ContinuousEffect("self", POWER, 7, "add", "power", 500, source=2, targets=(2,)),
    ]
    assert LAYERS.order_in_layer(base(), effects) == ["self", "other"]
    assert LAYERS.compute(base(), effects)[2]["power"] == 2000


def test_until_end_of_turn_effects_expire_and_undo_brings_them_back():
    game = freeform_game()
    tx = Transaction(game.state)
    tx.list_append("effects", {"id": "e1", "duration": UNTIL_END_OF_TURN})
    tx.list_append("effects", {"id": "e2", "duration": "permanent"})
    assert expire(tx, UNTIL_END_OF_TURN) == 1
    assert [e["id"] for e in game.state.lists["effects"]] == ["e2"]
    tx.rollback()
    assert "effects" not in game.state.lists


def _damage_event(amount):
    return {"kind": "damage", "amount": amount}


def _replace(r, event):
    return {**event, "amount": event["amount"] + r.data["delta"]}


def _applies(r, event):
    return event["kind"] == r.kind


def test_self_replacement_first_then_the_affected_player_orders_the_rest():
    reps = [Replacement("shield", "p2", "damage", data={"delta": -1}),
            Replacement("double", "p1", "damage", data={"delta": 2}),
            Replacement("own", "p1", "damage", self_replacement=True, data={"delta": 1})]
    step = run_replacements(_damage_event(1), reps, _applies, _replace, "p2")
    assert not step.done and step.chooser == "p2" and set(step.options) == {"shield", "double"}
    assert step.applied == ("own",)
    step = run_replacements(_damage_event(1), reps, _applies, _replace, "p2", choices=["double"])
    assert step.done and step.applied == ("own", "double", "shield") and step.event["amount"] == 3


def test_a_replacement_applies_once_to_an_event():
    reps = [Replacement("plus", "p1", "damage", data={"delta": 1})]
    step = run_replacements(_damage_event(1), reps, _applies, _replace, "p2")
    assert step.done and step.event["amount"] == 2


def test_rule_processes_run_simultaneously_until_nothing_applies():
    game = freeform_game()
    tx = Transaction(game.state)
    tx.set_total("p1", "life", 0)
    tx.set_total("p2", "life", 0)

    def losses(state):
        losers = [p for p in state.players if state.total(p, "life") <= 0 and "outcome" not in state.data]
        if not losers:
            return []
        winner = None if len(losers) == 2 else state.opponent(losers[0])
        return [lambda t: t.set_data("outcome", {"winner": winner, "reason": "life"})]

    run_until_stable(tx, [losses])
    assert game.state.data["outcome"]["winner"] is None  # both lost at once: a draw


def test_a_rule_process_loop_is_stopped():
    game = freeform_game()
    tx = Transaction(game.state)
    with pytest.raises(RuleLoopError):
        run_until_stable(tx, [lambda state: [lambda t: t.add_total("p1", "life", 1)]])


def test_cannot_beats_can():
    allowed = Permission(True)
    refused = Permission(False, "FFTCG 10.1.2.1", "this Forward is dull")
    haste = Ruling("FFTCG 17.2", "Haste")
    frozen = Ruling("card", "cannot attack this turn")
    assert decide(allowed, cannot=[frozen]).allowed is False
    assert decide(refused, can=[haste]).allowed is True
    assert decide(refused, can=[haste], cannot=[frozen]).rule == "card"
    with pytest.raises(IllegalCommand, match="FFTCG 10.1.2.1"):
        decide(refused).require()


def test_an_effect_with_fixed_targets_depends_on_no_other_effect():
    grant = ContinuousEffect("give-brave", OTHER, 1, "grant", "keywords", "brave", targets=(1,))
    fixed = ContinuousEffect("pump-1", OTHER, 2, "grant", "keywords", "haste", targets=(1,))
    chars = base()
    assert not LAYERS.depends_on(chars, fixed, grant)
    assert LAYERS.compute(chars, [fixed, grant])[1]["keywords"] == {"brave", "haste"}


def test_an_effect_that_reads_nothing_another_changes_does_not_depend_on_it():
    pump = ContinuousEffect("pump-brave", OTHER, 1, "add", "power", 1000, selector={"keyword": "brave"},
                            reads=frozenset({"keywords"}))
    power = ContinuousEffect("more-power", OTHER, 2, "add", "power", 500)
    grant = ContinuousEffect("give-brave", OTHER, 3, "grant", "keywords", "brave", targets=(1,))
    chars = base()
    assert not LAYERS.depends_on(chars, pump, power)
    assert LAYERS.depends_on(chars, pump, grant)
    result = LAYERS.compute(chars, [pump, power, grant])
    assert result[1]["power"] == 6500 and chars[1]["power"] == 5000  # base untouched (copy on write)
