"""Hot-seat hand-over, undo consent, the AI seat, decisions, goldfish, saving and loading."""
from __future__ import annotations

import json
import os
import time

import pytest

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from conftest import freeform_config, quiz_config
from table_gestures import click_card, click_zone
from ui_test_games import AskQuestions, CallUnit
from tabletop.ai.heuristic import HeuristicBot
from tabletop.ai.montecarlo import MonteCarloBot
from tabletop.engine.commands import Choose, DrawCards
from tests.games.sample_decks import sample_config
from tabletop.ui.new_game_dialog import NewGame
from tabletop.ui.session import GameSession


def crash(session: GameSession) -> None:
    """Leave what a killed window leaves: its game's autosave, its lock freed by the system, nothing retired."""
    session._runner.stop()
    session._autosave.release()


def hand_faces(window, zone_id: str) -> list[bool]:  # noqa: ANN001
    return [item.look.definition is not None for item in window.scene.card_items.values() if item.look.zone_id == zone_id]


def test_hot_seat_covers_the_table_and_shows_only_the_deciding_players_hand(qtbot, window, library) -> None:  # noqa: ANN001
    window.start(NewGame(freeform_config(), library, open_hands=False))
    cover = window.table.hand_over
    assert cover.isVisible() and "p1" in cover.message.text()
    assert not any(hand_faces(window, "p1.hand")) and not any(hand_faces(window, "p2.hand"))
    QTest.keyClick(cover, Qt.Key.Key_Return)
    assert not cover.isVisible()
    assert all(hand_faces(window, "p1.hand")) and not any(hand_faces(window, "p2.hand"))
    QTest.keyClick(window, Qt.Key.Key_Space)           # pass the turn
    assert window.session.game.state.active == "p2"
    assert cover.isVisible() and "p2" in cover.message.text()
    assert not any(hand_faces(window, "p1.hand")) and not any(hand_faces(window, "p2.hand"))
    cover.button.click()
    assert all(hand_faces(window, "p2.hand")) and not any(hand_faces(window, "p1.hand"))
    assert window.scene.layout.zones["p2.hand"].rect.y > window.scene.layout.zones["p1.hand"].rect.y


def test_open_hands_shows_both_hands(qtbot, window, library) -> None:  # noqa: ANN001
    window.start(NewGame(freeform_config(), library, open_hands=True))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    assert all(hand_faces(window, "p1.hand")) and all(hand_faces(window, "p2.hand"))


def test_hot_seat_undo_of_a_drawn_card_needs_the_opponents_consent(qtbot, window, library) -> None:  # noqa: ANN001
    window.start(NewGame(freeform_config(), library, open_hands=False))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    game = window.session.game
    asked = []
    answer = [False]
    window.session.consent = lambda player, question: asked.append((player, question)) or answer[0]
    QTest.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert len(game.state.zones["p1.hand"].cards) == 8
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert asked == [("p2", "p1 wants to undo “p1: Draw cards”, which takes back a card p1 has already seen. "
                            "Do you agree?")]
    assert len(game.state.zones["p1.hand"].cards) == 8
    assert "did not agree" in window.statusBar().currentMessage()
    answer[0] = True
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(game.state.zones["p1.hand"].cards) == 7


def test_hot_seat_undo_of_the_other_players_move_asks_that_player(qtbot, window, library) -> None:  # noqa: ANN001
    window.start(NewGame(freeform_config(), library, open_hands=False))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    game = window.session.game
    QTest.keyClick(window, Qt.Key.Key_Space)            # p1 passes the turn: p2 takes the table
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    asked = []
    window.session.consent = lambda player, question: asked.append((player, question)) and False
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert asked and asked[0][0] == "p1" and "takes back your own move" in asked[0][1]
    assert game.state.active == "p2"                    # p1 said no: the pass stands


