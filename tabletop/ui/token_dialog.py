"""TokenDialog: ask for a token made by hand — its name, the game's token traits and whether it lies sideways."""
from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QSpinBox, QWidget,
)

from tabletop.engine.commands import MakeToken
from tabletop.engine.command_labels import zone_label
from tabletop.engine.rules import GameRules
from tabletop.engine.state import GameState
from tabletop.engine.tokens import traits_text


class TokenDialog(QDialog):
    """The form of `MakeToken` for one zone: a field per token trait of the game (`GameRules.token_traits`)."""

    def __init__(self, rules: GameRules, state: GameState, player: str, zone_id: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Make a token by hand")
        self.player, self.zone_id = player, zone_id
        self.traits = rules.token_traits
        form = QFormLayout(self)
        form.addRow(QLabel(f"In {zone_label(state, zone_id)} — outside the rules (logged, undoable)"))
        self.name = QLineEdit("Token")
        form.addRow("&Name:", self.name)
        self.fields: dict[str, QSpinBox | QComboBox | QLineEdit] = {}
        for trait in self.traits:
            field: QSpinBox | QComboBox | QLineEdit
            if trait.stat:
                field = QSpinBox()
                field.setRange(trait.least, trait.most)
                field.setValue(int(trait.default))
            elif trait.choices:
                field = QComboBox()
                for choice in trait.choices:
                    field.addItem(choice.upper() if len(choice) <= 6 else choice.title(), choice)
                field.setCurrentIndex(max(0, field.findData(str(trait.default))))
            else:
                field = QLineEdit(str(trait.default))
            self.fields[trait.name] = field
            form.addRow(f"{trait.label}:", field)
        sideways = rules.tap_words[0] if rules.tap_words else "tapped"
        self.tapped = QCheckBox(f"{sideways.title()} Position (turned sideways)" if sideways == "defense"
                                else f"{sideways.title()} (turned sideways)")
        form.addRow(self.tapped)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def command(self) -> MakeToken:
        """Return the `MakeToken` the form describes (the rules judge it when it is submitted)."""
        values: dict[str, int | str] = {}
        for name, field in self.fields.items():
            if isinstance(field, QSpinBox):
                values[name] = field.value()
            elif isinstance(field, QComboBox):
                values[name] = str(field.currentData())
            elif field.text().strip():
                values[name] = field.text().strip()
        return MakeToken(by=self.player, name=self.name.text().strip(), to=self.zone_id, traits=traits_text(values),
                         tapped=self.tapped.isChecked())
