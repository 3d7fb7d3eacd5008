"""Game records (`.ttgame`): setup, seed, the cards used and the commands — enough to replay a game."""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.engine.atomic_write import write_atomically
from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.commands import Command, CommandError, build_command
from tabletop.engine.errors import BadInput, IllegalCommand
from tabletop.engine.game import Game
from tabletop.engine.rules import GameConfig, GameRules

RECORD_FORMAT = "tabletop-game"
RECORD_VERSION = 1


@dataclass
class GameRecord:
    """A saved game: how it started, the card definitions it uses and every command, in order."""

    config: GameConfig
    cards: list[CardDefinition]
    commands: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def of(cls, game: Game) -> GameRecord:
        """Return the record of a game as it stands (undone steps are not part of it)."""
        used = [game.state.library[card_id] for card_id in game.card_ids_used() if card_id != "filler"]
        used += [d for d in game.state.library.values() if d.id not in {c.id for c in used} and d.id != "filler"
                 and _needed_by_scenario(game.config, d.id)]
        return cls(game.config, used, [c.to_json() for c in game.commands()])

    def to_json(self) -> dict[str, Any]:
        """Return the record as JSON data."""
        return {"format": RECORD_FORMAT, "version": RECORD_VERSION, "game": self.config.game,
                "config": self.config.to_json(), "cards": [c.to_mapping() for c in self.cards],
                "commands": self.commands}


def _needed_by_scenario(config: GameConfig, card_id: str) -> bool:
    return config.scenario is not None and card_id in json.dumps(config.scenario)


def save_record(game: Game, path: Path) -> None:
    """Save a game as a `.ttgame` file (atomically)."""
    write_atomically(Path(path), json.dumps(GameRecord.of(game).to_json(), indent=1))


def load_record(path: Path, find_rules: Callable[[str], GameRules]) -> GameRecord:
    """Read a `.ttgame` file; BadInput names the file and the field that is wrong."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BadInput(path, "no such file") from None
    except UnicodeDecodeError:
        raise BadInput(path, "not a text file") from None
    except json.JSONDecodeError as error:
        raise BadInput(path, f"not valid JSON ({error.msg})", f"line {error.lineno}") from None
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise BadInput(path, f"not a tabletop game record (field 'format' must be {RECORD_FORMAT!r})")
    version = data.get("version")
    if not isinstance(version, int):
        raise BadInput(path, "field 'version' must be a whole number")
    if version > RECORD_VERSION:
        raise BadInput(path, f"written by a newer version of tabletop (record format {version}, "
                             f"this program reads up to {RECORD_VERSION}); please update")
    raw_config = data.get("config")
    if not isinstance(raw_config, dict):
        raise BadInput(path, "field 'config' must be a mapping")
    try:
        config = GameConfig(**raw_config)
    except TypeError as error:
        raise BadInput(path, f"field 'config': {error}") from None
    try:
        rules = find_rules(config.game)
    except KeyError:
        raise BadInput(path, f"unknown game {config.game!r}", "config.game") from None
    cards = []
    for index, mapping in enumerate(data.get("cards") or []):
        try:
            cards.append(rules.card_from_mapping(mapping))
        except ValueError as error:
            raise BadInput(path, str(error), f"cards[{index}]") from None
    commands = data.get("commands")
    if not isinstance(commands, list) or not all(isinstance(c, dict) for c in commands):
        raise BadInput(path, "field 'commands' must be a list of mappings")
    return GameRecord(config, cards, commands)


def replay(record: GameRecord, rules: GameRules, to: int | None = None, path: object = "record") -> Game:
    """Rebuild a game from a record, applying its first `to` commands (all by default).

    A command that does not parse or that the rules refuse raises BadInput naming its step.
    """
    game = Game.start(rules, record.config, CardLibrary(record.cards))
    for number, data in enumerate(record.commands[:to] if to is not None else record.commands, start=1):
        try:
            command: Command = build_command(game.command_types, data)
            game.submit(command)
        except CommandError as error:
            raise BadInput(path, str(error), f"command {number}") from None
        except IllegalCommand as error:
            raise BadInput(path, f"refused on replay: {error}", f"command {number}") from None
    return game
