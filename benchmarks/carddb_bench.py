"""Benchmark of the card database: import, creation, command start-up and search (issue 22's table).

Run: .venv/bin/python benchmarks/carddb_bench.py   (needs ../shared/carddata; skips without it)
Targets: import of the 10,628-card cards.cdb ≤ 2 s; a new database (schema + bundled cards)
≤ 0.3 s; `tabletop db search` that finds nothing ≤ 0.3 s; search p95 ≤ 10 ms over 101 queries
on every shared card file; opening an existing database ≤ 100 ms.
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from carddb.database import open_database  # noqa: E402
from carddb.importing import import_files  # noqa: E402

CARDDATA = REPO.parent / "shared" / "carddata"
CDB = CARDDATA / "yugioh" / "cards_babelcdb_2020-03-30.cdb"
STRINGS = CARDDATA / "yugioh" / "ygopro_en-US_strings.conf"
OTHER_SOURCES: list[tuple[str, list[Path]]] = [
    ("vanguard-cdb", [CARDDATA / "vanguard" / "ygoprocv_cards.cdb"]),
    ("vanguard-json", [CARDDATA / "vanguard" / "vanguardecks_cardInfo_Dseries.json"]),
    ("fftcg-json", [CARDDATA / "fftcg" / "fftcgsim_square_api_derived_cards.json"]),
    ("ga-csv", [CARDDATA / "grand-archive" / "amphiblocks_gatcg_effects_raw_2025-11.csv",
                CARDDATA / "grand-archive" / "ga_cards_DERIVED_from_GrandArchiveOnline_GeneratedCardDictionaries_2024-03.json"]),
]
TABLETOP = [str(Path(sys.executable).with_name("tabletop"))]

# (query, filters): name lookups, rules words, prefixes as typed, CJK, full-width, filter-only browsing.
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
    ("单位", {}), ("后防者", {}), ("先导者", {}), ("ドラゴン", {}), ("Ｄｒａｇｏｎ", {}),
    ("forward", {"game": "fftcg"}), ("backup", {"game": "fftcg", "element": "fire"}), ("summon", {"game": "fftcg"}),
    ("break", {}), ("dull", {}), ("crystal", {}), ("cloud", {}), ("lightning", {}), ("warrior of light", {}),
    ("", {"game": "fftcg", "cost_min": 3, "cost_max": 5}), ("", {"game": "fftcg", "stats": {"power": (8000, None)}}),
    ("critical", {"game": "vanguard"}), ("drive check", {}), ("rear-guard", {}), ("vanguard", {}),
    ("counter blast", {}), ("soul blast", {}), ("dragon empire", {}), ("", {"game": "vanguard", "stats": {"grade": (3, 3)}}),
    ("boost", {}), ("intercept", {}), ("guardian", {}), ("ride", {"game": "vanguard"}),
    ("champion", {"game": "grand-archive"}), ("ally", {}), ("class bonus", {}), ("floating memory", {}),
    ("", {"game": "grand-archive", "element": "fire"}), ("durability", {}), ("lineage", {}), ("arcane", {}),
    ("dreadnought", {}), ("cluster", {}), ("rouse", {}), ("", {"game": "dreadnought"}),
    ("a", {}), ("x", {}), ("zzzz", {}), ("nothing matches this", {}), ("sword", {}), ("shield", {}),
    ("fire", {}), ("water", {}), ("wind", {}), ("earth", {}), ("ice", {}),
]
assert len(QUERIES) == 101, len(QUERIES)


def _median_run(command: list[str], runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=REPO, capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    """Run the measurements and print them with their targets."""
    if not CDB.is_file():
        print(f"skipped: {CDB} not present")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        creations = []
        for attempt in range(5):
            start = time.perf_counter()
            open_database(Path(folder) / f"new-{attempt}.sqlite3").close()
            creations.append(time.perf_counter() - start)
        print(f"new database with the bundled cards: median {statistics.median(creations):.3f} s, "
              f"first {creations[0]:.3f} s (target ≤ 0.3 s)")

        path = Path(folder) / "cards.sqlite3"
        with open_database(path) as database:
            wall, cpu = time.perf_counter(), time.process_time()
            summary = import_files(database, "ygopro-cdb", [CDB, STRINGS])
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            print(f"import ygopro-cdb: {summary.added} cards in {wall:.2f} s wall, {cpu:.2f} s CPU "
                  f"({wall / summary.added * 1000:.3f} ms a card; target ≤ 2 s)")
            for format, paths in OTHER_SOURCES:
                if all(p.is_file() for p in paths):
                    import_files(database, format, paths)
            total = sum(game.cards for game in database.info().games)
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
            print(f"search ({len(QUERIES)} queries x5, {total} cards): p50 {p50:.1f} ms, p95 {p95:.1f} ms, "
                  f"max {timings[-1]:.1f} ms (target p95 ≤ 10 ms)")
        opens = []
        for _ in range(10):
            start = time.perf_counter()
            database = open_database(path)
            database.search("dragon", limit=1)
            opens.append((time.perf_counter() - start) * 1000)
            database.close()
        print(f"open existing database + first query: median {statistics.median(opens):.1f} ms, "
              f"first {opens[0]:.1f} ms (target ≤ 100 ms)")
        search = _median_run([*TABLETOP, "db", "search", "zzzznothing", "--db", str(path)])
        print(f"`tabletop db search` finding nothing: median {search:.3f} s (target ≤ 0.3 s)")
        helped = _median_run([*TABLETOP, "--help"])
        print(f"`tabletop --help`: median {helped:.3f} s")
        fresh = _median_run([*TABLETOP, "db", "info", "--db", str(Path(folder) / "cli-new.sqlite3")], runs=1)
        print(f"`tabletop db info` creating a new database: {fresh:.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
