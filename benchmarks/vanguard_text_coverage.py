"""Measure the Vanguard card-text compiler on real cards: the share of D-series cards fully enforced, by type.

Reads ../shared/carddata/vanguard/vanguardecks_cardInfo_Dseries.json through the project's importer (no
database is written), reads each card as a game does (VanguardRules.card_from_mapping), compiles it with
VanguardRules.compile_text and prints: fully compiled cards by card type (a card without printed abilities
counts when its text has none), the most frequent clauses that stopped an ability, and the compile time.
The original-series cards of ../shared/carddata/vanguard/ygoprocv_cards.cdb are counted too, on one line.
Run: .venv/bin/python benchmarks/vanguard_text_coverage.py [CARD_JSON] [--top N] [--show CLAUSE_PART]
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from carddb.importers import vanguard_cdb, vanguard_json
from tabletop.engine.text_compilation import CompiledText
from tabletop.games import find_game

DATA = Path(__file__).resolve().parents[2] / "shared" / "carddata" / "vanguard"
DEFAULT = DATA / "vanguardecks_cardInfo_Dseries.json"
ORIGINAL_SERIES = DATA / "ygoprocv_cards.cdb"


def main(argv: list[str]) -> int:
    """Print the coverage report; exit 2 when the card file is missing."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--top", type=int, default=30, help="how many unknown clauses to list")
    parser.add_argument("--show", default=None, help="print the abilities whose unknown clause contains this")
    args = parser.parse_args(argv)
    if not args.path.is_file():
        print(f"{args.path}: no such card file (the real card data lives in ../shared/carddata)", file=sys.stderr)
        return 2
    rules = find_game("vanguard")
    batch = vanguard_json.read([args.path])
    cards = [rules.card_from_mapping(card.to_mapping()) for card in batch.cards if card.id.startswith("D-")]
    started = time.process_time()
    compiled = [(card, rules.compile_text(card)) for card in cards]
    elapsed = time.process_time() - started
    total: Counter[str] = Counter()
    enforced: Counter[str] = Counter()
    clauses: Counter[str] = Counter()
    abilities = compiled_abilities = 0
    for card, result in compiled:
        assert result is not None
        total[card.card_type] += 1
        enforced[card.card_type] += result.is_fully_enforced
        clauses.update(result.unknown_clauses)
        abilities += len(result.effects) + len(result.by_hand)
        compiled_abilities += len(result.effects)
        if args.show:
            for text, clause in zip(result.by_hand, result.unknown_clauses):
                if args.show.lower() in clause:
                    print(f"  {card.id}: {clause}\n      {text}")
    print(f"{len(cards)} D-series cards ({len(batch.skipped)} skipped by the importer)")
    for card_type in sorted(total, key=lambda t: -total[t]):
        print(f"  {card_type:14} {enforced[card_type]:4} / {total[card_type]:4}  "
              f"{100 * enforced[card_type] / total[card_type]:5.1f} %")
    all_enforced = sum(enforced.values())
    print(f"  {'all':14} {all_enforced:4} / {len(cards):4}  {100 * all_enforced / max(1, len(cards)):5.1f} % fully enforced")
    print(f"abilities compiled: {compiled_abilities} of {abilities} printed (keyword text counted as compiled)")
    print(f"compile time: {elapsed * 1000:.1f} ms CPU for {len(cards)} cards "
          f"({elapsed * 1e6 / max(1, len(cards)):.0f} µs a card)")
    print(f"the {args.top} most frequent clauses that did not compile:")
    for clause, count in clauses.most_common(args.top):
        print(f"  {count:4}  {clause}")
    if ORIGINAL_SERIES.is_file():
        older = [rules.card_from_mapping(card.to_mapping()) for card in vanguard_cdb.read([ORIGINAL_SERIES]).cards]
        whole = sum(1 for card in older if (rules.compile_text(card) or CompiledText()).is_fully_enforced)
        print(f"original-series cards ({ORIGINAL_SERIES.name}): {whole} / {len(older)} "
              f"{100 * whole / max(1, len(older)):.1f} % fully enforced")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
