"""Abilities of Vanguard cards: reading them from data, keyword conditions, triggering, continuous bonuses.

An ability is a mapping (card files' `effects:` list, or one a keyword expands to):
`{kind: auto|act|cont, when: EVENT, circle: vc|rc|gc|NAME, zone: V|R|VR|GC|any, keyword: NAME, x: N,
cost: [steps], optional: bool, once_per_turn: bool, trigger_if: COND, if: COND, do: [steps], filter: {...}}`.
(`circle` narrows "placed" events to a circle; it is not spelled `on`, which YAML 1.1 reads as true.)
Seed section 一 1.3 (effective-condition keywords): an AUTO triggers only if its keyword condition
holds at the trigger event; once pending it resolves even if the condition stops holding; a card
keeps the keyword while it is not valid; timed effects it created ignore the condition.
"""
from __future__ import annotations

from collections.abc import Mapping
from itertools import chain
from typing import Any

from tabletop.engine import triggers
from tabletop.engine.cards import CardDefinition
from tabletop.engine.library_index import PerLibrary
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.triggers import TriggerEvent, trigger_event
from tabletop.engine.zones import zone_id
from tabletop.games.vanguard import facts
from tabletop.games.vanguard.circles import REAR_CIRCLES, circle_name, info, is_circle, is_front_row, is_rear_circle
from tabletop.games.vanguard.rear_vanguard import BECOME_VANGUARD, is_rear_vanguard, mentions_effect
from tabletop.games.vanguard.table import (
    READING, column_opponents, current_grade, current_power, field_cards, has_state, in_same_column, is_any_on_field, is_locked, is_unit, legion_mate,
    player_zones, reading_key, rear_guards_of, units_of, vanguard_of,
)

PENDING = triggers.PENDING  # stand-by AUTO abilities and timed effects: the engine's waiting triggers

# Effective-condition keywords (seed 一 1.3) and what makes each valid for its controller.
CONDITION_KEYWORDS = ("brave", "oracle", "ritual", "unite", "thunderstrike", "darkness", "wave", "scheming",
                      "shinken_hissatsu", "homare", "limit_break", "generation_break", "seek_mate")
# Prefix keywords only label an ability (seed 一 1.1); Burst's "if your vanguard's power ≥ V" is its `if:`.
PREFIX_KEYWORDS = ("rescue", "dominate", "shadow_stitch", "rush", "burst", "magia", "time_leap", "melody",
                   "bloom", "nitou_kaigan")
# Proper-noun keywords (seed 一 1.2) are whole abilities, expanded below.
PROPER_KEYWORDS = ("revelation", "blaze", "afterimage", "devour", "charge", "hollow", "harmony", "success")
# Clan actions (seed 一 K0.7) are no abilities; a card may carry their names as labels.
CLAN_ACTIONS = ("declare", "dominate", "lock", "delete", "time_leap")
# Events an AUTO ability may name in `when` (`over_drive_check`: an Over trigger's extra when drive-checked).
EVENTS = ("placed", "attacks", "boosts", "boosted", "retired", "stood", "put_into_soul", "rode_upon", "attack_hits",
          "hollow_drop", "enters_state", "locked", "attacked", "other_placed", "rear_guard_retired",
          "opponent_bind_to_hand", "attack_step_start", "battle_start", "ride_phase_start", "end_of_turn",
          "end_of_battle", "game_start", "state:success", "over_drive_check", "drive_step_start", "returned_to_hand",
          "drive_check_reveals", "boosted_attack_hits", "discarded", "intercepts", "opponent_rear_guard_retired",
          "vanguard_attacks", "vanguard_attack_hits", "rear_guard_returned_to_hand")


def keyword_abilities(card: CardDefinition) -> list[dict[str, Any]]:
    """Return the abilities a card's proper-noun keywords stand for, in the effects vocabulary."""
    kw = card.keywords
    result: list[dict[str, Any]] = []
    if "revelation" in kw:  # seed 《创世》 天启
        circle = kw["revelation"] if isinstance(kw["revelation"], str) else None
        result.append({"kind": "auto", "when": "placed", "zone": "VR", "circle": circle, "keyword_ability": "revelation",
                       "do": [{"effect": "revelation"}]})
    if "blaze" in kw:  # seed 《阳炎》 龙炎
        result.append({"kind": "auto", "when": "attack_step_start", "zone": "VR", "keyword_ability": "blaze",
                       "trigger_if": {"more_rear_guards": True},
                       "do": [{"effect": "enter_state", "state": "blaze", "target": "your_vanguards", "until": "turn"}]})
    if "afterimage" in kw:  # seed 《射干玉》 残影
        result.append({"kind": "auto", "when": "opponent_bind_to_hand", "zone": "R", "keyword_ability": "afterimage",
                       "optional": True, "if": {"hand_at_most": 6},
                       "do": [{"effect": "return_to_hand", "target": "self"}]})
    if "devour" in kw:  # seed 《太刀风》 暴食
        result.append({"kind": "auto", "when": "attacks", "zone": "VR", "keyword_ability": "devour",
                       "do": [{"effect": "choose", "from": "your_rear_guards", "filter": {"not_self": True},
                               "min": 0, "count": 99, "as": "devoured"},
                              {"effect": "retire", "target": "$devoured"},
                              {"effect": "enter_state", "state": "devour", "target": "self", "until": "turn",
                               "if": {"chosen": "devoured"}}]})
    if "charge" in kw:  # seed 《钢钉兄弟会》 突击
        result.append({"kind": "auto", "when": "placed", "zone": "R", "keyword_ability": "charge", "optional": True,
                       "do": [{"effect": "enter_state", "state": "charge", "target": "self", "until": "turn"}]})
    if "hollow" in kw:  # seed 《雄伟深蓝》 亡灵: the Hollow state lasts until the unit leaves
        result.append({"kind": "auto", "when": "placed", "zone": "R", "keyword_ability": "hollow", "optional": True,
                       "do": [{"effect": "enter_state", "state": "hollow", "target": "self"}]})
    if "harmony" in kw:  # seed 《百慕大三角》 和声
        result.append({"kind": "auto", "when": "other_placed", "zone": "VR", "keyword_ability": "harmony",
                       "filter": {"same_column": True}, "do": [{"effect": "harmonize"}]})
    if "success" in kw:  # seed 《大自然》 达成: a state trigger, see `state_triggers`
        result.append({"kind": "auto", "when": "state:success", "zone": "VR", "keyword_ability": "success",
                       "if": {"success_unit": int(kw["success"])},
                       "do": [{"effect": "enter_state", "state": "success", "target": "self", "until": "turn"}]})
    if "forerunner" in kw:  # VG [K] Forerunner; seed 《黑暗不法者》: it also resolves from the G zone
        result.append({"kind": "auto", "when": "rode_upon", "zone": "any", "keyword_ability": "forerunner",
                       "optional": True, "filter": {"rider_same_clan": True},
                       "do": [{"effect": "call", "from": "self", "filter": {"in_zone": ["soul", "gzone"]}}]})
    if facts.is_sentinel(card) and not _prints_guard_ability(card) and kw.get("sentinel") is not False:
        # The usual Sentinel text (VG 6.3): when placed on GC, discard a card: a unit cannot be hit this battle.
        result.append({"kind": "auto", "when": "placed", "circle": "gc", "zone": "GC", "keyword_ability": "sentinel",
                       "cost": [{"effect": "discard", "count": 1}],
                       "do": [{"effect": "choose", "from": "your_units", "count": 1, "as": "protected"},
                              {"effect": "cannot_be_hit", "target": "$protected"}]})
    return result


