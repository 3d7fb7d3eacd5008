"""Changes name the cards they touch, list items are replaced in one change, stored data is not shared."""
from __future__ import annotations

import pytest

from tabletop.engine import procedure, stack
from tabletop.engine.commands import DrawCards
from tabletop.engine.transaction import Transaction
from tests.engine.helpers import freeform_game


def test_data_stored_through_a_transaction_is_not_shared_with_the_caller() -> None:
    game = freeform_game()
    item = {"steps": [{"effect": "draw"}]}
    tx = Transaction(game.state)
    tx.list_append("things", item)
    tx.set_data("thing", item)
    item["steps"].append({"effect": "more"})
    assert game.state.lists["things"][0]["steps"] == [{"effect": "draw"}]
    assert game.state.data["thing"]["steps"] == [{"effect": "draw"}]


def test_a_frame_a_variable_and_a_stack_item_are_not_shared_with_the_caller_unless_it_says_so() -> None:
    game = freeform_game()
    tx = Transaction(game.state)
    context = {"entry": {"targets": [[1, 5]]}}
    procedure.push(tx, [{"effect": "draw"}], context)
    procedure.set_var(tx, 0, "cards", context["entry"]["targets"])
    item = {"name": "Bolt", "controller": "p1", "targets": [[1, 5]]}
    stack.push(tx, item)
    context["entry"]["targets"].append([2, 6])  # the caller changes what it passed: the state does not follow
    item["targets"].append([2, 6])
    assert procedure.ctx(game.state, 0) == {"entry": {"targets": [[1, 5]]}, "cards": [[1, 5]]}
    assert stack.top(game.state) == {"name": "Bolt", "controller": "p1", "targets": [[1, 5]], "id": 1}
    shared = {"entry": {"targets": [[1, 5]]}}
    procedure.push(tx, [{"effect": "draw"}], shared, copy=False)
    assert procedure.ctx(game.state, 1)["entry"] is shared["entry"]  # copy=False: the caller keeps it unchanged


def test_an_old_value_recorded_uncopied_comes_back_exactly_on_undo_and_the_new_one_on_redo() -> None:
    game = freeform_game()
    card = min(game.state.cards)
    tx = Transaction(game.state)
    tx.set_data("attack", {"attackers": [[card, 5]], "blocked": False})
    tx.set_prop(card, "mods", [{"power": 1}])
    start = len(tx.changes)
    tx.set_data("attack", {**game.state.data["attack"], "blocked": True}, copy=False)
    tx.set_prop(card, "mods", [*game.state.cards[card].props["mods"], {"power": 2}])
    after = game.state.snapshot()
    later = tx.changes[start:]
    for change in reversed(later):
        change.revert(game.state)
    assert (game.state.data["attack"], game.state.cards[card].props["mods"]) == (
        {"attackers": [[card, 5]], "blocked": False}, [{"power": 1}])
    for change in later:
        change.apply(game.state)
    assert game.state.snapshot() == after


def test_card_ids_name_the_same_cards_as_touched() -> None:
    game = freeform_game()
    game.submit(DrawCards(by="p1", count=3))
    tx = Transaction(game.state)
    iid = game.state.zones["p1.hand"].cards[0]
    tx.set_prop(iid, "mark", 1)
    tx.set_field(iid, "tapped", True)
    tx.set_counter(iid, "plus", 2)
    tx.reveal(iid, "p2")
    tx.set_total("p1", "life", 3)
    tx.set_data("k", 1)
    tx.list_append("l", {"a": 1})
    tx.list_replace("l", 0, {"a": 2})
    tx.list_remove("l", 0)
    tx.shuffle("p1.deck")
    tx.create_card("c1", "p1", "p1.hand")
    tx.remove_token(tx.create_token("c2", "p1", "p1.hand"))
    tx.log("line")
    changes = [c for step in game.history.done for c in step.changes] + tx.changes
    assert len({type(c) for c in changes}) >= 14
    for change in changes:
        assert set(change.card_ids()) == change.touched()[1], change


