"""Decks whose cards are named by other programs' ids or by ambiguous names: OCTGN GUIDs from set.xml files
and card JSON, FFDecks card and deck files, names several different cards bear. All cards here are invented."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from carddb.database import CardDatabase
from carddb.decks import CardRef, DeckList, library_lookup, read_deck_file, resolve_deck
from carddb.decks.opening import open_deck
from carddb.errors import CardDatabaseError
from carddb.importing import import_files
from tabletop.app.cli import main
from tabletop.engine.cards import CardDefinition
from tabletop.engine.errors import BadInput

FFTCG_GAME = "285a8cdb-1d02-4edd-a9de-1ade9d5a4f43"
GUID_EARLY = "aaaaaaaa-0000-4000-8000-000000000001"
GUID_LATE = "aaaaaaaa-0000-4000-8000-000000000002"
GUID_ONLY = "aaaaaaaa-0000-4000-8000-000000000003"


def _browser_card(code: str, name: str, cost: int, text: str, element: str = "fire") -> dict[str, object]:
    return {"id": code, "cardNumber": code, "name": name, "element": element, "type": "forward", "cost": cost,
            "power": 5000, "job": "Tester", "category": "T", "rarity": code[-1], "text": text}


def _card_json(tmp_path: Path, *records: dict[str, object]) -> Path:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(list(records)), encoding="utf-8")
    return path


def _set_xml(tmp_path: Path, cards: str, game: str = FFTCG_GAME, name: str = "set.xml") -> Path:
    path = tmp_path / name
    path.write_text(f'<?xml version="1.0" encoding="utf-8"?>\n<set name="Test Opus" id="s" gameId="{game}">'
                    f"<cards>{cards}</cards></set>\n", encoding="utf-8")
    return path


def _octgn_card(guid: str, name: str, serial: str, rarity: str, cost: int, text: str = "") -> str:
    props = {"CP": cost, "Element": "Fire", "CardType": "Forward", "Occupation": "Tester", "Power": 5000,
             "Abilities": text, "SetNumber": serial, "Rarity": rarity, "Category": "T", "CanUseEX": "No"}
    inner = "".join(f'<property name="{key}" value="{value}"/>' for key, value in props.items())
    return f'<card name="{name}" id="{guid}">{inner}</card>'


def _o8d(tmp_path: Path, *entries: tuple[int, str, str]) -> Path:
    path = tmp_path / "starter.o8d"
    cards = "".join(f'<card qty="{qty}" id="{guid}">{name}</card>' for qty, guid, name in entries)
    path.write_text(f'<?xml version="1.0"?>\n<deck game="{FFTCG_GAME}"><section name="Forwards">{cards}</section></deck>',
                    encoding="utf-8")
    return path


TWO_EMBERS = (_browser_card("91-001C", "Ember Knight", 2, "Haste"),
              _browser_card("91-050L", "Ember Knight", 6, "When Ember Knight enters the field, draw 1 card."))


def test_a_name_of_several_different_cards_is_refused_with_the_codes(db: CardDatabase, tmp_path: Path) -> None:
    import_files(db, "fftcg-json", [_card_json(tmp_path, *TWO_EMBERS)])
    deck = tmp_path / "list.txt"
    deck.write_text("# game: fftcg\n3 Ember Knight\n", encoding="utf-8")
    with pytest.raises(BadInput) as caught:
        open_deck(deck, "fftcg", db)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(str(deck))
    assert "'Ember Knight' (3x in main) is ambiguous: 2 different cards have that name (91-001C, 91-050L)" in message
    deck.write_text("# game: fftcg\n3 Ember Knight (91-050L)\n", encoding="utf-8")
    assert [card.cost for card in open_deck(deck, "fftcg", db).cards()] == [6, 6, 6]


def test_printings_of_one_card_are_one_choice() -> None:
    original = CardDefinition(id="1", game="yugioh", name="Same", card_type="spell", text="Draw 1.")
    alternate_art = CardDefinition(id="2", game="yugioh", name="Same", card_type="spell", text="Draw 1.",
                                   attributes={"alias": 1})
    reprint = CardDefinition(id="3", game="yugioh", name="same", card_type="spell", text="Draw 1.")
    deck = DeckList(game="yugioh", name="d")
    deck.add("main", 2, CardRef(name="Same"))
    resolved, unknown = resolve_deck(deck, library_lookup([original, alternate_art, reprint]))
    assert unknown == [] and [card.id for card in resolved.cards()] == ["1", "1"]


def test_a_reprint_numbered_both_ways_is_the_card_it_reprints() -> None:
    card = CardDefinition(id="91-001C", game="fftcg", name="Ember Knight", card_type="forward", text="Haste")
    reprint = CardDefinition(id="Re-001C/91-001C", game="fftcg", name="Ember Knight", card_type="forward",
                             text="[[i]]Haste[[/]]")
    other = CardDefinition(id="91-050L", game="fftcg", name="Ember Knight", card_type="forward", cost=6)
    deck = DeckList(game="fftcg", name="d")
    deck.add("main", 1, CardRef(name="Ember Knight"))
    resolved, unknown = resolve_deck(deck, library_lookup([reprint, card]))
    assert unknown == [] and [c.id for c in resolved.cards()] == ["91-001C"]
    resolved, unknown = resolve_deck(deck, library_lookup([reprint, card, other]))
    assert unknown[0].choices == ("91-001C", "91-050L")


def test_an_o8d_deck_resolves_by_guid_whichever_file_came_first(db: CardDatabase, tmp_path: Path) -> None:
    """OCTGN's name for a card can differ from the official one, and two printings share a name: the GUID decides."""
    set_xml = _set_xml(tmp_path, _octgn_card(GUID_EARLY, "Ember Knight", "91-001", "C", 2, "Haste")
                       + _octgn_card(GUID_LATE, "Ember Knigth", "91-050", "L", 6)
                       + _octgn_card(GUID_ONLY, "Cinder Page", "91-007", "C", 1, "Brave"))
    summary = import_files(db, "octgn-set-xml", [set_xml])
    assert (summary.added, summary.skipped) == (3, ())
    cards = _card_json(tmp_path, *TWO_EMBERS)   # imported later (a newer file): the GUIDs stay
    assert import_files(db, "fftcg-json", [cards]).updated == 2
    deck = _o8d(tmp_path, (3, GUID_LATE, "Ember Knigth"), (2, GUID_EARLY, "Ember Knight"), (1, GUID_ONLY, "Cinder Page"))
    resolved = open_deck(deck, "fftcg", db)
    assert [(n, card.id, card.cost) for _, n, card in resolved.entries()] == [
        (3, "91-050L", 6), (2, "91-001C", 2), (1, "91-007C", 1)]
    assert db.card("fftcg", "91-050L").name == "Ember Knight"   # the official name and text are kept


