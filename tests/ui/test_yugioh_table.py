"""The Yu-Gi-Oh! table in the window: Xyz materials lie under their Xyz Monster, peeking out below it."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from carddb.bundled import load_bundled_cards
from tabletop.engine.cards import CardLibrary
from tabletop.engine.rules import GameConfig
from tabletop.ui.new_game_dialog import NewGame


def test_xyz_materials_are_drawn_under_their_monster(qtbot, window) -> None:  # noqa: ANN001
    setup = {"turn": 3, "active": "p1", "phase": "main1", "players": {
        "p1": {"mmz.2": [{"card": "YG-037", "materials": 2}], "mmz.4": [{"card": "YG-001"}], "deck": 5},
        "p2": {"deck": 5}}}
    config = GameConfig("yugioh", seed=1, seats={"p1": "human", "p2": "human"}, scenario=setup)
    window.start(NewGame(config, CardLibrary(load_bundled_cards("yugioh")), open_hands=False))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)   # hot seat: p1 takes the screen
    state = window.session.game.state
    xyz = state.zones["p1.mmz.2"].cards[0]
    materials = list(state.zones["p1.materials"].cards)
    assert len(materials) == 2
    host = window.scene.item_for(xyz)
    for depth, iid in enumerate(materials, start=1):
        item = window.scene.item_for(iid)
        assert item is not None, "every material is drawn"
        offset = item.pos() - host.pos()
        assert 0 < offset.x() < host.size[0] / 3 and 0 < offset.y() < host.size[1] / 3, "it peeks out from under it"
        assert item.zValue() < host.zValue(), "the monster lies on it"
    plain = window.scene.item_for(state.zones["p1.mmz.4"].cards[0])
    assert abs(plain.pos().y() - host.pos().y()) < 1, "the monster itself stays in its zone"
