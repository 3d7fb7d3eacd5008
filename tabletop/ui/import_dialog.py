"""Import cards: choose a card file format and files, import them off the GUI thread with progress."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QThread, Signal
from PySide6.QtWidgets import (
    QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout, QLabel, QListWidget, QPushButton,
    QVBoxLayout, QWidget,
)

from tabletop.ui.card_sources import import_card_files, import_formats

FORMAT_HINTS: dict[str, str] = {
    "ygopro-cdb": "YGOPro cards.cdb (and optionally strings.conf)",
    "fftcg-json": "Final Fantasy TCG card JSON (official browser or FFDecks)",
    "ga-csv": "Grand Archive effects CSV and/or stats JSON",
    "vanguard-json": "Cardfight!! Vanguard card JSON",
    "vanguard-cdb": "Cardfight!! Vanguard .cdb",
    "octgn-set-xml": "OCTGN set.xml files (FFTCG plugin): each card's GUID for .o8d decks",
}


class ImportDialog(QDialog):
    """Asks which format and which files to import; `chosen()` returns them once accepted."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import cards")
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.format = QComboBox()
        for name in import_formats():
            self.format.addItem(f"{name} — {FORMAT_HINTS.get(name, name)}", name)
        form.addRow("Format:", self.format)
        layout.addLayout(form)
        files_row = QHBoxLayout()
        self.files = QListWidget()
        self.browse = QPushButton("Choose files…")
        self.browse.clicked.connect(self.choose_files)
        files_row.addWidget(self.files, 1)
        files_row.addWidget(self.browse)
        layout.addWidget(QLabel("Files:"))
        layout.addLayout(files_row)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Import")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._update()

    def choose_files(self) -> None:
        """Ask for the files to import."""
        names, _ = QFileDialog.getOpenFileNames(self, "Card files", "", "Card files (*.cdb *.json *.csv *.conf);;All files (*)")
        if names:
            self.set_files([Path(n) for n in names])

    def set_files(self, paths: list[Path]) -> None:
        """Show the chosen files."""
        self.files.clear()
        self.files.addItems([str(p) for p in paths])
        self._update()

    def set_format(self, name: str) -> None:
        """Choose a format by its name (e.g. "ygopro-cdb")."""
        self.format.setCurrentIndex(self.format.findData(name))

    def chosen(self) -> tuple[str, list[Path]]:
        """Return the chosen format and files."""
        return str(self.format.currentData()), [Path(self.files.item(i).text()) for i in range(self.files.count())]

    def _update(self) -> None:
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(self.files.count() > 0 and self.format.count() > 0)


class ImportWorker(QThread):
    """Runs one import on its own thread; reports progress, then the summary or a one-line error.

    Contract: the database is used only by this thread until `finished`; an import that fails
    changes nothing (the importer stores everything in one transaction).
    """

    progressed = Signal(str, int, int)   # stage ("reading" / "writing"), done, total
    succeeded = Signal(list)             # summary lines
    failed = Signal(str)                 # one line

    def __init__(self, database: Any, format: str, paths: list[Path], parent: Any = None) -> None:
        super().__init__(parent)
        self.database = database
        self.format = format
        self.paths = paths

    def run(self) -> None:
        try:
            lines = import_card_files(self.database, self.format, self.paths, self.progressed.emit)
        except Exception as error:  # every failure becomes the one line the player sees
            self.failed.emit(str(error).split("\n")[0] or type(error).__name__)
            return
        self.succeeded.emit(lines)
