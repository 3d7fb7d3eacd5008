"""The section a card belongs in, and the filter choices of a game."""
from __future__ import annotations

from pathlib import Path

from carddb.bundled import load_bundled_cards
from carddb.database import open_database
from carddb.facet_values import attribute_values, card_types
from carddb.validation import home_section


def test_each_card_has_a_home_section_by_its_games_construction_rules() -> None:
    homes = {(card.game, card.card_type): home_section(card) for game in ("yugioh", "grand-archive", "vanguard", "dreadnought")
             for card in load_bundled_cards(game)}
    assert homes[("yugioh", "xyz_monster")] == "extra" and homes[("yugioh", "spell")] == "main"
    assert homes[("grand-archive", "champion")] == "material" and homes[("grand-archive", "ally")] == "main"
    assert homes[("vanguard", "g_unit")] == "gzone" and homes[("vanguard", "unit")] == "main"
    assert homes[("dreadnought", "caster")] == "casters" and homes[("dreadnought", "unit")] == "main"


def test_filter_choices_are_the_values_a_games_cards_have(tmp_path: Path) -> None:
    with open_database(tmp_path / "cards.sqlite3") as database, database.reading() as connection:
        assert "trigger_unit" in card_types(connection, "vanguard") and "spell" not in card_types(connection, "vanguard")
        assert {"heal", "critical"} <= set(attribute_values(connection, "vanguard", "trigger"))
        assert attribute_values(connection, "fftcg", "no_such_attribute") == []
