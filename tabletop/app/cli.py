"""The `tabletop` command: sub-commands are registered by the modules listed in SUBCOMMAND_MODULES.

Start-up: a command line naming a sub-command imports only that sub-command's module (a
`db search` does not pay for the engine, the games or the bots); `--help` alone imports all.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from tabletop import __version__
from tabletop.engine.collector import tune_collector_for_play

# Sub-command name -> the module that registers it. Each module defines
# `register(subparsers) -> None`, adding its parser with `set_defaults(handler=callable(args) -> int)`.
# Keep this the only registration point.
SUBCOMMAND_MODULES: dict[str, str] = {
    "run": "tabletop.app.run_command",
    "scenario": "tabletop.app.scenario_command",
    "replay": "tabletop.app.replay_command",
    "db": "tabletop.app.db_command",
    "simulate": "tabletop.app.simulate_command",
    "goldfish": "tabletop.app.goldfish_command",
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """Return the argument parser with sub-command `command` only, or with every one when None."""
    parser = argparse.ArgumentParser(prog="tabletop", description="Offline tabletop client for trading card games.")
    parser.add_argument("--version", action="version", version=f"tabletop {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    names = [command] if command in SUBCOMMAND_MODULES else list(SUBCOMMAND_MODULES)
    for name in names:
        importlib.import_module(SUBCOMMAND_MODULES[name]).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; with no sub-command, open the window."""
    tune_collector_for_play()
    words = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(words[0] if words else None).parse_args(words)
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
