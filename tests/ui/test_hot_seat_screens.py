"""Hot-seat, game by game: what each seat's screen shows never names a card that seat may not see.

A scripted hot-seat game of every game is played through the window; after every command, once the next seat
has taken the table, the window's texts are read — the table's cards and their tooltips, the Card dock, the
hover zoom, the Decision dock, the history and the Undo action — and none may name a card hidden from that seat
(a name also on a card the seat sees is allowed: it could be that one). The log is left out: it tells what happened when it
happened, and a card revealed to both then (a drive check) may be hidden in a hand now.
"""
from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QListWidget

from tabletop.engine.cards import CardLibrary
from tabletop.engine.rules import GameConfig
from tabletop.engine.state import GameState
from tabletop.games import find_game
from tabletop.ui.card_sources import available_decks

STEPS = 30
GAMES = ["fftcg", "vanguard", "yugioh", "grand-archive", "dreadnought"]


def hidden_names(state: GameState, viewer: str) -> set[str]:
    """Return the names of cards hidden from `viewer` that no card it sees bears."""
    hidden, seen = set(), set()
    for iid in state.cards:
        (seen if state.is_visible_to(iid, viewer) else hidden).add(state.definition(iid).name)
    return hidden - seen


def window_texts(window) -> list[str]:  # noqa: ANN001
    """Return every text the window shows now, with where it is."""
    texts = []
    for item in window.scene.card_items.values():
        if item.isVisible():
            texts.append(f"table card: {item.toolTip()} {item.look.definition.name if item.look.definition else ''}")
    texts.append(f"card dock: {window.preview.shown_text}")
    zoomed = window.table.hover_zoom.look
    texts.append(f"hover zoom: {zoomed.definition.name if zoomed is not None and zoomed.definition else ''}")
    panel = window.decision_panel
    texts += [f"decision: {panel.title.text()} {panel.prompt.text()}"]
    lists: list[tuple[str, QListWidget]] = [("decision", panel.actions), ("history", window.history_panel.list)]
    for where, widget in lists:
        texts += [f"{where}: {widget.item(i).text()}" for i in range(widget.count())]
    texts.append(f"undo: {window.undo_action.text()}")
    return texts


@pytest.mark.parametrize("game_id", GAMES)
def test_each_seat_sees_only_its_own_cards_in_a_hot_seat_game(qtbot, window, game_id: str) -> None:  # noqa: ANN001
    decks = available_decks(game_id)
    if len(decks) < 2:
        pytest.skip(f"no two {game_id} decks to play")
    first, second = decks[0], next((d for d in decks[1:] if d.format == decks[0].format), decks[1])
    library = CardLibrary(list({c.id: c for c in first.cards + second.cards}.values()))
    rules = find_game(game_id)
    config = GameConfig(game_id, first.format if first.format in rules.formats else rules.formats[0], seed=7,
                        decks={"p1": first.sections, "p2": second.sections}, seats={"p1": "human", "p2": "human"})
    session = window.session
    session.start(config, library)
    window.table.hover_zoom.always = True   # pointing at a card zooms it too
    chooser = random.Random(7)
    checked = 0
    for _ in range(STEPS):
        session.acknowledge_handover()
        QCoreApplication.processEvents()
        game = session.game
        viewer = session.viewer
        if viewer is None or game.is_terminal():
            break
        names = hidden_names(game.state, viewer)
        for text in window_texts(window):
            assert not any(name in text for name in names), f"{viewer} sees a hidden card named in {text!r}"
        checked += 1
        decision = game.pending_decision()
        if decision is None:
            break
        if decision.player != viewer:
            break
        hand = game.state.zones.get(f"{viewer}.hand")
        item = window.scene.item_for(hand.cards[-1]) if hand is not None and hand.cards else None
        if item is not None:   # point at a card of the seat's own hand, as a player does, before moving on
            window.scene.card_hovered(item)
        legal = game.legal_commands(decision.player)
        command = chooser.choice(legal) if legal else rules.advance_command(game.state, decision)
        if command is None:
            break
        session.submit(command)
    assert checked >= 10
