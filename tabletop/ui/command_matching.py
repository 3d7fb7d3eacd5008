"""Command matching: which legal commands concern a card, which one a drop means, and their labels."""
from __future__ import annotations

import dataclasses
import functools
import re
import typing
from typing import Any

from tabletop.engine.commands import CardId, Command, ManualMove, Pick
from tabletop.engine.game import Game
from tabletop.engine.manual import resolve_manual
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction


@functools.lru_cache(maxsize=None)
def card_fields(cls: type[Command]) -> tuple[str, ...]:
    """Return the names of a command's fields that hold card instance ids."""
    hints = typing.get_type_hints(cls, include_extras=True)
    names = []
    for f in dataclasses.fields(cls):
        hint = hints[f.name]
        inner = typing.get_args(hint)
        if hint is CardId or hint == Pick or CardId in inner or any(a is CardId or a == Pick for a in inner):
            names.append(f.name)
    return tuple(names)


def cards_of(command: Command) -> set[int]:
    """Return the card instance ids a command names."""
    found: set[int] = set()
    for name in card_fields(type(command)):
        value = getattr(command, name)
        values = value if isinstance(value, tuple) else (value,)
        found |= {v for v in values if isinstance(v, int) and not isinstance(v, bool)}
    return found


def subject_of(command: Command) -> int | None:
    """Return the card a command is done with (its first card field: the card played, the attacker…), if any.

    Later card fields name what it is done to or paid with (targets, discards), not what is played.
    """
    fields = card_fields(type(command))
    value = getattr(command, fields[0]) if fields else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def commands_for_card(commands: list[Command], iid: int) -> list[Command]:
    """Return the commands that name the card `iid`."""
    return [c for c in commands if iid in cards_of(c)]


def loose_commands(commands: list[Command]) -> list[Command]:
    """Return the commands that name no card (pass, draw, end the turn…)."""
    return [c for c in commands if not cards_of(c)]


def puts_card_in(game: Game, command: Command, iid: int, zone_id: str) -> bool:
    """Tell whether carrying out `command` now would leave card `iid` in `zone_id` (a dry run).

    Contract: the state is exactly as before when this returns (the transaction is rolled back).
    """
    tx = Transaction(game.state, manual=command.manual)
    try:
        if command.manual:
            resolve_manual(game.rules, tx, command)
        else:
            game.rules.resolve(tx, command)
        return game.state.cards[iid].zone == zone_id
    except Exception:  # a refusal, or a rules bug: either way this command is not the drop
        return False
    finally:
        tx.rollback()


def drop_commands(game: Game, player: str, iid: int, zone_id: str) -> list[Command]:
    """Return the legal commands of `player` that would put card `iid` into `zone_id`."""
    if game.is_terminal():
        return []
    candidates = commands_for_card(game.legal_commands(player), iid)
    return [c for c in candidates if puts_card_in(game, c, iid, zone_id)]


def manual_move(player: str, iid: int, zone_id: str, index: int = 0) -> ManualMove:
    """Return the by-hand move of a card to a zone (used when no rules command fits a drop)."""
    return ManualMove(by=player, card=iid, to=zone_id, index=index)


def command_words(cls: type[Command]) -> str:
    """Return what a kind of command does, as a menu says it: "Declare party"."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", cls.command_name()).capitalize()


def command_label(command: Command, state: GameState, viewer: str | None = None) -> str:
    """Return a readable menu label: the command's words and its arguments, cards by name."""
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
            values = value if isinstance(value, tuple) else (value,)
            names = ", ".join(_card_name(state, v, viewer) for v in values)
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


def _card_name(state: GameState, value: Any, viewer: str | None) -> str:
    if isinstance(value, int) and value in state.cards:
        if state.is_visible_to(value, viewer):
            return state.definition(value).name
        return "a hidden card"
    return str(value)


def zone_label(state: GameState, zone_id: str) -> str:
    """Return how the window names a zone: its label, after its owner ("p2 Field")."""
    zone = state.zones[zone_id]
    label = zone.spec.label or zone.spec.name
    return f"{zone.owner} {label}" if zone.owner else label


def _plain(value: Any) -> str:
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    return str(value)
