"""Reading and writing YGOPro .ydk deck files."""
from __future__ import annotations

import pytest

from carddb.decks import CardRef, DeckFormatError, DeckList, parse_deck
from carddb.decks.ydk import read_ydk, write_ydk

YDK = "#created by someone\n#main\n111\n111\n222\n#extra\n333\n!side\n444\n444\n444\n"


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_sections_and_counts_with_lf_and_crlf(newline: str) -> None:
    deck = read_ydk(YDK.replace("\n", newline), source="My Deck.ydk")
    assert deck.name == "My Deck"
    assert deck.sections["main"] == [(2, CardRef(code="111")), (1, CardRef(code="222"))]
    assert deck.sections["extra"] == [(1, CardRef(code="333"))]
    assert deck.sections["side"] == [(3, CardRef(code="444"))]


def test_comments_blank_lines_and_bom_are_ignored() -> None:
    deck = read_ydk("\ufeff#created by x\n\n#main\n# a note\n  0089631139  \n\n#extra\n!side\n")
    assert deck.sections["main"] == [(1, CardRef(code="89631139"))]  # leading zeros dropped
    assert deck.count("extra") == 0


def test_a_word_instead_of_a_passcode_names_file_and_line() -> None:
    with pytest.raises(DeckFormatError) as error:
        read_ydk("#main\n111\nBlue Dragon\n", source="decks/bad.ydk")
    assert str(error.value) == "decks/bad.ydk:3: expected a card passcode (digits), got 'Blue Dragon'"


def test_a_passcode_before_main_is_refused() -> None:
    with pytest.raises(DeckFormatError, match=r"x.ydk:1: a passcode before the '#main' header"):
        read_ydk("111\n#main\n", source="x.ydk")


def test_text_without_any_header_is_not_a_ydk() -> None:
    with pytest.raises(DeckFormatError, match="no '#main' section"):
        read_ydk("# just a comment\n", source="x.ydk")


def test_write_then_read_round_trip() -> None:
    deck = read_ydk(YDK, source="a.ydk")
    again = read_ydk(write_ydk(deck), source="a.ydk")
    assert again.sections == deck.sections


def test_writing_a_name_only_entry_is_refused() -> None:
    deck = DeckList(game="yugioh", name="x")
    deck.add("main", 1, CardRef(name="Some Card"))
    with pytest.raises(ValueError, match="no passcode"):
        write_ydk(deck)


def test_parse_deck_detects_ydk_by_content() -> None:
    deck = parse_deck("#created by x\n#main\n5\n", source="clipboard")
    assert deck.game == "yugioh" and deck.count() == 1
