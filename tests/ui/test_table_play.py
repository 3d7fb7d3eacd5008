"""Playing on the table with the mouse: menus, drags, refusals, undo and redo."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from conftest import freeform_config, quiz_config
from table_gestures import click_card, context_click_card, drag_card, zone_point
from tabletop.engine.commands import ManualMove
from tests.games.sample_decks import sample_config
from tabletop.ui.new_game_dialog import NewGame


def start(window, config, library) -> None:  # noqa: ANN001
    assert window.start(NewGame(config, library, open_hands=False))
    if window.session.handover_pending:
        QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)


def test_new_game_draws_every_zone_and_only_the_viewers_hand(qtbot, window, library) -> None:  # noqa: ANN001
    start(window, freeform_config(), library)
    state = window.session.game.state
    assert set(window.scene.zone_items) == set(state.zones)
    hand_looks = {key: item.look for key, item in window.scene.card_items.items() if item.look.zone_id.endswith(".hand")}
    mine = [look for look in hand_looks.values() if look.zone_id == "p1.hand"]
    theirs = [look for look in hand_looks.values() if look.zone_id == "p2.hand"]
    assert len(mine) == 7 and all(look.definition is not None for look in mine)
    assert len(theirs) == 7 and all(look.definition is None for look in theirs)


def test_click_opens_the_cards_legal_commands_and_choosing_one_plays_it(qtbot, window, library) -> None:  # noqa: ANN001
    start(window, freeform_config(), library)
    game = window.session.game
    iid = game.state.zones["p1.hand"].cards[2]
    click_card(window, window.scene.item_for(iid))
    menu = window.last_menu
    assert menu is not None and menu.isVisible()
    action = next(a for a in menu.actions() if a.text() == f"Manual move: Test Card {game.state.cards[iid].card_id[1:]}, p1's Table")
    action.trigger()
    menu.close()
    assert game.state.cards[iid].zone == "p1.table"
    assert window.scene.item_for(iid).look.zone_id == "p1.table"


def test_dragging_a_card_onto_a_circle_plays_the_matching_rules_command(qtbot, window, library) -> None:  # noqa: ANN001
    start(window, quiz_config(seats={"p1": "human", "p2": "human"}), library)
    game = window.session.game
    iid = game.state.zones["p1.hand"].cards[0]
    drag_card(window, window.scene.item_for(iid), zone_point(window, "p1.vc"))
    qtbot.waitUntil(lambda: game.state.cards[iid].zone == "p1.vc")
    assert game.history.done[-1].command.command_name() == "CallUnit"
    look = window.scene.item_for(iid).look
    power = look.values[0]
    assert power.current == power.printed + 5000 and power.is_modified


def test_dragging_where_no_rule_fits_moves_by_hand_and_a_refused_drop_names_its_rule(qtbot, window, library) -> None:  # noqa: ANN001
    start(window, quiz_config(seats={"p1": "human", "p2": "human"}), library)
    game = window.session.game
    first, second = game.state.zones["p1.hand"].cards[:2]
    drag_card(window, window.scene.item_for(first), zone_point(window, "p1.drop"))
    qtbot.waitUntil(lambda: game.state.cards[first].zone == "p1.drop")
    assert game.history.done[-1].command.command_name() == "ManualMove"
    window.session.submit(next(c for c in game.legal_commands("p1") if getattr(c, "card", second) != second))
    full = next(z for z in ("vc", "rc.left", "rc.right", "rc.back") if game.state.zones[f"p1.{z}"].cards)
    drag_card(window, window.scene.item_for(second), zone_point(window, f"p1.{full}"))
    qtbot.waitUntil(lambda: "already holds" in window.statusBar().currentMessage())
    assert "(manual)" in window.statusBar().currentMessage()
    assert game.state.cards[second].zone == "p1.hand"
    assert window.table.toast.isVisible()


def test_undo_and_redo_from_the_keyboard_with_labels(qtbot, window, library) -> None:  # noqa: ANN001
    start(window, freeform_config(), library)
    game = window.session.game
    iid = game.state.zones["p1.hand"].cards[0]
    before = game.state.fingerprint()
    drag_card(window, window.scene.item_for(iid), zone_point(window, "p1.table"))
    qtbot.waitUntil(lambda: game.state.cards[iid].zone == "p1.table")
    name = game.state.definition(iid).name
    assert window.undo_action.text() == f"&Undo p1: Manual move: {name}, p1's Table"   # the players' words, no ids
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert game.state.fingerprint() == before
    assert window.scene.item_for(iid).look.zone_id == "p1.hand"
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert game.state.cards[iid].zone == "p1.table"
    window.docks["History"].raise_()   # the history lists the steps when it is in sight
    assert window.history_panel.list.count() == 1


def test_context_menu_manual_override_taps_and_counts(qtbot, window, library) -> None:  # noqa: ANN001
    start(window, freeform_config(), library)
    game = window.session.game
    iid = game.state.zones["p1.hand"].cards[0]
    window.session.submit(ManualMove(by="p1", card=iid, to="p1.table"))
    context_click_card(window, window.scene.item_for(iid))
    menu = window.last_menu
    next(a for a in menu.actions() if a.text() == "Tap").trigger()
    assert game.state.cards[iid].tapped
    assert window.scene.item_for(iid).rotation() == 90.0
    menu.close()
    from tabletop.ui.card_menu import build_card_menu
    menu = build_card_menu(window.session, window.scene.item_for(iid).look, window, ask_text=lambda *_: "charge")
    counters = next(a.menu() for a in menu.actions() if a.text() == "Counters")
    next(a for a in counters.actions() if a.text() == "Add counter…").trigger()
    assert game.state.cards[iid].counters == {"charge": 1}
    assert window.scene.item_for(iid).look.counters == (("charge", 1),)


def test_hover_shows_the_card_large_with_current_values(qtbot, window, library) -> None:  # noqa: ANN001
    start(window, quiz_config(seats={"p1": "human", "p2": "human"}), library)
    game = window.session.game
    iid = game.state.zones["p1.hand"].cards[0]
    window.session.submit(next(c for c in game.legal_commands("p1") if getattr(c, "circle", "") == "vc" and c.card == iid))
    window.scene.card_hovered(window.scene.item_for(iid))
    text = window.preview.shown_text
    assert game.state.definition(iid).name in text
    assert "vanguard bonus" in text and "printed" in text and "boost" in text


def test_in_a_rules_game_a_drop_no_rule_allows_is_refused_and_alt_moves_it_by_hand(qtbot, window) -> None:  # noqa: ANN001
    """FFTCG: a hand card dropped into the opponent's Damage Zone is refused with what the card can do;
    held Alt makes the same drop a move by hand (logged as such)."""
    config, library = sample_config("fftcg", seed=2)
    config.seats = {"p1": "human", "p2": "human"}
    start(window, config, library)
    game = window.session.game
    while (decision := game.pending_decision()) is not None and decision.name == "mulligan":
        window.session.submit(game.rules.advance_command(game.state, decision))
        if window.table.hand_over.isVisible():
            QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    player = window.session.viewer
    card = game.state.zones[f"{player}.hand"].cards[0]
    damage = f"{game.state.opponent(player)}.damage"
    steps = len(game.history.done)
    drag_card(window, window.scene.item_for(card), zone_point(window, damage))
    qtbot.waitUntil(lambda: "No rule puts" in window.statusBar().currentMessage())
    assert "Hold Alt" in window.statusBar().currentMessage() and len(game.history.done) == steps
    assert game.state.cards[card].zone == f"{player}.hand"
    drag_card(window, window.scene.item_for(card), zone_point(window, damage), Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: game.state.cards[card].zone == damage)
    QTest.keyRelease(window, Qt.Key.Key_Alt)   # let go of Alt: later tests start with no modifier held
    assert game.history.done[-1].command.command_name() == "ManualMove" and game.state.log[-1].manual
