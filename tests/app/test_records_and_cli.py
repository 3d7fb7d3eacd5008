"""Records, autosave and the command line as a user meets them."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.ui.autosave import (
    AutosaveSlot, adopt_earlier_autosave, clean_orphaned_temporaries, waiting_autosaves,
)
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
    assert "step 1 of 3" in out and "p1: Draw cards: count 2" in out and "turn 1" in out


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
    with pytest.raises(BadInput, match=r"commands\[1\]: unknown command 'CastFireball'"):
        load_record(path, find_game)


def test_an_autosave_slot_is_locked_while_its_game_is_open(tmp_path):
    game = freeform_game()
    slot = AutosaveSlot.create(tmp_path)
    slot.save(game)
    other = AutosaveSlot.create(tmp_path)
    assert other.path != slot.path, "every open game has its own file"
    assert AutosaveSlot.claim(slot.path) is None, "a second window cannot take an open game's autosave"
    assert waiting_autosaves(tmp_path) == []
    slot.release()
    assert waiting_autosaves(tmp_path) == [slot.path]
    resumed = AutosaveSlot.claim(slot.path)
    assert resumed is not None and len(load_record(resumed.path, find_game).commands) == 0
    resumed.discard()
    resumed.release()
    other.release()
    assert waiting_autosaves(tmp_path) == []


def test_a_kill_mid_write_leaves_a_temporary_file_the_next_start_removes(tmp_path):
    held, gone = AutosaveSlot.create(tmp_path), AutosaveSlot.create(tmp_path)
    game = freeform_game()
    held.save(game)
    gone.save(game)
    gone.release()   # its window was killed
    left = [tmp_path / f".{slot.path.name}.k1ll3d.tmp" for slot in (held, gone)]
    for temporary in left:
        temporary.write_text("{half a rec")
    stale_lock = tmp_path / "autosave-old.ttgame.lock"
    stale_lock.write_text("")
    removed = clean_orphaned_temporaries(tmp_path)
    assert sorted(removed) == sorted([left[1], stale_lock])
    assert left[0].exists(), "the temporary file of a game open in another window is its write in progress"
    assert load_record(gone.path, find_game).config.game == "freeform"
    held.release()


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


def test_the_autosave_of_a_killed_window_waits_to_be_resumed(tmp_path):
    child = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from pathlib import Path; from tabletop.ui.autosave import AutosaveSlot; "
                               "slot = AutosaveSlot.create(Path(sys.argv[1])); slot.path.write_text('{}'); "
                               "print(slot.path, flush=True); time.sleep(60)", str(tmp_path)],
        stdout=subprocess.PIPE, text=True, cwd=ROOT)
    path = Path(child.stdout.readline().strip())
    try:
        assert waiting_autosaves(tmp_path) == [], "held by the running window"
    finally:
        child.kill()
        child.wait()
        child.stdout.close()
    assert waiting_autosaves(tmp_path) == [path]


def test_the_autosave_of_an_earlier_version_is_offered_once(tmp_path):
    earlier = tmp_path / "autosave.ttgame"
    save_record(freeform_game(), earlier)
    (tmp_path / ".autosave.ttgame.x1.tmp").write_text("{half")
    folder = tmp_path / "autosaves"
    adopted = adopt_earlier_autosave(folder)
    assert waiting_autosaves(folder) == [adopted] and not earlier.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["autosaves"]
    assert adopt_earlier_autosave(folder) is None


def test_the_autosave_written_step_by_step_equals_a_whole_save_after_undos(tmp_path):
    """The autosave encodes only the commands since its last write (RecordText), on a thread of its own: after
    draws, passes and undos its file says exactly what a whole save of the game says."""
    import random

    from tabletop.engine.record import RecordText
    game = freeform_game(seed=9)
    text, slot = RecordText(), AutosaveSlot.create(tmp_path)
    rnd = random.Random(4)
    try:
        for step in range(40):
            if game.history.done and rnd.random() < 0.3:
                game.undo()
            else:
                player = game.state.active
                game.submit(DrawCards(by=player, count=1) if rnd.random() < 0.6 else PassTurn(by=player))
            slot.save(game)
            whole = tmp_path / "whole.ttgame"
            save_record(game, whole)
            assert text.text(game) == whole.read_text(), f"step {step}"
        slot.flush()
        assert slot.path.read_text() == (tmp_path / "whole.ttgame").read_text()
    finally:
        slot.release()
