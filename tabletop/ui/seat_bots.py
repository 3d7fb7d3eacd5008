"""Seat bots: which bots can take a seat — the AI (when `tabletop.ai` is installed) and goldfish."""
from __future__ import annotations

import importlib
from typing import Any

from tabletop.engine.commands import Choose, Command
from tabletop.engine.decision import Decision
from tabletop.engine.view import View


def random_bot_class() -> type | None:
    """Return `tabletop.ai.random_bot.RandomBot`, or None when the AI package is absent."""
    try:
        return getattr(importlib.import_module("tabletop.ai.random_bot"), "RandomBot")
    except (ImportError, AttributeError):
        return None


def is_ai_available() -> bool:
    """Tell whether a seat can be given to the AI."""
    return random_bot_class() is not None


def make_ai(seed: int) -> Any:
    """Return a new AI player seeded with `seed`."""
    cls = random_bot_class()
    if cls is None:
        raise RuntimeError("no AI is installed (tabletop.ai.random_bot)")
    try:
        return cls(seed=seed)
    except TypeError:
        return cls()


class GoldfishOpponent:
    """The empty chair of goldfish mode: passes whenever it may and gives the smallest answers.

    `advance` is the game's "pass / next phase" command for a decision (rules.advance_command).
    """

    def __init__(self, advance: Any) -> None:
        self.advance = advance

    def choose(self, view: View, decision: Decision, legal_commands: list[Command]) -> Command:
        """Return a pass, or the least answer to a decision."""
        if decision.kind == "act":
            command = self.advance(decision)
            if command is not None:
                return command
            return legal_commands[0] if legal_commands else Choose(by=decision.player)
        if decision.kind == "yesno":
            return Choose(by=decision.player, yes=False)
        if decision.kind == "number":
            return Choose(by=decision.player, number=decision.min)
        if decision.kind == "order":
            return Choose(by=decision.player, picks=tuple(decision.options))
        return Choose(by=decision.player, picks=tuple(decision.options[:decision.min]))
