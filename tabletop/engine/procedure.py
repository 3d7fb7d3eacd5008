"""The procedure layer: resumable frames, the stored decision and the routing of its answer, for every game.

A game's procedures (a turn's steps, a battle) and its cards' abilities run as *frames* on one stack kept in
the state: each frame is a list of steps (`{effect: WORD, ...parameters}`, words of the game's `Vocabulary`),
a context (source, controller, variables, answers) and a program counter. `drive` steps the innermost frame
inside a Transaction until a player must decide. A step that needs an answer calls `ask`, which stores a
typed decision in the state and makes the step wait; the answer is checked once (`check_answer`: count,
options, duplicates) and routed to the frame that asked (`answer`), where the step reads it with
`take_answer` when it runs again. A decision asked by a game's rules outside any frame (a mulligan, the
order of triggers) is routed back to the game, which carries it out by the decision's name.

Contract: frames and the decision live in the state's data facts, not in its lists: they are the procedure
layer's bookkeeping, not the board, so stepping a frame leaves values memoised from the board valid. The
tuple of frames is never mutated, and a frame only by `StepFrame` (its program counter, set in place and
reverted in place: the most frequent change of a game); every other change stores new frames that share the
unchanged parts. So a frame read before a step may show a later `pc`: read the number, not the frame, to keep it.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from tabletop.engine.changes import AppendLog, Change, SetData, SetTableField
from tabletop.engine.commands import Choose
from tabletop.engine.decision import Decision
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction, frozen_copy

_new_tuple = tuple.__new__

FRAMES = "frames"
DECISION = "decision"
# A frame is a mapping of `kind` ("flow": a game procedure, or "ability"), `atomic` (no check timing between
# its steps), `steps`, `ctx` and `pc` (the number of the running step); `data.frames` holds them innermost last.

Frame = Mapping[str, Any]


# -- the stack of frames ---------------------------------------------------------------------------

def stack(state: GameState) -> tuple[Frame, ...]:
    """Return the frames, innermost last (never mutate them)."""
    return state.data.get(FRAMES) or ()  # type: ignore[no-any-return]


def depth(state: GameState) -> int:
    """Return the number of frames."""
    return len(stack(state))


def _replace(tx: Transaction, index: int, **parts: Any) -> None:
    """Store frame `index` with some of its parts replaced."""
    items = tx.state.data.get(FRAMES) or ()
    index %= len(items)
    tx.set_data(FRAMES, items[:index] + ({**items[index], **parts},) + items[index + 1:], copy=False)


def steps(state: GameState, index: int) -> list[dict[str, Any]]:
    """Return the steps of a frame."""
    return state.data[FRAMES][index]["steps"]  # type: ignore[no-any-return]


def push(tx: Transaction, steps: Sequence[Mapping[str, Any]], ctx: Mapping[str, Any] | None = None,
         kind: str = "ability", atomic: bool = False, copy: bool = True) -> int:
    """Push a frame of steps; return its index. `atomic` frames run with no check timing in between.

    The context is deep-copied so that the caller cannot change the state by changing it later; `copy=False`
    shares its values instead (as `Transaction.list_insert` does): the caller guarantees that nothing in it is
    ever mutated, e.g. a context built from fresh literals and state values (a stack entry).
    """
    # Steps come from card data or the game's literals and are never mutated: shared, not copied.
    context = frozen_copy(dict(ctx or {})) if copy else dict(ctx or {})
    frame = {"kind": kind, "atomic": atomic, "steps": list(steps), "ctx": context, "pc": 0}
    frames = (tx.state.data.get(FRAMES) or ()) + (frame,)  # stack(), inlined
    tx.set_data(FRAMES, frames, copy=False)
    return len(frames) - 1


def pop(tx: Transaction, index: int = -1) -> None:
    """Remove a frame."""
    items = tx.state.data.get(FRAMES) or ()  # stack(), inlined
    index %= len(items)
    tx.set_data(FRAMES, items[:index] + items[index + 1:] or None, copy=False)


class _StepFrame(NamedTuple):
    index: int  # type: ignore[assignment]  # a field, shadowing tuple.index (never called on a change)
    old: int
    new: int


class StepFrame(_StepFrame, Change):
    """Make step `new` the running step of frame `index` (it was `old`), in place.

    Contract: exact because changes are reverted newest first: when it is reverted the frame holds `new`, and
    every older change that stored this frame object (in a tuple of frames) sees it as it was then.
    """

    __slots__ = ()
    board: ClassVar[bool] = False

    def apply(self, state: GameState) -> None:
        state.data[FRAMES][self.index]["pc"] = self.new

    def revert(self, state: GameState) -> None:
        state.data[FRAMES][self.index]["pc"] = self.old

    def touched(self) -> tuple[set[str], set[int], set[str]]:
        return set(), set(), {"data:" + FRAMES}


def set_pc(tx: Transaction, index: int, value: int) -> None:
    """Make step `value` the running step of a frame."""
    frames = tx.state.data[FRAMES]
    index %= len(frames)
    frame = frames[index]
    old = frame["pc"]
    if old != value:
        frame["pc"] = value  # StepFrame.apply and Transaction.record_bookkeeping, inlined as set_data does
        state = tx.state
        state.version += 1
        if state.memo_values:  # an empty memo stays (GameState.memo_values)
            state.memo_values = {}
        tx.changes.append(_new_tuple(StepFrame, (index, old, value)))  # StepFrame(…), no Python code run


def ctx(state: GameState, index: int) -> dict[str, Any]:
    """Return a frame's context."""
    return state.data[FRAMES][index]["ctx"]  # type: ignore[no-any-return]


