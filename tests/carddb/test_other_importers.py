"""fftcg-json, ga-csv and vanguard importers on tiny invented sources and on the real files."""
from __future__ import annotations

import csv
import json
from pathlib import Path

from carddb.database import CardDatabase
from carddb.importers import ga_csv
from carddb.importers.fftcg_json import readable_text
from carddb.importing import import_files
from tests.carddb.conftest import make_cdb

FFTCG_RECORD = {
    "id": "99-001H", "cardNumber": "99-001H", "name": "Test Hero", "element": "fire", "type": "forward",
    "cost": 4, "power": 8000, "job": "Tester", "category": "XV", "rarity": "H", "set": "Opus Test",
    "text": "Haste First Strike[[br]]   [[ex]]EX BURST[[/]] When Test Hero enters the field, deal it 1000 damage."
            "[[br]]   《火》《ダル》: Test Hero gains +1000 power.",
}


def test_fftcg_markup_becomes_readable_text() -> None:
    text = readable_text(FFTCG_RECORD["text"])
    assert text.split("\n") == [
        "Haste First Strike",
        "EX BURST When Test Hero enters the field, deal it 1000 damage.",
        "[Fire][Dull]: Test Hero gains +1000 power.",
    ]
    assert readable_text("《１》[[s]]Big Move[[/]] 《S》") == "[1]Big Move [Special]"


def test_fftcg_fields_keywords_and_flags(db: CardDatabase, tmp_path: Path) -> None:
    backup = {**FFTCG_RECORD, "id": "99-002C", "cardNumber": "99-002C", "name": "Test Backup", "type": "backup",
              "power": 0, "element": "ice/water", "text": "Brave", "multicard": "1"}
    crystal = {**FFTCG_RECORD, "id": "C-001", "cardNumber": "C-001", "name": "", "element": "unknown"}
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([FFTCG_RECORD, backup, crystal]), encoding="utf-8")
    summary = import_files(db, "fftcg-json", [path])
    assert (summary.added, [s.label for s in summary.skipped]) == (2, ["C-001"])
    hero = db.card("fftcg", "99-001H")
    assert hero.cost == 4 and hero.stat("power") == 8000 and hero.card_type == "forward"
    assert dict(hero.keywords) == {"haste": True, "first_strike": True, "ex burst": True}
    assert hero.attributes["element"] == ["Fire"] and hero.attributes["ex_burst"] is True
    assert "multi_copy" not in hero.attributes  # the file did not say
    other = db.card("fftcg", "99-002C")
    assert other.attributes["element"] == ["Ice", "Water"] and other.attributes["multi_copy"] is True
    assert other.stats == {} and other.has_keyword("brave")


def test_fftcg_real_file(db: CardDatabase, carddata: Path) -> None:
    summary = import_files(db, "fftcg-json", [carddata / "fftcg" / "fftcgsim_square_api_derived_cards.json"])
    assert summary.added == 3846 and len(summary.skipped) == 7  # the 7 nameless crystal records
    library = db.library("fftcg")
    assert not any("[[" in card.text or "《" in card.text for card in library.values())
    assert sum(card.has_keyword("brave") for card in library.values()) > 50


def _ga_files(tmp_path: Path, header: tuple[str, ...] = ("slug", "name", "side", "effect_raw")) -> tuple[Path, Path]:
    csv_path = tmp_path / "effects.csv"
    with csv_path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerow(["test-ally", "Test Ally", "front", "Taunt, Ranged 2\n\nOn Enter: Draw a card."])
        writer.writerow(["test-ally-alt", "Test Ally", "front", "Taunt, Ranged 2\n\nOn Enter: Draw a card."])
        writer.writerow(["test-relic", "Test Relic", "front", "[Class Bonus] Stealth\n\nREST: Gain 1."])
    json_path = tmp_path / "stats.json"
    json_path.write_text(json.dumps([
        {"uuid": "u1", "name": "Test Ally", "types": ["UNIQUE", "ALLY"], "classes": ["WARRIOR"],
         "subtypes": ["HUMAN"], "element": "FIRE", "cost_memory": None, "cost_reserve": 2, "level": 0,
         "power": 2, "life": 3, "durability": None, "speed": None},
        {"uuid": "u2", "name": "Only Stats", "types": ["REGALIA", "WEAPON"], "classes": [], "subtypes": [],
         "element": "NORM", "cost_memory": 1, "cost_reserve": None, "level": None, "power": 1, "life": None,
         "durability": 2, "speed": None},
    ]), encoding="utf-8")
    return csv_path, json_path


def test_ga_texts_and_stats_join_by_name(db: CardDatabase, tmp_path: Path) -> None:
    csv_path, json_path = _ga_files(tmp_path)
    summary = import_files(db, "ga-csv", [csv_path, json_path])
    assert summary.added == 4
    ally = db.card("grand-archive", "test-ally-alt")
    assert ally.card_type == "ally" and ally.cost == 2 and ally.stats == {"level": 0, "power": 2, "life": 3}
    assert ally.attributes["element"] == "Fire" and ally.attributes["types"] == ["unique", "ally"]
    assert dict(ally.keywords) == {"taunt": True, "ranged": 2}
    assert db.card("grand-archive", "test-relic").has_keyword("stealth")
    weapon = db.card("grand-archive", "only-stats")
    assert weapon.card_type == "weapon" and weapon.attributes["cost_kind"] == "memory" and weapon.text == ""


