"""Reading and writing OCTGN .o8d deck XML."""
from __future__ import annotations

import pytest

from carddb.decks import CardRef, DeckFormatError
from carddb.decks.o8d import read_o8d, write_o8d

O8D = """\ufeff<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<deck game="285a8cdb-1d02-4edd-a9de-1ade9d5a4f43" sleeveid="0">
  <section name="Forwards" shared="False">
    <card qty="3" id="11111111-2222-3333-4444-555555555555">Ashen Blade Kuro</card>
  </section>
  <section name="Backups" shared="False">
    <card qty="2" id="66666666-2222-3333-4444-555555555555">Ember Acolyte</card>
  </section>
  <notes><![CDATA[]]></notes>
</deck>
"""


def test_guids_and_names_are_kept_and_sections_join_the_main_deck() -> None:
    deck = read_o8d(O8D, source="starter.o8d")
    assert deck.game == "fftcg"
    assert deck.name == "starter"
    assert deck.sections == {
        "main": [
            (3, CardRef(name="Ashen Blade Kuro", code="11111111-2222-3333-4444-555555555555")),
            (2, CardRef(name="Ember Acolyte", code="66666666-2222-3333-4444-555555555555")),
        ]
    }


def test_round_trip_keeps_game_guid_ids_and_names() -> None:
    deck = read_o8d(O8D)
    again = read_o8d(write_o8d(deck))
    assert again.sections == deck.sections
    assert again.metadata["octgn_game"] == "285a8cdb-1d02-4edd-a9de-1ade9d5a4f43"


def test_broken_xml_names_file_and_line() -> None:
    with pytest.raises(DeckFormatError, match=r"^bad.o8d:3: not well-formed XML"):
        read_o8d('<deck game="x">\n<section name="Main">\n<card qty="1" id="a">A</section>\n', source="bad.o8d")


def test_entity_declarations_are_refused() -> None:
    with pytest.raises(DeckFormatError, match="entity declarations are not allowed"):
        read_o8d('<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY a "aaaa">]>\n<deck/>', source="bomb.o8d")


def test_a_bad_quantity_is_reported() -> None:
    with pytest.raises(DeckFormatError, match="has quantity 'three'"):
        read_o8d('<deck><section name="Main"><card qty="three" id="a">A</card></section></deck>')
