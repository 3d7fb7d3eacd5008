"""BotRunner: asks a bot for its command on a worker thread, so the window never freezes."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot


class _Worker(QObject):
    """Lives on the worker thread; calls `bot.choose` with the view the bot is allowed to see."""

    chosen = Signal(int, object)
    failed = Signal(int, str)

    @Slot(int, object, object, object, object)
    def think(self, generation: int, bot: Any, view: Any, decision: Any, legal: Any) -> None:
        try:
            command = bot.choose(view, decision, legal)
        except Exception as error:  # a bot's bug must not take the window down
            self.failed.emit(generation, f"{type(error).__name__}: {error}")
        else:
            self.chosen.emit(generation, command)


class BotRunner(QObject):
    """Runs one bot question at a time; answers to cancelled questions are dropped.

    Contract: the bot gets only a View (a copy) and a list of commands, never the game, so the
    main thread may keep drawing while it thinks; the answer arrives on the main thread.
    """

    chosen = Signal(object)
    failed = Signal(str)
    _request = Signal(int, object, object, object, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._generation = 0
        self.busy = False
        self._thread = QThread()
        self._thread.setObjectName("bot-thread")
        self._worker = _Worker()
        self._worker.moveToThread(self._thread)
        self._request.connect(self._worker.think)
        self._worker.chosen.connect(self._on_chosen)
        self._worker.failed.connect(self._on_failed)
        self._thread.start()

    def ask(self, bot: Any, view: Any, decision: Any, legal: list[Any]) -> None:
        """Ask `bot` for a command; `chosen` or `failed` answers unless `cancel` comes first."""
        self._generation += 1
        self.busy = True
        self._request.emit(self._generation, bot, view, decision, legal)

    def cancel(self) -> None:
        """Forget the question being thought about (its answer will be dropped)."""
        self._generation += 1
        self.busy = False

    def stop(self) -> None:
        """Stop the worker thread (waits for a bot that is still thinking)."""
        self.cancel()
        if self._thread.isRunning():
            self._thread.quit()
            self._thread.wait(5000)

    def _on_chosen(self, generation: int, command: object) -> None:
        if generation == self._generation and self.busy:
            self.busy = False
            self.chosen.emit(command)

    def _on_failed(self, generation: int, message: str) -> None:
        if generation == self._generation and self.busy:
            self.busy = False
            self.failed.emit(message)
