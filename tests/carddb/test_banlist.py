"""Forbidden & Limited lists from an lflist.conf, and the deck check that applies them."""
from __future__ import annotations

from pathlib import Path

import pytest

from carddb.banlist import BanList, limits_by_name, parse_lflist, read_lflist
from carddb.decks.deck_list import DeckFormatError
from carddb.errors import CardDatabaseError
from tabletop.engine.cards import CardDefinition

REAL = Path(__file__).resolve().parents[2].parent / "shared" / "carddata" / "yugioh" / "ygopro_lflist.conf"


def card(code: str, name: str, alias: str | None = None) -> CardDefinition:
    return CardDefinition(id=code, game="yugioh", name=name, card_type="monster",
                          attributes={"alias": alias} if alias else {})


def test_lists_are_read_with_their_limits(tmp_path: Path) -> None:
    path = tmp_path / "lflist.conf"
    path.write_text("#[A][B]\n!A\n#forbidden\n100 0 --Bad\n200 1 --Rare\n!B\n$whitelist\n300 3\n", encoding="utf-8")
    lists = read_lflist(path)
    assert list(lists) == ["A", "B"] and lists["A"].limits == {100: 0, 200: 1} and lists["B"].whitelist
    cards = [card("100", "Bad"), card("200", "Rare"), card("201", "Rare", alias="200"), card("300", "Free"),
             card("400", "Other")]
    assert limits_by_name(lists["A"], cards) == {"Bad": 0, "Rare": 1}
    assert limits_by_name(lists["B"], cards) == {"Bad": 0, "Rare": 0, "Free": 3, "Other": 0}


@pytest.mark.parametrize(("text", "problem"), [
    ("100 0\n", "line 1: a card line before any '!list name' line"),
    ("!A\nabc 1\n", "line 2: expected 'PASSCODE LIMIT'"),
    ("!A\n100 7\n", "line 2: a limit is 0 to 3, got 7"),
    ("# nothing\n", "holds no list"),
])
def test_a_bad_file_is_one_line_naming_it(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "bad.conf"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardDatabaseError, match=problem) as error:
        read_lflist(path)
    assert str(path) in str(error.value) and "\n" not in str(error.value)


def test_lists_keep_their_file_order_and_limits_by_passcode() -> None:
    text = "#[2030.1][2029.7]\n!2030.1\n#forbidden\n00012345 0 --Banned\n#limit\n777 1 --One\n!2029.7\n777 2 --Two\n"
    lists = parse_lflist(text)
    assert list(lists) == ["2030.1", "2029.7"]
    assert lists["2030.1"].limits == {12345: 0, 777: 1} and lists["2029.7"].limits == {777: 2}


@pytest.mark.parametrize("text, message", [
    ("!list\n777 one --x\n", "conf.txt:2: expected 'PASSCODE LIMIT', got '777 one --x'"),
    ("777 1 --x\n", "conf.txt:1: a card line before any '!list name' line"),
    ("!list\n777 4\n", "conf.txt:2: a limit is 0 to 3, got 4"),
    ("# only comments\n", "conf.txt: holds no list (no '!list name' line): not an lflist.conf"),
])
def test_a_malformed_text_is_one_line_naming_its_source_and_line(text: str, message: str) -> None:
    with pytest.raises(DeckFormatError) as error:
        parse_lflist(text, source="conf.txt")
    assert str(error.value) == message


def test_a_missing_or_undecodable_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(CardDatabaseError, match="lflist.conf: cannot be read"):
        read_lflist(tmp_path / "missing" / "lflist.conf")
    path = tmp_path / "lflist.conf"
    path.write_bytes(b"!list\n\xff\xfe 1\n")
    with pytest.raises(CardDatabaseError, match="not UTF-8 text"):
        read_lflist(path)


def test_the_real_list_file_reads_every_list() -> None:
    if not REAL.exists():
        pytest.skip("../shared/carddata not present")
    lists = read_lflist(REAL)
    assert next(iter(lists)) == "2026.7" and len(lists) > 50
    assert all(count in (0, 1, 2) for banlist in lists.values() for count in banlist.limits.values())
    latest = lists["2026.7"]
    assert isinstance(latest, BanList) and 0 in latest.limits.values() and 1 in latest.limits.values()


def test_a_deck_over_a_limit_is_refused_naming_the_list(tmp_path: Path) -> None:
    from carddb.banlist import regulation_of
    from carddb.bundled import load_bundled_cards, load_bundled_decks
    from carddb.validation import deck_problems

    path = tmp_path / "lflist.conf"
    path.write_text("!2031.1 Test\n710000021 1 --Mirefang Hound\n710000034 0 --Silence of the Depths\n", encoding="utf-8")
    cards = load_bundled_cards("yugioh")
    deck = next(d for d in load_bundled_decks("yugioh") if d.name.startswith("Mirefang")).as_config_sections()
    assert deck_problems("yugioh", deck, cards) == []
    problems = deck_problems("yugioh", deck, cards, regulation=regulation_of(read_lflist(path)["2031.1 Test"], cards))
    assert problems == [
        "Yu-Gi-Oh! 2.5 (Forbidden & Limited list '2031.1 Test'): 'Silence of the Depths' is Forbidden",
        "Yu-Gi-Oh! 2.5 (Forbidden & Limited list '2031.1 Test'): at most 1 copy of the same name "
        "('Mirefang Hound' has 3)"]
