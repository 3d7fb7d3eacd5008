"""Search finds Chinese, Japanese and Korean text anywhere in a sentence, and NFKC-equal forms alike."""
from __future__ import annotations

import pytest

from carddb.database import CardDatabase
from carddb.search_text import fts_query, index_text
from tabletop.engine.cards import CardDefinition

# Invented cards; the texts are sentences with no spaces between words, as printed.
CARDS = [
    CardDefinition(id="C-1", game="vanguard", name="银翼的先导者", card_type="unit",
                   text="【自】：这个单位登场时，选择你的1个后防者，那个单位的力量+5000。"),
    CardDefinition(id="C-2", game="vanguard", name="守护天使", card_type="unit",
                   text="【永】：你的先导者的力量+2000。"),
    CardDefinition(id="J-1", game="yugioh", name="蒼眼の白龍", card_type="monster",
                   text="このカードはドラゴン族として扱う。"),
    CardDefinition(id="K-1", game="vanguard", name="용의 기사", card_type="unit", text="뱅가드가 공격할 때"),
    CardDefinition(id="E-1", game="yugioh", name="Ｗｉｄｅ Ｄｒａｇｏｎ", card_type="monster", text="Ｄｒａｗ １ card."),
    CardDefinition(id="E-2", game="yugioh", name="Blue-Eyes White Dragon", card_type="monster", text="A legend."),
]


@pytest.fixture
def cjk(db: CardDatabase) -> CardDatabase:
    """A database holding the invented CJK and full-width cards."""
    db.upsert_cards(CARDS)
    return db


def _codes(found: list[CardDefinition]) -> set[str]:
    return {card.id for card in found}


def test_chinese_words_are_found_inside_sentences(cjk: CardDatabase) -> None:
    assert _codes(cjk.search("单位")) == {"C-1"}
    assert _codes(cjk.search("后防者")) == {"C-1"}
    assert _codes(cjk.search("先导者")) == {"C-1", "C-2"}  # in C-1's name, in C-2's text
    assert _codes(cjk.search("力量")) == {"C-1", "C-2"}
    assert _codes(cjk.search("位")) == {"C-1"}  # one character is a substring too
    assert cjk.search("单力") == []  # the characters must be adjacent, in that order


def test_japanese_kana_and_kanji_and_korean_are_found_by_any_part(cjk: CardDatabase) -> None:
    assert _codes(cjk.search("ドラゴン")) == {"J-1"}
    assert _codes(cjk.search("ラゴ")) == {"J-1"}
    assert _codes(cjk.search("白龍")) == {"J-1"}
    assert _codes(cjk.search("ﾄﾞﾗｺﾞﾝ")) == {"J-1"}  # half-width kana are NFKC-equal to full-width
    assert _codes(cjk.search("공격")) == {"K-1"}


def test_full_width_letters_equal_their_ascii_forms_both_ways(cjk: CardDatabase) -> None:
    assert _codes(cjk.search("Ｄｒａｇｏｎ")) == {"E-1", "E-2"}
    assert _codes(cjk.search("dragon")) == {"E-1", "E-2"}
    assert _codes(cjk.search("draw 1")) == {"E-1"}


def test_mixed_words_and_filters_still_apply(cjk: CardDatabase) -> None:
    assert _codes(cjk.search("先导者", game="vanguard")) == {"C-1", "C-2"}
    assert cjk.search("先导者", game="yugioh") == []
    assert _codes(cjk.search("blue-eyes")) == {"E-2"}


def test_query_syntax_is_taken_as_words() -> None:
    assert fts_query('单位 OR "x') == '"单 位" "OR"* "x"*'
    assert fts_query("-dragon") == '"dragon"*'
    assert fts_query("** ()") == ""


def test_the_index_form_spaces_cjk_characters_apart() -> None:
    assert index_text("先导者Ａ") == " 先  导  者 A"


def test_a_limit_outside_its_range_is_refused(cjk: CardDatabase) -> None:
    with pytest.raises(ValueError, match="between 1 and"):
        cjk.search("dragon", limit=0)
    assert len(cjk.search("", limit=2)) == 2
