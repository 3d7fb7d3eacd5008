"""The window application: `run_application` is what `tabletop run` and `make run` call."""
from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from tabletop.ui.autosave import adopt_earlier_autosave, clean_orphaned_temporaries
from tabletop.engine.errors import BadInput, one_line
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
    try:
        adopt_earlier_autosave(session.autosave_folder)
        clean_orphaned_temporaries(session.autosave_folder)
    except OSError as error:  # a read-only data folder: play on, the autosave will say it failed
        QMessageBox.warning(None, "Autosave", f"{session.autosave_folder}: {error.strerror or error}")
    window = MainWindow(session, database)
    window.show()
    if screenshot:
        return _save_picture(app, window, session, screenshot)
    offer_to_resume(window, session)
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


def offer_to_resume(window: QWidget, session: GameSession) -> None:
    """Ask, newest first, whether to resume each autosaved game no other window plays; a declined one is deleted.

    A file that cannot be resumed is named in one line and kept (a newer tabletop may read it).
    """
    for path in session.waiting_autosaves():
        answer = QMessageBox.question(window, "Resume", "A game was still running when tabletop closed "
                                                        f"({path.stem}). Resume it?")
        if answer != QMessageBox.StandardButton.Yes:
            session.discard_autosave(path)
            continue
        try:
            session.resume_autosave(path)
        except BadInput as error:
            QMessageBox.critical(window, "Resume", str(error))
            continue
        except Exception as error:  # noqa: BLE001 - start-up must reach the window whatever the file holds
            QMessageBox.critical(window, "Resume", f"{path}: cannot resume this game ({one_line(error)})")
            continue
        return