def test_the_hand_over_clears_the_card_dock(qtbot, window, library) -> None:  # noqa: ANN001
    """The next player must not see the last hand card the previous one pointed at."""
    window.start(NewGame(freeform_config(), library, open_hands=False))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    game = window.session.game
    mine = game.state.zones["p1.hand"].cards[0]
    window.preview.show_look(window.scene.item_for(mine).look)
    assert game.state.definition(mine).name in window.preview.shown_text
    QTest.keyClick(window, Qt.Key.Key_Space)
    assert window.table.hand_over.isVisible() and window.preview.look is None
    assert game.state.definition(mine).name not in window.preview.shown_text


def test_opening_the_hands_in_hot_seat_needs_the_other_player_and_is_noted(qtbot, window, library) -> None:  # noqa: ANN001
    window.start(NewGame(freeform_config(), library, open_hands=False))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    QTest.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)   # the game is under way
    answer = [False]
    window.session.consent = lambda player, question: player == "p2" and "open both hands" in question and answer[0]
    window.open_hands_action.trigger()
    assert not window.session.open_hands and not window.open_hands_action.isChecked()
    assert not any(hand_faces(window, "p2.hand"))
    answer[0] = True
    window.open_hands_action.trigger()
    assert window.session.open_hands and all(hand_faces(window, "p2.hand"))
    log = window.log_panel.lines()
    assert any("p1 opened both hands (p2 agreed)" in line for line in log)


def test_playing_against_the_ai(qtbot, window, library) -> None:  # noqa: ANN001
    config = freeform_config(seats={"p1": "human", "p2": "ai"}, ai={"p2": "easy"})
    window.start(NewGame(config, library, open_hands=False))
    session = window.session
    assert not window.table.hand_over.isVisible()

    def my_turn_again() -> bool:
        return session.is_my_decision() and not session.is_thinking

    # One human pass, then wait for the AI's whole turn: each round is the same whatever the timing
    # (a poll that both passed and checked the count once passed twice when the AI was quick).
    while session.ai_decisions < 3:
        QTest.keyClick(window, Qt.Key.Key_Space)
        qtbot.waitUntil(my_turn_again, timeout=30000)
    game = session.game
    ai_steps = [step for step in game.history.done if step.by_ai]
    assert len(ai_steps) >= 3 and all(step.command.by == "p2" for step in ai_steps)
    assert not any(hand_faces(window, "p2.hand"))
    done = list(game.history.done)
    last_human = max(index for index, step in enumerate(done) if not step.by_ai)
    window.session.undo()
    assert game.history.done == done[:last_human]
    assert session.is_my_decision() and game.state.active == "p1"


@pytest.mark.parametrize(("difficulty", "bot", "budget"), [
    ("easy", HeuristicBot, None), ("normal", MonteCarloBot, 300.0), ("hard", MonteCarloBot, 1000.0)])
def test_each_ai_difficulty_plays_fftcg_in_the_window(qtbot, window, difficulty, bot, budget) -> None:  # noqa: ANN001
    """The AI seat is the real bot of the chosen difficulty (not a random one), thinks off the window's thread and
    says who is thinking; it plays only through its view and the listed commands."""
    config, library = sample_config("fftcg", seed=4)
    config.seats = {"p1": "human", "p2": "ai"}
    config.options = {"ai": {"p2": difficulty}}
    config.auto_pass = ["p1", "p2"]
    window.start(NewGame(config, library, open_hands=False))
    session = window.session
    assert isinstance(session.bots["p2"], bot) and getattr(session.bots["p2"], "budget_ms", None) == budget
    seen_thinking: list[str] = []
    session.thinkingChanged.connect(lambda on: on and seen_thinking.append(window.table.phase_bar.thinking.text()))
    while session.ai_decisions < 2 and not session.game.is_terminal():
        decision = session.decision()
        if decision is not None and decision.player == "p1" and not session.is_thinking:
            session.submit(session.game.legal_commands("p1")[0])   # p1 keeps playing the first listed command
        qtbot.waitUntil(lambda: not session.is_thinking, timeout=30000)
    assert session.ai_decisions >= 2 and "p2 is thinking…" in seen_thinking
    assert all(step.command.by == "p2" for step in session.game.history.done if step.by_ai)


