"""Benchmark of the card database: import of the 10,628-card cdb, search p50/p95, open time.

Run: .venv/bin/python benchmarks/carddb_bench.py   (needs ../shared/carddata)
Targets: import ≤ 5 s, search p95 ≤ 20 ms, open of an existing database ≤ 100 ms.
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from carddb.database import open_database  # noqa: E402
from carddb.importing import import_files  # noqa: E402

CDB = REPO.parent / "shared" / "carddata" / "yugioh" / "cards_babelcdb_2020-03-30.cdb"
STRINGS = REPO.parent / "shared" / "carddata" / "yugioh" / "ygopro_en-US_strings.conf"

# (query, filters): name lookups, rules words, prefixes as typed, and filter-only browsing.
QUERIES: list[tuple[str, dict]] = [
    ("dragon", {}), ("blue-eyes", {}), ("dark magician", {}), ("elemental hero", {}), ("destroy", {}),
    ("draw 2", {}), ("special summon", {"game": "yugioh"}), ("negate", {"card_type": "trap"}),
    ("graveyard", {"attribute": "dark"}), ("tuner", {"keyword": "tuner"}), ("synchro", {}), ("xyz", {}),
    ("link", {"types": "link"}), ("pendulum", {}), ("ritual", {"card_type": "spell"}), ("fusion", {}),
    ("warrior", {"race": "warrior"}), ("spellcaster", {}), ("machine", {"stats": {"atk": (2000, None)}}),
    ("banish", {}), ("equip", {"types": "equip"}), ("field", {}), ("counter", {}), ("flip", {"keyword": "flip"}),
    ("gem-knight", {}), ("cyber", {}), ("hero", {}), ("kuriboh", {}), ("exodia", {}), ("red-eyes", {}),
    ("shadow", {}), ("light", {"attribute": "light"}), ("gy", {}), ("once per turn", {}),
    ("target 1 monster", {}), ("inflict damage", {}), ("gain lp", {}), ("de", {}), ("sy", {}), ("bl", {}),
    ("", {"game": "yugioh", "attribute": "dark", "race": "dragon"}),
    ("", {"game": "yugioh", "stats": {"atk": (2500, 3000)}}),
    ("", {"game": "yugioh", "types": "xyz", "stats": {"rank": (4, 4)}}),
    ("", {"game": "yugioh", "card_type": "spell", "types": "quick-play"}),
    ("", {"game": "yugioh", "keyword": "tuner", "stats": {"level": (1, 3)}}),
    ("", {"archetypes": "Elemental HERO"}),
    ("", {"scope": "OCG"}),
    ("", {"game": "yugioh"}),
    ("monster", {"stats": {"def": (0, 500)}}),
    ("the", {}),
]


def main() -> int:
    """Run the three measurements and print them."""
    if not CDB.is_file():
        print(f"skipped: {CDB} not present")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cards.sqlite3"
        with open_database(path, bundled_loader=lambda: []) as database:
            start = time.perf_counter()
            summary = import_files(database, "ygopro-cdb", [CDB, STRINGS])
            imported = time.perf_counter() - start
            print(f"import ygopro-cdb: {summary.added} cards in {imported:.2f} s (target ≤ 5 s)")
            for query, filters in QUERIES:  # warm-up, as a running app would be
                database.search(query, **filters)
            timings = []
            for _ in range(5):
                for query, filters in QUERIES:
                    start = time.perf_counter()
                    database.search(query, limit=50, **filters)
                    timings.append((time.perf_counter() - start) * 1000)
            timings.sort()
            p50 = statistics.median(timings)
            p95 = timings[int(len(timings) * 0.95) - 1]
            print(f"search ({len(QUERIES)} queries x5): p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {timings[-1]:.1f} ms "
                  "(target p95 ≤ 20 ms)")
        opens = []
        for _ in range(10):
            start = time.perf_counter()
            database = open_database(path)
            database.search("dragon", limit=1)
            opens.append((time.perf_counter() - start) * 1000)
            database.close()
        print(f"open existing database + first query: median {statistics.median(opens):.1f} ms, "
              f"first {opens[0]:.1f} ms (target ≤ 100 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
