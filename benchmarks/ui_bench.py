"""UI benchmark: window start time, frame time while dragging a card over 150 cards, and memory (RSS).

Run: `QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/ui_bench.py` (target: frame ≤ 16 ms).
"""
from __future__ import annotations

import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from tabletop.engine.cards import CardDefinition, CardLibrary  # noqa: E402
from tabletop.engine.commands import ManualMove  # noqa: E402
from tabletop.engine.rules import GameConfig  # noqa: E402

CARDS_ON_TABLE = 150


def main() -> None:
    """Print start time, drag frame times and RSS."""
    started = time.perf_counter()
    app = QApplication.instance() or QApplication(sys.argv)
    from tabletop.ui.main_window import MainWindow
    from tabletop.ui.session import GameSession

    scratch = Path(tempfile.mkdtemp())
    session = GameSession(autosave_path=scratch / "autosave.ttgame", ai_pause_ms=0)
    window = MainWindow(session, settings=QSettings(str(scratch / "s.ini"), QSettings.Format.IniFormat))
    window.resize(1600, 900)
    window.show()
    cards = [CardDefinition(id=f"b{n}", game="freeform", name=f"Bench card {n}", card_type="unit", cost=n % 7,
                            stats={"power": 500 * (n % 9)}, text="Benchmark card text " * 3) for n in range(200)]
    deck = {"main": [c.id for c in cards]}
    session.start(GameConfig(game="freeform", seed=1, decks={"p1": deck, "p2": deck},
                             options={"hand_size": 7}), CardLibrary(cards))
    session.acknowledge_handover()
    app.processEvents()
    start_time = time.perf_counter() - started
    game = session.game
    deck_cards = game.state.zones["p1.deck"].cards
    for index in range(CARDS_ON_TABLE // 2):
        game.submit(ManualMove(by="p1", card=deck_cards[0], to="p1.table"))
        game.submit(ManualMove(by="p2", card=game.state.zones["p2.deck"].cards[0], to="p2.table"))
    session.changed.emit(None)
    app.processEvents()
    shown = len(window.scene.card_items)
    item = window.scene.item_for(game.state.zones["p1.hand"].cards[0])
    view = window.table.view
    start = item.scenePos()
    frames = []
    item._press = start
    for step in range(120):
        point = start + QPointF(step * 6.0, -step * 3.0)
        before = time.perf_counter()
        item._dragging = True
        item.setPos(point)
        window.scene.drag_moved(item, point + QPointF(50, 70))
        view.viewport().repaint()
        frames.append((time.perf_counter() - before) * 1000)
    item._dragging = False
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    frames.sort()
    print(f"start (QApplication to first table): {start_time * 1000:.0f} ms")
    print(f"cards drawn on the table: {shown}")
    print(f"drag frame over {CARDS_ON_TABLE} table cards: median {statistics.median(frames):.1f} ms, "
          f"95th {frames[int(len(frames) * 0.95)]:.1f} ms, max {frames[-1]:.1f} ms (target ≤ 16 ms)")
    print(f"max RSS: {rss_mb:.0f} MB")
    refresh = []
    for _ in range(10):
        before = time.perf_counter()
        window.scene.refresh()
        refresh.append((time.perf_counter() - before) * 1000)
    print(f"full table refresh after a change: median {statistics.median(refresh):.1f} ms")
    session.shutdown()
    window.close()
    window.deleteLater()
    session.deleteLater()
    app.processEvents()


if __name__ == "__main__":
    main()
