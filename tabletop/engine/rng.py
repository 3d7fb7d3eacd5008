"""A small seeded random number generator whose whole state is one integer.

The state is stored in the game state (so undo restores it) and in every history step,
which makes every game replayable from its seed. SplitMix64 gives the same numbers on
every platform and Python version, unlike `random.Random`.
"""
from __future__ import annotations

MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """Return the generator state for a seed (any integer)."""
    return seed & MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, an integer uniformly drawn from 0..n-1); unbiased by rejection."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, value = next_u64(state)
        if value < limit:
            return state, value % n


def permutation(state: int, n: int) -> tuple[int, list[int]]:
    """Return (new_state, a uniformly random permutation of range(n)) by Fisher–Yates."""
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        state, j = below(state, i + 1)
        order[i], order[j] = order[j], order[i]
    return state, order