def test_a_set_file_adds_guids_to_cards_already_stored_without_changing_them(db: CardDatabase, tmp_path: Path) -> None:
    import_files(db, "fftcg-json", [_card_json(tmp_path, *TWO_EMBERS)])
    before = db.card("fftcg", "91-001C")
    import_files(db, "octgn-set-xml", [_set_xml(tmp_path, _octgn_card(GUID_EARLY, "Ember Knite", "91-001", "C", 9))])
    after = db.card("fftcg", "91-001C")
    assert (after.name, after.cost, after.text) == (before.name, before.cost, before.text)
    assert after.attributes["octgn_id"] == GUID_EARLY


def test_card_json_with_octgn_ids_resolves_o8d_decks(db: CardDatabase, tmp_path: Path) -> None:
    early, late = ({**record, "octgn_id": guid} for record, guid in zip(TWO_EMBERS, (GUID_EARLY, GUID_LATE)))
    import_files(db, "fftcg-json", [_card_json(tmp_path, early, late)])
    assert db.card("fftcg", "91-050L").attributes["octgn_id"] == GUID_LATE
    resolved = open_deck(_o8d(tmp_path, (3, GUID_LATE, "Ember Knight")), "fftcg", db)
    assert [card.id for card in resolved.cards()] == ["91-050L"] * 3


