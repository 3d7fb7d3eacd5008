"""The digest's unknowns ([?] in dreadnought.md) as parameters with documented defaults.

A game's `GameConfig.options` may set any of them (`{"draw_count": 2}`); nothing else in the rules guesses.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.state import GameState

DEFAULTS: Mapping[str, Any] = {
    # DN 5.2 [?]: the Draw Phase's count is unknown; each player draws this many, no first-turn exception.
    "draw_count": 1,
    # DN 5.1 [?]: where the step-1 speed card comes from; the speed-burn text implies the deck's top card.
    # "deck": an empty Speed Area takes the top card of the deck (closed), then it is opened.
    "speed_card_source": "deck",
    # DN 5.6 [?]: un-checking of units and casters is unconfirmed; without it nothing could attack twice.
    "uncheck_at_end": True,
    # DN 5.6 [?]: whether damage on units is reset at the End Phase.
    "damage_resets": True,
    # DN 5.7 / D2 [?]: whether broken HP cards in the Burst Area return to Normal state at the End Phase
    # (only Normal-state Burst cards can be god-drawn). Off: the Burst rules are behind this flag (§0.5).
    "bursts_uncheck": False,
    # DN 6.3 [?]: a blocking caster's "HP value" that attack damage must reach to break an HP card.
    "caster_hp_value": 100,
    # DN 6.3 [?]/[I]: how many HP cards one attack breaks on a blocking caster.
    "hp_break_per_attack": 1,
    # DN 7.6 (f)/(g), D3 [?]: whether a triggered ability without "may" can be declined (seed: mandatory).
    "triggers_optional": False,
    # DN 9.4 [I]: the most times a player may name for a loop that adds something up to go round again.
    "loop_count_limit": 20,
}


def parameter(state: GameState, name: str) -> Any:
    """Return a rules parameter: the game's option when set, else its documented default."""
    options = state.data.get("options") or {}
    return options.get(name, DEFAULTS[name])
