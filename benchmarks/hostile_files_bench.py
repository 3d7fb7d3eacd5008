"""Hostile input files: the time to read or refuse each file of the tests' corpus (records, scenarios, cards, decks).

Run: `.venv/bin/python benchmarks/hostile_files_bench.py`. Target: every file read or refused in under 1 s
(before the caps of issue 27, some took minutes: three deck-line patterns 9-16 s on a 20 KB line, a 9**7
alias expansion 11 s). Prints one line per file: its kind, name, time and outcome; exits 1 over the target.
"""
from __future__ import annotations

import contextlib
import io
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.app.cli import main  # noqa: E402
from tests.app.test_hostile_files import CORPUS, READERS, write_hostile_file  # noqa: E402
from tests.app.test_record_schema import HOSTILE, write_hostile_record  # noqa: E402

TARGET_SECONDS = 1.0


def replay_outcome(path: Path) -> str:
    """Return what `tabletop replay FILE` says on stderr (its one-line refusal), or "read"."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(["replay", str(path)])
    return err.getvalue().strip() if status else "read"


def main_bench() -> int:
    """Time every hostile file; return 1 when one is over the target."""
    rows: list[tuple[str, str, float, str]] = []
    with tempfile.TemporaryDirectory() as scratch:
        for index, (name, content, _words) in enumerate(HOSTILE):
            folder = Path(scratch) / f"r{index}"
            folder.mkdir()
            path = write_hostile_record(folder, name, content)
            began = time.perf_counter()
            outcome = replay_outcome(path)
            rows.append(("record", name, time.perf_counter() - began, outcome.replace(f"tabletop: {path}: ", "")))
        for index, (kind, name, content, _words) in enumerate(CORPUS):
            folder = Path(scratch) / f"f{index}"
            folder.mkdir()
            path = write_hostile_file(folder, kind, name, content)
            began = time.perf_counter()
            outcome = READERS[kind](path)
            rows.append((kind, name, time.perf_counter() - began, outcome.replace(f"{path}: ", "")))
    for kind, name, seconds, outcome in rows:
        print(f"{kind:10} {name:36} {seconds * 1000:7.1f} ms  {outcome[:90]}")
    slowest = max(rows, key=lambda row: row[2])
    print(f"{len(rows)} files, slowest {slowest[0]} '{slowest[1]}' {slowest[2] * 1000:.0f} ms (target < {TARGET_SECONDS * 1000:.0f} ms)")
    return 1 if slowest[2] >= TARGET_SECONDS else 0


if __name__ == "__main__":
    sys.exit(main_bench())
