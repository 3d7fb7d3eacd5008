"""Errors the card database raises; each message is one line naming the file at fault."""
from __future__ import annotations

from pathlib import Path


class CardDatabaseError(Exception):
    """A card database or an import source cannot be used; `str()` is one line naming the file."""

    def __init__(self, path: Path | str, problem: str) -> None:
        self.path = Path(path)
        self.problem = " ".join(str(problem).split())
        super().__init__(f"{self.path}: {self.problem}")


class UnknownCardError(CardDatabaseError):
    """The database holds no card with the asked game and code."""
