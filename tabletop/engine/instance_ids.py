"""Instance ids that carry no information: the n-th card created gets a scrambled id, not n.

Why: an id given in deck-list order names a hidden card to anyone who sees its id (the other seat read
a whole opening hand from the mulligan's options). A game started from a config with `shuffled_ids`
numbers its cards through a keyed permutation of the creation numbers (a Feistel network over 20 bits,
key drawn from the seed), so an id says nothing about which card of the deck list it is.

Contract: the ids are deterministic (same seed, same ids: replay and undo stay exact), distinct for
every creation number below ID_SPACE, and never below ID_FLOOR; so `view_for` tells an instance id in
a game's data from an ordinary number (a count, a step number, a power) by its size.
"""
from __future__ import annotations

from functools import lru_cache

from tabletop.engine import rng

ID_BITS = 20
ID_SPACE = 1 << ID_BITS          # cards one game may create
ID_FLOOR = 1_000_000             # every scrambled id is at least this: above any count or power a game stores
_HALF_BITS = ID_BITS // 2
_HALF_MASK = (1 << _HALF_BITS) - 1
_ROUNDS = 6


def id_key(seed: int) -> int:
    """Return the (nonzero) key that scrambles the ids of a game started with `seed`."""
    # a stream of its own: the game's generator, and so its shuffles, are untouched
    _, key = rng.next_u64(rng.seed_state(seed ^ 0x1D5C_A3D1_7E57_0B1D))
    return key | 1


def instance_id(key: int, number: int) -> int:
    """Return the id of the `number`-th card created in a game whose id key is `key` (0: the number itself)."""
    return instance_ids(key, number, 1)[0]


def instance_ids(key: int, first: int, count: int) -> list[int]:
    """Return the ids of `count` cards created in a row, the first of them the `first`-th (each as `instance_id`
    gives it): a deck put on the table gets its ids in one call."""
    end = first + count
    if not key:
        return list(range(first, end))
    if count and not (0 <= first and end <= ID_SPACE):
        raise ValueError(f"a game creates at most {ID_SPACE} cards")
    half_mask, odd, mask = _HALF_MASK, _ODD, rng.MASK  # locals: read six times for every card a game creates
    round_keys = _round_keys(key)
    made = []
    for number in range(first, end):
        left, right = number >> _HALF_BITS, number & half_mask
        for round_key in round_keys:   # a Feistel round: the right half, keyed and multiplied, masks the left
            left, right = right, left ^ ((((right + round_key) * odd) & mask) >> 40) & half_mask
        made.append(ID_FLOOR + ((left << _HALF_BITS) | right))
    return made


_ODD = 0x9E37_79B9_7F4A_7C15


@lru_cache(maxsize=64)
def _round_keys(key: int) -> tuple[int, ...]:
    """Return the key of each round, drawn from the game's id key (a few games are open at a time)."""
    state, keys = key, []
    for _ in range(_ROUNDS):
        state, value = rng.next_u64(state)
        keys.append(value)
    return tuple(keys)
