"""The digest's unknowns ([?] in dreadnought.md) and the engine's own choices ([I]) as parameters, each with a
documented default: where the default comes from and why it was chosen.

A game's options (`GameConfig.options`, a scenario's `setup.options`) may set any of them (`{"draw_count": 2}`);
nothing else in the rules guesses. `option_problem` refuses a value of the wrong kind in one line.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.engine.state import GameState


@dataclass(frozen=True)
class Parameter:
    """One rules parameter: its default, the rule it stands for, where the default comes from and why."""

    default: Any
    rule: str
    source: str
    why: str
    choices: tuple[Any, ...] = ()   # the values allowed, when they are a few words
    optional: bool = False          # None is allowed too (it means what `why` says)


PARAMETERS: Mapping[str, Parameter] = {
    "hp_cards_per_caster": Parameter(
        None, "DN 4.3 [?]", "official-rule, tocage-step: each caster's printed HP (the starter casters: 3 each)",
        "None deals each caster as many HP cards as its printed HP, the only count the sources give; a number "
        "deals that many to every caster instead", optional=True),
    "burst_setup_count": Parameter(
        0, "DN 4.4 [?], D2", "cswiki-mulligan names a Burst set-up in later rules without its count",
        "0: the 2015 rules have no Burst, and the digest keeps Burst behind a flag (§0.5); a number puts that many "
        "cards from the top of the deck closed and Normal into the Burst Area before the draw (Normal, because "
        "God Draw and log-cost need Normal-state Burst cards, DN 5.7, 8.3)"),
    "speed_card_source": Parameter(
        "deck", "DN 5.1 [?]", "tocage-speed, wikia-speed: a tie is burnt by revealing the top card of the deck",
        "'deck': an empty Speed Area takes the deck's top card, as the speed-burn text implies; 'hand': each player "
        "puts a card of their hand there closed, in seat order (the deck's top card when the hand is empty)",
        choices=("deck", "hand")),
    "draw_count": Parameter(
        1, "DN 5.2 [?], D1", "no source gives the Draw Phase's count",
        "1 each, the first player first, no first-turn exception: the smallest count that still makes the deck run "
        "out in a long game (DN 1.3)"),
    "uncheck_at_end": Parameter(
        True, "DN 5.6 [?], D1", "the sources list only the End Phase's discards",
        "on: units and casters return to Normal, else nothing could attack or pay a check cost twice in a game"),
    "damage_resets": Parameter(
        True, "DN 5.6 [?], D1", "the sources do not say whether damage stays",
        "on: damage that did not break a unit is removed at the End Phase, as BP changes until end of turn are"),
    "bursts_uncheck": Parameter(
        False, "DN 5.7 [?], D2", "cswiki-goddraw: only Normal-state Burst cards can be god-drawn",
        "off: broken HP cards arrive checked (DN 6.3) and nothing says they return to Normal; Burst stays behind "
        "the flag (§0.5)"),
    "caster_hp_value": Parameter(
        100, "DN 6.3 [?]", "cswiki-break names a caster's 'HP value' without its number",
        "100: the BP of a small unit (80–100 in the bundled set), so one unit's attack can reach a blocking caster"),
    "hp_break_per_attack": Parameter(
        1, "DN 6.3 [?]/[I]", "cswiki-break: 'an HP card' is broken", "1, as the digest decides ([I] break one)"),
    "triggers_optional": Parameter(
        False, "DN 7.6 f–g [?], D3", "the seed: (f) a trigger without 'may' cannot be declined; (g) no such "
        "trigger exists as of Chapter 5", "off: the seed's rule (f) is followed; (g) reads like a remark on the "
        "printed cards and may be a typo (D3)"),
    "loop_count_limit": Parameter(
        20, "DN 9.4 [I]", "atwiki-special: the looping player names a number of repetitions",
        "a player names 0 to 20: a table needs a bound to list the choice, and 20 rounds of the amounts the effect "
        "words add up (+BP, damage) pass any BP of the bundled set"),
}
DEFAULTS: Mapping[str, Any] = {name: p.default for name, p in PARAMETERS.items()}


def parameter(state: GameState, name: str) -> Any:
    """Return a rules parameter: the game's option when set, else its documented default."""
    options = state.data.get("options") or {}
    return options.get(name, DEFAULTS[name])


def option_problem(options: Mapping[str, Any]) -> str | None:
    """Return, in one line, why a rules option's value cannot be used (options of other kinds pass), or None."""
    for name, value in options.items():
        spec = PARAMETERS.get(name)
        if spec is None or value is None and spec.optional:
            continue
        kind = bool if isinstance(spec.default, bool) else type(spec.default) if spec.default is not None else int
        if type(value) is not kind or kind is int and value < 0 or spec.choices and value not in spec.choices:
            wanted = (" or ".join(repr(c) for c in spec.choices) if spec.choices else
                      {bool: "true or false", int: "a whole number, 0 or more"}.get(kind, kind.__name__))
            return f"DreadNought option {name!r} is {value!r}: it must be {wanted} ({spec.rule})"
    return None
