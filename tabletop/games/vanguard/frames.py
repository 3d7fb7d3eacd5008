"""The resolution machine: a stack of frames (game procedures and abilities) run step by step.

Every step is a JSON mapping `{effect: NAME, ...}` from the effects vocabulary (names starting
with "_" are the game's own procedures). A step returns True when done; False when it waits for
a decision (stored in `data.decision`) or for a player's action. A waiting step runs again once
the answer is stored in its frame (`ctx.answer`), so a step reads its answer with `take_answer`.
"""
from __future__ import annotations

from typing import Any

from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction, frozen_copy

FRAMES = "frames"
# Contract: the frames live in the game's data facts, not in its lists: they are the resolution machine's
# bookkeeping, not the board, so stepping a frame leaves the values memoised from the board valid.
# `data.frames` is a tuple of frames, innermost last; a frame is a mapping of `kind` ("flow" or "ability"),
# `atomic`, `steps`, `ctx` (the context: source, controller, variables, answers) and `pc` (the number of
# the running step). Neither the tuple nor a frame is ever mutated: each change stores new ones that share
# the unchanged parts (so they are not copied, see Transaction.set_data).


def stack(state: GameState) -> tuple[dict[str, Any], ...]:
    """Return the frames, innermost last (each a mapping of kind, atomic, steps, ctx, pc; never mutate them)."""
    return state.data.get(FRAMES) or ()


def _replace(tx: Transaction, index: int, **parts: Any) -> None:
    """Store frame `index` with some of its parts replaced."""
    items = tx.state.data.get(FRAMES) or ()  # stack, inlined
    index %= len(items)
    tx.set_data(FRAMES, items[:index] + ({**items[index], **parts},) + items[index + 1:], copy=False)


def depth(state: GameState) -> int:
    """Return the number of frames."""
    return len(stack(state))


def steps(state: GameState, index: int) -> list[dict[str, Any]]:
    """Return the steps of a frame."""
    return state.data[FRAMES][index]["steps"]  # type: ignore[no-any-return]


def push(tx: Transaction, steps: list[dict[str, Any]], ctx: dict[str, Any] | None = None,
         kind: str = "ability", atomic: bool = False) -> int:
    """Push a frame of steps; return its index. `atomic` frames run with no check timing in between."""
    # Steps come from card data or the game's literals and are never mutated: shared, not copied.
    frame = {"kind": kind, "atomic": atomic, "steps": list(steps), "ctx": frozen_copy(ctx or {}), "pc": 0}
    tx.set_data(FRAMES, stack(tx.state) + (frame,), copy=False)
    return depth(tx.state) - 1


def pop(tx: Transaction, index: int) -> None:
    """Remove a frame."""
    items = stack(tx.state)
    index %= len(items)
    tx.set_data(FRAMES, items[:index] + items[index + 1:] or None, copy=False)


def set_pc(tx: Transaction, index: int, value: int) -> None:
    """Make step `value` the running step of a frame."""
    _replace(tx, index, pc=value)


def set_var(tx: Transaction, index: int, key: str, value: Any) -> None:
    """Set a variable in a frame's context (None removes it)."""
    context = dict(ctx(tx.state, index))
    if value is None:
        context.pop(key, None)
    else:
        context[key] = frozen_copy(value)
    _replace(tx, index, ctx=context)


def ctx(state: GameState, index: int) -> dict[str, Any]:
    """Return a frame's context."""
    return state.data[FRAMES][index]["ctx"]  # type: ignore[no-any-return]


def abort(tx: Transaction, index: int) -> None:
    """Stop a frame: its remaining steps are skipped."""
    set_pc(tx, index, len(steps(tx.state, index)))


def insert_steps(tx: Transaction, index: int, new: list[dict[str, Any]]) -> None:
    """Insert steps right after the running step of a frame."""
    frame = tx.state.data[FRAMES][index]
    at = frame["pc"] + 1
    _replace(tx, index, steps=frame["steps"][:at] + list(new) + frame["steps"][at:])


def ask(tx: Transaction, index: int, player: str, name: str, kind: str, prompt: str,
        options: list[Any] = (), low: int = 0, high: int = 0, rule: str = "", labels: list[str] = (),
        zones: list[str] = ()) -> bool:
    """Set the pending decision for the running step of frame `index`; return False (the step waits).

    `labels` and `zones`, when given, name the options one by one for the player and give the zone each
    stands for (see Decision).
    """
    decision = {"player": player, "name": name, "kind": kind, "prompt": prompt,
                "options": list(options), "min": low, "max": high, "rule": rule, "frame": index}
    if labels:
        decision["labels"] = list(labels)
    if zones:
        decision["zones"] = list(zones)
    tx.set_data("decision", decision, copy=False)  # built here from fresh parts
    return False


def take_answer(tx: Transaction, index: int) -> dict[str, Any] | None:
    """Return and clear the answer stored for the running step of frame `index`."""
    answer = ctx(tx.state, index).get("answer")
    if answer is not None:
        set_var(tx, index, "answer", None)
    return answer
