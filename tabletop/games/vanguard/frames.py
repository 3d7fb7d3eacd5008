"""The resolution machine: a stack of frames (game procedures and abilities) run step by step.

Every step is a JSON mapping `{effect: NAME, ...}` from the effects vocabulary (names starting
with "_" are the game's own procedures). A step returns True when done; False when it waits for
a decision (stored in `data.decision`) or for a player's action. A waiting step runs again once
the answer is stored in its frame (`ctx.answer`), so a step reads its answer with `take_answer`.
"""
from __future__ import annotations

from typing import Any

from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction

FRAMES = "frames"
# Contract: each frame is split in three lists kept the same length, so that the frequent changes copy
# little: `frames` holds kind, atomic and the steps (changed rarely), `frame_state` holds the context
# (variables, answers) and `frame_pc` the number of the running step.
STATE = "frame_state"
PC = "frame_pc"


def depth(state: GameState) -> int:
    """Return the number of frames."""
    return len(state.lists.get(FRAMES, []))


def pc(state: GameState, index: int) -> int:
    """Return the number of the running step of a frame."""
    return int(state.lists[PC][index])


def steps(state: GameState, index: int) -> list[dict[str, Any]]:
    """Return the steps of a frame."""
    return state.lists[FRAMES][index]["steps"]


def push(tx: Transaction, steps: list[dict[str, Any]], ctx: dict[str, Any] | None = None,
         kind: str = "ability", atomic: bool = False) -> int:
    """Push a frame of steps; return its index. `atomic` frames run with no check timing in between."""
    # Steps come from card data or the game's literals and are never mutated: shared, not copied.
    tx.list_append(FRAMES, {"kind": kind, "atomic": atomic, "steps": list(steps)}, copy=False)
    tx.list_append(STATE, {"ctx": dict(ctx or {})})
    tx.list_append(PC, 0)
    return depth(tx.state) - 1


def pop(tx: Transaction, index: int) -> None:
    """Remove a frame."""
    tx.list_remove(FRAMES, index)
    tx.list_remove(STATE, index)
    tx.list_remove(PC, index)


def set_pc(tx: Transaction, index: int, value: int) -> None:
    """Make step `value` the running step of a frame."""
    tx.list_replace(PC, index, value)


def set_var(tx: Transaction, index: int, key: str, value: Any) -> None:
    """Set a variable in a frame's context (None removes it)."""
    ctx = dict(tx.state.lists[STATE][index]["ctx"])
    if value is None:
        ctx.pop(key, None)
    else:
        ctx[key] = value
    tx.list_replace(STATE, index, {"ctx": ctx})


def ctx(state: GameState, index: int) -> dict[str, Any]:
    """Return a frame's context."""
    return state.lists[STATE][index]["ctx"]


def abort(tx: Transaction, index: int) -> None:
    """Stop a frame: its remaining steps are skipped."""
    set_pc(tx, index, len(steps(tx.state, index)))


def insert_steps(tx: Transaction, index: int, new: list[dict[str, Any]]) -> None:
    """Insert steps right after the running step of a frame."""
    frame = dict(tx.state.lists[FRAMES][index])
    at = pc(tx.state, index) + 1
    frame["steps"] = list(frame["steps"][:at]) + list(new) + list(frame["steps"][at:])
    tx.list_replace(FRAMES, index, frame, copy=False)


def ask(tx: Transaction, index: int, player: str, name: str, kind: str, prompt: str,
        options: list[Any] = (), low: int = 0, high: int = 0, rule: str = "") -> bool:
    """Set the pending decision for the running step of frame `index`; return False (the step waits)."""
    tx.set_data("decision", {"player": player, "name": name, "kind": kind, "prompt": prompt,
                             "options": list(options), "min": low, "max": high, "rule": rule, "frame": index})
    return False


def take_answer(tx: Transaction, index: int) -> dict[str, Any] | None:
    """Return and clear the answer stored for the running step of frame `index`."""
    answer = ctx(tx.state, index).get("answer")
    if answer is not None:
        set_var(tx, index, "answer", None)
    return answer