def set_var(tx: Transaction, index: int, key: str, value: Any, copy: bool = True) -> None:
    """Set a variable in a frame's context (None removes it); `copy` as for `push`."""
    context = dict(ctx(tx.state, index))
    if value is None:
        context.pop(key, None)
    else:
        context[key] = frozen_copy(value) if copy else value
    _replace(tx, index, ctx=context)


def abort(tx: Transaction, index: int) -> None:
    """Stop a frame: its remaining steps are skipped."""
    set_pc(tx, index, len(steps(tx.state, index)))


def insert_steps(tx: Transaction, index: int, new: Sequence[Mapping[str, Any]]) -> None:
    """Insert steps right after the running step of a frame."""
    frame = tx.state.data[FRAMES][index]
    at = frame["pc"] + 1
    _replace(tx, index, steps=frame["steps"][:at] + list(new) + frame["steps"][at:])


def running_step(state: GameState) -> Mapping[str, Any] | None:
    """Return the running step of the innermost frame, if any."""
    frames = stack(state)
    if not frames:
        return None
    top = frames[-1]
    return top["steps"][top["pc"]] if top["pc"] < len(top["steps"]) else None  # type: ignore[no-any-return]


# -- the decision ----------------------------------------------------------------------------------

def ask(tx: Transaction, frame: int | None, player: str, name: str, kind: str, prompt: str,
        options: Sequence[Any] = (), low: int = 0, high: int = 0, rule: str = "", labels: Sequence[str] = (),
        zones: Sequence[str] = (), searches: str | None = None, **extra: Any) -> bool:
    """Store the decision a player must take now; return False (the asking step waits).

    `frame` is the frame whose running step asked (its answer is routed there), or None for a decision of
    the game's rules (routed back to the game by its name). `labels` and `zones` name the options one by one
    (see Decision); `searches` names a zone the player looks through to choose (a search of their deck):
    every card of it is shown to them, until it is shuffled. `extra` keeps what the game needs to carry the
    answer out (JSON values).
    """
    decision: dict[str, Any] = {"player": player, "name": name, "kind": kind, "prompt": prompt,
                                "options": list(options), "min": low, "max": high, "rule": rule, "frame": frame}
    if labels:
        decision["labels"] = list(labels)
    if zones:
        decision["zones"] = list(zones)
    decision.update(extra)
    state = tx.state
    shown = list(state.zones[searches].cards) if searches is not None else []
    for option in (*decision["options"], *shown):   # a card to choose among is one its chooser sees
        if type(option) is int and option in state.cards and not state.is_visible_to(option, player):
            tx.reveal(option, player)
    tx.set_data(DECISION, decision, copy=False)  # built here from fresh parts
    return False


def stored(state: GameState) -> Mapping[str, Any] | None:
    """Return the stored decision as its raw mapping (with the game's extra fields), or None."""
    return state.data.get(DECISION)  # type: ignore[no-any-return]


def is_waiting(state: GameState) -> bool:
    """Tell whether a decision is stored (the procedures wait for its answer)."""
    return bool(state.data.get(DECISION))


def pending(state: GameState) -> Decision | None:
    """Return the stored decision as a Decision, or None."""
    raw = state.data.get(DECISION)
    if not raw:
        return None
    # Built once per stored mapping (a stored value is never mutated; the entry keeps it alive, so `is` is exact).
    found = state.keyed_values.get(DECISION)
    if found is not None and found[0] is raw:
        return found[1]  # type: ignore[no-any-return]
    decision = Decision(raw["player"], raw["name"], raw["kind"], raw.get("prompt", ""), tuple(raw.get("options", ())),
                        int(raw.get("min", 0)), int(raw.get("max", 0)), raw.get("rule", ""),
                        tuple(raw.get("labels", ())), tuple(raw.get("zones", ())))
    state.keyed_values[DECISION] = (raw, decision)
    return decision


