"""The table layout drawn from zone metadata: every zone placed, none overlapping, circles by position."""
from __future__ import annotations

import itertools

import pytest

from conftest import freeform_config, quiz_config
from tabletop.engine.cards import CardLibrary
from tabletop.engine.game import Game
from tabletop.engine.rules import GameConfig
from tabletop.games import find_game, game_ids
from tabletop.ui.table_layout import CARD_W, DOWN, PAD, STACK, Rect, TableLayout, layout_table


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
    assert z["p2.rc.back"].y < z["p2.vc"].y < layout.middle < z["p1.vc"].y
    assert z["p2.vc"].x == z["p1.vc"].x                       # the two vanguards face each other
    # The opponent's hand: small cards in the rail at the top right; mine: large along the bottom.
    assert z["p2.hand"].y < layout.middle and z["p2.hand"].x >= z["p2.drop"].right
    assert layout.zones["p2.hand"].card_scale < 1 < layout.zones["p1.hand"].card_scale
    assert z["p1.hand"].y >= max(r.bottom for zid, r in z.items() if zid != "p1.hand")
    assert layout.zones["p1.vc"].layout == "circle" and layout.zones["stack"].layout == "column"


def _layout(game_id: str, bottom: str = "p1") -> TableLayout:
    rules = find_game(game_id)
    state = rules.create_state(GameConfig(game=game_id, format=(rules.formats or ("",))[0]), CardLibrary())
    return layout_table(state.zones.values(), state.players, bottom)


def _centre(rect: Rect) -> float:
    return rect.x + rect.w / 2


def test_shared_extra_monster_zones_stand_between_the_monster_rows_at_their_columns() -> None:
    layout = _layout("yugioh")
    z = {zid: place.rect for zid, place in layout.zones.items()}
    for shared, mine, theirs in (("emz.left", "p1.mmz.2", "p2.mmz.4"), ("emz.right", "p1.mmz.4", "p2.mmz.2")):
        assert _centre(z[shared]) == _centre(z[mine]) == _centre(z[theirs])
        assert z[theirs].bottom < z[shared].y and z[shared].bottom < z[mine].y
    assert z["chain"].x > max(r.right for zid, r in z.items() if zid.startswith(("p1.mmz", "p1.stz", "emz")))
    assert layout.zones["chain"].arrangement == DOWN


def test_zones_fit_their_content() -> None:
    yugioh = _layout("yugioh").zones
    assert yugioh["p1.mmz.1"].rect.w == CARD_W + 2 * PAD           # a one-card slot holds its card snugly
    assert yugioh["p1.mmz.1"].arrangement == STACK
    archive = _layout("grand-archive").zones
    assert archive["p1.field"].rect.w >= 3 * CARD_W                # a field of many cards gets room
    dread = _layout("dreadnought").zones
    assert dread["p1.units.left"].rect.w >= 2 * CARD_W + 3 * PAD   # two units side by side
    fftcg = _layout("fftcg").zones
    assert fftcg["p1.field"].rect.w >= fftcg["p1.damage"].rect.w + fftcg["p1.deck"].rect.w


@pytest.mark.parametrize("game_id", game_ids())
def test_every_registered_game_lays_out(game_id: str) -> None:
    rules = find_game(game_id)
    state = rules.create_state(GameConfig(game=game_id), CardLibrary())
    layout = layout_table(state.zones.values(), state.players, state.players[0])
    assert set(layout.zones) == set(state.zones)
    rects = [p.rect for p in layout.zones.values()] + list(layout.info.values())
    for a, b in itertools.combinations(rects, 2):
        assert not a.overlaps(b), (a, b)
