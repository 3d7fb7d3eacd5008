"""The bundled original sets and decks: complete, well formed, legal, and not copies of real cards."""
from __future__ import annotations

import csv
import json
import sqlite3
from pathlib import Path

import pytest

from carddb.bundled import BundledDataError, bundled_lookup, load_bundled_cards, load_bundled_decks, load_card_file
from carddb.card_schema import BUNDLED_ID_PREFIX, GAMES, SCHEMAS, validate_card
from carddb.decks import resolve_deck
from tabletop.engine.cards import CardDefinition

CARDDATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "carddata"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_set_of_well_formed_cards(game: str) -> None:
    cards = load_bundled_cards(game)
    assert len(cards) >= 25
    assert all(isinstance(c, CardDefinition) and c.game == game for c in cards)
    assert all(c.id.startswith(BUNDLED_ID_PREFIX[game]) for c in cards)
    assert len({c.id for c in cards}) == len(cards)
    assert len({c.name for c in cards}) == len(cards)
    for card in cards:
        assert validate_card(game, card.to_mapping()) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_keyword_of_the_digest_is_on_some_card(game: str) -> None:
    used = {keyword for card in load_bundled_cards(game) for keyword in card.keywords}
    assert SCHEMAS[game].keywords - used == set()


def test_vanguard_covers_every_trigger_gift_and_card_type() -> None:
    cards = load_bundled_cards("vanguard")
    assert {c.attributes.get("trigger") for c in cards} >= {"critical", "draw", "heal", "stand", "front", "over"}
    assert {c.attributes.get("gift") for c in cards} >= {"force", "accel", "protect"}
    assert {c.card_type for c in cards} >= {"unit", "trigger_unit", "g_unit"}


def test_yugioh_covers_every_frame() -> None:
    types = {c.card_type for c in load_bundled_cards("yugioh")}
    assert types == set(SCHEMAS["yugioh"].card_types)
    passcodes = [c.attributes["passcode"] for c in load_bundled_cards("yugioh")]
    assert min(passcodes) > 700_000_000 and len(set(passcodes)) == len(passcodes)


@pytest.mark.parametrize(("game", "expected"), [
    ("vanguard", {"standard": 2, "premium": 2}), ("fftcg", {"constructed": 2}), ("yugioh", {None: 2}),
    ("grand-archive", {None: 2}), ("dreadnought", {None: 2}),
])
def test_bundled_decks_resolve_completely(game: str, expected: dict[str | None, int]) -> None:
    decks = load_bundled_decks(game)
    formats: dict[str | None, int] = {}
    for deck in decks:
        assert deck.game == game
        resolved, unknown = resolve_deck(deck, bundled_lookup(game))
        assert unknown == [], deck.name
        assert resolved.count() == deck.count()
        formats[deck.format] = formats.get(deck.format, 0) + 1
    assert formats == expected


def test_bundled_decks_are_fresh_copies() -> None:
    first = load_bundled_decks("fftcg")[0]
    first.sections.clear()
    assert load_bundled_decks("fftcg")[0].count() == 50


def test_a_game_without_a_set_has_no_cards_and_no_decks() -> None:
    assert load_bundled_cards("freeform") == []
    assert load_bundled_decks("freeform") == []


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "set.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_malformed_card_names_file_card_and_field(tmp_path: Path) -> None:
    path = _write(tmp_path, "game: fftcg\ncards:\n- {id: FF-900, name: A, type: forward, cost: 2, power: lots, element: [fire], job: X}\n")
    with pytest.raises(BundledDataError) as error:
        load_card_file(path, "fftcg")
    assert str(error.value) == f"{path}: card #1 (FF-900): card 'FF-900': field 'power' must be a whole number, got 'lots'"