def _prints_guard_ability(card: CardDefinition) -> bool:
    """Tell whether a card prints its own "when placed on GC" ability (a Sentinel then uses it, not the default)."""
    return any(isinstance(e, dict) and e.get("when") == "placed" and str(e.get("circle", "")).lower() == "gc"
               for e in card.effects)


class PrintedAbilities:
    """A definition's printed and keyword abilities, indexed by kind and trigger event, and the printed facts
    the rules read at every decision (kind, grade, Boost, Intercept, drive checks, trigger); computed once per
    card."""

    __slots__ = ("all", "by_when", "has_cont", "has_act", "has_state_trigger", "has_end_of_turn", "kind",
                 "is_unit", "grade", "power", "boost", "intercept", "drive", "trigger", "gains", "says_become_vanguard",
                 "bonuses")

    def __init__(self, card: CardDefinition) -> None:
        self.kind = facts.kind(card)
        self.is_unit = self.kind == "unit"
        self.grade = facts.grade(card)
        self.power = facts.power(card)
        self.boost = facts.has_skill(card, "boost")
        self.intercept = facts.has_skill(card, "intercept")
        self.drive = facts.drive(card)
        self.trigger = facts.trigger(card)
        self.all: tuple[dict[str, Any], ...] = tuple(
            dict(e) for e in card.effects if isinstance(e, dict) and "kind" in e) + tuple(keyword_abilities(card))
        by_when: dict[str, list[tuple[int, dict[str, Any]]]] = {}
        for index, ability in enumerate(self.all):
            if ability.get("kind") == "auto":
                by_when.setdefault(str(ability.get("when")), []).append((index, ability))
        self.by_when = {when: tuple(items) for when, items in by_when.items()}
        kinds = {a.get("kind") for a in self.all}
        self.has_cont = "cont" in kinds
        self.has_act = "act" in kinds
        self.has_state_trigger = any(str(w).startswith("state:") for w in self.by_when)
        self.has_end_of_turn = "end_of_turn" in self.by_when
        self.gains = tuple(a for a in self.all if a.get("kind") == "cont"
                           and any(st.get("effect") == "gain_abilities_of" for st in a.get("do", ())))
        self.says_become_vanguard = mentions_effect(card.effects, BECOME_VANGUARD)  # also inside gained abilities
        # the CONT abilities raising a stat, in printed order, each with its steps doing so
        self.bonuses = tuple(
            (a, steps) for a in self.all if a.get("kind") == "cont"
            for steps in (tuple(step for step in a.get("do", ()) if step.get("effect") in CONT_STATS),) if steps)


class AbilityIndex(dict):  # type: ignore[type-arg]
    """Card id -> PrintedAbilities for one game's library, filled on first use; and what the library holds at
    all (order cards, state-triggered abilities, the events AUTO abilities wait for, CONTs gaining abilities,
    cards making rear-guard vanguards), so that checks no card needs are skipped.

    Kept per library (`ability_index`): a library does not change during a game. Abilities a card gains
    from an effect are not in it: every effect giving one sets the data fact `abilities_gained`.
    """

    def __init__(self, library: Any) -> None:
        super().__init__()
        self.library = library
        cards = list(library.values())
        printed = [self[c.id] for c in cards]
        self.orders = any(facts.kind(c) == "order" for c in cards)
        self.state_triggers = any(p.has_state_trigger for p in printed)
        self.whens = frozenset(when for p in printed for when in p.by_when)
        self.gains = any(p.gains for p in printed)
        # the cards printing a state-triggered ability or a CONT gaining other cards' abilities
        self.state_trigger_or_gain_holders = frozenset(
            c.id for c, p in zip(cards, printed) if p.has_state_trigger or p.gains)
        # the cards printing an [ACT] ability or a CONT gaining other cards' abilities (which may gain one)
        self.act_holders = frozenset(c.id for c, p in zip(cards, printed) if p.has_act or p.gains)
        # the cards printing a CONT ability (gaining other cards' abilities is one)
        self.cont_holders = frozenset(c.id for c, p in zip(cards, printed) if p.has_cont or p.gains)
        # seed 《光辉骑士团》 二: the cards that may make rear-guard vanguards (saying `become_vanguard`, or gaining
        # other cards' abilities by a CONT when one says it); none when no card says it, and the check is skipped.
        says = [c.id for c, p in zip(cards, printed) if p.says_become_vanguard]
        self.vanguard_granters = frozenset(says + [c.id for c, p in zip(cards, printed) if p.gains]) if says \
            else frozenset()
        self._holders: dict[tuple[str, ...], frozenset[str]] = {}

    def holders(self, whens: tuple[str, ...]) -> frozenset[str]:
        """Return the ids of the library's cards printing an AUTO ability that waits for one of `whens`."""
        found = self._holders.get(whens)
        if found is None:
            found = self._holders[whens] = frozenset(
                card_id for card_id in self.library if not self[card_id].by_when.keys().isdisjoint(whens))
        return found

    def __missing__(self, card_id: str) -> PrintedAbilities:
        entry = self[card_id] = PrintedAbilities(self.library[card_id])
        return entry


_INDEXES: PerLibrary[AbilityIndex] = PerLibrary(AbilityIndex)


def ability_index(state: GameState) -> AbilityIndex:
    """Return the index of printed abilities of the game's card library (built once per library, see PerLibrary).

    Asked for many times per decision, so kept in the library rather than in a state memo.
    """
    library = state.library
    entry = library.derived.get(_INDEXES)  # PerLibrary's lookup, inlined
    if entry is not None and entry[0] == library.version:
        return entry[1]  # type: ignore[no-any-return]
    return _INDEXES(library)


def printed_of(state: GameState, iid: int) -> PrintedAbilities:
    """Return the printed (and keyword) abilities of a card instance's definition."""
    return ability_index(state)[state.cards[iid].card_id]


def has_extra_abilities(state: GameState, iid: int) -> bool:
    """Tell whether a card's abilities are not just its printed ones: deleted, locked, copied or gained ones, or
    a CONT that gains other cards' abilities (seed 《黑暗不法者》 伽斯提尔)."""
    card = state.cards[iid]
    return abilities_changed(card.props) or bool(ability_index(state)[card.card_id].gains)


# The props whose presence says an effect changed a card's abilities (hot loops test them inline).
ABILITY_CHANGES = frozenset({"gained", "locked", "deleted", "copied"})


def abilities_changed(props: dict[str, Any]) -> bool:
    """Tell whether a card's props say an effect changed its abilities (deleted, locked, copied, gained)."""
    # A prop set to None is removed, so a present key means the effect is on.
    return not ABILITY_CHANGES.isdisjoint(props)


def abilities_of(state: GameState, iid: int) -> tuple[dict[str, Any], ...] | list[dict[str, Any]]:
    """Return every ability a card has now: printed (unless deleted or locked), keyword-expanded, and gained."""
    card = state.cards[iid]
    index = ability_index(state)
    if not has_extra_abilities(state, iid):
        return index[card.card_id].all
    result: list[dict[str, Any]] = []
    if not card.props.get("deleted") and not is_locked(state, iid):
        result.extend(index[card.card_id].all)
        for source_card in card.props.get("copied", ()):
            result.extend(index[source_card].all)
        result.extend(_gained_by_cont(state, iid, index[card.card_id].gains))
    for gained in card.props.get("gained", ()):
        result.append(gained["ability"])
    return result