def test_decision_panel_answers_pick_yes_no_number_and_order(qtbot, window, library) -> None:  # noqa: ANN001
    config = quiz_config(seats={"p1": "human", "p2": "human"})
    config.shuffled_ids = False   # ids in creation order: card #1 exists, as the options' number 1 does
    window.start(NewGame(config, library, open_hands=False))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    game = window.session.game
    panel = window.decision_panel
    ask = next(i for i in range(panel.actions.count()) if panel.actions.item(i).text() == "Ask questions")
    panel.actions.setCurrentRow(ask)
    panel.actions.itemActivated.emit(panel.actions.item(ask))
    assert panel.pages.currentWidget() is panel.pick
    chosen = game.state.zones["p1.hand"].cards[1]
    item = window.scene.item_for(chosen)
    assert item.look.pickable and not item.look.picked
    click_card(window, item)
    assert window.scene.item_for(chosen).look.picked
    assert panel.confirm_pick.isEnabled()
    QTest.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert game.state.cards[chosen].zone == "p1.drop"
    assert panel.pages.currentWidget() is panel.yesno
    panel.no_button.click()
    assert panel.pages.currentWidget() is panel.number
    panel.spin.setValue(4)
    panel.number_ok.click()
    assert panel.pages.currentWidget() is panel.order
    panel.order_list.setCurrentRow(2)
    panel._move_order(-1)
    panel.confirm_order.click()
    assert panel.pages.currentWidget() is panel.pick
    assert [panel.pick_list.item(i).text() for i in range(2)] == ["Test Card 1: Rally", "Test Card 2: Draw"]
    assert 1 in game.state.cards and not any(item.look.pickable for item in window.scene.card_items.values())
    assert not panel.toggle_pick(1), "a card whose id is an option's number is not that option"
    panel.pick_list.item(1).setCheckState(Qt.CheckState.Checked)
    panel.confirm_pick.click()
    # options that stand for circles: the circles are outlined, and clicking one picks it
    assert [panel.pick_list.item(i).text() for i in range(2)] == ["RC left", "RC right"]
    left, right = window.scene.zone_items["p1.rc.left"], window.scene.zone_items["p1.rc.right"]
    assert left.is_pickable and right.is_pickable and not window.scene.zone_items["p1.vc"].is_pickable
    click_zone(window, "p1.rc.left")
    assert left.is_picked and panel.picks() == ["left"]
    click_zone(window, "p1.rc.right")   # a pick-one decision: the new click replaces the last
    assert right.is_picked and not left.is_picked and panel.picks() == ["right"]
    panel.confirm_pick.click()
    assert game.state.data["answers"] == [1, False, 4, ["first", "third", "second"], [2], ["right"]]
    assert panel.pages.currentWidget() is panel.act and not right.is_pickable and not right.is_picked


def test_clicking_a_unit_on_an_offered_circle_picks_the_circle(qtbot, window, library) -> None:  # noqa: ANN001
    window.start(NewGame(quiz_config(seats={"p1": "human", "p2": "human"}), library, open_hands=False))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    session, game = window.session, window.session.game
    unit = game.state.zones["p1.hand"].cards[0]
    session.submit(CallUnit(by="p1", card=unit, circle="rc.left"))
    session.submit(AskQuestions(by="p1"))
    for answer in (Choose(by="p1", picks=(game.state.zones["p1.hand"].cards[0],)), Choose(by="p1", yes=False),
                   Choose(by="p1", number=1), Choose(by="p1", picks=("first", "second", "third")),
                   Choose(by="p1", picks=(1,))):
        session.submit(answer)
    assert game.pending_decision().name == "circle"
    click_card(window, window.scene.item_for(unit))
    assert window.decision_panel.picks() == ["left"] and window.scene.zone_items["p1.rc.left"].is_picked


