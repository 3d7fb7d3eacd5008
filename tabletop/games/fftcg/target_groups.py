"""Several groups of targets in one ability ("Choose 1 Forward you control and 1 Forward opponent controls").

An ability's `target` may be a list of target filters, one a group, each with its own `count` and `up_to`
(effects.py). Its chosen cards are kept flat, in group order, with the size of each group (`target_groups` of the
stack entry); an effect step with `group: N` is done only to the cards of group N ("the former" 0, "the latter" 1).
A play's targets given in any order are put in group order by `assign` (FFTCG 11.3.4: each chosen card is one of
the cards its group may choose; the same card is never chosen twice).
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

Spec = Mapping[str, Any]


def groups_of(ability: Mapping[str, Any]) -> list[Spec] | None:
    """Return the ability's target groups when it chooses several groups of cards, else None."""
    target = ability.get("target")
    return list(target) if isinstance(target, list) else None


def bounds(spec: Spec) -> tuple[int, int]:
    """Return the (min, max) number of cards one group chooses."""
    count = int(spec.get("count", 1))
    return (0 if spec.get("up_to") else count), count


def assign(groups: Sequence[Spec], targets: Sequence[int],
           may_choose: Callable[[int, int], bool]) -> tuple[list[int], list[int]] | None:
    """Put `targets` in group order: each group in turn takes the first cards left that it may choose (as many as it
    can, down to its minimum, when that leaves the later groups theirs). Return (the targets in group order, each
    group's size), or None when no such assignment uses every target once. `may_choose(group, card)`."""
    if len(set(targets)) != len(targets):
        return None

    def placed(index: int, left: list[int]) -> tuple[list[int], list[int]] | None:
        if index == len(groups):
            return ([], []) if not left else None
        low, high = bounds(groups[index])
        fitting = [card for card in left if may_choose(index, card)]
        for size in range(min(high, len(fitting)), low - 1, -1):
            taken = fitting[:size]
            rest = placed(index + 1, [card for card in left if card not in taken])
            if rest is not None:
                return taken + rest[0], [size, *rest[1]]
        return None

    return placed(0, list(targets))


def split(targets: Sequence[Any], sizes: Sequence[int]) -> list[list[Any]]:
    """Return the chosen targets (flat, in group order) as one list per group."""
    result, start = [], 0
    for size in sizes:
        result.append(list(targets[start:start + size]))
        start += size
    return result


def choices(groups: Sequence[Spec], candidates: Sequence[Sequence[int]]) -> Iterator[tuple[int, ...]]:
    """Yield every choice of targets, flat in group order, most cards first in each group: each group's cards among its
    candidates, never a card twice, each choice once (as `assign` reads it back)."""
    def chosen(index: int, used: frozenset[int]) -> Iterator[tuple[int, ...]]:
        if index == len(groups):
            yield ()
            return
        low, high = bounds(groups[index])
        free = [card for card in candidates[index] if card not in used]
        for size in range(min(high, len(free)), low - 1, -1):
            for group in itertools.combinations(free, size):
                for rest in chosen(index + 1, used | set(group)):
                    yield group + rest

    seen: set[tuple[int, ...]] = set()
    for flat in chosen(0, frozenset()):
        read = assign(groups, flat, lambda g, card: card in candidates[g])
        if read is not None and tuple(read[0]) == flat and flat not in seen:
            seen.add(flat)
            yield flat
