"""The turn / phase / step machine: a game lists its phases; this walks them in order."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.engine.transaction import Transaction

_UNKNOWN: Any = object()  # no such (phase, step) in the turn


@dataclass(frozen=True)
class Phase:
    """One phase of a turn and its steps, in order (no steps: the phase is one step)."""

    name: str
    steps: tuple[str, ...] = ()


class TurnStructure:
    """The fixed order of phases and steps of one turn.

    Contract: `following` never loops; repeated steps (FFTCG's attack loop) are the game's
    own jumps with `enter`.
    """

    def __init__(self, phases: Sequence[Phase]) -> None:
        if not phases:
            raise ValueError("a turn needs at least one phase")
        self.phases = tuple(phases)
        self._order: list[tuple[str, str]] = [
            (p.name, s) for p in self.phases for s in (p.steps or ("",))]
        # (phase, step) -> the one after it (None at the end of the turn), and -> its log line after the player's name
        self._next: dict[tuple[str, str], tuple[str, str] | None] = {
            here: (self._order[i + 1] if i + 1 < len(self._order) else None) for i, here in enumerate(self._order)}
        self._entered: dict[tuple[str, str], str] = {
            (phase, step): f"'s {phase}" + (f" ({step})" if step else "") for phase, step in self._order}
        # (phase, step) -> the one after it with its log line (None at the end of the turn), for `advance`
        self._next_entered: dict[tuple[str, str], tuple[str, str, str] | None] = {
            here: (None if nxt is None else (*nxt, self._entered[nxt])) for here, nxt in self._next.items()}

    @property
    def names(self) -> tuple[str, ...]:
        """Return the phase names in order."""
        return tuple(p.name for p in self.phases)

    def first(self) -> tuple[str, str]:
        """Return the first (phase, step) of a turn."""
        return self._order[0]

    def following(self, phase: str, step: str = "") -> tuple[str, str] | None:
        """Return the (phase, step) after this one, or None at the end of the turn."""
        try:
            return self._next[(phase, step)]
        except KeyError:
            raise ValueError(f"no step {phase}.{step}" if step else f"no phase {phase}") from None

    def enter(self, tx: Transaction, phase: str, step: str = "") -> None:
        """Move the table to a phase and step, and log it."""
        entered = self._entered.get((phase, step))
        if entered is None:
            raise ValueError(f"no step {phase}.{step}" if step else f"no phase {phase}")
        tx.enter_step(phase, step, tx.state.active + entered)

    def advance(self, tx: Transaction) -> bool:
        """Go to the next step, or start the next player's turn; True when a new turn began."""
        state = tx.state
        here = (state.phase, state.step)
        nxt = self._next_entered.get(here, _UNKNOWN)  # following and enter, inlined: a turn advances at every step
        if nxt is None:
            self.start_turn(tx, state.opponent(state.active))
            return True
        if nxt is _UNKNOWN:
            self.following(*here)  # raises, naming the step
        phase, step, entered = nxt
        tx.enter_step(phase, step, state.active + entered)
        return False

    def start_turn(self, tx: Transaction, player: str) -> None:
        """Begin a new turn for `player` at the first phase."""
        tx.set_table("turn", tx.state.turn + 1)
        tx.set_table("active", player)
        self.enter(tx, *self.first())
