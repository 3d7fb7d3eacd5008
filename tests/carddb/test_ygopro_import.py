"""The ygopro-cdb importer: every bitfield decoded, re-imports change nothing, newer files update."""
from __future__ import annotations

import shutil
from pathlib import Path

from carddb.database import CardDatabase
from carddb.importing import import_files
from tests.carddb.conftest import TINY_DATAS, TINY_STRINGS, TINY_TEXTS, make_cdb


def _tiny(tmp_path: Path, typed_ddl: bool = True) -> list[Path]:
    cdb = make_cdb(tmp_path / "cards.cdb", TINY_DATAS, TINY_TEXTS, typed_ddl)
    strings = tmp_path / "strings.conf"
    strings.write_text(TINY_STRINGS, encoding="utf-8")
    return [cdb, strings]


def test_monster_fields_and_archetypes_are_decoded(db: CardDatabase, tmp_path: Path) -> None:
    summary = import_files(db, "ygopro-cdb", _tiny(tmp_path))
    assert (summary.added, summary.updated, len(summary.skipped)) == (6, 0, 0)
    wyrm = db.card("yugioh", "100")
    assert wyrm.card_type == "monster"
    assert dict(wyrm.stats) == {"atk": 2500, "def": 2000, "level": 7}
    assert wyrm.attributes["attribute"] == "DARK"
    assert wyrm.attributes["race"] == "Dragon"
    assert wyrm.attributes["setcodes"] == ["0x8", "0x10"]
    assert wyrm.attributes["archetypes"] == ["Night Beings", "Tested"]
    assert wyrm.attributes["scope"] == ["OCG", "TCG"]


def test_pendulum_scales_link_markers_ranks_and_unknown_atk(db: CardDatabase, tmp_path: Path) -> None:
    import_files(db, "ygopro-cdb", _tiny(tmp_path))
    scale = db.card("yugioh", "101")
    assert scale.stats["scale_left"] == 5 and scale.stats["scale_right"] == 3 and scale.stats["level"] == 4
    assert "atk" not in scale.stats and scale.attributes["unknown_stats"] == ["atk"]
    assert scale.text.startswith("[ Pendulum Effect ]\nNothing.")
    link = db.card("yugioh", "102")
    assert link.stats == {"atk": 1800, "link": 2}
    assert link.attributes["link_markers"] == ["bottom-left", "right", "top"]
    assert link.attributes["race"] == "Cyberse" and link.attributes["scope"] == ["TCG"]
    xyz = db.card("yugioh", "103")
    assert xyz.stats["rank"] == 4 and "level" not in xyz.stats
    assert xyz.has_keyword("tuner") and "xyz" in xyz.attributes["types"]


def test_spell_and_trap_kinds_and_alias(db: CardDatabase, tmp_path: Path) -> None:
    import_files(db, "ygopro-cdb", _tiny(tmp_path))
    spell, trap = db.card("yugioh", "104"), db.card("yugioh", "105")
    assert spell.card_type == "spell" and "quick-play" in spell.attributes["types"]
    assert spell.attributes["alias"] == "100"
    assert trap.card_type == "trap" and "counter" in trap.attributes["types"]
    assert spell.stats == {} and trap.stats == {}


def test_columns_are_found_by_name_whatever_the_ddl(db: CardDatabase, tmp_path: Path) -> None:
    import_files(db, "ygopro-cdb", _tiny(tmp_path, typed_ddl=False))
    assert db.card("yugioh", "102").attributes["link_markers"] == ["bottom-left", "right", "top"]


def test_reimport_of_the_same_file_changes_nothing(db: CardDatabase, tmp_path: Path) -> None:
    paths = _tiny(tmp_path)
    import_files(db, "ygopro-cdb", paths)
    again = import_files(db, "ygopro-cdb", list(reversed(paths)))
    assert again.already_imported and again.added == again.updated == 0
    assert len(db.info().imports) == 1


def test_a_newer_file_updates_cards_in_place(db: CardDatabase, tmp_path: Path) -> None:
    import_files(db, "ygopro-cdb", _tiny(tmp_path))
    newer_dir = tmp_path / "newer"
    newer_dir.mkdir()
    datas = [row if row[0] != 100 else (100, 3, 0, 0x8, 0x21, 2600, 2000, 7, 0x2000, 0x20, 0) for row in TINY_DATAS]
    newer = make_cdb(newer_dir / "cards.cdb", datas + [(106, 3, 0, 0, 0x2, 0, 0, 0, 0, 0, 0)],
                     TINY_TEXTS + [(106, "New Spell", "Draw 2 cards.")])
    summary = import_files(db, "ygopro-cdb", [newer])
    assert (summary.added, summary.updated, summary.unchanged) == (1, 1, 5)
    assert db.card("yugioh", "100").stat("atk") == 2600
    assert "archetypes" not in db.card("yugioh", "100").attributes  # no strings.conf this time
    assert len(db.library("yugioh")) == 7


def test_the_real_babelcdb_imports_every_card(db: CardDatabase, carddata: Path) -> None:
    """The import time (goal: 5 s) is measured by benchmarks/carddb_bench.py."""
    folder = carddata / "yugioh"
    summary = import_files(
        db, "ygopro-cdb", [folder / "cards_babelcdb_2020-03-30.cdb", folder / "ygopro_en-US_strings.conf"]
    )
    assert summary.added == 10628 and not summary.skipped
    library = db.library("yugioh")
    assert len(library) == 10628
    links = [c for c in library.values() if "link" in c.attributes["types"]]
    assert links and all(c.attributes["link_markers"] and "def" not in c.stats for c in links)
    pendulums = [c for c in library.values() if "pendulum" in c.attributes["types"]]
    assert pendulums and all("scale_left" in c.stats for c in pendulums)
    assert sum(1 for c in library.values() if c.attributes.get("archetypes")) > 3000


def test_a_copy_of_an_imported_file_under_another_name_is_still_skipped(db: CardDatabase, tmp_path: Path) -> None:
    paths = _tiny(tmp_path)
    import_files(db, "ygopro-cdb", paths)
    renamed = tmp_path / "renamed.cdb"
    shutil.copy(paths[0], renamed)
    assert import_files(db, "ygopro-cdb", [renamed, paths[1]]).already_imported
