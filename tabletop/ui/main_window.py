"""MainWindow: the table in the middle, phase bar above, docks for decisions, card, history and log."""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication, QDockWidget, QFileDialog, QInputDialog, QMainWindow, QMenu, QMessageBox, QProgressDialog, QVBoxLayout, QWidget,
)

from tabletop.engine.commands import Concede, DrawCards
from tabletop.engine.errors import BadInput, one_line
from tabletop.games import find_game, game_name
from tabletop.ui.about_dialog import app_icon, show_about
from tabletop.ui.card_browser import CardBrowser
from tabletop.ui.card_item import CardLook
from tabletop.ui.card_menu import build_card_menu, real_card, rules_commands
from tabletop.ui.card_preview import CardPreview
from tabletop.engine.command_labels import command_label
from tabletop.ui.command_matching import drop_commands, drop_refusal, manual_move
from tabletop.ui.decision_panel import DecisionPanel
from tabletop.ui.fonts import install_fonts
from tabletop.ui.goldfish_panel import GoldfishPanel
from tabletop.ui.hand_over import HandOverScreen
from tabletop.ui.hover_zoom import HoverZoom
from tabletop.ui.import_dialog import ImportDialog, ImportWorker
from tabletop.ui.history_panel import HistoryPanel
from tabletop.ui.log_panel import LogPanel
from tabletop.ui.new_game_dialog import NewGame, NewGameDialog
from tabletop.ui.phase_bar import PhaseBar
from tabletop.ui.session import GameSession
from tabletop.ui.table_scene import TableScene
from tabletop.ui.table_view import TableView
from tabletop.ui.toast import Toast
from tabletop.ui.token_dialog import TokenDialog
from tabletop.ui.zone_menu import build_zone_menu

GAME_FILES = "Tabletop games (*.ttgame);;All files (*)"
AI_PAUSES = ((0, "No pause"), (300, "0.3 s"), (600, "0.6 s"), (1500, "1.5 s"))


class TableArea(QWidget):
    """The phase bar over the table view; overlays (hand-over, toast) cover this widget."""

    def __init__(self, session: GameSession, scene: TableScene) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.phase_bar = PhaseBar(session)
        self.view = TableView(scene)
        layout.addWidget(self.phase_bar)
        layout.addWidget(self.view, 1)
        self.hand_over = HandOverScreen(self)
        self.toast = Toast(self)
        self.hover_zoom = HoverZoom(self)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self.hand_over.setGeometry(self.rect())


