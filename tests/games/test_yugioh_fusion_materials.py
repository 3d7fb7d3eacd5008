"""Fusion material lines read from a Fusion Monster's text (real cards name no materials): the templates, and the
share of the real cards.cdb's Fusion Monsters they read."""
from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.engine.cards import CardDefinition
from tabletop.games.yugioh.cards import Material, facts_of, fusion_materials

CDB = Path(__file__).resolve().parents[2].parent / "shared" / "carddata" / "yugioh" / "cards_babelcdb_2020-03-30.cdb"


def fusion(text: str) -> CardDefinition:
    return CardDefinition(id="t", game="yugioh", name="Test Fusion", card_type="fusion_monster", text=text)


@pytest.mark.parametrize(("line", "materials"), [
    ('"Ember Hound" + "Frost Hound"', (Material(1, name="Ember Hound"), Material(1, name="Frost Hound"))),
    ('2 "Gloom" monsters\nOnce per turn: draw 1 card.', (Material(2, archetype="Gloom"),)),
    ('"Ember Hound" + 1 DARK monster', (Material(1, name="Ember Hound"), Material(1, kind="dark"))),
    ('1 "Gloom" monster + 1 Winged Beast monster', (Material(1, archetype="Gloom"), Material(1, kind="winged beast"))),
    ('2+ Dragon monsters', (Material(2, kind="dragon"),)),
])
def test_material_lines_are_read(line: str, materials: tuple[Material, ...]) -> None:
    assert fusion_materials(fusion(line)) == materials


def test_a_line_no_template_reads_is_left_to_the_players() -> None:
    assert fusion_materials(fusion("Must be Special Summoned with a secret rite, using monsters you control.")) is None


def test_most_real_fusion_monsters_have_their_materials_read() -> None:
    if not CDB.exists():
        pytest.skip("../shared/carddata/yugioh not present")
    from carddb.importers import ygopro_cdb
    cards = [c for c in ygopro_cdb.read([CDB]).cards if {"fusion", "monster"} <= facts_of(c).kinds]
    read = [c for c in cards if fusion_materials(c)]
    assert len(cards) > 300 and len(read) / len(cards) >= 0.7, f"{len(read)} of {len(cards)}"
