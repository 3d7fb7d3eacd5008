"""`db show`, `db sets`, `db images` and the JSON forms, as a player uses them."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from carddb.database import CardDatabase, open_database
from carddb.importing import import_files
from tabletop.app.cli import main
from tabletop.engine.cards import CardDefinition
from tests.carddb.conftest import TINY_DATAS, TINY_TEXTS, make_cdb


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A database holding the tiny Yu-Gi-Oh! set and two invented Vanguard cards of one set."""
    path = tmp_path / "cards.sqlite3"
    with open_database(path, bundled_loader=lambda: []) as database:
        import_files(database, "ygopro-cdb", [make_cdb(tmp_path / "cards.cdb", TINY_DATAS, TINY_TEXTS)])
        database.upsert_cards([
            CardDefinition(id=f"T-BT01/00{n}", game="vanguard", name=f"Test Unit {n}", card_type="normal unit",
                           stats={"grade": n}, attributes={"set": "T-BT01"})
            for n in (1, 2)
        ])
    return path


def test_show_prints_every_field_and_the_sources(db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["db", "show", "test wyrm of night", "--db", str(db_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Test Wyrm of Night  (yugioh 100)")
    for line in ("stats:      atk 2500, def 2000, level 7", "attribute:  DARK", "race:       Dragon",
                 "When this card is summoned: draw 1 card."):
        assert line in out
    assert "printings" not in out  # 104 names 100 as its alias but is another card (another name)
    assert "cards.cdb (ygopro-cdb) — stored version" in out and "picture:    none" in out
    assert main(["db", "show", "100", "--json", "--db", str(db_path)]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert (shown["name"], shown["printings"], shown["picture"]) == ("Test Wyrm of Night", [], None)
    assert shown["sources"][0]["format"] == "ygopro-cdb"


def test_show_of_an_unknown_or_ambiguous_card_is_one_line(db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["db", "show", "No Such Card", "--db", str(db_path)]) == 2
    assert capsys.readouterr().err == (
        f"tabletop: {db_path}: no card has the code or name 'No Such Card'; try `tabletop db search`\n")
    with open_database(db_path) as database:
        database.upsert_cards([CardDefinition(id="100", game="vanguard", name="Clash", card_type="normal unit")])
    assert main(["db", "show", "100", "--db", str(db_path)]) == 2
    assert "2 cards are '100' (vanguard 100, yugioh 100); give --game" in capsys.readouterr().err
    assert main(["db", "show", "100", "--game", "vanguard", "--db", str(db_path)]) == 0


def test_sets_of_a_game(db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["db", "sets", "--game", "vanguard", "--db", str(db_path)]) == 0
    assert capsys.readouterr().out == "     2 cards  T-BT01\n"
    assert main(["db", "sets", "--game", "vanguard", "--json", "--db", str(db_path)]) == 0
    assert json.loads(capsys.readouterr().out) == [{"code": "T-BT01", "name": "T-BT01", "cards": 2}]
    assert main(["db", "sets", "--game", "yugioh", "--db", str(db_path)]) == 0
    assert "no sets recorded for yugioh" in capsys.readouterr().err


def test_a_picture_folder_in_the_ygopro_and_card_number_layouts(
    db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "my pictures"
    (folder / "pics").mkdir(parents=True)
    (folder / "pics" / "100.jpg").write_bytes(b"not really a jpeg")
    (folder / "T-BT01-002.png").write_bytes(b"not really a png")
    (folder / "notes.txt").write_text("x")
    assert main(["db", "images", str(folder), "--db", str(db_path)]) == 0
    assert "linked; 2 picture(s), 2 stored card(s) have one there" in capsys.readouterr().out
    with open_database(db_path) as database:
        assert database.picture(database.card("yugioh", "100")) == (folder / "pics" / "100.jpg").resolve()
        assert database.picture(database.card("vanguard", "T-BT01/002")) == (folder / "T-BT01-002.png").resolve()
        assert database.picture(database.card("vanguard", "T-BT01/001")) is None
    assert main(["db", "images", "--db", str(db_path)]) == 0
    assert capsys.readouterr().out == f"{folder.resolve()}\n"
    assert main(["db", "images", "--remove", str(folder), "--db", str(db_path)]) == 0
    assert main(["db", "images", "--remove", str(folder), "--db", str(db_path)]) == 2
    assert "is not a linked picture folder" in capsys.readouterr().err
    assert main(["db", "images", str(tmp_path / "nowhere"), "--db", str(db_path)]) == 2


def test_image_urls_of_the_sources_are_kept(db: CardDatabase, carddata: Path) -> None:
    import_files(db, "fftcg-json", [carddata / "fftcg" / "fftcgsim_square_api_derived_cards.json"])
    card = db.search("", game="fftcg", limit=1)[0]
    assert card.attributes["image_url"].startswith("https://")


def test_the_window_draws_a_linked_picture_and_the_drawn_face_otherwise(db_path: Path, tmp_path: Path) -> None:
    from PIL import Image

    import tabletop.render
    from tabletop.ui.card_sources import open_card_database

    folder = tmp_path / "ygopro"
    (folder / "pics").mkdir(parents=True)
    Image.new("RGB", (177, 254), (0, 0, 255)).save(folder / "pics" / "100.jpg")
    (folder / "pics" / "101.jpg").write_bytes(b"damaged")
    assert main(["db", "images", str(folder), "--db", str(db_path)]) == 0
    database = open_card_database(str(db_path))
    try:
        wyrm, tester, knight = (database.card("yugioh", code) for code in ("100", "101", "103"))
        blue = tabletop.render.render_card(wyrm, (63, 88))
        assert blue.size == (63, 88) and blue.getpixel((30, 40))[2] > 200
        assert tabletop.render.render_card(tester, (63, 88)) == tabletop.render.draw_card(tester, (63, 88))
        assert tabletop.render.render_card(knight, (63, 88)) == tabletop.render.draw_card(knight, (63, 88))
    finally:
        database.close()
        tabletop.render.show_pictures_from([])
    assert tabletop.render.render_card(wyrm, (63, 88)) == tabletop.render.draw_card(wyrm, (63, 88))
