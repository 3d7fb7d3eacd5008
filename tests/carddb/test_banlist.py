"""Forbidden & Limited lists from an lflist.conf, and the deck check that applies them."""
from __future__ import annotations

from pathlib import Path

import pytest

from carddb.banlist import BanList, limits_by_name, read_lflist
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


def test_the_real_list_file_reads_every_list() -> None:
    if not REAL.exists():
        pytest.skip("../shared/carddata not present")
    lists = read_lflist(REAL)
    assert "2026.7" in lists and len(lists) > 50
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
