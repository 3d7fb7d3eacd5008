"""`tabletop db`: import card files, search the card database, show what it holds."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from carddb.errors import CardDatabaseError

_FORMATS = ("ygopro-cdb", "fftcg-json", "ga-csv", "vanguard-json", "vanguard-cdb")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add `db import`, `db search` and `db info`."""
    db = subparsers.add_parser("db", help="manage the local card database")
    commands = db.add_subparsers(dest="db_command", metavar="DB_COMMAND", required=True)

    importing = commands.add_parser("import", help="import card files in a known format")
    importing.add_argument("format", choices=_FORMATS, metavar="FORMAT", help=", ".join(_FORMATS))
    importing.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    importing.add_argument("--db", type=Path, help="card database file (default: in the user data directory)")
    importing.set_defaults(handler=run_import)

    search = commands.add_parser("search", help="search cards by name and text")
    search.add_argument("query", nargs="?", default="", metavar="QUERY")
    search.add_argument("--game")
    search.add_argument("--type", dest="card_type")
    search.add_argument("--cost-min", type=int)
    search.add_argument("--cost-max", type=int)
    search.add_argument("--keyword")
    search.add_argument(
        "--attr", action="append", default=[], metavar="NAME=VALUE",
        help="per-game attribute, e.g. element=fire, attribute=LIGHT, nation='Dragon Empire' (repeatable)",
    )
    search.add_argument(
        "--stat", action="append", default=[], metavar="NAME=LOW..HIGH",
        help="stat range, e.g. atk=2000.., power=..5000, grade=3..3 (repeatable)",
    )
    search.add_argument("--limit", type=int, default=20)
    search.add_argument("--db", type=Path, help="card database file (default: in the user data directory)")
    search.set_defaults(handler=run_search)

    info = commands.add_parser("info", help="show where the database is and what it holds")
    info.add_argument("--db", type=Path, help="card database file (default: in the user data directory)")
    info.set_defaults(handler=run_info)


def _fail(message: str) -> int:
    print(f"tabletop: {message}", file=sys.stderr)
    return 2


class ProgressBar:
    """Draws `stage [#####.....] done/total` on one terminal line of stderr."""

    def __init__(self, stream: TextIO = sys.stderr, width: int = 30) -> None:
        self.stream = stream
        self.width = width
        self._last: tuple[str, int] | None = None

    def __call__(self, stage: str, done: int, total: int) -> None:
        filled = self.width if total <= 0 else min(self.width, self.width * done // total)
        if self._last == (stage, filled):
            return
        if self._last is not None and self._last[0] != stage:
            self.stream.write("\n")
        self._last = (stage, filled)
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r{stage:8} [{bar}] {done}/{total}")
        self.stream.flush()

    def finish(self) -> None:
        """End the progress line."""
        if self._last is not None:
            self.stream.write("\n")
            self.stream.flush()


def run_import(args: argparse.Namespace) -> int:
    """Import the files and print the summary; exit 2 with one line when something is wrong."""
    from carddb.database import open_database
    from carddb.importing import import_files

    bar = ProgressBar()
    try:
        with open_database(args.db) as database:
            summary = import_files(
                database, args.format, args.paths, progress=bar if sys.stderr.isatty() else None
            )
    except CardDatabaseError as error:
        bar.finish()
        return _fail(str(error))
    bar.finish()
    print("\n".join(summary.lines()))
    return 0


def _parse_stat(text: str) -> tuple[str, tuple[int | None, int | None]]:
    name, _, bounds = text.partition("=")
    low, dots, high = bounds.partition("..")
    if not name or not dots and not bounds:
        raise ValueError(f"--stat {text!r}: write NAME=LOW..HIGH (either end may be left out)")
    try:
        if not dots:
            return name, (int(bounds), int(bounds))
        return name, (int(low) if low else None, int(high) if high else None)
    except ValueError:
        raise ValueError(f"--stat {text!r}: bounds must be whole numbers") from None


def run_search(args: argparse.Namespace) -> int:
    """Print matching cards, one a line: game, code, name, type, cost, stats."""
    from carddb.database import open_database

    try:
        attributes = {}
        for item in args.attr:
            name, equals, value = item.partition("=")
            if not equals or not name:
                raise ValueError(f"--attr {item!r}: write NAME=VALUE")
            attributes[name] = value
        stats = dict(_parse_stat(item) for item in args.stat)
        with open_database(args.db) as database:
            cards = database.search(
                args.query, game=args.game, card_type=args.card_type, cost_min=args.cost_min,
                cost_max=args.cost_max, keyword=args.keyword, stats=stats, limit=args.limit, **attributes,
            )
    except CardDatabaseError as error:
        return _fail(str(error))
    except ValueError as error:
        return _fail(str(error))
    for card in cards:
        cost = "" if card.cost is None else f" cost {card.cost}"
        stats_text = " ".join(f"{k} {v}" for k, v in card.stats.items())
        print(f"{card.game:13} {card.id:14} {card.name} — {card.card_type}{cost} {stats_text}".rstrip())
    if not cards:
        print("no cards found", file=sys.stderr)
    return 0


def run_info(args: argparse.Namespace) -> int:
    """Print the database path, schema revision, per-game counts and past imports."""
    from carddb.database import open_database

    try:
        with open_database(args.db) as database:
            info = database.info()
    except CardDatabaseError as error:
        return _fail(str(error))
    print(f"database: {info.path}")
    print(f"schema:   {info.revision}")
    if not info.games:
        print("no cards yet: try `tabletop db import FORMAT PATH`")
    for game in info.games:
        print(f"{game.game:14} {game.cards:6} cards {game.decks:4} decks")
    for run in info.imports:
        files = ", ".join(Path(f).name for f in run.source_file.splitlines())
        print(
            f"imported {run.imported_at:%Y-%m-%d %H:%M} {run.format}: {files} "
            f"(+{run.added} ~{run.updated} skipped {run.skipped})"
        )
    return 0
