"""DecisionPanel: answers the pending decision — act (pass, actions), pick, yes/no, number, order — and lets the
player choose a listed command's cards otherwise (its payment, targets, a Party's Forwards)."""
from __future__ import annotations

import dataclasses
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton, QSpinBox, QStackedWidget, QVBoxLayout, QWidget,
)

from tabletop.engine.commands import Choose, Command
from tabletop.engine.decision import Decision
from tabletop.engine.rules import CardChoice
from tabletop.engine.command_labels import command_label, zone_label
from tabletop.ui.command_matching import loose_commands, subject_of
from tabletop.ui.session import GameSession


class DecisionPanel(QWidget):
    """Shows who decides what, and lets the viewer answer when the decision is theirs.

    Cards to pick may be clicked on the table (the scene calls `toggle_pick`) or checked in the list.
    """

    pickedChanged = Signal(object, object)   # pickable ids, picked ids
    zonesPickedChanged = Signal(object, object)   # zone ids the options stand for, those picked (Decision.zones)

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.decision: Decision | None = None
        self.setMinimumWidth(220)
        layout = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setStyleSheet("font-weight: bold; font-size: 14px;")
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        layout.addWidget(self.title)
        layout.addWidget(self.prompt)
        self.pages = QStackedWidget()
        layout.addWidget(self.pages, 1)

        self.waiting = QWidget()
        waiting_layout = QVBoxLayout(self.waiting)
        self.resume_ai = QPushButton("Let the AI play")
        self.resume_ai.clicked.connect(session.resume_bots)
        waiting_layout.addWidget(self.resume_ai)
        waiting_layout.addStretch(1)
        self.pages.addWidget(self.waiting)

        self.act = QWidget()
        act_layout = QVBoxLayout(self.act)
        self.pass_button = QPushButton("Pass / next phase  (Space)")
        self.pass_button.clicked.connect(session.advance)
        act_layout.addWidget(self.pass_button)
        act_layout.addWidget(QLabel("Actions (Enter to do):"))
        self.actions = QListWidget()
        self.actions.itemActivated.connect(self._do_action)
        act_layout.addWidget(self.actions, 1)
        self.card_hint = QLabel("Cards outlined in blue can be used now (played, called, attack, guard…): "
                                "click one for its actions.")
        self.card_hint.setWordWrap(True)
        act_layout.addWidget(self.card_hint)
        self.pages.addWidget(self.act)

        self.pick = QWidget()
        pick_layout = QVBoxLayout(self.pick)
        self.pick_list = QListWidget()
        self.pick_list.itemChanged.connect(self._pick_list_changed)
        pick_layout.addWidget(self.pick_list, 1)
        self.pick_count = QLabel()
        pick_layout.addWidget(self.pick_count)
        self.confirm_pick = QPushButton("Confirm")
        self.confirm_pick.clicked.connect(self.confirm_picks)
        pick_layout.addWidget(self.confirm_pick)
        self.cancel_choice = QPushButton("Cancel")
        self.cancel_choice.clicked.connect(lambda: self.show_decision(self.session.decision()))
        pick_layout.addWidget(self.cancel_choice)
        self.pages.addWidget(self.pick)
        # (the listed command, the fields being chosen -> the cards they may hold) while the viewer chooses them
        self.choosing: tuple[Command, dict[str, tuple[int, ...]]] | None = None

        self.yesno = QWidget()
        yesno_layout = QHBoxLayout(self.yesno)
        self.yes_button = QPushButton("&Yes")
        self.no_button = QPushButton("&No")
        self.yes_button.clicked.connect(lambda: self._answer(Choose(by=self._player(), yes=True)))
        self.no_button.clicked.connect(lambda: self._answer(Choose(by=self._player(), yes=False)))
        yesno_layout.addWidget(self.yes_button)
        yesno_layout.addWidget(self.no_button)
        self.pages.addWidget(self.yesno)

        self.number = QWidget()
        number_layout = QHBoxLayout(self.number)
        self.spin = QSpinBox()
        self.number_ok = QPushButton("OK")
        self.number_ok.clicked.connect(lambda: self._answer(Choose(by=self._player(), number=self.spin.value())))
        number_layout.addWidget(self.spin)
        number_layout.addWidget(self.number_ok)
        self.pages.addWidget(self.number)

        self.order = QWidget()
        order_layout = QVBoxLayout(self.order)
        self.order_list = QListWidget()
        self.order_list.setDragDropMode(QListWidget.DragDropMode.InternalMove)
        order_layout.addWidget(QLabel("First at the top (drag, or Alt+Up / Alt+Down):"))
        order_layout.addWidget(self.order_list, 1)
        buttons = QHBoxLayout()
        up, down = QPushButton("Up"), QPushButton("Down")
        up.clicked.connect(lambda: self._move_order(-1))
        down.clicked.connect(lambda: self._move_order(1))
        buttons.addWidget(up)
        buttons.addWidget(down)
        order_layout.addLayout(buttons)
        self.confirm_order = QPushButton("Confirm order")
        self.confirm_order.clicked.connect(self._confirm_order)
        order_layout.addWidget(self.confirm_order)
        self.pages.addWidget(self.order)

        session.decisionChanged.connect(self.show_decision)
        session.thinkingChanged.connect(lambda _on: self.show_decision(session.decision()))

    # -- showing -------------------------------------------------------------------------------
    def _player(self) -> str:
        assert self.decision is not None
        return self.decision.player

    def show_decision(self, decision: Decision | None) -> None:
        """Show the pending decision; its answer widgets are live only for the viewer."""
        self.decision = decision
        self.choosing = None
        self.cancel_choice.hide()
        game = self.session.game
        if game is None:
            return
        outcome = game.outcome()
        if outcome is not None:
            self.title.setText("Game over")
            self.prompt.setText(f"{outcome.winner or 'Nobody'} wins — {outcome.reason}" if outcome.winner
                                else f"Draw — {outcome.reason}")
            self.resume_ai.hide()
            self.pages.setCurrentWidget(self.waiting)
            self._emit_picks()
            return
        if decision is None:
            self.title.setText("")
            self.prompt.setText("")
            self.pages.setCurrentWidget(self.waiting)
            return
        mine = self.session.is_my_decision()
        self.title.setText(f"{decision.player} decides: {decision.name.replace('_', ' ')}")
        rule = f"  [{decision.rule}]" if decision.rule else ""
        self.prompt.setText((decision.prompt or "") + rule)
        if not mine:
            if decision.player in self.session.bots:
                thinking = "the AI is thinking…" if self.session.is_thinking else (
                    "the AI is paused" if self.session.is_ai_paused else "")
                self.prompt.setText(f"{decision.prompt}\n{thinking}".strip())
            self.resume_ai.setVisible(self.session.is_ai_paused and decision.player in self.session.bots)
            self.pages.setCurrentWidget(self.waiting)
            self._emit_picks()
            return
        if decision.kind == "act":
            self._fill_actions()
            self.pages.setCurrentWidget(self.act)
        elif decision.kind == "pick":
            self._fill_list(self.pick_list, decision.options, checkable=True)
            self.pages.setCurrentWidget(self.pick)
            self._pick_list_changed()
        elif decision.kind == "yesno":
            self.pages.setCurrentWidget(self.yesno)
        elif decision.kind == "number":
            self.spin.setRange(decision.min, max(decision.min, decision.max))
            self.spin.setValue(decision.min)
            self.pages.setCurrentWidget(self.number)
        elif decision.kind == "order":
            self._fill_list(self.order_list, decision.options, checkable=False)
            self.pages.setCurrentWidget(self.order)
        self._emit_picks()

    def _fill_actions(self) -> None:
        game = self.session.game
        assert game is not None and self.decision is not None
        self.actions.clear()
        advance = game.rules.advance_command(game.state, self.decision)
        self.pass_button.setEnabled(advance is not None)
        advance_label = ""
        if advance is not None:
            advance_label = (game.rules.advance_label(game.state, self.decision)
                             or command_label(advance, game.state, self.session.viewer))
            self.pass_button.setText(advance_label + "  (Space)")
        legal = game.legal_commands(self.decision.player)
        self.card_hint.setVisible(any(subject_of(c) is not None for c in legal if not c.manual))
        for command in loose_commands(legal):
            label = advance_label if command == advance else command_label(command, game.state, self.session.viewer)
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, command)
            self.actions.addItem(item)

    def _option_label(self, index: int, option: Any) -> str:
        game = self.session.game
        assert game is not None and self.decision is not None
        if self.decision.labels:
            return self.decision.labels[index]
        if isinstance(option, int) and option in game.state.cards:
            card = game.state.cards[option]
            name = game.state.definition(option).name if game.state.is_visible_to(option, self.session.viewer) else "a hidden card"
            return f"{name}  ({zone_label(game.state, card.zone)})"   # whose: a target may be either player's
        return str(option).replace("_", " ")

    def _fill_list(self, widget: QListWidget, options: tuple[Any, ...], checkable: bool) -> None:
        widget.blockSignals(True)
        widget.clear()
        for index, option in enumerate(options):
            item = QListWidgetItem(self._option_label(index, option))
            item.setData(Qt.ItemDataRole.UserRole, option)
            if checkable:
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Unchecked)
            widget.addItem(item)
        widget.blockSignals(False)

    # -- picking -------------------------------------------------------------------------------
    def picks(self) -> list[Any]:
        """Return the options checked so far, in list order."""
        return [self.pick_list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.pick_list.count())
                if self.pick_list.item(i).checkState() == Qt.CheckState.Checked]

    def is_picking(self) -> bool:
        """Tell whether the viewer is choosing cards for a decision now."""
        return self.decision is not None and self.decision.kind == "pick" and self.session.is_my_decision()

    def toggle_pick(self, option: Any) -> bool:
        """Check or uncheck an option (a card clicked on the table); False when it is not an option."""
        if not self.is_picking() or (self.decision is not None and self.decision.labels):
            return False  # labelled options are not cards: a card's id may equal an option's number
        return self._toggle_option(option)

    def toggle_zone(self, zone_id: str) -> bool:
        """Check or uncheck the option that stands for a zone (clicked on the table); False when none does."""
        if not self.is_picking() or self.decision is None or zone_id not in self.decision.zones:
            return False
        option = self.decision.options[self.decision.zones.index(zone_id)]
        return self._toggle_option(option)

    def _toggle_option(self, option: Any) -> bool:
        """Check or uncheck an option's item; checking one of a pick-one decision unchecks the one checked before."""
        assert self.decision is not None
        items = [self.pick_list.item(i) for i in range(self.pick_list.count())]
        for item in items:
            if item.data(Qt.ItemDataRole.UserRole) == option:
                if item.checkState() == Qt.CheckState.Checked:
                    item.setCheckState(Qt.CheckState.Unchecked)
                    return True
                if self.decision.max == 1:
                    for other in items:
                        if other is not item and other.checkState() == Qt.CheckState.Checked:
                            other.setCheckState(Qt.CheckState.Unchecked)
                item.setCheckState(Qt.CheckState.Checked)
                return True
        return False

    def _pick_list_changed(self, _item: QListWidgetItem | None = None) -> None:
        if self.decision is None or self.decision.kind != "pick":
            return
        count = len(self.picks())
        low, high = self.decision.min, self.decision.max
        self.pick_count.setText(f"picked {count} (pick {low}–{high})" if low != high else f"picked {count} of {low}")
        self.confirm_pick.setEnabled(low <= count <= high)
        self._emit_picks()

    def _emit_picks(self) -> None:
        if self.is_picking():
            assert self.decision is not None
            # options with labels are not cards (waiting abilities…): nothing on the table to click
            pickable = set() if self.decision.labels else {o for o in self.decision.options if isinstance(o, int)}
            self.pickedChanged.emit(pickable, {p for p in self.picks() if isinstance(p, int)})
            zones = dict(zip(self.decision.options, self.decision.zones))
            self.zonesPickedChanged.emit(set(zones.values()), {zones[p] for p in self.picks() if p in zones})
        else:
            self.pickedChanged.emit(set(), set())
            self.zonesPickedChanged.emit(set(), set())

    def confirm_picks(self) -> None:
        """Answer the pick decision with the checked options (or give the command whose cards are chosen with them)."""
        if self.choosing is not None:
            command, sources = self.choosing
            picks = self.picks()
            fields: dict[str, Any] = {name: tuple(p for p in picks if p in cards) for name, cards in sources.items()}
            for name, cards in fields.items():
                if not isinstance(getattr(command, name), tuple):   # a field of one card: the card (None if none)
                    fields[name] = cards[0] if cards else None
            self._answer(dataclasses.replace(command, **fields))   # a choice that does not add up is refused by rule
        elif self.is_picking():
            self._answer(Choose(by=self._player(), picks=tuple(self.picks())))

    def choose_cards(self, command: Command, choice: CardChoice) -> bool:
        """Let the viewer choose cards of a listed command (`GameRules.card_choices`) on the table or in a list.

        The command's own cards start checked. False when it is not the viewer's decision.
        """
        game = self.session.game
        if game is None or not self.session.is_my_decision():
            return False
        sources = dict(choice.fields)
        options = tuple(dict.fromkeys(card for cards in sources.values() for card in cards))
        low, high = choice.count or (0, len(options))
        self.decision = Decision(command.by, "card_choice", "pick", choice.prompt, options, low, high)
        self.choosing = (command, sources)
        self.title.setText(f"{command.by}: {choice.label}")
        self.prompt.setText(self.decision.prompt)
        chosen = {card for field in sources for card in _as_tuple(getattr(command, field))}
        self._fill_list(self.pick_list, options, checkable=True)
        for i in range(self.pick_list.count()):
            item = self.pick_list.item(i)
            if len(sources) > 1:  # say which field a card would go to: discard or dull
                field = next(f for f, cards in sources.items() if item.data(Qt.ItemDataRole.UserRole) in cards)
                item.setText(f"{field.replace('_', ' ')}: {item.text()}")
            if item.data(Qt.ItemDataRole.UserRole) in chosen:
                item.setCheckState(Qt.CheckState.Checked)
        self.cancel_choice.show()
        self.pages.setCurrentWidget(self.pick)
        self._pick_list_changed()
        return True

    # -- ordering and answering ----------------------------------------------------------------
    def _move_order(self, delta: int) -> None:
        row = self.order_list.currentRow()
        target = row + delta
        if row < 0 or not 0 <= target < self.order_list.count():
            return
        item = self.order_list.takeItem(row)
        self.order_list.insertItem(target, item)
        self.order_list.setCurrentRow(target)

    def _confirm_order(self) -> None:
        order = tuple(self.order_list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.order_list.count()))
        self._answer(Choose(by=self._player(), picks=order))

    def _do_action(self, item: QListWidgetItem) -> None:
        self._answer(item.data(Qt.ItemDataRole.UserRole))

    def _answer(self, command: Command) -> None:
        self.session.submit(command)


def _as_tuple(value: Any) -> tuple[Any, ...]:
    return value if isinstance(value, tuple) else (() if value is None else (value,))