def test_goldfish_draws_and_moves_to_the_next_turn(qtbot, window, library) -> None:  # noqa: ANN001
    window.start(NewGame(freeform_config(seats={"p1": "human", "p2": "ai"}, goldfish=True), library, open_hands=False))
    game = window.session.game
    panel = window.goldfish_panel
    assert window.docks["Goldfish"].isVisible()
    panel.draw.click()
    assert len(game.state.zones["p1.hand"].cards) == 8
    panel.next_turn.click()
    assert game.state.turn == 3 and game.state.active == "p1"
    assert "Turn 3" in panel.readout.text() and "life 20" in panel.readout.text()
    panel.mulligan.click()
    assert len(game.state.zones["p1.hand"].cards) == 8


def test_save_and_load_give_back_the_same_table(qtbot, window, library, tmp_path) -> None:  # noqa: ANN001
    window.start(NewGame(freeform_config(), library, open_hands=False))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    window.session.submit(DrawCards(by="p1", count=2))
    path = tmp_path / "game.ttgame"
    assert window.save_game_as(path)
    saved = window.session.game.state.fingerprint()
    other = GameSession(autosave_folder=tmp_path / "other")
    try:
        other.load(path)
        assert other.game.state.fingerprint() == saved
    finally:
        other.shutdown()
    window.session.submit(DrawCards(by="p1", count=1))
    assert window.open_game(path)
    assert window.session.game.state.fingerprint() == saved


def test_a_corrupt_file_gives_one_line_and_leaves_the_table(qtbot, window, library, tmp_path, monkeypatch) -> None:  # noqa: ANN001
    window.start(NewGame(freeform_config(), library, open_hands=False))
    before = window.session.game.state.fingerprint()
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: shown.append(text))
    bad = tmp_path / "bad.ttgame"
    bad.write_text('{"format": "tabletop-game", "version": 1, "config": {"game": "freeform"}, "commands": [{"command": "Nope"')
    assert not window.open_game(bad)
    assert len(shown) == 1 and "\n" not in shown[0] and "bad.ttgame" in shown[0]
    assert window.session.game.state.fingerprint() == before


def test_autosave_after_every_command_resumes_the_same_game(qtbot, window, library, tmp_path) -> None:  # noqa: ANN001
    window.start(NewGame(freeform_config(), library, open_hands=False))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    window.session.submit(DrawCards(by="p1", count=1))
    window.session.flush_autosave()   # written off the GUI thread
    record = json.loads(window.session.autosave_path.read_text())
    assert [c["command"] for c in record["commands"]] == ["DrawCards"]
    again = GameSession(autosave_folder=window.session.autosave_folder)
    try:
        assert not again.has_autosave(), "a game open in another window is not offered"
        crash(window.session)   # the first window dies: its game waits to be resumed
        assert again.waiting_autosaves() == [window.session.autosave_path]
        again.resume_autosave()
        assert again.game.state.fingerprint() == window.session.game.state.fingerprint()
        assert again.autosave_path == window.session.autosave_path
    finally:
        again.shutdown()


def test_two_windows_never_share_one_autosave(qtbot, library, tmp_path) -> None:  # noqa: ANN001
    folder = tmp_path / "autosaves"
    first, second = GameSession(autosave_folder=folder, ai_pause_ms=0), GameSession(autosave_folder=folder, ai_pause_ms=0)
    try:
        for session in (first, second):
            session.start(freeform_config(), library)
            if session.handover_pending:
                session.acknowledge_handover()
        for _ in range(3):
            for session, count in ((first, 1), (second, 2)):
                assert session.submit(DrawCards(by="p1", count=count))
        assert first.autosave_path != second.autosave_path
        for session in (first, second):
            session.flush_autosave()   # written off the GUI thread
            saved = GameSession(autosave_folder=tmp_path / "reader")
            try:
                saved.load(session.autosave_path)
                assert saved.game.state.fingerprint() == session.game.state.fingerprint()
            finally:
                saved.shutdown()
        assert not first.has_autosave() and not second.has_autosave()
    finally:
        first.shutdown()
        second.shutdown()


