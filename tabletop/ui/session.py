"""GameSession: the one object the window changes the game through — commands, undo, bots, saves."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from tabletop.ui.autosave import AutosaveSlot, recent_games, waiting_autosaves
from tabletop.ui.autosave import autosave_folder as autosave_folder_default
from tabletop.engine.cards import CardLibrary
from tabletop.engine.command_labels import command_label
from tabletop.engine.commands import Command, cards_of
from tabletop.engine.decision import Decision
from tabletop.engine.errors import BadInput, IllegalCommand
from tabletop.engine.events import StepResult
from tabletop.engine.game import Game
from tabletop.engine.record import load_record, replay, save_record
from tabletop.engine.rules import GameConfig
from tabletop.engine.view import CardView, View, view_for
from tabletop.games import find_game
from tabletop.ui.bot_runner import BotRunner
from tabletop.ui.seat_bots import GoldfishOpponent, make_seat_bot


def refusal_text(error: IllegalCommand) -> str:
    """Return a refusal as a player reads it: the reason, then the rule that refuses."""
    return f"{error.reason} ({error.rule})" if error.rule else error.reason


class GameSession(QObject):
    """Owns the running Game, its seats (human or AI), the bots, hand-over and autosave.

    Contract: the window changes state only through `submit`, `undo` and `redo`; every change
    emits `changed`, then `decisionChanged`. `viewer` is the seat whose eyes draw the table; in
    hot-seat it follows the deciding human, through a hand-over that `acknowledge_handover` ends.
    """

    changed = Signal(object)            # StepResult, or None when a game starts or is loaded
    decisionChanged = Signal(object)    # Decision | None
    refused = Signal(str)
    thinkingChanged = Signal(bool)
    handOverRequested = Signal(str)     # the seat that must take the table
    gameStarted = Signal()

    def __init__(self, autosave_folder: Path | None = None, ai_pause_ms: int = 600,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.game: Game | None = None
        self.autosave_folder = autosave_folder if autosave_folder is not None else autosave_folder_default()
        self._autosave: AutosaveSlot | None = None   # this window's game's own autosave, locked while open
        self.ai_pause_ms = ai_pause_ms
        self.open_hands = False
        self.ai_decisions = 0
        self.bots: dict[str, Any] = {}
        # consent(player, question) -> whether that player agrees (the window asks; hot-seat only)
        self.consent: Callable[[str, str], bool] = lambda player, question: True
        self.notes: list[str] = []  # what the table did outside the game (open hands), shown after the log
        self._viewer: str | None = None
        self._handover: str | None = None
        self._runner = BotRunner(self)
        self._runner.chosen.connect(self._bot_chose)
        self._runner.failed.connect(self._bot_failed)
        self._bot_timer = QTimer(self)
        self._bot_timer.setSingleShot(True)
        self._bot_timer.timeout.connect(self._ask_bot)
        self._bots_paused = False

    # -- starting, loading and saving ----------------------------------------------------------
    def start(self, config: GameConfig, library: CardLibrary) -> None:
        """Start a new game (raises ValueError/KeyError for a config the game cannot use)."""
        rules = find_game(config.game)
        game = Game.start(rules, config, library)
        self._retire_autosave()
        self._install(game)

    def load(self, path: Path) -> None:
        """Load a `.ttgame` file; BadInput (one line) leaves the current game as it was."""
        record = load_record(Path(path), find_game)
        game = replay(record, find_game(record.config.game), path=path)
        self._retire_autosave()
        self._install(game)

    def save(self, path: Path) -> None:
        """Save the game to a `.ttgame` file (atomically)."""
        if self.game is not None:
            save_record(self.game, Path(path))

    @property
    def autosave_path(self) -> Path | None:
        """Return the autosave file of this window's game (None before its first save)."""
        return self._autosave.path if self._autosave is not None else None

    def recent_games(self) -> list[Path]:
        """Return the games that ended or were closed normally, newest first (File ▸ Recent games)."""
        return recent_games(self.autosave_folder)

    def flush_autosave(self) -> None:
        """Wait until the autosave of the last command is on disk (it is written off the GUI thread)."""
        if self._autosave is not None:
            self._autosave.flush()

    def _retire_autosave(self) -> None:
        """The open game is done with (over, replaced, or the window closed normally): not offered back at start."""
        if self._autosave is not None:
            self._autosave.retire()
            self._autosave = None

    def waiting_autosaves(self) -> list[Path]:
        """Return the autosaved games no open window plays, newest first."""
        return waiting_autosaves(self.autosave_folder)

    def has_autosave(self) -> bool:
        """Tell whether an autosaved game is waiting to be resumed."""
        return bool(self.waiting_autosaves())

    def resume_autosave(self, path: Path | None = None) -> None:
        """Load an autosaved game (the newest waiting one by default) and keep saving into its file.

        BadInput when the file is damaged, or when another window took it meanwhile.
        """
        if path is None:
            waiting = self.waiting_autosaves()
            if not waiting:
                raise BadInput(self.autosave_folder, "no autosaved game is waiting")
            path = waiting[0]
        slot = AutosaveSlot.claim(path)
        if slot is None:
            raise BadInput(path, "another tabletop window is playing this game")
        try:
            self.load(path)
        except BaseException:
            slot.release()
            raise
        self._take_autosave(slot)

    def discard_autosave(self, path: Path | None = None) -> None:
        """Delete this window's autosave file, or the waiting autosave `path` (declined at start-up)."""
        if path is None:
            if self._autosave is not None:
                self._autosave.discard()
            return
        slot = AutosaveSlot.claim(path)
        if slot is not None:
            slot.discard()
            slot.release()

    def _take_autosave(self, slot: AutosaveSlot) -> None:
        if self._autosave is not None:
            self._autosave.discard()   # the game it saved is no longer open in this window
            self._autosave.release()
        self._autosave = slot

    def _install(self, game: Game) -> None:
        self._runner.cancel()
        self._bot_timer.stop()
        self.game = game
        self.ai_decisions = 0
        self._bots_paused = False
        self.bots = {}
        for index, player in enumerate(game.state.players):
            if game.config.seats.get(player) != "ai":
                continue
            if game.config.options.get("goldfish"):
                self.bots[player] = GoldfishOpponent(self._advance_for)
            else:
                self.bots[player] = make_seat_bot(game, player, game.config.seed * 7919 + index)
        self._viewer = None
        self._handover = None
        self.notes = [f"{player}'s deck breaks the construction rules, played unchecked: {'; '.join(problems)}"
                      for player, problems in sorted((game.config.options.get("unchecked_decks") or {}).items())]
        self._update_viewer()
        self.gameStarted.emit()
        self._after_change(None, autosave=False)

    # -- reading -------------------------------------------------------------------------------
    @property
    def humans(self) -> list[str]:
        """Return the seats played by people at this machine."""
        if self.game is None:
            return []
        return [p for p in self.game.state.players if p not in self.bots]

    @property
    def is_hot_seat(self) -> bool:
        """Tell whether two people share this machine."""
        return len(self.humans) > 1

    @property
    def viewer(self) -> str | None:
        """Return the seat whose view the table shows (None while the table is being handed over)."""
        return None if self._handover is not None else self._viewer

    @property
    def bottom_player(self) -> str:
        """Return the seat drawn at the bottom of the table."""
        assert self.game is not None
        return self._handover or self._viewer or self.game.state.players[0]

    @property
    def handover_pending(self) -> str | None:
        """Return the seat the table must be handed to, or None."""
        return self._handover

    @property
    def is_ai_paused(self) -> bool:
        """Tell whether the AI waits for `resume_bots` (after an undo or a stuck bot)."""
        return self._bots_paused

    @property
    def is_thinking(self) -> bool:
        """Tell whether a bot is choosing now."""
        return self._runner.busy or self._bot_timer.isActive()

    def decision(self) -> Decision | None:
        """Return the pending decision."""
        return None if self.game is None else self.game.pending_decision()

    def is_my_decision(self) -> bool:
        """Tell whether the viewer must decide now (so the decision panel is live)."""
        decision = self.decision()
        return decision is not None and decision.player == self.viewer

    def table_view(self) -> View:
        """Return what the table shows: the viewer's view, or every player's faces with open hands."""
        assert self.game is not None
        state = self.game.state
        private = tuple(getattr(self.game.rules, "private_data", ()))
        if self._handover is not None:
            return view_for(state, None, private)
        if not self.open_hands:
            return view_for(state, self._viewer, private)
        views = [view_for(state, p, private) for p in self.humans or state.players]
        zones: dict[str, tuple[CardView, ...]] = {}
        for zid, cards in views[0].zones.items():
            merged = []
            for index, card in enumerate(cards):
                seen = next((v.zones[zid][index] for v in views if not v.zones[zid][index].is_hidden), card)
                merged.append(seen)
            zones[zid] = tuple(merged)
        base = views[0]
        return View(base.viewer, base.game_id, base.turn, base.active, base.phase, base.step, zones,
                    base.totals, base.data, base.lists, base.log)

    # -- changing the game ---------------------------------------------------------------------
    def submit(self, command: Command) -> bool:
        """Submit a command; a refusal is emitted on `refused` (with its rule) and changes nothing."""
        if self.game is None:
            return False
        if self._handover is not None:
            self.refused.emit(f"hand the table to {self._handover} first")
            return False
        if command.by in self.bots:
            self.refused.emit(f"{command.by} is played by the AI")
            return False
        if self.is_thinking:
            self.refused.emit("wait: the AI is thinking")
            return False
        if command.manual and self.is_hot_seat:
            state = self.game.state
            others = {state.cards[i].controller for i in cards_of(command) if i in state.cards} - {command.by}
            for other in sorted(others):   # a move by hand of the other player's card is theirs to allow
                label = command_label(command, state, None)
                if not self.consent(other, f"{command.by} wants to do by hand, outside the rules: “{label}” "
                                           "with your card. Do you agree?"):
                    self.refused.emit(f"{other} did not agree to “{label}”")
                    return False
        return self._submit(command)

    def _submit(self, command: Command) -> bool:
        assert self.game is not None
        try:
            result = self.game.submit(command)
        except IllegalCommand as error:
            self.refused.emit(refusal_text(error))
            return False
        self._bots_paused = False
        self._after_change(result)
        return True

    def undo(self) -> bool:
        """Undo back to the previous decision of a human; in hot-seat the players it wrongs must agree.

        A player is asked when the undo takes back their own move, or a card their opponent, the one
        undoing, has already seen (a draw, a look at the deck).
        """
        if self.game is None or not self.game.can_undo():
            return False
        if self.is_hot_seat:
            label = self.game.undo_label()
            for player, why in self.undo_consents().items():
                question = f"{self._viewer} wants to undo “{label}”, which {why}. Do you agree?"
                if not self.consent(player, question):
                    self.refused.emit(f"{player} did not agree to undo {label!r}")
                    return False
        self._stop_bots()
        result = self.game.undo()
        # An undo lands on a human decision; if a bot decides there (its first move), wait for a nudge.
        decision = self.decision()
        self._bots_paused = decision is not None and decision.player in self.bots
        self._after_change(result)
        return True

    def undo_consents(self) -> dict[str, str]:
        """Return the players whose consent the next undo needs in hot-seat, each with why."""
        assert self.game is not None
        state = self.game.state
        undoer = self._viewer
        needed: dict[str, str] = {}
        for step in self.game.history.undo_group():
            author = step.command.by
            if author in self.bots:
                continue  # the AI's steps go back with the human step before them
            if author != undoer:
                needed.setdefault(author, "takes back your own move")
            elif step.shows_hidden:
                needed.setdefault(state.opponent(author), f"takes back a card {author} has already seen")
        return needed

    def redo(self) -> bool:
        """Redo the last undone step group (the same cards come again)."""
        if self.game is None or not self.game.can_redo():
            return False
        self._stop_bots()
        result = self.game.redo()
        self._after_change(result)
        return True

    def jump_to(self, steps_done: int) -> bool:
        """Undo or redo whole groups until `steps_done` steps are done (or as near as groups allow).

        Going back stops at the nearest reachable point that keeps step `steps_done` done (an undo
        takes AI steps with the human step before them); going forward redoes until that many are
        done. Every undo asks consent as `undo` does; a refusal stops the jump where it is.
        """
        if self.game is None:
            return False
        history = self.game.history
        moved = False
        while len(history.done) - len(history.undo_group()) >= steps_done and history.done:
            if not self.undo():
                return moved
            moved = True
        while len(history.done) < steps_done and history.undone:
            if not self.redo():
                return moved
            moved = True
        return moved

    def resume_bots(self) -> None:
        """Let the AI play again after an undo paused it."""
        self._bots_paused = False
        self._schedule_bot()

    def acknowledge_handover(self) -> None:
        """The seat the table was handed to has taken it: show its view."""
        if self._handover is None:
            return
        self._viewer = self._handover
        self._handover = None
        self.changed.emit(None)
        self.decisionChanged.emit(self.decision())

    def set_open_hands(self, on: bool) -> bool:
        """Show every hand face up (or not) and redraw; in hot-seat mid-game the other player must agree.

        Returns whether the hands are shown as asked. Opening them is noted after the game's log.
        """
        if on and not self.open_hands and self.game is not None and self.is_hot_seat and self.game.history.done:
            other = self.game.state.opponent(self._viewer or self.game.state.active)
            if not self.consent(other, f"{self._viewer} wants to open both hands (every hand face up). Do you agree?"):
                self.refused.emit(f"{other} did not agree to open the hands")
                return False
            self.notes.append(f"T{self.game.state.turn}  {self._viewer} opened both hands ({other} agreed)")
        elif on != self.open_hands and self.game is not None and self.game.history.done:
            self.notes.append(f"T{self.game.state.turn}  hands {'opened' if on else 'closed'}")
        self.open_hands = on
        self.changed.emit(None)
        return True

    def advance(self) -> bool:
        """Submit the game's "pass / next phase" command for the viewer's decision."""
        decision = self.decision()
        if self.game is None or decision is None or decision.player != self.viewer:
            return False
        command = self.game.rules.advance_command(self.game.state, decision)
        if command is None:
            self.refused.emit(f"answer the decision first: {decision.prompt or decision.name}")
            return False
        return self.submit(command)

    def play_until(self, is_done: Callable[[], bool], max_steps: int = 400) -> int:
        """Play passes for the viewer and let the bots answer at once until `is_done()` (goldfish).

        Stops when the viewer faces a decision with no "pass" command; returns the steps taken.
        """
        if self.game is None or self._handover is not None:
            return 0
        self._stop_bots()
        steps = 0
        while steps < max_steps and not self.game.is_terminal() and not is_done():
            decision = self.decision()
            if decision is None:
                break
            if decision.player in self.bots:
                view = view_for(self.game.state, decision.player)
                command = self.bots[decision.player].choose(view, decision, self.game.legal_commands(decision.player))
            elif decision.player == self.viewer:
                command = self.game.rules.advance_command(self.game.state, decision)
                if command is None:
                    break
            else:
                break
            try:
                result = self.game.submit(command)
            except IllegalCommand as error:
                self.refused.emit(refusal_text(error))
                break
            steps += 1
            self._after_change(result)
            self._stop_bots()
        self._schedule_bot()
        return steps

    def shutdown(self) -> None:
        """Stop the bot thread (call before the application quits)."""
        self._bot_timer.stop()
        self._runner.stop()
        self._retire_autosave()   # closed normally: kept among the recent games, not offered back

    # -- after every change --------------------------------------------------------------------
    def _after_change(self, result: StepResult | None, autosave: bool = True) -> None:
        assert self.game is not None
        if autosave:
            try:
                if self._autosave is None or not self._autosave.is_held:
                    self._autosave = AutosaveSlot.create(self.autosave_folder)
                self._autosave.save(self.game)
                if self.game.is_terminal():
                    self._retire_autosave()   # a finished game is not offered back at the next start
            except OSError as error:
                where = self.autosave_path or self.autosave_folder
                self.refused.emit(f"autosave failed: {where}: {error.strerror or error}")
        self._update_viewer()
        self.changed.emit(result)
        self.decisionChanged.emit(self.decision())
        self._schedule_bot()

    def _update_viewer(self) -> None:
        assert self.game is not None
        humans = self.humans
        decision = self.decision()
        if decision is not None and decision.player in humans:
            wanted = decision.player
        else:
            wanted = self._handover or self._viewer or (humans[0] if humans else self.game.state.players[0])
        if self._handover is not None:
            if wanted == self._viewer:
                self._handover = None
            elif wanted != self._handover:
                self._handover = wanted
                self.handOverRequested.emit(wanted)
            return
        if wanted == self._viewer:
            return
        if len(humans) > 1:
            self._handover = wanted
            self.handOverRequested.emit(wanted)
        else:
            self._viewer = wanted

    # -- bots ----------------------------------------------------------------------------------
    def _advance_for(self, decision: Decision) -> Command | None:
        assert self.game is not None
        return self.game.rules.advance_command(self.game.state, decision)

    def _schedule_bot(self) -> None:
        if self.game is None or self._bots_paused or self._runner.busy:
            return
        decision = self.decision()
        if decision is None or decision.player not in self.bots:
            if self._bot_timer.isActive():
                self._bot_timer.stop()
                self.thinkingChanged.emit(False)
            return
        if not self._bot_timer.isActive():
            self._bot_timer.start(self.ai_pause_ms)
            self.thinkingChanged.emit(True)

    def _ask_bot(self) -> None:
        decision = self.decision()
        if self.game is None or decision is None or decision.player not in self.bots:
            self.thinkingChanged.emit(False)
            return
        player = decision.player
        view = view_for(self.game.state, player, tuple(getattr(self.game.rules, "private_data", ())))
        self._runner.ask(self.bots[player], view, decision, self.game.legal_commands(player))

    def _bot_chose(self, command: Command) -> None:
        self.thinkingChanged.emit(False)
        if self.game is None:
            return
        decision = self.decision()
        if decision is None or decision.player not in self.bots:
            return
        try:
            result = self.game.submit(command)
        except IllegalCommand as error:
            fallback = self.game.rules.advance_command(self.game.state, decision)
            try:
                if fallback is None:
                    raise error
                result = self.game.submit(fallback)
            except IllegalCommand as second:
                self._bots_paused = True
                self.refused.emit(f"the AI ({decision.player}) is stuck: {refusal_text(second)}")
                return
        self.ai_decisions += 1
        self._after_change(result)

    def _bot_failed(self, message: str) -> None:
        self.thinkingChanged.emit(False)
        self._bots_paused = True
        self.refused.emit(f"the AI stopped: {message}")

    def _stop_bots(self) -> None:
        was = self.is_thinking
        self._bot_timer.stop()
        self._runner.cancel()
        if was:
            self.thinkingChanged.emit(False)
