"""Saved games: every game and format saves and opens again; a malformed `.ttgame` is refused in one line.

The hostile records are built here from a real save, each with the field its refusal must name; the
test prints each one's outcome (`pytest -s`), `benchmarks/hostile_files_bench.py` its time.
"""
from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tabletop.app.cli import main
from tabletop.engine.errors import BadInput
from tabletop.engine.game import Game
from tabletop.engine.record import load_record, replay, save_record
from tabletop.engine.record_schema import MAX_DECK_CARDS, MAX_RECORD_BYTES
from tabletop.engine.rules import GameConfig
from tabletop.games import find_game, game_ids
from tests.games.sample_decks import sample_config

def _every_game_and_format() -> list[tuple[str, str]]:
    return [(g, f) for g in game_ids() for f in find_game(g).formats]


@pytest.mark.parametrize("game_id, game_format", _every_game_and_format())
def test_every_game_and_format_saves_and_opens_again(tmp_path, capsys, game_id, game_format):
    rules = find_game(game_id)
    config, library = sample_config(game_id, seed=4)
    config.format = game_format
    zones = {spec.name for spec in rules.zone_specs(game_format)}
    for sections in config.decks.values():   # a section the format has no zone for (Vanguard standard's G zone)
        for section in [s for s in sections if rules.deck_sections.get(s) not in (None, *zones)]:
            del sections[section]
    game = Game.start(rules, config, library)
    for _ in range(12):
        legal = game.legal_commands()
        if game.is_terminal() or not legal:
            break
        game.submit(legal[len(legal) // 2])
    path = tmp_path / f"{game_id}.ttgame"
    save_record(game, path)
    again = replay(load_record(path, find_game), rules, path=path)
    assert again.state.fingerprint() == game.state.fingerprint()
    assert again.config.format == game_format
    assert main(["replay", str(path)]) == 0
    assert f"step {len(game.history)} of {len(game.history)}" in capsys.readouterr().out


def _saved(tmp_path: Path) -> dict[str, Any]:
    config, library = sample_config("dreadnought", seed=2)
    game = Game.start(find_game("dreadnought"), config, library)
    game.submit(game.legal_commands()[0])
    path = tmp_path / "good.ttgame"
    save_record(game, path)
    return json.loads(path.read_text())


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """Return an edit that sets the field at a dotted path (numbers index lists)."""
    def edit(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
    return edit


def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = {"a": value}
    return value


# (name, edit of a good record or the file's whole text, words the refusal must hold)
HOSTILE: list[tuple[str, Callable[[dict[str, Any]], None] | bytes, str]] = [
    ("not json", b"{not json", "not valid JSON"),
    ("empty file", b"", "not valid JSON"),
    ("a list", b"[1, 2]", "not a tabletop game record"),
    ("not utf-8", b'{"format": "tabletop-game", "x": "\xff\xfe"}', "not UTF-8"),
    ("json nested 100,000 deep", b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    ("a 5,000-digit number", b'{"format": "tabletop-game", "version": ' + b"9" * 5000 + b"}", "not a usable record"),
    ("format missing", _set("format", None), "field 'format'"),
    ("version text", _set("version", "1"), "version: must be a whole number"),
    ("version 0", _set("version", 0), "version: must be a whole number"),
    ("newer version", _set("version", 99), "newer version"),
    ("unknown top field", _set("extra", 1), "extra: unknown field"),
    ("game differs", _set("game", "vanguard"), "game: says 'vanguard'"),
    ("config a list", _set("config", []), "config: must be a mapping"),
    ("unknown config field", _set("config.colour", "red"), "config.colour: unknown field"),
    ("game a number", _set("config.game", 3), "config.game: must name a game"),
    ("unknown game", _set("config.game", "chess"), "config.game: unknown game 'chess'"),
    ("unknown format", _set("config.format", "modern"), "config.format: DreadNought has no format 'modern'"),
    ("format a list", _set("config.format", ["x"]), "config.format"),
    ("seed text", _set("config.seed", "7"), "config.seed: must be a whole number"),
    ("seed negative", _set("config.seed", -1), "config.seed"),
    ("seed 2**64", _set("config.seed", 2**64), "config.seed"),
    ("decks a list", _set("config.decks", [1]), "config.decks: must be a mapping"),
    ("deck of a third seat", _set("config.decks.p3", {"main": []}), "no player 'p3'"),
    ("deck section unknown", _set("config.decks.p1.sideboard", []), "config.decks.p1.sideboard"),
    ("deck card a number", _set("config.decks.p1.main.0", 5), "config.decks.p1.main: must be a list of card ids"),
    ("deck too large", _set("config.decks.p1.main", ["DN-003"] * (MAX_DECK_CARDS + 1)), "at most 1000"),
    ("deck card unknown", _set("config.decks.p1.main.0", "DN-999"), "config: cannot set up the game"),
    ("seats a string", _set("config.seats", "ai"), "config.seats: must be a mapping"),
    ("seat kind unknown", _set("config.seats.p1", "robot"), "config.seats.p1: must be one of human, ai"),
    ("options a list", _set("config.options", [1]), "config.options: must be a mapping"),
    ("options nested 40 deep", _set("config.options", _nested(40)), "nested more than 32 levels"),
    ("scenario a number", _set("config.scenario", 3), "config.scenario: must be a mapping"),
    ("scenario field unknown", _set("config.scenario", {"weather": 1}), "config: cannot set up the game"),
    ("scenario a billion filler cards", _set("config.scenario", {"players": {"p1": {"hand": 10**9}}}),
     "config: cannot set up the game"),
    ("auto_pass a string", _set("config.auto_pass", "p1"), "config.auto_pass: must be a list"),
    ("auto_pass a stranger", _set("config.auto_pass", ["p9"]), "config.auto_pass[0]: no player 'p9'"),
    ("cards a mapping", _set("cards", {}), "cards: must be a list"),
    ("card a number", _set("cards.0", 3), "cards[0]: a card must be a mapping"),
    ("card without a name", _set("cards.0", {"id": "x", "type": "unit"}), "cards[0]: card 'x': missing field 'name'"),
    ("card stat text", _set("cards.0.bp", "lots"), "cards[0]"),
    ("commands missing", _set("commands", None), "commands: must be a list"),
    ("command a string", _set("commands.0", "PassPriority"), "commands[0]: must be a mapping"),
    ("command unknown", _set("commands.0", {"command": "Fireball", "by": "p1"}), "unknown command 'Fireball'"),
    ("command field unknown", _set("commands.0.colour", 1), "unknown field 'colour'"),
    ("command by a stranger", _set("commands.0.by", "p7"), "commands[0].by: no player 'p7'"),
    ("command by a number", _set("commands.0.by", 1), "commands[0].by"),
    ("command count huge", _set("commands.0", {"command": "DrawCards", "by": "p1", "count": 10**30}), "out of range"),
    ("command card missing", _set("commands.0", {"command": "ManualMove", "by": "p1", "card": 99999, "to": "hand"}),
     "command 1: refused on replay"),
    ("command zone missing", _set("commands.0", {"command": "Shuffle", "by": "p1", "zone": "moat"}),
     "command 1: refused on replay"),
    ("command card a string", _set("commands.0", {"command": "Reveal", "by": "p1", "card": "x"}),
     "field 'card' must name a card"),
    ("reseeds a mapping", _set("reseeds", {"0": 1}), "reseeds: must be a list"),
    ("reseed of a step not played", _set("reseeds", [{"step": 5, "seed": 1}]), "reseeds[0].step: must name a step"),
    ("reseed seed negative", _set("reseeds", [{"step": 0, "seed": -1}]), "reseeds[0].seed"),
    ("reseed field unknown", _set("reseeds", [{"step": 0, "seed": 1, "luck": 9}]), "reseeds[0]: must be a mapping"),
    ("reseed zone missing", _set("reseeds", [{"step": 0, "seed": 1, "zones": ["moat"]}]),
     "command 1: refused on replay"),
    ("shuffled_ids text", _set("config.shuffled_ids", "yes"), "config.shuffled_ids: must be true or false"),
]


def write_hostile_record(tmp_path: Path, name: str, content: Callable[[dict[str, Any]], None] | bytes) -> Path:
    """Write one hostile record of HOSTILE into `tmp_path`; return its path."""
    path = tmp_path / (name.replace(" ", "_").replace(",", "") + ".ttgame")
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        data = copy.deepcopy(_saved(tmp_path))
        content(data)
        path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("name, content, words", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_record_is_refused_in_one_line_naming_the_field(tmp_path, capsys, name, content, words):
    path = write_hostile_record(tmp_path, name, content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    print(f"\n{name}: {err.strip()}")
    assert words in err and str(path) in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_record_over_the_size_cap_is_refused_unread(tmp_path):
    path = tmp_path / "huge.ttgame"
    with path.open("wb") as stream:
        stream.truncate(MAX_RECORD_BYTES + 1)
    with pytest.raises(BadInput, match="too large for a game record"):
        load_record(path, find_game)


def test_a_good_record_still_opens_after_the_checks(tmp_path):
    path = tmp_path / "good.ttgame"
    data = _saved(tmp_path)
    data["cards"][0]["ygopro"] = {"setcode": 2**64 - 1}   # an imported card keeps its 64-bit archetype codes
    path.write_text(json.dumps(data))
    record = load_record(path, find_game)
    assert isinstance(record.config, GameConfig) and record.config.game == "dreadnought" and len(record.commands) == 1
