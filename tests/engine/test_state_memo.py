"""Values derived from a state are memoized per state version; every change, undo and rollback forgets them."""
from __future__ import annotations

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


def test_a_change_undo_and_redo_each_forget_the_memoized_value() -> None:
    game = freeform_game()
    hand, _ = _hand_size(game)
    before = hand()
    game.submit(DrawCards(by="p1", count=2))
    assert hand() == before + 2
    game.undo()
    assert hand() == before
    game.redo()
    assert hand() == before + 2


def test_a_rolled_back_transaction_forgets_the_memoized_value() -> None:
    game = freeform_game()
    hand, _ = _hand_size(game)
    before = hand()
    tx = Transaction(game.state)
    tx.move(game.state.zones["p1.deck"].cards[0], "p1.hand")
    assert hand() == before + 1
    tx.rollback()
    assert hand() == before
