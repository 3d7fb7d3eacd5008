"""The shared stack (or chain) and priority passing.

Stack items are JSON mappings in the state list "stack", index 0 = top. Each gets an `id`;
a card on the stack also sits in the game's shared stack zone, named by the item's `card`.
"""
from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from tabletop.engine.changes import SetData
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction

STACK = "stack"
_new_tuple = tuple.__new__


def push(tx: Transaction, item: Mapping[str, Any], copy: bool = True) -> int:
    """Put an item on top of the stack; return its id. Items need `name` and `controller`.

    `copy` as for `Transaction.list_insert`: with `copy=False` the caller guarantees that nothing in the item is
    ever mutated (an item built from fresh literals and state values).
    """
    for key in ("name", "controller"):
        if key not in item:
            raise ValueError(f"a stack item needs {key!r}")
    number = int(tx.state.data.get("next_stack_id", 1))
    tx.set_data("next_stack_id", number + 1)
    tx.list_insert(STACK, 0, {**item, "id": number}, copy)
    return number


def items(state: GameState) -> list[dict[str, Any]]:
    """Return the stack's items, top first."""
    return list(state.lists.get(STACK, []))


def top(state: GameState) -> dict[str, Any] | None:
    """Return the top item, or None on an empty stack."""
    stack = state.lists.get(STACK)
    return stack[0] if stack else None


def is_empty(state: GameState) -> bool:
    """Tell whether nothing waits on the stack."""
    return not state.lists.get(STACK)


def pop(tx: Transaction) -> dict[str, Any]:
    """Remove and return the top item (the caller resolves it)."""
    if is_empty(tx.state):
        raise ValueError("the stack is empty")
    return tx.list_remove(STACK, 0)


def remove(tx: Transaction, item_id: int) -> dict[str, Any] | None:
    """Remove an item anywhere in the stack (countered, its source gone…); return it."""
    for index, item in enumerate(tx.state.lists.get(STACK, [])):
        if item["id"] == item_id:
            return tx.list_remove(STACK, index)
    return None


class PassResult(str, Enum):
    """What a pass led to."""

    PASSED = "passed"      # the other player now has priority
    RESOLVE = "resolve"    # every player passed in succession over a non-empty stack
    END = "end"            # every player passed in succession over an empty stack


# the members read once: an Enum member read through its class is a descriptor call (every pass returns one)
_PASSED, _RESOLVE, _END = PassResult.PASSED, PassResult.RESOLVE, PassResult.END


def priority_holder(state: GameState) -> str | None:
    """Return the player who holds priority, or None when nobody does."""
    return state.data.get("priority")


def give_priority(tx: Transaction, player: str | None) -> None:
    """Give priority to a player (None: nobody) and restart the count of passes."""
    state = tx.state
    data = state.data
    # set_data for each fact, inlined with its no-op test: most steps give priority to its holder, with no passes
    # counted (scalars: nothing to copy)
    holder = data.get("priority")
    passes = data.get("passes")
    if holder != player or passes is not None:
        changes = tx.changes
        if holder != player:
            if player is None:
                del data["priority"]
            else:
                data["priority"] = player
            changes.append(_new_tuple(SetData, ("priority", holder, player)))
        if passes is not None:
            del data["passes"]
            changes.append(_new_tuple(SetData, ("passes", passes, None)))
        state.version += 1  # each change's bump, made once: versions are only ever compared for equality
        state.memo_values = {}


def pass_priority(tx: Transaction) -> PassResult:
    """Record a pass by the holder; after every player passed in succession, say what happens.

    The count restarts whenever someone acts (the game calls `give_priority` then).
    """
    state = tx.state
    data = state.data
    holder = data.get("priority")  # priority_holder, inlined: every pass of a game comes here
    if holder is None:
        raise ValueError("nobody holds priority")
    old = data.get("passes")
    passes = int(old or 0) + 1
    players = state.players
    if passes >= len(players):
        tx.set_data("passes", None, copy=False)  # scalars: nothing to copy
        return _RESOLVE if state.lists.get(STACK) else _END
    # set_data("priority", the other seat) and set_data("passes", passes), inlined: both always change
    other = players[1] if holder == players[0] else players[0]  # state.opponent, inlined
    data["priority"] = other
    data["passes"] = passes
    state.version += 1  # each change's bump, made once: versions are only ever compared for equality
    state.memo_values = {}
    tx.changes += (_new_tuple(SetData, ("priority", holder, other)), _new_tuple(SetData, ("passes", old, passes)))
    return _PASSED