class MainWindow(QMainWindow):
    """The application window. It reads the session and changes the game only through it."""

    def __init__(self, session: GameSession, database: Any | None = None, settings: QSettings | None = None) -> None:
        super().__init__()
        install_fonts()  # before any text is laid out: card names may be Chinese, Japanese or Korean
        self.setWindowIcon(app_icon())
        self.session = session
        self.database = database
        self.settings = settings or QSettings("tabletop", "tabletop")
        self.current_path: Path | None = None
        self.last_menu: QMenu | None = None
        self.token_dialog: TokenDialog | None = None   # the last "Make a token here…" form (tests fill it in)
        self.import_worker: ImportWorker | None = None
        self.import_message: QMessageBox | None = None
        self.import_progress: QProgressDialog | None = None
        self.deck_editors: list[Any] = []
        self.setWindowTitle("tabletop")
        self.resize(1600, 900)
        self.scene = TableScene(session)
        self.table = TableArea(session, self.scene)
        self.setCentralWidget(self.table)
        self.preview = CardPreview(session)
        self.decision_panel = DecisionPanel(session)
        self.history_panel = HistoryPanel(session)
        self.log_panel = LogPanel(session)
        self.goldfish_panel = GoldfishPanel(session)
        self.browser = CardBrowser(session, database)
        self.docks: dict[str, QDockWidget] = {}
        # One tab group only: Qt 6.11 leaves a stale copy of a second group's tab bar on screen.
        # The card browser sits with History and Log so that a card chosen in it shows in the
        # Card dock beside it, not behind it.
        self._dock("Card", self.preview, Qt.DockWidgetArea.LeftDockWidgetArea)
        self._dock("Decision", self.decision_panel, Qt.DockWidgetArea.RightDockWidgetArea)
        self._dock("Goldfish", self.goldfish_panel, Qt.DockWidgetArea.RightDockWidgetArea)
        self._dock("History", self.history_panel, Qt.DockWidgetArea.RightDockWidgetArea)
        self._dock("Log", self.log_panel, Qt.DockWidgetArea.RightDockWidgetArea)
        self._dock("Card browser", self.browser, Qt.DockWidgetArea.RightDockWidgetArea)
        self.tabifyDockWidget(self.docks["History"], self.docks["Log"])
        self.tabifyDockWidget(self.docks["Log"], self.docks["Card browser"])
        self.docks["Log"].raise_()
        self.docks["Goldfish"].hide()
        # the history is listed only while in sight (every step's label): brought to the front, it catches up
        self.docks["History"].visibilityChanged.connect(lambda shown: shown and self.history_panel.fill())
        self._docks_sized = False
        self._build_menus()
        self._restore_layout()

        self.scene.cardClicked.connect(self.card_clicked)
        self.scene.cardDoubleClicked.connect(self.card_double_clicked)
        self.scene.cardMenuRequested.connect(self.open_card_menu)
        self.scene.cardDropped.connect(self.card_dropped)
        self.scene.cardHovered.connect(self.preview.show_look)
        self.scene.cardHovered.connect(self.table.hover_zoom.follow)
        self.scene.cardFocused.connect(self.preview.show_look)
        self.browser.cardChosen.connect(self._browse)
        self.decision_panel.pickedChanged.connect(self.scene.set_picking)
        self.decision_panel.zonesPickedChanged.connect(self.scene.set_zone_picking)
        self.scene.zoneClicked.connect(self.decision_panel.toggle_zone)
        self.scene.zoneMenuRequested.connect(self.open_zone_menu)
        session.refused.connect(self.show_refusal)
        session.changed.connect(lambda _result: self._after_change())
        session.handOverRequested.connect(self._hand_over)
        session.gameStarted.connect(self._game_started)
        self.table.hand_over.accepted.connect(self._handed_over)
        session.consent = self.ask_consent
        self.statusBar().showMessage("File ▸ New game (Ctrl+N) to start")

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> None:
        dock = QDockWidget(title, self)
        dock.setObjectName(title)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        self.docks[title] = dock

    # -- menus and shortcuts -------------------------------------------------------------------
    def _action(self, menu: QMenu, text: str, slot: Any, shortcut: Any = None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            if isinstance(shortcut, (list, tuple)):
                action.setShortcuts([QKeySequence(s) for s in shortcut])
            else:
                action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        game = bar.addMenu("&File")
        self._action(game, "&New game…", self.new_game, QKeySequence.StandardKey.New)
        self._action(game, "&Open…", self.open_game, QKeySequence.StandardKey.Open)
        self.recent_menu = game.addMenu("&Recent games")
        self.recent_menu.aboutToShow.connect(self._fill_recent_games)
        self._action(game, "&Save", self.save_game, QKeySequence.StandardKey.Save)
        self._action(game, "Save &as…", self.save_game_as, "Ctrl+Shift+S")
        game.addSeparator()
        self.import_action = self._action(game, "&Import cards…", self.import_cards, "Ctrl+I")
        self.import_action.setEnabled(self.database is not None)  # the formats are read when the dialog opens
        game.addSeparator()
        self._action(game, "&Concede", self.concede)
        game.addSeparator()
        self._action(game, "&Quit", self.close, "Ctrl+Q")
        decks = bar.addMenu("&Decks")
        self.new_deck_action = self._action(decks, "&New deck…", self.new_deck, "Ctrl+Shift+N")
        self.open_deck_action = self._action(decks, "&Open deck…", self.open_deck, "Ctrl+Shift+O")
        self.recent_decks_menu = decks.addMenu("Open &recent deck")
        self.recent_decks_menu.aboutToShow.connect(self._fill_recent_decks)
        for action in (self.new_deck_action, self.open_deck_action):
            action.setEnabled(self.database is not None)
        edit = bar.addMenu("&Edit")
        self.undo_action = self._action(edit, "&Undo", self.session.undo, "Ctrl+Z")
        self.redo_action = self._action(edit, "&Redo", self.session.redo, ["Ctrl+Shift+Z", "Ctrl+Y"])
        play = bar.addMenu("&Play")
        self._action(play, "&Pass / next phase", self.session.advance, "Space")
        self._action(play, "&Draw a card (by hand)", self.draw_card, "Ctrl+D")
        self._action(play, "&Find a card on the table…", self.find_card, "Ctrl+K")
        self._action(play, "Confirm &picks", self.decision_panel.confirm_picks, "Ctrl+Return")
        self._action(play, "Let the &AI play", self.session.resume_bots, "Ctrl+R")
        self.open_hands_action = self._action(play, "&Open hands", self._toggle_open_hands, "Ctrl+H")
        self.open_hands_action.setCheckable(True)
        pauses = play.addMenu("AI pause after each action")
        group = QActionGroup(self)
        for milliseconds, label in AI_PAUSES:
            action = self._action(pauses, label, lambda ms=milliseconds: self.set_ai_pause(ms))
            action.setCheckable(True)
            action.setChecked(milliseconds == self.session.ai_pause_ms)
            group.addAction(action)
        view = bar.addMenu("&View")
        self._action(view, "Zoom &in", self.table.view.zoom_in, ["Ctrl+=", "Ctrl++"])
        self._action(view, "Zoom &out", self.table.view.zoom_out, "Ctrl+-")
        self._action(view, "&Whole table", lambda: self.table.view.set_zoom(1.0), "Ctrl+0")
        self.hover_zoom_action = self._action(view, "Zoom the card under the &pointer (or hold Alt)",
                                              self._toggle_hover_zoom, "Ctrl+Shift+P")
        self.hover_zoom_action.setCheckable(True)
        view.addSeparator()
        for index, (title, dock) in enumerate(self.docks.items(), start=1):
            action = dock.toggleViewAction()
            action.setShortcut(QKeySequence(f"Alt+{index}"))
            view.addAction(action)
        help_menu = bar.addMenu("&Help")
        self._action(help_menu, "&Keyboard shortcuts", self.show_shortcuts, "F1")
        self._action(help_menu, "&About tabletop", self.show_about)
        self._refresh_actions()

    def shortcuts_text(self) -> str:
        """Return every menu action with its shortcut, one per line."""
        lines = []
        for menu_action in self.menuBar().actions():
            menu = menu_action.menu()
            if menu is None:
                continue
            for action in menu.actions():
                keys = ", ".join(s.toString(QKeySequence.SequenceFormat.NativeText) for s in action.shortcuts())
                if keys:
                    lines.append(f"{keys:<22} {menu_action.text().replace('&', '')} ▸ {action.text().replace('&', '')}")
        lines += ["Right-click a card       its actions and By hand", "Drag a card to a zone    play it there (or move it by hand)",
                  "Double-click a card      its only action", "Middle-drag / wheel      pan / zoom the table",
                  "Tab / arrows             move between cards on the table (Shift+Tab back)",
                  "Enter                    the focused card's actions and By hand"]
        return "\n".join(lines)

    def show_shortcuts(self) -> None:
        """Show the keyboard shortcuts."""
        box = QMessageBox(self)
        box.setWindowTitle("Keyboard shortcuts")
        box.setText(f"<pre>{self.shortcuts_text()}</pre>")
        box.exec()

    def show_about(self) -> QMessageBox:
        """Show the version, where the card data comes from and the licences (Help ▸ About)."""
        path = getattr(self.database, "path", None)
        return show_about(self, str(path) if path else None)

    def _after_change(self) -> None:
        if self.session.handover_pending is None and self.table.hand_over.isVisible():
            self.table.hand_over.hide()
        self._refresh_actions()
        self._recheck_shown_cards()

    def _recheck_shown_cards(self) -> None:
        """Bring the Card dock and the hover zoom up to date with the table the viewer sees now.

        Hidden-information contract (README): a card whose face the viewer may no longer see (turned face
        down, shuffled into a deck, back in the opponent's hand, a reveal undone, another seat's eyes) is
        dropped from both; a card still seen gets its new values.
        """
        zoom = self.table.hover_zoom
        view = None
        for shown, show, forget in ((self.preview.look, self.preview.show_look, self.preview.clear),
                                    (zoom.look, zoom.follow, zoom.forget)):
            if shown is None or shown.iid is None:
                continue   # nothing, a card from the card browser, or a back: no face to take back
            # The session's view, not the scene's items, decides: items wait while a card is dragged.
            view = view or (self.session.table_view() if self.session.game is not None else None)
            if view is None or view.seen_card(shown.iid) is None:
                forget()
                continue
            item = self.scene.item_for(shown.iid)
            if item is not None and item.look != shown:
                show(item.look)     # the same card's values after the change

    def _restore_layout(self) -> None:
        """Open as the player left it: window size and place, docks, and the table's zoom (QSettings)."""
        geometry, docks = self.settings.value("window/geometry"), self.settings.value("window/docks")
        if geometry is not None and self.restoreGeometry(geometry):
            self._docks_sized = docks is not None and self.restoreState(docks)
        self.table.view.set_zoom(float(self.settings.value("window/zoom", 1.0) or 1.0))
        always = str(self.settings.value("window/hover_zoom", "false")).lower() == "true"
        self.hover_zoom_action.setChecked(always)
        self.table.hover_zoom.always = always

    def _remember_layout(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/docks", self.saveState())
        self.settings.setValue("window/zoom", self.table.view.zoom)
        self.settings.sync()

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        if not self._docks_sized:      # side docks in proportion to the window; the table gets the rest
            self._docks_sized = True
            width = self.width()
            self.resizeDocks([self.docks["Card"], self.docks["Decision"]],
                             [max(200, min(300, width // 6)), max(230, min(340, width * 18 // 100))],
                             Qt.Orientation.Horizontal)

    def _refresh_actions(self) -> None:
        game = self.session.game
        can_undo = game is not None and game.can_undo()
        can_redo = game is not None and game.can_redo()
        self.undo_action.setEnabled(can_undo)
        self.redo_action.setEnabled(can_redo)
        self.undo_action.setText(f"&Undo {game.undo_label()}" if can_undo else "&Undo")
        self.redo_action.setText(f"&Redo {game.redo_label()}" if can_redo else "&Redo")
        if game is not None:
            name = self.current_path.name if self.current_path else "unsaved"
            self.setWindowTitle(f"tabletop — {game.rules.name} — {name}")

    # -- games ---------------------------------------------------------------------------------
    def new_game(self) -> None:
        """Ask for a new game and start it."""
        dialog = NewGameDialog(self, self.database, self.settings)
        if dialog.exec() and dialog.result_game is not None:
            self.start(dialog.result_game)

    def start(self, new: NewGame) -> bool:
        """Start a game from the dialog's result; a config the game refuses is shown in one line."""
        try:
            self.session.start(new.config, new.library)
        except (ValueError, KeyError) as error:
            QMessageBox.critical(self, "New game", f"{new.config.game}: {error}")
            return False
        self.current_path = None
        self.open_hands_action.setChecked(new.open_hands)
        self.session.set_open_hands(new.open_hands)
        self._refresh_actions()
        return True

    def _fill_recent_games(self) -> None:
        """List the games that ended or were closed normally, newest first; choosing one opens it."""
        self.recent_menu.clear()
        recent = self.session.recent_games()
        if not recent:
            self.recent_menu.addAction("No recent games").setEnabled(False)
        for path in recent:
            self.recent_menu.addAction(recent_game_label(path)).triggered.connect(
                lambda _checked=False, p=path: self.open_game(p))

    def open_game(self, path: Path | None = None) -> bool:
        """Load a saved game; a damaged file is shown in one line and the table stays as it was."""
        if path is None:
            name, _ = QFileDialog.getOpenFileName(self, "Open game", "", GAME_FILES)
            if not name:
                return False
            path = Path(name)
        try:
            self.session.load(path)
        except BadInput as error:
            QMessageBox.critical(self, "Open game", str(error))
            return False
        except Exception as error:  # noqa: BLE001 - whatever a file holds, the table stays and one line says why
            QMessageBox.critical(self, "Open game", f"{path}: cannot open this game ({one_line(error)})")
            return False
        self.current_path = path
        self._refresh_actions()
        self.toast(f"opened {path.name}")
        return True

    def save_game(self) -> bool:
        """Save to the game's file (asks for one the first time)."""
        if self.current_path is None:
            return self.save_game_as()
        return self._save(self.current_path)

    def save_game_as(self, path: Path | None = None) -> bool:
        """Save to a new file."""
        if self.session.game is None:
            return False
        if path is None:
            name, _ = QFileDialog.getSaveFileName(self, "Save game", "game.ttgame", GAME_FILES)
            if not name:
                return False
            path = Path(name if name.endswith(".ttgame") else name + ".ttgame")
        return self._save(path)

    def _save(self, path: Path) -> bool:
        try:
            self.session.save(path)
        except OSError as error:
            QMessageBox.critical(self, "Save game", f"{path}: {error.strerror or error}")
            return False
        self.current_path = path
        self._refresh_actions()
        self.toast(f"saved {path.name}")
        return True

    def import_cards(self) -> None:
        """Ask for a card file format and files, then import them with a progress dialog."""
        if self.database is None:
            self.show_refusal("no card database is open to import into")
            return
        dialog = ImportDialog(self)
        if dialog.exec():
            card_format, paths = dialog.chosen()
            self.run_import(card_format, paths)

    def run_import(self, card_format: str, paths: list[Path]) -> ImportWorker | None:
        """Import files off the GUI thread; progress shows meanwhile, then the summary or the error."""
        if self.database is None or (self.import_worker is not None and self.import_worker.isRunning()):
            return None
        progress = QProgressDialog(f"Importing {', '.join(p.name for p in paths)}…", "", 0, 0, self)
        progress.setWindowTitle("Import cards")
        progress.setCancelButton(None)        # an import is one transaction: it finishes or fails whole
        progress.setMinimumDuration(300)
        progress.setAutoClose(False)
        progress.setAutoReset(False)
        worker = ImportWorker(self.database, card_format, list(paths), self)
        self.import_progress = progress

        def progressed(stage: str, done: int, total: int) -> None:
            progress.setLabelText(f"{stage.capitalize()} {done} of {total}…")
            progress.setMaximum(max(total, 1))
            progress.setValue(min(done, max(total, 1)))

        def finished_with(title: str, text: str, icon: QMessageBox.Icon) -> None:
            progress.close()
            box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, self)
            self.import_message = box
            box.open()

        worker.progressed.connect(progressed)
        worker.succeeded.connect(lambda lines: finished_with(
            "Import cards", "\n".join(lines), QMessageBox.Icon.Information))
        worker.failed.connect(lambda line: finished_with("Import cards", line, QMessageBox.Icon.Critical))
        self.import_worker = worker
        worker.start()
        return worker

    # -- decks ---------------------------------------------------------------------------------
    def open_deck_editor(self, game: str, path: Path | None = None) -> Any:
        """Open a deck editor of a game (with a deck file when given); its games start here."""
        from tabletop.ui.deck_editor import DeckEditor  # the editor needs carddb, which is optional

        editor = DeckEditor(self.database, game, self.settings, parent=self)
        editor.setWindowFlag(Qt.WindowType.Window)
        editor.playRequested.connect(self.start)
        self.deck_editors.append(editor)
        editor.destroyed.connect(lambda _obj=None, e=editor: self.deck_editors.remove(e) if e in self.deck_editors else None)
        if path is not None:
            editor.open_file(path)
        editor.show()
        return editor

    def new_deck(self) -> None:
        """Ask for a game and open an empty deck editor of it."""
        from tabletop.ui.deck_editor_model import GAME_SECTIONS

        names = {find_game(gid).name: gid for gid in GAME_SECTIONS}
        name, ok = QInputDialog.getItem(self, "New deck", "Game:", list(names), 0, False)
        if ok and name:
            self.open_deck_editor(names[name])

    def open_deck(self, path: Path | None = None) -> None:
        """Ask for a deck file and open it in the editor of the game it names (asking when it names none)."""
        from tabletop.ui.deck_editor import OPEN_FILTER, deck_file_game

        if path is None:
            chosen, _ = QFileDialog.getOpenFileName(self, "Open deck", "", OPEN_FILTER)
            if not chosen:
                return
            path = Path(chosen)
        game = deck_file_game(path)
        if game is None:
            from tabletop.ui.deck_editor_model import GAME_SECTIONS

            names = {find_game(gid).name: gid for gid in GAME_SECTIONS}
            name, ok = QInputDialog.getItem(self, "Open deck", f"Which game is {path.name} for?", list(names), 0, False)
            if not ok:
                return
            game = names[name]
        self.open_deck_editor(game, path)

    def _fill_recent_decks(self) -> None:
        from tabletop.ui.deck_editor import recent_decks

        self.recent_decks_menu.clear()
        for recent in recent_decks(self.settings):
            self.recent_decks_menu.addAction(recent).triggered.connect(
                lambda _checked=False, p=recent: self.open_deck(Path(p)))
        if self.recent_decks_menu.isEmpty():
            self.recent_decks_menu.addAction("(none yet)").setEnabled(False)

    def concede(self) -> None:
        """Concede the game for the viewer."""
        if self.session.viewer is not None:
            self.session.submit(Concede(by=self.session.viewer))

    def draw_card(self) -> None:
        """Draw a card by hand for the viewer."""
        if self.session.viewer is not None:
            self.session.submit(DrawCards(by=self.session.viewer, count=1))

    def set_ai_pause(self, milliseconds: int) -> None:
        """Set the pause the AI takes before each action."""
        self.session.ai_pause_ms = milliseconds

    def _game_started(self) -> None:
        game = self.session.game
        goldfish = bool(game and game.config.options.get("goldfish"))
        self.docks["Goldfish"].setVisible(goldfish)
        if goldfish:
            self.docks["Goldfish"].raise_()
        if self.session.handover_pending is None:
            self.table.hand_over.hide()
        self.statusBar().clearMessage()

    # -- hot-seat ------------------------------------------------------------------------------
    def _hand_over(self, player: str) -> None:
        self.preview.clear()   # the Card dock and the zoom must not keep the last player's hand card for the next one
        self.table.hover_zoom.forget()
        decision = self.session.decision()
        what = f"{player} decides: {decision.prompt or decision.name}" if decision else ""
        self.table.hand_over.show_for(player, what)

    def _handed_over(self) -> None:
        self.table.hand_over.hide()
        self.session.acknowledge_handover()
        self.table.view.setFocus()

    def _toggle_hover_zoom(self) -> None:
        self.table.hover_zoom.always = self.hover_zoom_action.isChecked()
        self.settings.setValue("window/hover_zoom", self.table.hover_zoom.always)

    def _toggle_open_hands(self) -> None:
        self.session.set_open_hands(self.open_hands_action.isChecked())
        self.open_hands_action.setChecked(self.session.open_hands)   # unchecked again when the other player refused

    def ask_consent(self, player: str, question: str) -> bool:
        """Ask a player (hot-seat: the other one at the table) whether they agree to what the question says."""
        answer = QMessageBox.question(self, f"{player}, do you agree?", f"{player}: {question}")
        return answer == QMessageBox.StandardButton.Yes

    # -- card gestures -------------------------------------------------------------------------
    def card_clicked(self, look: CardLook, screen: QPoint) -> None:
        """Pick a card (or the circle it lies on) for a decision, or open the menu of a card that has legal commands."""
        self.preview.show_look(look)
        if look.iid is not None and self.decision_panel.toggle_pick(look.iid):
            return
        if self.decision_panel.toggle_zone(look.zone_id):   # a card on a circle the decision offers picks the circle
            return
        if rules_commands(self.session, look):
            self.open_card_menu(look, screen)

    def card_double_clicked(self, look: CardLook) -> None:
        """Do a card's only legal command (or draw from your own deck); else open its menu."""
        legal = rules_commands(self.session, look)
        if len(legal) == 1:
            self.session.submit(legal[0])
            return
        game = self.session.game
        viewer = self.session.viewer
        if game is not None and viewer is not None and look.zone_id == f"{viewer}.{game.rules.deck_zone}":
            self.session.submit(DrawCards(by=viewer, count=1))
            return
        if legal:
            self.open_card_menu(look, self.table.view.mapToGlobal(self.table.view.rect().center()))

    def open_card_menu(self, look: CardLook, screen: QPoint) -> QMenu:
        """Open a card's menu (legal commands, then By hand) at a screen position."""
        menu = build_card_menu(self.session, look, self, choose=self.decision_panel.choose_cards,
                               make_token=self.make_token)
        self.last_menu = menu
        menu.popup(screen)
        return menu

    def open_zone_menu(self, zone_id: str, screen: QPoint) -> QMenu:
        """Open a zone's menu of moves by hand (make a token there, shuffle it) at a screen position."""
        menu = build_zone_menu(self.session, zone_id, self.make_token, self)
        self.last_menu = menu
        menu.popup(screen)
        return menu

    def make_token(self, zone_id: str) -> TokenDialog | None:
        """Ask for a token to make by hand in a zone (non-modal; OK submits it, a refusal is shown as any other)."""
        game, player = self.session.game, self.session.viewer
        if game is None or player is None:
            return None
        dialog = TokenDialog(game.rules, game.state, player, zone_id, self)
        dialog.accepted.connect(lambda: self.session.submit(dialog.command()))
        self.token_dialog = dialog
        dialog.open()
        return dialog

    def card_dropped(self, look: CardLook, zone_id: str, index: int) -> None:
        """Play a dragged card by the legal command that puts it there; a drop no rule allows is refused.

        A move outside the rules is an explicit choice: drop with Alt held (or the card menu's "By hand").
        Where the rules do not list every play (games played by hand), such a drop moves the card by hand.
        """
        game = self.session.game
        player = self.session.viewer
        if game is None:
            return
        if player is None:
            self.show_refusal("hand the table over first")
            return
        iid = real_card(self.session, look)
        if iid is None or (zone_id == look.zone_id and index == look.index):
            return
        by_hand = bool(QApplication.keyboardModifiers() & Qt.KeyboardModifier.AltModifier)
        matches = drop_commands(game, player, iid, zone_id) if look.iid is not None and not by_hand else []
        if not matches and (by_hand or not game.rules.lists_every_play):
            self.session.submit(manual_move(player, iid, zone_id, index))
        elif not matches:
            self.show_refusal(drop_refusal(game, player, iid, zone_id))
        elif len(matches) == 1:
            self.session.submit(matches[0])
        elif len(matches) > 1:
            menu = QMenu(self)
            for command in matches:
                menu.addAction(command_label(command, game.state, player)).triggered.connect(
                    lambda _checked=False, c=command: self.session.submit(c))
            self.last_menu = menu
            menu.popup(self.cursor().pos())

    def find_card(self) -> None:
        """Choose any card shown on the table by name (keyboard access), then open its menu."""
        looks = [item.look for item in self.scene.card_items.values()]
        if not looks:
            return
        labels = []
        for look in looks:
            name = look.definition.name if look.definition is not None else "hidden card"
            labels.append(f"{name} — {look.zone_id}")
        chosen, ok = QInputDialog.getItem(self, "Find a card", "Card:", labels, 0, True)
        if ok and chosen in labels:
            look = looks[labels.index(chosen)]
            self.preview.show_look(look)
            self.open_card_menu(look, self.table.view.mapToGlobal(self.table.view.rect().center()))

    def _browse(self, definition: Any) -> None:
        self.preview.show_definition(definition)
        self.docks["Card"].show()

    # -- messages ------------------------------------------------------------------------------
    def show_refusal(self, text: str) -> None:
        """Show why something was refused (status bar and a toast over the table)."""
        self.statusBar().showMessage(text, 10000)
        self.table.toast.show_message(text)

    def toast(self, text: str) -> None:
        """Show a passing notice."""
        self.statusBar().showMessage(text, 5000)
        self.table.toast.show_message(text, 2500)

    def closeEvent(self, event: QCloseEvent) -> None:
        for editor in list(self.deck_editors):
            if not editor.close():          # the player chose Cancel for an unsaved deck
                event.ignore()
                return
        if self.import_worker is not None:
            self.import_worker.wait()       # an import finishes its transaction before the window goes
        self.goldfish_panel.shutdown()
        self.session.shutdown()
        self._remember_layout()
        super().closeEvent(event)


def recent_game_label(path: Path) -> str:
    """Name a recent game by its game, when it was last played and how far it went ("Yu-Gi-Oh! · 26 Nov 10:40 · 84 moves")."""
    when = time.strftime("%d %b %H:%M", time.localtime(path.stat().st_mtime))
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        game, moves = game_name(str(data["config"]["game"])), len(data["commands"])
    except (OSError, ValueError, KeyError, TypeError):   # shown all the same; opening it says what is wrong
        return f"{path.name} · {when}"
    return f"{game} · {when} · {moves} move{'' if moves == 1 else 's'}"
