"""Fixtures for the window tests: a session with its autosave in a temporary folder, and a window."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.rules import GameConfig
from tabletop.games import GAMES
from tabletop.ui.main_window import MainWindow
from tabletop.ui.session import GameSession
from ui_test_games import QUIZ_CARDS

TEST_CARDS = [
    CardDefinition(id=f"t{n}", game="freeform", name=f"Test Card {n}", card_type="creature", cost=n % 5,
                   stats={"power": 100 * n}, text=f"Test text {n}.")
    for n in range(1, 21)
]


def freeform_config(seats: dict[str, str] | None = None, seed: int = 5, **options: object) -> GameConfig:
    """Return a freeform game with a 20-card test deck per seat."""
    deck = {"main": [c.id for c in TEST_CARDS]}
    return GameConfig(game="freeform", seed=seed, decks={"p1": deck, "p2": deck},
                      seats=seats or {"p1": "human", "p2": "human"}, options=dict(options))


def quiz_config(seats: dict[str, str] | None = None) -> GameConfig:
    """Return a quiz game (the test rules game) with an 8-card deck per seat."""
    deck = {"main": [c.id for c in QUIZ_CARDS]}
    return GameConfig(game="quiz", seed=2, decks={"p1": deck, "p2": deck}, seats=seats or {"p1": "human", "p2": "ai"})


@pytest.fixture(autouse=True)
def quiz_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the quiz test game for every window test."""
    monkeypatch.setitem(GAMES, "quiz", "ui_test_games:QuizRules")


@pytest.fixture
def library() -> CardLibrary:
    return CardLibrary(TEST_CARDS + QUIZ_CARDS)


@pytest.fixture
def session(tmp_path: Path) -> Iterator[GameSession]:
    s = GameSession(autosave_folder=tmp_path / "autosaves", ai_pause_ms=0)
    yield s
    s.shutdown()


@pytest.fixture
def window(qtbot, session: GameSession, tmp_path: Path) -> MainWindow:  # noqa: ANN001
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = MainWindow(session, settings=settings)
    qtbot.addWidget(w)
    w.resize(1600, 900)
    w.show()
    qtbot.waitExposed(w)
    return w
