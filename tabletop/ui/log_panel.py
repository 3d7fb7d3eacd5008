"""LogPanel: the game log with the rule each line applied, and play by hand marked as such."""
from __future__ import annotations

from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QPlainTextEdit, QVBoxLayout, QWidget

from tabletop.engine.state import LogEntry
from tabletop.ui.session import GameSession

MANUAL_COLOUR = QColor(210, 120, 20)   # a line of play by hand
NOTE_COLOUR = QColor(110, 110, 110)    # what the table did outside the game (open hands)
LINE_BREAK = "\u2028"                  # a line break inside one paragraph (an entry of several lines)


class BandedText(QPlainTextEdit):
    """Read-only text whose every other line (paragraph) lies on a light band: a line that wraps stays one
    entry to the eye ("[YGO 7.2]" alone on a row read as a line of its own)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setUndoRedoEnabled(False)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self.viewport())
        band = self.palette().color(QPalette.ColorRole.Base).darker(110)   # AlternateBase is too faint to see
        block, offset, bottom = self.firstVisibleBlock(), self.contentOffset(), event.rect().bottom()
        while block.isValid():   # the visible paragraphs only
            geometry = self.blockBoundingGeometry(block).translated(offset)
            if geometry.top() > bottom:
                break
            if block.blockNumber() % 2:
                painter.fillRect(geometry.adjusted(0, 0, self.viewport().width(), 0), band)
            block = block.next()
        painter.end()
        super().paintEvent(event)


class LogPanel(QWidget):
    """Shows `state.log`, one line an entry: turn, text, [rule]; manual lines in orange; the session's notes
    in grey below.

    A plain-text document, not a list: a list view lays out every row again for each row added (2–3 ms a
    move at 170 lines, growing with the game); a document lays out only the lines added.
    """

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        layout = QVBoxLayout(self)
        self.text = BandedText()
        layout.addWidget(self.text)
        self._game: object | None = None
        self._notes: list[str] = []
        self._entries: list[LogEntry] = []   # the log entries shown, in order (the notes follow them)
        session.changed.connect(lambda _result: self.refresh())

    def lines(self) -> list[str]:
        """Return the entries shown, top to bottom (the log's, then the notes)."""
        document = self.text.document()
        if document.isEmpty():
            return []
        blocks = (document.findBlockByNumber(number) for number in range(document.blockCount()))
        return [block.text().replace(LINE_BREAK, "\n") for block in blocks]

    def refresh(self) -> None:
        """Show the log as it stands (newest at the bottom): lines the log took back (undo) are removed and
        new ones added; everything is written again only when another game is shown or the notes changed."""
        game = self.session.game
        log = game.state.log if game is not None else []
        notes = list(self.session.notes)
        if game is not self._game or notes != self._notes:
            self.text.clear()
            self._game, self._notes, self._entries = game, [], []
            self._insert(0, [(note, NOTE_COLOUR) for note in notes])
            self._notes = notes
        shown = self._entries
        kept = len(shown)
        if not (kept <= len(log) and (not kept or log[kept - 1] is shown[-1])):
            kept = next((n for n, (entry, old) in enumerate(zip(log, shown)) if entry is not old),
                        min(len(log), len(shown)))
        if kept == len(shown) == len(log):
            return
        self._remove(kept, len(shown))
        self._insert(kept, [(_line(entry), MANUAL_COLOUR if entry.manual else None) for entry in log[kept:]])
        self._entries = list(log)
        bar = self.text.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _line_count(self) -> int:
        """Return how many entries the document holds (log and notes): one paragraph each."""
        return len(self._entries) + len(self._notes)

    def _remove(self, first: int, end: int) -> None:
        """Remove lines `first` to `end` - 1 of the log (the notes below stay)."""
        if first >= end:
            return
        document = self.text.document()
        cursor = QTextCursor(document)
        if end < self._line_count():   # lines follow: take the removed lines with their line breaks
            cursor.setPosition(document.findBlockByNumber(first).position())
            cursor.setPosition(document.findBlockByNumber(end).position(), QTextCursor.MoveMode.KeepAnchor)
        else:                          # the last lines: take the line break before them
            start = document.findBlockByNumber(first).position()
            cursor.setPosition(max(0, start - 1))
            cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        del self._entries[first:end]

    def _insert(self, at: int, lines: list[tuple[str, QColor | None]]) -> None:
        """Insert lines before line `at` (at the end when no line follows), each in its colour."""
        if not lines:
            return
        document = self.text.document()
        cursor = QTextCursor(document)
        following = at < self._line_count()
        if following:
            cursor.setPosition(document.findBlockByNumber(at).position())
        else:
            cursor.movePosition(QTextCursor.MoveOperation.End)
        for number, (text, colour) in enumerate(lines):
            look = QTextCharFormat()
            if colour is not None:
                look.setForeground(colour)
            if not following and (number or at):
                cursor.insertBlock()
            cursor.insertText(text.replace("\n", LINE_BREAK), look)   # one entry, one paragraph: see _remove
            if following:
                cursor.insertBlock()


def _line(entry: LogEntry) -> str:
    """Return a log entry as shown: turn, text, and the rule it applied."""
    text = f"T{entry.turn}  {entry.text}" if entry.turn else entry.text
    return text + f"  [{entry.rule}]" if entry.rule else text
