"""The history panel: double-click or Enter on a step goes back to it; undone steps greyed; forward redoes."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from conftest import freeform_config
from tabletop.engine.commands import DrawCards, ManualMove
from tabletop.ui.new_game_dialog import NewGame


def start_with_steps(window, library) -> None:  # noqa: ANN001
    """Start a hot-seat game, play four steps by hand and show the history panel."""
    window.start(NewGame(freeform_config(), library, open_hands=False))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    session = window.session
    game = session.game
    for _ in range(2):
        session.submit(ManualMove(by="p1", card=game.state.zones["p1.hand"].cards[0], to="p1.table"))
    session.submit(DrawCards(by="p1", count=1))
    session.submit(ManualMove(by="p1", card=game.state.zones["p1.hand"].cards[0], to="p1.table"))
    window.docks["History"].raise_()


def double_click_row(qtbot, panel, row: int) -> None:  # noqa: ANN001
    rect = panel.list.visualItemRect(panel.list.item(row))
    # The item view takes a double-click only on the item its press landed on: press first.
    QTest.mouseClick(panel.list.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center())
    QTest.mouseDClick(panel.list.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center())


def test_double_click_goes_back_to_a_step_and_shows_the_rest_greyed(qtbot, window, library) -> None:  # noqa: ANN001
    start_with_steps(window, library)
    panel = window.history_panel
    game = window.session.game
    window.session.consent = lambda player, question: True
    assert panel.list.count() == 4
    double_click_row(qtbot, panel, 1)
    assert len(game.history.done) == 2
    assert len(game.state.zones["p1.table"].cards) == 2 and len(game.state.zones["p1.hand"].cards) == 5
    assert panel.list.count() == 4 and panel.list.currentRow() == 1
    greyed = [panel.list.item(r).foreground().color().red() for r in range(4)]
    assert greyed[2] == greyed[3] == 140 and greyed[0] != 140
    assert panel.list.item(2).text() == "3. p1: Draw cards (undone)"


def test_enter_on_a_greyed_step_redoes_up_to_it(qtbot, window, library) -> None:  # noqa: ANN001
    start_with_steps(window, library)
    panel = window.history_panel
    game = window.session.game
    window.session.consent = lambda player, question: True
    window.session.jump_to(0)
    assert len(game.history.done) == 0 and panel.list.count() == 4
    panel.list.setFocus()
    panel.list.setCurrentRow(2)
    QTest.keyClick(panel.list, Qt.Key.Key_Return)
    assert len(game.history.done) == 3
    assert len(game.state.zones["p1.hand"].cards) == 6 and len(game.state.zones["p1.table"].cards) == 2
    assert panel.list.item(3).text().endswith("(undone)") and not panel.list.item(2).text().endswith("(undone)")


def test_going_back_past_a_drawn_card_still_needs_the_opponents_consent(qtbot, window, library) -> None:  # noqa: ANN001
    start_with_steps(window, library)
    panel = window.history_panel
    game = window.session.game
    asked = []
    window.session.consent = lambda player, question: asked.append(question) is not None  # refuses
    double_click_row(qtbot, panel, 0)
    # The last move undoes freely; undoing the draw is refused, so the jump stops there.
    assert len(asked) == 1 and "“p1: Draw cards”" in asked[0] and "already seen" in asked[0]
    assert len(game.history.done) == 3
    assert "did not agree" in window.statusBar().currentMessage()
