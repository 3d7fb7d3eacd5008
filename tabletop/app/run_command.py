"""`tabletop run`: open the table window."""
from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `run` sub-command."""
    parser = subparsers.add_parser("run", help="open the table window (the default)")
    parser.add_argument("--db", help="card database file (default: in the user data directory)")
    parser.add_argument("--screenshot", metavar="PNG",
                        help="open the window, save a picture of it to PNG and quit (a check of an installation)")
    parser.set_defaults(handler=open_window)


def open_window(args: argparse.Namespace) -> int:
    """Start the Qt application; returns its exit status."""
    try:
        from tabletop.ui.application import run_application
    except ImportError as error:  # the window lands with the table-window issue
        print(f"tabletop: the window is not available: {error}", file=sys.stderr)
        return 1
    return run_application(db_path=args.db, screenshot=getattr(args, "screenshot", None))