def _gained_by_cont(state: GameState, iid: int, gains: tuple[dict[str, Any], ...]) -> list[dict[str, Any]]:
    """Return the abilities a card's CONT "gains all abilities of (cards)" gives it while it is in its zone.

    Being continuous, the gain holds the instant the card is placed, so gained "when placed" abilities trigger
    (seed 《黑暗不法者》 邪神主教 伽斯提尔). The cards' printed abilities are gained, not what they gained.
    """
    from tabletop.games.vanguard.effects import cards_in_set

    result: list[dict[str, Any]] = []
    controller = state.cards[iid].controller
    for ability in gains:
        if not zone_tag_holds(state, iid, ability.get("zone")) or not condition_holds(
                state, ability.get("if"), iid, controller):
            continue
        for step in ability.get("do", ()):
            if step.get("effect") == "gain_abilities_of":
                for other in cards_in_set(state, controller, iid, str(step["card"]), step.get("filter")):
                    if other != iid:
                        result.extend(ability_index(state)[state.cards[other].card_id].all)
    return result


def _auto_candidates(state: GameState, iid: int, whens: tuple[str, ...]) -> list[tuple[int, dict[str, Any]]]:
    """Return (index, ability) of a card's AUTO abilities that an event of these `when` names could trigger."""
    if not has_extra_abilities(state, iid):
        by_when = printed_of(state, iid).by_when
        if len(whens) == 1:
            return list(by_when.get(whens[0], ()))
        return [item for when in whens for item in by_when.get(when, ())]
    return [(i, a) for i, a in enumerate(abilities_of(state, iid)) if a.get("kind") == "auto" and a.get("when") in whens]


def has_keyword(state: GameState, iid: int, name: str) -> bool:
    """Tell whether a card has a keyword now: printed, or gained while the gain lasts (seed 一, Fidus)."""
    if name in state.definition(iid).keywords and not state.cards[iid].props.get("deleted"):
        return True
    if any(a.get("keyword") == name or a.get("keyword_ability") == name for a in abilities_of(state, iid)):
        return True
    return name in state.cards[iid].props.get("gained_keywords", ())


def can_boost(state: GameState, iid: int) -> bool:
    """Tell whether a unit has the Boost skill now: printed (grades 0-1, VG 6.2) or gained until end of turn
    ("this unit gets "Boost"", K0.1: a card has a keyword while an ability gives it)."""
    return printed_of(state, iid).boost or "boost" in state.cards[iid].props.get("gained_keywords", ())


def keyword_x(state: GameState, iid: int, ability: dict[str, Any]) -> Any:
    """Return the X of an ability's keyword (`ritual: 3`), from the ability or the card's keywords."""
    if "x" in ability:
        return ability["x"]
    return state.definition(iid).keywords.get(ability.get("keyword", ""))


# What a number read from other cards may count (seed 一: "仪式X"/"雷激X" written with X, "救援-" without a number,
# when the number depends on other cards' information): {count: ZONE, player: you|opponent, grade: N}.
COUNTED_ZONES = ("hand", "soul", "drop", "bind", "damage", "deck")
COUNT_KEYS = ("count", "player", "grade")


def keyword_number(state: GameState, controller: str, value: Any, default: int) -> int:
    """Return a keyword's number: printed (`ritual: 3`), or the number of cards in a zone (`{count: soul}`), of
    the controller's or the opponent's (`player`), of one grade only (`grade`); `default` when none is given."""
    if value is None:
        return default
    if not isinstance(value, Mapping):
        return int(value)
    player = controller if value.get("player", "you") == "you" else state.opponent(controller)
    cards = state.zones[zone_id(player, str(value["count"]))].cards
    if "grade" in value:
        return sum(1 for c in cards if facts.grade(state.definition(c)) == int(value["grade"]))
    return len(cards)


def keyword_valid(state: GameState, iid: int, ability: dict[str, Any], controller: str) -> bool:
    """Tell whether an ability's effective-condition keyword holds now (true for abilities without one)."""
    name = ability.get("keyword")
    if name not in CONDITION_KEYWORDS:
        return True
    x = keyword_x(state, iid, ability)
    hand = len(state.zones[zone_id(controller, "hand")].cards)
    turn = state.data.get("turn_info", {}).get(controller, {})
    if name == "brave":  # seed 《光辉骑士团》: hand ≤ 3
        return hand <= 3
    if name == "oracle":  # seed 《占卜魔法团》: hand ≥ 5
        return hand >= 5
    if name == "ritual":  # seed 《暗影骑士团》: ≥ X grade 1 cards in the drop zone
        drop = state.zones[zone_id(controller, "drop")].cards
        return sum(1 for c in drop if facts.grade(state.definition(c)) == 1) >= keyword_number(state, controller, x, 0)
    if name == "unite":  # seed 《黄金骑士团》: called 2+ cards this turn
        return int(turn.get("calls", 0)) >= 2
    if name == "thunderstrike":  # seed 《鸣神》: opponent's bind zone ≥ X
        return len(state.zones[zone_id(state.opponent(controller), "bind")].cards) >= keyword_number(
            state, controller, x, 0)
    if name == "darkness":  # seed 《黑暗不法者》: put a card into the soul this turn other than by riding
        return bool(turn.get("soul_not_ride"))
    if name == "wave":  # seed 《苍海军势》: this turn's battle number in range
        return wave_holds(state, x)
    if name == "scheming":  # seed 《百群》: no opposing unit in the column, or only rested ones
        return all(state.cards[u].tapped for u in column_opponents(state, iid)) if is_circle(state.cards[iid].zone) else False
    if name == "shinken_hissatsu":  # seed 《刀剑乱舞》 真剑必杀: damage ≥ 3
        return len(state.zones[zone_id(controller, "damage")].cards) >= 3
    if name == "homare":  # seed 《刀剑乱舞》 誉: no Homare cost paid this turn
        return not turn.get("homare_paid")
    if name == "limit_break":  # VG 9.7 [K]: 4+ damage
        return len(state.zones[zone_id(controller, "damage")].cards) >= int(x or 4)
    if name == "generation_break":  # VG 9.7 [K]: G zone face-up cards ≥ N
        return face_up_g(state, controller) >= int(x or 1)
    if name == "seek_mate":  # Legion's reminder text (DECISIONS.md, Legion): an opposing vanguard of grade 3 or more,
        # four cards in the drop zone to return, a vanguard not yet in Legion that has not formed one ("once")
        card = state.cards[iid]
        opposing = vanguard_of(state, state.opponent(controller))
        return (card.zone == zone_id(controller, "vc") and legion_mate(state, iid) is None
                and not card.props.get("legion_done") and opposing is not None and current_grade(state, opposing) >= 3
                and len(state.zones[zone_id(controller, "drop")].cards) >= 4)
    return True


def wave_holds(state: GameState, spec: Any) -> bool:
    """Tell whether the battle number is within a Wave spec: "2-3", "2" (only), "2+" (or later)."""
    number = int(state.data.get("battle_number", 0))
    if state.data.get("battle") is None or number == 0:
        return False
    text = str(spec).strip()
    if text.endswith("+"):
        return number >= int(text[:-1])
    if "-" in text:
        low, high = text.split("-", 1)
        return int(low) <= number <= int(high)
    return number == int(text)


def face_up_g(state: GameState, player: str) -> int:
    """Return the number of face-up cards in a player's G zone."""
    zid = zone_id(player, "gzone")
    if zid not in state.zones:
        return 0
    return sum(1 for c in state.zones[zid].cards if not state.cards[c].face_down)


