"""`tabletop replay FILE --to N`: print a readable summary of a saved game at step N."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tabletop.engine.errors import BadInput
from tabletop.engine.game import describe_state
from tabletop.engine.record import load_record, replay
from tabletop.games import find_game


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `replay` sub-command."""
    parser = subparsers.add_parser("replay", help="show a saved game (.ttgame) at a given step")
    parser.add_argument("file", type=Path, help="a .ttgame record")
    parser.add_argument("--to", type=int, default=None, metavar="N", help="stop after command N (default: all)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Replay the record and print the table; exit 2 with one line for a bad file."""
    try:
        record = load_record(args.file, find_game)
        if args.to is not None and not 0 <= args.to <= len(record.commands):
            raise BadInput(args.file, f"--to must be between 0 and {len(record.commands)}")
        game = replay(record, find_game(record.config.game), args.to, path=args.file)
    except BadInput as error:
        print(f"tabletop: {error}", file=sys.stderr)
        return 2
    shown = len(game.history)
    print(f"{args.file}: step {shown} of {len(record.commands)}")
    if shown:
        print(f"last command: {game.step_label(game.history.done[-1])}")
    for line in describe_state(game):
        print(line)
    return 0
