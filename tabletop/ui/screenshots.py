"""Screenshots: play every available game a few random moves in and save the window as a PNG.

Run with `make screenshots` (or `python -m tabletop.ui.screenshots FOLDER`).
"""
from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from tabletop.engine.cards import CardLibrary
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.rules import GameConfig
from tabletop.engine.view import view_for
from tabletop.games import game_ids
from tabletop.ui.card_sources import available_decks
from tabletop.ui.main_window import MainWindow
from tabletop.ui.seat_bots import random_bot_class
from tabletop.ui.session import GameSession

MOVES = 14


def play_some(session: GameSession, moves: int, seed: int) -> None:
    """Play `moves` random legal commands (both seats) so the table is mid-game."""
    bot_class = random_bot_class()
    chooser = random.Random(seed)
    game = session.game
    assert game is not None
    for _ in range(moves):
        decision = game.pending_decision()
        if decision is None:
            return
        legal = game.legal_commands(decision.player)
        if bot_class is not None:
            command = bot_class(seed=chooser.randrange(1 << 30)).choose(view_for(game.state, decision.player), decision, legal)
        elif legal:
            command = chooser.choice(legal)
        else:
            return
        try:
            result = game.submit(command)
        except IllegalCommand:
            continue
        session._after_change(result, autosave=False)


def take(folder: Path) -> list[Path]:
    """Save one PNG per game that has a deck to play; return the files written."""
    app = QApplication.instance() or QApplication(sys.argv)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as scratch:
        for game_id in game_ids():
            decks = available_decks(game_id)
            if not decks:
                print(f"{game_id}: no deck to play, no screenshot", file=sys.stderr)
                continue
            deck = decks[0]
            library = CardLibrary(deck.cards)
            config = GameConfig(game=game_id, seed=11, decks={"p1": deck.sections, "p2": deck.sections},
                                seats={"p1": "human", "p2": "human"})
            session = GameSession(autosave_path=Path(scratch) / "autosave.ttgame", ai_pause_ms=0)
            window = MainWindow(session, settings=QSettings(str(Path(scratch) / "s.ini"), QSettings.Format.IniFormat))
            window.resize(1600, 900)
            window.show()
            try:
                session.start(config, library)
            except (ValueError, KeyError) as error:
                print(f"{game_id}: cannot start ({error})", file=sys.stderr)
                session.shutdown()
                window.close()
                continue
            session.acknowledge_handover()
            window.table.hand_over.hide()
            play_some(session, MOVES, seed=3)
            if session.handover_pending:
                session.acknowledge_handover()
                window.table.hand_over.hide()
            for _ in range(5):
                app.processEvents()
            path = folder / f"{game_id}.png"
            window.grab().save(str(path))
            written.append(path)
            print(path)
            session.shutdown()
            window.close()
            window.deleteLater()
            session.deleteLater()
            app.processEvents()
    return written


if __name__ == "__main__":
    take(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