def test_an_unknown_guid_falls_back_to_an_unambiguous_name_only(db: CardDatabase, tmp_path: Path) -> None:
    import_files(db, "fftcg-json", [_card_json(tmp_path, *TWO_EMBERS, _browser_card("91-007C", "Cinder Page", 1, ""))])
    deck = _o8d(tmp_path, (1, GUID_ONLY, "Cinder Page"))
    assert [card.id for card in open_deck(deck, "fftcg", db).cards()] == ["91-007C"]
    deck = _o8d(tmp_path, (1, GUID_ONLY, "Cinder Page"), (2, GUID_LATE, "Ember Knight"))
    with pytest.raises(BadInput, match=r"'Ember Knight \(aaaaaaaa-0000-4000-8000-000000000002\)' \(2x in main\) is "
                                       r"ambiguous: 2 different cards have that name \(91-001C, 91-050L\)"):
        open_deck(deck, "fftcg", db)


@pytest.mark.parametrize("content, words", [
    (_octgn_card(GUID_EARLY, "X", "91-001", "C", 1), ["is a set of OCTGN game", "not one this client plays"]),
    ("<!ENTITY x 'y'>", ["DTD and entity declarations are not allowed"]),
])
def test_set_files_of_another_game_or_with_entities_are_refused_whole(
    db: CardDatabase, tmp_path: Path, content: str, words: list[str]
) -> None:
    good = _set_xml(tmp_path, _octgn_card(GUID_ONLY, "Cinder Page", "91-007", "C", 1), name="good.xml")
    if content.startswith("<!"):
        bad = tmp_path / "bad.xml"
        bad.write_text(f'<?xml version="1.0"?>\n<!DOCTYPE set [{content}]>\n<set/>', encoding="utf-8")
    else:
        bad = _set_xml(tmp_path, content, game="00000000-0000-0000-0000-000000000000", name="bad.xml")
    with pytest.raises(CardDatabaseError) as caught:
        import_files(db, "octgn-set-xml", [good, bad])
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"{bad}: ")
    assert all(word in message for word in words)
    assert db.library("fftcg") == {} and db.info().imports == ()


FFDECKS_CARDS = {"cards": [
    {"serial_number": "91-001", "rarity": "Common", "name": "Ember Knight", "type": "Forward", "element": "Fire",
     "elements": ["Fire"], "cost": 2, "power": 5000, "job": "Tester", "category": "T", "is_ex_burst": False,
     "is_multi_playable": False, "abilities": ["Haste"], "octgn_id": GUID_EARLY},
    {"serial_number": "91-050", "rarity": "Legend", "name": "Ember Knight", "type": "Forward", "element": None,
     "elements": ["Fire", "Ice"], "cost": 6, "power": 9000, "job": "Tester", "category": "T", "is_ex_burst": True,
     "is_multi_playable": False, "octgn_id": GUID_LATE,
     "abilities": ["{x} When Ember Knight enters the field, choose 1 *dull* Forward.",
                   "{2}{f}{d}: Choose 1 ~Job Tester~. It gains +1000 power."]},
    {"serial_number": "PR-001", "rarity": "Promo", "name": "Cinder Page", "type": "Summon", "element": "Ice",
     "elements": ["Ice"], "cost": 1, "power": None, "job": "", "category": "T", "is_ex_burst": False,
     "abilities": ["Draw 1 card."], "octgn_id": GUID_ONLY},
]}


