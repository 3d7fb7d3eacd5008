"""The window application: `run_application` is what `tabletop run` and `make run` call."""
from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication, QMessageBox

from tabletop.engine.errors import BadInput
from tabletop.ui.card_sources import open_card_database
from tabletop.ui.main_window import MainWindow
from tabletop.ui.session import GameSession


def run_application(db_path: str | None = None, screenshot: str | None = None) -> int:
    """Open the table window; offer to resume an autosaved game; return the exit status.

    With `screenshot`, save a picture of the window there and quit without asking anything.
    """
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("tabletop")
    app.setOrganizationName("tabletop")
    app.setDesktopFileName("tabletop")  # matches packaging/linux/tabletop.desktop
    database = None
    try:
        database = open_card_database(db_path)
    except Exception as error:  # the window still plays bundled and practice decks
        message = f"{db_path or 'card database'}: {error}".split("\n")[0]
        if screenshot:
            print(message, file=sys.stderr)
        else:
            QMessageBox.warning(None, "Card database", message)
    session = GameSession()
    window = MainWindow(session, database)
    window.show()
    if screenshot:
        return _save_picture(app, window, session, screenshot)
    if session.has_autosave():
        answer = QMessageBox.question(window, "Resume", "A game was still running when tabletop closed. Resume it?")
        if answer == QMessageBox.StandardButton.Yes:
            try:
                session.resume_autosave()
            except (BadInput, ValueError, KeyError) as error:
                QMessageBox.critical(window, "Resume", str(error).split("\n")[0])
    if session.game is None:
        window.new_game()
    status = app.exec()
    session.shutdown()
    return status


def _save_picture(app: QApplication, window: MainWindow, session: GameSession, path: str) -> int:
    """Save the window, once drawn, as an image at `path`; return 0, or 1 naming the file it could not write."""
    for _ in range(5):
        app.processEvents()
    saved = window.grab().save(path)
    session.shutdown()
    window.close()
    if not saved:
        print(f"{path}: cannot write the window's picture there", file=sys.stderr)
        return 1
    return 0
