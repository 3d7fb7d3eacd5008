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
_ROUNDS = 6  # `instance_ids` writes them out


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
    # the six rounds written out (see _round_function); each flips one half by the round function of the other
    (t0, t1, t2, t3, t4, t5), (a0, a1, a2, a3, a4, a5), (b0, b1, b2, b3, b4, b5) = _round_constants(key)
    high, low, wrap = _PRODUCT_HIGH, _PRODUCT_LOW, _WRAP
    made = []
    for number in range(first, end):
        left, right = number >> _HALF_BITS, number & _HALF_MASK
        left ^= wrap[high[right] + (a0 if low[right] < t0 else b0)]
        right ^= wrap[high[left] + (a1 if low[left] < t1 else b1)]
        left ^= wrap[high[right] + (a2 if low[right] < t2 else b2)]
        right ^= wrap[high[left] + (a3 if low[left] < t3 else b3)]
        left ^= wrap[high[right] + (a4 if low[right] < t4 else b4)]
        right ^= wrap[high[left] + (a5 if low[left] < t5 else b5)]
        made.append(ID_FLOOR + ((left << _HALF_BITS) | right))
    return made


_ODD = 0x9E37_79B9_7F4A_7C15


def _round_function(round_key: int, half: int) -> int:
    """Return what one Feistel round masks a half with: bits 40..49 of (half + round_key) * _ODD, modulo 2**64.

    The definition the ids were first made by; `instance_ids` computes the same with no big-int arithmetic.
    """
    return ((((half + round_key) * _ODD) & rng.MASK) >> _LOW_BITS) & _HALF_MASK


# Bits 40..49 of a sum depend only on its terms modulo 2**50, so the round function is bits 40..49 of
# half * _ODD + round_key * _ODD taken modulo 2**50: a table lookup by half (high bits 40..49, low bits 0..39)
# plus a per-key constant, the carry out of the low 40 bits decided by one comparison. The low bits are floats:
# exact below 2**53, and compared faster than two-digit ints.
_LOW_BITS = 40
_PRODUCT_BITS = _LOW_BITS + _HALF_BITS
_PRODUCT_MASK = (1 << _PRODUCT_BITS) - 1
_LOW_MASK = (1 << _LOW_BITS) - 1
_PRODUCTS = [half * _ODD & _PRODUCT_MASK for half in range(1 << _HALF_BITS)]
_PRODUCT_HIGH = tuple(product >> _LOW_BITS for product in _PRODUCTS)
_PRODUCT_LOW = tuple(float(product & _LOW_MASK) for product in _PRODUCTS)
_WRAP = tuple(value & _HALF_MASK for value in range(2 << _HALF_BITS))  # a sum of two halves, modulo a half
del _PRODUCTS


@lru_cache(maxsize=64)  # a few games are open at a time
def _round_constants(key: int) -> tuple[tuple[float, ...], tuple[int, ...], tuple[int, ...]]:
    """Return, for each round: the low bits from which a half's low product carries (as floats), the round key's
    high product bits, and those plus the carry."""
    carries_from: list[float] = []
    highs: list[int] = []
    for round_key in _round_keys(key):
        product = round_key * _ODD & _PRODUCT_MASK
        carries_from.append(float((1 << _LOW_BITS) - (product & _LOW_MASK)))
        highs.append(product >> _LOW_BITS)
    return tuple(carries_from), tuple(highs), tuple(high + 1 for high in highs)


def _round_keys(key: int) -> tuple[int, ...]:
    """Return the key of each of the `_ROUNDS` rounds, drawn from the game's id key."""
    state, keys = key, []
    for _ in range(_ROUNDS):
        state, value = rng.next_u64(state)
        keys.append(value)
    return tuple(keys)
