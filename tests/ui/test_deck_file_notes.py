"""The window reads deck files as the command line does and says what it left out (a rules entry)."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from carddb.database import open_database
from carddb.importing import import_files
from tabletop.ui.new_game_dialog import NewGameDialog
from tests.carddb.test_vanguard_cdb_layouts import TYPES_DATAS, TYPES_TEXTS
from tests.carddb.conftest import make_cdb


def test_the_new_game_dialog_says_which_entry_a_vanguard_deck_left_out(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    with open_database(tmp_path / "cards.sqlite3", bundled_loader=lambda: []) as database:
        import_files(database, "vanguard-cdb", [make_cdb(tmp_path / "d.cdb", TYPES_DATAS, TYPES_TEXTS)])
        deck = tmp_path / "deck.ydk"
        deck.write_text("#main\n2\n3\n1\n", encoding="utf-8")
        dialog = NewGameDialog(None, database, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
        qtbot.addWidget(dialog)
        dialog.game.setCurrentIndex(dialog.game.findData("vanguard"))
        assert dialog.load_deck_file(dialog.seats[0], deck)
        assert [card.id for card in dialog.seats[0].selected().cards] == ["2", "3"]
        assert dialog.error.text() == ("deck.ydk: left out '1' (1x in main): it is the rules entry 'Rules' of the "
                                       "card file, not a card.")
