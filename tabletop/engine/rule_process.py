"""The rule-process loop run before any player is asked to decide (FFTCG 10.3, Vanguard check timing).

Each check looks at the state and returns the actions it requires; all actions found in one pass
are performed together (simultaneously), and passes repeat until no check applies. Then waiting
triggers are stacked; if that made anything happen, the loop starts again.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction

Action = Callable[[Transaction], None]
Check = Callable[[GameState], list[Action]]

LOOP_LIMIT = 500


class RuleLoopError(RuntimeError):
    """Rule processes kept applying without end (a loop the rules must break)."""


def run_until_stable(tx: Transaction, checks: Sequence[Check],
                     stack_triggers: Callable[[Transaction], bool] | None = None) -> int:
    """Run every check until none applies, stacking triggers between rounds; return passes made."""
    passes = 0
    while True:
        while True:
            actions: list[Action] = []
            for check in checks:  # a loop, not a comprehension: no function made at every round
                actions += check(tx.state)
            if not actions:
                break
            for action in actions:
                action(tx)
            passes += 1
            if passes > LOOP_LIMIT:
                raise RuleLoopError("rule processes did not settle")
        if stack_triggers is None or not stack_triggers(tx):
            return passes
        passes += 1
        if passes > LOOP_LIMIT:
            raise RuleLoopError("triggered abilities did not settle")
