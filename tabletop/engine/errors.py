"""Errors the engine raises: refused commands and bad input files."""
from __future__ import annotations


class IllegalCommand(Exception):
    """A command the rules refuse; `rule` names the rule, `reason` says why in a player's words."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{rule}: {reason}" if rule else reason)
        self.rule = rule
        self.reason = reason


class BadInput(Exception):
    """A file the program cannot use; the message is one line naming the file, where, and what."""

    def __init__(self, path: object, what: str, where: str = "") -> None:
        location = f"{path}: {where}: " if where else f"{path}: "
        super().__init__(location + what)
        self.path = path
        self.where = where
        self.what = what


def one_line(error: BaseException) -> str:
    """Return an exception's message on one line; a KeyError's bare key says that nothing by that name is there."""
    text = str(error.args[0]) if len(error.args) == 1 else str(error)
    if isinstance(error, KeyError) and " " not in text:   # a bare key: a card id or a zone name
        text = f"nothing called {text!r} on the table"
    return " ".join(text.split()) or type(error).__name__
