"""File ▸ Import cards: a format and files, progress off the GUI thread, then the summary or the error."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from carddb.database import CardDatabase, open_database
from tabletop.ui.import_dialog import ImportDialog
from tabletop.ui.main_window import MainWindow
from tests.carddb.conftest import CARDDATA, TINY_DATAS, TINY_STRINGS, TINY_TEXTS, make_cdb


@pytest.fixture
def database(tmp_path: Path) -> Iterator[CardDatabase]:
    db = open_database(tmp_path / "cards.sqlite3", bundled_loader=lambda: [])
    yield db
    db.close()


@pytest.fixture
def db_window(qtbot, session, database, tmp_path: Path) -> MainWindow:  # noqa: ANN001
    w = MainWindow(session, database, QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    return w


def run(qtbot, window: MainWindow, card_format: str, paths: list[Path]) -> QMessageBox:  # noqa: ANN001
    steps: list[tuple[str, int, int]] = []
    worker = window.run_import(card_format, paths)
    worker.progressed.connect(lambda stage, done, total: steps.append((stage, done, total)))
    qtbot.waitUntil(lambda: window.import_message is not None, timeout=120000)
    worker.wait()
    window.progress_steps = steps
    return window.import_message


def ygopro_count(database: CardDatabase) -> int:
    return len(database.library("yugioh"))


def test_the_menu_offers_every_importer_format(qtbot, db_window) -> None:  # noqa: ANN001
    assert db_window.import_action.isEnabled()
    dialog = ImportDialog(db_window)
    formats = [dialog.format.itemData(i) for i in range(dialog.format.count())]
    assert formats == ["ygopro-cdb", "fftcg-json", "ga-csv", "vanguard-json", "vanguard-cdb", "octgn-set-xml"]
    assert not dialog.buttons.buttons()[0].isEnabled()          # no files chosen yet
    dialog.set_format("ga-csv")
    dialog.set_files([Path("a.csv"), Path("b.json")])
    assert dialog.chosen() == ("ga-csv", [Path("a.csv"), Path("b.json")])


def test_a_tiny_ygopro_file_imports_with_progress_and_a_summary(qtbot, db_window, database, tmp_path) -> None:  # noqa: ANN001
    cdb = make_cdb(tmp_path / "cards.cdb", TINY_DATAS, TINY_TEXTS)
    strings = tmp_path / "strings.conf"
    strings.write_text(TINY_STRINGS, encoding="utf-8")
    box = run(qtbot, db_window, "ygopro-cdb", [cdb, strings])
    assert box.icon() == QMessageBox.Icon.Information
    assert "6 added, 0 updated" in box.text() and "skipped" in box.text()
    assert ygopro_count(database) == 6
    assert {stage for stage, _, _ in db_window.progress_steps} == {"reading", "writing"}
    assert not db_window.import_progress.isVisible()


def test_a_broken_file_shows_one_line_and_leaves_the_database_as_it_was(qtbot, db_window, database, tmp_path) -> None:  # noqa: ANN001
    run(qtbot, db_window, "ygopro-cdb", [make_cdb(tmp_path / "cards.cdb", TINY_DATAS, TINY_TEXTS)])
    db_window.import_message = None
    broken = tmp_path / "broken.cdb"
    broken.write_bytes(b"this is not a card database at all" * 40)
    box = run(qtbot, db_window, "ygopro-cdb", [broken])
    assert box.icon() == QMessageBox.Icon.Critical
    assert "broken.cdb" in box.text() and "\n" not in box.text()
    assert ygopro_count(database) == 6


def test_the_shared_vanguard_file_imports(qtbot, db_window, database) -> None:  # noqa: ANN001
    if not CARDDATA.is_dir():
        pytest.skip("../shared/carddata not present")
    box = run(qtbot, db_window, "vanguard-cdb", [CARDDATA / "vanguard" / "ygoprocv_cards.cdb"])
    assert box.icon() == QMessageBox.Icon.Information and " added" in box.text()
    assert len(database.library("vanguard")) > 100
