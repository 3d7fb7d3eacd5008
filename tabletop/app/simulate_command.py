"""`tabletop simulate`: play many AI-vs-AI games between two decks and report the statistics."""
from __future__ import annotations

import argparse
import csv
import io
import json
import os
import sys
import time
from pathlib import Path
from typing import TextIO

from carddb.banlist import BanList, read_lflist, regulation_of
from carddb.bundled import load_bundled_cards
from carddb.errors import CardDatabaseError
from carddb.validation import deck_problems
from tabletop.ai.bots import parse_bot_name
from tabletop.ai.report import MatchSummary, summarize
from tabletop.ai.simulation import GameResult, MatchSpec, run_match, set_up
from tabletop.app.deck_source import LoadedDeck, load_deck, player_database
from tabletop.engine.errors import BadInput
from tabletop.games import GAMES, find_game

BAR_WIDTH = 30


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `simulate` sub-command."""
    parser = subparsers.add_parser("simulate", help="play AI-vs-AI games between two decks and report win rates")
    parser.add_argument("--game", required=True, help="game id (e.g. freeform, fftcg, vanguard)")
    parser.add_argument("--deck", action="append", required=True, metavar="DECK",
                        help="deck file or bundled deck name; give it twice (side A, then side B), once for a mirror")
    parser.add_argument("--cards", type=Path, help="YAML card file resolving the card ids of plain text decks")
    parser.add_argument("--db", type=Path, help="card database the decks' cards are found in (default: yours, if any)")
    parser.add_argument("--format", default="", help="game format (default: the game's first)")
    parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    parser.add_argument("--bots", default="heuristic,random",
                        help="bots of side A and side B: random, heuristic, montecarlo[:MS] (default heuristic,random)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: all cores)")
    parser.add_argument("--seed", type=int, default=0, help="match seed; each game's seed derives from it")
    parser.add_argument("--max-turns", type=int, default=100, help="a game still going after this turn is a draw")
    parser.add_argument("--banlist", type=Path, metavar="LFLIST",
                        help="Yu-Gi-Oh!: check the decks against a Forbidden & Limited list of this YGOPro lflist.conf")
    parser.add_argument("--banlist-name", default="", metavar="NAME",
                        help="which list of the --banlist file (default: its first, the newest)")
    parser.add_argument("--unchecked", action="store_true",
                        help="play decks that break the game's construction rules (refused otherwise)")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the summary and every game as JSON")
    output.add_argument("--csv", action="store_true", help="print one CSV row per game")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(handler=run_simulate)


def run_simulate(args: argparse.Namespace) -> int:
    """Run the match the arguments describe; returns the exit status."""
    try:
        spec, labels = build_spec(args)
    except (BadInput, CardDatabaseError, ValueError, KeyError) as error:
        print(f"tabletop simulate: {error.args[0] if isinstance(error, KeyError) else error}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("tabletop simulate: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        for index in (0, 1):  # fail fast, in this process, on a deck the game refuses
            set_up(spec, index, args.seed)
    except (ValueError, KeyError) as error:
        print(f"tabletop simulate: cannot start a game: {error.args[0] if error.args else error}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    progress = None if args.quiet else ProgressBar(sys.stderr)
    results = run_match(spec, args.games, args.seed, max(1, args.jobs), progress)
    if progress is not None:
        progress.finish()
    elapsed = time.perf_counter() - started
    summary = summarize(results, labels)
    if args.json:
        data = {"game": spec.game, "seed": args.seed, "jobs": args.jobs, "bots": list(spec.bots),
                "decks": list(labels), "wall_seconds": round(elapsed, 3), **summary.to_json(),
                "results": [r.to_json() for r in results]}
        print(json.dumps(data, indent=1))
    elif args.csv:
        sys.stdout.write(results_csv(results, labels))
    else:
        print(describe(summary, spec, args.seed, elapsed, max(1, args.jobs)))
    return 0


def build_spec(args: argparse.Namespace) -> tuple[MatchSpec, tuple[str, str]]:
    """Return the match spec and the two sides' labels from the arguments."""
    if args.game not in GAMES:
        raise KeyError(f"unknown game {args.game!r} (games: {', '.join(sorted(GAMES))})")
    rules = find_game(args.game)
    if len(args.deck) > 2:
        raise ValueError("give --deck once (mirror match) or twice (side A, side B)")
    bots = [b for b in args.bots.split(",") if b.strip()]
    if len(bots) == 1:
        bots *= 2
    if len(bots) != 2:
        raise ValueError("--bots takes one bot or two separated by a comma (e.g. heuristic,random)")
    for bot in bots:
        parse_bot_name(bot)
    banlist = chosen_banlist(args.banlist, args.banlist_name, rules.id) if args.banlist else None
    database = player_database(args.db) if args.cards is None else None
    decks: list[LoadedDeck] = [load_deck(d, rules, args.cards, database) for d in args.deck]
    for name, deck in zip(args.deck, decks):
        game_format = args.format or deck.format
        regulation = regulation_of(banlist, deck.cards, game_format) if banlist is not None else None
        problems = deck_problems(rules.id, deck.sections, deck.cards, game_format, regulation)
        if problems and not args.unchecked:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            raise BadInput(name, f"{problems[0]}{more}; --unchecked plays it anyway")
    if len(decks) == 1:
        decks.append(decks[0])
    # the game's bundled set too: a card an effect makes (a Token) is in no deck, and the table must know it
    cards = {c.id: c for c in load_bundled_cards(rules.id)} | {c.id: c for deck in decks for c in deck.cards}
    labels = (f"{decks[0].name} ({bots[0].strip()})", f"{decks[1].name} ({bots[1].strip()})")
    if labels[0] == labels[1]:
        labels = ("A: " + labels[0], "B: " + labels[1])
    spec = MatchSpec(game=args.game, rules_target=GAMES[args.game], decks=(decks[0].sections, decks[1].sections),
                     bots=(bots[0].strip(), bots[1].strip()), cards=tuple(cards.values()),
                     format=args.format or decks[0].format or "", max_turns=args.max_turns)
    return spec, labels