def withdraw(tx: Transaction) -> None:
    """Remove the stored decision without an answer (the game ended, or the question no longer applies)."""
    if tx.state.data.get(DECISION) is not None:
        tx.set_data(DECISION, None, copy=False)


@dataclass(frozen=True)
class Answer:
    """A checked answer: `yes` for a yes/no question, `number`, or the `picks` among the options."""

    yes: bool | None = None
    number: int | None = None
    picks: tuple[Any, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Return the answer as the JSON mapping a frame stores."""
        found: dict[str, Any] = {"picks": list(self.picks)}
        if self.yes is not None:
            found["yes"] = self.yes
        if self.number is not None:
            found["number"] = self.number
        return found


def check_answer(decision: Decision, command: Choose, picks: Sequence[Any] | None = None,
                 default_rule: str = "") -> Answer:
    """Refuse an answer that does not fit the decision (count, options, duplicates, order), citing its rule.

    `picks` replaces the command's picks when the game reads them first (a name for a waiting ability);
    `default_rule` is cited when the decision names no rule.
    """
    rule = decision.rule or default_rule
    if decision.kind == "act":
        raise IllegalCommand(rule, "nothing to choose now; play a command or pass")
    if decision.kind == "yesno":
        if command.yes is None:
            raise IllegalCommand(rule, "answer yes or no")
        return Answer(yes=bool(command.yes), picks=tuple(command.picks))
    if decision.kind == "number":
        if command.number is None or not decision.min <= command.number <= decision.max:
            raise IllegalCommand(rule, f"answer a number from {decision.min} to {decision.max}")
        return Answer(number=int(command.number))
    chosen = list(command.picks if picks is None else picks)
    options = decision.options
    if decision.kind == "order":
        if sorted(map(str, chosen)) != sorted(map(str, options)):
            raise IllegalCommand(rule, "put every one of the offered options in order: " + ", ".join(map(str, options)))
        return Answer(picks=tuple(chosen))
    low, high = decision.min, decision.max
    wanted = f"pick {low}–{high} of the offered options"
    by_text = {str(o): o for o in options}
    bad = [p for p in chosen if str(p) not in by_text]
    if bad:
        raise IllegalCommand(rule, f"{bad[0]!r} is not one of the choices ({wanted})")
    if len(set(map(str, chosen))) != len(chosen):
        raise IllegalCommand(rule, f"the same choice was given twice ({wanted})")
    if not low <= len(chosen) <= high:
        raise IllegalCommand(rule, f"{wanted}: choose between {low} and {high} (got {len(chosen)})")
    return Answer(picks=tuple(by_text[str(p)] for p in chosen))


def answer(tx: Transaction, command: Choose, picks: Sequence[Any] | None = None, default_rule: str = ""
           ) -> tuple[Mapping[str, Any], Answer] | None:
    """Check an answer to the stored decision, clear it and route it to the frame that asked.

    Returns None when a frame took the answer (it reads it with `take_answer`, or in its context's `answers`
    under the decision's `key` when it asked with one), otherwise the stored
    decision's raw mapping and the answer, for the game to carry out by the decision's name.
    """
    raw = stored(tx.state)
    decision = pending(tx.state)
    if raw is None or decision is None:
        raise IllegalCommand("", "there is no choice to answer now")
    checked = check_answer(decision, command, picks, default_rule)
    tx.set_data(DECISION, None, copy=False)
    frame = raw.get("frame")
    if frame is None:
        return raw, checked
    key = raw.get("key")
    # the answers stored are built here from fresh parts and the state's: nothing to copy
    if key is None:
        set_var(tx, frame, "answer", checked.to_json(), copy=False)
    else:  # one of several answers a step gathers (each player's discard): kept under the key it asked
        set_var(tx, frame, "answers", {**ctx(tx.state, frame).get("answers", {}), key: checked.to_json()}, copy=False)
    return None


def take_answer(tx: Transaction, index: int) -> dict[str, Any] | None:
    """Return and clear the answer stored for the running step of frame `index`."""
    found = ctx(tx.state, index).get("answer")
    if found is not None:
        set_var(tx, index, "answer", None)
    return found  # type: ignore[no-any-return]


# -- the driver ------------------------------------------------------------------------------------

def only_bookkeeping(changes: Sequence[Change], start: int = 0) -> bool:
    """Tell whether changes (from index `start` on) only moved the procedures: frames pushed, popped or
    stepped, the phase and step names (setup aside), the log — nothing a rule check or a trigger reads."""
    for c in changes[start:] if start else changes:
        kind = type(c)
        if kind is StepFrame or kind is AppendLog:
            continue
        # SetData and SetTableField read as the tuples they are: (key or name, old, new)
        if kind is SetData:
            if c[0] != FRAMES:  # type: ignore[index]
                return False
        elif kind is not SetTableField or not (c[0] == "step" or (  # type: ignore[index]
                c[0] == "phase" and "setup" not in (c[1], c[2]))):  # type: ignore[index]
            return False
    return True


StepRunner = Callable[[Transaction, int, Mapping[str, Any]], bool]


class DidNotSettle(RuntimeError):
    """The procedures ran `Procedures.limit` rounds without waiting for a player: a loop no rule ends."""


@dataclass(frozen=True)
class Procedures:
    """What a game gives the driver: how to run a step, its checks, how the turn moves on, when a step acts.

    `run_step(tx, frame, step)` does one step, True when done, False when it waits. `check(tx)` does the
    game's check timing (rule actions, waiting triggers), True when it did something. `advance(tx)` moves the
    turn on when no frame is left, False when a player must act. `interrupt(tx)`, asked before every round,
    does what must come before the innermost frame's next step (True when it did something). `act_steps` are
    the step words that wait for a player's command rather than an answer (a guard step). `check_remembers`: the
    game's `check` itself remembers, at little cost, that it found nothing on a board (and what else it read), so
    the driver asks it before every step instead of looking through the changes made since it last found nothing.
    """

    run_step: StepRunner
    check: Callable[[Transaction], bool]
    advance: Callable[[Transaction], bool]
    act_steps: frozenset[str] = frozenset()
    interrupt: Callable[[Transaction], bool] | None = None
    limit: int = 20000
    check_remembers: bool = False


def step_innermost(tx: Transaction, game: Procedures) -> bool:
    """Run the innermost frame's next step (or pop the frame when it has none left); False when it waits."""
    frames = tx.state.data[FRAMES]
    fi = len(frames) - 1
    top = frames[fi]
    pc = top["pc"]
    if pc >= len(top["steps"]):
        pop(tx, fi)
        return True
    if not game.run_step(tx, fi, top["steps"][pc]):
        return False
    _step_done(tx, fi, pc)
    return True


def _step_done(tx: Transaction, fi: int, pc: int) -> None:
    """Move frame `fi` past its step `pc`, just done (unless the step moved it itself); a frame whose last step is
    done is popped at once when it is the innermost one and nothing waits, as the next round would pop it."""
    state = tx.state
    data = state.data
    frames = data.get(FRAMES) or ()
    count = len(frames)
    # the frame's last step asked first: most steps are not (and most frames are the innermost one)
    if fi < count and (frame := frames[fi])["pc"] == pc:
        if (pc + 1 == len(frame["steps"]) and fi == count - 1
                and not data.get("outcome") and not data.get(DECISION)):
            pop(tx, fi)
        else:  # set_pc, inlined: every step of every frame comes here
            frame["pc"] = pc + 1
            state.version += 1
            if state.memo_values:  # an empty memo stays (GameState.memo_values)
                state.memo_values = {}
            tx.changes.append(_new_tuple(StepFrame, (fi, pc, pc + 1)))


def drive(tx: Transaction, game: Procedures) -> None:
    """Run the procedures until a player must decide or act, or the game ends (a check before every step of
    a non-atomic game procedure, skipped when only bookkeeping changed since the last check found nothing)."""
    state = tx.state
    data = state.data
    changes = tx.changes
    interrupt, check, run_step, act_steps = game.interrupt, game.check, game.run_step, game.act_steps
    remembers = game.check_remembers
    # len(changes) when a check last found nothing, or after only bookkeeping since: only what changed since can
    # matter; and the board's version then (bookkeeping never changes the board: a new version needs no look);
    # a game whose check remembers (`check_remembers`) is asked every time
    quiet_at = -1
    quiet_board = -1
    for _ in range(game.limit):
        if data.get("outcome") or data.get(DECISION):
            return
        if interrupt is not None and interrupt(tx):
            continue
        frames = data.get(FRAMES)
        if frames:
            # step_innermost, inlined: the driver's every round
            fi = len(frames) - 1
            top = frames[fi]
            pc = top["pc"]
            steps = top["steps"]
            if pc >= len(steps):
                pop(tx, fi)
                continue
            if top["kind"] == "flow" and not top["atomic"]:
                if (remembers or quiet_at < 0 or state.board_version != quiet_board
                        or not only_bookkeeping(changes, quiet_at)):
                    if check(tx):
                        continue
                    quiet_board = state.board_version
                quiet_at = len(changes)
            if not run_step(tx, fi, steps[pc]):
                if top["steps"][top["pc"]]["effect"] in act_steps and not data.get(DECISION):
                    return
                continue
            _step_done(tx, fi, pc)
            continue
        if remembers or quiet_at < 0 or state.board_version != quiet_board or not only_bookkeeping(changes, quiet_at):
            if check(tx):
                continue
            quiet_board = state.board_version
        quiet_at = len(changes)
        if not game.advance(tx):
            return
    raise DidNotSettle(f"the game's procedures ran {game.limit} rounds without waiting for a player")
