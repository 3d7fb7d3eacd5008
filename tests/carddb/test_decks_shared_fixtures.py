"""Every real deck file in ../shared/carddata/*/decks loads, with LF and with CRLF line ends."""
from __future__ import annotations

from pathlib import Path

import pytest

from carddb.decks import parse_deck, read_deck_file

CARDDATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "carddata"
DECK_FILES = sorted(CARDDATA.glob("*/decks/*")) if CARDDATA.is_dir() else []
# What a player expects each real file to hold: section -> number of cards.
EXPECTED = {
    "octgn_starter_Fire_Earth_VII_.o8d": {"main": 50},
    "untap_example_from_silhouette-card-maker.txt": {"main": 50},
    "gaonline_native_lorraineStarter.txt": {"material": 12, "main": 60},
    "lorraineStarter_omnideck.DERIVED.txt": {"material": 12, "main": 60},
    "windbot_AI_SkyStriker.ydk": {"main": 40, "extra": 15, "side": 0},
    "ygoprocv_VG-TD01_Blaster_Blade.ydk": {"main": 51, "extra": 0, "side": 0},
}


def _require_carddata() -> None:
    if not CARDDATA.is_dir():
        pytest.skip("../shared/carddata not present")


def test_the_fixture_folder_has_deck_files() -> None:
    _require_carddata()
    assert len(DECK_FILES) >= 10


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
@pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: p.name)
def test_every_fixture_deck_loads(path: Path, newline: str) -> None:
    game = path.parent.parent.name
    deck = read_deck_file(path, game=game)
    text = path.read_bytes().decode("utf-8-sig").replace("\r\n", "\n").replace("\n", newline)
    again = parse_deck(text, source=str(path), game=game)
    assert again.sections == deck.sections
    assert deck.game == game
    assert deck.count() > 0
    assert all(count >= 1 for _, count, _ in deck.entries())
    expected = EXPECTED.get(path.name)
    if expected is not None:
        assert {section: deck.count(section) for section in deck.sections} == expected


def test_o8d_fixture_keeps_guids_and_names() -> None:
    _require_carddata()
    path = CARDDATA / "fftcg" / "decks" / "octgn_starter_Wind_Water_X_.o8d"
    if not path.exists():
        pytest.skip("o8d fixture not present")
    deck = read_deck_file(path)
    assert deck.game == "fftcg"
    refs = [ref for _, _, ref in deck.entries()]
    assert all(ref.name and len(ref.code) == 36 and ref.code.count("-") == 4 for ref in refs)
