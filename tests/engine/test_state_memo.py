"""Values derived from a state are memoized per state version; every change, undo and rollback forgets them."""
from __future__ import annotations

import pytest

from tabletop.engine.commands import DrawCards
from tabletop.engine.transaction import Transaction
from tests.engine.helpers import freeform_game


def _hand_size(game):  # type: ignore[no-untyped-def]
    calls = []

    def count() -> int:
        calls.append(1)
        return len(game.state.zones["p1.hand"].cards)
    return (lambda: game.state.memo("hand", count)), calls


def test_a_memoized_value_is_computed_once_per_version() -> None:
    game = freeform_game()
    hand, calls = _hand_size(game)
    assert hand() == hand() and len(calls) == 1


def test_a_board_memo_survives_bookkeeping_but_not_a_move() -> None:
    game = freeform_game()
    calls = []

    def count() -> int:
        calls.append(1)
        return len(game.state.zones["p1.hand"].cards)
    tx = Transaction(game.state)
    first = game.state.memo("hand", count, board=True)
    tx.set_data("note", "priority passed")
    tx.log("a line of the log")
    assert game.state.memo("hand", count, board=True) == first and len(calls) == 1
    tx.move(game.state.zones["p1.deck"].cards[0], "p1.hand")
    assert game.state.memo("hand", count, board=True) == first + 1 and len(calls) == 2


def test_a_memo_holding_values_is_replaced_by_a_change_so_its_identity_stands_for_its_version() -> None:
    game = freeform_game()
    state = game.state
    tx = Transaction(state)
    state.memo("hand", lambda: len(state.zones["p1.hand"].cards), board=True)
    state.memo("turn", lambda: state.turn)
    board_memo, memo = state.board_memo_values, state.memo_values
    tx.log("a line of the log")  # bookkeeping: the board memo stays, the version's goes
    assert state.board_memo_values is board_memo and state.memo_values is not memo and memo == {"turn": 1}
    tx.move(state.zones["p1.deck"].cards[0], "p1.hand")
    assert state.board_memo_values is not board_memo and state.board_memo_values == {}
    assert state.memo("hand", lambda: len(state.zones["p1.hand"].cards), board=True) == board_memo["hand"] + 1


def test_a_keyed_memo_is_reused_while_its_signature_stays_the_same() -> None:
    game = freeform_game()
    calls = []

    def compute() -> str:
        calls.append(1)
        return "value"
    assert game.state.memo_keyed("k", ("a", 1), compute) == "value"
    game.submit(DrawCards(by="p1", count=1))
    assert game.state.memo_keyed("k", ("a", 1), compute) == "value" and len(calls) == 1
    game.state.memo_keyed("k", ("a", 2), compute)
    assert len(calls) == 2


def _hand_on_parts(game):  # type: ignore[no-untyped-def]
    calls = []

    def count() -> int:
        calls.append(1)
        return len(game.state.zones["p1.hand"].cards)
    return (lambda: game.state.memo_on("hand size", ("p1.hand",), count)), calls


def test_a_memo_on_parts_survives_changes_elsewhere_but_not_a_change_of_its_parts() -> None:
    game = freeform_game()
    hand, calls = _hand_on_parts(game)
    before = hand()
    tx = Transaction(game.state)
    tx.move(game.state.zones["p1.deck"].cards[0], "p2.hand")  # the other player's hand: not a part it reads
    tx.set_prop(game.state.zones["p2.hand"].cards[0], "mark", 1)
    assert hand() == before and len(calls) == 1
    tx.move(game.state.zones["p1.deck"].cards[0], "p1.hand")
    assert hand() == before + 1 and len(calls) == 2


def test_a_card_change_bumps_the_part_of_its_zone_and_name() -> None:
    game = freeform_game()
    calls = []
    card = game.state.zones["p1.deck"].cards[0]

    def mark() -> object:
        calls.append(1)
        return game.state.cards[card].props.get("mark")
    value = (lambda: game.state.memo_on("mark", ("p1.deck:mark",), mark))
    tx = Transaction(game.state)
    assert value() is None
    tx.set_prop(card, "other", 2)
    assert value() is None and len(calls) == 1
    tx.set_prop(card, "mark", 3)
    assert value() == 3 and len(calls) == 2


def test_a_memo_on_parts_never_changed_yet_is_forgotten_when_one_of_them_changes() -> None:
    game = freeform_game()
    calls = []
    card = game.state.zones["p1.deck"].cards[0]

    def marks() -> tuple[object, ...]:
        calls.append(1)
        return tuple(game.state.cards[i].props.get("mark") for i in game.state.zones["p1.hand"].cards)
    parts = ("p1.hand:mark", "p1.hand")  # the marks never changed since the table was set up
    value = (lambda: game.state.memo_on("marks", parts, marks))
    tx = Transaction(game.state)
    before = value()
    assert value() == before and len(calls) == 1 and 1 not in before
    tx.move(card, "p1.hand")
    assert value() == (None, *before) and len(calls) == 2
    tx.set_prop(card, "mark", 1)
    assert value() == (1, *before) and value() == (1, *before) and len(calls) == 3


def test_a_memo_on_no_parts_is_kept_while_its_extra_stays() -> None:
    game = freeform_game()
    calls = []

    def compute() -> int:
        calls.append(1)
        return len(calls)
    tx = Transaction(game.state)
    assert game.state.memo_on("turn", (), compute, extra=1) == 1
    tx.move(game.state.zones["p1.deck"].cards[0], "p1.hand")
    assert game.state.memo_on("turn", (), compute, extra=1) == 1
    assert game.state.memo_on("turn", (), compute, extra=2) == 2


@pytest.mark.parametrize("memoized", [_hand_size, _hand_on_parts], ids=["memo", "memo_on"])
def test_change_undo_redo_and_rollback_each_forget_it(memoized) -> None:  # type: ignore[no-untyped-def]
    game = freeform_game()
    hand, _ = memoized(game)
    before = hand()
    game.submit(DrawCards(by="p1", count=2))
    assert hand() == before + 2
    game.undo()
    assert hand() == before
    game.redo()
    assert hand() == before + 2
    tx = Transaction(game.state)
    tx.move(game.state.zones["p1.deck"].cards[0], "p1.hand")
    assert hand() == before + 3
    tx.rollback()
    assert hand() == before + 2


def test_a_rollback_forgets_the_marks_of_a_transaction() -> None:
    game = freeform_game()
    tx = Transaction(game.state)
    tx.log("a line")
    tx.marks["checked"] = len(tx.changes)
    tx.rollback()
    assert tx.marks == {}
