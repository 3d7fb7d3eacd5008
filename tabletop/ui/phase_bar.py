"""PhaseBar: the game's phases with the current one lit, the step, turn, active player and decider."""
from __future__ import annotations

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

    def _thinking(self, on: bool) -> None:
        decision = self.session.decision() if on else None
        self.thinking.setText(f"{decision.player} is thinking…" if decision is not None else "AI thinking…" if on else "")
