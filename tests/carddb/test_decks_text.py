"""Plain text lists, Omnideck-style lists and Grand Archive Online native decks."""
from __future__ import annotations

import pytest

from carddb.decks import CardRef, DeckFormatError, parse_deck
from carddb.decks.gaonline import read_gaonline, write_gaonline
from carddb.decks.omnideck import read_omnideck, write_omnideck
from carddb.decks.plain_text import read_plain_text, write_plain_text


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_counts_codes_headers_and_facts(newline: str) -> None:
    text = newline.join([
        "# name: Test Deck",
        "# game: vanguard",
        "# format: standard",
        "Ride Deck:",
        "1 Dawnlance Squire Pell (VG-001)",
        "Main Deck (46)",
        "3x Dawnlance Paragon Aurelis (VG-004)",
        "4 x Mending Lamb Soli",
        "Scroll Sprite Tesk x2",
        "// a comment",
        "",
    ])
    deck = read_plain_text(text, source="t.txt")
    assert (deck.game, deck.name, deck.format) == ("vanguard", "Test Deck", "standard")
    assert deck.sections["ride"] == [(1, CardRef(name="Dawnlance Squire Pell", code="VG-001"))]
    assert deck.sections["main"] == [
        (3, CardRef(name="Dawnlance Paragon Aurelis", code="VG-004")),
        (4, CardRef(name="Mending Lamb Soli")),
        (2, CardRef(name="Scroll Sprite Tesk")),
    ]


def test_untap_style_codes_in_parentheses() -> None:
    deck = read_plain_text("1 Some Hero (1-204S)\n3 Other Hero (11-072R)\n", game="fftcg")
    assert deck.sections["main"][0] == (1, CardRef(name="Some Hero", code="1-204S"))
    assert deck.count() == 4


def test_a_line_that_is_no_entry_names_file_and_line() -> None:
    with pytest.raises(DeckFormatError) as error:
        read_plain_text("3 Good Card\nthree Bad Cards\n", source="list.txt", game="fftcg")
    assert str(error.value) == "list.txt:2: expected 'COUNT NAME' or a section header, got 'three Bad Cards'"


def test_zero_count_is_refused() -> None:
    with pytest.raises(DeckFormatError, match=r"l.txt:1: a card count must be at least 1"):
        read_plain_text("0 Nothing\n", source="l.txt", game="fftcg")


def test_a_list_without_its_game_is_refused_by_parse_deck() -> None:
    with pytest.raises(DeckFormatError, match="does not say its game"):
        parse_deck("3 Card\n", source="x.txt")


def test_plain_text_round_trip() -> None:
    deck = read_plain_text("# game: dreadnought\n# name: D\nCasters:\n1 A (DN-1)\n1 B\nMain Deck:\n4 C (DN-3)\n")
    again = read_plain_text(write_plain_text(deck))
    assert (again.game, again.name, again.sections) == (deck.game, deck.name, deck.sections)


OMNIDECK = """# a comment that is not a section

# Material Deck
1 Spirit of Cinders
1 Vessa, Oathsworn Blade

# Main Deck
4 Vanguard Recruit
3 Spirit Blade: Infuse
"""


def test_omnideck_sections_and_names_with_commas_and_colons() -> None:
    deck = parse_deck(OMNIDECK, source="x_omnideck.txt")
    assert deck.game == "grand-archive"
    assert deck.sections["material"] == [(1, CardRef(name="Spirit of Cinders")), (1, CardRef(name="Vessa, Oathsworn Blade"))]
    assert deck.sections["main"][1] == (3, CardRef(name="Spirit Blade: Infuse"))


def test_omnideck_round_trip_keeps_the_name() -> None:
    deck = read_omnideck(OMNIDECK, name="Ashes")
    again = read_omnideck(write_omnideck(deck))
    assert again.name == "Ashes" and again.sections == deck.sections


def test_gaonline_native_lines_are_material_then_main() -> None:
    text = "aaaaaaaaa1 bbbbbbbbb2\nccccccccc3 ccccccccc3 ddddddddd4"
    deck = parse_deck(text, source="native.txt")
    assert deck.game == "grand-archive"
    assert deck.sections["material"] == [(1, CardRef(code="aaaaaaaaa1")), (1, CardRef(code="bbbbbbbbb2"))]
    assert deck.sections["main"] == [(2, CardRef(code="ccccccccc3")), (1, CardRef(code="ddddddddd4"))]
    assert read_gaonline(write_gaonline(deck)).sections == deck.sections


def test_gaonline_bad_token_names_the_line() -> None:
    with pytest.raises(DeckFormatError, match=r"n.txt:2: 'short' is not a 10-character card uuid"):
        read_gaonline("aaaaaaaaa1\nshort\n", source="n.txt")