def zone_tag_holds(state: GameState, iid: int, tag: str | None) -> bool:
    """Tell whether a card is in the ability's active zone (VG 7.6): V, R, VR, GC, hand, drop, soul, any."""
    tag = (tag or "VR").upper()
    card = state.cards[iid]
    zone = info(card.zone)
    name = zone.name
    if tag == "ANY":
        return True
    if tag == "GC":
        return name == "gc"
    if name == "vc":
        return "V" in tag and not card.props.get("locked")  # is_locked, inlined
    if zone.is_rear:
        if card.props.get("locked"):
            return False
        if "R" in tag and tag != "DROP":
            return True
        # A rear-guard vanguard is on an RC and is a vanguard: its [V] abilities work too (its "when placed
        # on VC" ability triggers when it is called, seed 《光辉骑士团》 二).
        return tag == "V" and is_rear_vanguard(state, iid)
    return tag.lower() == name


# -- conditions --------------------------------------------------------------------------------

# The clauses a condition mapping (`if:`, `trigger_if:`, a step's `if:` / `cond:`) may use.
CONDITIONS = ("hand_at_most", "hand_at_least", "damage_at_least", "soul_at_least", "vanguard_power_at_least",
              "more_rear_guards", "in_state", "not_in_state", "chosen", "in_legion", "success_unit", "my_turn",
              "attack_hit", "attacked_vanguard", "self_attacked", "keyword", "force_markers_at_least", "on_stellar",
              "went_first", "vanguard_name", "vanguard_name_contains", "opponent_vanguard_grade_at_least",
              "units_at_least", "self_boosted", "boosted_vanguard", "in_back_row", "persona_rode", "played_order",
              "opponent_rear_guards_at_most", "rear_guard_retired_this_turn", "main_phase", "other_rear_guards_at_least",
              "no_opposing_unit_in_column", "damage_more_than_opponent", "vanguard_clan", "soul_at_most",
              "opponent_front_row_rear_guards_at_most", "order_cards_at_least", "open_circles_at_least",
              "face_up_damage_at_most", "attack_boosted", "battle_phase", "battle_number", "attacker_grade",
              "self_in_zone")
# The CONT step of a vanguard that makes its controller's back-row centre circle a Stellar circle (星域) while
# the CONT holds (seed 《阳炎》 二、星域: "if your V has 5 or more Force gifts, your back centre circle becomes 星域").
STELLAR_CIRCLE = "stellar_circle"


def force_markers(state: GameState, player: str) -> int:
    """Return how many Force gift markers (type I and II) are on `player`'s VC (VG 9.6)."""
    circle = state.data.get("markers", {}).get(zone_id(player, "vc"), {})
    return int(circle.get("force1", 0)) + int(circle.get("force2", 0))


def is_stellar_circle(state: GameState, zid: str) -> bool:
    """Tell whether a circle is a Stellar circle now: its owner's back-row centre circle, while the vanguard on
    their VC, theirs, holds a `stellar_circle` CONT (read from the board; a heart card's abilities do not apply)."""
    player = zid.split(".", 1)[0]
    if zid != zone_id(player, "rc.back_center"):
        return False
    vc = state.zones[zone_id(player, "vc")].cards
    if not vc or state.cards[vc[0]].controller != player:
        return False
    return any(ability.get("kind") == "cont" and zone_tag_holds(state, vc[0], ability.get("zone"))
               and any(step.get("effect") == STELLAR_CIRCLE for step in ability.get("do", ()))
               and keyword_valid(state, vc[0], ability, player)
               and condition_holds(state, ability.get("if"), vc[0], player)
               for ability in abilities_of(state, vc[0]))

def condition_holds(state: GameState, cond: dict[str, Any] | None, source: int | None, controller: str,
                    variables: dict[str, Any] | None = None, event: TriggerEvent | None = None) -> bool:
    """Tell whether every clause of a condition mapping holds."""
    if not cond:
        return True
    variables = variables or {}
    hand = len(state.zones[zone_id(controller, "hand")].cards)
    for key, value in cond.items():
        if key == "hand_at_most" and not hand <= int(value):
            return False
        if key == "hand_at_least" and not hand >= int(value):
            return False
        if key == "damage_at_least" and not len(state.zones[zone_id(controller, "damage")].cards) >= int(value):
            return False
        if key == "soul_at_least" and not len(state.zones[zone_id(controller, "soul")].cards) >= int(value):
            return False
        if key == "vanguard_power_at_least":  # Burst (seed 《次元警察》 超爆)
            vanguard = vanguard_of(state, controller)
            if vanguard is None or current_power(state, vanguard) < int(value):
                return False
        if key == "more_rear_guards" and not (
                len(rear_guards_of(state, controller)) > len(rear_guards_of(state, state.opponent(controller)))) == bool(value):
            return False
        if key == "in_state" and (source is None or not has_state(state, source, str(value))):
            return False
        if key == "not_in_state" and source is not None and has_state(state, source, str(value)):
            return False
        if key == "chosen" and not variables.get(str(value)):
            return False
        if key == "in_legion" and (source is not None and legion_mate(state, source) is not None) != bool(value):
            return False
        if key == "success_unit" and not any(current_power(state, u) >= int(value) for u in units_of(state, controller)):
            return False
        if key == "my_turn" and (state.active == controller) != bool(value):
            return False
        if key == "attack_hit":
            battle = state.data.get("battle") or (event or {}).get("battle") or {}
            if bool(battle.get("hit")) != bool(value):
                return False
        if key == "attacked_vanguard":
            battle = state.data.get("battle") or (event or {}).get("battle") or {}
            if bool(battle.get("target_was_vanguard")) != bool(value):
                return False
        if key == "self_attacked":
            battle = state.data.get("battle") or (event or {}).get("battle") or {}
            if (battle.get("attacker") == source) != bool(value):
                return False
        if key == "keyword" and source is not None and not keyword_valid(state, source, {"keyword": value}, controller):
            return False
        if key == "force_markers_at_least" and force_markers(state, controller) < int(value):
            return False
        if key == "on_stellar" and (source is not None and is_stellar_circle(state, state.cards[source].zone)) != bool(value):
            return False
        if key in _PRINTED_TEXT_CONDITIONS and not _PRINTED_TEXT_CONDITIONS[key](state, value, source, controller, event):
            return False
    return True


def _vanguard_named(state: GameState, value: Any, source: Any, me: str, event: Any) -> bool:
    vanguard = vanguard_of(state, me)  # `value`: a name, or a list of names ("if your vanguard is "A" or "B"")
    names = [str(v) for v in value] if isinstance(value, list) else [str(value)]
    return vanguard is not None and state.definition(vanguard).name in names


def _vanguard_name_contains(state: GameState, value: Any, source: Any, me: str, event: Any) -> bool:
    vanguard = vanguard_of(state, me)
    return vanguard is not None and str(value) in state.definition(vanguard).name


def _opponent_vanguard_grade_at_least(state: GameState, value: Any, source: Any, me: str, event: Any) -> bool:
    vanguard = vanguard_of(state, state.opponent(me))
    return vanguard is not None and facts.grade(state.definition(vanguard)) >= int(value)


def _units_at_least(state: GameState, value: Any, source: Any, me: str, event: Any) -> bool:
    grade = value.get("grade")
    units = [u for u in units_of(state, me) if grade is None or facts.grade(state.definition(u)) == int(grade)]
    return len(units) >= int(value["count"])


def _order_cards_at_least(state: GameState, value: Any, source: Any, me: str, event: Any) -> bool:
    cards = [c for zone in value["zones"] for c in state.zones[zone_id(me, str(zone))].cards]
    return sum(1 for c in cards if facts.kind(state.definition(c)) == "order") >= int(value["count"])


