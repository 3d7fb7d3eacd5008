"""Game: a running game — rules, state and history behind one small API.

The API is the same for every game: `legal_commands`, `submit`, `pending_decision`,
`current_player`, `is_terminal`, `outcome`, `undo`/`redo`, `view_for`, `record`.
"""
from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from functools import cached_property

from tabletop.engine.cards import CardLibrary
from tabletop.engine.changes import MoveCard, SetRevealed, SetRng
from tabletop.engine.command_labels import step_label
from tabletop.engine.commands import ENGINE_COMMANDS, Command, Concede
from tabletop.engine.decision import Decision
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.events import StepResult, summarize
from tabletop.engine.history import History, Reseed, Step
from tabletop.engine.instance_ids import id_key
from tabletop.engine.manual import resolve_manual
from tabletop.engine.rules import LEGAL_COMMANDS, OUTCOME, GameConfig, GameRules, Outcome
from tabletop.engine.state import GameState
from tabletop.engine.table_setup import build_table
from tabletop.engine.transaction import Transaction
from tabletop.engine.zones import Visibility

Listener = Callable[[StepResult], None]

_new_tuple = tuple.__new__

# Forced passes made in one step at most; a game whose passes never reach a real choice stops here.
AUTO_PASS_LIMIT = 10_000


