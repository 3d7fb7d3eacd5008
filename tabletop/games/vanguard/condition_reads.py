"""What a condition of a Vanguard ability reads besides the board, so that a value derived from it is kept while
those facts stay as they were (abilities.continuous_bonuses).

The board is what `GameState.board_version` covers: cards, zones, totals and lists. Anything else a condition
reads is a fact named here: a table field (`active`, `phase`) or one of the game's data facts (`data:battle`).
`VERSION` stands for "anything": a value reading it is kept for one state version only, as a plain memo is.

Contract: every clause of `abilities.CONDITIONS` and every effective-condition keyword names what its code in
abilities.py reads (tests/games/test_vanguard_condition_reads.py checks that none is missing); a clause or keyword
added without an entry reads VERSION, which is always right, never quicker.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

VERSION = "version"  # anything at all: kept one state version only
_TURN_INFO = "data:turn_info"  # this turn's calls, orders played, Persona Ride, rear-guards retired...
_BATTLE = frozenset({"data:battle"})  # the battle now: attacker, booster, target, hit, number

# What a unit's power reads besides the board and the CONT bonuses (table._power_parts): the turn player (gift
# markers and player bonuses count on their turn), the battle (a boost, a Legion's mate) and the gift markers.
POWER_READS = frozenset({"active", "data:battle", "data:markers"})

# condition clause -> the facts its code in abilities.condition_holds / _PRINTED_TEXT_CONDITIONS reads beyond
# the board (empty: the board alone). A clause reading a power reads POWER_READS, and the CONT bonuses of every
# source, whose reads the caller adds (`continuous_bonuses` takes the union over the sources).
CLAUSE_READS: dict[str, frozenset[str]] = {
    "hand_at_most": frozenset(), "hand_at_least": frozenset(), "damage_at_least": frozenset(),
    "soul_at_least": frozenset(), "soul_at_most": frozenset(), "more_rear_guards": frozenset(),
    "in_state": frozenset(), "not_in_state": frozenset(), "in_legion": frozenset(), "in_back_row": frozenset(),
    "vanguard_name": frozenset(), "vanguard_name_contains": frozenset(), "vanguard_clan": frozenset(),
    "opponent_vanguard_grade_at_least": frozenset(), "units_at_least": frozenset(),
    "opponent_rear_guards_at_most": frozenset(), "other_rear_guards_at_least": frozenset(),
    "no_opposing_unit_in_column": frozenset(), "damage_more_than_opponent": frozenset(),
    "opponent_front_row_rear_guards_at_most": frozenset(), "order_cards_at_least": frozenset(),
    "open_circles_at_least": frozenset(), "face_up_damage_at_most": frozenset(), "self_in_zone": frozenset(),
    # `chosen` reads the resolving ability's variables: a CONT has none, so the clause never holds for it
    "chosen": frozenset(),
    # `keyword`: an effective-condition keyword as a clause, read as KEYWORD_READS says (`ability_reads`)
    "keyword": frozenset(),
    "vanguard_power_at_least": POWER_READS, "success_unit": POWER_READS,
    "my_turn": frozenset({"active"}), "main_phase": frozenset({"phase"}), "battle_phase": frozenset({"phase"}),
    "went_first": frozenset({"data:first_player"}), "force_markers_at_least": frozenset({"data:markers"}),
    "persona_rode": frozenset({_TURN_INFO}), "played_order": frozenset({_TURN_INFO}),
    "rear_guard_retired_this_turn": frozenset({_TURN_INFO}),
    "attack_hit": _BATTLE, "attacked_vanguard": _BATTLE, "self_attacked": _BATTLE, "self_boosted": _BATTLE,
    "boosted_vanguard": _BATTLE, "attack_boosted": _BATTLE, "battle_number": _BATTLE, "attacker_grade": _BATTLE,
    # a Stellar circle holds while the vanguard's own CONT condition does: any clause at all
    "on_stellar": frozenset({VERSION}),
}

# effective-condition keyword -> the facts abilities.keyword_valid reads for it beyond the board
KEYWORD_READS: dict[str, frozenset[str]] = {
    "brave": frozenset(), "oracle": frozenset(), "ritual": frozenset(), "thunderstrike": frozenset(),
    "scheming": frozenset(), "shinken_hissatsu": frozenset(), "limit_break": frozenset(),
    "generation_break": frozenset(), "seek_mate": frozenset(),
    "unite": frozenset({_TURN_INFO}), "darkness": frozenset({_TURN_INFO}), "homare": frozenset({_TURN_INFO}),
    "wave": frozenset({"data:battle_number", "data:battle"}),
}


def ability_reads(ability: Mapping[str, Any], condition_keywords: Iterable[str]) -> frozenset[str]:
    """Return the facts beyond the board an ability's keyword condition and `if:` condition read."""
    reads: set[str] = set()
    keyword = ability.get("keyword")
    if keyword in condition_keywords:
        reads |= KEYWORD_READS.get(str(keyword), {VERSION})
    for clause in ability.get("if") or ():
        reads |= CLAUSE_READS.get(clause, {VERSION})
        if clause == "keyword":
            value = (ability.get("if") or {})[clause]
            reads |= KEYWORD_READS.get(str(value), {VERSION}) if value in condition_keywords else set()
    return frozenset(reads)
