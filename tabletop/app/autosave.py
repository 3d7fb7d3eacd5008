"""Autosave: write the game record after every command into the user data directory."""
from __future__ import annotations

from pathlib import Path

import platformdirs

from tabletop.engine.events import StepResult
from tabletop.engine.game import Game
from tabletop.engine.record import save_record

AUTOSAVE_NAME = "autosave.ttgame"


def autosave_path() -> Path:
    """Return where the autosave lives (the user data directory of tabletop)."""
    return platformdirs.user_data_path("tabletop") / AUTOSAVE_NAME


class Autosaver:
    """Saves a game after every step; a crash or kill mid-write keeps the previous good save.

    Contract: attach it with `attach(game)`; writes go through `save_record` (temp file + rename).
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or autosave_path()
        self.game: Game | None = None

    def attach(self, game: Game) -> None:
        """Start saving `game` after each of its steps (and save it now)."""
        self.game = game
        game.listeners.append(self._on_step)
        save_record(game, self.path)

    def _on_step(self, result: StepResult) -> None:
        if self.game is not None:
            save_record(self.game, self.path)

    def discard(self) -> None:
        """Remove the autosave (the game ended normally)."""
        self.path.unlink(missing_ok=True)
