"""`tabletop db`: import card files, search the card database, show what it holds, check it.

Start-up matters here (a search is typed often): only the standard library is imported
before a handler runs, and the handlers import carddb, which reads with sqlite3.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from carddb.errors import CardDatabaseError

if TYPE_CHECKING:
    from tabletop.engine.cards import CardDefinition

_FORMATS = ("ygopro-cdb", "fftcg-json", "ga-csv", "vanguard-json", "vanguard-cdb", "octgn-set-xml")


class WordsParser(argparse.ArgumentParser):
    """An argument parser that takes a word starting with `-` for a positional unless it names an option.

    So `db search -dragon` searches for "-dragon" (argparse alone stops with "unrecognized
    arguments"); `--` still ends the options as usual.
    """

    def _parse_optional(self, arg_string: str) -> Any:
        name = arg_string.split("=", 1)[0]
        if arg_string.startswith("-") and not any(option.startswith(name) for option in self._option_string_actions):
            return None
        return super()._parse_optional(arg_string)


def _limit(text: str) -> int:
    from carddb.search import MAX_LIMIT

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= value <= MAX_LIMIT:
        raise argparse.ArgumentTypeError(f"{value} is not between 1 and {MAX_LIMIT}")
    return value


def _add_db_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", type=Path, help="card database file (default: in the user data directory)")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `db` sub-commands: import, search, show, sets, sources, images, coverage, info, check."""
    db = subparsers.add_parser("db", help="manage the local card database")
    commands = db.add_subparsers(
        dest="db_command", metavar="DB_COMMAND", required=True, parser_class=WordsParser
    )

    importing = commands.add_parser("import", help="import card files in a known format")
    importing.add_argument("format", choices=_FORMATS, metavar="FORMAT", help=", ".join(_FORMATS))
    importing.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    importing.add_argument(
        "--priority", type=int, default=0,
        help="precedence over other sources defining the same cards (default 0; then the newer file wins)",
    )
    importing.add_argument(
        "--replace", action="store_true", help="drop the cards this source had before and its file no longer has"
    )
    _add_db_option(importing)
    importing.set_defaults(handler=run_import)

    sources = commands.add_parser("sources", help="list the sources of the cards, or remove one")
    sources.add_argument("--remove", metavar="SOURCE", help="forget a source: its number, path or file name")
    sources.add_argument("--json", action="store_true", help="print the sources as JSON")
    _add_db_option(sources)
    sources.set_defaults(handler=run_sources)

    search = commands.add_parser("search", help="search cards by name and text")
    search.add_argument(
        "query", nargs="?", default="", metavar="QUERY",
        help="words of the name or text (prefixes; Chinese/Japanese/Korean: any part of the text)",
    )
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
    search.add_argument("--limit", type=_limit, default=20, help="at most this many cards (1..10000)")
    search.add_argument("--json", action="store_true", help="print the cards as JSON")
    _add_db_option(search)
    search.set_defaults(handler=run_search)

    show = commands.add_parser("show", help="everything about one card: fields, text, printings, sources, picture")
    show.add_argument("card", metavar="CARD", help="the card's code, or its exact name")
    show.add_argument("--game", help="only this game's cards")
    show.add_argument("--json", action="store_true", help="print the card as JSON")
    _add_db_option(show)
    show.set_defaults(handler=run_show)

    sets = commands.add_parser("sets", help="the sets of a game and how many cards each holds")
    sets.add_argument("--game", required=True)
    sets.add_argument("--json", action="store_true", help="print the sets as JSON")
    _add_db_option(sets)
    sets.set_defaults(handler=run_sets)

    images = commands.add_parser(
        "images", help="link a folder of your card pictures (pics/<passcode>.jpg, <card number>.jpg|png), or list them"
    )
    images.add_argument("folder", nargs="?", type=Path, metavar="DIR", help="the folder to link")
    images.add_argument("--remove", type=Path, metavar="DIR", help="unlink a folder (its files stay)")
    _add_db_option(images)
    images.set_defaults(handler=run_images)

    check = commands.add_parser("check", help="check the database file for damage; --rebuild-index rebuilds search")
    check.add_argument("--rebuild-index", action="store_true", help="rebuild the search index and filters")
    _add_db_option(check)
    check.set_defaults(handler=run_check)

    coverage = commands.add_parser(
        "coverage", help="the share of a game's cards whose every ability its text compiler enforces"
    )
    coverage.add_argument("--game", required=True)
    coverage.add_argument("--json", action="store_true", help="print the coverage as JSON")
    _add_db_option(coverage)
    coverage.set_defaults(handler=run_coverage)

    info = commands.add_parser("info", help="show where the database is and what it holds")
    _add_db_option(info)
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
            database.on_wait = lambda: print(
                f"{database.path}: another import is writing it; waiting for it to finish…", file=sys.stderr
            )
            summary = import_files(
                database, args.format, args.paths, progress=bar if sys.stderr.isatty() else None,
                priority=args.priority, replace=args.replace,
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
            printings = database.printings(cards)
    except CardDatabaseError as error:
        return _fail(str(error))
    except ValueError as error:
        return _fail(str(error))
    if args.json:
        print(json.dumps([_card_json(card, printings.get((card.game, card.id), [])) for card in cards],
                         ensure_ascii=False, indent=1))
        return 0
    for card in cards:
        cost = "" if card.cost is None else f" cost {card.cost}"
        stats_text = " ".join(f"{k} {v}" for k, v in card.stats.items())
        print(f"{card.game:13} {card.id:14} {card.name} — {card.card_type}{cost} {stats_text}".rstrip())
        others = printings.get((card.game, card.id))
        if others:
            print(f"{'':13} {'':14} also printed as {', '.join(others)}")
    if not cards:
        print("no cards found", file=sys.stderr)
    return 0


def _card_json(card: CardDefinition, printings: list[str]) -> dict[str, Any]:
    return {"game": card.game, **card.to_mapping(), "printings": printings}


def run_show(args: argparse.Namespace) -> int:
    """Print one card: every field, its text, its other printings, its sources and its picture."""
    from carddb.database import open_database

    try:
        with open_database(args.db) as database:
            cards = database.cards_named(args.card, args.game)
            if len(cards) != 1:
                where = f" of {args.game}" if args.game else ""
                if not cards:
                    return _fail(f"{database.path}: no card{where} has the code or name {args.card!r}; "
                                 "try `tabletop db search`")
                listed = ", ".join(f"{card.game} {card.id}" for card in cards[:8])
                return _fail(f"{database.path}: {len(cards)} cards{where} are {args.card!r} ({listed}); "
                             "give --game or the code")
            card = cards[0]
            printings = database.printings(cards).get((card.game, card.id), [])
            sources = database.card_sources(card.game, card.id)
            picture = database.picture(card)
    except CardDatabaseError as error:
        return _fail(str(error))
    if args.json:
        print(json.dumps({**_card_json(card, printings), "sources": [{"path": p, "format": f} for p, f in sources],
                          "picture": str(picture) if picture else None}, ensure_ascii=False, indent=1))
        return 0
    print(f"{card.name}  ({card.game} {card.id})")
    print(f"type:       {card.card_type}" + ("" if card.cost is None else f"   cost: {card.cost}"))
    if card.stats:
        print("stats:      " + ", ".join(f"{k} {v}" for k, v in card.stats.items()))
    if card.keywords:
        print("keywords:   " + ", ".join(k if v is True else f"{k} {v}" for k, v in card.keywords.items()))
    for name, value in card.attributes.items():
        shown = ", ".join(map(str, value)) if isinstance(value, list) else json.dumps(value, ensure_ascii=False) \
            if isinstance(value, dict) else str(value)
        print(f"{name + ':':11} {shown}")
    if card.text:
        print()
        print(card.text)
        print()
    if printings:
        print(f"printings:  {', '.join(printings)}")
    for place, (path, format) in enumerate(sources):
        print(f"{'sources:' if place == 0 else '':11} {path} ({format}){' — stored version' if place == 0 else ''}")
    print(f"picture:    {picture or 'none (drawn face); link yours with `tabletop db images DIR`'}")
    return 0


def run_sets(args: argparse.Namespace) -> int:
    """Print the sets of one game with their card counts."""
    from carddb.database import open_database

    try:
        with open_database(args.db) as database:
            sets = database.sets(args.game)
    except CardDatabaseError as error:
        return _fail(str(error))
    if args.json:
        print(json.dumps([{"code": c, "name": n, "cards": k} for c, n, k in sets], ensure_ascii=False, indent=1))
        return 0
    if not sets:
        print(f"no sets recorded for {args.game} (its sources do not name sets)", file=sys.stderr)
    for code, name, count in sets:
        print(f"{count:6} cards  {code}" + ("" if name == code else f"  {name}"))
    return 0


def run_images(args: argparse.Namespace) -> int:
    """Link a folder of card pictures (and say how many cards have one there), unlink one, or list them."""
    from carddb.database import open_database

    try:
        with open_database(args.db) as database:
            if args.remove:
                database.unlink_pictures(args.remove)
                print(f"{args.remove}: unlinked (its files stay)")
                return 0
            if args.folder:
                pictures, matched = database.link_pictures(args.folder)
                print(f"{args.folder}: linked; {pictures} picture(s), {matched} stored card(s) have one there")
                if pictures and not matched:
                    print("  no picture is named after a stored card's code (pics/<passcode>.jpg, <card number>.jpg)",
                          file=sys.stderr)
                return 0
            folders = database.picture_folders()
    except CardDatabaseError as error:
        return _fail(str(error))
    if not folders:
        print("no picture folders linked: `tabletop db images DIR`; cards show their drawn faces")
    for folder in folders:
        print(f"{folder}{'' if folder.is_dir() else '  (missing)'}")
    return 0


def run_sources(args: argparse.Namespace) -> int:
    """List the sources (file, format, games and cards, file date, import date), or remove one."""
    from carddb.database import open_database

    try:
        with open_database(args.db) as database:
            if args.remove:
                path, deleted, restored = database.remove_source(args.remove)
                print(f"removed {path}: {deleted} card(s) deleted, {restored} card(s) back to another source's version")
                return 0
            sources = database.sources()
    except CardDatabaseError as error:
        return _fail(str(error))
    if args.json:
        print(json.dumps([{
            "id": s.id, "path": s.path, "format": s.format, "files": list(s.files), "priority": s.priority,
            "file_date": s.file_date.isoformat(), "imported_at": s.imported_at.isoformat(),
            "cards": dict(s.games), "stored_versions": s.winning,
        } for s in sources], ensure_ascii=False, indent=1))
        return 0
    for source in sources:
        games = ", ".join(f"{game} {count}" for game, count in source.games) or "no cards"
        print(f"{source.id:3}  {source.path}")
        print(f"     {source.format}, {games} ({source.winning} stored from here), priority {source.priority}, "
              f"file of {source.file_date:%Y-%m-%d %H:%M}, imported {source.imported_at:%Y-%m-%d %H:%M}")
    return 0


def run_check(args: argparse.Namespace) -> int:
    """Run SQLite's integrity check and the search index's; with --rebuild-index rebuild the index first."""
    from carddb.database import open_database

    try:
        with open_database(args.db) as database:
            if args.rebuild_index:
                database.rebuild_index()
                print("search index rebuilt")
            problems = database.check()
    except CardDatabaseError as error:
        return _fail(str(error))
    for problem in problems:
        print(problem)
    if problems:
        return _fail(f"{len(problems)} problem(s) found; a copy of the file from before the damage is the safe fix")
    print("ok: no damage found")
    return 0


def run_coverage(args: argparse.Namespace) -> int:
    """Compile every imported card of the game and print the coverage; say so when there is no compiler.

    The bundled original cards are left out: their effects are written by hand, not read from real text.
    """
    from dataclasses import asdict

    from carddb.card_compilation import compiler_version
    from carddb.database import open_database
    from carddb.text_coverage import text_coverage
    from tabletop.games import find_game

    try:
        rules = find_game(args.game)
    except KeyError as error:
        return _fail(str(error.args[0]))
    if compiler_version(rules) is None:
        print(f"{rules.name} has no card-text compiler: its cards' abilities are all played by hand")
        return 0
    try:
        with open_database(args.db) as database:
            imported = database.imported_codes(args.game)
            cards = [card for code, card in database.library(args.game).items() if code in imported]
    except CardDatabaseError as error:
        return _fail(str(error))
    if not cards:
        return _fail(f"the database holds no imported {args.game} cards: import some first (tabletop db import …)")
    report = text_coverage(rules, cards)
    assert report is not None  # the game has a compiler
    if args.json:
        print(json.dumps({**asdict(report), "cards": report.cards, "enforced": report.enforced}, ensure_ascii=False))
    else:
        print("\n".join(report.lines()))
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
