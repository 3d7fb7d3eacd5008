"""Reading and writing ydke:// deck URLs."""
from __future__ import annotations

import base64
import struct

import pytest

from carddb.decks import CardRef, DeckFormatError, parse_deck
from carddb.decks.ydke import read_ydke, write_ydke


def _part(*codes: int) -> str:
    return base64.b64encode(struct.pack(f"<{len(codes)}I", *codes)).decode()


def test_decodes_little_endian_passcodes_per_section() -> None:
    url = f"ydke://{_part(89631139, 89631139, 38517737)}!{_part(710000015)}!{_part()}!"
    deck = read_ydke(url)
    assert deck.sections["main"] == [(2, CardRef(code="89631139")), (1, CardRef(code="38517737"))]
    assert deck.sections["extra"] == [(1, CardRef(code="710000015"))]
    assert deck.count("side") == 0


def test_round_trip_through_the_writer() -> None:
    url = f"ydke://{_part(1, 2, 2)}!{_part(3)}!{_part(4)}!"
    assert write_ydke(read_ydke(url)) == url


def test_parse_deck_detects_the_url() -> None:
    assert parse_deck(f"  ydke://{_part(7)}!!!\n").count() == 1


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("ydk://AAAA!!!", "starts with 'ydke://'"),
        ("ydke://AAAAAA==", "three '!'-separated parts"),
        ("ydke://@@@@!!!", "main part is not valid base64"),
        (f"ydke://{_part(1)}!AAA=!!", "extra part is not a whole number"),
    ],
)
def test_malformed_urls_say_what_is_wrong(url: str, problem: str) -> None:
    with pytest.raises(DeckFormatError, match=problem):
        read_ydke(url, source="paste")
