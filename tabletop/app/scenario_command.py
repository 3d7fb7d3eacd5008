"""`tabletop scenario run`: run scenario files and print `N passed, N failed`."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path

from tabletop.engine.commands import ENGINE_COMMANDS, describe_arguments
from tabletop.games import find_game
from tabletop.scenarios.runner import ScenarioResult, run_scenario


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add `scenario run`."""
    scenario = subparsers.add_parser("scenario", help="run scenario files (rules tests, puzzles)")
    actions = scenario.add_subparsers(dest="scenario_command", metavar="ACTION", required=True)
    run = actions.add_parser("run", help="run scenario files or folders")
    run.add_argument("paths", nargs="*", type=Path, help="scenario files or folders")
    run.add_argument("--list-commands", metavar="GAME", help="print a game's command vocabulary")
    run.set_defaults(handler=run_command)


def scenario_files(paths: Iterable[Path]) -> list[Path]:
    """Expand folders into the scenario files below them, sorted."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml")))
        else:
            files.append(path)
    return files


def run_command(args: argparse.Namespace) -> int:
    """Run the scenarios; exit 0 when all pass, 1 when one fails, 2 when one is malformed."""
    if args.list_commands:
        try:
            rules = find_game(args.list_commands)
        except KeyError as error:
            print(f"tabletop: {error.args[0]}", file=sys.stderr)
            return 2
        for cls in (*ENGINE_COMMANDS, *rules.commands):
            marker = "  (manual)" if cls.manual else ""
            doc = (cls.__doc__ or "").strip().splitlines()[0] if cls.__doc__ else ""
            print(f"{describe_arguments(cls)}{marker}\n    {doc}")
        return 0
    if not args.paths:
        print("tabletop: scenario run needs files or folders (or --list-commands GAME)", file=sys.stderr)
        return 2
    from carddb.bundled import load_bundled_cards  # read only when scenarios run, not at every start

    results: list[ScenarioResult] = []
    for path in scenario_files(args.paths):
        result = run_scenario(path, load_bundled_cards)
        results.append(result)
        if not result.passed:
            print(result.message if result.malformed else f"FAIL {result.name} [{result.rule}]: {result.message}")
    passed = sum(r.passed for r in results)
    failed = len(results) - passed
    print(f"{passed} passed, {failed} failed")
    if any(r.malformed for r in results):
        return 2
    return 1 if failed else 0
