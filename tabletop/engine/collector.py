"""The cyclic garbage collector's setting for playing games: run it seldom, as a rules engine's garbage is short-lived."""
from __future__ import annotations

import gc

# container allocations (net of frees) between two collections of the youngest generation; CPython's default is 700
YOUNG_GENERATION_THRESHOLD = 10_000


def tune_collector_for_play() -> None:
    """Make the cyclic garbage collector run less often (never more often than it did).

    Each step of a game allocates thousands of short-lived containers (changes, memo dicts, command lists) that
    reference counting frees at once; with the default threshold the cyclic collector runs hundreds of times a
    game and finds next to nothing. Process-wide: the command line calls it once at start-up (the window too
    starts there); library code never does.
    """
    young, middle, old = gc.get_threshold()
    gc.set_threshold(max(young, YOUNG_GENERATION_THRESHOLD), middle, old)