def test_a_missing_attribute_and_a_wrong_prefix_are_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "game: fftcg\ncards:\n- {id: FF-901, name: A, type: forward, cost: 2, power: 5000, element: [fire]}\n")
    with pytest.raises(BundledDataError, match=r"card #1 \(FF-901\): card 'FF-901': missing attribute 'job'"):
        load_card_file(path, "fftcg")
    path = _write(tmp_path, "game: fftcg\ncards:\n- {id: X-1, name: A, type: summon, cost: 2, element: [fire]}\n")
    with pytest.raises(BundledDataError, match="field 'id' must start with 'FF-'"):
        load_card_file(path, "fftcg")


def test_broken_yaml_names_the_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "game: fftcg\ncards:\n- {id: FF-1, name: [unclosed\n")
    with pytest.raises(BundledDataError, match=rf"^{path}:\d+: not valid YAML"):
        load_card_file(path, "fftcg")


def test_a_file_of_another_game_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "game: yugioh\ncards: []\n")
    with pytest.raises(BundledDataError, match="field 'game' is 'yugioh', expected 'fftcg'"):
        load_card_file(path, "fftcg")


def _real_names() -> set[str]:
    names: set[str] = set()
    for cdb in (CARDDATA / "yugioh" / "cards_babelcdb_2020-03-30.cdb", CARDDATA / "vanguard" / "ygoprocv_cards.cdb"):
        if cdb.exists():
            with sqlite3.connect(f"file:{cdb}?mode=ro", uri=True) as connection:
                names |= {row[0] for row in connection.execute("select name from texts")}
    for path in CARDDATA.glob("*/*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        rows = data if isinstance(data, list) else next((v for v in data.values() if isinstance(v, list)), [])
        names |= {str(row.get("name") or row.get("Name") or "") for row in rows if isinstance(row, dict)}
    for path in CARDDATA.glob("grand-archive/*.csv"):
        with path.open(encoding="utf-8") as stream:
            names |= {row.get("name", "") for row in csv.DictReader(stream)}
    return {n.strip().casefold() for n in names if n and n.strip()}


def test_no_bundled_card_carries_a_real_card_name() -> None:
    if not CARDDATA.is_dir():
        pytest.skip("../shared/carddata not present")
    real = _real_names()
    assert len(real) > 5000
    clashes = sorted(c.name for c in load_bundled_cards() if c.name.casefold() in real)
    assert clashes == []


def test_bundled_decks_name_cards_by_bundled_id_whatever_the_file_format() -> None:
    ydk_deck = next(d for d in load_bundled_decks("yugioh") if d.name == "Skyforge Wardens")
    omnideck = next(d for d in load_bundled_decks("grand-archive") if d.name == "Ashen Crusade")
    assert all(ref.code.startswith("YG-") and ref.name for _, _, ref in ydk_deck.entries())
    assert all(ref.code.startswith("GA-") for _, _, ref in omnideck.entries())
    config = omnideck.as_config_sections()
    assert len(config["main"]) == 60 and config["material"][0] == "GA-001"


def test_a_bundled_deck_naming_an_unknown_card_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import carddb.bundled as bundled

    (tmp_path / "fftcg" / "decks").mkdir(parents=True)
    (tmp_path / "fftcg" / "set.yaml").write_text(
        "game: fftcg\ncards:\n- {id: FF-001, name: Lone Card, type: summon, cost: 1, element: [fire]}\n", encoding="utf-8")
    (tmp_path / "fftcg" / "decks" / "bad.txt").write_text("# game: fftcg\n3 Lone Card\n2 Missing Card (FF-999)\n", encoding="utf-8")
    monkeypatch.setattr(bundled, "DATA_DIR", tmp_path)
    bundled._load_cards.cache_clear()
    bundled._load_decks.cache_clear()
    try:
        with pytest.raises(BundledDataError) as error:
            load_bundled_decks("fftcg")
        assert str(error.value) == f"{tmp_path / 'fftcg' / 'decks' / 'bad.txt'}: unknown card 'Missing Card (FF-999)' (2x in main)"
    finally:
        bundled._load_cards.cache_clear()
        bundled._load_decks.cache_clear()
