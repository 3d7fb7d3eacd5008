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
from tabletop.engine.errors import BadInput, IllegalCommand, one_line
from tabletop.engine.game import Game
from tabletop.engine.history import Reseed
from tabletop.engine.input_file import read_capped
from tabletop.engine.record_schema import (
    MAX_CARDS, MAX_DEPTH, MAX_RECORD_BYTES, RecordError, check_header, check_shape, read_commands, read_config,
    read_reseeds,
)
from tabletop.engine.rules import GameConfig, GameRules

RECORD_FORMAT = "tabletop-game"
# 2: instance ids scrambled from the seed (GameConfig.shuffled_ids) and the new branches' seeds (`reseeds`);
# a version-1 record replays with ids in creation order, as it was played.
RECORD_VERSION = 2


@dataclass
class GameRecord:
    """A saved game: how it started, the card definitions it uses and every command, in order.

    `reseeds[n]` is the fresh seed (and re-mixed zones) step n (from 0) began with: a new branch of play
    after an undo (Game.submit), so that a replay deals the same cards as the game did.
    """

    config: GameConfig
    cards: list[CardDefinition]
    commands: list[dict[str, Any]] = field(default_factory=list)
    reseeds: dict[int, Reseed] = field(default_factory=dict)

    @classmethod
    def of(cls, game: Game) -> GameRecord:
        """Return the record of a game as it stands (undone steps are not part of it)."""
        return cls(game.config, _cards_used(game), [c.to_json() for c in game.commands()], _reseeds(game))

    def to_json(self) -> dict[str, Any]:
        """Return the record as JSON data."""
        data = {"format": RECORD_FORMAT, "version": RECORD_VERSION, "game": self.config.game,
                "config": self.config.to_json(), "cards": [c.to_mapping() for c in self.cards],
                "commands": self.commands}
        if self.reseeds:
            data["reseeds"] = _reseeds_json(self.reseeds)
        return data


def _reseeds(game: Game) -> dict[int, Reseed]:
    """Return the fresh seeds of the steps that began a new branch after an undo, by step number."""
    return {n: step.reseed for n, step in enumerate(game.history.done) if step.reseed is not None}


def _reseeds_json(reseeds: dict[int, Reseed]) -> list[dict[str, Any]]:
    return [{"step": n, "seed": r.seed, "zones": list(r.zones)} for n, r in sorted(reseeds.items())]


def _cards_used(game: Game) -> list[CardDefinition]:
    """Return the definitions a record keeps: every card in the game, and those its scenario set-up names."""
    used = [game.state.library[card_id] for card_id in game.card_ids_used() if card_id != "filler"]
    ids = {c.id for c in used}
    return used + [d for d in game.state.library.values() if d.id not in ids and d.id != "filler"
                   and _needed_by_scenario(game.config, d.id)]


class RecordText:
    """The text of a game's record, kept up to date step by step: what an autosave after every command writes.

    Only the commands played since the last call are encoded (and the card list when it changed); after an
    undo the commands from the first one taken back are encoded again. The text equals `save_record`'s.
    """

    def __init__(self) -> None:
        self._commands: list[tuple[Command, str]] = []
        self._head_key: tuple[str, ...] | None = None
        self._head = ""

    def text(self, game: Game) -> str:
        """Return the record of `game` as compact JSON text."""
        commands = game.commands()
        kept = 0
        for (cached, _), command in zip(self._commands, commands):
            if cached is not command:
                break
            kept += 1
        del self._commands[kept:]
        self._commands += [(c, _compact(c.to_json())) for c in commands[kept:]]
        key = tuple(game.card_ids_used())
        if key != self._head_key:
            whole = GameRecord(game.config, _cards_used(game), []).to_json()
            del whole["commands"]
            self._head, self._head_key = _compact(whole)[:-1], key
        reseeds = _reseeds(game)
        tail = f',"reseeds":{_compact(_reseeds_json(reseeds))}' if reseeds else ""
        return f'{self._head},"commands":[{",".join(text for _, text in self._commands)}]{tail}}}'


def _compact(data: Any) -> str:
    # Compact: written after every command (autosave), and the indented encoder is the slow pure-Python one.
    return json.dumps(data, separators=(",", ":"))


def _needed_by_scenario(config: GameConfig, card_id: str) -> bool:
    return config.scenario is not None and card_id in json.dumps(config.scenario)


def save_record(game: Game, path: Path) -> None:
    """Save a game as a `.ttgame` file (atomically)."""
    write_atomically(Path(path), _compact(GameRecord.of(game).to_json()))


def load_record(path: Path, find_rules: Callable[[str], GameRules]) -> GameRecord:
    """Read a `.ttgame` file, checked against the record schema; BadInput names the file and the field that is wrong."""
    path = Path(path)
    raw = read_capped(path, MAX_RECORD_BYTES, "game record")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise BadInput(path, "not a text file (not UTF-8)") from None
    except json.JSONDecodeError as error:
        raise BadInput(path, f"not valid JSON ({error.msg})", f"line {error.lineno}") from None
    except RecursionError:
        raise BadInput(path, f"nested too deeply (at most {MAX_DEPTH} levels)") from None
    except ValueError:  # a number with more digits than Python converts (4,300)
        raise BadInput(path, "not a usable record (a number with thousands of digits)") from None
    try:
        check_header(data, RECORD_FORMAT, RECORD_VERSION)
        check_shape(data)
        config, rules = read_config(data.get("config"), data.get("game"), find_rules)
        if data["version"] < 2:
            config.shuffled_ids = False
        cards = _read_cards(data.get("cards", []), rules)
        commands = read_commands(data.get("commands"), rules)
        reseeds = {n: Reseed(seed, tuple(zones)) for n, seed, zones in read_reseeds(data.get("reseeds", []), commands)}
    except RecordError as error:
        raise BadInput(path, error.what, error.field) from None
    return GameRecord(config, cards, commands, reseeds)


def _read_cards(raw: object, rules: GameRules) -> list[CardDefinition]:
    if not isinstance(raw, list):
        raise RecordError("cards", "must be a list of cards")
    if len(raw) > MAX_CARDS:
        raise RecordError("cards", f"holds {len(raw)} cards, at most {MAX_CARDS}")
    cards = []
    for index, mapping in enumerate(raw):
        try:
            cards.append(rules.card_from_mapping(mapping))
        except (ValueError, TypeError, KeyError, AttributeError) as error:
            raise RecordError(f"cards[{index}]", str(error)) from None
    return cards


def replay(record: GameRecord, rules: GameRules, to: int | None = None, path: object = "record") -> Game:
    """Rebuild a game from a record, applying its first `to` commands (all by default).

    A command that does not parse or that the rules refuse raises BadInput naming its step.
    """
    try:
        game = Game.start(rules, record.config, CardLibrary(record.cards))
    except (ValueError, KeyError, TypeError) as error:  # SetupError is a ValueError
        raise BadInput(path, f"cannot set up the game: {one_line(error)}", "config") from None
    for number, data in enumerate(record.commands[:to] if to is not None else record.commands, start=1):
        try:
            command: Command = build_command(game.command_types, data)
            game.submit(command, record.reseeds.get(number - 1))
        except CommandError as error:
            raise BadInput(path, str(error), f"command {number}") from None
        except IllegalCommand as error:
            raise BadInput(path, f"refused on replay: {error}", f"command {number}") from None
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as error:
            # a well-formed command that names what is not on the table (card #99999, zone 'moat')
            raise BadInput(path, f"refused on replay: {one_line(error)}", f"command {number}") from None
    return game

