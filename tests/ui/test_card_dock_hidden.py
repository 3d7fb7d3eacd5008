"""The Card dock and the hover zoom show only what the seat at the table may see now (hidden-information rule).

p1 points at a card of p2's while its face is up; then p2 hides it (face down, into the deck, back into the hand),
or an undo takes back the reveal that showed it, or the table is handed over: neither the dock nor the zoom may
keep the card's name or picture.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from conftest import freeform_config
from tabletop.engine.commands import ManualMove, Reveal, SetState, Shuffle
from tabletop.ui.main_window import MainWindow
from tabletop.ui.new_game_dialog import NewGame


def start_hot_seat(window: MainWindow, library: Any) -> None:
    """Start a freeform hot-seat game and let p1 take the table."""
    assert window.start(NewGame(freeform_config(), library, open_hands=False))
    if window.session.handover_pending:
        QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    window.session.consent = lambda player, question: True
    window.table.hover_zoom.always = True
    assert window.session.viewer == "p1"


def point_at(window: MainWindow, iid: int) -> str:
    """Point at a card as the pointer would (Card dock and hover zoom); return its name, checking both show it."""
    item = window.scene.item_for(iid)
    assert item is not None and item.look.definition is not None
    window.scene.card_hovered(item)
    name = item.look.definition.name
    assert name in window.preview.shown_text
    assert window.table.hover_zoom.look is not None and not window.table.hover_zoom.pixmap().isNull()
    return name


def assert_nothing_of(window: MainWindow, iid: int, name: str) -> None:
    """Check that neither the Card dock nor the hover zoom keeps anything of card `iid`."""
    assert not window.session.game.state.is_visible_to(iid, "p1")
    preview = window.preview
    assert name not in preview.shown_text, preview.shown_text
    assert preview.definition is None
    assert preview.look is None or (preview.look.iid is None and preview.look.definition is None)
    zoom = window.table.hover_zoom
    assert zoom.look is None or zoom.look.definition is None
    assert zoom.isHidden() and zoom.pixmap().isNull()


def their_card_on_the_table(window: MainWindow) -> int:
    """Put p2's first hand card face up on p2's table (p2's own move) and return it."""
    iid = window.session.game.state.zones["p2.hand"].cards[0]
    assert window.session.submit(ManualMove(by="p2", card=iid, to="p2.table", face_down=False))
    return iid


HIDINGS: dict[str, Callable[[int], list[Any]]] = {
    "turned face down": lambda iid: [SetState(by="p2", card=iid, state="face_down", value=True)],
    "shuffled into the deck": lambda iid: [ManualMove(by="p2", card=iid, to="p2.deck"), Shuffle(by="p2", zone="p2.deck")],
    "back in their hand": lambda iid: [ManualMove(by="p2", card=iid, to="p2.hand")],
}


@pytest.mark.parametrize("how", list(HIDINGS))
def test_a_card_hidden_by_the_other_seat_leaves_the_dock_and_zoom(qtbot, window, library, how: str) -> None:  # noqa: ANN001
    start_hot_seat(window, library)
    iid = their_card_on_the_table(window)
    name = point_at(window, iid)
    for command in HIDINGS[how](iid):
        assert window.session.submit(command), command
    assert window.session.viewer == "p1"
    assert_nothing_of(window, iid, name)


def test_an_undone_reveal_leaves_the_dock_and_zoom(qtbot, window, library) -> None:  # noqa: ANN001
    start_hot_seat(window, library)
    iid = window.session.game.state.zones["p2.hand"].cards[0]
    assert window.session.submit(Reveal(by="p2", card=iid, to="all"))
    name = point_at(window, iid)
    assert window.session.undo()
    assert_nothing_of(window, iid, name)


def test_a_card_still_seen_keeps_its_new_values_in_the_dock(qtbot, window, library) -> None:  # noqa: ANN001
    start_hot_seat(window, library)
    iid = their_card_on_the_table(window)
    name = point_at(window, iid)
    assert window.session.submit(SetState(by="p2", card=iid, state="tapped", value=True))
    assert name in window.preview.shown_text and "tapped" in window.preview.shown_text
    assert window.table.hover_zoom.look is not None and window.table.hover_zoom.look.tapped


def test_the_hand_over_clears_the_dock_and_zoom(qtbot, window, library) -> None:  # noqa: ANN001
    start_hot_seat(window, library)
    iid = window.session.game.state.zones["p1.hand"].cards[0]
    name = point_at(window, iid)
    decision = window.session.decision()
    assert decision is not None and decision.player == "p1"
    assert window.session.advance()   # p1 passes the turn: the table goes to p2
    assert window.session.handover_pending == "p2" and window.table.hand_over.isVisible()
    assert name not in window.preview.shown_text and window.preview.look is None
    zoom = window.table.hover_zoom
    assert zoom.look is None and zoom.isHidden() and zoom.pixmap().isNull()
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    assert window.session.viewer == "p2"
    assert name not in window.preview.shown_text and zoom.pixmap().isNull()


def test_closing_open_hands_clears_their_hand_card_from_the_dock(qtbot, window, library) -> None:  # noqa: ANN001
    start_hot_seat(window, library)
    assert window.session.set_open_hands(True)
    iid = window.session.game.state.zones["p2.hand"].cards[0]
    name = point_at(window, iid)
    assert window.session.set_open_hands(False)
    assert_nothing_of(window, iid, name)
