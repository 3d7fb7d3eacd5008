"""After a change the table redraws only what it names: what a player sees must still be every change made."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtTest import QTest

from conftest import freeform_config, quiz_config
from tabletop.engine.commands import Command, ManualMove, Reveal, SetCounter, SetState
from tabletop.engine.rules import CardValue
from tabletop.engine.state import GameState
from tabletop.ui.main_window import MainWindow
from tabletop.ui.table_layout import LABEL_H
from tabletop.ui.new_game_dialog import NewGame
from ui_test_games import QuizRules


def start(window: MainWindow, config: Any, library: Any) -> None:
    assert window.start(NewGame(config, library, open_hands=False))
    if window.session.handover_pending:
        QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)


def as_drawn(window: MainWindow) -> dict[Any, tuple[Any, ...]]:
    """Return every card item as the player sees it: its look, place, stacking and turn."""
    return {key: (item.look, round(item.pos().x(), 3), round(item.pos().y(), 3), item.zValue(), item.rotation(),
                  item.toolTip())
            for key, item in window.scene.card_items.items()}


def submit_and_compare(window: MainWindow, command: Command) -> None:
    """Submit a command, then check that the table drawn from the change alone is the table drawn from scratch."""
    assert window.session.submit(command), command
    drawn = as_drawn(window)
    window.scene.refresh()   # no change summary: everything from the state
    assert as_drawn(window) == drawn, f"after {command}"


def lies_in(window: MainWindow, item: Any, zone_id: str) -> bool:
    """Tell whether a card item lies within the zone's rectangle on the table."""
    rect = window.scene.layout.zones[zone_id].rect
    centre = item.sceneBoundingRect().center()
    return rect.x <= centre.x() <= rect.x + rect.w and rect.y <= centre.y() <= rect.y + rect.h


def test_each_change_redraws_as_a_whole_table_would(qtbot, window, library) -> None:  # noqa: ANN001
    start(window, freeform_config(seats={"p1": "human", "p2": "ai"}), library)
    state = window.session.game.state
    hand, theirs = state.zones["p1.hand"].cards, state.zones["p2.hand"].cards
    first, second, their_card, their_other = hand[0], hand[1], theirs[0], theirs[1]
    submit_and_compare(window, ManualMove(by="p1", card=first, to="p1.table"))
    submit_and_compare(window, ManualMove(by="p1", card=second, to="p1.table"))   # in front: the first shifts
    submit_and_compare(window, SetState(by="p1", card=first, state="tapped", value=True))
    submit_and_compare(window, SetCounter(by="p1", card=second, name="+1", value=2))
    submit_and_compare(window, ManualMove(by="p1", card=their_card, to="p2.table"))
    submit_and_compare(window, SetState(by="p1", card=their_card, state="face_down", value=True))
    submit_and_compare(window, Reveal(by="p1", card=their_other, to="all"))
    submit_and_compare(window, ManualMove(by="p1", card=second, to="p1.deck"))
    for _ in range(3):
        assert window.session.undo()
        drawn = as_drawn(window)
        window.scene.refresh()
        assert as_drawn(window) == drawn
    assert window.session.redo()
    drawn = as_drawn(window)
    window.scene.refresh()
    assert as_drawn(window) == drawn


def test_a_moved_card_shows_in_its_new_zone_and_a_card_turned_face_down_shows_its_back(
        qtbot, window, library) -> None:  # noqa: ANN001
    start(window, freeform_config(seats={"p1": "human", "p2": "ai"}), library)
    session, scene = window.session, window.scene
    state = session.game.state
    mine, theirs = state.zones["p1.hand"].cards[0], state.zones["p2.hand"].cards[0]
    name = state.definition(theirs).name
    assert session.submit(ManualMove(by="p1", card=mine, to="p1.table"))
    assert scene.item_for(mine).look.zone_id == "p1.table" and lies_in(window, scene.item_for(mine), "p1.table")
    assert session.submit(ManualMove(by="p1", card=theirs, to="p2.table"))
    assert scene.item_for(theirs).look.definition.name == name and lies_in(window, scene.item_for(theirs), "p2.table")
    assert session.submit(SetState(by="p1", card=theirs, state="face_down", value=True))
    assert scene.item_for(theirs) is None   # p2's face-down card: p1 sees only its back
    backs = [item for key, item in scene.card_items.items() if key[0] == "hidden" and key[1] == "p2.table"]
    assert len(backs) == 1 and backs[0].look.definition is None and lies_in(window, backs[0], "p2.table")
    assert backs[0].toolTip() == "" and all(item.look.iid != theirs for item in scene.card_items.values())
    assert session.submit(ManualMove(by="p1", card=mine, to="p1.hand", index=-1))
    assert scene.item_for(mine).look.zone_id == "p1.hand" and lies_in(window, scene.item_for(mine), "p1.hand")


def rallied_values(self: QuizRules, state: GameState, iid: int) -> dict[str, CardValue]:
    """Quiz power, plus 1000 for a unit on a rear circle while its side's vanguard circle holds a unit."""
    card = state.cards[iid]
    printed = state.definition(iid).stat("power")
    rallied = ".rc." in card.zone and bool(state.zones[f"{card.owner}.vc"].cards)
    return {"power": CardValue("power", printed, printed + (1000 if rallied else 0))}


def test_a_card_the_change_left_in_place_shows_values_the_rules_derive_from_the_table(
        qtbot, window, library, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setattr(QuizRules, "card_values", rallied_values)
    start(window, quiz_config(seats={"p1": "human", "p2": "ai"}), library)
    game = window.session.game
    rear, vanguard = game.state.zones["p1.hand"].cards[:2]
    command = next(c for c in game.legal_commands("p1") if getattr(c, "card", None) == rear
                   and getattr(c, "circle", None) == "rc.left")
    assert window.session.submit(command)
    printed = game.state.definition(rear).stat("power")
    assert window.scene.item_for(rear).look.values[0].current == printed
    command = next(c for c in game.legal_commands("p1") if getattr(c, "card", None) == vanguard
                   and getattr(c, "circle", None) == "vc")
    assert window.session.submit(command)   # moves the vanguard only; the rear-guard's power follows
    assert window.scene.item_for(rear).look.values[0].current == printed + 1000


def test_a_zones_count_is_drawn_anew_when_a_move_changes_it(qtbot, window, library) -> None:  # noqa: ANN001
    start(window, freeform_config(seats={"p1": "human", "p2": "ai"}), library)
    session, view = window.session, window.table.view
    zone = window.scene.zone_items["p1.table"]
    count_line = QRectF(zone.place.rect.x, zone.place.rect.y + 2, zone.place.rect.w, LABEL_H - 4)   # above the cards
    move = ManualMove(by="p1", card=session.game.state.zones["p1.hand"].cards[0], to="p1.table")

    def drawn() -> Any:
        QTest.qWait(20)   # the viewport paints what changed
        return view.viewport().grab(view.mapFromScene(count_line).boundingRect()).toImage()

    QTest.qWait(50)   # the phase bar takes its height (one pixel more) once the window has laid it out
    empty = drawn()
    assert session.submit(move)
    assert drawn() != empty   # "1", not the "0" drawn before
    assert session.undo()
    assert drawn() == empty
