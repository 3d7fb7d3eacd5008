"""The phase bar keeps its height as phases change, so the table under it neither jumps nor rescales."""
from __future__ import annotations

from PySide6.QtTest import QTest

from tabletop.ui.new_game_dialog import NewGame
from tests.games.sample_decks import sample_config


def test_the_table_keeps_its_place_as_the_phases_change_at_1280_by_720(qtbot, window) -> None:  # noqa: ANN001
    window.resize(1280, 720)
    config, library = sample_config("grand-archive", seed=1)
    assert window.start(NewGame(config, library, open_hands=False))
    session, view = window.session, window.table.view
    heights = []
    for _ in range(40):   # whole turns: a step such as "recollection (open)" wraps the phase list at this width
        if session.handover_pending:
            session.acknowledge_handover()
        if not session.advance():
            break
        QTest.qWait(5)
        heights.append(view.viewport().height())
    assert len(heights) >= 20
    changes = [later for earlier, later in zip(heights, heights[1:]) if later != earlier]
    assert len(changes) <= 1, f"the table view changed height {len(changes)} times: {heights}"
