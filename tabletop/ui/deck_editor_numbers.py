"""NumbersRunner: computes a deck's curve, breakdowns and goldfish odds on a worker thread; NumbersView shows them."""
from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot
from PySide6.QtWidgets import QLabel, QScrollArea, QWidget

from tabletop.ui.deck_editor_model import DeckNumbers, deck_numbers


class _NumbersWorker(QObject):
    """Lives on the worker thread; answers each request with the deck's numbers."""

    computed = Signal(int, object)
    failed = Signal(int, str)

    @Slot(int, str, object)
    def compute(self, generation: int, game: str, sections: Any) -> None:
        try:
            numbers = deck_numbers(game, sections)
        except Exception as error:  # odd card data must not take the editor down
            self.failed.emit(generation, f"{type(error).__name__}: {error}")
        else:
            self.computed.emit(generation, numbers)


class NumbersRunner(QObject):
    """Runs the newest numbers request only; answers to older requests are dropped.

    Contract: the worker gets its own lists of (immutable) card definitions, never the draft.
    """

    computed = Signal(object)     # DeckNumbers
    failed = Signal(str)
    _request = Signal(int, str, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.generation = 0
        self.busy = False
        self._thread = QThread()
        self._thread.setObjectName("deck-numbers-thread")
        self._worker = _NumbersWorker()
        self._worker.moveToThread(self._thread)
        self._request.connect(self._worker.compute)
        self._worker.computed.connect(self._on_computed)
        self._worker.failed.connect(self._on_failed)
        self._thread.start()
        # Trap: a parent window deleted without closing (a dialog it belongs to going away) deletes this
        # runner; the thread must end first, or Qt aborts on destroying a running QThread.
        thread = self._thread
        self.destroyed.connect(lambda *_args: _stop_thread(thread))

    def ask(self, game: str, sections: dict[str, list[Any]]) -> None:
        """Compute the numbers of a deck given as section -> card definitions (one per copy)."""
        self.generation += 1
        self.busy = True
        self._request.emit(self.generation, game, {s: list(cards) for s, cards in sections.items()})

    def stop(self) -> None:
        """Stop the worker thread (waits for a computation under way)."""
        self.generation += 1
        if self._thread.isRunning():
            self._thread.quit()
            self._thread.wait(10_000)

    def _on_computed(self, generation: int, numbers: DeckNumbers) -> None:
        if generation == self.generation:
            self.busy = False
            self.computed.emit(numbers)

    def _on_failed(self, generation: int, message: str) -> None:
        if generation == self.generation:
            self.busy = False
            self.failed.emit(message)


def _stop_thread(thread: QThread) -> None:
    """End a worker thread; one Qt already deleted (at exit, after `stop`) has nothing left to end."""
    try:
        thread.quit()
        thread.wait(10_000)
    except RuntimeError:
        pass


class NumbersView(QScrollArea):
    """The Numbers tab: curve as bars, breakdowns, the goldfish questions and the odds by turn."""

    CURVE_TITLE = {"vanguard": "Grade", "yugioh": "Level / Rank / Link", "fftcg": "Cost", "grand-archive": "Level or cost",
                   "dreadnought": "SP"}

    def __init__(self, game: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.label = QLabel("Add cards to see the numbers.")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setMargin(6)
        self.setWidget(self.label)
        self.setWidgetResizable(True)

    def show_waiting(self) -> None:
        """Say that the numbers are being computed."""
        if "Updating…" not in self.label.text():
            self.label.setText(self.label.text() + "<p><i>Updating…</i></p>")

    def show_numbers(self, numbers: DeckNumbers) -> None:
        """Show a deck's numbers."""
        html = [f"<h3>{escape(self.CURVE_TITLE.get(self.game, 'Cost'))} curve (main deck)</h3>"]
        if numbers.curve:
            top = max(numbers.curve.values())
            html.append("<table>")
            for value, count in numbers.curve.items():
                bar = "█" * max(1, round(20 * count / top))
                html.append(f"<tr><td align='right'>{value}</td><td><span style='color:#2f6fbf'>{bar}</span> {count}</td></tr>")
            html.append("</table>")
        else:
            html.append("<p>No cards yet.</p>")
        for title, counts in numbers.breakdowns.items():
            items = ", ".join(f"{escape(str(k).replace('_', ' '))} {v}" for k, v in counts.items())
            html.append(f"<p><b>{escape(title.capitalize())}:</b> {items}</p>")
        if numbers.findings:
            html.append("<h3>Goldfish odds</h3><ul>")
            html += [f"<li>{escape(finding.line())}</li>" for finding in numbers.findings]
            html.append("</ul>")
        if numbers.odds:
            html.append("<h3>At least one by turn (going first / second)</h3><table cellspacing='4'>"
                        "<tr><th align='left'>category</th><th>#</th><th>hand</th><th>T1</th><th>T2</th><th>T3</th></tr>")
            for row in numbers.odds:
                cells = "".join(f"<td>{p:.0%} / {d:.0%}</td>" for p, d in zip(row.on_play, row.on_draw))
                html.append(f"<tr><td>{escape(row.label.replace('_', ' '))}</td><td>{row.copies}</td>{cells}</tr>")
            html.append("</table>")
        self.label.setText("".join(html))
