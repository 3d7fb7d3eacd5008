"""The schema of a `.ttgame` record: what `load_record` accepts, checked field by field before any replay.

Every check raises RecordError naming the field (`config.decks.p1.main[3]`); `load_record` turns it into
a one-line BadInput with the file name. The caps keep a hostile file from taking minutes or memory.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from tabletop.engine.commands import ENGINE_COMMANDS, Command, CommandError, build_command
from tabletop.engine.rules import GameConfig, GameRules

MAX_RECORD_BYTES = 32 * 1024 * 1024   # a long game is well under 1 MB
MAX_DEPTH = 32                        # nesting of mappings and lists anywhere in the record
MAX_CARDS = 5_000                     # card definitions in one record
MAX_DECK_CARDS = 1_000                # card ids in one deck section
MAX_COMMANDS = 50_000                 # steps of one game (a long one has a few thousand)
MAX_NUMBER = 2**64                     # any whole number, in absolute value (imported cards keep 64-bit codes)
SEAT_KINDS = ("human", "ai")
CONFIG_KEYS = tuple(f.name for f in dataclasses.fields(GameConfig))


class RecordError(ValueError):
    """A record that does not fit the schema: `field` names where, the message says what."""

    def __init__(self, field: str, what: str) -> None:
        super().__init__(what)
        self.field = field
        self.what = what


def check_shape(data: Any) -> None:
    """Refuse nesting deeper than MAX_DEPTH and whole numbers beyond MAX_NUMBER, without recursion."""
    pending: list[tuple[Any, str, int]] = [(data, "", 0)]
    while pending:
        value, where, depth = pending.pop()
        if depth > MAX_DEPTH:
            raise RecordError(".".join(where.split(".")[:2]), f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(value, Mapping):
            pending.extend((v, f"{where}.{k}" if where else str(k), depth + 1) for k, v in value.items())
        elif isinstance(value, list):
            pending.extend((v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value))
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
            raise RecordError(where, f"the number {value} is out of range (at most 2**64 either way)")


def check_header(data: Any, format_name: str, version: int) -> None:
    """Check the record's format name and version, and that it has no fields this program does not know."""
    if not isinstance(data, dict) or data.get("format") != format_name:
        raise RecordError("format", f"not a tabletop game record (field 'format' must be {format_name!r})")
    found = data.get("version")
    if isinstance(found, bool) or not isinstance(found, int) or found < 1:
        raise RecordError("version", "must be a whole number from 1")
    if found > version:
        raise RecordError("version", f"written by a newer version of tabletop (record format {found}, "
                                     f"this program reads up to {version}); please update")
    unknown = sorted(set(data) - {"format", "version", "game", "config", "cards", "commands", "reseeds"})
    if unknown:
        raise RecordError(unknown[0], "unknown field")


def read_config(raw: Any, game: Any, rules_for: Callable[[str], GameRules]) -> tuple[GameConfig, GameRules]:
    """Return the config of a record and its game's rules; `rules_for(game_id)` raises KeyError for an unknown game."""
    if not isinstance(raw, dict):
        raise RecordError("config", "must be a mapping")
    unknown = sorted(set(raw) - set(CONFIG_KEYS))
    if unknown:
        raise RecordError(f"config.{unknown[0]}", "unknown field")
    game_id = raw.get("game")
    if not isinstance(game_id, str):
        raise RecordError("config.game", "must name a game")
    try:
        rules: GameRules = rules_for(game_id)
    except KeyError:
        raise RecordError("config.game", f"unknown game {game_id!r}") from None
    if game is not None and game != game_id:
        raise RecordError("game", f"says {game!r} but config.game says {game_id!r}")
    game_format = raw.get("format", "")
    if not isinstance(game_format, str) or (game_format and game_format not in rules.formats):
        known = ", ".join(f for f in rules.formats if f)
        raise RecordError("config.format", f"{rules.name} has no format {game_format!r}"
                                           + (f" (formats: {known})" if known else " (it has no formats)"))
    seed = _seed("config.seed", raw.get("seed", 0))
    shuffled_ids = raw.get("shuffled_ids", True)
    if not isinstance(shuffled_ids, bool):
        raise RecordError("config.shuffled_ids", "must be true or false")
    config = GameConfig(game_id, game_format, seed,
                        decks=_decks(raw.get("decks", {}), rules),
                        seats=_seats(raw.get("seats", {"p1": "human", "p2": "human"}), rules),
                        options=_mapping("config.options", raw.get("options", {})),
                        scenario=None if raw.get("scenario") is None else _mapping("config.scenario", raw["scenario"]),
                        auto_pass=_players("config.auto_pass", raw.get("auto_pass", []), rules),
                        shuffled_ids=shuffled_ids)
    return config, rules


