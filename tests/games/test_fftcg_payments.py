"""The payment a listed play offers: legal whenever one is offered, offered whenever some legal payment exists."""
from __future__ import annotations

import itertools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from fftcg_testdeck import random_decisions  # noqa: E402

from tabletop.engine.state import GameState  # noqa: E402
from tabletop.games.fftcg.cp import Cost, check_payment, every_payment, find_payment  # noqa: E402

# every cost a card in hand may ask of the test decks' CP, and some it never does (several CP of the element)
COSTS = [Cost(amount, elements, needed) for amount in range(1, 6) for elements in ((), ("fire",), ("ice",), ("fire", "ice"))
         for needed in ((1, amount) if elements else (1,))]


def _check_payments(state: GameState) -> tuple[int, int]:
    """Check each seat's offered payment of every cost, with nothing or a card of its hand excluded; return how many
    were checked and how many offered."""
    checked = offered = 0
    for player in state.players:
        hand = state.zones[f"{player}.hand"].cards
        for cost, exclude in itertools.product(COSTS, [(), *((iid,) for iid in hand[:2])]):
            payment = find_payment(state, player, cost, set(exclude))
            legal = every_payment(state, player, cost, set(exclude))
            checked += 1
            if payment is None:
                assert legal == [], (cost, exclude, legal)
                continue
            offered += 1
            check_payment(state, player, cost, payment[0], payment[1], set(exclude))  # raises when not legal
            assert (set(payment[0]), set(payment[1])) in [(set(d), set(b)) for d, b in legal]  # in any order
    return checked, offered


def test_the_offered_payment_is_legal_and_offered_exactly_when_one_exists() -> None:
    checked = offered = 0
    for seed in range(3):
        for decision, game in enumerate(random_decisions(seed)):
            if decision % 3 == 0:
                done = _check_payments(game.state)
                checked, offered = checked + done[0], offered + done[1]
    assert checked > 1000 and offered > 100  # the games reached hands and fields that pay and that do not
