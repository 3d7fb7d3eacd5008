import pytest

from tabletop.engine import stack, triggers
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.transaction import Transaction
from tabletop.engine.turns import Phase, TurnStructure
from tests.engine.helpers import freeform_game

TURN = TurnStructure([Phase("active"), Phase("main1"), Phase("attack", ("declare", "block", "damage")), Phase("end")])


def test_phases_and_steps_follow_in_order_then_the_turn_passes():
    game = freeform_game()
    tx = Transaction(game.state)
    TURN.enter(tx, *TURN.first())
    seen = [(game.state.phase, game.state.step)]
    while not TURN.advance(tx):
        seen.append((game.state.phase, game.state.step))
    assert seen == [("active", ""), ("main1", ""), ("attack", "declare"), ("attack", "block"),
                    ("attack", "damage"), ("end", "")]
    assert (game.state.active, game.state.turn, game.state.phase) == ("p2", 2, "active")
    tx.rollback()
    assert game.state.turn == 1


def test_entering_a_step_logs_whose_phase_and_step_it_is_and_an_unknown_one_is_refused():
    game = freeform_game()
    tx = Transaction(game.state)
    TURN.enter(tx, "attack", "block")
    TURN.enter(tx, "end")
    assert [entry.text for entry in game.state.log[-2:]] == ["p1's attack (block)", "p1's end"]
    assert TURN.following("attack", "damage") == ("end", "") and TURN.following("end") is None
    with pytest.raises(ValueError, match="no step attack.main1"):
        TURN.enter(tx, "attack", "main1")
    with pytest.raises(ValueError, match="no phase draw"):
        TURN.following("draw")


def test_entering_a_step_records_only_what_changed_and_undo_puts_the_table_back():
    game = freeform_game()
    state = game.state
    TURN.enter(Transaction(state), "attack", "declare")
    before = (state.phase, state.step, list(state.log))
    tx = Transaction(state)
    TURN.advance(tx)  # the phase stays: the step and the log line change
    assert [(type(c).__name__, c[0]) for c in tx.changes] == [("SetTableField", "step"), ("AppendLog", state.log[-1])]
    assert (state.phase, state.step, state.log[-1].text) == ("attack", "block", "p1's attack (block)")
    tx.rollback()
    assert (state.phase, state.step, list(state.log)) == before


def test_advancing_from_a_step_the_turn_does_not_have_is_refused():
    game = freeform_game()
    tx = Transaction(game.state)
    tx.set_table("phase", "draw")
    with pytest.raises(ValueError, match="no phase draw"):
        TURN.advance(tx)


def test_passes_and_priority_given_back_are_undone_exactly():
    game = freeform_game()
    state = game.state
    stack.give_priority(Transaction(state), "p1")
    before = dict(state.data)
    tx = Transaction(state)
    stack.pass_priority(tx)
    assert (state.data["priority"], state.data["passes"]) == ("p2", 1)
    stack.give_priority(tx, "p2")  # p2 acts: the count of passes restarts, p2 keeps priority
    assert state.data["priority"] == "p2" and "passes" not in state.data
    tx.rollback()
    assert state.data == before


def test_stack_is_last_in_first_out_and_two_passes_resolve():
    game = freeform_game()
    tx = Transaction(game.state)
    first = stack.push(tx, {"name": "Fire Bolt", "controller": "p1"})
    second = stack.push(tx, {"name": "Counter", "controller": "p2"})
    assert [i["id"] for i in stack.items(game.state)] == [second, first]
    stack.give_priority(tx, "p1")
    assert stack.pass_priority(tx) is stack.PassResult.PASSED
    assert stack.priority_holder(game.state) == "p2"
    assert stack.pass_priority(tx) is stack.PassResult.RESOLVE
    assert stack.pop(tx)["name"] == "Counter"
    stack.pop(tx)
    stack.give_priority(tx, "p1")
    stack.pass_priority(tx)
    assert stack.pass_priority(tx) is stack.PassResult.END


def test_acting_restarts_the_count_of_passes():
    game = freeform_game()
    tx = Transaction(game.state)
    stack.give_priority(tx, "p1")
    stack.pass_priority(tx)              # p1 passes, p2 holds
    stack.push(tx, {"name": "Response", "controller": "p2"})
    stack.give_priority(tx, "p2")        # p2 acted and keeps priority
    assert stack.pass_priority(tx) is stack.PassResult.PASSED
    assert stack.pass_priority(tx) is stack.PassResult.RESOLVE


def test_turn_player_orders_their_triggers_first_and_must_order_all():
    game = freeform_game()
    tx = Transaction(game.state)
    a = triggers.queue(tx, "p2", {"name": "B1"})
    b = triggers.queue(tx, "p1", {"name": "A1"})
    c = triggers.queue(tx, "p1", {"name": "A2"})
    decision = triggers.order_decision(game.state, "p1")
    assert decision is not None and decision.player == "p1" and set(decision.options) == {b, c}
    with pytest.raises(IllegalCommand):
        triggers.take(tx, "p1", [c])
    assert [t["name"] for t in triggers.take(tx, "p1", [c, b])] == ["A2", "A1"]
    assert triggers.order_decision(game.state, "p1") is None  # p2 has one trigger: no choice
    assert triggers.next_controller(game.state, "p1") == "p2"
    assert [t["id"] for t in triggers.take(tx, "p2")] == [a]


def test_triggers_played_one_at_a_time_turn_player_first():
    game = freeform_game()
    tx = Transaction(game.state)
    first = triggers.queue(tx, "p2", {"name": "Answer"})
    second = triggers.queue(tx, "p1", {"name": "Burst"})
    third = triggers.queue(tx, "p1", {"name": "Bloom"}, copy=False)
    assert triggers.next_controller(game.state, "p1") == "p1"
    decision = triggers.choice_decision(game.state, "p1", "VG 7.2")
    assert (decision.player, decision.kind, decision.options, decision.min, decision.max) == (
        "p1", "pick", (second, third), 1, 1)
    assert triggers.remove(tx, third)["name"] == "Bloom"
    assert triggers.choice_decision(game.state, "p1") is None
    assert triggers.remove(tx, second)["name"] == "Burst"
    assert triggers.next_controller(game.state, "p1") == "p2"
    with pytest.raises(IllegalCommand):
        triggers.remove(tx, third)
    assert [t["id"] for t in triggers.waiting(game.state)] == [first]


def test_a_choice_of_waiting_triggers_names_each_by_its_source_card_and_ability():
    game = freeform_game()
    tx = Transaction(game.state)
    card = game.state.zones["p1.hand"].cards[0]
    name = game.state.definition(card).name
    triggers.queue(tx, "p1", {"name": "Rally", "source": card})
    triggers.queue(tx, "p1", {"ability": {"keyword": "soul_charge"}, "source": card})
    triggers.queue(tx, "p1", {"name": f"{name}: enters the field", "source": card})
    decision = triggers.choice_decision(game.state, "p1")
    assert decision is not None
    assert decision.labels == (f"{name}: Rally", f"{name}: soul charge", f"{name}: enters the field")
    assert triggers.order_decision(game.state, "p1").labels == decision.labels
