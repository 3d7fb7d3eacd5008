"""The new-game dialog checks a deck as soon as it is chosen: the refusal, citing its rule, stands under the deck and OK
stays off, for every game through its deck checker (Yu-Gi-Oh! sizes, copies and banlist; FFTCG; Vanguard formats)."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from tabletop.ui.new_game_dialog import NewGameDialog

YUGIOH_DECKS = Path(__file__).resolve().parents[2] / "carddb" / "data" / "yugioh" / "decks"


def dialog_for(qtbot, tmp_path: Path, game: str) -> NewGameDialog:  # noqa: ANN001
    dialog = NewGameDialog(None, None, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(dialog)
    dialog.game.setCurrentIndex(dialog.game.findData(game))
    return dialog


def choose(dialog: NewGameDialog, seat: int, name: str) -> None:
    row = dialog.seats[seat]
    row.deck.setCurrentIndex(next(i for i, c in enumerate(row.choices) if c.name.startswith(name)))


def ydk(tmp_path: Path, name: str, main: list[str], extra: tuple[str, ...] = ()) -> Path:
    path = tmp_path / name
    path.write_text("#main\n" + "\n".join(main) + "\n#extra\n" + "\n".join(extra) + "\n!side\n", encoding="utf-8")
    return path


def test_a_yugioh_deck_is_refused_under_its_choice_before_ok(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    bundled = YUGIOH_DECKS / "Mirefang Hex.ydk"
    if not bundled.is_file():
        pytest.skip("no bundled Yu-Gi-Oh! deck")
    dialog = dialog_for(qtbot, tmp_path, "yugioh")
    choose(dialog, 0, "Mirefang")
    choose(dialog, 1, "Skyforge")
    assert dialog.seats[0].verdict.isHidden() and dialog.ok.isEnabled(), "the bundled decks are legal"

    lines = [line for line in bundled.read_text(encoding="utf-8").split("#extra")[0].splitlines() if line.isdigit()]
    assert dialog.load_deck_file(dialog.seats[0], ydk(tmp_path, "short.ydk", lines[:35]))
    verdict = dialog.seats[0].verdict
    assert verdict.isVisibleTo(dialog) and verdict.text().startswith("Refused: ") and "40" in verdict.text()
    assert not dialog.ok.isEnabled() and dialog.seats[1].verdict.isHidden()

    four = lines + [lines[0]]   # 41 cards, a fourth copy of the first card
    assert dialog.load_deck_file(dialog.seats[0], ydk(tmp_path, "four.ydk", four))
    assert "3" in verdict.text() and "cop" in verdict.text() and not dialog.ok.isEnabled()

    dialog.unchecked.setChecked(True)   # played unchecked: said, and OK allowed
    assert verdict.text().startswith("Played unchecked: ") and dialog.ok.isEnabled()
    dialog.unchecked.setChecked(False)
    choose(dialog, 0, "Mirefang")
    assert verdict.isHidden() and dialog.ok.isEnabled()

    banlist = tmp_path / "lflist.conf"
    banlist.write_text("!2031.1 Test\n710000021 1 --Mirefang Hound\n", encoding="utf-8")
    assert dialog.load_banlist(banlist)   # the list chosen: the Mirefang deck has 3 Hounds
    assert "Forbidden & Limited list '2031.1 Test'" in verdict.text() and not dialog.ok.isEnabled()
    dialog.banlist.setCurrentIndex(dialog.banlist.findData(""))
    assert verdict.isHidden() and dialog.ok.isEnabled()


def test_a_short_fftcg_deck_file_is_refused_as_soon_as_it_is_read(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    bundled = Path(__file__).resolve().parents[2] / "carddb" / "data" / "fftcg" / "decks" / "emberfall_vanguard.txt"
    if not bundled.is_file():
        pytest.skip("no bundled FFTCG deck")
    short = tmp_path / "short.txt"
    short.write_text("\n".join(bundled.read_text(encoding="utf-8").splitlines()[:8]) + "\n", encoding="utf-8")
    dialog = dialog_for(qtbot, tmp_path, "fftcg")
    assert dialog.load_deck_file(dialog.seats[1], short)
    assert "FFTCG 2.1" in dialog.seats[1].verdict.text() and not dialog.ok.isEnabled()
    dialog.goldfish.setChecked(True)   # goldfish plays p1's deck alone: p2's is not played
    assert dialog.seats[1].verdict.isHidden() and dialog.ok.isEnabled()


def test_vanguard_decks_of_two_formats_are_refused_before_ok(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    dialog = dialog_for(qtbot, tmp_path, "vanguard")
    choose(dialog, 0, "Cinderfang")
    choose(dialog, 1, "Dawnlance")
    assert dialog.ok.isEnabled()
    choose(dialog, 1, "Gearlock")
    assert "both seats play one format" in dialog.seats[1].verdict.text() and not dialog.ok.isEnabled()
    dialog.unchecked.setChecked(True)   # two formats cannot be played unchecked
    assert not dialog.ok.isEnabled()
    with pytest.raises(ValueError, match="both seats play one format"):
        dialog.build()
