"""A card with several printings shows once, its printings beneath; variants come after originals."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from carddb.database import CardDatabase
from carddb.importing import import_files
from tabletop.app.cli import main
from tabletop.engine.cards import CardDefinition
from tests.carddb.conftest import make_cdb


def _monster(code: str, name: str, *, alias: str | None = None, scope: list[str] | None = None,
             text: str = "A wizard of the dark.") -> CardDefinition:
    attributes: dict[str, object] = {"scope": scope or ["OCG", "TCG"]}
    if alias:
        attributes["alias"] = alias
    return CardDefinition(id=code, game="yugioh", name=name, card_type="monster",
                          stats={"atk": 2500, "def": 2100, "level": 7}, text=text, attributes=attributes)


@pytest.fixture
def printed(db: CardDatabase) -> CardDatabase:
    """Invented cards: an original with two alternate arts, a reprint, a same-name anime variant, an alias card."""
    db.upsert_cards([
        _monster("1005", "Test Magician", alias="1000"),   # alternate art stored before its original
        _monster("1000", "Test Magician"),
        _monster("1001", "Test Magician", alias="1000"),
        _monster("1009", "Test Magician"),                  # reprint under another code, no alias
        _monster("2000", "Test Magician", scope=["Anime"], text="An anime wizard."),
        _monster("3000", "Test Magician Ocean", alias="1000", text="Treated as Test Magician."),
    ])
    return db


def test_alternate_arts_and_reprints_fold_under_the_original(printed: CardDatabase) -> None:
    found = printed.search("test magician")
    assert {card.id for card in found[:2]} == {"1000", "3000"} and found[2].id == "2000"
    assert printed.printings(found) == {("yugioh", "1000"): ["1001", "1005", "1009"]}


def test_the_variant_comes_after_the_originals_also_when_browsing(printed: CardDatabase) -> None:
    assert [card.id for card in printed.search(game="yugioh")] == ["1000", "3000", "2000"]


def test_removing_the_alias_makes_a_card_of_its_own(printed: CardDatabase) -> None:
    printed.upsert_cards([_monster("1005", "Test Magician", text="Now a different card.")])
    assert {card.id for card in printed.search("test magician")} == {"1000", "1005", "2000", "3000"}


def test_dark_magician_of_the_real_cdb_is_one_card(db: CardDatabase, carddata: Path) -> None:
    import_files(db, "ygopro-cdb", [carddata / "yugioh" / "cards_babelcdb_2020-03-30.cdb"])
    found = db.search("Dark Magician", limit=5)
    assert [card.name for card in found].count("Dark Magician") == 1
    assert found[0].name == "Dark Magician"
    assert len(db.printings(found[:1])[("yugioh", found[0].id)]) >= 6


def test_the_command_lists_printings_beneath_and_as_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "cards.sqlite3"
    cdb = make_cdb(
        tmp_path / "cards.cdb",
        [(500, 3, 0, 0, 0x11, 1000, 1000, 4, 0x1, 0x1, 0), (501, 3, 500, 0, 0x11, 1000, 1000, 4, 0x1, 0x1, 0)],
        [(500, "Plain Soldier", "A soldier."), (501, "Plain Soldier", "A soldier.")],
    )
    assert main(["db", "import", "ygopro-cdb", str(cdb), "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["db", "search", "soldier", "--db", str(db)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and "Plain Soldier" in lines[0] and lines[1].strip() == "also printed as 501"
    assert main(["db", "search", "-soldier", "--json", "--db", str(db)]) == 0
    cards = json.loads(capsys.readouterr().out)
    assert [(c["game"], c["id"], c["printings"]) for c in cards] == [("yugioh", "500", ["501"])]