def _boosted_vanguard(state: GameState, value: Any, source: Any, me: str, event: Any) -> bool:
    # VG 6.2 boost: "boosts a vanguard" names the unit boosted (the attacker), not the unit it attacks
    boosted = (event or {}).get("other") or _battle_of(state, event).get("attacker")
    return (boosted is not None and boosted == vanguard_of(state, me)) == bool(value)


def _battle_of(state: GameState, event: Any) -> Mapping[str, Any]:
    return state.data.get("battle") or (event or {}).get("battle") or {}


# Conditions that D-series card text states (text_compiler.py reads them), each with the rule it reads:
# went_first: VG 4.3 (who goes first is decided at random; "if you went second" is printed on ride-deck grade 0s);
# vanguard_name / vanguard_name_contains / opponent_vanguard_grade_at_least: VG 9.3 characteristics of the unit
# on VC; units_at_least {count, grade}: your units on VC and RC (VG 3); self_boosted: "during the battle this unit
# boosted" (VG 6.2 boost); boosted_vanguard: "when this unit boosts a vanguard / a rear-guard" (VG 6.2); in_back_row: the printed "(Back Row RC)" zone (VG 3, VG 7.6); persona_rode: VG 5.3
# Persona Ride this turn; played_order: VG 5.4, an order played this turn; opponent_rear_guards_at_most: VG 3.
_PRINTED_TEXT_CONDITIONS = {
    "went_first": lambda state, value, source, me, event: (state.data.get("first_player") == me) == bool(value),
    "vanguard_name": _vanguard_named,
    # VG 9.3 nation/clan of the unit on VC ("if you have a <<Clan>> vanguard", older cards)
    "vanguard_clan": lambda state, value, source, me, event: vanguard_of(state, me) is not None and str(value) in (
        facts.attribute(state.definition(vanguard_of(state, me)), "clan"),
        facts.attribute(state.definition(vanguard_of(state, me)), "nation")),
    "vanguard_name_contains": _vanguard_name_contains,
    "opponent_vanguard_grade_at_least": _opponent_vanguard_grade_at_least,
    "units_at_least": _units_at_least,
    "self_boosted": lambda state, value, source, me, event: (
        source is not None and _battle_of(state, event).get("booster") == source) == bool(value),
    "boosted_vanguard": _boosted_vanguard,
    "in_back_row": lambda state, value, source, me, event: (
        source is not None and is_rear_circle(state.cards[source].zone)
        and not is_front_row(state.cards[source].zone, state.cards[source].controller)) == bool(value),
    "persona_rode": lambda state, value, source, me, event: bool(
        state.data.get("turn_info", {}).get(me, {}).get("persona_rode")) == bool(value),
    "played_order": lambda state, value, source, me, event: bool(
        state.data.get("turn_info", {}).get(me, {}).get("orders_played")) == bool(value),
    "opponent_rear_guards_at_most": lambda state, value, source, me, event: len(
        rear_guards_of(state, state.opponent(me))) <= int(value),
    # VG 9.5 retire: a rear-guard of `value` (you | opponent) was retired this turn; VG 5.4: during the main phase
    "rear_guard_retired_this_turn": lambda state, value, source, me, event: bool(state.data.get("turn_info", {}).get(
        me if value == "you" else state.opponent(me), {}).get("rear_guard_retired")),
    "main_phase": lambda state, value, source, me, event: (state.phase == "main") == bool(value),
    # VG 3 the field: your rear-guards other than this card; the opposing units in this unit's column
    "other_rear_guards_at_least": lambda state, value, source, me, event: sum(
        1 for u in rear_guards_of(state, me) if u != source) >= int(value),
    # VG 3 damage zone: more cards in yours than in your opponent's
    "damage_more_than_opponent": lambda state, value, source, me, event: (len(state.zones[zone_id(me, "damage")].cards)
        > len(state.zones[zone_id(state.opponent(me), "damage")].cards)) == bool(value),
    "no_opposing_unit_in_column": lambda state, value, source, me, event: source is not None and is_circle(
        state.cards[source].zone) and (not column_opponents(state, source)) == bool(value),
    # VG 3 soul: at most `value` cards in your soul
    "soul_at_most": lambda state, value, source, me, event: len(state.zones[zone_id(me, "soul")].cards) <= int(value),
    # VG 3 the field: the opponent's rear-guards on their front-row circles
    "opponent_front_row_rear_guards_at_most": lambda state, value, source, me, event: sum(
        1 for u in rear_guards_of(state, state.opponent(me))
        if is_front_row(state.cards[u].zone, state.opponent(me))) <= int(value),
    # VG 3 drop / bind zones, VG 5.4 orders: order cards in the named zones of yours ({count, zones})
    "order_cards_at_least": _order_cards_at_least,
    # VG 3 the field: an open rear-guard circle holds no card
    "open_circles_at_least": lambda state, value, source, me, event: sum(
        1 for name in REAR_CIRCLES if not state.zones[zone_id(me, name)].cards) >= int(value),
    # VG 3 damage zone, VG 9.5 Counter Blast turns damage face down: at most `value` face-up damage cards
    "face_up_damage_at_most": lambda state, value, source, me, event: sum(
        1 for c in state.zones[zone_id(me, "damage")].cards if not state.cards[c].face_down) <= int(value),
    # VG 6.2 boost: the battle's attack was boosted
    "attack_boosted": lambda state, value, source, me, event: (
        _battle_of(state, event).get("booster") is not None) == bool(value),
    # VG 5.4: the ability's card is still in its controller's zone `value` (an order in the order zone)
    "self_in_zone": lambda state, value, source, me, event: source in state.cards and state.cards[source].zone == zone_id(
        me, str(value)),
    # VG 6.2 attack step: the battle's number this turn ("if it is the third battle of this turn")
    "battle_number": lambda state, value, source, me, event: int(_battle_of(state, event).get("number", 0)) == int(value),
    # VG 9.3 grade of the battle's attacking unit ("during the battle this unit boosted a grade 0")
    "attacker_grade": lambda state, value, source, me, event: _battle_of(state, event).get("attacker") in state.cards
    and current_grade(state, _battle_of(state, event)["attacker"]) == int(value),
    # VG 6 battle phase (VG 5.4: the main phase is `main_phase`)
    "battle_phase": lambda state, value, source, me, event: (state.phase == "battle") == bool(value),
}


# -- triggering ----------------------------------------------------------------------------------