def test_ffdecks_card_json_imports_with_official_numbers_and_readable_text(db: CardDatabase, tmp_path: Path) -> None:
    path = tmp_path / "ffdecks.json"
    path.write_text(json.dumps(FFDECKS_CARDS), encoding="utf-8")
    summary = import_files(db, "fftcg-json", [path])
    assert (summary.added, summary.skipped) == (3, ())
    legend = db.card("fftcg", "91-050L")
    assert legend.attributes["element"] == ["Fire", "Ice"] and legend.attributes["ex_burst"] is True
    assert legend.text == ("EX BURST When Ember Knight enters the field, choose 1 dull Forward.\n"
                           "[2][Fire][Dull]: Choose 1 Job Tester. It gains +1000 power.")
    assert legend.attributes["octgn_id"] == GUID_LATE
    assert db.card("fftcg", "PR-001").card_type == "summon"
    resolved = open_deck(_o8d(tmp_path, (2, GUID_LATE, "Ember Knight")), "fftcg", db)
    assert [card.id for card in resolved.cards()] == ["91-050L", "91-050L"]


def test_a_card_file_whose_every_record_is_skipped_says_why_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "odd.json"
    path.write_text(json.dumps({"cards": [{"serial_number": "91-001", "name": "No Element", "cost": 1,
                                           "type": "Forward"}] * 3}), encoding="utf-8")
    assert main(["db", "import", "fftcg-json", str(path), "--db", str(tmp_path / "cards.sqlite3")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{path}: is not a fftcg-json file: 3 of 3 records do not fit" in err
    assert "unknown element" in err


def test_an_ffdecks_deck_resolves_by_number_then_guid(db: CardDatabase, tmp_path: Path) -> None:
    import_files(db, "fftcg-json", [_card_json(tmp_path, *TWO_EMBERS)])
    cards = FFDECKS_CARDS["cards"]
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps({"name": "Embers", "format": "Standard",
                                "cards": [{"card": cards[1], "quantity": 3}, {"card": cards[0], "quantity": 2}]}))
    listed = read_deck_file(deck)
    assert (listed.game, listed.name, listed.format) == ("fftcg", "Embers", "constructed")
    assert listed.sections["main"][0] == (3, CardRef("Ember Knight", "91-050L", ("91-050", GUID_LATE)))
    resolved = open_deck(deck, "fftcg", db)
    assert [(n, card.id) for _, n, card in resolved.entries()] == [(3, "91-050L"), (2, "91-001C")]
    deck.write_text(json.dumps({"name": "Bad", "cards": [{"card": cards[0], "quantity": "two"}]}))
    with pytest.raises(BadInput, match=r"deck.json: cards\[1\] has quantity 'two'"):
        open_deck(deck, "fftcg", db)


def test_removing_a_set_file_source_forgets_its_guids(db: CardDatabase, tmp_path: Path) -> None:
    import_files(db, "fftcg-json", [_card_json(tmp_path, *TWO_EMBERS)])
    set_xml = _set_xml(tmp_path, _octgn_card(GUID_LATE, "Ember Knight", "91-050", "L", 6))
    import_files(db, "octgn-set-xml", [set_xml])
    deck = _o8d(tmp_path, (1, GUID_LATE, "Ember Knight"))
    assert [card.id for card in open_deck(deck, "fftcg", db).cards()] == ["91-050L"]
    db.remove_source(str(set_xml))
    assert db.external_ids("fftcg") == {}
    with pytest.raises(BadInput, match="is ambiguous"):
        open_deck(deck, "fftcg", db)


def test_real_octgn_starters_are_never_resolved_to_another_printing_by_name(db: CardDatabase, carddata: Path) -> None:
    """Without the plugin's set files the GUIDs are unknown: a name several real cards bear is refused."""
    import_files(db, "fftcg-json", [carddata / "fftcg" / "fftcgsim_square_api_derived_cards.json"])
    for deck in sorted((carddata / "fftcg" / "decks").glob("*.o8d")):
        with pytest.raises(BadInput) as caught:
            open_deck(deck, "fftcg", db)
        message = str(caught.value)
        assert "\n" not in message and message.startswith(str(deck)) and "is ambiguous" in message, message
