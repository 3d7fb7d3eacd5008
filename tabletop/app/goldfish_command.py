"""`tabletop goldfish`: opening-hand odds of a deck, and solo play by turn with the heuristic bot."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tabletop.ai.goldfish import (
    DEFAULT_TRIALS, GROUPINGS, Finding, OddsRow, TurnReport, deck_findings, goldfish_play, odds_table,
    schedule_for,
)
from carddb.validation import deck_problems
from tabletop.app.deck_source import load_deck, player_database
from tabletop.engine.cards import CardLibrary
from tabletop.engine.errors import BadInput
from tabletop.games import find_game

BOARD_NAMES_SHOWN = 8


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `goldfish` sub-command."""
    parser = subparsers.add_parser("goldfish", help="opening-hand odds of a deck, and how it plays alone")
    parser.add_argument("deck", metavar="DECK", help="deck file or bundled deck name")
    parser.add_argument("--game", default="freeform", help="game id (default freeform)")
    parser.add_argument("--cards", type=Path, help="YAML card file resolving the card ids of a plain text deck")
    parser.add_argument("--db", type=Path, help="card database the deck's cards are found in (default: yours, if any)")
    parser.add_argument("--format", default="", help="game format (default: the deck's or the game's first)")
    parser.add_argument("--by", default="card,type,grade,element",
                        help=f"groupings for the odds tables (of {', '.join(GROUPINGS)})")
    parser.add_argument("--upto", type=int, default=3, help="odds by turn up to this turn (default 3)")
    parser.add_argument("--trials", type=int, default=DEFAULT_TRIALS, help="simulated shuffles for questions with choices")
    parser.add_argument("--turns", type=int, default=0,
                        help="also play the deck alone for N turns with the heuristic bot and report each turn")
    parser.add_argument("--games", type=int, default=10, help="solo games to average with --turns (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the simulations")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    parser.set_defaults(handler=run_goldfish)


def run_goldfish(args: argparse.Namespace) -> int:
    """Compute and print the deck's statistics; returns the exit status."""
    try:
        rules = find_game(args.game)
        database = player_database(args.db) if args.cards is None else None
        deck = load_deck(args.deck, rules, args.cards, database)
        groupings = [g.strip() for g in args.by.split(",") if g.strip()]
        unknown = [g for g in groupings if g not in GROUPINGS]
        if unknown:
            raise ValueError(f"--by: unknown grouping {unknown[0]!r} (groupings: {', '.join(GROUPINGS)})")
    except (BadInput, ValueError, KeyError) as error:
        print(f"tabletop goldfish: {error.args[0] if isinstance(error, KeyError) else error}", file=sys.stderr)
        return 2
    problems = deck_problems(rules.id, deck.sections, deck.cards, args.format or deck.format)
    if problems:   # the odds of a deck being built are still worth knowing: said, not refused
        print(f"tabletop goldfish: {args.deck}: this deck breaks the construction rules: {problems[0]}"
              + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""), file=sys.stderr)
    schedule = schedule_for(rules.id)
    main = deck.definitions("main")
    tables = {g: odds_table(main, g, schedule, max(0, args.upto)) for g in groupings}
    tables = {g: rows for g, rows in tables.items() if rows}
    sections = {s: deck.definitions(s) for s in deck.sections}
    findings = deck_findings(rules.id, sections, args.trials, args.seed)
    turns: list[TurnReport] = []
    if args.turns > 0:
        try:
            turns = goldfish_play(rules, CardLibrary(deck.cards), deck.sections, args.turns, games=max(1, args.games),
                                  seed=args.seed, game_format=args.format or deck.format or "")
        except (ValueError, KeyError) as error:
            print(f"tabletop goldfish: cannot start a game: {error.args[0] if error.args else error}", file=sys.stderr)
            return 2
    if args.json:
        data: dict[str, Any] = {"deck": deck.name, "game": rules.id, "cards": len(main),
                                "schedule": schedule.rule,
                                "odds": {g: [r.to_json() for r in rows] for g, rows in tables.items()},
                                "findings": [f.to_json() for f in findings],
                                "turns": [t.to_json() for t in turns]}
        print(json.dumps(data, indent=1))
    else:
        print(describe(deck.name, rules.name, len(main), schedule.rule, tables, findings, turns))
    return 0


def describe(name: str, game: str, size: int, schedule: str, tables: dict[str, list[OddsRow]],
             findings: list[Finding], turns: list[TurnReport]) -> str:
    """Return the readable report."""
    lines = [f"{name} — {game}, {size} cards in the main deck ({schedule})"]
    for grouping, rows in tables.items():
        upto = len(rows[0].on_play) - 1
        header = "  ".join(f"{'hand' if t == 0 else f'T{t}':>6}" for t in range(upto + 1))
        lines.append(f"\nAt least one, by {grouping} (going first | going second)")
        lines.append(f"  {'':32} {'n':>3}  {header}  |  {header}")
        for row in rows:
            play = "  ".join(f"{p:6.1%}" for p in row.on_play)
            draw = "  ".join(f"{p:6.1%}" for p in row.on_draw)
            lines.append(f"  {row.label[:32]:32} {row.copies:3d}  {play}  |  {draw}")
    if findings:
        lines.append("")
        for f in findings:
            lines.append(f.line())
    if turns:
        lines.append("\nPlaying alone (heuristic bot; the opponent only passes), average per turn:")
        lines.append(f"  {'turn':>4}  {'damage':>6}  {'board':>5}  {'hand':>5}  first game's board")
        for t in turns:
            shown = ", ".join(t.example_board[:BOARD_NAMES_SHOWN])
            if len(t.example_board) > BOARD_NAMES_SHOWN:
                shown += f" and {len(t.example_board) - BOARD_NAMES_SHOWN} more"
            lines.append(f"  {t.turn:4d}  {t.damage:6.2f}  {t.board:5.2f}  {t.hand:5.2f}  {shown}")
    return "\n".join(lines)
