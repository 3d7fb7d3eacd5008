"""Commands in the players' words: cards by name (hidden ones as "a hidden card"), zones by their titles.

One wording for the card menu, the Decision dock, the history, the Undo menu and the log. A label is read
for a viewer: a card that viewer cannot see is never named, nor its instance id shown.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any

from tabletop.engine.by_hand import printed_by_hand, short_text
from tabletop.engine.commands import Command, UseAbilityByHand, card_fields
from tabletop.engine.state import GameState


def command_words(cls: type[Command]) -> str:
    """Return what a kind of command does, as a menu says it: "Declare party"."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", cls.command_name()).capitalize()


def command_label(command: Command, state: GameState, viewer: str | None = None) -> str:
    """Return the command's words and its arguments for `viewer` (None: what everyone sees)."""
    if isinstance(command, UseAbilityByHand):
        return _by_hand_label(command, state, viewer)
    words = command_words(type(command))
    parts = []
    card_names = card_fields(type(command))
    for f in dataclasses.fields(command):
        if f.name == "by":
            continue
        value = getattr(command, f.name)
        if value in (None, (), "") or (f.default is not dataclasses.MISSING and value == f.default):
            continue
        if f.name in card_names:
            names = card_list(state, value if isinstance(value, tuple) else (value,), viewer)
            # the card played is named alone; the others say what they are (targets, discards, backups…)
            parts.append(names if f.name == card_names[0] else f"{f.name.replace('_', ' ')} {names}")
        elif isinstance(value, str) and value in state.zones:
            parts.append(zone_label(state, value))
        elif isinstance(value, str) and f"{command.by}.{value}" in state.zones:   # a zone of the player's own ("rc.front_left")
            zone = state.zones[f"{command.by}.{value}"]
            parts.append(zone.spec.label or zone.spec.name)
        elif isinstance(value, bool):
            parts.append(f.name.replace("_", " ") + ("" if value else ": no"))
        else:
            parts.append(f"{f.name.replace('_', ' ')} {_plain(value)}")
    return words + (": " + ", ".join(parts) if parts else "")


def _by_hand_label(command: UseAbilityByHand, state: GameState, viewer: str | None) -> str:
    """Return "Use by hand: Card — “its text…”", the text only for a viewer who sees the card."""
    card = command.card
    if card not in state.cards or not state.is_visible_to(card, viewer):
        return "Use an ability of a hidden card by hand"
    texts = printed_by_hand(state.definition(card))
    text = f" — “{short_text(texts[command.ability])}”" if 0 <= command.ability < len(texts) else ""
    return f"Use by hand: {state.definition(card).name}{text}"


def step_label(command: Command, state: GameState) -> str:
    """Return a step's line in the history, the Undo menu and the log: who, and the command as everyone sees it."""
    return f"{command.by}: {command_label(command, state, None)}"


def card_list(state: GameState, values: tuple[Any, ...], viewer: str | None) -> str:
    """Return cards by name for `viewer`, the hidden ones counted ("Cloud, 2 hidden cards"); other picks as given."""
    names = []
    hidden = 0
    for value in values:
        if isinstance(value, int) and not isinstance(value, bool) and value in state.cards:
            if state.is_visible_to(value, viewer):
                names.append(state.definition(value).name)
            else:
                hidden += 1
        else:
            names.append(str(value))
    if hidden:
        names.append("a hidden card" if hidden == 1 else f"{hidden} hidden cards")
    return ", ".join(names)


def zone_label(state: GameState, zone_id: str) -> str:
    """Return how players name a zone: its owner's, then its label ("p2's Field"; a shared zone: "Stack")."""
    zone = state.zones[zone_id]
    label = zone.spec.label or zone.spec.name.replace("_", " ").title()
    return f"{zone.owner}'s {label}" if zone.owner else label


def _plain(value: Any) -> str:
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    return str(value)
