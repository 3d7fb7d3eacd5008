"""PhaseBar: the game's phases with the current one lit, the step, turn, active player and decider."""
from __future__ import annotations

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from tabletop.ui.session import GameSession


class PhaseBar(QWidget):
    """A strip above the table: `Turn 3 · p1 active | main ▸ draw ▸ … | p2 decides: block`."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 2, 8, 2)
        self.turn = QLabel()
        self.phases = QLabel()
        self.decider = QLabel()
        self.thinking = QLabel()
        for label in (self.turn, self.phases, self.decider, self.thinking):
            label.setStyleSheet("font-size: 14px;")
        self.thinking.setStyleSheet("font-size: 14px; color: #c06000; font-weight: bold;")
        self.phases.setWordWrap(True)   # a long phase list wraps instead of holding the window wider than a 1280 screen
        layout.addWidget(self.turn)
        layout.addWidget(self.phases, 1)
        layout.addWidget(self.decider)
        layout.addWidget(self.thinking)
        self._held_width = 0   # the width the bar's held height is for (see _hold_height)
        session.changed.connect(lambda _result: self.refresh())
        session.thinkingChanged.connect(self._thinking)

    def refresh(self) -> None:
        """Show the table's turn, phase, step and who decides."""
        game = self.session.game
        if game is None:
            return
        state = game.state
        self.turn.setText(f"<b>{game.rules.name}</b> · turn {state.turn} · {state.active} active")
        phases = list(game.rules.phases) or ([state.phase] if state.phase else [])
        parts = []
        for phase in phases:
            name = phase.replace("_", " ")
            if phase == state.phase:
                step = f" ({state.step.replace('_', ' ')})" if state.step else ""
                parts.append(f"<span style='background:#f2c84b;color:black;padding:2px'><b>{name}{step}</b></span>")
            else:
                parts.append(f"<span style='color:gray'>{name}</span>")
        self.phases.setText(" ▸ ".join(parts))
        decision = self.session.decision()
        outcome = game.outcome()
        if outcome is not None:
            self.decider.setText(f"<b>game over: {outcome.winner or 'draw'}</b>")
        elif decision is not None:
            self.decider.setText(f"<b>{decision.player}</b> decides: {decision.name.replace('_', ' ')}")
        else:
            self.decider.setText("")
        self._hold_height()

    def _hold_height(self) -> None:
        """Keep the bar as tall as the tallest text it has shown at this width.

        Trap: a bar that grew or shrank by a line as the phase changed resized the table view below it, and a
        new scale draws every card again (~25 ms on a busy table, and the whole table jumps).
        """
        layout = self.layout()
        width = self.width()
        if width < 100 or not layout.hasHeightForWidth():
            return
        if width != self._held_width:   # a new width: the height held for the old one no longer applies
            self._held_width = width
            self.setMinimumHeight(0)
        needed = layout.heightForWidth(width)
        if needed > self.minimumHeight():
            self.setMinimumHeight(needed)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._hold_height()

    def _thinking(self, on: bool) -> None:
        decision = self.session.decision() if on else None
        self.thinking.setText(f"{decision.player} is thinking…" if decision is not None else "AI thinking…" if on else "")
