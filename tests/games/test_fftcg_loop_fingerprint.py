"""FFTCG's loop fingerprint (FFTCG 13.1) is the same digest as ever: saved games store it in `loop_seen`."""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from fftcg_testdeck import play_random_game, random_decisions  # noqa: E402

from tabletop.engine import stack, triggers  # noqa: E402
from tabletop.engine.state import GameState  # noqa: E402
from tabletop.games.fftcg.flow import loop_fingerprint  # noqa: E402


def _reference_fingerprint(state: GameState) -> str:
    """Return the fingerprint as first written: the rows in id order, dumped as JSON, hashed with SHA-256."""
    cards = [(iid, c.zone, c.tapped, c.controller, sorted(c.counters.items()), c.props.get("damage"))
             for iid, c in sorted(state.cards.items())]
    stacked = [(e["card_id"], e.get("ability")) for e in stack.items(state)]
    waiting = [(t["card_id"], t.get("ability")) for t in triggers.waiting(state)]
    effects = [(e["effect"], e.get("amount"), e.get("label")) for e in state.lists.get("effects", [])]
    text = json.dumps([cards, stacked, waiting, effects, state.phase, state.step], default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def test_the_fingerprint_is_the_reference_digest_over_whole_random_games() -> None:
    seen: dict[str, bool] = {"damage": False, "stack": False, "scrambled": False}
    for state in (game.state for seed in range(3) for game in random_decisions(seed)):
        assert loop_fingerprint(state) == _reference_fingerprint(state), (state.turn, state.phase, state.step)
        seen["damage"] |= any(c.props.get("damage") for c in state.cards.values())
        seen["stack"] |= bool(stack.items(state))
        seen["scrambled"] |= list(state.cards) != sorted(state.cards)
    assert all(seen.values()), seen  # the games reached damaged cards, a stack, ids not in creation order


def test_counters_count_in_the_fingerprint_whatever_order_they_were_added() -> None:
    state = play_random_game(0).state
    card = next(iter(state.cards.values()))
    before = loop_fingerprint(state)
    card.counters = {"shield": 1, "charge": 2}
    with_counters = loop_fingerprint(state)
    assert with_counters == _reference_fingerprint(state) != before
    card.counters = {"charge": 2, "shield": 1}
    assert loop_fingerprint(state) == with_counters