def _matches(state: GameState, iid: int, ability: dict[str, Any], event: TriggerEvent) -> bool:
    when = ability.get("when")
    kind = event["type"]
    subject = event.get("card")
    card = state.cards[iid]
    controller = card.controller
    filt = ability.get("filter") or {}
    if when in _SELF_WHENS:
        if kind != when or subject != iid:
            return False
        if when == "placed" and ability.get("circle"):
            if not _placed_matches(event, str(ability["circle"])):
                return False
        if when == "retired" and filt.get("by_effect") and not event.get("by_effect"):
            return False
        if when == "stood" and filt.get("by_your_effect") and event.get("by") != controller:
            return False
        if when == "enters_state" and filt.get("state") and event.get("state") != filt["state"]:
            return False
        if when == "boosts" and filt.get("boosted_race") and filt["boosted_race"] not in _races(state, event.get("other")):
            return False
        if when == "boosted" and filt.get("booster_race") and filt["booster_race"] not in _races(state, event.get("other")):
            return False
        if when == "rode_upon" and not _rider_matches(state, iid, filt, event.get("other")):
            return False
        if when == "placed" and filt.get("from") and event.get("from") != filt["from"]:
            return False  # "when this unit is placed on (RC) from hand"
        if when in ("placed", "attacks", "boosts", "boosted", "attack_hits", "attacked", "enters_state", "stood",
                    "boosted_attack_hits"):
            return zone_tag_holds(state, iid, ability.get("zone") or _default_zone(event))
        return True
    if not zone_tag_holds(state, iid, ability.get("zone")):
        return False
    if when == "other_placed":
        if kind != "placed" or subject == iid or subject is None or not is_unit(state, iid):
            return False
        if state.cards[subject].controller != controller or not is_circle(event.get("zone", "")):
            return False
        if filt.get("same_column") and not in_same_column(state, iid, subject, controller):
            return False
        if filt.get("same_name") and state.definition(subject).name != state.definition(iid).name:
            return False
        if filt.get("name") and state.definition(subject).name != filt["name"]:
            return False
        if ability.get("circle") and not _placed_matches(event, str(ability["circle"])):
            return False
        return True
    if when == "drive_check_reveals":  # VG 6.4: "when your drive check reveals a grade 3 / a trigger unit"
        if kind != when or event.get("player") != controller or subject not in state.cards:
            return False
        revealed = state.definition(subject)
        if "grade" in filt and facts.grade(revealed) != int(filt["grade"]):
            return False
        return not filt.get("trigger_unit") or facts.trigger(revealed) is not None
    if when in ("vanguard_attacks", "vanguard_attack_hits"):  # "when your vanguard attacks / 's attack hits" (VG 6.2)
        return (kind == when.removeprefix("vanguard_") and subject in state.cards
                and state.cards[subject].controller == controller and state.cards[subject].zone.endswith(".vc"))
    if when == "rear_guard_returned_to_hand":  # "when your rear-guard is returned to your hand" (VG 3, VG 9.5)
        return kind == "returned_to_hand" and event.get("player") == controller and is_rear_circle(
            str(event.get("zone", "")))
    if when == "opponent_rear_guard_retired":  # "when your opponent's rear-guard is retired" (VG 9.5 retire)
        return kind == "retired" and event.get("player") != controller and not event.get("locked")
    if when == "rear_guard_retired":
        if kind != "retired" or subject == iid or event.get("player") != controller or event.get("locked"):
            return False
        return not filt.get("by_effect") or bool(event.get("by_effect"))
    if when == "opponent_bind_to_hand":
        return kind == "bind_to_hand" and event.get("player") != controller
    if when in ("attack_step_start", "battle_start", "ride_phase_start", "end_of_turn", "end_of_battle", "game_start",
                "drive_step_start"):
        if kind != when:
            return False
        return when in ("end_of_battle", "end_of_turn") or event.get("player") == controller
    return False


def _races(state: GameState, iid: Any) -> list[str]:
    """Return a card's races and subtypes (a filter on a race also finds a subtype such as "Wakizashi")."""
    if iid is None or iid not in state.cards:
        return []
    result: list[str] = []
    for name in ("race", "subtype"):
        value = facts.attribute(state.definition(iid), name) or []
        result += [str(value)] if isinstance(value, str) else [str(v) for v in value]
    return result


def _rider_matches(state: GameState, iid: int, filt: dict[str, Any], rider: Any) -> bool:
    """Check a "when ridden upon" filter: the riding card's grade (`rider_grade`) or clan (`rider_same_clan`)."""
    if not filt:
        return True
    if rider is None or rider not in state.cards:
        return False
    d = state.definition(rider)
    if "rider_grade" in filt and facts.grade(d) != int(filt["rider_grade"]):
        return False
    if "rider_name" in filt and d.name != filt["rider_name"]:
        return False
    if filt.get("rider_same_clan") and facts.nation(d) != facts.nation(state.definition(iid)):
        return False
    return True


def _circle_matches(zid: str, spec: str) -> bool:
    name = circle_name(zid) if "." in zid else zid
    spec = spec.lower()
    if spec in ("rc", "r"):
        return name.startswith("rc.")
    if spec in ("vc", "v"):
        return name == "vc"
    if spec == "gc":
        return name == "gc"
    return name == spec or name == f"rc.{spec}"


def _placed_matches(event: TriggerEvent, spec: str) -> bool:
    """Check a "placed on (circle)" ability against a placed event: a unit placed on RC as a vanguard (a
    rear-guard vanguard) was placed on VC, not on RC (seed 《光辉骑士团》 二: its "when placed on VC" triggers)."""
    if event.get("as_vanguard"):
        return spec.lower() in ("vc", "v")
    return _circle_matches(event.get("zone", ""), spec)


def _default_zone(event: TriggerEvent) -> str:
    return "GC" if str(event.get("zone", "")).endswith(".gc") else "VR"


# The `when` names of abilities that only the event's own card can have triggered ("when this unit is placed"):
# `_matches` refuses them on any other card.
_SELF_WHENS = frozenset({
    "placed", "attacks", "boosts", "boosted", "retired", "stood", "put_into_soul", "rode_upon", "attack_hits",
    "hollow_drop", "enters_state", "locked", "attacked", "returned_to_hand", "boosted_attack_hits", "discarded",
    "intercepts"})
# The `when` names an event type can trigger besides its own name.
_EVENT_WHENS: dict[str, tuple[str, ...]] = {
    "placed": ("placed", "other_placed"),
    "retired": ("retired", "rear_guard_retired", "opponent_rear_guard_retired"),
    "attacks": ("attacks", "vanguard_attacks"),
    "attack_hits": ("attack_hits", "vanguard_attack_hits"),
    "bind_to_hand": ("opponent_bind_to_hand",),
    "returned_to_hand": ("returned_to_hand", "rear_guard_returned_to_hand"),
}
_NONE: frozenset[int] = frozenset()
# Per event type with an own-card `when`: the `when` names it can trigger on a card other than its own.
_OTHERS_WHENS: dict[str, tuple[str, ...]] = {
    kind: tuple(when for when in whens if when not in _SELF_WHENS)
    for kind, whens in {**{when: (when,) for when in _SELF_WHENS}, **_EVENT_WHENS}.items()}


def emit(tx: Transaction, event: TriggerEvent) -> None:
    """Put every AUTO ability the event triggers into the stand-by state (seed 一 1.3: only valid ones)."""
    state = tx.state
    plan = _plan_of(state, event["type"])
    if plan is None:
        return
    holders = plan[1]
    # the usual case: the event's card prints no such ability, no card on the field or GC does either (see _trigger)
    if holders is not None and event.get("card") not in holders and (
            not plan[2] or not is_any_on_field(state, plan[2], True)):
        return
    _trigger(tx, event, plan)


def emit_event(tx: Transaction, kind: str, card: int | None = None, player: str | None = None,
               **details: Any) -> None:
    """Emit the event `trigger_event(kind, card, player, **details)` (see `emit`), built only when a card of the
    game may have an ability it triggers now: most events trigger none."""
    state = tx.state
    kept = state.keyed_values.get(_EMIT_PLANS)  # _plan_of, the usual case inlined: a planned kind, no ability gained
    plan = kept[1].get(kind, _UNPLANNED) if kept is not None and kept[0] == state.roster else _UNPLANNED
    if plan is _UNPLANNED or state.data.get("abilities_gained"):
        plan = _plan_of(state, kind)
    if plan is None:
        return
    holders = plan[1]
    # the usual case: the event's card prints no such ability, no card on the field or GC does either (see _trigger)
    if holders is not None and card not in holders and (not plan[2] or not is_any_on_field(state, plan[2], True)):
        return
    _trigger(tx, trigger_event(kind, card, player, **details), plan)


