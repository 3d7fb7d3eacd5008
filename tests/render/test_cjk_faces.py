"""Chinese, Japanese and Korean card names and texts are drawn with real glyphs, never missing-glyph boxes."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import ImageDraw, ImageFont

from resources import resource_path
from tabletop.engine.cards import CardDefinition
from tabletop.render import fonts, render_card
from tabletop.render.faces import _wrap
from tabletop.render.fonts import BUNDLED_CJK_FONT, font, font_file_for, font_files, is_glyph_missing

SAMPLES = {
    "Chinese": ("赤焰龙神 炎舞", "当此卡进入战场时，选择对手的1名前锋，给予其3000点伤害。"),
    "Japanese": ("蒼嵐の竜騎士 ミナト", "【自】【(V)】：このユニットがアタックした時、山札の上から1枚見て、手札に加えてよい。《Fast》「Re」"),
    "Korean": ("푸른 폭풍의 용", "이 유닛이 공격할 때, 카드를 한 장 뽑는다."),
}


def _card(name: str, text: str) -> CardDefinition:
    return CardDefinition(id="CJK-1", game="vanguard", name=name, card_type="normal_unit",
                          stats={"grade": 3, "power": 11000}, text=text, attributes={"clan": name.split()[0]})


@pytest.mark.parametrize("language", SAMPLES)
def test_every_character_of_a_name_and_text_has_a_glyph_in_the_font_the_face_uses(language: str) -> None:
    name, text = SAMPLES[language]
    for string, bold in ((name, True), (text, False)):
        face = font(20, bold, string)
        assert [c for c in string if is_glyph_missing(face, c)] == []


@pytest.mark.parametrize("language", SAMPLES)
def test_the_bundled_font_alone_draws_every_sample_so_a_fresh_machine_needs_no_system_font(language: str) -> None:
    bundled = ImageFont.truetype(str(resource_path(*BUNDLED_CJK_FONT)), 20)
    assert [c for c in "".join(SAMPLES[language]) if is_glyph_missing(bundled, c)] == []


def test_the_missing_glyph_check_sees_a_missing_glyph() -> None:
    bundled = ImageFont.truetype(str(resource_path(*BUNDLED_CJK_FONT)), 20)
    assert is_glyph_missing(bundled, "\U00020000")  # CJK extension B: not in the subset
    latin = [f for f in font_files() if "DejaVu" in f.path]
    if latin:
        assert is_glyph_missing(ImageFont.truetype(latin[0].path, 20), "竜")


def test_latin_text_stays_in_the_latin_font_and_cjk_text_moves_to_a_cjk_font() -> None:
    assert font_file_for("Scarlet Warden Akane") == font_files()[0]
    assert font_file_for("《Fast》") != font_file_for("Fast") or "DejaVu" not in font_files()[0].path


def test_a_cjk_face_differs_from_one_drawn_with_missing_glyph_boxes() -> None:
    name, text = SAMPLES["Japanese"]
    drawn = render_card(_card(name, text), (250, 350))
    boxes = render_card(_card("\uffff" * len(name), "\uffff" * len(text)), (250, 350))
    bar = (12, 12, 238, 36)
    assert drawn.crop(bar).tobytes() != boxes.crop(bar).tobytes()


def test_japanese_text_wraps_between_characters_without_hyphens_and_keeps_closing_marks() -> None:
    _, text = SAMPLES["Japanese"]
    face = font(14, text=text)
    draw = ImageDraw.Draw(render_card(_card("a", ""), (250, 350)))
    lines = _wrap(draw, text, face, 120)
    assert len(lines) > 3
    assert "".join(lines) == text
    assert all(draw.textlength(line, font=face) <= 120 for line in lines)
    assert not any(line.endswith("-") or line[:1] in "、。」】" for line in lines)


def test_an_installed_cjk_font_is_preferred_to_the_bundled_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    installed = tmp_path / "NotoSansCJK-Regular.ttc"
    installed.write_bytes(resource_path(*BUNDLED_CJK_FONT).read_bytes())
    monkeypatch.setattr(fonts, "SYSTEM_CJK_FONTS", ((str(installed), None, 0),))
    fonts.font_files.cache_clear()
    fonts._drawing_files.cache_clear()
    try:
        assert fonts.cjk_font_file().path == str(installed)
        assert font_file_for(SAMPLES["Japanese"][0]).path == str(installed)
        assert font_files()[-1].path == str(resource_path(*BUNDLED_CJK_FONT))  # still there for what it lacks
    finally:
        monkeypatch.undo()
        fonts.font_files.cache_clear()
        fonts._drawing_files.cache_clear()