def test_list_replace_is_one_undoable_change() -> None:
    game = freeform_game()
    tx = Transaction(game.state)
    tx.list_append("l", {"a": 1})
    tx.list_append("l", {"b": 2}, copy=False)
    count = len(tx.changes)
    tx.list_replace("l", -1, {"b": 3})
    tx.list_replace("l", 0, {"a": 1})
    assert len(tx.changes) == count + 1 and game.state.lists["l"] == [{"a": 1}, {"b": 3}]
    tx.changes.pop().revert(game.state)
    assert game.state.lists["l"] == [{"a": 1}, {"b": 2}]


def test_an_emptied_list_is_gone_and_undo_or_redo_of_its_changes_gives_the_same_lists() -> None:
    game = freeform_game()
    state = game.state
    tx = Transaction(state)
    tx.list_append("l", {"id": 1})
    tx.list_insert("l", 0, {"id": 0})
    assert state.lists["l"] == [{"id": 0}, {"id": 1}]
    assert tx.list_remove("l", -1) == {"id": 1} and tx.list_remove("l", 0) == {"id": 0}
    assert "l" not in state.lists
    after = list(tx.changes)
    tx.rollback()
    assert "l" not in state.lists
    for change in after:   # a redo re-applies the changes the transaction recorded
        change.apply(state)
    assert "l" not in state.lists
    for change in reversed(after[2:]):
        change.revert(state)
    assert state.lists["l"] == [{"id": 0}, {"id": 1}]


def test_a_token_leaves_the_game_and_undo_brings_it_back_as_it_was() -> None:
    game = freeform_game()
    state = game.state
    dealt = sorted(state.conserved_cards())
    tx = Transaction(state)
    token = tx.create_token("c3", "p1", "p1.hand", 0)
    tx.set_prop(token, "mark", 7)
    tx.clear_card(token)
    assert state.cards[token].is_token, "a token stays a token when its props are cleared"
    before = state.fingerprint()
    count = len(tx.changes)
    tx.remove_token(token)
    assert token not in state.cards and token not in state.zones["p1.hand"].cards
    assert sorted(state.conserved_cards()) == dealt
    assert "c3" in game.card_ids_used(), "a saved record keeps the definition of a token that left the game"
    while len(tx.changes) > count:
        tx.changes.pop().revert(state)
    assert state.fingerprint() == before and state.zones["p1.hand"].cards[0] == token


def test_a_card_of_a_deck_is_never_removed() -> None:
    game = freeform_game()
    card = game.state.zones["p1.deck"].cards[0]
    with pytest.raises(ValueError, match="not a token"):
        Transaction(game.state).remove_token(card)
    assert card in game.state.cards


def test_a_deck_created_at_once_is_the_same_cards_and_changes_as_one_card_at_a_time() -> None:
    one_by_one, at_once = freeform_game(seed=5).state, freeform_game(seed=5).state
    before = at_once.fingerprint()
    deck = ["c1", "c2", "c1", "c3"]
    tx_one, tx_all = Transaction(one_by_one), Transaction(at_once)
    made_one = [tx_one.create_card(card_id, "p1", "p1.hand") for card_id in deck]
    made_all = tx_all.create_cards(deck, "p1", "p1.hand")
    assert made_all == made_one and tx_all.changes == tx_one.changes
    assert at_once.fingerprint() == one_by_one.fingerprint() != before
    assert at_once.roster == one_by_one.roster, "games keep values per roster of cards: it must move on as much"
    with pytest.raises(KeyError, match="no-such-card"):
        tx_all.create_cards(["c1", "no-such-card"], "p1", "p1.hand")
    assert at_once.fingerprint() == one_by_one.fingerprint(), "an unknown card is refused before any is made"
    tx_all.rollback()
    assert at_once.fingerprint() == before