def _plan_of(state: GameState, kind: str) -> tuple[tuple[str, ...], frozenset[int] | None, frozenset[int]] | None:
    """Return the plan of an event type (see `_emit_plan`; None: it triggers nothing); with abilities gained by an
    effect, every card on the field or GC is a candidate."""
    if state.data.get("abilities_gained"):
        return _EVENT_WHENS.get(kind) or (kind,), None, _NONE
    kept = state.keyed_values.get(_EMIT_PLANS)  # memo_keyed, the usual case inlined
    plans = kept[1] if kept is not None and kept[0] == state.roster else _emit_plans(state)
    plan = plans.get(kind, _UNPLANNED)
    if plan is _UNPLANNED:
        plan = plans[kind] = _emit_plan(state, kind)
    return plan  # type: ignore[no-any-return]


def _trigger(tx: Transaction, event: TriggerEvent,
             plan: tuple[tuple[str, ...], frozenset[int] | None, frozenset[int]]) -> None:
    """Put every AUTO ability of the candidates of an event's plan that the event triggers into the stand-by state.

    The caller has seen that a candidate may be there: the event's card is one of the plan's holders, or one of
    its `others` is on the field or GC (or the plan names no holders).
    """
    state = tx.state
    subject = event.get("card")
    whens, holders, others = plan
    if holders is not None:
        # Only a card printing such an ability can have one now (a locked or deleted card has fewer); a card
        # other than the event's can have one only if it waits for another card's event (`_SELF_WHENS`).
        own = subject if subject in holders else None  # only a card printing such an ability is a candidate
        field = field_cards(state)
        guard_circles = player_zones(state, "gc")
        guarding = [iid for player in state.players for iid in guard_circles[player].cards
                    if iid in others or iid == own]
        candidates = [iid for iid in field if iid in others or iid == own] + guarding
        if own is not None and own not in candidates:
            candidates.append(own)
    else:
        candidates = list(field_cards(state))
        for player in state.players:
            candidates += state.zones[zone_id(player, "gc")].cards
        if subject is not None and subject in state.cards and subject not in candidates:
            candidates.append(subject)
    printed_index = ability_index(state)
    locked_retire = event["type"] == "retired" and event.get("locked")
    cards = state.cards
    for iid in candidates:
        if locked_retire and iid == subject:
            continue  # seed 《链环傀儡》: a locked card's retirement triggers nothing
        card = cards[iid]
        entry = printed_index[card.card_id]
        if entry.gains or not ABILITY_CHANGES.isdisjoint(card.props):  # abilities_changed, inlined
            found = _auto_candidates(state, iid, whens)
        else:  # the usual case, inlined: the definition's abilities indexed by event
            by_when = entry.by_when
            if not by_when:
                continue
            found = [item for when in whens for item in by_when.get(when, ())]
        for index, ability in found:
            if not _matches(state, iid, ability, event):
                continue
            controller = state.cards[iid].controller
            if not keyword_valid(state, iid, ability, controller):
                continue  # seed 一 1.3: not valid at the trigger event -> never stand-by
            if not condition_holds(state, ability.get("trigger_if"), iid, controller, event=event):
                continue
            if ability.get("once_per_turn"):
                if _used(state, iid, index):
                    continue
                tx.set_data("used_this_turn", list(state.data.get("used_this_turn") or []) + [f"{iid}:{index}"])
            add_pending(tx, controller, iid, ability, event)


# keyed_values[_EMIT_PLANS]: (state.roster, {event type: its plan, see _emit_plan}), filled as event types come.
_EMIT_PLANS = "vanguard.emit_plans"
_UNPLANNED: Any = object()


def _emit_plans(state: GameState) -> dict[str, tuple[tuple[str, ...], frozenset[int] | None, frozenset[int]] | None]:
    """Return a new, empty table of event plans for the game's cards (`state.roster`), kept in the state."""
    plans: dict[str, tuple[tuple[str, ...], frozenset[int] | None, frozenset[int]] | None] = {}
    state.keyed_values[_EMIT_PLANS] = (state.roster, plans)
    return plans


def _emit_plan(state: GameState, kind: str) -> tuple[tuple[str, ...], frozenset[int] | None, frozenset[int]] | None:
    """Return what `emit` reads of an event type while no effect gave abilities: None when no card of the game
    can have an ability it triggers; else the `when` names it triggers, the game's cards printing an ability for
    one of them (None when a card gaining other cards' abilities makes every card on the field a candidate),
    and those printing one waiting for another card's event.

    Contract: it depends on the library and the game's cards alone (`state.roster`), as `holder_cards` does.
    """
    whens = _EVENT_WHENS.get(kind) or (kind,)
    index = ability_index(state)
    if index.whens.isdisjoint(whens):
        return None
    if index.gains:
        return whens, None, _NONE
    holders = holder_cards(state, whens)
    if not holders:
        return None  # no card of this game prints such an ability (the event's card neither)
    others_whens = _OTHERS_WHENS.get(kind, whens)
    others = (holders if others_whens is whens else holder_cards(state, others_whens)) if others_whens else _NONE
    return whens, holders, others


def holder_cards(state: GameState, whens: tuple[str, ...]) -> frozenset[int]:
    """Return the game's card instances whose definition prints an AUTO ability waiting for one of `whens`.

    A card's definition never changes: kept while no card is created or uncreated (`state.roster`), undo or not.
    """
    key = ("vanguard.holders", whens)
    found = state.keyed_values.get(key)  # memo_keyed, the usual case inlined
    if found is not None and found[0] == state.roster:
        return found[1]  # type: ignore[no-any-return]
    return state.memo_keyed(key, state.roster, lambda: _holder_cards(state, whens))


def _holder_cards(state: GameState, whens: tuple[str, ...]) -> frozenset[int]:
    index = ability_index(state)
    if whens is STATE_TRIGGER_HOLDERS:
        printed = index.state_trigger_or_gain_holders
    elif whens is CONT_HOLDERS:
        printed = index.cont_holders
    elif whens is ACT_HOLDERS:
        printed = index.act_holders
    else:
        printed = index.holders(whens)
    by_card_id = _instances_by_card_id(state)
    return frozenset(chain.from_iterable(iids for card_id, iids in by_card_id.items() if card_id in printed))


def _instances_by_card_id(state: GameState) -> dict[str, tuple[int, ...]]:
    """Return the game's card instances grouped by definition (kept while no card is created or uncreated): a
    game holds a few dozen definitions, so `_holder_cards` looks at each once rather than at every card."""
    def group() -> dict[str, tuple[int, ...]]:
        grouped: dict[str, list[int]] = {}
        for iid, card in state.cards.items():
            grouped.setdefault(card.card_id, []).append(iid)
        return {card_id: tuple(iids) for card_id, iids in grouped.items()}
    return state.memo_keyed("vanguard.by_card_id", state.roster, group)


# holder_cards' name for the cards printing a state-triggered ability or a CONT gaining other cards' abilities
STATE_TRIGGER_HOLDERS = ("state:",)
# holder_cards' name for the cards printing a CONT ability
CONT_HOLDERS = ("cont:",)
# holder_cards' name for the cards printing an [ACT] ability or a CONT gaining other cards' abilities
ACT_HOLDERS = ("act:",)


def _used(state: GameState, iid: int, index: int) -> bool:
    return f"{iid}:{index}" in state.data.get("used_this_turn", [])


