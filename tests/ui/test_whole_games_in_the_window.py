"""Whole games played through the window: every refresh, card menu and card choice of every game must work.

Random legal commands are given through the session, as clicks would give them, with the table drawn after
each one and, at every other decision, the menu of every card the deciding player can use built and each of
its card choices opened and cancelled (pytest-qt fails a test on any exception
raised in Qt's event loop, such as a refresh that cannot read a game's stack).
"""
from __future__ import annotations

import random
from itertools import groupby

import pytest
from PySide6.QtCore import QCoreApplication

from tabletop.engine.cards import CardLibrary
from tabletop.engine.rules import GameConfig
from tabletop.games import find_game
from tabletop.ui.card_menu import build_card_menu
from tabletop.ui.card_sources import available_decks
from tabletop.ui.command_matching import cards_of

STEPS = 160
GAMES = [("fftcg", ""), ("vanguard", "standard"), ("vanguard", "premium"), ("yugioh", ""), ("grand-archive", ""),
         ("dreadnought", "")]


def _decks(game_id: str, game_format: str):  # noqa: ANN202
    decks = [d for d in available_decks(game_id) if not game_format or d.format == game_format]
    if not decks:
        pytest.skip(f"no {game_id} {game_format} deck to play")
    groups = {fmt: list(group) for fmt, group in groupby(sorted(decks, key=lambda d: d.format), key=lambda d: d.format)}
    fmt, pair = max(groups.items(), key=lambda item: len(item[1]))
    return fmt, pair[0], pair[-1]


@pytest.mark.parametrize(("game_id", "game_format"), GAMES)
def test_a_random_game_plays_through_the_window(qtbot, window, game_id: str, game_format: str) -> None:  # noqa: ANN001
    fmt, first, second = _decks(game_id, game_format)
    library = CardLibrary(list({c.id: c for c in first.cards + second.cards}.values()))
    rules = find_game(game_id)
    formats = rules.formats
    config = GameConfig(game_id, fmt if fmt in formats else (formats[0] if formats else ""), seed=3,
                        decks={"p1": first.sections, "p2": second.sections}, seats={"p1": "human", "p2": "human"})
    session = window.session
    session.start(config, library)
    panel = window.decision_panel
    rnd = random.Random(3)
    given = 0
    for step in range(STEPS):
        session.acknowledge_handover()
        game = session.game
        decision = game.pending_decision()
        if decision is None or game.is_terminal():
            break
        QCoreApplication.processEvents()
        legal = game.legal_commands(decision.player)
        for iid in {i for c in legal for i in cards_of(c)} if step % 2 == 0 else ():
            item = window.scene.item_for(iid)
            if item is not None:   # a card shown on the table: its menu, and every card choice in it
                menu = build_card_menu(session, item.look, choose=panel.choose_cards)
                for action in _actions(menu):
                    if action.text().lstrip().startswith("…"):
                        action.trigger()
                        panel.cancel_choice.click()
                menu.deleteLater()
        if not legal:
            command = rules.advance_command(game.state, decision)
            if command is None:
                break
        else:
            command = rnd.choice(legal)
        assert session.submit(command), f"{command.describe()} was listed but refused"
        given += 1
    assert given >= 20


def _actions(menu):  # noqa: ANN001, ANN202
    for action in menu.actions():
        if action.menu() is not None:
            yield from _actions(action.menu())
        else:
            yield action
