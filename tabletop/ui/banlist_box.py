"""The Forbidden & Limited list chooser shared by the New game dialog and the deck editor."""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PySide6.QtWidgets import QComboBox, QFileDialog, QWidget

NO_BANLIST = "no Forbidden & Limited list"


def fill_banlist_box(box: QComboBox, names: Iterable[str], chosen: str | None = None) -> None:
    """Offer the named lists after "no list" and choose `chosen` ("" none, None the first list: the newest).

    The box signals once, for the final choice, and only if the choice changed.
    """
    previous = box.currentData()
    box.blockSignals(True)
    box.clear()
    box.addItem(NO_BANLIST, "")
    for name in names:
        box.addItem(name, name)
    index = (1 if box.count() > 1 else 0) if chosen is None else box.findData(chosen)
    box.setCurrentIndex(max(0, index))
    box.blockSignals(False)
    if box.currentData() != previous:
        box.currentIndexChanged.emit(box.currentIndex())


def ask_banlist_file(parent: QWidget) -> Path | None:
    """Ask the player for a YGOPro lflist.conf; None when they cancel."""
    path, _ = QFileDialog.getOpenFileName(parent, "Forbidden & Limited lists", "",
                                          "Banlists (lflist.conf *.conf);;All files (*)")
    return Path(path) if path else None
