"""Permissions: "cannot" beats "can" (FFTCG 2.2, and the same principle in every game here)."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tabletop.engine.errors import IllegalCommand


@dataclass(frozen=True)
class Ruling:
    """A rule or effect that says an action can, or cannot, be done, with its citation."""

    rule: str
    reason: str


@dataclass(frozen=True)
class Permission:
    """Whether an action is allowed, and the rule that decided it."""

    allowed: bool
    rule: str = ""
    reason: str = ""

    def require(self) -> None:
        """Raise IllegalCommand (naming the deciding rule) when the action is not allowed."""
        if not self.allowed:
            raise IllegalCommand(self.rule, self.reason)


def decide(base: Permission, can: Iterable[Ruling] = (), cannot: Iterable[Ruling] = ()) -> Permission:
    """Combine the rules' answer with effects that allow or forbid the action.

    Any "cannot" forbids it, whatever allows it (cannot beats can); otherwise the rules or
    any "can" effect allow it; otherwise the rules' refusal stands.
    """
    for ruling in cannot:
        return Permission(False, ruling.rule, ruling.reason)
    if base.allowed:
        return base
    for ruling in can:
        return Permission(True, ruling.rule, ruling.reason)
    return base
