"""Records, autosave and the command line as a user meets them."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.app.autosave import Autosaver
from tabletop.app.cli import main
from tabletop.engine.commands import DrawCards
from tabletop.engine.errors import BadInput
from tabletop.engine.atomic_write import write_atomically
from tabletop.engine.record import RECORD_VERSION, load_record, replay, save_record
from tabletop.games import find_game
from tabletop.games.freeform.rules import PassTurn
from tests.engine.helpers import freeform_game

ROOT = Path(__file__).resolve().parents[2]


def _saved_game(tmp_path: Path) -> Path:
    game = freeform_game(seed=5)
    game.submit(DrawCards(by="p1", count=2))
    game.submit(PassTurn(by="p1"))
    game.submit(DrawCards(by="p2", count=1))
    path = tmp_path / "game.ttgame"
    save_record(game, path)
    return path


def test_save_then_load_replays_the_same_game(tmp_path):
    path = _saved_game(tmp_path)
    record = load_record(path, find_game)
    assert len(record.commands) == 3
    game = replay(record, find_game("freeform"))
    assert game.state.turn == 2 and len(game.state.zones["p1.hand"].cards) == 9


def test_replay_command_prints_the_table_at_a_step(tmp_path, capsys):
    path = _saved_game(tmp_path)
    assert main(["replay", str(path), "--to", "1"]) == 0
    out = capsys.readouterr().out
    assert "step 1 of 3" in out and "p1: draw cards" in out and "turn 1" in out


@pytest.mark.parametrize("content, message", [
    ("{not json", "not valid JSON"),
    (json.dumps({"format": "something-else"}), "not a tabletop game record"),
    (json.dumps({"format": "tabletop-game", "version": RECORD_VERSION + 1, "config": {}}), "newer version"),
    (json.dumps({"format": "tabletop-game", "version": 1, "config": {"game": "chess"}, "commands": []}),
     "unknown game 'chess'"),
])
def test_a_bad_record_is_refused_with_one_line(tmp_path, capsys, content, message):
    path = tmp_path / "bad.ttgame"
    path.write_text(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and str(path) in err and err.count("\n") == 1


def test_a_record_with_an_unknown_command_names_the_step(tmp_path):
    path = _saved_game(tmp_path)
    data = json.loads(path.read_text())
    data["commands"][1] = {"command": "CastFireball", "by": "p1"}
    path.write_text(json.dumps(data))
    with pytest.raises(BadInput, match="command 2: unknown command 'CastFireball'"):
        replay(load_record(path, find_game), find_game("freeform"), path=path)


def test_autosave_follows_every_command(tmp_path):
    game = freeform_game()
    saver = Autosaver(tmp_path / "auto.ttgame")
    saver.attach(game)
    game.submit(DrawCards(by="p1", count=1))
    assert len(load_record(saver.path, find_game).commands) == 1
    game.undo()
    assert load_record(saver.path, find_game).commands == []


def test_a_write_killed_midway_leaves_the_old_file(tmp_path):
    target = tmp_path / "save.ttgame"
    write_atomically(target, "good")

    class Boom(Exception):
        pass

    original = os.fsync
    try:
        os.fsync = lambda fd: (_ for _ in ()).throw(Boom())
        with pytest.raises(Boom):
            write_atomically(target, "half")
    finally:
        os.fsync = original
    assert target.read_text() == "good"
    assert [p.name for p in tmp_path.iterdir()] == ["save.ttgame"]


def test_help_lists_the_subcommands():
    out = subprocess.run([sys.executable, "-m", "tabletop", "--help"], capture_output=True, text=True, cwd=ROOT).stdout
    for name in ("scenario", "replay", "run"):
        assert name in out


def test_scenario_run_prints_the_closing_line_and_exit_status(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\ngame: freeform\nsteps:\n  - do: {by: p1, command: Teleport}\n")
    failing = tmp_path / "failing.yaml"
    failing.write_text("name: y\ngame: freeform\nsteps:\n  - expect: {turn: 9}\n")
    result = subprocess.run([sys.executable, "-m", "tabletop", "scenario", "run", str(failing)],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 1 and result.stdout.strip().endswith("0 passed, 1 failed")
    assert "step 1 (expect): turn is 1, expected 9" in result.stdout
    result = subprocess.run([sys.executable, "-m", "tabletop", "scenario", "run", str(bad)],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2 and "Traceback" not in result.stdout + result.stderr
    assert f"{bad}: step 1 (do): unknown command 'Teleport'" in result.stdout


@pytest.mark.parametrize("content, message", [
    ("name: x\ngame: freeform\nsteps: [\n", "not valid YAML"),
    ("name: x\ngame: freeform\nsteps: []\nsetup: {players: {p1: {hand: [ghost]}}}\n", "unknown card 'ghost'"),
    ("name: x\ngame: freeform\nsteps: []\nsetup: {players: {p1: {moat: 2}}}\n", "no zone or total 'moat'"),
    ("name: x\ngame: freeform\nsteps: []\nflavour: 1\n", "unknown field 'flavour'"),
    ("name: x\ngame: freeform\nsteps:\n  - expect: {mana: 3}\n", "no expectation 'mana'"),
])
def test_a_malformed_scenario_is_named_in_one_line(tmp_path, content, message):
    from carddb.bundled import load_bundled_cards
    from tabletop.scenarios.runner import run_scenario

    path = tmp_path / "s.yaml"
    path.write_text(content)
    result = run_scenario(path, load_bundled_cards)
    assert result.malformed and message in result.message and str(path) in result.message
    assert "\n" not in result.message
