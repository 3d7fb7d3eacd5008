"""The shared stack (or chain) and priority passing.

Stack items are JSON mappings in the state list "stack", index 0 = top. Each gets an `id`;
a card on the stack also sits in the game's shared stack zone, named by the item's `card`.
"""
from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction

STACK = "stack"


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


def priority_holder(state: GameState) -> str | None:
    """Return the player who holds priority, or None when nobody does."""
    return state.data.get("priority")


def give_priority(tx: Transaction, player: str | None) -> None:
    """Give priority to a player (None: nobody) and restart the count of passes."""
    data = tx.state.data
    # set_data's own no-op tests, made here: most steps give priority to its holder, with no passes counted
    if data.get("priority") != player:
        tx.set_data("priority", player, copy=False)  # scalars: nothing to copy (at every pass)
    if "passes" in data:
        tx.set_data("passes", None, copy=False)


def pass_priority(tx: Transaction) -> PassResult:
    """Record a pass by the holder; after every player passed in succession, say what happens.

    The count restarts whenever someone acts (the game calls `give_priority` then).
    """
    state = tx.state
    data = state.data
    holder = data.get("priority")  # priority_holder, inlined: every pass of a game comes here
    if holder is None:
        raise ValueError("nobody holds priority")
    passes = int(data.get("passes") or 0) + 1
    players = state.players
    if passes >= len(players):
        tx.set_data("passes", None, copy=False)  # scalars: nothing to copy
        return PassResult.RESOLVE if state.lists.get(STACK) else PassResult.END
    tx.set_data("priority", players[1] if holder == players[0] else players[0], copy=False)  # state.opponent, inlined
    tx.set_data("passes", passes, copy=False)
    return PassResult.PASSED
