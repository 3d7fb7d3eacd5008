"""Abilities by hand in the window: the card dock marks them, the card menu offers them, the Decision dock waits for Done."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tabletop.engine.cards import CardLibrary
from tabletop.engine.rules import GameConfig
from tabletop.games import find_game
from tabletop.ui.card_menu import build_card_menu
from tabletop.ui.new_game_dialog import NewGame

RIDDLE = "Dull: Look at the top card of each player's deck."
CARDS = [
    {"id": "sage", "name": "Test Riddle Sage", "type": "forward", "element": "water", "cost": 2, "power": 5000,
     "text": RIDDLE, "by_hand": [RIDDLE]},
    {"id": "guard", "name": "Test Tide Guard", "type": "forward", "element": "water", "cost": 2, "power": 5000,
     "text": "Haste.", "keywords": ["haste"], "by_hand": []},
    {"id": "clerk", "name": "Test Water Clerk", "type": "backup", "element": "water", "cost": 1},
]


def start(window) -> dict[str, int]:  # noqa: ANN001
    rules = find_game("fftcg")
    library = CardLibrary(rules.card_from_mapping(c) for c in CARDS)
    setup = {"turn": 3, "active": "p1", "phase": "main1", "players": {
        "p1": {"field": [{"card": "sage"}, {"card": "guard"}, {"card": "clerk"}], "deck": 10}, "p2": {"deck": 10}}}
    window.start(NewGame(GameConfig("fftcg", seed=1, scenario=setup), library, open_hands=False))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    state = window.session.game.state
    return {state.cards[i].card_id: i for i in state.cards if state.cards[i].zone == "p1.field"}


def test_a_compiled_card_says_which_abilities_are_by_hand_and_the_menu_uses_one(qtbot, window) -> None:  # noqa: ANN001
    cards = start(window)
    window.preview.show_look(window.scene.item_for(cards["sage"]).look)
    assert "By hand" in window.preview.shown_text and "Look at the top card" in window.preview.shown_text
    window.preview.show_look(window.scene.item_for(cards["guard"]).look)
    assert "Every ability of this card is enforced" in window.preview.shown_text
    window.preview.show_look(window.scene.item_for(cards["clerk"]).look)
    assert "By hand" not in window.preview.shown_text and "enforced" not in window.preview.shown_text

    menu = build_card_menu(window.session, window.scene.item_for(cards["sage"]).look)
    entry = next(a for a in menu.actions() if a.text().startswith("Use by hand: Test Riddle Sage — “Dull: Look"))
    entry.trigger()
    game = window.session.game
    assert [e["name"] for e in game.state.lists["stack"]] == ["Test Riddle Sage: Dull: Look at the top card of each… (by hand)"]
    game_pass = window.decision_panel.pass_button
    game_pass.click()                      # p1 passes; hot seat: p2 takes the screen and passes too
    if window.session.handover_pending:
        QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    game_pass.click()
    if window.session.handover_pending:
        QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    decision = game.pending_decision()
    assert decision is not None and decision.name == "by_hand" and decision.player == "p1"
    panel = window.decision_panel
    assert "do by hand what it says" in panel.prompt.text() and "Look at the top card" in panel.prompt.text()
    assert [panel.pick_list.item(i).text() for i in range(panel.pick_list.count())] == ["Done"]
    panel.pick_list.item(0).setCheckState(Qt.CheckState.Checked)
    panel.confirm_pick.click()
    assert game.pending_decision().name == "priority" and not game.state.lists.get("stack")
    assert any("carried out" in entry.text and "by hand" in entry.text for entry in game.state.log)