def chosen_banlist(path: Path, name: str, game: str) -> BanList:
    """Return the Forbidden & Limited list `name` of an lflist.conf (its first, the newest, when no name is given),
    as the window's New Game dialog offers them (yugioh.md 2.5); ValueError names what is wrong."""
    if game != "yugioh":
        raise ValueError(f"--banlist: only Yu-Gi-Oh! has Forbidden & Limited lists, not {game}")
    lists = read_lflist(path)
    if not name:
        return next(iter(lists.values()))
    if name not in lists:
        shown = ", ".join(list(lists)[:5]) + (", ..." if len(lists) > 5 else "")
        raise ValueError(f"{path}: no list {name!r} (its lists: {shown})")
    return lists[name]


class ProgressBar:
    """A one-line progress bar redrawn in place on a stream (stderr)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.started = time.perf_counter()
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        filled = BAR_WIDTH * done // total
        rate = done / max(1e-9, time.perf_counter() - self.started)
        self.stream.write(f"\r[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total} games, {rate:.1f}/s")
        self.stream.flush()
        self.drawn = True

    def finish(self) -> None:
        """End the bar's line."""
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()


def describe(summary: MatchSummary, spec: MatchSpec, seed: int, elapsed: float, jobs: int) -> str:
    """Return the readable report of a match."""
    a, b = summary.labels
    lines = [f"{spec.game}: {a} vs {b} — {summary.games} games, seed {seed}",
             f"  {a} wins: {summary.wins[0].describe()}",
             f"  {b} wins: {summary.wins[1].describe()}",
             f"  draws / unfinished: {summary.draws.describe()}",
             f"  first player wins: {summary.first_player_wins.describe()} of decided games",
             f"  going first: {a} {summary.wins_going_first[0].describe()}; {b} {summary.wins_going_first[1].describe()}",
             f"  game length: {summary.average_turns:.1f} turns on average",
             "  turns  games"]
    most = max(summary.turns.values(), default=1)
    for turns, count in summary.turns.items():
        lines.append(f"  {turns:5d}  {count:5d} {'#' * max(1, round(20 * count / most))}")
    lines.append("  ended by:")
    for reason, count in sorted(summary.reasons.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"  {count:5d}  {reason}")
    rate = summary.games / elapsed if elapsed > 0 else 0.0
    lines.append(f"  time: {elapsed:.1f} s with {jobs} job(s), {rate:.1f} games/s")
    return "\n".join(lines)


def results_csv(results: list[GameResult], labels: tuple[str, str]) -> str:
    """Return one CSV row per game (header first)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["game", "seed", "p1_side", "first_player", "winner", "winner_side", "reason", "turns", "steps"])
    for r in results:
        side = r.winner_side
        writer.writerow([r.index, r.seed, labels[r.sides[0]], r.first_player, r.winner or "",
                         "" if side is None else labels[side], r.reason, r.turns, r.steps])
    return out.getvalue()