def test_ga_lineage_is_read_as_a_keyword() -> None:
    text = "Warden Lineage (This must be leveled from a previous level \"Warden\" champion, as ever.)\n[Class Bonus] Stealth"
    assert ga_csv.keywords_in(text) == {"lineage": "Warden", "stealth": True}
    assert "lineage" not in ga_csv.keywords_in("Lineage Release — Recover 2.")


def test_ga_either_file_alone_keeps_what_the_other_gave(db: CardDatabase, tmp_path: Path) -> None:
    csv_path, json_path = _ga_files(tmp_path)
    import_files(db, "ga-csv", [json_path])
    assert db.card("grand-archive", "test-ally").text == ""
    import_files(db, "ga-csv", [csv_path])
    ally = db.card("grand-archive", "test-ally")
    assert ally.text.startswith("Taunt") and ally.cost == 2 and ally.card_type == "ally"
    assert db.card("grand-archive", "test-relic").card_type == "unknown"


def test_ga_real_files(db: CardDatabase, carddata: Path) -> None:
    folder = carddata / "grand-archive"
    stats = next(folder.glob("ga_cards_DERIVED_*.json"))
    summary = import_files(db, "ga-csv", [folder / "amphiblocks_gatcg_effects_raw_2025-11.csv", stats])
    assert summary.added == 1682 and not summary.skipped
    assert sum(c.card_type != "unknown" for c in db.library("grand-archive").values()) >= 642


def test_vanguard_json_decodes_and_resolves_number_clashes(db: CardDatabase, tmp_path: Path) -> None:
    record = {"id": "1", "name": "Test Vanguard", "skill": "[AUTO](VC):<i>Draw</i> a card.<br>Then stand.",
              "grade": 3, "power": 13000, "shield": 0, "ability": "Twin Drive", "nation": "Dragon Empire",
              "race": "Human", "sets": ["D-TS01"], "setCode": ["D-TS01 001", "D-TS02 009"],
              "keywords": ["Persona Ride"], "type": "Normal Unit", "critical": 1, "trigger": "None"}
    clash = {**record, "id": "2", "name": "Test Other", "setCode": ["D-TS01 001"], "grade": 0,
             "trigger": "Critical", "type": "Trigger Unit", "shield": 15000, "keywords": ["None"]}
    reprint = {**clash, "id": "3", "name": "Test Third", "setCode": ["D-TS01 001", "D-TS03 004"]}
    path = tmp_path / "cardInfo.json"
    path.write_text(json.dumps({"version": "1", "cards": [reprint, clash, record]}), encoding="utf-8")
    summary = import_files(db, "vanguard-json", [path])
    assert summary.added == 2 and summary.skipped[0].reason == "card number D-TS01/001 already used by 'Test Vanguard'"
    card = db.card("vanguard", "D-TS01/001")
    assert card.stats == {"grade": 3, "power": 13000, "shield": 0, "critical": 1}
    assert card.text == "[AUTO](VC):Draw a card.\nThen stand."
    assert dict(card.keywords) == {"twin drive": True, "persona ride": True}
    assert card.attributes["nation"] == "Dragon Empire" and card.attributes["reprints"] == ["D-TS02/009"]
    assert db.card("vanguard", "D-TS03/004").attributes["trigger"] == "critical"


def test_vanguard_cdb_decoding(db: CardDatabase, tmp_path: Path) -> None:
    cdb = make_cdb(
        tmp_path / "cv.cdb",
        [(1, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0), (2, 3, 0, 0, 0x105, 5000, 10000, 0, 0, 0x2, 0),
         (3, 3, 0, 0, 0x3, 11000, 0, 3, 0, 0x10, 0)],
        [(1, "Rules", ""), (2, "Test Crit", "Clan: Test Clan\r\nRace: Human\r\nSkill: Boost\r\n\r\n(No ability)"),
         (3, "Test Boss", "Clan: Sea Clan\r\nRace: Aquaroid\r\nSkill: Twin Drive!!\r\n\r\n[ACT](VC):Do it.")],
    )
    summary = import_files(db, "vanguard-cdb", [cdb])
    assert summary.added == 2 and summary.skipped[0].label == "1 Rules"
    crit = db.card("vanguard", "2")
    assert crit.card_type == "trigger unit" and crit.attributes["trigger"] == "critical"
    assert crit.attributes["nation"] == "Dragon Empire" and crit.attributes["clan"] == "Test Clan"
    assert crit.stats == {"grade": 0, "power": 5000, "shield": 10000, "critical": 1} and crit.has_keyword("boost")
    boss = db.card("vanguard", "3")
    assert boss.text == "[ACT](VC):Do it." and boss.has_keyword("twin drive")
    assert boss.attributes["nation"] == "Magallanica" and boss.card_type == "normal unit"


def test_vanguard_real_files(db: CardDatabase, carddata: Path) -> None:
    folder = carddata / "vanguard"
    assert import_files(db, "vanguard-cdb", [folder / "ygoprocv_cards.cdb"]).added == 167
    summary = import_files(db, "vanguard-json", [folder / "vanguardecks_cardInfo_Dseries.json"])
    assert summary.added + len(summary.skipped) == 394 and summary.added >= 385
    blaster = db.search("Blaster Blade", game="vanguard", clan="royal paladin")
    assert blaster and blaster[0].stats["power"] == 9000
