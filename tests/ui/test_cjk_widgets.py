"""Chinese, Japanese and Korean names and texts in the window: every character drawn with a real glyph."""
from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QFont, QFontMetrics, QTextLayout

from conftest import TEST_CARDS, freeform_config
from resources import resource_path
from tabletop import __version__
from tabletop.engine.cards import CardLibrary
from tabletop.render.fonts import BUNDLED_CJK_FONT, cjk_font_file
from tabletop.ui.command_matching import manual_move
from tabletop.ui.fonts import TABLE_FAMILY, install_fonts

NAMES = {"Chinese": "赤焰龙神 炎舞", "Japanese": "蒼嵐の竜騎士 ミナト", "Korean": "푸른 폭풍의 용"}
TEXTS = {
    "Chinese": "当此卡进入战场时，选择对手的1名前锋，给予其3000点伤害。",
    "Japanese": "【自】このユニットがアタックした時、山札の上から1枚見る。《Fast》「Re」",
    "Korean": "이 유닛이 공격할 때, 카드를 한 장 뽑는다.",
}
SAMPLES = {language: f"{NAMES[language]} {TEXTS[language]}" for language in NAMES}
CJK_CARDS = [dataclasses.replace(card, name=NAMES[language], text=TEXTS[language])
             for card, language in zip(TEST_CARDS, list(NAMES) * 7)]


def missing_glyphs(font: QFont, text: str) -> int:
    """Return how many glyphs of `text` laid out in `font` (with Qt's fallback) are the missing glyph (index 0)."""
    layout = QTextLayout(text, font)
    layout.beginLayout()
    layout.createLine()
    layout.endLayout()
    return sum(1 for run in layout.glyphRuns() for glyph in run.glyphIndexes() if glyph == 0)


BEFORE_AND_AFTER = """
from PySide6.QtGui import QFont, QGuiApplication
from tabletop.ui.fonts import TABLE_FAMILY, install_fonts
from test_cjk_widgets import SAMPLES, missing_glyphs
app = QGuiApplication([])
text = "".join(SAMPLES.values())
before = missing_glyphs(QFont(TABLE_FAMILY), text)
install_fonts()
print(before, missing_glyphs(QFont(TABLE_FAMILY), text))
"""


def test_registering_the_font_is_what_turns_boxes_into_glyphs() -> None:
    """In a fresh process: boxes before `install_fonts` (unless the system has a CJK font), none after."""
    if cjk_font_file().path != str(resource_path(*BUNDLED_CJK_FONT)):
        pytest.skip("an installed CJK font draws the samples even before registration")
    run = subprocess.run([sys.executable, "-c", BEFORE_AND_AFTER], capture_output=True, text=True, timeout=60,
                         cwd=Path(__file__).parent, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    before, after = map(int, run.stdout.split())
    assert before > 0 and after == 0


@pytest.mark.parametrize("language", SAMPLES)
def test_the_registered_cjk_font_has_every_character(qapp, language: str) -> None:  # noqa: ANN001
    family = install_fonts()
    metrics = QFontMetrics(QFont(family))
    assert [c for c in SAMPLES[language] if not c.isspace() and not metrics.inFontUcs4(ord(c))] == []


@pytest.mark.parametrize("language", SAMPLES)
def test_cjk_cards_are_drawn_without_boxes_on_the_table_in_the_card_dock_and_the_log(window, language: str) -> None:  # noqa: ANN001
    window.session.start(freeform_config(), CardLibrary(CJK_CARDS))
    window.session.acknowledge_handover()
    text = SAMPLES[language]
    window.preview.show_definition(next(c for c in CJK_CARDS if c.name == NAMES[language]))
    assert NAMES[language] in window.preview.text.toPlainText()
    state = window.session.game.state
    moved = next(iid for zone in ("p1.hand", "p1.deck") for iid in state.zones[zone].cards
                 if state.definition(iid).name == NAMES[language])
    assert window.session.submit(manual_move("p1", moved, "p1.table"))
    logged = window.log_panel.lines()[-1]
    assert NAMES[language] in logged and missing_glyphs(window.log_panel.text.font(), logged) == 0
    widgets = {"card dock": window.preview.text.document().defaultFont(), "log": window.log_panel.text.font(),
               "decision": window.decision_panel.title.font(), "window": window.font()}
    for where, font in {**widgets, "table": QFont(TABLE_FAMILY), "table bold": QFont(TABLE_FAMILY, -1, QFont.Weight.Bold)}.items():
        assert missing_glyphs(font, text) == 0, where


def test_help_about_names_the_version_the_font_licence_and_the_card_data(window) -> None:  # noqa: ANN001
    about = next(a for m in window.menuBar().actions() if m.text() == "&Help" for a in m.menu().actions()
                 if "About" in a.text())
    assert about.isEnabled()
    box = window.show_about()
    assert f"tabletop {__version__}" in box.text() and "Open Font License 1.1" in box.text() and "Import cards" in box.text()
    assert "SIL OPEN FONT LICENSE Version 1.1" in box.detailedText()
    box.close()