def test_a_damaged_autosave_at_start_up_is_named_in_one_line(qtbot, window, tmp_path, monkeypatch) -> None:  # noqa: ANN001
    from tabletop.ui.application import offer_to_resume

    folder = window.session.autosave_folder
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "autosave-20260101-000000-deadbeef.ttgame").write_text(
        '{"format": "tabletop-game", "version": 1, "config": {"game": "freeform", "options": {"life": "lots"}}, '
        '"cards": [], "commands": []}')
    shown = []
    monkeypatch.setattr(QMessageBox, "question", lambda *args: QMessageBox.StandardButton.Yes)
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: shown.append(text))
    offer_to_resume(window, window.session)
    assert len(shown) == 1 and "\n" not in shown[0] and "autosave-20260101-000000-deadbeef.ttgame" in shown[0]
    assert window.session.game is None


def start_vanguard_at_the_first_ride(window) -> GameSession:  # noqa: ANN001
    """Start a hot-seat Vanguard game of the bundled decks and keep both hands: p1 is to ride."""
    config, cards = sample_config("vanguard", 3)
    window.start(NewGame(config, cards, open_hands=True))
    session = window.session
    while (decision := session.decision()) is not None and decision.name != "ride":
        if session.handover_pending:
            session.acknowledge_handover()
        assert session.submit(session.game.rules.advance_command(session.game.state, decision))
    if session.handover_pending:
        session.acknowledge_handover()
    return session


def test_the_pass_button_names_what_passing_does_in_the_games_words(qtbot, window) -> None:  # noqa: ANN001
    session = start_vanguard_at_the_first_ride(window)
    panel = window.decision_panel
    assert panel.pass_button.text() == "Go to the main phase  (Space)"
    labels = [panel.actions.item(i).text() for i in range(panel.actions.count())]
    assert "Go to the main phase" in labels and "Pass priority" not in labels
    QTest.keyClick(window, Qt.Key.Key_Space)
    decision = session.decision()
    assert decision is not None and decision.name == "main"
    assert panel.pass_button.text() == "End the turn (no battle on turn 1)  (Space)"  # VG 4.7


def test_the_cards_the_deciding_player_can_play_now_are_marked(qtbot, window) -> None:  # noqa: ANN001
    session = start_vanguard_at_the_first_ride(window)
    game = session.game
    marked = {item.look.iid for item in window.scene.card_items.values() if item.look.playable}
    riders = {c.card for c in game.legal_commands("p1") if hasattr(c, "card")}  # VG 5.3: the cards p1 may ride
    assert marked and marked == riders
    assert window.decision_panel.card_hint.isVisibleTo(window.decision_panel)
    assert all(game.state.cards[iid].zone.startswith("p1.") for iid in marked)
    hand = set(game.state.zones["p1.hand"].cards)
    assert hand - marked, "a card that cannot be ridden now is not marked"
    QTest.keyClick(window, Qt.Key.Key_Space)  # no ride: on to the main phase
    marked_after = {item.look.iid for item in window.scene.card_items.values() if item.look.playable}
    calls = {c.card for c in game.legal_commands("p1") if hasattr(c, "card")}  # VG 5.4: the main phase's calls
    assert marked_after == calls


def test_moving_the_other_players_card_by_hand_in_hot_seat_asks_them(qtbot, window, library) -> None:  # noqa: ANN001
    from tabletop.engine.commands import ManualMove

    window.start(NewGame(freeform_config(), library, open_hands=False))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    game = window.session.game
    theirs = game.state.zones["p2.hand"].cards[0]
    asked = []
    window.session.consent = lambda player, question: asked.append(player) and False
    assert not window.session.submit(ManualMove(by="p1", card=theirs, to="p2.graveyard"))
    assert asked == ["p2"] and game.state.cards[theirs].zone == "p2.hand"
    mine = game.state.zones["p1.hand"].cards[0]
    assert window.session.submit(ManualMove(by="p1", card=mine, to="p1.graveyard")) and asked == ["p2"]


