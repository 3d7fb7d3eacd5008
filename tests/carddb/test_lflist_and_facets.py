"""YGOPro banlists (lflist.conf), the section a card belongs in, and the filter choices of a game."""
from __future__ import annotations

from pathlib import Path

import pytest

from carddb.banlist import read_lflist as read_banlists
from carddb.bundled import load_bundled_cards
from carddb.database import open_database
from carddb.decks.deck_list import DeckFormatError
from carddb.decks.lflist import read_lflist, read_lflist_file
from carddb.facet_values import attribute_values, card_types
from carddb.validation import home_section

REAL_LFLIST = Path(__file__).resolve().parents[2].parent / "shared" / "carddata" / "yugioh" / "ygopro_lflist.conf"


def test_lists_keep_their_order_and_limits_by_passcode() -> None:
    text = "#[2030.1][2029.7]\n!2030.1\n#forbidden\n00012345 0 --Banned\n#limit\n777 1 --One\n!2029.7\n777 2 --Two\n"
    assert read_lflist(text) == {"2030.1": {"12345": 0, "777": 1}, "2029.7": {"777": 2}}


@pytest.mark.parametrize("text, message", [
    ("!list\n777 one --x\n", "conf.txt:2: expected 'PASSCODE LIMIT', got '777 one --x'"),
    ("777 1 --x\n", "conf.txt:1: a card line before any '!list name' line"),
    ("!list\n777 4\n", "conf.txt:2: a limit is 0 to 3, got 4"),
    ("# only comments\n", "conf.txt: holds no list (no '!list name' line): not an lflist.conf"),
])
def test_a_malformed_banlist_is_one_line_naming_the_file_and_line(text: str, message: str) -> None:
    with pytest.raises(DeckFormatError) as error:
        read_lflist(text, source="conf.txt")
    assert str(error.value) == message


def test_the_deck_editor_reads_the_lists_the_new_game_dialog_reads(tmp_path: Path) -> None:
    """One reader (carddb.banlist): the deck editor gets the same lists by passcode; a whitelist list, which forbids
    every card it does not name, is left out of its form rather than checked wrongly."""
    path = tmp_path / "lflist.conf"
    path.write_text("!2030.1\n777 1\n!Goat\n$whitelist\n777 3\n888 1\n!2029.7\n777 2\n", encoding="utf-8")
    assert read_lflist_file(path) == {"2030.1": {"777": 1}, "2029.7": {"777": 2}}
    assert {name: banlist.limits for name, banlist in read_banlists(path).items()} == \
        {"2030.1": {777: 1}, "Goat": {777: 3, 888: 1}, "2029.7": {777: 2}}
    with pytest.raises(DeckFormatError, match="lflist.conf: cannot be read"):
        read_lflist_file(tmp_path / "missing" / "lflist.conf")


def test_an_undecodable_banlist_file_says_so(tmp_path: Path) -> None:
    path = tmp_path / "lflist.conf"
    path.write_bytes(b"!list\n\xff\xfe 1\n")
    with pytest.raises(DeckFormatError, match="not UTF-8 text"):
        read_lflist_file(path)


@pytest.mark.skipif(not REAL_LFLIST.is_file(), reason="../shared/carddata is absent (real YGOPro banlists)")
def test_the_real_ygopro_banlists_read() -> None:
    lists = read_lflist_file(REAL_LFLIST)
    assert len(lists) > 50 and next(iter(lists)) == "2026.7"
    assert all(count in (0, 1, 2) for limits in lists.values() for count in limits.values())


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