def _seed(where: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << 64:
        raise RecordError(where, "must be a whole number from 0 to 2**64 - 1")
    return value


def read_reseeds(raw: Any, commands: list[dict[str, Any]]) -> list[tuple[int, int, list[str]]]:
    """Return the record's new-branch seeds as (step, seed, zones): each names a step of `commands` once."""
    if not isinstance(raw, list):
        raise RecordError("reseeds", "must be a list")
    found: list[tuple[int, int, list[str]]] = []
    steps: set[int] = set()
    for index, entry in enumerate(raw):
        where = f"reseeds[{index}]"
        if not isinstance(entry, dict) or set(entry) - {"step", "seed", "zones"}:
            raise RecordError(where, "must be a mapping of step, seed and zones")
        step = entry.get("step")
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < len(commands) or step in steps:
            raise RecordError(f"{where}.step", f"must name a step once, from 0 to {len(commands) - 1}")
        zones = entry.get("zones", [])
        if not isinstance(zones, list) or not all(isinstance(z, str) for z in zones):
            raise RecordError(f"{where}.zones", "must be a list of zone ids")
        steps.add(step)
        found.append((step, _seed(f"{where}.seed", entry.get("seed")), zones))
    return found


def _mapping(where: str, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(where, "must be a mapping")
    return value


def _players(where: str, value: Any, rules: GameRules) -> list[str]:
    if not isinstance(value, list):
        raise RecordError(where, "must be a list of players")
    for index, player in enumerate(value):
        if player not in rules.players:
            raise RecordError(f"{where}[{index}]", f"no player {player!r} in {rules.name}")
    return value


def _seats(value: Any, rules: GameRules) -> dict[str, str]:
    for player, kind in _mapping("config.seats", value).items():
        if player not in rules.players:
            raise RecordError("config.seats", f"no player {player!r} in {rules.name}")
        if kind not in SEAT_KINDS:
            raise RecordError(f"config.seats.{player}", f"must be one of {', '.join(SEAT_KINDS)}, not {kind!r}")
    return value


def _decks(value: Any, rules: GameRules) -> dict[str, dict[str, list[str]]]:
    for player, sections in _mapping("config.decks", value).items():
        if player not in rules.players:
            raise RecordError("config.decks", f"no player {player!r} in {rules.name}")
        for section, card_ids in _mapping(f"config.decks.{player}", sections).items():
            where = f"config.decks.{player}.{section}"
            if section not in rules.deck_sections:
                raise RecordError(where, f"{rules.name} decks have no section {section!r}")
            if not isinstance(card_ids, list) or not all(isinstance(c, str) for c in card_ids):
                raise RecordError(where, "must be a list of card ids")
            if len(card_ids) > MAX_DECK_CARDS:
                raise RecordError(where, f"holds {len(card_ids)} cards, at most {MAX_DECK_CARDS}")
    return value


def read_commands(raw: Any, rules: GameRules) -> list[dict[str, Any]]:
    """Check every command of a record against the game's vocabulary and each command's fields."""
    if not isinstance(raw, list):
        raise RecordError("commands", "must be a list of commands")
    if len(raw) > MAX_COMMANDS:
        raise RecordError("commands", f"holds {len(raw)} commands, at most {MAX_COMMANDS}")
    vocabulary: dict[str, type[Command]] = {c.command_name(): c for c in (*ENGINE_COMMANDS, *rules.commands)}
    for index, data in enumerate(raw):
        if not isinstance(data, dict):
            raise RecordError(f"commands[{index}]", "must be a mapping")
        try:
            command = build_command(vocabulary, data)
        except CommandError as error:
            raise RecordError(f"commands[{index}]", str(error)) from None
        if command.by not in rules.players:
            raise RecordError(f"commands[{index}].by", f"no player {command.by!r} in {rules.name}")
    return raw