def test_a_declined_autosave_is_deleted_and_a_resumed_one_kept(qtbot, window, library, tmp_path, monkeypatch) -> None:  # noqa: ANN001
    from tabletop.ui.application import offer_to_resume

    folder = window.session.autosave_folder
    older, newer = (GameSession(autosave_folder=folder) for _ in range(2))
    for session in (older, newer):
        session.start(freeform_config(), library)
        if session.handover_pending:
            session.acknowledge_handover()
        session.submit(DrawCards(by="p1", count=1))
        crash(session)
    os.utime(older.autosave_path, (1_000_000, 1_000_000))   # saved long ago, whatever the clock's resolution
    answers = iter([QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes])
    monkeypatch.setattr(QMessageBox, "question", lambda *args: next(answers))
    offer_to_resume(window, window.session)   # newest first: the newer is declined, the older resumed
    assert not newer.autosave_path.exists()
    assert window.session.autosave_path == older.autosave_path and window.session.game is not None
    assert window.session.waiting_autosaves() == []


def test_a_finished_or_normally_closed_game_is_not_offered_back_but_listed_as_recent(qtbot, window, library) -> None:  # noqa: ANN001
    from tabletop.engine.commands import Concede

    folder = window.session.autosave_folder
    closed, conceded = (GameSession(autosave_folder=folder) for _ in range(2))
    for session in (closed, conceded):
        session.start(freeform_config(), library)
        session.acknowledge_handover()
        session.submit(DrawCards(by="p1", count=1))
    time.sleep(0.05)  # recent games are ordered by the time they were last saved: the file clock ticks coarsely
    conceded.submit(Concede(by="p1"))          # the game is over: not a game to resume
    assert conceded.autosave_path is None and conceded.waiting_autosaves() == []
    closed.shutdown()                           # the window closed normally: neither
    assert closed.waiting_autosaves() == [] and len(closed.recent_games()) == 2
    conceded.shutdown()
    window.recent_menu.aboutToShow.emit()
    labels = [a.text() for a in window.recent_menu.actions()]
    assert len(labels) == 2 and all(label.startswith("Freeform · ") for label in labels)
    assert sorted(label.rsplit(" · ", 1)[1] for label in labels) == ["1 move", "2 moves"]
    window.recent_menu.actions()[-1].trigger()   # the oldest: the normally closed game, opened again
    assert window.session.game is not None and len(window.session.game.history.done) == 1


def test_the_log_adds_new_lines_and_takes_back_undone_ones(qtbot, window, library) -> None:  # noqa: ANN001
    window.start(NewGame(freeform_config(), library, open_hands=False))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)

    def listed() -> list[str]:
        return window.log_panel.lines()

    def expected() -> list[str]:
        return [(f"T{e.turn}  {e.text}" if e.turn else e.text) + (f"  [{e.rule}]" if e.rule else "")
                for e in window.session.game.state.log]

    for _ in range(3):
        window.session.submit(DrawCards(by="p1", count=1))
        assert listed() == expected()
    before = len(listed())
    window.session.consent = lambda player, question: True   # hot seat: the undo of a draw asks
    assert window.session.undo()
    assert listed() == expected() and len(listed()) < before
    window.session.submit(DrawCards(by="p1", count=2))
    assert listed() == expected()
    assert window.session.set_open_hands(True)   # a note, below the log: new lines go above it
    note = window.session.notes[-1]
    assert listed() == expected() + [note]
    window.session.submit(DrawCards(by="p1", count=1))
    assert listed() == expected() + [note]
    assert window.session.undo()
    assert listed() == expected() + [note]
    window.session.notes.append("a note\nof two lines")   # one entry, however many lines it has
    window.session.submit(DrawCards(by="p1", count=1))
    assert window.session.undo()
    assert listed() == expected() + [note, "a note\nof two lines"]
