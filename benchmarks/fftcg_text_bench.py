"""The FFTCG card-text compiler on the real cards: coverage, compile time, and what the compiled text is worth.

Run: .venv/bin/python benchmarks/fftcg_text_bench.py [--games 100] [--jobs 2] [--seed 1]
(needs ../shared/carddata/fftcg; skips without it).
Targets (issue 21): ≥ 60 % of the real cards fully enforced; compiling every card < 1 s per 4,000 cards.
Then the heuristic bot plays a real deck (the untap example list) with its compiled text against the same deck
played vanilla (no effects; the keywords printed on a line kept, as imports gave before), each deck from each seat
equally often; its win rate with the compiled deck is printed with its Wilson interval.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import time
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from carddb.importers.fftcg_json import card_from_record  # noqa: E402
from carddb.text_coverage import text_coverage  # noqa: E402
from tabletop.ai.report import summarize  # noqa: E402
from tabletop.ai.simulation import MatchSpec, run_match  # noqa: E402
from tabletop.engine.cards import CardDefinition  # noqa: E402
from tabletop.games import GAMES, find_game  # noqa: E402
from tabletop.games.fftcg.cards import KEYWORDS  # noqa: E402

FFTCG = REPO.parent / "shared" / "carddata" / "fftcg"
CARDS = FFTCG / "fftcgsim_square_api_derived_cards.json"
DECK = FFTCG / "decks" / "untap_example_from_silhouette-card-maker.txt"
COVERAGE_TARGET = 0.60
SECONDS_PER_4000 = 1.0


def real_cards() -> list[CardDefinition]:
    """Return the real cards as the fftcg-json importer reads them (uncompiled)."""
    cards = []
    for record in json.loads(CARDS.read_text(encoding="utf-8")):
        try:
            cards.append(card_from_record(record))
        except ValueError:
            continue
    return cards


def playable(card: CardDefinition, vanilla: bool) -> CardDefinition:
    """Return an imported card as the FFTCG rules read a card file (elements and keywords in the game's names)."""
    rules = find_game("fftcg")
    compiled = rules.compile_text(card)
    assert compiled is not None
    mapping = card.to_mapping()
    mapping["element"] = [e.lower() for e in card.attributes["element"]]
    mapping["keywords"] = [k for k in {**card.keywords, **compiled.keywords} if k in KEYWORDS]
    mapping["effects"] = [] if vanilla else [dict(e) for e in compiled.effects]
    if vanilla:
        mapping["id"] = f"{card.id}~vanilla"
    return rules.card_from_mapping(mapping)


def deck_codes() -> list[str]:
    """Return the untap example deck as card codes, one per copy."""
    codes = []
    for line in DECK.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^(\d+) .+ \((\S+)\)$", line.strip())
        if match:
            codes += [match.group(2)] * int(match.group(1))
    return codes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-turns", type=int, default=60)
    args = parser.parse_args()
    if not CARDS.is_file():
        print("../shared/carddata/fftcg not present: skipped", file=sys.stderr)
        return 0
    cards = real_cards()
    report = text_coverage(find_game("fftcg"), cards)
    assert report is not None
    print("\n".join(report.lines()))
    per_4000 = report.seconds * 4000 / len(cards)
    share = report.enforced / report.cards
    print(f"compile time: {report.seconds:.2f} s for {len(cards)} cards ({per_4000:.2f} s per 4,000; "
          f"target < {SECONDS_PER_4000:.0f} s: {'met' if per_4000 < SECONDS_PER_4000 else 'MISSED'})")
    print(f"coverage {share:.1%}: target ≥ {COVERAGE_TARGET:.0%}: {'met' if share >= COVERAGE_TARGET else 'MISSED'}")

    by_code = {card.id: card for card in cards}
    codes = deck_codes()
    used = {code: by_code[code] for code in codes}
    compiled = {code: playable(card, vanilla=False) for code, card in used.items()}
    vanilla = {code: playable(card, vanilla=True) for code, card in used.items()}
    enforced = sum(1 for code in codes if not find_game("fftcg").compile_text(used[code]).by_hand)  # type: ignore[union-attr]
    print(f"deck {DECK.name}: {len(codes)} cards, {enforced} fully enforced, "
          f"{sum(bool(c.effects) for c in compiled.values())} of {len(compiled)} distinct cards with compiled effects")
    decks = ({"main": [compiled[c].id for c in codes]}, {"main": [vanilla[c].id for c in codes]})
    spec = MatchSpec(game="fftcg", rules_target=GAMES["fftcg"], decks=decks, bots=("heuristic", "heuristic"),
                     cards=(*compiled.values(), *vanilla.values()), max_turns=args.max_turns, swap_decks=False)
    started = time.perf_counter()
    results = run_match(spec, args.games, args.seed, args.jobs)
    summary = summarize(results, ("compiled", "vanilla"))
    rate = summary.wins[0]
    print(f"heuristic with the compiled deck vs the same deck vanilla: {rate.describe()} "
          f"(draws {summary.draws.count}, average {summary.average_turns:.1f} turns, "
          f"{time.perf_counter() - started:.0f} s)")
    return 0 if share >= COVERAGE_TARGET and per_4000 < SECONDS_PER_4000 else 1


if __name__ == "__main__":
    sys.exit(main())
