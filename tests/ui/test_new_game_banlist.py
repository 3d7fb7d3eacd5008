"""A Yu-Gi-Oh! deck over a card's limit on the chosen Forbidden & Limited list is refused when the game starts."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from tabletop.ui.new_game_dialog import NewGameDialog


def yugioh_dialog(qtbot, settings: QSettings) -> NewGameDialog:  # noqa: ANN001
    dialog = NewGameDialog(None, None, settings)
    qtbot.addWidget(dialog)
    dialog.game.setCurrentIndex(dialog.game.findData("yugioh"))
    for row in dialog.seats:
        row.deck.setCurrentIndex(next(i for i, c in enumerate(row.choices) if c.name.startswith("Mirefang")))
    return dialog


def test_a_deck_over_its_limit_is_refused_with_the_list_named(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    path = tmp_path / "lflist.conf"
    path.write_text("!2031.1 Test\n710000021 1 --Mirefang Hound\n!2030.4 Old\n", encoding="utf-8")
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    dialog = yugioh_dialog(qtbot, settings)
    assert dialog.banlist_row.isVisibleTo(dialog)
    dialog.build()                                    # no list chosen: the deck is legal
    assert dialog.load_banlist(path) and dialog.banlist.currentData() == "2031.1 Test"
    with pytest.raises(ValueError, match=r"Forbidden & Limited list '2031.1 Test'.*'Mirefang Hound' has 3"):
        dialog.build()
    dialog.unchecked.setChecked(True)
    unchecked = dialog.build().config.options["unchecked_decks"]
    assert "'2031.1 Test'" in unchecked["p1"][0]
    dialog._remember()
    again = yugioh_dialog(qtbot, settings)
    assert again.banlist.currentData() == "2031.1 Test", "the list chosen is remembered"
    again.game.setCurrentIndex(again.game.findData("fftcg"))
    assert not again.banlist_row.isVisibleTo(again), "only Yu-Gi-Oh! has Forbidden & Limited lists"


def test_a_bad_list_file_is_said_in_one_line(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    path = tmp_path / "broken.conf"
    path.write_text("100 0\n", encoding="utf-8")
    dialog = yugioh_dialog(qtbot, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    assert not dialog.load_banlist(path)
    assert str(path) in dialog.error.text() and "\n" not in dialog.error.text()
    assert dialog.banlist.currentData() == ""
