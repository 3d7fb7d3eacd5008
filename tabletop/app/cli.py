"""The `tabletop` command: sub-commands are registered by the modules listed in SUBCOMMAND_MODULES."""
from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from tabletop import __version__

# Each module defines `register(subparsers) -> None`, adding its parser(s) with
# `set_defaults(handler=callable(args) -> int)`. Keep this list the only registration point.
SUBCOMMAND_MODULES: tuple[str, ...] = (
    "tabletop.app.run_command",
    "tabletop.app.scenario_command",
    "tabletop.app.replay_command",
    "tabletop.app.db_command",
    "tabletop.app.simulate_command",
    "tabletop.app.goldfish_command",
)


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser with every registered sub-command."""
    parser = argparse.ArgumentParser(prog="tabletop", description="Offline tabletop client for trading card games.")
    parser.add_argument("--version", action="version", version=f"tabletop {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; with no sub-command, open the window."""
    args = build_parser().parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        from tabletop.app.run_command import open_window

        return open_window(argparse.Namespace(db=None))
    try:
        return int(handler(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into `head` and the like
        sys.stderr.close()
        return 0