class Game:
    """A game in progress. Every state change goes through `submit`, `undo` or `redo`."""

    def __init__(self, rules: GameRules, state: GameState, config: GameConfig, labels: dict[str, int]) -> None:
        self.rules = rules
        self.state = state
        self.config = config
        self.labels = labels
        self.history = History()
        self.listeners: list[Listener] = []
        # Undo is no oracle: a new branch after an undo of hidden cards is re-seeded (`submit`). A bot's
        # lookahead on its own imagined copy turns it off: it undoes to compare moves, and must stay reproducible.
        self.reseeds_new_branches = True
        # where a new branch's seed comes from: the operating system's entropy (a scenario file draws its own)
        self.entropy: Callable[[], int] = _fresh_entropy

    @cached_property
    def command_types(self) -> dict[str, type[Command]]:
        """The command classes of the game's vocabulary by name (made on first use: records and scenarios read
        commands by name, a bot's or a benchmark's game never does)."""
        return {cls.command_name(): cls for cls in (*ENGINE_COMMANDS, *self.rules.commands)}

    @classmethod
    def start(cls, rules: GameRules, config: GameConfig, library: CardLibrary) -> Game:
        """Create the table from a config (decks, or a scenario's setup) and start the game."""
        state = rules.create_state(config, library)
        if config.shuffled_ids and config.scenario is None:   # a scenario file may name its cards by id (SCENARIOS.md)
            state.iid_key = id_key(config.seed)
        tx = Transaction(state)
        if config.scenario is not None:
            labels = build_table(rules, tx, config.scenario)
        else:
            rules.setup(tx, config)
            labels = {}
        game = cls(rules, state, config, labels)
        game._pass_while_forced(tx)
        return game

    # -- the game API --------------------------------------------------------------------------
    def pending_decision(self) -> Decision | None:
        """Return who must decide what now (None once the game is over)."""
        if self.is_terminal():
            return None
        return self.rules.pending_decision(self.state)

    def current_player(self) -> str | None:
        """Return the player who must decide now."""
        if self.is_terminal():
            return None
        decision = self.rules.unworded_decision(self.state)
        return decision.player if decision else None

    def legal_commands(self, player: str | None = None) -> list[Command]:
        """Return the rules commands a player (by default the deciding one) may submit now (a new list each call).

        Worked out once per state version: the window asks for them several times after each change (the
        decision panel, the table's "playable" outlines, a card's menu).
        """
        state, rules = self.state, self.rules
        if state.data.get(OUTCOME) is not None:  # is_terminal, inlined: asked after every step
            return []
        if not player:  # current_player, inlined
            decision = rules.unworded_decision(state)
            if decision is None:
                return []
            player = decision.player
        key = (LEGAL_COMMANDS, player)
        values = state.memo_values  # state.memo, inlined
        found = values.get(key)
        if found is None:
            found = values[key] = tuple(rules.legal_commands(state, player))
        return list(found)

    def outcome(self) -> Outcome | None:
        """Return how the game ended, or None."""
        return self.rules.outcome(self.state)

    def is_terminal(self) -> bool:
        """Tell whether the game has ended (its outcome is stored: GameRules.outcome)."""
        return self.state.data.get(OUTCOME) is not None  # no Outcome built: asked before every step

    def is_ai(self, player: str) -> bool:
        """Tell whether a seat is played by a bot."""
        return self.config.seats.get(player) == "ai"

    def submit(self, command: Command, reseed: Reseed | None = None) -> StepResult:
        """Validate and carry out a command as one undoable step; IllegalCommand leaves no trace.

        `reseed` replays a recorded new branch (record.replay); otherwise a step that leaves, after an
        undo, a line of play that took back hidden cards draws its own (`new_branch_reseed`).
        """
        state = self.state
        if command.by not in state.players:
            raise IllegalCommand("", f"there is no player {command.by!r}")
        tx = Transaction(state, command.manual, True)  # watching what the step shows
        rng_before = state.rng_state
        if reseed is None and self.history.undone and self.reseeds_new_branches:
            reseed = self.new_branch_reseed()
        try:
            if reseed is not None:   # the generator first: the step's own shuffles and dice are new ones
                tx.reseed(reseed.seed)
            if isinstance(command, Concede):
                self.rules.refuse_if_over(state)
                tx.set_data("outcome", {"winner": state.opponent(command.by), "reason": f"{command.by} conceded"})
                tx.log(f"{command.by} conceded")
            elif command.manual:
                resolve_manual(self.rules, tx, command)
                if not self.is_terminal():
                    self.rules.after_manual(tx)
            else:
                self.rules.refuse_if_over(state)
                decision = self.rules.unworded_decision(state)
                if decision is not None and decision.player != command.by:
                    worded = self.rules.pending_decision(state) or decision   # the refusal shows the prompt
                    raise IllegalCommand(worded.rule, f"{worded.player} must decide now ({worded.prompt or worded.name})")
                self.rules.resolve(tx, command)
                self._pass_while_forced(tx)
            # the hidden zones last: the command was listed, checked and carried out on the table it was chosen on
            for zone in reseed.zones if reseed is not None else ():
                tx.mix_unknown(zone)
        except Exception:
            tx.rollback()
            raise
        # Step(…), made with no Python code run (one at every submit); is_ai, inlined
        step = _new_tuple(Step, (command, tuple(tx.changes), rng_before, self.config.seats.get(command.by) == "ai",
                                 tx.shows_newly(command.by), reseed))
        self.history.push(step)
        result = StepResult(lambda: self.step_label(step), step.changes)  # summarize, with no call between
        if self.listeners:  # _notify, for a game someone watches (the window); bots and benchmarks have none
            self._notify(result)
        return result

    def new_branch_reseed(self) -> Reseed | None:
        """Return a fresh seed for a step leaving the undone line of play, if that line took back hidden cards.

        The undone steps took back hidden information when they used the generator (a shuffle, a die),
        showed a card newly, or moved a card out of a hidden zone (a draw). The new branch's first step then
        begins with a generator from fresh entropy and ends by re-mixing the hidden zones those cards went
        back to among their unknown cards: after undoing a draw and playing on, a draw is as unknown as the
        first was. The re-mix comes after the command, so that the commands listed before it stay exactly
        those it accepts; that step alone may still draw the card the undo took back, as a redo would.
        Redo never gets here: it re-applies the undone steps' own changes (the same card comes back).
        """
        took_back = False
        zones: set[str] = set()
        state = self.state
        for group in self.history.undone:
            for step in group:
                took_back = took_back or step.shows_hidden
                for change in step.changes:
                    if isinstance(change, SetRng):
                        took_back = True
                    elif isinstance(change, MoveCard) and _is_hidden_zone(state, change.source):
                        took_back = True
                        zones.add(change.source)
                    elif isinstance(change, SetRevealed) and change.iid in state.cards:
                        took_back = True
                        if _is_hidden_zone(state, state.cards[change.iid].zone):
                            zones.add(state.cards[change.iid].zone)
        return Reseed(self.entropy(), tuple(sorted(zones))) if took_back else None

    def _pass_while_forced(self, tx: Transaction) -> None:
        """Make, within the step, every pass a seat of `config.auto_pass` could not avoid.

        A pass is forced when it is the only legal command and it is the game's "pass / next
        phase" answer to the decision; anything else stops for the seat to decide. Games played
        by hand (`lists_every_play` false) always stop: a seat may have cards to move by hand.
        """
        seats = self.config.auto_pass
        if not seats or not self.rules.lists_every_play:
            return
        rules, state = self.rules, self.state
        data = state.data
        for _ in range(AUTO_PASS_LIMIT):
            if data.get(OUTCOME) is not None:  # is_terminal, inlined
                return
            decision = rules.unworded_decision(state)
            if decision is None or decision.player not in seats:
                return
            advance = rules.advance_command(state, decision)
            if advance is None or rules.can_do_more_than_advance(state, decision, advance):
                return
            rules.resolve(tx, advance)

    # -- undo and redo -------------------------------------------------------------------------
    def can_undo(self) -> bool:
        """Tell whether there is a step to undo."""
        return bool(self.history.done)

    def can_redo(self) -> bool:
        """Tell whether there is an undone step to redo."""
        return bool(self.history.undone)

    def step_label(self, step: Step) -> str:
        """Return a step's line in the history, the Undo menu and the log, in the players' words.

        Cards are named as everyone sees them now (a card hidden from either player is "a hidden card").
        """
        return step_label(step.command, self.state)

    def undo_label(self) -> str:
        """Return the label for the Undo action ("" when nothing can be undone)."""
        group = self.history.undo_group()
        return self.step_label(group[-1]) if group else ""

    def redo_label(self) -> str:
        """Return the label for the Redo action."""
        return self.step_label(self.history.undone[-1][-1]) if self.history.undone else ""

    def undo_shows_hidden(self) -> bool:
        """Tell whether the next undo takes back a step that showed its player a hidden card.

        In hot-seat the window asks the opponent's consent before such an undo.
        """
        return any(step.shows_hidden for step in self.history.undo_group())

    def undo(self) -> StepResult | None:
        """Go back to the previous decision of a human (AI steps in between go too)."""
        if not self.history.done:
            return None
        group = self.history.pop_group()
        reverted = []
        for step in group:
            for change in reversed(step.changes):
                change.revert(self.state)
                reverted.append(change)
        self.state.touch()
        return self._notify(summarize(lambda: "Undo " + self.step_label(group[-1]), reverted, undone=True))

    def redo(self) -> StepResult | None:
        """Replay the steps the last undo took back, with the same cards."""
        if not self.history.undone:
            return None
        group = self.history.pop_redo()
        applied = []
        for step in group:
            for change in step.changes:
                change.apply(self.state)
                applied.append(change)
        self.state.touch()
        return self._notify(summarize(lambda: "Redo " + self.step_label(group[0]), applied))

    def undo_all(self) -> None:
        """Undo every step (back to the start of the game)."""
        while self.undo() is not None:
            pass

    def redo_all(self) -> None:
        """Redo every undone step."""
        while self.redo() is not None:
            pass

    # -- records -------------------------------------------------------------------------------
    def commands(self) -> list[Command]:
        """Return the commands of the applied steps, in order."""
        return [step.command for step in self.history.done]

    def card_ids_used(self) -> Iterable[str]:
        """Return the ids of every card definition in the game (and of tokens that have left it)."""
        return sorted({card.card_id for card in self.state.cards.values()} | self.state.gone_card_ids)

    def _notify(self, result: StepResult) -> StepResult:
        for listener in list(self.listeners):
            listener(result)
        return result

    def find_command(self, name: str) -> type[Command]:
        """Return the command class for a name in this game's vocabulary."""
        return self.command_types[name]

    def __repr__(self) -> str:
        return f"<Game {self.rules.id} turn {self.state.turn} steps {len(self.history)}>"


def _fresh_entropy() -> int:
    """Return a seed no one can foresee (the operating system's entropy)."""
    return secrets.randbits(64)


def _is_hidden_zone(state: GameState, zone: str) -> bool:
    """Tell whether no player sees the faces in a zone (a deck)."""
    return zone in state.zones and state.zones[zone].spec.visibility is Visibility.HIDDEN


def describe_state(game: Game) -> list[str]:
    """Return readable lines about the table, the decision pending and the last log lines."""
    lines = game.rules.state_summary(game.state)
    decision = game.pending_decision()
    if decision is not None:
        lines.append(f"waiting for {decision.player}: {decision.prompt or decision.name}")
    for entry in game.state.log[-5:]:
        lines.append(f"log: {entry.text}" + (f" [{entry.rule}]" if entry.rule else ""))
    return lines


