"""Playing from the keyboard: Tab and arrows move between cards, Enter opens the focused card's menu."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from conftest import freeform_config
from tabletop.ui.new_game_dialog import NewGame


def test_tab_moves_the_focus_across_cards_and_enter_plays_from_the_menu(qtbot, window, library) -> None:  # noqa: ANN001
    assert window.start(NewGame(freeform_config(), library, open_hands=False))
    if window.session.handover_pending:
        QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    view = window.table.view
    view.setFocus()
    scene = window.scene
    assert scene.focused_item() is None
    visited = []
    for _ in range(len(scene.card_items)):
        QTest.keyClick(view, Qt.Key.Key_Tab)
        item = scene.focused_item()
        assert item is not None and item.focused
        assert sum(i.focused for i in scene.card_items.values()) == 1     # exactly one outline
        visited.append(item)
    assert len({id(i) for i in visited}) == len(scene.card_items)        # Tab reaches every card once
    QTest.keyClick(view, Qt.Key.Key_Tab)
    assert scene.focused_item() is visited[0]                             # and wraps around
    QTest.keyClick(view, Qt.Key.Key_Backtab)
    assert scene.focused_item() is visited[-1]
    QTest.keyClick(view, Qt.Key.Key_Left)
    assert scene.focused_item() is visited[-2]

    game = window.session.game
    iid = game.state.zones["p1.hand"].cards[0]
    while scene.focused_item() is not scene.item_for(iid):
        QTest.keyClick(view, Qt.Key.Key_Right)
    name = game.state.definition(iid).name
    assert name in window.preview.shown_text                              # the card dock follows the focus
    QTest.keyClick(view, Qt.Key.Key_Return)
    menu = window.last_menu
    assert menu is not None and menu.isVisible()
    action = next(a for a in menu.actions() if a.text().startswith("Manual move") and a.text().endswith("p1's Table"))
    action.trigger()
    menu.close()
    assert game.state.cards[iid].zone == "p1.table"
    assert scene.focused_item() is scene.item_for(iid)                    # the focus stays on the moved card


def test_the_keyboard_moves_are_listed_in_help(qtbot, window) -> None:  # noqa: ANN001
    text = window.shortcuts_text()
    assert "Tab / arrows" in text and "Enter" in text
