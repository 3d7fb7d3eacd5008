"""Grand Archive real cards: the share whose printed text compiles fully (every ability enforced), by card type.

Imports ../shared/carddata/grand-archive (the effects CSV with the stats JSON) with `ga-csv`, compiles every card's
text with GrandArchiveRules.compile_text and prints, per card type, how many cards are fully enforced, then the
clauses that most often stopped a line from compiling (names as CARDNAME, numbers as N).
Cards the stats JSON does not know (type "unknown": newer than it) are counted apart.
Run: .venv/bin/python benchmarks/grand_archive_text_coverage.py [TOP_CLAUSES] (default 15).
"""
from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from carddb.importers import ga_csv  # noqa: E402
from tabletop.engine.cards import CardDefinition  # noqa: E402
from tabletop.games import find_game  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "shared" / "carddata" / "grand-archive"
TEXTS = DATA / "amphiblocks_gatcg_effects_raw_2025-11.csv"
STATS = DATA / "ga_cards_DERIVED_from_GrandArchiveOnline_GeneratedCardDictionaries_2024-03.json"


def main(top: int) -> None:
    """Print the fully compiled share per card type and the commonest clauses left by hand."""
    if not TEXTS.exists() or not STATS.exists():
        sys.exit(f"{DATA}: the Grand Archive card data is not there")
    rules = find_game("grand-archive")
    cards: dict[str, CardDefinition] = {}
    for card in ga_csv.read([TEXTS, STATS]).cards:
        cards.setdefault(card.id, card)  # the first side of each slug
    totals: Counter[str] = Counter()
    full: Counter[str] = Counter()
    clauses: Counter[str] = Counter()
    for card in cards.values():
        compiled = rules.compile_text(card)
        assert compiled is not None
        totals[card.card_type] += 1
        full[card.card_type] += compiled.is_fully_enforced
        if card.card_type != "unknown":
            clauses.update(re.sub(r"\d+", "N", c.replace(card.name, "CARDNAME")) for c in compiled.unknown_clauses)
    typed = sum(n for kind, n in totals.items() if kind != "unknown")
    typed_full = sum(n for kind, n in full.items() if kind != "unknown")
    print(f"{'type':<12}{'cards':>7}{'fully enforced':>16}")
    for kind, count in sorted(totals.items(), key=lambda item: -item[1]):
        print(f"{kind:<12}{count:>7}{full[kind]:>9} {full[kind] / count:6.1%}")
    print(f"typed cards: {typed_full}/{typed} fully enforced ({typed_full / typed:.1%}); all cards: "
          f"{sum(full.values())}/{len(cards)} ({sum(full.values()) / len(cards):.1%})")
    print("clauses most often left by hand (typed cards):")
    for clause, count in clauses.most_common(top):
        print(f"{count:5}  {clause[:110]}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