def add_pending(tx: Transaction, player: str, source: int | None, ability: dict[str, Any],
                event: TriggerEvent | None = None, timed: bool = False) -> None:
    """Put an ability (or a timed effect) into the stand-by state; its player plays it at the next check timing."""
    # The ability comes from card data or is built fresh, and is never mutated: shared, not copied.
    triggers.queue(tx, player, {"source": source, "ability": ability, "event": _plain_event(event or {}),
                                "timed": timed}, copy=False)


def _plain_event(event: TriggerEvent) -> dict[str, Any]:
    return {k: v for k, v in event.items() if isinstance(v, (str, int, bool, type(None), list, dict))}


def state_trigger_holders(state: GameState, index: AbilityIndex | None = None,
                          printing: frozenset[int] | None = None) -> list[int]:
    """Return the turn player's units that may have a state-triggered ability now, in field order (`index`: the
    library's, `printing`: `holder_cards(state, STATE_TRIGGER_HOLDERS)`, when the caller has them).

    Contract: it reads the board, the library, the turn player and `abilities_gained` alone; with none found,
    `state_triggers` triggers nothing and reads nothing else.
    """
    if index is None:
        index = ability_index(state)
    # Without abilities gained by an effect, a card has at most its printed ones (locked, deleted: fewer) and
    # those its own CONT gains.
    gained = state.data.get("abilities_gained")
    if not index.state_triggers and not gained and not index.gains:
        return []
    cards = state.cards
    active = state.active
    if gained:
        return [iid for iid in field_cards(state, active) if index[cards[iid].card_id].has_state_trigger
                or index[cards[iid].card_id].gains or abilities_changed(cards[iid].props)]
    # the cards printing a state trigger or a CONT gaining abilities, the turn player's, in field order
    if printing is None:
        printing = holder_cards(state, STATE_TRIGGER_HOLDERS)
    if not printing:
        return []
    field = field_cards(state)  # kept per board version: most check timings of a board version ask again
    if printing.isdisjoint(field):
        return []
    return [iid for iid in field if iid in printing and cards[iid].controller == active]


def state_triggers(tx: Transaction) -> None:
    """Trigger state-triggered abilities whose state holds (Success, seed 《大自然》: during your turn only)."""
    state = tx.state
    holders = state_trigger_holders(state)
    for iid in holders:
        pending_sources = {(p["source"], p["ability"].get("keyword_ability")) for p in state.lists.get(PENDING, ())}
        for _, ability in _auto_candidates(state, iid, ("state:success",)):
            if has_state(state, iid, "success"):
                continue
            if (iid, "success") in pending_sources or not zone_tag_holds(state, iid, ability.get("zone")):
                continue
            if condition_holds(state, ability.get("if"), iid, state.active):
                add_pending(tx, state.active, iid, ability, trigger_event("state"))


# -- continuous abilities ------------------------------------------------------------------------

# The values a CONT ability can raise.
CONT_STATS = frozenset({"power", "critical", "shield"})


def continuous_bonuses(state: GameState, iid: int, stat: str) -> list[tuple[int, str]]:
    """Return the (amount, reason) bonuses CONT abilities on the field (and GC) give a unit's `stat`."""
    key = f"vanguard.cont_grants{reading_key(state)}" if state.reading.get(READING) else "vanguard.cont_grants"
    values = state.memo_values  # state.memo, inlined
    grants = values.get(key)
    if grants is None:
        sources = _cont_sources(state)
        grants = values[key] = _cont_grants(state, sources) if sources else []
    if not grants:
        return []
    target_card = state.cards[iid]
    zone, owner = target_card.zone, target_card.controller
    return [(amount, why) for grant_stat, scope, source, controller, amount, why in grants
            if grant_stat == stat and _cont_applies(state, scope, source, iid, zone, owner, controller)]


# A CONT bonus as `_cont_grants` finds it: (stat, target scope, source, its controller, amount, why).
Grant = tuple[str, str, int, str, int, str]
# A source of `_cont_sources`: the card and its printed bonus abilities (PrintedAbilities.bonuses), or None when an
# effect changed its abilities or its CONT gains other cards' (then `abilities_of` is read).
_Source = tuple[int, "tuple[tuple[dict[str, Any], tuple[dict[str, Any], ...]], ...] | None"]
_NO_SOURCES: tuple[_Source, ...] = ()


def _cont_sources(state: GameState) -> tuple[_Source, ...]:
    """Return the cards on the field or GC that may have a CONT ability raising a stat, in field order (guardians
    last), each with its printed bonus abilities (None: read `abilities_of`); kept per board version.

    Contract: it reads the board, the library and `abilities_gained` alone. Without abilities gained by an effect a
    card has at most its printed abilities (deleted or locked: fewer) and those its own CONT gains, so only the
    game's cards printing a CONT are looked at.
    """
    gained = bool(state.data.get("abilities_gained"))
    key = "vanguard.cont_sources.gained" if gained else "vanguard.cont_sources"
    board = state.board_memo_values
    found = board.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    holders = None if gained else holder_cards(state, CONT_HOLDERS)
    if holders is not None and not holders:
        board[key] = _NO_SOURCES  # no card of the game prints a CONT
        return _NO_SOURCES
    cards = state.cards
    index = ability_index(state)
    guard_circles = player_zones(state, "gc")
    units = chain(field_cards(state), *(guard_circles[player].cards for player in state.players))
    sources: list[_Source] = []
    for i in units:
        if holders is not None and i not in holders:
            continue
        card = cards[i]
        printed = index[card.card_id]
        if gained or printed.gains or not ABILITY_CHANGES.isdisjoint(card.props):
            if printed.has_cont or printed.gains or abilities_changed(card.props):
                sources.append((i, None))
        elif printed.bonuses:
            sources.append((i, printed.bonuses))
    found = board[key] = tuple(sources)
    return found


def _cont_grants(state: GameState, sources: tuple[_Source, ...]) -> list[Grant]:
    """Return every bonus the valid CONT abilities of `sources` give now: (stat, target scope, source, its
    controller, amount, why).

    Each ability's condition is read once, with its own bonus left out (see table.READING); which units a
    bonus reaches is left to `_cont_applies`.
    """
    grants: list[Grant] = []
    if not sources:
        return grants
    reading = state.reading.setdefault(READING, set())
    cards = state.cards
    for source, bonuses in sources:
        if source in reading:
            continue
        if bonuses is None:
            bonuses = tuple((ability, steps) for ability in abilities_of(state, source)
                            if ability.get("kind") == "cont"
                            for steps in (tuple(step for step in ability.get("do", ())
                                                if step.get("effect") in CONT_STATS),) if steps)
        controller = cards[source].controller
        for ability, steps in bonuses:
            if not zone_tag_holds(state, source, ability.get("zone")):
                continue
            reading.add(source)
            try:
                valid = keyword_valid(state, source, ability, controller) and condition_holds(
                    state, ability.get("if"), source, controller)
            finally:
                reading.discard(source)
            if valid:
                why = f"{state.definition(source).name} ({ability.get('keyword') or 'CONT'})"
                grants += [(step["effect"], step.get("target", "self"), source, controller,
                            int(step.get("amount", 0)), why) for step in steps]
    return grants


def _cont_applies(state: GameState, scope: str, source: int, iid: int, zone: str, owner: str, controller: str) -> bool:
    """Tell whether a CONT step's target (self, your_units, your_front_row) covers the unit."""
    if scope == "self":
        return source == iid
    if scope == "your_units":
        return owner == controller
    if scope == "your_front_row":
        return owner == controller and is_front_row(zone, controller)
    return False
