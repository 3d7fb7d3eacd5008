"""Card faces drawn from data: right size, colours a player can tell apart, text that stays inside."""
from __future__ import annotations

import dataclasses

import pytest
from PIL import Image, ImageChops

from carddb.bundled import load_bundled_cards
from tabletop.engine.cards import CardDefinition
from tabletop.render import render_back, render_card
from tabletop.render.palette import frame_colour

SIZE = (250, 350)


def _card(card_id: str) -> CardDefinition:
    return next(c for c in load_bundled_cards() if c.id == card_id)


def _pixel(image: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    return image.getpixel(xy)  # type: ignore[return-value]


@pytest.mark.parametrize("game", ["vanguard", "fftcg", "yugioh", "grand-archive", "dreadnought"])
def test_every_bundled_card_renders_at_the_requested_size(game: str) -> None:
    for card in load_bundled_cards(game):
        image = render_card(card, (200, 280))
        assert image.size == (200, 280) and image.mode == "RGB"


def test_the_frame_shows_the_element() -> None:
    fire, ice = render_card(_card("FF-001"), SIZE), render_card(_card("FF-018"), SIZE)
    assert _pixel(fire, (4, SIZE[1] // 2)) == frame_colour(_card("FF-001")) == (196, 48, 40)
    assert _pixel(ice, (4, SIZE[1] // 2)) == (110, 190, 225)


def test_the_name_bar_shows_the_clan_and_the_name_is_written() -> None:
    keter, empire = _card("VG-004"), _card("VG-020")
    a, b = render_card(keter, SIZE), render_card(empire, SIZE)
    bar = (12, 12, SIZE[0] - 12, 36)
    assert a.crop(bar).getcolors(10_000) != b.crop(bar).getcolors(10_000)
    renamed = render_card(dataclasses.replace(keter, name="Other Name Entirely"), SIZE)
    assert ImageChops.difference(a.crop(bar), renamed.crop(bar)).getbbox() is not None


def test_yugioh_frames_follow_the_card_type() -> None:
    colours = {render_card(_card(i), SIZE).getpixel((4, 175)) for i in ("YG-001", "YG-002", "YG-009", "YG-015", "YG-017", "YG-018", "YG-010", "YG-013")}
    assert len(colours) == 8


def test_a_link_monster_shows_the_arrows_it_points_with_in_red() -> None:
    from tabletop.render.faces import LINK_ARROW_ON
    spider = _card("YG-038")                              # arrows: left, bottom, right
    image = render_card(spider, SIZE)
    width = image.width
    red = [xy for xy in ((x, y) for x in range(width) for y in range(image.height)) if _pixel(image, xy) == LINK_ARROW_ON]
    assert red, "the arrows it points with are drawn"
    assert not [xy for xy in red if xy[1] < 100], "no arrow points up"
    assert min(x for x, _ in red) < width * 0.2 and max(x for x, _ in red) > width * 0.8, "left and right"
    turned = dataclasses.replace(spider, attributes={**spider.attributes, "link_arrows": ["top"]})
    up = render_card(turned, SIZE)
    red_top = [y for x in range(width) for y in range(image.height) if _pixel(up, (x, y)) == LINK_ARROW_ON]
    assert red_top and max(red_top) < 140


def test_cost_gem_only_on_cards_with_a_cost() -> None:
    card = _card("FF-021")
    with_cost = render_card(card, SIZE)
    without = render_card(dataclasses.replace(card, cost=None), SIZE)
    gem = (12, 10, 40, 38)
    assert ImageChops.difference(with_cost.crop(gem), without.crop(gem)).getbbox() is not None


def test_long_text_shrinks_and_never_covers_the_stats_bar() -> None:
    card = _card("VG-062")
    short = render_card(dataclasses.replace(card, text="Draw 1 card."), SIZE)
    long = render_card(dataclasses.replace(card, text="Counter Blast 1: draw a card. " * 60), SIZE)
    stats_bar = (0, SIZE[1] - 32, SIZE[0], SIZE[1])
    assert ImageChops.difference(short.crop(stats_bar), long.crop(stats_bar)).getbbox() is None


def test_keywords_get_markers() -> None:
    card = _card("VG-004")
    bare = render_card(dataclasses.replace(card, keywords={}), SIZE)
    marked = render_card(card, SIZE)
    assert ImageChops.difference(bare, marked).getbbox() is not None


def test_a_card_with_nothing_but_a_name_still_renders() -> None:
    card = CardDefinition(id="X-1", game="freeform", name="Blank", card_type="card")
    assert render_card(card, (63, 88)).size == (63, 88)


def test_too_small_a_face_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 40x56"):
        render_card(_card("FF-001"), (20, 30))


def test_backs_differ_per_game() -> None:
    centres = {game: render_back(game, SIZE).getpixel((60, 60)) for game in ("vanguard", "fftcg", "yugioh", "grand-archive", "dreadnought")}
    assert len(set(centres.values())) == 5
    assert render_back("vanguard", (100, 140)).size == (100, 140)
