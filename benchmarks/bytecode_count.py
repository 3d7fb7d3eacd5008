"""Count the Python bytecodes that seeded random whole games execute: a measure of work a busy machine cannot disturb.

On a shared machine CPU timings of the same run vary by 15-20 %; the bytecodes executed do not vary at all, so two
checkouts (or two ideas) compare exactly, in seconds of tracing instead of minutes of interleaved timings. It counts
the interpreter's work, not time: a call of C code (sorted, a dict lookup inside a builtin) is one bytecode however
long it takes, so confirm a gain it finds with timings (fftcg_bench.py, vanguard_bench.py) before claiming one.
The games are those of seeded_outcomes.py, played as the benchmarks play them (both seats auto-pass, a seeded random
choice; the lists offered are not hashed), each counted from its start to its end; building the decks and libraries
is not counted.
Run: .venv/bin/python benchmarks/bytecode_count.py [GAMES_PER_SET] [--set LABEL] [--top N]   (default 3 games,
every set; tracing makes a game some 50 times slower). `--top N` lists the N functions executing the most bytecodes
of their own. `--free MODULE:NAME` counts the games as if a function cost nothing, the most any speed-up of it can
save: each game is first played untraced, the function's answers recorded, then counted with the function giving them
back in the same order without running (the work it did for others, such as filling a memo, is then counted where it
is done). Name it where it is called from (`tabletop.games.fftcg.rules:FFTCGRules._potential_plays`,
`tabletop.games.fftcg.rules:find_payment`); only a function that changes nothing but memos replays the same game.
"""
from __future__ import annotations

import argparse
import importlib
import inspect
import sys
from collections import Counter
from pathlib import Path
from types import CodeType, FrameType, TracebackType
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

from seeded_outcomes import play_out, seeded_games  # noqa: E402

Tracer = Callable[[FrameType, str, Any], Any]


class BytecodeCounter:
    """Counts, while it is entered, the bytecodes each function (code object) executes itself."""

    def __init__(self) -> None:
        self.counts: Counter[CodeType] = Counter()

    def __enter__(self) -> BytecodeCounter:
        sys.settrace(self._enter_frame)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        sys.settrace(None)

    def _enter_frame(self, frame: FrameType, event: str, arg: Any) -> Tracer:
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        counts, code = self.counts, frame.f_code

        def count(frame: FrameType, event: str, arg: Any) -> Tracer:
            if event == "opcode":
                counts[code] += 1
            return count
        return count


class Replayed:
    """Stands in for a function: records its answers while `recording`, then gives them back in the same order."""

    def __init__(self, target: str) -> None:
        module_name, _, path = target.partition(":")
        *outer, self.name = path.split(".")
        owner: Any = importlib.import_module(module_name)
        for part in outer:
            owner = getattr(owner, part)
        static = isinstance(inspect.getattr_static(owner, self.name), staticmethod)
        function = getattr(owner, self.name)
        self.recording = True
        self.answers: list[Any] = []
        self.given = 0

        def stand_in(*args: Any, **kwargs: Any) -> Any:
            if self.recording:
                answer = function(*args, **kwargs)
                self.answers.append(answer)
                return answer
            if self.given >= len(self.answers):
                raise RuntimeError(f"{target} was asked more often than when recorded: the game went another way")
            self.given += 1
            return self.answers[self.given - 1]
        setattr(owner, self.name, staticmethod(stand_in) if static else stand_in)

    def record(self) -> None:
        """Forget the answers recorded; record those of the next game."""
        self.recording, self.answers, self.given = True, [], 0

    def replay(self) -> None:
        """Give back the answers recorded, in order, from now on."""
        self.recording = False

    def check_all_given(self) -> None:
        """Refuse a game replayed that asked fewer times than when recorded: it went another way."""
        if self.given != len(self.answers):
            raise RuntimeError(f"{self.name} was asked {self.given} times, {len(self.answers)} when recorded: "
                               "the game went another way")


def main() -> None:
    """Count the games of each set and print bytecodes per game (and the busiest functions with --top)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=3, help="games per set")
    parser.add_argument("--set", action="append", dest="sets", help="a set's label (fftcg, vanguard-test-standard…)")
    parser.add_argument("--top", type=int, default=0, help="list the N functions executing the most bytecodes")
    parser.add_argument("--free", metavar="MODULE:NAME", help="count as if this function cost nothing (see above)")
    options = parser.parse_args()
    free = Replayed(options.free) if options.free else None
    per_set: dict[str, Counter[CodeType]] = {}
    for label, seed, start, goes_on in seeded_games(options.games):
        if options.sets and label not in options.sets:
            continue
        if free is not None:
            free.record()
            play_out(start(), seed, goes_on)
            free.replay()
        with BytecodeCounter() as counter:
            play_out(start(), seed, goes_on)
        if free is not None:
            free.check_all_given()
        per_set.setdefault(label, Counter()).update(counter.counts)
    for label, counts in per_set.items():
        print(f"{label}: {sum(counts.values()) // options.games:,} bytecodes per game ({options.games} games)")
        for code, count in counts.most_common(options.top):
            where = Path(code.co_filename).name
            print(f"  {count // options.games:>10,}  {code.co_name} ({where}:{code.co_firstlineno})")


if __name__ == "__main__":
    main()
