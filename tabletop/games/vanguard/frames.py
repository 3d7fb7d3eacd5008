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
# Contract: each frame is split in two lists kept the same length: `frames` holds the steps (changed
# rarely, so the costly copy of a change record happens rarely) and `frame_state` holds pc and ctx.
STATE = "frame_state"


class FrameView(dict):
    """A read-only merged view of one frame: kind, atomic, steps, pc, ctx."""


def frames(state: GameState) -> list[dict[str, Any]]:
    """Return the frame stack (last = running) as merged views."""
    steps = state.lists.get(FRAMES, [])
    runs = state.lists.get(STATE, [])
    return [FrameView(s, **r) for s, r in zip(steps, runs)]


def depth(state: GameState) -> int:
    """Return the number of frames."""
    return len(state.lists.get(FRAMES, []))


def push(tx: Transaction, steps: list[dict[str, Any]], ctx: dict[str, Any] | None = None,
         kind: str = "ability", atomic: bool = False) -> int:
    """Push a frame of steps; return its index. `atomic` frames run with no check timing in between."""
    tx.list_append(FRAMES, {"kind": kind, "atomic": atomic, "steps": steps})
    tx.list_append(STATE, {"pc": 0, "ctx": dict(ctx or {})})
    return depth(tx.state) - 1


def pop(tx: Transaction, index: int) -> None:
    """Remove a frame."""
    tx.list_remove(FRAMES, index)
    tx.list_remove(STATE, index)


def update(tx: Transaction, index: int, **changes: Any) -> None:
    """Replace fields of a frame (pc, steps)."""
    if "steps" in changes:
        frame = dict(tx.state.lists[FRAMES][index])
        frame["steps"] = changes.pop("steps")
        tx.list_replace(FRAMES, index, frame)
    if changes:
        run = dict(tx.state.lists[STATE][index])
        run.update(changes)
        tx.list_replace(STATE, index, run)


def set_var(tx: Transaction, index: int, key: str, value: Any) -> None:
    """Set a variable in a frame's context (None removes it)."""
    run = dict(tx.state.lists[STATE][index])
    ctx = dict(run["ctx"])
    if value is None:
        ctx.pop(key, None)
    else:
        ctx[key] = value
    run["ctx"] = ctx
    tx.list_replace(STATE, index, run)


def ctx(state: GameState, index: int) -> dict[str, Any]:
    """Return a frame's context."""
    return state.lists[STATE][index]["ctx"]


def abort(tx: Transaction, index: int) -> None:
    """Stop a frame: its remaining steps are skipped."""
    update(tx, index, pc=len(tx.state.lists[FRAMES][index]["steps"]))


def insert_steps(tx: Transaction, index: int, steps: list[dict[str, Any]]) -> None:
    """Insert steps right after the running step of a frame."""
    frame = tx.state.lists[FRAMES][index]
    at = tx.state.lists[STATE][index]["pc"] + 1
    update(tx, index, steps=list(frame["steps"][:at]) + list(steps) + list(frame["steps"][at:]))


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
