"""The cards a target may choose: those its card filter passes, whatever changed since they were last asked for."""
from __future__ import annotations

import itertools
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from fftcg_testdeck import random_decisions  # noqa: E402

from tabletop.engine.state import GameState  # noqa: E402
from tabletop.games.fftcg.continuous import characteristics, matches  # noqa: E402
from tabletop.games.fftcg.resolution import must_choose, target_candidates  # noqa: E402

# filters the test decks print, and others reading their keys in other orders, types by list, other zones
SPECS: list[Mapping[str, Any]] = [
    {"type": "forward"}, {"type": "forward", "controller": "opponent"}, {"controller": "you", "type": "forward"},
    {"type": ["forward", "backup"], "controller": "opponent", "count": 2}, {"type": "character", "dull": True},
    {"type": "backup", "up_to": True, "count": 2}, {"controller": "any", "power_at_most": 5000, "type": "forward"},
    {"zone": "break", "type": "forward"}, {"zone": "hand", "type": "summon"}, {"element": "fire"},
]


def _filter_passes(state: GameState, spec: Mapping[str, Any], controller: str, source: int) -> list[int]:
    """Return, read with `matches` card by card, the cards a target filter may choose (FFTCG 11.3.4, 11.11.5.1)."""
    zone = spec.get("zone", "field")
    chars = characteristics(state) if zone == "field" else None
    kind = "summons" if state.definition(source).card_type == "summon" else "abilities"
    found = [iid for player in state.players for iid in state.zones[f"{player}.{zone}"].cards
             if iid != source and matches(state, iid, spec, controller, source, chars)
             and (chars is None or chars[iid].can_be_chosen_by(kind, controller))]
    must = must_choose(state, found, controller, source) if chars is not None else set()
    return [iid for iid in found if iid in must] if must and len(must) >= int(spec.get("count", 1)) else found


def test_the_cards_a_target_may_choose_follow_every_change_of_the_game() -> None:
    checked = chosen = 0
    for seed in range(3):
        for game in random_decisions(seed):
            state = game.state
            sources = [iid for player in state.players for iid in state.zones[f"{player}.hand"].cards[:2]]
            for spec, player, source in itertools.product(SPECS, state.players, sources):
                expected = _filter_passes(state, spec, player, source)
                found = target_candidates(state, {"target": spec}, player, source)
                assert found == expected, (spec, player, source)
                found.clear()  # a caller's list is its own: the next one is whole again
                assert target_candidates(state, {"target": spec}, player, source) == expected
                checked, chosen = checked + 1, chosen + len(expected)
    assert checked > 1000 and chosen > 1000  # the games reached fields with cards to choose, and without
