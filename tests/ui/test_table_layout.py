"""The table layout drawn from zone metadata: every zone placed, none overlapping, circles by position."""
from __future__ import annotations

import itertools

import pytest

from conftest import freeform_config, quiz_config
from tabletop.engine.cards import CardLibrary
from tabletop.engine.game import Game
from tabletop.engine.rules import GameConfig
from tabletop.games import find_game, game_ids
from tabletop.ui.table_layout import Rect, layout_table


def _overlap(a: Rect, b: Rect) -> bool:
    return a.x < b.right - 0.5 and b.x < a.right - 0.5 and a.y < b.bottom - 0.5 and b.y < a.bottom - 0.5


@pytest.mark.parametrize("config", [freeform_config(), quiz_config()], ids=["freeform", "quiz"])
def test_every_zone_has_its_own_place(config, library) -> None:  # noqa: ANN001
    game = Game.start(find_game(config.game), config, library)
    layout = layout_table(game.state.zones.values(), game.state.players, "p1")
    assert set(layout.zones) == set(game.state.zones)
    rects = [p.rect for p in layout.zones.values()] + list(layout.info.values())
    for a, b in itertools.combinations(rects, 2):
        assert not _overlap(a, b), (a, b)
    for place in layout.zones.values():
        assert 0 <= place.rect.x and place.rect.right <= layout.width + 1
        assert 0 <= place.rect.y and place.rect.bottom <= layout.height + 1


def test_circles_follow_rows_and_columns_and_the_opponent_sits_across(library) -> None:  # noqa: ANN001
    config = quiz_config()
    game = Game.start(find_game("quiz"), config, library)
    layout = layout_table(game.state.zones.values(), game.state.players, "p1")
    z = {zid: place.rect for zid, place in layout.zones.items()}
    assert z["p1.rc.left"].x < z["p1.vc"].x < z["p1.rc.right"].x
    assert z["p1.vc"].y == z["p1.rc.left"].y < z["p1.rc.back"].y < z["p1.hand"].y
    assert z["p2.rc.left"].x > z["p2.vc"].x > z["p2.rc.right"].x
    assert z["p2.hand"].y < z["p2.rc.back"].y < z["p2.vc"].y < layout.middle < z["p1.vc"].y
    assert layout.zones["p1.vc"].layout == "circle" and layout.zones["stack"].layout == "column"


@pytest.mark.parametrize("game_id", game_ids())
def test_every_registered_game_lays_out(game_id: str) -> None:
    rules = find_game(game_id)
    state = rules.create_state(GameConfig(game=game_id), CardLibrary())
    layout = layout_table(state.zones.values(), state.players, state.players[0])
    assert set(layout.zones) == set(state.zones)
