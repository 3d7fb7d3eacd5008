"""GoldfishPanel: play a deck alone — new hand, mulligan, draw, next turn, and a turns/damage readout."""
from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from tabletop.engine.commands import DrawCards, ManualMove, Shuffle
from tabletop.engine.rules import GameConfig
from tabletop.ui.session import GameSession


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
        layout.addStretch(1)
        self.new_hand.clicked.connect(self.deal_new_hand)
        self.mulligan.clicked.connect(self.take_mulligan)
        self.draw.clicked.connect(lambda: self._player() and session.submit(DrawCards(by=self._player(), count=1)))
        self.next_turn.clicked.connect(self.play_to_next_turn)
        session.changed.connect(lambda _result: self.refresh())

    def _player(self) -> str:
        game = self.session.game
        return game.state.players[0] if game is not None else ""

    def refresh(self) -> None:
        """Show the turn number, the goldfish's totals (damage taken…) and the cards left."""
        game = self.session.game
        if game is None:
            return
        state = game.state
        me, fish = state.players[0], state.players[1]
        totals = ", ".join(f"{k} {v}" for k, v in sorted(state.totals.get(fish, {}).items())) or "—"
        deck = state.zones.get(f"{me}.{game.rules.deck_zone}")
        hand = state.zones.get(f"{me}.{game.rules.hand_zone}")
        self.readout.setText(
            f"<b>Turn {state.turn}</b> ({state.active} active)<br>"
            f"Goldfish ({fish}): {totals}<br>"
            f"Your deck: {len(deck.cards) if deck else 0} · hand: {len(hand.cards) if hand else 0}")

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
