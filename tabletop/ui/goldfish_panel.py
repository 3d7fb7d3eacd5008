"""GoldfishPanel: play a deck alone — new hand, mulligan, draw, next turn, the deck's opening-hand
statistics (the numbers `tabletop goldfish` prints) and a turns/damage readout."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QThread, Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from tabletop.ai.goldfish import FINDINGS, damage_taken, deck_findings
from tabletop.engine.cards import CardDefinition
from tabletop.engine.commands import DrawCards, ManualMove, Shuffle
from tabletop.engine.rules import GameConfig
from tabletop.ui.session import GameSession

DeckKey = tuple[str, tuple[tuple[str, tuple[str, ...]], ...]]


class FindingsWorker(QThread):
    """Answers a deck's goldfish questions off the GUI thread (20,000 simulated shuffles take a moment)."""

    computed = Signal(object, list)   # the deck key, the finding lines

    def __init__(self, key: DeckKey, sections: Mapping[str, Sequence[CardDefinition]], parent: QWidget) -> None:
        super().__init__(parent)
        self.key = key
        self.sections = sections

    def run(self) -> None:
        self.computed.emit(self.key, [f.line() for f in deck_findings(self.key[0], self.sections)])


class GoldfishPanel(QWidget):
    """Buttons for goldfish mode; every button goes through the session (so each step undoes)."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        layout = QVBoxLayout(self)
        grid = QGridLayout()
        self.new_hand = QPushButton("New hand")
        self.mulligan = QPushButton("Mulligan")
        self.draw = QPushButton("Draw")
        self.next_turn = QPushButton("Next turn")
        for index, button in enumerate((self.new_hand, self.mulligan, self.draw, self.next_turn)):
            grid.addWidget(button, index // 2, index % 2)
        layout.addLayout(grid)
        self.readout = QLabel()
        self.readout.setWordWrap(True)
        layout.addWidget(self.readout)
        self.statistics = QLabel()
        self.statistics.setWordWrap(True)
        layout.addWidget(self.statistics)
        layout.addStretch(1)
        self._findings: dict[DeckKey, list[str]] = {}
        self._shown_key: DeckKey | None = None
        self._workers: list[FindingsWorker] = []
        self._damage_at_start = 0
        self.new_hand.clicked.connect(self.deal_new_hand)
        self.mulligan.clicked.connect(self.take_mulligan)
        self.draw.clicked.connect(lambda: self._player() and session.submit(DrawCards(by=self._player(), count=1)))
        self.next_turn.clicked.connect(self.play_to_next_turn)
        session.changed.connect(lambda _result: self.refresh())
        session.gameStarted.connect(self._game_started)

    def _player(self) -> str:
        game = self.session.game
        return game.state.players[0] if game is not None else ""

    def refresh(self) -> None:
        """Show the turn, your turns so far, the damage dealt to the goldfish, its totals and your cards."""
        game = self.session.game
        if game is None:
            return
        state = game.state
        me, fish = state.players[0], state.players[1]
        totals = ", ".join(f"{k} {v}" for k, v in sorted(state.totals.get(fish, {}).items())) or "—"
        deck = state.zones.get(f"{me}.{game.rules.deck_zone}")
        hand = state.zones.get(f"{me}.{game.rules.hand_zone}")
        # Turns alternate: at an odd turn the first player is active, so parity says who went first.
        went_first = (state.turn % 2 == 1) == (state.active == me)
        my_turns = (state.turn + 1) // 2 if went_first else state.turn // 2
        self.readout.setText(
            f"<b>Turn {state.turn}</b> ({state.active} active) · your turns: {my_turns}<br>"
            f"Damage dealt: {damage_taken(game, fish) - self._damage_at_start}<br>"
            f"Goldfish ({fish}): {totals}<br>"
            f"Your deck: {len(deck.cards) if deck else 0} · hand: {len(hand.cards) if hand else 0}")

    def _game_started(self) -> None:
        game = self.session.game
        # Damage counts from here: a new game's, or a loaded game's damage as it was when loaded.
        self._damage_at_start = damage_taken(game, game.state.players[1]) if game is not None else 0
        self.compute_statistics()

    def compute_statistics(self) -> None:
        """Answer the goldfished deck's opening-hand questions (cached per deck), as `tabletop goldfish` does."""
        game = self.session.game
        if game is None or not game.config.options.get("goldfish"):
            return
        deck = game.config.decks.get(self._player(), {})
        key: DeckKey = (game.rules.id, tuple(sorted((s, tuple(ids)) for s, ids in deck.items())))
        self._shown_key = key
        if game.rules.id not in FINDINGS:
            self._show(key, [])
            return
        if key in self._findings:
            self._show(key, self._findings[key])
            return
        library = game.state.library
        sections = {s: [library[i] for i in ids] for s, ids in deck.items()}
        self.statistics.setText("Opening-hand statistics: computing…")
        worker = FindingsWorker(key, sections, self)
        worker.computed.connect(self._computed)
        self._workers = [w for w in self._workers if not w.isFinished()] + [worker]
        worker.start()

    def is_computing(self) -> bool:
        """Tell whether statistics are still being computed."""
        return any(not w.isFinished() for w in self._workers)

    def _computed(self, key: DeckKey, lines: list[str]) -> None:
        self._findings[key] = lines
        if key == self._shown_key:
            self._show(key, lines)

    def _show(self, key: DeckKey, lines: list[str]) -> None:
        if not lines:
            self.statistics.setText("")
            return
        self.statistics.setText("<b>Opening-hand statistics</b><br>" + "<br>".join(lines))

    def shutdown(self) -> None:
        """Wait for statistics still being computed (before the window goes)."""
        for worker in list(self._workers):
            worker.wait()

    def deal_new_hand(self) -> None:
        """Start the same deck again with the next seed."""
        game = self.session.game
        if game is None:
            return
        old = game.config
        config = GameConfig(game=old.game, format=old.format, seed=old.seed + 1, decks=old.decks,
                            seats=dict(old.seats), options=dict(old.options))
        self.session.start(config, game.state.library)

    def take_mulligan(self) -> None:
        """Put the hand back, shuffle, and draw as many cards as were put back (by hand)."""
        game = self.session.game
        if game is None:
            return
        me = self._player()
        hand = list(game.state.zones[f"{me}.{game.rules.hand_zone}"].cards)
        for iid in hand:
            if not self.session.submit(ManualMove(by=me, card=iid, to=game.rules.deck_zone, index=-1)):
                return
        self.session.submit(Shuffle(by=me, zone=game.rules.deck_zone))
        self.session.submit(DrawCards(by=me, count=len(hand)))

    def play_to_next_turn(self) -> None:
        """Pass until your next turn begins (the goldfish passes through its own)."""
        game = self.session.game
        if game is None:
            return
        me = self._player()
        start = game.state.turn
        self.session.play_until(lambda: game.state.turn != start and game.state.active == me)
