"""Compile FFTCG printed card text into the FFTCG effect vocabulary (issue 21): templates, not guesses.

Each printed ability (card_text.ability_texts) is read by the ability templates below — keywords on a line,
"Damage N —" and EX BURST prefixes, auto abilities ("When <self> enters the field, …", FFTCG 11.8), action and
special abilities ("Cost: effect", FFTCG 11.6–11.7), field abilities ("<self> gains +1000 power", FFTCG 11.12) and
a Summon's effect — whose effect text is a sequence of clause templates (clauses.py). An ability compiles only
when every sentence of it is read; otherwise its printed text goes to `by_hand` and the first sentence no template
read to `unknown_clauses`.
"""
from __future__ import annotations

import itertools
import json
import re
from typing import Any

from tabletop.engine.cards import CardDefinition
from tabletop.engine.text_compilation import CompiledText
from tabletop.games.fftcg import clauses
from tabletop.games.fftcg.card_text import ability_texts, normalised_clause, with_name_marked
from tabletop.games.fftcg.cards import ELEMENTS
from tabletop.games.fftcg.effects import MOMENT_KEYS, counts_printed_facts

# Stored with each card compiled at import (carddb): a card compiled by an older version is compiled again.
# Contract: change it whenever a template is added or changed, or cards in databases keep the older reading.
COMPILER_VERSION = "fftcg-80"

Ability = dict[str, Any]


class Unread(Exception):
    """A clause no template reads; its normalised text says which."""

    def __init__(self, clause: str) -> None:
        super().__init__(clause)
        self.clause = clause


def compile_card(card: CardDefinition) -> CompiledText:
    """Return what `card`'s printed text compiles to: keywords, effects, and the abilities left by hand."""
    keywords: dict[str, Any] = {}
    effects: list[Ability] = []
    by_hand: list[str] = []
    unknown: list[str] = []
    summon = card.card_type == "summon"
    cast_limit: str | None = None
    for printed in ability_texts(card.text):
        marked = with_name_marked(printed, card.name)
        if summon and _CAST_LIMIT.match(marked):
            cast_limit = printed
            continue
        try:
            found = _keyword_line(marked)
            if found is not None:
                keywords.update(found)
                continue
            effects += _targets_and_choices_checked(_ability(marked, summon), summon, marked)
        except Unread as unread:
            by_hand.append(printed)
            unknown.append(normalised_clause(unread.clause))
    if cast_limit is not None:  # a limit of the Summon's effect: read only with that effect compiled
        resolving = [i for i, a in enumerate(effects) if "trigger" not in a and a.get("kind") in (None, "resolve")]
        if len(resolving) == 1:
            effects[resolving[0]] = {**effects[resolving[0]], "only": ["your_turn"]}
        else:
            by_hand.append(cast_limit)
            unknown.append(normalised_clause(with_name_marked(cast_limit, card.name)))
    return CompiledText(keywords=keywords, effects=tuple(effects), by_hand=tuple(by_hand),
                        unknown_clauses=tuple(unknown), compiler=COMPILER_VERSION)


# "You can only cast <self> during your turn." on a Summon's own line (the `only` of its effect)
_CAST_LIMIT = re.compile(r"^You can only cast <self> during your turn\.?$")
_KEYWORD_LINE = re.compile(r"^(?:(?:Haste|Brave|First Strike|Back Attack)[ ,.]*)+$")


def _keyword_line(text: str) -> dict[str, Any] | None:
    """Read a line of keyword abilities ("Haste", "Brave First Strike"; FFTCG 17)."""
    if not _KEYWORD_LINE.match(text):
        return None
    lowered = text.lower()
    return {name: True for word, name in clauses.KEYWORD_NAMES.items() if word in lowered}


_EX_BURST = re.compile(r"^EX BURST\s*")
_DAMAGE = re.compile(r"^Damage (\d+)\s*(?:—|--|-)\s*")
_EVENTS = {"enters the field": "enters_field", "enters your field": "enters_field", "attacks": "attacks", "blocks": "blocks",
           "forms a party and attacks": "party_attacks", "is blocked": "blocked", "is dealt damage": "dealt_damage",
           "is chosen by a Summon or an ability": "chosen", "is chosen by Summons or abilities": "chosen",
           "is chosen by your opponent's Summons or abilities": "chosen_by_opponent",
           "is chosen by your opponent's Summon or ability": "chosen_by_opponent",
           "is chosen by a Summon or an ability of your opponent": "chosen_by_opponent",
           "is chosen by your opponent's ability": "chosen_by_opponent_ability",
           "is put from the field into the Break Zone": "put_into_break_zone", "leaves the field": "leaves_field",
           "is broken": "broken", "deals damage to your opponent": "deals_damage_to_player",
           "is returned from the field to its owner's hand": "returned_to_hand"}
_EVENT = "|".join(re.escape(event) for event in _EVENTS)
_EVENT_OR = re.compile(rf" or (?=(?:{_EVENT})$)")  # between two events (an event may hold " or ")
# "When <self> enters the field or attacks, …": one auto ability per event (FFTCG 11.8.1).
_TRIGGER = re.compile(rf"^When (?P<subject>.+?) (?P<event>(?:{_EVENT})(?: or (?:{_EVENT}))?), (?P<rest>.+)$", re.S)
_DECLARED = re.compile(r"^When (1 or more Forwards you control attack|a party you control attacks|a party you control deals "
                       r"damage to your opponent), (.+)$", re.S)
_CAST = re.compile(r"^When (?P<who>you cast|your opponent casts) a Summon, (?P<rest>.+)$", re.S)
# "At the beginning of your Attack Phase, …": the phase's beginning (FFTCG 9) and whose turn it is in; FFTCG 9.5 (digest
# 8.5a): "at the end of the turn" abilities trigger with "at the beginning of the End Phase"
_PHASES = {
    "the beginning of the Attack Phase during each of your turns": ("attack_phase_start", "you"),
    "the beginning of your Attack Phase": ("attack_phase_start", "you"),
    "the beginning of your opponent's Attack Phase": ("attack_phase_start", "opponent"),
    "the beginning of the Attack Phase during each player's turn": ("attack_phase_start", "any"),
    "the beginning of the End Phase during each of your turns": ("end_phase_start", "you"),
    "the beginning of your Main Phase 1": ("main_phase_start", "you"),
    "the beginning of the Main Phase 1 during each of your turns": ("main_phase_start", "you"),
    "the beginning of Main Phase 1 during each of your turns": ("main_phase_start", "you"),
    "the beginning of your opponent's Main Phase 1": ("main_phase_start", "opponent"),
    "the end of each of your turns": ("end_phase_start", "you"),
    "the end of your turn": ("end_phase_start", "you"),
    "the end of each of your opponent's turns": ("end_phase_start", "opponent"),
    "the end of your opponent's turn": ("end_phase_start", "opponent"),
    "the end of each player's turn": ("end_phase_start", "any"),
}
_PHASE = re.compile(rf"^At (?P<phase>{'|'.join(re.escape(phase) for phase in _PHASES)}), (?P<rest>.+)$", re.S)
# "Cost: Effect" (the cost read by clauses.cost); a special ability's name stands before its [Special] symbol.
_ACTION = re.compile(r"^(?!When |If |At )(?:(?P<name>[^\[:\"]+?) (?=\[Special\]))?(?P<cost>[^:\"]+):\s+(?P<rest>.+)$",
                     re.S)
def _control(at: str, count: int, phrase: str, key: str = "control") -> dict[str, Any] | None:
    """Read "2 or more Job Knight Forwards" (after "if you control") into a `control` condition of printed facts."""
    found = clauses.card_phrase(phrase)
    if found is None or not set(found) <= {"type", "element", "job", "name", "category", "cost_at_most",
                                           "cost_at_least", "any_of", "none_of", "not_self", "dull"}:
        return None
    if "dull" in found and key not in ("control", "opponent_control"):  # the field's cards only are dull or active
        return None
    return {key: {**found, at: count}}


def _both_sides(found: dict[str, Any] | None) -> dict[str, Any] | None:
    """Make a `control` condition one on both players' cards ("if neither player controls Forwards")."""
    return None if found is None else {"control": found["control"], "opponent_control": dict(found["control"])}


def _each_controlled(first: str, second: str) -> dict[str, Any] | None:
    """Read "if you control Card Name X and Card Name Y": a condition that each is controlled (control_each)."""
    found = [_control("at_least", 1, phrase) for phrase in (first, second)]
    return None if None in found else {"control_each": [one["control"] for one in found if one is not None]}


def _all_of_element(kind: str, element: str) -> dict[str, Any] | None:
    """Read "if all the Backups you control have Earth Element": none of them lacks it (none controlled: it holds)."""
    if element.lower() not in ELEMENTS:
        return None
    return {"control": {"type": kind.lower().rstrip("s"), "none_of": [{"element": element.lower()}], "at_most": 0}}


def _exactly(found: dict[str, Any] | None, count: int, key: str = "control") -> dict[str, Any] | None:
    """Make a counting condition of at most N ("if you control only 1 Forward") one of exactly N."""
    return None if found is None else {key: {**found[key], "at_least": count}}


_CONDITIONS: tuple[tuple[re.Pattern[str], Any], ...] = (
    # -- comparisons between the players: before the counts of cards --
    (re.compile(r"^if your opponent controls (\d+) or more Forwards more than you, ", re.I),
     lambda m: {"opponent_forwards_ahead": int(m.group(1))}),
    # (s6) "greater than": 1 or more Forwards more
    (re.compile(r"^if the number of Forwards your opponent controls is greater than the number of Forwards you control, ",
                re.I), lambda m: {"opponent_forwards_ahead": 1}),
    (re.compile(r"^if you have at least (\d+) points of damage more than your opponent, ", re.I),
     lambda m: {"damage_ahead": int(m.group(1))}),
    (re.compile(r"^if you have received more points of damage than your opponent, ", re.I),  # (s6) 1 or more more
     lambda m: {"damage_ahead": 1}),
    # -- the Elements among the Characters you control (printed Elements): before the counts of cards --
    (re.compile(r"^if you control (\d+) or more Backups and if the Backups you control are all of different "
                r"Elements, ", re.I),
     lambda m: {"backups_at_least": int(m.group(1)), "elements_differ": {"type": "backup"}}),
    (re.compile(r"^if there are (\d+) or more different Elements among (?:the )?([^,]+?) you control, ", re.I),
     lambda m: _control("at_least", int(m.group(1)), m.group(2), "elements_among")),
    (re.compile(r"^if there are exactly (\d+) different Elements among (?:the )?([^,]+?) you control, ", re.I),
     lambda m: _exactly(_control("at_most", int(m.group(1)), m.group(2), "elements_among"), int(m.group(1)),
                        "elements_among")),
    # -- both players, or two cards at once: before the counts of one player's cards --
    (re.compile(r"^if (?:each player has no cards in their hands|both you and your opponent have no cards in "
                r"(?:hand|your hands)), ", re.I), lambda m: {"hand_at_most": 0, "opponent_hand_at_most": 0}),
    (re.compile(r"^if each player has received (\d+) points of damage or more, ", re.I),
     lambda m: {"damage_at_least": int(m.group(1)), "opponent_damage_at_least": int(m.group(1))}),
    (re.compile(r"^if neither player controls ([^,]+), ", re.I),
     lambda m: _both_sides(_control("at_most", 0, m.group(1)))),
    (re.compile(r"^if you control (?:an? )?((?:Card Name|Job) [^,]+?) and (?:an? )?((?:Card Name|Job) [^,]+?), ", re.I),
     lambda m: _each_controlled(m.group(1), m.group(2))),
    (re.compile(r"^if all the (Forwards|Backups|Characters) you control have (\w+) Element, ", re.I),
     lambda m: _all_of_element(m.group(1), m.group(2))),
    (re.compile(r"^if your opponent controls any ([^,]+), ", re.I),
     lambda m: _control("at_least", 1, m.group(1), "opponent_control")),
    (re.compile(r"^if you control (\d+) Forwards or more, ", re.I), lambda m: {"forwards_at_least": int(m.group(1))}),
    (re.compile(r"^if you control (\d+) or more different Element Backups, ", re.I),
     lambda m: {"elements_among": {"type": "backup", "at_least": int(m.group(1))}}),
    (re.compile(r"^during your turn, ", re.I), lambda m: {"your_turn": 1}),
    (re.compile(r"^if you control (\d+) or more Backups, ", re.I), lambda m: {"backups_at_least": int(m.group(1))}),
    (re.compile(r"^if you control (\d+) or more Forwards, ", re.I), lambda m: {"forwards_at_least": int(m.group(1))}),
    (re.compile(r"^if you have received (\d+) (?:or more points of damage|points of damage or more), ", re.I),
     lambda m: {"damage_at_least": int(m.group(1))}),
    (re.compile(r"^if you have (\d+) or less cards in your hand, ", re.I), lambda m: {"hand_at_most": int(m.group(1))}),
    (re.compile(r"^if you have (\d+) cards? or less in your hand, ", re.I), lambda m: {"hand_at_most": int(m.group(1))}),
    (re.compile(r"^if you have (\d+) or more cards in your hand, ", re.I), lambda m: {"hand_at_least": int(m.group(1))}),
    (re.compile(r"^if you have no cards in your hand, ", re.I), lambda m: {"hand_at_most": 0}),
    (re.compile(r"^if you (?:don't|do not) control any ([^,]+), ", re.I), lambda m: _control("at_most", 0, m.group(1))),
    (re.compile(r"^if your opponent (?:doesn't|does not) control any ([^,]+), ", re.I),  # (s6)
     lambda m: _control("at_most", 0, m.group(1), "opponent_control")),
    (re.compile(r"^if you control only (\d+) ([^,]+), ", re.I),
     lambda m: _exactly(_control("at_most", int(m.group(1)), m.group(2)), int(m.group(1)))),
    (re.compile(r"^if your opponent has (\d+) cards? or less in (?:their|his/her) hand, ", re.I),
     lambda m: {"opponent_hand_at_most": int(m.group(1))}),
    (re.compile(r"^if your opponent has no cards in (?:their|his/her) hand, ", re.I),
     lambda m: {"opponent_hand_at_most": 0}),
    (re.compile(r"^if your opponent has received (\d+) (?:or more points of damage|points of damage or more), ", re.I),
     lambda m: {"opponent_damage_at_least": int(m.group(1))}),
    (re.compile(r"^if your opponent controls any ([^,]+), ", re.I),  # (s6)
     lambda m: _control("at_least", 1, m.group(1), "opponent_control")),
    (re.compile(r"^if your opponent controls (\d+) or more ([^,]+), ", re.I),
     lambda m: _control("at_least", int(m.group(1)), m.group(2), "opponent_control")),
    (re.compile(r"^if you control (\d+) or more ([^,]+), ", re.I), lambda m: _control("at_least", int(m.group(1)), m.group(2))),
    (re.compile(r"^if you control (\d+) or less ([^,]+), ", re.I), lambda m: _control("at_most", int(m.group(1)), m.group(2))),
    (re.compile(r"^if you control an? ([^,]+), ", re.I), lambda m: _control("at_least", 1, m.group(1))),
    (re.compile(r"^if you control ((?:Card Name|Job) [^,]+), ", re.I), lambda m: _control("at_least", 1, m.group(1))),
    # -- counts of the Break Zone (break_zone: printed facts of the cards in the player's own Break Zone) --
    (re.compile(r"^if (?:you have|there are) (\d+) or more ([^,]+?) in your Break Zone, ", re.I),
     lambda m: _control("at_least", int(m.group(1)), m.group(2), "break_zone")),
    (re.compile(r"^if (?:you have|there is) an? ((?:Card Name |Job )?[^,]+?) in your Break Zone, ", re.I),
     lambda m: _control("at_least", 1, m.group(1), "break_zone")),
    # -- what happened this turn (turn_history) --
    (re.compile(r"^if the cost to (?:cast|play) <self> was paid with CP of (\d+) or (more|less) different Elements, ",
                re.I), lambda m: {"paid_elements": {"at_least" if m.group(2) == "more" else "at_most": int(m.group(1))}}),
    (re.compile(r"^if the cost to (?:cast|play) <self> was paid with CP of exactly (\d+) different Elements, ", re.I),
     lambda m: {"paid_elements": {"at_least": int(m.group(1)), "at_most": int(m.group(1))}}),
    (re.compile(rf"^if the cost paid to (?:cast|play) <self> included ({clauses.ELEMENT_WORDS}) CP, ", re.I),  # (C)
     lambda m: {"paid_elements": {"includes": m.group(1).lower()}}),
    (re.compile(rf"^if the cost to (?:cast|play) <self> was only paid with ({clauses.ELEMENT_WORDS}) CP, ", re.I),
     lambda m: {"paid_elements": {"only": m.group(1).lower()}}),
    (re.compile(r"^if you have cast (\d+) or more cards this turn, ", re.I),
     lambda m: {"cast_this_turn": {"at_least": int(m.group(1))}}),
    (re.compile(r"^if you have cast an? ([^,]+?) this turn, ", re.I),
     lambda m: _control("at_least", 1, m.group(1), "cast_this_turn")),
    (re.compile(r"^if an? ([^,]+?) has entered your field this turn, ", re.I),
     lambda m: _control("at_least", 1, m.group(1), "entered_this_turn")),
    (re.compile(r"^if you have received (?:a point of )?damage this turn, ", re.I), lambda m: {"damaged_this_turn": 1}),
    (re.compile(r"^if your opponent has discarded a card from (?:their|his/her) hand due to your Summons or abilities "
                r"this turn, ", re.I), lambda m: {"made_discard_this_turn": 1}),
)


_SELF_OR_ANOTHER = re.compile(r"^<self> or (an? .+)$")


def _ability(text: str, summon: bool) -> list[Ability]:
    """Read one printed ability into one or more abilities of the vocabulary (Unread when a clause is not read)."""
    head: Ability = {}
    # "EX BURST Damage 3 -- …" or (C) "Damage 3 -- EX BURST …": the same ability (_EX_BURST and _DAMAGE open so)
    for _ in range(2) if text.startswith(("EX BURST", "Damage ")) else ():
        ex_burst = _EX_BURST.match(text)
        if ex_burst is not None and "ex_burst" not in head:
            text = text[ex_burst.end():]
            # a Summon's EX Burst is the card's icon (its `ex_burst` flag), not a key of its effect
            head["ex_burst"] = not summon
        damage = _DAMAGE.match(text)
        if damage is not None and "damage" not in head:
            head["damage"] = int(damage.group(1))
            text = text[damage.end():]
    if head.get("ex_burst") is False:
        del head["ex_burst"]
    text = _OR_WHEN_SELF.sub(r"\1 or ", text)  # "When <self> enters the field or when <self> is put …": one subject
    text = text.replace(" enters the Field", " enters the field")  # (C) a capital printed on some cards
    if text.startswith(_TRIGGER_OPENINGS):
        triggered = _triggered(head, text)
        if triggered is not None:
            return triggered
    phase = _PHASE.match(text)
    if phase is not None:  # a phase of the controller's turn by default (actions._event_matches)
        event, whose = _PHASES[phase.group("phase")]
        return _auto({**head, "of": {"controller": whose}} if whose != "you" else head, "<self>", (event,),
                     phase.group("rest"))
    action = _ACTION.match(text)
    if action is not None and not summon:
        return [_action(head, action.group("name") or "", action.group("cost"), action.group("rest"))]
    if _BACKUP_CP_ONLY.match(text):  # read while in the hand, where the card is paid for
        return [{"kind": "field", **head, "effect": "backup_cp_only", "applies_to": "self"}]
    many = _LIGHT_DARK_MANY.match(text)
    if many is not None and not head:  # (s6) FFTCG 12.4.7 widened (light_dark.py)
        return [{"kind": "field", "effect": "light_dark_many", "element": many.group(1).lower(), "applies_to": "self"}]
    if _LIGHT_DARK_IGNORED.match(text) and not head:  # (s6) read in the hand, where the card is played from
        return [{"kind": "field", "effect": "light_dark_ignored", "applies_to": "self"}]
    if summon and any(form.match(_condition(text)[0].rstrip(".")) for form in (_OWN_COST, _OWN_COST_EACH,
                                                                              _ANY_ELEMENT_COST)):
        # read while in the hand (FFTCG 11.12.4.4)
        return _field(head, text)
    if summon:
        return [{**head, **_effect(text, optional_allowed=False)}]
    return _field(head, text)


# every pattern _triggered reads opens so (case-sensitive): any other ability skips them all (speed)
_TRIGGER_OPENINGS = ("When ", "During each turn, when ")


def _triggered(head: Ability, text: str) -> list[Ability] | None:
    """Read an auto ability opening "When …" into one ability per event (None when no trigger template reads it)."""
    declared = _DECLARED.match(text)
    if declared is not None:  # once per attack declared by the controller (FFTCG 10.1.2, a Party 15.1.1.9)
        event = "attack_declared" if declared.group(1).startswith("1 or more") else "party_dealt_damage" if (
            declared.group(1).endswith("opponent")) else "party_attack_declared"
        return _auto({**head, "of": {"type": "forward", "controller": "you"}}, "<self>", (event,), declared.group(2),
                     it_is_self=False)
    received = _RECEIVES_A_POINT.match(text)
    if received is not None:  # FFTCG 6.5: damage processing, one point at a time
        whose = {"you receive": "you", "your opponent receives": "opponent", "either player receives": "any"}[
            received.group(1)]
        return _auto({**head, "of": {"controller": whose}} if whose != "you" else head, "<self>", ("damage_received",),
                     received.group(2), it_is_self=False)
    cast_of = _CAST_KIND.match(text)
    if cast_of is not None:  # "When you cast an Earth Summon": the Summon cast is what triggers it (FFTCG 11.8)
        kind = clauses.card_phrase(cast_of.group(1))
        if kind is not None and kind.get("type") == "summon" and not set(kind) - {"type", "element", "cost_at_most",
                                                                                   "cost_at_least", "name", "category"}:
            return _auto({**head, "of": {**kind, "controller": "you"}}, "<self>", ("summon_cast",), cast_of.group(2))
        if kind is not None and "type" not in kind and not set(kind) - {"job", "name", "category"}:
            # "When you cast a Card Name Bahamut": a card of any type cast (actions.record_cast)
            return _auto({**head, "of": {**kind, "controller": "you"}}, "<self>", ("card_cast",), cast_of.group(2))
    nth = _NTH_CAST.match(text)
    if nth is not None:  # the event is the Nth card cast this turn (actions.record_cast)
        return _auto({**head, "of": {"controller": "you"}, "nth": _ORDINALS[nth.group(1)]}, "<self>", ("card_cast",),
                     nth.group(2), it_is_self=False)
    discards = _DISCARDS.match(text)
    if discards is not None:  # FFTCG 15.1.1.4: discarded by an effect (not for CP nor as a cost)
        discarder: Ability = {"of": {"controller": "opponent"}} if discards.group("who") == "your opponent discards" else {}
        at_least: Ability = {"count_at_least": int(discards.group("count"))} if discards.group("count") not in (
            None, "1") else {}
        due_to_you: Ability = {"due_to": "you"} if discards.group("yours") else {}
        return _auto({**head, **discarder, **at_least, **due_to_you}, "<self>", ("discarded_by_effect",),
                     discards.group("rest"), it_is_self=False)
    burst = _EX_BURST_USED.match(text)
    if burst is not None:  # FFTCG 11.10: using an EX Burst is the event (its card's controller used it)
        return _auto({**head, "of": {"controller": "opponent"}}, "<self>", ("ex_burst_used",), burst.group(1),
                     it_is_self=False)
    from_zone = _ENTERS_FROM.match(text)
    if from_zone is not None:  # (s6) where it came from narrows the trigger (FFTCG 11.8)
        return _auto({**head, "entered_from": "break"}, "<self>", ("enters_field",), from_zone.group(1))
    due = _ENTERS_DUE.match(text)
    if due is not None:  # the way it entered the field narrows the trigger (FFTCG 11.8)
        return _auto({**head, "entered_by": "cast" if due.group(1) == "cast" else "effect"}, "<self>", ("enters_field",),
                     due.group(2))
    trigger = _TRIGGER.match(text)
    if trigger is not None:
        events = tuple(_EVENTS[event] for event in _EVENT_OR.split(trigger.group("event")))
        yours = "enters your field" in trigger.group("event")
        either = _SELF_OR_ANOTHER.match(trigger.group("subject"))
        if either is not None:  # "When <self> or a Wind Character enters your field": one event is about one card,
            # so two abilities, the other card's never <self> (no double trigger); a shared once-per-turn or EX Burst
            # would be counted apart: not read
            if "ex_burst" in head or _ONCE_PER_TURN.search(trigger.group("rest")) or _is_once_in_whose_turn(
                    trigger.group("rest")):
                raise Unread(text)
            others = _auto(head, either.group(1), events, trigger.group("rest"), yours)
            return [*_auto(head, "<self>", events, trigger.group("rest")),
                    *({**a, "of": {**a["of"], "not_self": True}} for a in others)]
        if yours and trigger.group("subject") == "<self>":
            raise Unread(text)
        return _auto(head, trigger.group("subject"), events, trigger.group("rest"), yours)
    cast = _CAST.match(text)
    if cast is not None:  # "When you cast a Summon": the Summon cast is what triggers it (FFTCG 11.8)
        whose = "you" if cast.group("who") == "you cast" else "opponent"
        return _auto({**head, "of": {"type": "summon", "controller": whose}}, "<self>", ("summon_cast",),
                     cast.group("rest"))
    return None


def _auto(head: Ability, subject: str, events: tuple[str, ...], rest: str, yours: bool = False,
          it_is_self: bool = True) -> list[Ability]:
    """Read an auto ability's effect once for each event that triggers it (FFTCG 11.8); `yours`: the event is a card
    entering its controller's field ("enters your field"); `it_is_self`: a lone "it" may mean the card itself."""
    ability: Ability = dict(head)
    if subject != "<self>":
        of = re.match(r"^(?:a|an) (.+)$", _as_opponent_controls(subject))
        phrase = clauses.card_phrase(of.group(1)) if of is not None else None
        if phrase is None or "zone" in phrase or any(key in phrase for key in MOMENT_KEYS):
            raise Unread(f"When {subject} …")
        if yours:  # "When a Water Forward enters your field"
            if phrase.get("controller", "you") != "you":
                raise Unread(f"When {subject} enters your field")
            phrase["controller"] = "you"
        ability["of"] = phrase
    rest, condition = _condition(rest)
    if condition:
        ability["condition"] = condition
    rest = _trigger_turn_limit(rest, ability, events)
    in_break = _TRIGGERS_IN_BREAK_ZONE.search(rest)
    if in_break is not None:  # triggers only while the card is in its owner's Break Zone (actions.emit)
        if subject == "<self>" or "ex_burst" in ability:
            raise Unread(in_break.group(0).strip())
        rest = rest[:in_break.start()]
        ability["from_break_zone"] = True
    once = _ONCE_PER_TURN.search(rest)
    if once is not None:
        if len(events) > 1:  # once in all, not once per event
            raise Unread(once.group(0).strip())
        rest = rest[:once.start()]
        ability["only"] = ["once_per_turn"]
    party = _party_gains(rest, subject) if events in (("party_attacks",), ("party_attack_declared",)) else None
    if party is not None:
        return [{"trigger": events[0], **ability, **party}]
    event_card = re.match(r"^(?:it|that Forward|that Character) (.+)$", rest) if subject != "<self>" else None
    if event_card is not None and all(e in ("attacks", "blocks", "enters_field") for e in events):
        # "When a Forward you control attacks, it gains +1000 power until the end of the turn": the event's card
        found = clauses.lasting_sentence(f"it {event_card.group(1).rstrip('.')}", "it")
        if found is None or "." in event_card.group(1).rstrip("."):
            raise Unread(rest)
        effect = {"target": "event", **found[0]}
        if len(found) > 1:
            effect["then"] = found[1:]
        return [{"trigger": event, **ability, **effect} for event in events]
    if subject != "<self>" and events == ("put_into_break_zone",) and re.fullmatch(r"add it to your hand\.?", rest):
        # (s6) "When a Category VI Forward you control is put from the field into the Break Zone, add it to your hand":
        # the event's card, as the object it became in the Break Zone (resolution._affected_cards)
        return [{"trigger": events[0], **ability, "target": "event", "effect": "return_to_hand"}]
    effect = _effect(rest, optional_allowed=True, it_is_self=subject == "<self>" and it_is_self)
    return [{"trigger": event, **ability, **effect} for event in events]


# "a Forward of your opponent (with 8000 power or less)", "an opponent's Forward"
_OF_YOUR_OPPONENT = re.compile(r"^an? (?P<card>[^,]+?) of your opponent(?P<more> (?:with|of) [^,]+)?$")
_OPPONENTS = re.compile(r"^(?:an opponent's|your opponent's) (?P<card>[^,]+)$")


def _as_opponent_controls(subject: str) -> str:
    """Return a trigger's subject about a card of the opponent as "a Forward (…) opponent controls" (card_phrase's)."""
    of = _OF_YOUR_OPPONENT.match(subject) or _OPPONENTS.match(subject)
    if of is None:
        return subject
    more = of.groupdict().get("more") or ""
    return f"a {of.group('card')}{more} opponent controls"


def _condition(text: str) -> tuple[str, dict[str, int]]:
    """Read a condition opening `text` ("if you control 3 or more Forwards, "); return the rest and the condition."""
    index = clauses.first_matching(_CONDITION_EITHER, text)
    if index is None:
        return text, {}
    pattern, read = (*_CONDITIONS, *_MORE_CONDITIONS)[index]
    match = pattern.match(text)
    assert match is not None  # the one either_pattern found
    condition = read(match)
    if condition is None:
        raise Unread(match.group(0).rstrip(", "))
    return text[match.end():], condition


def _action(head: Ability, name: str, cost_text: str, rest: str) -> Ability:
    """Read an action ability "Cost: Effect" or a special ability "Name [Special]…: Effect" (FFTCG 11.6–11.7)."""
    read = clauses.cost(cost_text.strip(" ,"))
    if read is None:
        raise Unread(f"{cost_text.strip()}:")
    cost, special = read
    ability: Ability = {"kind": "special" if special else "action", **head}
    if special:
        if not name.strip():
            raise Unread(f"{cost_text.strip()}:")
        ability["name"] = name.strip()
    if cost:
        ability["cost"] = cost
    in_break = _IN_BREAK_ZONE.search(rest)
    if in_break is not None:  # used while the card is in its owner's Break Zone: no cost moving or dulling it
        if set(cost) & {"dull", "break_self", "return_self", "remove_self", "discard_self"}:
            raise Unread(in_break.group(0).strip())
        rest = rest[:in_break.start()]
        ability["from_break_zone"] = True
        if in_break.group(1):
            ability["only"] = [_LIMIT_WORDS[in_break.group(1)]]
    elif cost.get("remove_self_from_break"):  # only an ability used from the Break Zone removes itself from there
        raise Unread(f"{cost_text.strip()}:")
    in_hand = _IN_HAND.search(rest)
    if (in_hand is not None) != bool(cost.get("discard_self")) or (cost.get("discard_self") and cost.get("dull")):
        raise Unread(f"{cost_text.strip()}:")  # only "Discard <self>: … if <self> is in your hand" is used from the hand
    if in_hand is not None:
        rest = rest[:in_hand.start()]
        if in_hand.group(1):
            ability["only"] = ["your_turn"]
        if in_hand.group(2):
            left, condition = _condition(f"if {in_hand.group(2)}, ")
            if left or not condition:
                raise Unread(in_hand.group(0).strip())
            ability["condition"] = condition
    counters = _COUNTERS_NEEDED.search(rest)
    if counters is not None:  # counters on the card itself, only checked (not removed: not a cost)
        rest = rest[:counters.start()]
        ability["counters_at_least"] = {"counter": counters.group(2), "count": int(counters.group(1))}
    damaged = _DAMAGE_NEEDED.search(rest)
    if damaged is not None:  # the damage on the card itself (it stays until the End Phase clean-up, FFTCG 8.5c)
        rest = rest[:damaged.start()]
        ability["damage_on_self_at_least"] = int(damaged.group(1))
        if damaged.group(2):
            ability["only"] = ["once_per_turn"]
    limit = _USE_LIMIT.search(rest)
    if limit is not None:
        rest = rest[:limit.start()]
        ability["only"] = [name for word, name in _LIMIT_WORDS.items() if word in limit.group(0)]
    only_if = _USE_IF.search(rest)
    if only_if is not None:  # "You can only use this ability if you control 3 or more Backups" (FFTCG 11.6)
        left, condition = _condition(f"if {only_if.group(1)}, ")
        if left or not condition:
            raise Unread(only_if.group(0).strip())
        rest = rest[:only_if.start()]
        ability["condition"] = condition
        if only_if.group(2):
            ability["only"] = ["your_turn", "once_per_turn"] if "during your turn" in only_if.group(2) else [
                "once_per_turn"]
    effect = _effect(rest, optional_allowed=False)
    if "cost" in effect and "cost" in ability:  # a first step paying as it resolves would hide the ability's cost
        raise Unread(rest)
    ability.update(effect)
    return ability


# "This effect will trigger only if <self> is in the Break Zone." closing an auto ability's text
_TRIGGERS_IN_BREAK_ZONE = re.compile(r"\s*This effect will trigger only if <self> is in the Break Zone\.?$")
# "This effect will trigger only once per turn." closing an auto ability's text
_ONCE_PER_TURN = re.compile(r"\s*This effect will trigger only once per turn\.?$")
# "You can only use this ability during your turn (and only once per turn)." closing an action ability's text
_USE_LIMIT = re.compile(r"\s*You can only use this ability (?:during your turn|during your Main Phase|once per turn|"
                        r"during your turn,? and only once per turn|once per turn during your turn|"
                        r"during your Main Phase,? and only once per turn|"
                        r"while <self> is attacking(?: and only once per turn)?|while <self> is blocking|"
                        r"during your opponent's turn)\.?$")
# "You can only use this ability (during your turn and / if <condition> and) if <self> is in your hand." closing an
# ability whose cost discards the card itself (FFTCG 12.1: an ability used from a hidden zone)
_IN_HAND = re.compile(r"\s*You can only use this ability (?:(during your turn) and |if (.+?) and )?if <self> is in your "
                      r"hand\.?$")
# "You can only use this ability if 3 or more Monster Counters are placed on <self>." (FFTCG 4.9: counters)
_COUNTERS_NEEDED = re.compile(r"\s*You can only use this ability if (\d+) or more (\w+) Counters are placed on <self>\.?$")
# "You can only use this ability if <self> has received 4000 damage or more (and only once per turn)."
_DAMAGE_NEEDED = re.compile(r"\s*You can only use this ability if <self> has received (\d+) damage or more"
                            r"( and only once per turn)?\.?$")
# "You can only use this ability (during your Main Phase and) if <self> is in the Break Zone." (the ability is used
# from the Break Zone, FFTCG 11.6 narrowed by the text)
_IN_BREAK_ZONE = re.compile(r"\s*You can only use this ability (?:(during your Main Phase|during your turn) and )?if "
                            r"<self> is in the Break Zone\.?$")
_USE_IF = re.compile(r"\s*You can only use this ability if (.+?)((?:,| and) only once per turn|, during your turn and only "
                     r"once per turn)?\.?$")
_LIMIT_WORDS = {"during your turn": "your_turn", "during your Main Phase": "main_phase", "once per turn": "once_per_turn",
                "while <self> is attacking": "while_attacking", "while <self> is blocking": "while_blocking",
                "during your opponent's turn": "opponent_turn"}


def _field(head: Ability, text: str) -> list[Ability]:
    """Read a field ability: a continuous effect while the card is on the field (FFTCG 11.12)."""
    text, condition = _condition(text)
    if condition:
        head = {**head, "condition": condition}
        text = re.sub(r"^then (?=<self> )", "", text)  # (s6) "If you control …, then <self> gains …"
    sentence = text.rstrip(".")
    if "." in clauses.QUOTE.sub("", sentence):  # one sentence (a quoted granted ability may hold its own)
        raise Unread(text)
    found = _field_sentence(sentence)
    if found is None:
        raise Unread(sentence)
    return [{"kind": part.get("kind", "field"), **head, **{k: v for k, v in part.items() if k != "kind"}}
            for part in found]


_LIGHT_DARK_MANY = re.compile(r"^You can play 2 or more (Light|Dark) Characters onto the field\.?$")
_LIGHT_DARK_IGNORED = re.compile(r"^<self> can be played onto the field even if you control other (Light|Dark) "
                                 r"Characters\.?$")
# "<self> does not activate during the Active Phase": the Active Phase of its controller's turn, the only one activating it
_STAYS_DULL = re.compile(r"^<self> does not activate during the Active Phase$")
_ENTERS_FROM = re.compile(r"^When <self> enters the field from the Break Zone, (.+)$", re.S)
_BACKUP_CP_ONLY = re.compile(r"^You can only pay with CP produced by Backups to (?:cast|play) <self>\.?$")
# "(it cannot become 0)" after a reduction: the cost stays at least 1 (a cost_change's `floor`); "(it cannot become 1 or
# less)": at least 2
_FLOOR = r"(?P<floor> ?\(it cannot become (?:0|(?P<below>\d+) or less)\))?"
_OWN_COST = re.compile(r"^the cost (?:required to cast|required to play|for playing|to cast) <self>(?: onto the field)? is "
                       rf"(reduced|increased) by (\d+){_FLOOR}$", re.I)
_OWN_COST_EACH = re.compile(r"^the cost (?:required to cast|required to play) <self>(?: onto the field)? is "
                            rf"(reduced|increased) by (\d+) for each (.+?){_FLOOR}$", re.I)
# "The cost required to cast your Water Summons is reduced by 1 (it cannot become 0)", "The cost required to play
# Card Name X onto the field is reduced by 1": the cards its controller plays (continuous.cost_of)
_OTHERS_COST = re.compile(r"^the cost required to (?:cast|play) (?:your )?(?P<phrase>.+?)(?: onto the field)? is "
                          rf"(?P<way>reduced|increased) by (?P<amount>\d+){_FLOOR}$", re.I)
# "If <self> is on the field, <self> can produce CP of any Element" / "The Job Moogle Backups you control can …"
_ANY_ELEMENT_CP = re.compile(rf"^(?:If <self> is on the field, <self>|The (.+?)|(Backups you control)) can produce (?:CP of "
                             rf"any Element|(?P<elements>(?:{clauses.ELEMENT_WORDS})(?: or (?:{clauses.ELEMENT_WORDS}))*) "
                             rf"CP)$")
_ANY_ELEMENT_COST = re.compile(r"^the cost required to (?:cast|play) <self>(?: onto the field)? can be paid with CP of "
                               r"any Element$", re.I)
_CHOSEN_BY = {"Summons": "summons", "abilities": "abilities", "Summons or abilities": "any"}


def _floor(match: re.Match[str]) -> dict[str, int]:
    """Return a cost_change's floor: 1 after "(it cannot become 0)", N + 1 after "(it cannot become N or less)"."""
    if not match.group("floor"):
        return {}
    return {"floor": int(match.group("below")) + 1 if match.group("below") else 1}


_BECOMES_FORWARD = re.compile(r"^<self> (?:also )?becomes a Forward with (\d+) power(?: and gains (.+))?$")
_POWER_FOR_EACH = re.compile(r"^(?:For each (.+?), <self> gains \+(\d+) power|<self> gains \+(\d+) power for each (.+))$")
_GAINS_QUOTED_FIELD = re.compile(r'^<self> gains "(The [^"]+?)\.?"$')
_SELF_GAINS = re.compile(r"^<self> gains (.+)$")
_ALSO_IN_ALL_SITUATIONS = re.compile(r"^<self> is also (?:an? (Forward|Backup|Monster)|(Card [Nn]ame .+?)) in all situations$")
_SELF_AND_OTHERS_GAIN = re.compile(r"^<self> and the (.+?) gain (.+)$")
_OTHERS_GAIN_FOR_EACH = re.compile(r"^The (.+?) gain \+(\d+) power for each (.+)$")
_NOT_BOTH_IN_PLAY = re.compile(r"^You cannot play <self> or ?Card Name (.+?) while already in control of either Character$")
_OTHERS_GUARDED = re.compile(r"^The (.+?) (cannot be chosen|cannot become dull) by your opponent's (Summons or abilities|"
                             r"Summons|abilities)$")
_OTHERS_GAIN = re.compile(r"^[Tt]he (.+?) gains? (.+?)( during your turn)?$")
_SELF_UNDULLABLE = re.compile(r"^<self> cannot become dull by your opponent's (Summons or abilities|Summons|abilities)$")
_UNBREAKABLE = re.compile(rf"^(?:<self>|The (.+?)) {clauses.UNBREAKABLE_BY_OPPONENT}$")
_SELF_UNCHOOSABLE = re.compile(r"^<self> cannot be chosen by (?:your opponent's (Summons or abilities|Summons|abilities)|"
                               r"(Summons|abilities|Summons or abilities) your opponent (?:plays|uses|plays or uses))"
                               r"( during your opponent's turn)?$")
_SELF_UNCHOOSABLE_BY_ANYONE = re.compile(r"^<self> cannot be chosen by (Summons or abilities|Summons|abilities)$")
_SELF_UNBLOCKABLE = re.compile(r"^<self> cannot be blocked by (?:a Forward|Forwards) of cost (\d+) or more$")
_OTHERS_STAY_DULL = re.compile(r"^The (.+?) won't activate at the controller's Active Phase$")
_OTHERS_ANY_ELEMENT_COST = re.compile(r"^The cost required to (?:cast|play) your (.+?)(?: onto the field)? can be paid "
                                      r"with CP of any Element$")
_DAMAGE_BELOW_POWER = re.compile(r"^If (?:(<self>)|an? (.+?)) is dealt damage less than (?:its|his|her) power, the damage "
                                 r"becomes 0 instead$")


def _field_sentence(sentence: str) -> list[Ability] | None:
    """Read the sentence of a field ability into its abilities (one per effect)."""
    granting = _granted_by_field(sentence)
    if granting is not None:
        return granting
    made = _BECOMES_FORWARD.match(sentence)
    if made is not None:   # FFTCG 11.12.4.6 ③: also a Forward while the field ability works
        granted = clauses._grants(made.group(2)) if made.group(2) else []
        return None if granted is None else [{"effect": "become_forward", "power": int(made.group(1)),
                                              "applies_to": "self"}, *({**g, "applies_to": "self"} for g in granted)]
    each = _POWER_FOR_EACH.match(sentence)
    if each is not None:  # counted while the characteristics are (FFTCG 11.12.4)
        counted = clauses.counted_amount(each.group(1) or each.group(4), int(each.group(2) or each.group(3)))
        if counted is None or not counts_printed_facts(counted):
            return None
        return [{"effect": "power", "amount": counted, "applies_to": "self"}]
    quoted_field = _GAINS_QUOTED_FIELD.match(sentence)
    if quoted_field is not None:  # (s6) '<self> gains "The Forwards you control gain Haste."': that field ability
        return _field_sentence(quoted_field.group(1))
    gains = _SELF_GAINS.match(sentence)
    if gains is not None:
        granted = clauses._grants(gains.group(1))
        return None if granted is None else [{**g, "applies_to": "self"} for g in granted]
    either = _NOT_BOTH_IN_PLAY.match(sentence)
    if either is not None:  # (s6) read from the card's printed facts (PrintedFacts.exclusive)
        return [{"effect": "exclusive_with", "names": [either.group(1)], "applies_to": "self"}]
    also = _ALSO_IN_ALL_SITUATIONS.match(sentence)
    if also is not None:  # (s6) its printed facts (PrintedFacts.names, also_types)
        if also.group(1):
            return [{"effect": "also_is", "type": also.group(1).lower(), "applies_to": "self"}]
        names = re.split(r",? and |, ", also.group(2))
        if not all(re.fullmatch(r"Card [Nn]ame \S.*", name) for name in names):
            return None
        return [{"effect": "also_is", "names": [name[len("Card Name "):] for name in names], "applies_to": "self"}]
    party = _PARTY_ANY_ELEMENT.match(sentence)
    if party is not None:  # (s6) FFTCG 15.1.1.9.2 widened by the text
        members = clauses.card_phrase(party.group(1)) if party.group(1) else None
        partners = clauses.card_phrase(party.group(2))
        if partners is None or partners.get("type") != "forward" or set(partners) - {
                "type", "job", "name", "category"} or (party.group(1) and (
                    members is None or members.get("controller") != "you" or set(members) - {
                        "type", "job", "name", "category", "element", "controller"})):
            return None
        applies: Any = members if members is not None else "self"
        partners = {k: v for k, v in partners.items() if k != "type"}
        return [{"effect": "party_any_element", "applies_to": applies, **({"with": partners} if partners else {})}]
    chosen_first = clauses._quoted(sentence, own=True) if sentence.endswith(" must choose <self> if possible") else None
    if chosen_first is not None:  # (s6) "Summons and abilities of your opponent must choose <self> if possible"
        return [{**effect, "applies_to": "self"} for effect in chosen_first]
    guarded = _OTHERS_GUARDED.match(sentence)
    if guarded is not None:  # "your opponent" is theirs only for cards you control
        applies = clauses.card_phrase(guarded.group(1), plural=True)
        if applies is None or applies.get("controller") != "you" or "zone" in applies or any(
                key in applies for key in MOMENT_KEYS):
            return None
        return [{"effect": "cannot_be_chosen" if guarded.group(2) == "cannot be chosen" else "cannot_be_dulled",
                 "by": _CHOSEN_BY[guarded.group(3)], "player": "opponent", "applies_to": applies}]
    with_others = _SELF_AND_OTHERS_GAIN.match(sentence)
    if with_others is not None:  # (s6) "<self> and the Card Name X you control gain Brave": the card and those
        itself = _field_sentence(f"<self> gains {with_others.group(2)}")
        others_too = _field_sentence(f"The {with_others.group(1)} gain {with_others.group(2)}")
        return None if itself is None or others_too is None else [*itself, *others_too]
    each_other = _OTHERS_GAIN_FOR_EACH.match(sentence)
    if each_other is not None:  # (s6) counted as the characteristics are (FFTCG 11.12.4)
        applies = clauses.card_phrase(each_other.group(1), plural=True)
        counted = clauses.counted_amount(each_other.group(3), int(each_other.group(2)))
        if applies is None or counted is None or not counts_printed_facts(counted) or "zone" in applies or any(
                key in applies for key in MOMENT_KEYS):
            return None
        return [{"effect": "power", "amount": counted, "applies_to": applies}]
    others = _OTHERS_GAIN.match(sentence)  # "gains": a Card Name, one card
    if others is not None:
        applies = clauses.card_phrase(others.group(1), plural=True)
        granted = clauses._grants(others.group(2), own=(applies or {}).get("controller") == "you")
        if applies is None or granted is None or "zone" in applies or any(key in applies for key in MOMENT_KEYS):
            return None
        yours = {"condition": {"your_turn": 1}} if others.group(3) else {}  # (s6) as "During your turn, …"
        return [{**g, "applies_to": applies, **yours} for g in granted]
    undullable = _SELF_UNDULLABLE.match(sentence)
    if undullable is not None:  # FFTCG 1.3: their effects do not dull it
        return [{"effect": "cannot_be_dulled", "by": _CHOSEN_BY[undullable.group(1)], "player": "opponent",
                 "applies_to": "self"}]
    unbreakable = _UNBREAKABLE.match(sentence)
    if unbreakable is not None:  # FFTCG 1.3: the opponent's break effects do not break it; damage still does
        if unbreakable.group(1) is None:
            return [{**clauses.UNBREAKABLE_EFFECT, "applies_to": "self"}]
        applies = clauses.card_phrase(unbreakable.group(1), plural=True)
        if applies is None or applies.get("controller") != "you" or "zone" in applies or any(
                key in applies for key in MOMENT_KEYS):
            return None
        return [{**clauses.UNBREAKABLE_EFFECT, "applies_to": applies}]
    chosen = _SELF_UNCHOOSABLE.match(sentence)
    if chosen is not None:
        by = _CHOSEN_BY[chosen.group(1) or chosen.group(2)]
        theirs = {"condition": {"your_turn": 0}} if chosen.group(3) else {}  # (s6) as "During your opponent's turn, …"
        return [{"effect": "cannot_be_chosen", "by": by, "player": "opponent", "applies_to": "self", **theirs}]
    anyone = _SELF_UNCHOOSABLE_BY_ANYONE.match(sentence)
    if anyone is not None:  # anyone's, its controller's too
        return [{"effect": "cannot_be_chosen", "by": _CHOSEN_BY[anyone.group(1)], "applies_to": "self"}]
    unblockable = _SELF_UNBLOCKABLE.match(sentence)
    if unblockable is not None:
        return [{"effect": "cannot_be_blocked_by", "cost_at_least": int(unblockable.group(1)), "applies_to": "self"}]
    if sentence == "<self> cannot be blocked":
        return [{"effect": "cannot_be_blocked_by", "cost_at_least": 0, "applies_to": "self"}]
    restriction = {"<self> cannot attack": ("cannot_attack",), "<self> cannot block": ("cannot_block",),
                   "<self> cannot attack or block": ("cannot_attack", "cannot_block"),
                   "<self> must block if possible": ("must_block",),
                   "<self> cannot be broken": ("cannot_be_broken",),
                   "<self> must attack once per turn if possible": ("must_attack",),
                   "<self> must attack at least once per turn if possible": ("must_attack",),
                   "<self> enters the field dull": ("enters_dull",),
                   "<self> does not activate during your Active Phase": ("stays_dull",)}.get(_STAYS_DULL.sub(
                       "<self> does not activate during your Active Phase", sentence))
    if restriction is not None:
        return [{"effect": word, "applies_to": "self"} for word in restriction]
    granted_here = clauses._quoted(sentence, True)  # "<self> can attack twice in the same turn", as quoted
    if granted_here is not None and "<self>" in sentence:
        return [{**effect, "applies_to": "self"} for effect in granted_here]
    others_dull = _OTHERS_STAY_DULL.match(sentence)
    if others_dull is not None:  # FFTCG 9.1.1.1 narrowed: the cards it applies to stay dull in their controller's
        applies = clauses.card_phrase(others_dull.group(1))
        if applies is None or "zone" in applies or any(key in applies for key in MOMENT_KEYS):
            return None
        return [{"effect": "stays_dull", "applies_to": applies}]
    own_cost = _OWN_COST.match(sentence)
    if own_cost is not None:
        amount = int(own_cost.group(2)) * (-1 if own_cost.group(1) == "reduced" else 1)
        return [{"effect": "cost_change", "amount": amount, "applies_to": "self", **_floor(own_cost)}]
    each = _OWN_COST_EACH.match(sentence)
    if each is not None:  # counted where the card's cost is counted, in the hand (FFTCG 11.12.4.4)
        counted = clauses.counted_amount(each.group(3), int(each.group(2)), negative=each.group(1) == "reduced")
        if counted is None or any(key in counted.get("count", {}) for key in (*MOMENT_KEYS, "zone")):
            return None
        return [{"effect": "cost_change", "amount": counted, "applies_to": "self", **_floor(each)}]
    others_cost = _OTHERS_COST.match(sentence)
    if others_cost is not None and "<self>" not in others_cost.group("phrase"):
        applies = clauses.card_phrase(others_cost.group("phrase"))
        if applies is None or not set(applies) <= {"type", "element", "job", "name", "category", "any_of"}:
            return None
        amount = int(others_cost.group("amount")) * (-1 if others_cost.group("way") == "reduced" else 1)
        return [{"effect": "cost_change", "amount": amount, "applies_to": {**applies, "controller": "you"},
                 **_floor(others_cost)}]
    if _ANY_ELEMENT_COST.match(sentence):  # read in the hand, where the card is paid for (cp.character_cost)
        return [{"effect": "any_element_cost", "applies_to": "self"}]
    others_any = _OTHERS_ANY_ELEMENT_COST.match(sentence)
    if others_any is not None:  # the cards its controller plays, read where they are paid for (cp.character_cost)
        applies = clauses.card_phrase(others_any.group(1))
        if applies is None or not set(applies) <= {"type", "element", "job", "name", "category", "any_of"}:
            return None
        return [{"effect": "any_element_cost", "applies_to": {**applies, "controller": "you"}}]
    any_element = _ANY_ELEMENT_CP.match(sentence)
    if any_element is not None:  # a Backup's CP when dulled for CP (cp.widened_backups)
        more = {"elements": [e.lower() for e in any_element.group("elements").split(" or ")]} if any_element.group(
            "elements") else {}
        if any_element.group(1) is None and any_element.group(2) is None:
            return [{"effect": "any_element_cp", **more, "applies_to": "self"}]
        applies = clauses.card_phrase(any_element.group(1) or any_element.group(2))
        if applies is None or applies.get("controller") != "you" or applies.get("type") != "backup" or not set(
                applies) <= {"type", "element", "job", "name", "category", "controller", "any_of"}:
            return None
        return [{"effect": "any_element_cp", **more, "applies_to": applies}]
    below = _DAMAGE_BELOW_POWER.match(sentence)
    if below is not None:  # FFTCG 11.12.5: a replacement of the damage, read where damage is dealt
        named = clauses.card_phrase(below.group(2)) if below.group(2) else None
        if below.group(2) and (named is None or "zone" in named or any(key in named for key in MOMENT_KEYS)):
            return None
        return [{"kind": "replacement", "event": "damage", "instead": "prevent_below_power",
                 "applies_to": named if named is not None else "self"}]
    increase = clauses.damage_increase_sentence(sentence)  # (s5)
    if increase is not None:
        return [increase]
    return _field_damage(sentence) or _damage_replacement(sentence)


def _field_damage(sentence: str) -> list[Ability] | None:
    """Read "If <self> / a Forward you control is dealt damage (by your opponent's abilities), the damage becomes 0 /
    reduce the damage by 1000 instead" (FFTCG 11.12.5; s6: narrowed to what deals it)."""
    replaced = _FIELD_DAMAGE.match(sentence)
    found = clauses.damage_replacement(replaced) if replaced is not None else None
    if replaced is None or found is None:
        return None
    if not replaced.group("phrase"):
        return [{**found, "applies_to": "self"}]
    applies = clauses.card_phrase(replaced.group("phrase"))
    if applies is None or "zone" in applies or any(key in applies for key in MOMENT_KEYS) or (
            "player" in found and applies.get("controller") != "you"):
        return None  # "your opponent" is the damaged card's controller's only for cards you control
    return [{**found, "applies_to": applies}]


# "<self> can form a party with Forwards of any Element", "The Job X Forwards you control can form a party with Job X
# Forwards of any Element"
_PARTY_ANY_ELEMENT = re.compile(r"^(?:<self>|The (.+?)) can form a party with (.+?) of any Element$")
# "If <self> / a Forward you control is dealt damage (by your opponent's abilities), the damage becomes 0 instead"
_FIELD_DAMAGE = re.compile(rf"^If (?:<self>|an? (?P<phrase>.+?)) {clauses.DAMAGE_REPLACED}$")


_SENTENCE_END = re.compile(r"(?<=\.)\s+")
_IF = re.compile(r"^if ", re.I)
# "Draw 1 card, then discard 1 card": two effects in that order
_THEN = re.compile(r",? then,? (?=[a-z])")
# "Then, draw 1 card." opening a sentence: the next effect, in order (as every sentence is)
_THEN_FIRST = re.compile(r"^Then, (?=[a-z])")


_SELECT_NUMBER = re.compile(r"select 1 number", re.I)
_CHOOSE = re.compile(r"^choose (.+)$", re.I)
_SELECT_ACTIONS = re.compile(r"^select (?:up to )?(?:\d+) of the (\d+) following actions$", re.I)
_COMMA_IF_DONE = re.compile(r", if you do so, ", re.I)


def _effect(text: str, optional_allowed: bool, it_is_self: bool = False) -> Ability:
    """Read an effect's sentences into the ability keys that say it: `effect` (+ parameters), `target` or `all`,
    `then`, `optional`. `it_is_self`: "it" before any card is chosen means the card itself (a trigger's subject)."""
    lines = text.split("\n")
    # the note's words looked for first: a text without them skips the scan (speed)
    permanent = _NOT_ENDING.search(lines[0]) if "(This effect does not end" in lines[0] else None
    if permanent is not None:  # "(This effect does not end at the end of the turn.)" closing the last sentence
        lines[0] = f"{lines[0][:permanent.start()]}."
    modes = [line.strip().strip('"') for line in lines[1:]]
    lines[0] = _COMMA_IF_DONE.sub(". If you do so, ", lines[0])  # "you may pay [Ice], if you do so, …"
    sentences = [_THEN_FIRST.sub("", part.strip().rstrip(".")) for s in _quotes_whole(_SENTENCE_END.split(lines[0].strip()))
                 for part in _if_done_parts(_THEN.split(s) if not clauses.QUOTE.search(s) and (
                     not _IF.match(s) or _IF_DONE_START.match(s)) else [s])
                 if part.strip()]  # "If …, draw 1 card, then discard 1 card": both under the condition (_conditional
                 # for a condition, _if_done_parts for "If you do so")
    if permanent is not None and sentences:  # read as lasting the turn, then made permanent (_made_to_last)
        sentences[-1] = _AS_LASTING.sub(r"\g<0> until the end of the turn", sentences[-1])
    sentences = _joined_placements(_joined_looks(sentences))
    until_theirs = {index for index, sentence in enumerate(sentences)
                    if "opponent's turn" in sentence.lower() and _OPPONENT_TURN.search(sentence)}
    sentences = [_as_this_turn(sentence) if index in until_theirs else sentence for index, sentence in enumerate(sentences)]
    ability: Ability = {}
    steps: list[clauses.Effect] = []
    last: list[clauses.Effect] = []  # the effects of the sentence before (an "instead" sentence replaces them)
    picking = False  # after "Your opponent selects …": "it" is the selected card
    if sentences and optional_allowed and sentences[0].lower().startswith("you may "):
        ability["optional"] = True
        sentences[0] = sentences[0][len("you may "):]
    elif (optional_allowed and len(sentences) == 2 and sentences[0].lower().startswith("choose ")
          and sentences[1].lower().startswith("you may ")):
        # "Choose 1 Forward. You may deal it 6000 damage.": the cards are chosen as it triggers, and the only effect
        # is done if its controller wants as it resolves — an optional ability (FFTCG 11.8.14) choosing them
        ability["optional"] = True
        sentences[1] = sentences[1][len("you may "):]
    elif (optional_allowed and len(sentences) == 3 and sentences[0].lower().startswith("choose ")
          and _MAY_MOVE_IT.match(sentences[1]) and sentences[2].lower().startswith("if you do so, ")):
        # (s6) "Choose 1 Summon in your Break Zone. You may remove it from the game. If you do so, …": the same optional
        # ability; the chosen card, still legal, is always moved when it is done (FFTCG 11.11.2: else nothing is done),
        # so "if you do so" is what the optional ability does after the move
        ability["optional"] = True
        sentences[1] = sentences[1][len("you may "):]
        sentences[2] = sentences[2][len("if you do so, "):]
    skip_next = False  # the sentence was read with the one before it
    for index, sentence in enumerate(sentences):
        if skip_next:
            skip_next = False
            continue
        if _unreducible(sentence, steps) or _units_note(sentence, steps):
            continue
        if _MAY_PAY.match(sentence) and index + 1 < len(sentences) and _DONE.match(sentences[index + 1]):
            sentence = sentence[len("you may "):]  # the payment asked as it resolves may be declined (0: not paid)
        if_done = _DONE.match(sentence)
        if if_done is not None and if_done.group(1).lower() == "if":  # (C) "If you do so, …": done in this resolution
            conditional = _if_done(steps, sentence[if_done.end():], ability)
            last = conditional
            steps += conditional
            continue
        if sentence.lower().startswith("when you do so, "):
            steps.append(_when_done(steps, " ".join(s + "." for s in [sentence[len("when you do so, "):],
                                                                       *sentences[index + 1:]]), ability))
            break
        if _SELECT_NUMBER.fullmatch(sentence) and index == 0:
            steps.append({"effect": "select_number"})  # (C) the number is X to the sentences after it
            continue
        if steps and steps[0]["effect"] == "select_number":  # "Dull all the Forwards of that cost": found when reached
            every = _on_all(sentence, "field")
            if every is None:
                raise Unread(sentence)
            last = every
            steps += every
            continue
        choose = _CHOOSE.match(sentence)
        if choose is not None:
            target = clauses.counted_phrase(choose.group(1)) or clauses.counted_groups(choose.group(1))
            if target is None or index != 0:
                raise Unread(sentence)
            ability["target"] = target
            continue
        if _SELECT_ACTIONS.match(sentence) and not steps:
            more = _MORE_ACTIONS.match(sentences[index + 1]) if index + 1 < len(sentences) else None
            steps.append(_modes(modes, sentence) if more is None else _more_modes(modes, sentence, more))
            modes = []
            if more is not None:
                skip_next = True
            continue
        until = _reveal_until(sentences[index:]) if not steps and "target" not in ability else None
        if until is not None:
            steps.append(until)
            break
        shown = (clauses.reveal_hand_sentences(sentences[index:]) or clauses.reveal_select_sentences(sentences[index:])
                 if not steps and "target" not in ability else None)
        if shown is not None:  # its select, if any, is the last pick: the discard is done to it
            steps += shown
            break
        moved = (clauses.own_card_sentence(sentence) or clauses.break_zone_removal_sentence(sentence)
                 if index == 0 and "target" not in ability else None)
        if moved is not None and index + 1 < len(sentences) and sentences[index + 1].lower().startswith(
                "when you do so, "):  # read only before "When you do so" (its picks are no later sentence's "it")
            steps += moved
            continue
        if moved is not None and index + 2 == len(sentences) and ability.get("optional") and sentences[
                index + 1].lower().startswith("if you do so, ") and moved[0]["count"] == 1:
            # (s6) "You may remove 1 Backup you control from the game. If you do so, draw 2 cards.": done when the one
            # card was selected (and so moved: it is the controller's own, FFTCG 11.11.5)
            then = clauses.player_sentence(sentences[index + 1][len("if you do so, "):])
            if then is None:
                raise Unread(sentences[index + 1])
            steps += [*moved, {**then, "if_picked": True}]
            break
        selected = clauses.select_sentence(sentence) if index == 0 and "target" not in ability else None
        if selected is not None:  # the sentences after it are done to the selected cards
            picking = True
            steps.append(selected)
            continue
        played = (clauses.play_from_hand_sentence(sentence) or clauses.cast_free_sentence(sentence)
                  if not steps and "target" not in ability else None)
        if played is None and steps and index == len(sentences) - 1 and not ability.get("optional"):
            # (s6) "Choose 1 Forward. Put it at the bottom of its owner's deck. Then, you may play 1 Forward of cost 2 or
            # less from your hand onto the field.": last, so its picks are done to by nothing else
            played = clauses.play_from_hand_sentence(sentence)
        if played is not None and index == len(sentences) - 1:  # its picks are the cards of the steps after it
            steps += played
            continue
        removed = _after_removed_top(sentence, ability, steps) if steps and _is_removed_top(steps[-1]) or (
            len(steps) > 1 and _is_removed_top(steps[-2]) and "if" in steps[-1]) else None
        if removed is not None:  # (s6) "If the removed card is a Forward, …", "… for each CP required to play it"
            steps += removed
            last = removed
            continue
        if _SAME_NUMBER_DRAWN.match(sentence) and steps and steps[-1]["effect"] == "hand_to_deck_bottom":
            # (s6) "Then, draw the same number of cards (as were returned to your deck)": as many as were placed
            steps.append({"effect": "draw", "count": {"placed_before": True}})
            last = steps[-1:]
            continue
        theirs = _UNLESS_OPPONENT_PAYS.match(sentence) if not picking else None
        unpaid = theirs or (_UNLESS_YOU_PAY.match(sentence) if not picking else None)
        if unpaid is not None:  # "If your opponent doesn't pay [2], break it": they are asked as it resolves
            paid = clauses.pay_sentence(f"pay {unpaid.group(1)}")
            found = _sentence(unpaid.group(2), ability, it_is_self and not steps)
            if paid is None or found is None or paid["cost"].get("x"):
                raise Unread(sentence)
            steps += [{**paid, "player": "opponent" if theirs else "you"},
                      *({**effect, "unless_paid": True} for effect in found)]
            last = []
            continue
        if picking:  # the selected cards' effects, a player's (which reads no card: "Your opponent discards 1 card") or
            # every other such card's ("Deal 4000 damage to all the other Forwards opponent controls")
            player = clauses.player_sentence(sentence)
            found = clauses.target_sentence(sentence, "field") or ([player] if player is not None else None) or (
                _on_all(sentence, "field") if _ALL_THE_OTHER.search(sentence) else None)
        elif _IF.match(sentence):
            found = _conditional(sentence, ability, steps, last)
        else:
            found = _sentence(sentence, ability, it_is_self and not steps)
        if found is None or (index in until_theirs and not _made_to_last(found, "opponent_turn")):
            raise Unread(sentence)
        last = found
        steps += found
    if modes:
        raise Unread(modes[0])
    steps = _blinks(steps, sentences)
    if not steps:
        raise Unread(text)
    if permanent is not None and not _made_to_last(last, "permanent"):
        raise Unread(permanent.group(0).strip())
    if "on" in steps[0]:  # only an effect after the chosen cards' first one is done to the card itself
        raise Unread(sentences[0])
    if any(step["effect"] == "pay" and step.get("player", "you") == "you" and (
            index + 1 == len(steps) or _done_kind(steps[:index + 1], ability) != "pay" or not (
            steps[index + 1].get("if_done") == "pay" or steps[index + 1].get("after") == "pay"
            or steps[index + 1].get("unless_paid")))
            for index, step in enumerate(steps)):
        raise Unread(sentences[0])  # only "(you may) pay …. When / If you do so, …", "If you don't pay …" are read
    ability.update(steps[0])
    if len(steps) > 1:
        ability["then"] = steps[1:]
    return ability


# a move of the chosen card that is done whenever the card is still legal ("You may remove it from the game")
_MAY_MOVE_IT = re.compile(r"^you may (?:remove it from the game|return it to its owner's hand|put it into the Break Zone|"
                          r"add it to your hand)$", re.I)
def _is_removed_top(step: clauses.Effect) -> bool:
    """Tell whether a step removes the top card of its controller's deck from the game (one card: "the removed card")."""
    return step == {"effect": "mill", "count": 1, "removed": True}


# (s6) the sentences about the card just removed from the top of the deck (the Removed Zone's newest card)
_REMOVED_IS = re.compile(r"^if (?:the removed card is|it is|it's) an? (?P<phrase>.+?), (?P<rest>.+)$", re.I)
_REMOVED_NOT = re.compile(r"^if not, (?P<rest>.+)$", re.I)
_REMOVED_COST = re.compile(r"^deal it (\d+) damage for each CP required to (?:play|cast) the removed card$", re.I)


def _after_removed_top(sentence: str, ability: Ability, steps: list[clauses.Effect]) -> list[clauses.Effect] | None:
    """Read a sentence about the card the step before removed from the top of the deck: "If the removed card is a
    Forward, break it." (condition removed_is, its "If not, …" the same unless), "Deal it 4000 damage for each CP
    required to play the removed card" (value removed_cost)."""
    cost = _REMOVED_COST.match(sentence)
    if cost is not None and _is_removed_top(steps[-1]) and clauses.target_sentence("deal it 1 damage", "field") and (
            _on_one_chosen_card(ability)):
        return [{"effect": "deal_damage", "amount": {"removed_cost": True, "times": int(cost.group(1))}}]
    shown = _REMOVED_IS.match(sentence)
    wanted = clauses.card_phrase(shown.group("phrase")) if shown is not None else None
    if shown is not None and _is_removed_top(steps[-1]) and wanted is not None and set(wanted) <= _CHOSEN_FACTS:
        found = _sentence(shown.group("rest"), ability, False)
        return None if found is None else [{**effect, "if": {"removed_is": wanted}} for effect in found]
    otherwise = _REMOVED_NOT.match(sentence)
    if otherwise is not None and not _is_removed_top(steps[-1]) and "removed_is" in steps[-1].get("if", {}):
        found = _sentence(otherwise.group("rest"), ability, False)
        return None if found is None else [{**effect, "unless": steps[-1]["if"]} for effect in found]
    return None


_SAME_NUMBER_DRAWN = re.compile(r"^draw the same number of cards(?: as were returned to your deck)?$", re.I)
_UNLESS_OPPONENT_PAYS = re.compile(r"^if your opponent (?:doesn't|does not) pay ((?:\[\w+\])+), (.+)$", re.I)
_UNLESS_YOU_PAY = re.compile(r"^if you (?:don't|do not) pay ((?:\[\w+\])+), (.+)$", re.I)  # (C) the controller's


# "When you do so, …" / "If you do so, …" opening a sentence; "You may pay [1]" before one (a payment may be declined)
_DONE = re.compile(r"^(when|if) you do so, ", re.I)
_MAY_PAY = re.compile(r"^you may pay \[", re.I)


_IF_DONE_START = re.compile(r"^if you do so, ", re.I)


def _if_done_parts(parts: list[str]) -> list[str]:
    """Keep "If you do so, …" on each part of "If you do so, draw 1 card, then discard 1 card" (both are done only
    when it was done)."""
    if len(parts) < 2 or not _IF_DONE_START.match(parts[0]):
        return parts
    return [parts[0], *(f"If you do so, {part}" for part in parts[1:])]


def _done_kind(steps: list[clauses.Effect], ability: Ability) -> str | None:
    """Return what "When / If you do so" reads of the steps before it (effects.WHEN_DONE_AFTER), or None: a payment,
    your discard, damage you receive, the card itself put into the Break Zone or removed from the game, a card you
    selected then moved, Characters selected then dulled."""
    if not steps or any(key in steps[-1] for key in ("if", "unless", "if_done", "unless_paid", "all", "group")):
        return None
    done = steps[-1]
    itself = ability.get("target") == "self" or done.get("on") == "self"
    if len(steps) >= 2 and steps[-2]["effect"] == "select" and steps[-2]["filter"].get("zone") == "break" and done[
            "effect"] == "remove_from_game" and "on" not in done:
        return "removed_cards"  # (s6) "you may remove 2 Summons in your Break Zone from the game": all of them
    if len(steps) >= 2 and steps[-2]["effect"] == "select" and steps[-2].get("player") == "you" and done["effect"] in (
            "put_into_break", "return_to_hand", "remove_from_game") and "on" not in done:
        return "moved"
    if len(steps) >= 2 and steps[-2]["effect"] == "select" and done["effect"] == "dull" and "on" not in done:
        return "dulled"  # "you may dull 4 active Characters you control": done when all of them were selected and dulled
    target = ability.get("target")
    if isinstance(target, dict) and target.get("count", 1) == 1 and len(steps) == 1 and done["effect"] in (
            "put_into_break", "return_to_hand", "remove_from_game", "put_on_deck") and "on" not in done:
        return "chosen_moved"  # (C) the one card chosen, moved by the ability's only step
    return ("pay" if done["effect"] == "pay" and done.get("player", "you") == "you" else
            "discard" if done["effect"] == "discard" and done.get("player", "you") == "you" and isinstance(
                done.get("count"), int) and not done.get("random") else
            "damage" if done["effect"] == "damage_player" and done.get("player") == "you" else
            "self_break" if done["effect"] == "put_into_break" and itself else
            "self_removed" if done["effect"] == "remove_from_game" and itself else
            "mill" if done["effect"] == "mill" and done.get("player", "you") == "you" and isinstance(
                done.get("count"), int) else
            "counters_removed" if done["effect"] == "remove_counter" and itself else None)


def _when_done(steps: list[clauses.Effect], rest: str, ability: Ability) -> clauses.Effect:
    """Read "When you do so, <effect>." after "(you may) discard 1 card", "pay [1]", "receive 1 point of damage", "put
    <self> into the Break Zone" or a card selected and moved (its only steps): a when_done step whose effect triggers
    (effects.py); nothing chosen before it (its effect chooses its own cards as it triggers)."""
    after = _done_kind(steps, ability)
    if (isinstance(ability.get("target"), (dict, list)) and after != "chosen_moved") or "all" in ability:
        raise Unread("When you do so, …")
    if after is None or len(steps) != (2 if after in ("moved", "dulled", "removed_cards") else 1):
        raise Unread("When you do so, …")
    found: clauses.Effect = {"effect": "when_done", "after": after, "do": _effect(rest, optional_allowed=False)}
    if after in ("discard", "mill", "dulled", "removed_cards"):  # that many discarded, milled; selected to be dulled,
        # removed
        found["count"] = int(steps[0]["count"])
    return found


def _if_done(steps: list[clauses.Effect], rest: str, ability: Ability) -> list[clauses.Effect]:
    """Read "If you do so, <effect>" after a step that may not be done (_done_kind): its effects carry `if_done`, done
    in this resolution only when that step was (effects.py); they do not choose the ability's cards."""
    after = _done_kind(steps, ability) if not (steps and steps[-1].get("if_done")) else steps[-1]["if_done"]
    if after in (None, "dulled"):  # "dulled" needs the count selected, which only when_done carries
        raise Unread("If you do so, …")
    if "the discarded card" in rest:  # its cost, read as X (clauses: "of the same cost as the discarded card")
        if after != "discard" or steps[-1].get("count") != 1 or steps[-1].get("player", "you") != "you":
            raise Unread("If you do so, …")
        steps[-1]["cost_as_x"] = True
    chosen = ("target", "all")
    before: Ability = {key: ability[key] for key in chosen if key in ability}
    found = _sentence(rest, ability, False)
    if {key: ability[key] for key in chosen if key in ability} != before:  # not the ability's own cards:
        for key in chosen:  # every such card, the card itself, as the step is reached
            ability.pop(key, None)
        ability.update(before)
        found = None
    if found is None:
        found = _on_all(rest, "field") or _on_self(rest) or (
            clauses.play_from_hand_sentence(rest) if "target" not in ability and "all" not in ability else None)
    if found is None or any(
            key in effect for effect in found for key in ("if", "unless", "if_done")):
        raise Unread("If you do so, …")
    return [{**effect, "if_done": after} for effect in found]


def _conditional(sentence: str, ability: Ability, steps: list[clauses.Effect],
                 last: list[clauses.Effect]) -> list[clauses.Effect] | None:
    """Read "If <condition>, <effect>." (done only when the condition holds) and "If <condition>, <effect> instead."
    (done in place of the sentence before, which is then done only when it does not hold): effect steps with `if`
    and `unless` (effects.py; the condition is read once per resolution, when the first step naming it is done)."""
    rest, condition = _condition(sentence)
    if not condition:
        rest, condition = _resolving_condition(sentence)
    if not condition:
        rest, condition = _chosen_condition(sentence, ability, last)
    if not condition:  # an "If …" no condition reads: a sentence of its own ("If it is put … this turn, … instead")
        return _sentence(sentence, ability, False)
    if "its_cost_at_most" in condition and (condition["its_cost_at_most"] is None or not isinstance(
            ability.get("target"), dict) or ability["target"].get("count", 1) != 1):
        return None  # "its cost": the one card chosen
    rest = re.sub(r"^also (?=[a-z])", "", rest)  # "If …, also draw 1 card": done besides the sentence before
    rest = re.sub(r"^(all (?:the )?[^,]+?) also (?=(?:gain|lose) )", r"\1 ", rest)  # (C) "…, all the Forwards you control
    # also gain +2000 power": the same, the sentence's subject first
    instead = rest.endswith(" instead")
    if instead:
        rest = rest[:-len(" instead")]
        if not last:
            return None
    before = (ability.get("target"), ability.get("all"))
    found: list[clauses.Effect] | None = []
    for part in _THEN.split(rest):  # "draw 2 cards, then discard 1 card": each done in order while it holds
        read = _sentence(part, ability, False) if found is not None else None
        found = None if read is None else [*(found or []), *read]
    if not found and (ability.get("target"), ability.get("all")) == before and (
            "target" in ability or "all" in ability):
        found = _on_all(rest, "field")  # (C) "…, all the Forwards you control gain …" after other cards: every such card
    if not found or (ability.get("target"), ability.get("all")) != before:
        return None  # a conditional sentence does not choose the ability's cards
    if instead:
        if any("if" in e or "unless" in e for e in last):
            return None
        for effect in last:
            effect["unless"] = condition
    return [{**effect, "if": condition} for effect in found]


def _joined_looks(sentences: list[str]) -> list[str]:
    """Keep "Look at the top card of your deck. You may put it at the bottom of your deck." and "Reveal the top 5
    cards of your deck. Add 1 … among them to your hand and …" as one clause each."""
    joined: list[str] = []
    for sentence in sentences:
        last = joined[-1].lower() if joined else ""
        if (last.startswith("look at the top card") and sentence.lower().startswith("you may")) or (
                last.startswith(("reveal the top", "look at the top")) and (
                    " among them to your hand" in sentence or " among them onto the field" in sentence)) or (
                last == "reveal the top card of your deck" and sentence.lower().startswith("if it is")) or (
                last.startswith("reveal the top card of your deck. if it is") and sentence.lower().startswith(
                    "if it is not ") and " if it is not " not in last) or (
                last.startswith("look at the top") and sentence.lower().startswith("return these to the top")):
            joined[-1] = f"{joined[-1]}. {sentence}"
        else:
            joined.append(sentence)
    return joined


_PLAY_SELF_AT_END = re.compile(r"play <self> onto the field at the end of the turn", re.I)
_AT_END_OF_TURN = re.compile(r"^at the end of the turn, (.+)$", re.I)
_WHEN_IT_IS_BROKEN = re.compile(r"when it is put from the field into the Break Zone this turn, (.+)", re.I)
_PLAY_THE_REMOVED = re.compile(r"play the removed (?:Forward|Character|Backup|Monster) onto the field( dull)?", re.I)
_AND_DRAW = re.compile(r"(.+?) and (draw \d+ cards?)", re.I)
_PLACE_IT_AND_MILL = re.compile(r"(place it at the bottom of your deck) and (put the top card of your deck into the Break "
                                r"Zone)", re.I)
_REMOVE_IT_AND_SELF = re.compile(r"remove it and <self> from the game", re.I)


def _sentence(sentence: str, ability: Ability, it_is_self: bool) -> list[clauses.Effect] | None:
    """Read one sentence of an effect, given what the ability already chose (its `target` or `all`)."""
    player = clauses.player_sentence(sentence)
    if player is not None:
        return [player]
    if _PLAY_SELF_AT_END.fullmatch(sentence) and ability.get("target") == "self":
        return [{"effect": _PLAY_REMOVED, "dull": False, "at_end": True}]  # (s6) "Remove <self> from the game. …": _blinks
    later = _AT_END_OF_TURN.match(sentence)
    if later is not None:  # a delayed ability on the card itself or on players (FFTCG 11.8.17; the end of the turn: 9.5)
        itself = clauses.self_sentence(later.group(1))
        players = clauses.player_sentence(later.group(1))
        if players is not None:
            return [{"effect": "delayed", "when": "end_phase_start", "do": [players]}]
        target = ability.get("target")
        if itself is None and isinstance(target, dict) and target.get("zone", "field") == "field" and target.get(
                "count", 1) == 1 and not target.get("up_to"):  # (s6) "At the end of the turn, return it to its owner's
            # hand": on the chosen card, still that object on the field (words._delayed `kept`)
            chosen = clauses.target_sentence(later.group(1), "field")
            return None if chosen is None or any(e["effect"] in _CARDLESS for e in chosen) else [
                {"effect": "delayed", "when": "end_phase_start", "do": chosen, "kept": True}]
        return None if itself is None else [{"effect": "delayed", "when": "end_phase_start",
                                             "do": [{**effect, "on": "self"} for effect in itself]}]
    for read in _SENTENCE_READERS:  # the templates of effects, damage and triggers (below)
        found = read(sentence, ability)
        if found is not None:
            return found
    target = ability.get("target")
    if isinstance(target, list):  # several target groups (s5)
        return clauses.group_sentence(sentence, [group.get("zone", "field") for group in target]) or _on_self(sentence)
    if isinstance(target, dict):
        unpaid = _UNLESS_OPPONENT_PAYS.match(sentence)
        paid = clauses.pay_sentence(f"pay {unpaid.group(1)}") if unpaid is not None else None
        rest = _sentence(unpaid.group(2), ability, False) if unpaid is not None and paid is not None else None
        if paid is not None and rest and not paid["cost"].get("x"):  # the opponent picks whether to pay as it resolves
            # (FFTCG 11.2)
            return [{**paid, "player": "opponent"}, *({**effect, "unless_paid": True} for effect in rest)]
        later = _WHEN_IT_IS_BROKEN.fullmatch(sentence)
        done = clauses.player_sentence(later.group(1)) if later is not None else None
        if done is not None and target.get("zone", "field") == "field":  # a delayed ability watching the chosen card
            return [{"effect": "delayed", "when": "put_into_break_zone", "do": [done], "this_turn": True}]
        if _PLAY_THE_REMOVED.fullmatch(sentence):
            return [{"effect": _PLAY_REMOVED, "dull": sentence.lower().endswith(" dull")}]  # joined by _blinks
        drawn = _AND_DRAW.fullmatch(sentence)
        if drawn is not None:  # (s6) "Remove them from the game and draw 1 card": the chosen cards', then a draw
            first, then = clauses.target_sentence(drawn.group(1), target.get("zone", "field")), clauses.player_sentence(
                drawn.group(2))
            if first is not None and then is not None:
                return [*first, then]
        placed = _PLACE_IT_AND_MILL.fullmatch(sentence)
        if placed is not None:  # (s6) the chosen card, then the deck's top card (whichever it is then)
            first, then = clauses.target_sentence(placed.group(1), target.get("zone", "field")), clauses.player_sentence(
                placed.group(2))
            return None if first is None or then is None else [*first, then]
        if _REMOVE_IT_AND_SELF.fullmatch(sentence):  # (s6) the chosen card, then itself
            return [{"effect": "remove_from_game"}, {"effect": "remove_from_game", "on": "self"}]
        if _PLAY_AT_END.fullmatch(sentence) and target.get("zone", "field") == "field":  # (s6) joined by _blinks
            return [{"effect": _PLAY_REMOVED, "dull": False, "at_end": True}]
        canceled = _cancel_sentence(sentence, target) or _chosen_and_self_sentence(sentence, target)
        if canceled is not None:
            return canceled
        if target.get("zone", "field") == "field" and target.get("count", 1) == 1:
            fight = clauses.self_fight_sentence(sentence)
            if fight is not None:
                return fight
        return clauses.target_sentence(sentence, target.get("zone", "field")) or _on_self(sentence) or _on_all(
            sentence, target.get("zone", "field"))
    if "all" in ability:
        return (clauses.lasting_sentence(sentence, "they") or clauses.target_sentence(sentence, "field")
                or _on_self(sentence) or _on_all(sentence, "field"))
    every = clauses.all_sentence(sentence)
    if every is not None and target is None:
        ability["all"] = every[0]
        return every[1]
    itself = clauses.self_sentence(sentence)
    if itself is None and it_is_self and target is None:
        itself = clauses.lasting_sentence(sentence, "it")
    if itself is not None and target in (None, "self"):
        ability["target"] = "self"
        return itself
    return None


def _on_self(sentence: str) -> list[clauses.Effect] | None:
    """Read a sentence about the card itself after cards were chosen ("Choose 1 Forward. Break it. Activate <self>."):
    its effects carry `on: self` (done to the card itself, not to the chosen cards)."""
    itself = clauses.self_sentence(sentence)
    return None if itself is None else [{**effect, "on": "self"} for effect in itself]


def _modes(modes: list[str], sentence: str) -> clauses.Effect:
    """Read "Select 1 of the N following actions" and its quoted modes; a mode may choose its own cards (its first
    effect's `target` or `all`: the mode is chosen first, effects.with_mode; FFTCG 11.3.3)."""
    select = re.match(r"^select (up to )?(\d+) of the (\d+) following actions$", sentence, re.I)
    if select is None or int(select.group(3)) != len(modes):
        raise Unread(sentence)
    read: list[list[clauses.Effect]] = []
    for mode in modes:
        ability = _effect(mode, optional_allowed=False)
        then = ability.pop("then", [])
        read.append([ability, *then])
    if select.group(1) or select.group(2) != "1":
        return _several_modes(read, int(select.group(2)), bool(select.group(1)), sentence)
    return {"effect": "choose_one", "modes": read}


# -- effects, damage modification and triggers (s5: the party, damage replacements, delayed abilities) ----------

# "<self> and all the Forwards forming a party with it gain +2000 power until the end of the turn" ("When <self> forms
# a party and attacks") and "all Forwards in that party gain …" ("When a party you control attacks"), read only in an
# ability triggered by a Party's attack: the party is that attack's (FFTCG 15.1.1.9)
_PARTY_GAINS = re.compile(r"^(?:(?P<self><self> and all the Forwards forming a party with (?:it|<self>))|all (?:the )?"
                          r"Forwards in that party) gain \+(?P<amount>\d+) power until the end of the turn\.?$")


def _party_gains(rest: str, subject: str) -> Ability | None:
    """Read a party's power gain as the attacking Forwards' (<self> among them) while the attack goes on."""
    found = _PARTY_GAINS.match(rest)
    if found is None or (found.group("self") and subject != "<self>"):
        return None
    return {"all": {"type": "forward", "controller": "you", "attacking": True}, "effect": "power",
            "amount": int(found.group("amount")), "duration": "turn"}


def _damage_replacement(sentence: str) -> list[Ability] | None:
    """Read a field ability replacing the damage dealt to the Forwards of a Party the card attacks in."""
    party = _PARTY_DAMAGE.get(_NUMBER.sub("N", sentence))
    if party is not None:  # FFTCG 15.1.1.9: while the card attacks in a Party with the Forward dealt damage
        amount = re.search(r"\d+", sentence)
        return [{"kind": "replacement", "event": "damage", "in_party_with_self": True, **party,
                 **({"amount": int(amount.group(0))} if party["instead"] == "reduce" and amount else {})}]
    return None


_UNREDUCIBLE = re.compile(r"^This damage cannot be reduced$", re.I)


def _unreducible(sentence: str, steps: list[clauses.Effect]) -> bool:
    """Read "This damage cannot be reduced." after a damage step: no replacement reducing or preventing it applies
    ("cannot" wins, FFTCG 1.3); True when read (the step before now says so)."""
    if not _UNREDUCIBLE.match(sentence) or not steps or steps[-1]["effect"] not in ("deal_damage", "divide_damage"):
        return False
    steps[-1]["unreducible"] = True
    return True


# conditions read only as an effect resolves (an effect step's `if` / `unless`), never by a field ability: what they
# read (the card's own Power) is computed from the characteristics
_RESOLVING_CONDITIONS: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile(r"^if <self> has (\d+) power or more, ", re.I), lambda m: {"self_power_at_least": int(m.group(1))}),
    (re.compile(r"^if <self> results from an EX Burst, ", re.I), lambda m: {"as_ex_burst": 1}),  # (C)
    # (C) "If its cost is equal to or less than the number of Job Knight you control / the damage you have received, …"
    (re.compile(r"^if (?:its cost|the cost of the Forward) is equal to or less than (?:the number of (.+?) you control|"
                r"(the damage you have received)|the number of (cards in your hand)), ", re.I),
     lambda m: {"its_cost_at_most": clauses.counted_amount(
         "point of damage you have received" if m.group(2) else "card in your hand" if m.group(3) else
         f"{m.group(1)} you control", 1)}),
    # "If the discarded card is (not) of Fire Element / a Card Name X / Category VII, …": the card the cost or a step
    # before discarded (read as it resolves)
    (re.compile(r"^if its power is less than <self>'s power, ", re.I), lambda m: {"power_below_self": 1}),
    (re.compile(r"^if both cards are of the same (Element|type), ", re.I),
     lambda m: {"milled_alike": m.group(1).lower()}),
    (re.compile(r"^if the discarded card is (not )?(?:of (\w+) Element|an? ((?:Card Name|Job|Category) .+?)(?: card)?|"
                r"((?:Category|Job) .+?)), ", re.I), lambda m: _discarded(m)),
)


# (s6) "If it is a Fire Forward of cost 3 or less, …" after choosing one card: what the chosen card is, printed facts
_CHOSEN_IS = re.compile(r"^if it is (?P<not>not )?an? (?P<phrase>.+?), (?=[a-z])", re.I)
_CHOSEN_FACTS = {"type", "element", "job", "name", "category", "cost_at_most", "cost_at_least", "any_of", "none_of"}


def _chosen_condition(text: str, ability: Ability, last: list[clauses.Effect]) -> tuple[str, dict[str, Any]]:
    """Read "If it is (not) a <card phrase>, …" of the one card the ability chose (condition `chosen_is`, read as the
    effect resolves, FFTCG 11.11.3); nothing when the ability chose no single card, the phrase is not printed facts,
    or the sentence before did something else than to that card (then "it" may be a drawn or discarded card)."""
    match = _CHOSEN_IS.match(text)
    target = ability.get("target")
    if match is None or not isinstance(target, dict) or target.get("count", 1) != 1 or target.get("up_to") or not last or any(
            step["effect"] in _CARDLESS or "on" in step or "all" in step for step in last):
        return text, {}
    wanted = clauses.card_phrase(match.group("phrase"))
    if wanted is None or not set(wanted) <= _CHOSEN_FACTS:
        return text, {}
    return text[match.end():], {"chosen_is": {"none_of": [wanted]} if match.group("not") else wanted}


def _discarded(match: re.Match[str]) -> dict[str, Any] | None:
    """Read what "the discarded card is (not) …" says of it: a filter of printed facts (a `discarded` condition)."""
    element = match.group(2)
    if element is not None:
        found: dict[str, Any] | None = {"element": element.lower()} if element.lower() in ELEMENTS else None
    else:
        phrase = match.group(3) or match.group(4)
        found = clauses.card_phrase(phrase) or clauses.card_phrase(f"{phrase} card")  # "Category VII": of any type
    if found is None or set(found) - {"type", "element", "job", "name", "category"}:
        return None
    return {"discarded": {"none_of": [found]} if match.group(1) else found}


def _resolving_condition(text: str) -> tuple[str, dict[str, Any]]:
    """Read "If <self> has 8000 power or more, …" (the condition, and the text after it)."""
    for pattern, read in _RESOLVING_CONDITIONS:
        match = pattern.match(text)
        if match is not None:
            condition = read(match)
            if condition is None:
                raise Unread(match.group(0).rstrip(", "))
            return text[match.end():], condition
    return text, {}


_ALL_THE_OTHER = re.compile(r" all the other ", re.I)
# "Deal it 3000 damage, and deal 2000 damage to all the Forwards opponent controls": the chosen cards', then every card's
_AND_ALL = re.compile(r"^(.+?),? and ((?:deal|dull|activate|break|freeze) .+)$", re.I)


def _on_all(sentence: str, zone: str) -> list[clauses.Effect] | None:
    """Read a sentence doing something to every matching card after cards were chosen ("Choose 1 Forward. Activate it.
    All the Forwards you control gain +1000 power until the end of the turn."): its effects carry `all: <filter>` (done
    to every card passing it as the step is reached, FFTCG 11.11.5)."""
    every = clauses.all_sentence(sentence)
    if every is not None:
        found, effects = every
        return None if "zone" in found else [{**effect, "all": found} for effect in effects]
    others = _ALL_THE_OTHER.search(sentence)
    if others is not None:  # "… all the other Forwards opponent controls": every such card but the chosen ones
        rest = _on_all(f"{sentence[:others.start()]} all the {sentence[others.end():]}", zone)
        return None if rest is None or any("all" not in effect for effect in rest) else [
            {**effect, "besides_chosen": True} for effect in rest]
    both = _AND_ALL.match(sentence)
    if both is None:
        return None
    first, second = clauses.target_sentence(both.group(1), zone), _on_all(both.group(2), zone)
    return None if first is None or second is None else first + second


# "This effect will trigger only during your (opponent's) turn (and only once per turn)." closing an auto ability
_TRIGGER_TURN = re.compile(r"\s*This effect will trigger only during your (opponent's )?turn( and only once per turn)?\.?$")


def _is_once_in_whose_turn(rest: str) -> bool:
    """Tell whether an auto ability's text ends with a whose-turn limit that also says "only once per turn"."""
    found = _TRIGGER_TURN.search(rest)
    return found is not None and bool(found.group(2))


def _trigger_turn_limit(rest: str, ability: Ability, events: tuple[str, ...]) -> str:
    """Read the whose-turn limit closing an auto ability into its condition your_turn (checked as it triggers and as it
    resolves, FFTCG 11.8.13) and its once-per-turn limit; return the text before it."""
    found = _TRIGGER_TURN.search(rest)
    if found is None:
        return rest
    if found.group(2):
        if len(events) > 1:  # once in all, not once per event
            raise Unread(found.group(0).strip())
        ability["only"] = ["once_per_turn"]
    ability["condition"] = {**ability.get("condition", {}), "your_turn": 0 if found.group(1) else 1}
    return rest[:found.start()]


# "Divide 6000 damage among them as you like." / "… among them equally." after choosing Forwards
# ("… divide 15000 damage among those instead": as the division it replaces, as you like)
_DIVIDE = re.compile(r"^divide (\d+) damage among (?:them (as you like|equally)|those)$", re.I)
# the reminder closing it: "(Units must be 1000.)"
_UNITS = re.compile(r"^\(Units? must be 1000\.?\)$", re.I)


def _divided(sentence: str, ability: Ability) -> list[clauses.Effect] | None:
    """Read damage divided among the chosen Forwards (divide_damage; "as you like": split as it resolves)."""
    match = _DIVIDE.match(sentence)
    target = ability.get("target")
    if match is None or not isinstance(target, dict) or target.get("type") != "forward" or "zone" in target or (
            int(match.group(1)) % 1000):
        return None
    found: clauses.Effect = {"effect": "divide_damage", "amount": int(match.group(1))}
    if (match.group(2) or "").lower() == "equally":
        found["equally"] = True
    return [found]


def _units_note(sentence: str, steps: list[clauses.Effect]) -> bool:
    """Read "(Units must be 1000.)" after a division as what divide_damage already does; True when read."""
    return bool(_UNITS.match(sentence)) and any(step["effect"] == "divide_damage" for step in steps)


# "Turn over one card at a time from the top of your deck until an Ice or Wind card is revealed. Add it to your hand.
# Then, shuffle the other cards (revealed) and return them to the bottom of your deck."
_UNTIL = re.compile(rf"^turn over one card at a time from the top of your deck until an? ({clauses.ELEMENT_WORDS}) or "
                    rf"({clauses.ELEMENT_WORDS}) card is revealed$", re.I)
_UNTIL_TAKE = re.compile(r"^add it to your hand$", re.I)
_UNTIL_REST = re.compile(r"^shuffle the other cards(?: revealed)? and return them to the bottom of your deck$", re.I)


def _reveal_until(sentences: list[str]) -> clauses.Effect | None:
    """Read revealing the deck's top cards until one of two Elements shows (reveal_until: that card to the hand, the
    others shuffled to the bottom; FFTCG 7.6.1 revealed cards)."""
    if len(sentences) != 3:
        return None
    until = _UNTIL.match(sentences[0])
    if until is None or not _UNTIL_TAKE.match(sentences[1]) or not _UNTIL_REST.match(sentences[2]):
        return None
    return {"effect": "reveal_until", "filter": {"any_of": [{"element": until.group(1).lower()},
                                                            {"element": until.group(2).lower()}]}}


# "Deal it 3000 damage and 1000 more damage for each card in your opponent's hand."
_MORE_FOR_EACH = re.compile(r"^deal (?:it|them) (\d+) damage and (\d+) more damage for each (.+)$", re.I)


# "Look at the top 2 cards of your deck. Put 1 card among them on top of your deck and the other to the bottom of your
# deck." and "Look at the top 3 cards of your deck. Return them to the top of your deck in any order." (FFTCG 7.6.1)
_PLACEMENTS = {
    "look at the top N cards of your deck. put N card among them on top of your deck and the other to the bottom of "
    "your deck": {"bottom": 1},
    "look at the top N cards of your deck. return them to the top of your deck in any order": {"bottom": 0},
}
_LOOK_AT_THE_TOP = "look at the top "  # every _PLACEMENTS clause opens so: no other sentence starts a placement
assert all(clause.startswith(_LOOK_AT_THE_TOP) for clause in _PLACEMENTS)


_NUMBER = re.compile(r"\d+")


def _joined_placements(sentences: list[str]) -> list[str]:
    """Keep a look at the deck's top and where its cards go (_PLACEMENTS) as one clause."""
    joined: list[str] = []
    for sentence in sentences:
        if joined and joined[-1].lower().startswith(_LOOK_AT_THE_TOP) and _NUMBER.sub(
                "N", f"{joined[-1]}. {sentence}".lower()) in _PLACEMENTS:
            joined[-1] = f"{joined[-1]}. {sentence}"
        else:
            joined.append(sentence)
    return joined


# "When <self> enters the field due to your cast / due to your Summons or abilities, …"
_ENTERS_DUE = re.compile(r"^When <self> enters the field due to your (cast|Summons or abilities), (.+)$", re.S)


# "Negate all damage dealt to it" (after chosen cards), "Activate it and negate all damage dealt to it", "Negate all
# damage dealt to all the Forwards you control", "activate all the Forwards you control and negate all damage dealt to them"
_NEGATE = re.compile(r"^(?:(?P<before>.+?) and )?negate all damage dealt to (?:(?P<it>it|them)|all (?:the )?(?P<all>.+))$",
                     re.I)


def _negate_damage(sentence: str, ability: Ability) -> list[clauses.Effect] | None:
    """Read taking the damage away from the chosen cards or every matching card (remove_damage)."""
    match = _NEGATE.match(sentence)
    if match is None:
        return None
    target = ability.get("target")
    negate: list[clauses.Effect] = [{"effect": "remove_damage"}]
    if match.group("it") and isinstance(target, dict) and target.get("zone", "field") == "field":
        before = clauses.target_sentence(match.group("before"), "field") if match.group("before") else []
        return None if before is None else [*before, *negate]
    if match.group("it") and target is None and "all" not in ability and match.group("before"):
        every = clauses.all_sentence(match.group("before"))  # "activate all the Forwards you control and … them"
        if every is None or "zone" in every[0]:
            return None
        ability["all"] = every[0]
        return [*every[1], *negate]
    if match.group("all") and target is None and "all" not in ability and not match.group("before"):
        every_card = clauses.card_phrase(match.group("all"))
        if every_card is None or "zone" in every_card:
            return None
        ability["all"] = every_card
        return negate
    return None


# "(This effect does not end at the end of the turn.)" after the sentence it changes (a mode's closing quote before it)
_NOT_ENDING = re.compile(r'\.?"?\s*\(This effect does not end at the end of the turn\.\)$')
# the sentences it is read with: "<self> also becomes a Forward with 4000 power", "<self> gains +1000 power and Brave"
_AS_LASTING = re.compile(r"^(?:If you do so, )?<self> (?:also becomes a Forward with \d+ power|gains [^\"]+)$")


def _made_to_last(found: list[clauses.Effect], duration: str) -> bool:
    """Make a sentence's effects, each read as lasting the turn, last `duration` instead ("permanent": "(This effect
    does not end …)" after it; "opponent_turn": "… until the end of your opponent's turn"); False when one did not."""
    if not found or any(effect.get("duration") != "turn" for effect in found):
        return False
    for effect in found:
        effect["duration"] = duration
    return True


# "During each turn, when you cast the second card you've cast, …", "When you cast the third card you've cast this turn"
_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5}
_NTH_CAST = re.compile(rf"^(?:During each turn, when|When) you cast the ({'|'.join(_ORDINALS)}) card you've cast(?: this "
                       r"turn)?, (.+)$", re.S)
# "When your opponent discards 2 or more cards (from their hand) due to your Summons or abilities, …", "When you
# discard 2 or more cards due to Summons or abilities, …"
_DISCARDS = re.compile(r"^When (?P<who>your opponent discards|you discard) (?:a card|(?P<count>\d+) or more cards) "
                       r"(?:from (?:their|his/her|your) hand )?due to (?P<yours>your )?Summons or abilities, (?P<rest>.+)$",
                       re.S)
# "When your opponent uses an EX Burst, …"
_EX_BURST_USED = re.compile(r"^When your opponent uses an EX Burst, (.+)$", re.S)


# "… until the end of your opponent's turn": read as lasting the turn, then made to last to that turn's end
_OPPONENT_TURN = re.compile(r"(?:^Until the end of your opponent's turn, | until the end of your opponent's turn$)", re.I)


def _as_this_turn(sentence: str) -> str:
    """Return the sentence written as lasting this turn ("cannot attack this turn", "gains … until the end of the turn")."""
    if re.search(r"cannot (?:attack|block|attack or block) until the end of your opponent's turn$", sentence, re.I):
        return _OPPONENT_TURN.sub(" this turn", sentence)
    if sentence.lower().startswith("until the end of your opponent's turn, "):
        return "Until the end of the turn, " + sentence[len("until the end of your opponent's turn, "):]
    return _OPPONENT_TURN.sub(" until the end of the turn", sentence)


# "At the end of each of your opponent's turns, …" / "At the end of your opponent's turn, …"
# conditions read like those of _CONDITIONS (after them)
_MORE_CONDITIONS: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile(r"^if your opponent has (\d+) (?:cards or more|or more cards) in (?:their|his/her) hand, ", re.I),
     lambda m: {"opponent_hand_at_least": int(m.group(1))}),
)
_CONDITION_EITHER = clauses.either_pattern(pattern for pattern, _ in (*_CONDITIONS, *_MORE_CONDITIONS))

# "When you receive a point of damage, …" / "When either player receives a point of damage, …"
_RECEIVES_A_POINT = re.compile(r"^When (you receive|your opponent receives|either player receives) a point of damage, "
                               r"(.+)$", re.S)
# "When you cast an Earth Summon / a Summon of cost 4 or more, …" (a kind of Summon; "a Summon" is _CAST's)
_CAST_KIND = re.compile(r"^When you cast an? (.+? Summon|Summon of cost .+?|Card Name [^,]+), (.+)$", re.S)

# "When <self> enters the field or when <self> is put from the field into the Break Zone, …" (the subject said twice)
_OR_WHEN_SELF = re.compile(r"^(When <self> [^,]+?) or when <self> (?=[^,]+, )")


_GRANTED_EVENTS = ("attacks", "blocks", "blocked", "dealt_damage", "deals_damage_to_player")  # the card's own events


# '<self> gains +2000 power and "When <self> attacks, draw 1 card."' as a field ability (with its condition)
_GRANTED_FIELD = re.compile(r'^<self> gains (?:(?P<rest>.+?)(?:,| and) )?"(?P<auto>When <self> [^"]+)"$')


def _granted_by_field(sentence: str) -> list[Ability] | None:
    """Read a field ability granting the card itself an auto ability: the card has that auto ability while the field
    ability's condition holds (checked as it triggers and resolves, FFTCG 11.8.13) — its other gains as field abilities."""
    match = _GRANTED_FIELD.match(sentence)
    if match is None:
        return None
    others = clauses._grants(match.group("rest")) if match.group("rest") else []
    granted = _ability(match.group("auto"), summon=False)
    if others is None or not granted or any("trigger" not in a or set(a) & {"of", "ex_burst", "damage", "kind",
                                                                            "condition", "only"} for a in granted):
        return None
    return [*({**g, "applies_to": "self"} for g in others), *({"kind": "auto", **a} for a in granted)]


# 'Until the end of the turn, <self> also becomes a Forward with 5000 power and "When <self> attacks, choose 1 Forward.
# Dull it."', 'It gains +1000 power and "When this Forward attacks, …" until the end of the turn' (‘…’ quotes too)
_GRANTED = re.compile(r'^(?P<first>Until the end of the turn, )?(?P<who><self>|it) (?:also becomes a Forward with '
                      r'(?P<power>\d+) power and |gains (?:(?P<pre>[^"‘]+?)(?:,| and) )?)["‘](?P<auto>When (?:<self>|this '
                      r'(?:Forward|Character)) [^"’]+?)\.?["’](?P<last> until the end of the turn)?$', re.I)


def _granted_for_the_turn(sentence: str, ability: Ability) -> list[clauses.Effect] | None:
    """Read an auto ability granted for the turn to the card itself or to the one chosen card: a repeating delayed
    ability watching that card until the turn ends (FFTCG 11.8.17), after what else it gains; on a chosen card its
    "this Forward" is the card the event happened to (`target: event`)."""
    match = _GRANTED.match(sentence)
    if match is None or bool(match.group("first")) == bool(match.group("last")):
        return None
    itself = match.group("who") == "<self>"
    target = ability.get("target")
    if (match.group("power") and not itself) or (itself and target not in (None, "self")) or (not itself and not (
            isinstance(target, dict) and target.get("count", 1) == 1 and "zone" not in target)):
        return None
    pre = clauses._grants(match.group("pre"), own=itself) if match.group("pre") else []
    try:
        granted = _ability(re.sub(r"\bthis (?:Forward|Character)\b", "<self>", match.group("auto")) + ".", summon=False)
    except Unread:
        return None
    if pre is None or not granted or any(a.get("trigger") not in _GRANTED_EVENTS or set(a) & {
            "of", "ex_burst", "damage", "kind", "condition", "only"} or any(
            step.get("on") == "self" for step in a.get("then", [])) for a in granted):
        return None
    if itself:
        ability["target"] = "self"
    made = [{"effect": "become_forward", "power": int(match.group("power")), "duration": "turn"}] if match.group(
        "power") else []
    return [*made, *({**g, "duration": "turn"} for g in pre),
            *({"effect": "delayed", "when": a["trigger"], "repeat": True, "this_turn": True,
               "ability": {**{k: v for k, v in a.items() if k != "trigger"},
                           **({"target": "event"} if a.get("target") == "self" and not itself else {})}}
              for a in granted)]


def _quotes_whole(parts: list[str]) -> list[str]:
    """Join the sentences a granted ability in quotes was split into ('It gains "When …. Deal it …" until …')."""
    joined: list[str] = []
    for part in parts:
        if joined and (joined[-1].count('"') % 2 or joined[-1].count("‘") > joined[-1].count("’")):
            joined[-1] = f"{joined[-1]} {part}"
        else:
            joined.append(part)
    return joined


# damage replacements of a Party the card attacks in: its members' (the card's own or not) (FFTCG 15.1.1.9)
_PARTY_DAMAGE: dict[str, Ability] = {
    "If a Forward forming a party with <self> is dealt damage, the damage becomes N instead":
        {"instead": "prevent", "applies_to": {"type": "forward", "not_self": True}},
    "If <self> forms a party, the damage dealt to <self> becomes N instead": {"instead": "prevent", "applies_to": "self"},
    "If <self> forms a party, the damage dealt to the Forwards forming this party becomes N instead":
        {"instead": "prevent", "applies_to": {"type": "forward"}},
    "If <self> or a Forward forming a party with <self> receives damage, the damage decreases by N instead":
        {"instead": "reduce", "applies_to": {"type": "forward"}},
}

_ALL_AND_SELF = re.compile(r"^deal (\d+) damage to all (?:the )?(.+?) and (\d+) damage to <self>$", re.I)

# "That Forward's controller discards 1 card from their hand." after one chosen card
_ITS_CONTROLLER_DISCARDS = re.compile(r"^That (?:Forward|Character)'s controller discards (\d+) cards? from "
                                      r"(?:their|his/her) hand$", re.I)


def _placed_look(sentence: str, ability: Ability) -> list[clauses.Effect] | None:
    """Read a look at the deck's top and where its cards go (_PLACEMENTS)."""
    placed = _PLACEMENTS.get(_NUMBER.sub("N", sentence.lower()))
    count = _NUMBER.search(sentence)
    return None if placed is None or count is None else [
        {"effect": "look_top", "count": int(count.group(0)), "reorder": True, **placed}]


def _all_and_self(sentence: str, ability: Ability) -> list[clauses.Effect] | None:
    """Read "Deal 1000 damage to all the Forwards opponent controls and 2000 damage to <self>" (all, then on: self)."""
    found = _ALL_AND_SELF.match(sentence) if "target" not in ability and "all" not in ability else None
    every = clauses.card_phrase(found.group(2)) if found is not None else None
    if found is None or every is None or "zone" in every:
        return None
    ability["all"] = every
    return [{"effect": "deal_damage", "amount": int(found.group(1))},
            {"effect": "deal_damage", "amount": int(found.group(3)), "on": "self"}]


def _on_one_chosen_card(ability: Ability) -> bool:
    """Tell whether the ability chose cards on the field (a target filter)."""
    target = ability.get("target")
    return isinstance(target, dict) and target.get("zone", "field") == "field"


def _its_controller_discards(sentence: str, ability: Ability) -> list[clauses.Effect] | None:
    """Read "That Forward's controller discards 1 card from their hand" after one chosen card."""
    found = _ITS_CONTROLLER_DISCARDS.match(sentence)
    if found is None or not isinstance(ability.get("target"), dict) or ability["target"].get("count", 1) != 1:
        return None
    return [{"effect": "discard", "count": int(found.group(1)), "player": "chosen_controller"}]


def _more_for_each(sentence: str, ability: Ability) -> list[clauses.Effect] | None:
    """Read "Deal it 3000 damage and 1000 more damage for each …" (a computed amount with `plus`)."""
    found = _MORE_FOR_EACH.match(sentence) if _on_one_chosen_card(ability) else None
    counted = clauses.counted_amount(found.group(3), int(found.group(2))) if found is not None else None
    return None if found is None or counted is None else [
        {"effect": "deal_damage", "amount": {**counted, "plus": int(found.group(1))}}]


# "(Until the end of the turn,) all the Forwards you control gain +2000 power and all the Forwards opponent controls
# lose 2000 power": two sentences on every matching card, each its own filter
_TWO_ALL = re.compile(r"^(?P<until>until the end of the turn, )?(?P<first>all .+?) and (?P<second>all .+)$", re.I)


def _two_all(sentence: str, ability: Ability) -> list[clauses.Effect] | None:
    """Read two "all …" halves joined by "and": the first the ability's `all`, the second a step with its own `all`."""
    both = _TWO_ALL.match(sentence) if "target" not in ability and "all" not in ability else None
    if both is None:
        return None
    until = " until the end of the turn" if both.group("until") else ""
    first, then = (clauses.all_sentence(f"{both.group(half)}{until}") for half in ("first", "second"))
    if first is None or then is None or "zone" in first[0] or "zone" in then[0]:
        return None
    ability["all"] = first[0]
    return [*first[1], *({**effect, "all": then[0]} for effect in then[1])]


# what _sentence tries first, in order: each reads one form or gives None
_SENTENCE_READERS = (_placed_look, _all_and_self, _negate_damage, _its_controller_discards, _granted_for_the_turn,
                     _divided, _more_for_each, _two_all)


# -- targets and choices (s5): checks on what the clause templates read ------------------------------------------

def _targets_and_choices_checked(abilities: list[Ability], summon: bool, text: str) -> list[Ability]:
    """Return the abilities read from one printed ability, or Unread when they read the card's own Power (or make it
    fight) where the card is no longer on the field — a Summon, a cost putting it into the Break Zone or discarding
    it, "Put <self> into the Break Zone. When you do so, …", a trigger on its leaving the field (its Power is read as
    the effect is done, FFTCG 11.11.9) — or increase the damage a chosen Summon deals (one on the stack deals none)."""
    for ability in abilities:
        read = json.dumps(ability)  # once per ability: the words looked for may sit in any step, mode or `do`
        cost = ability.get("cost") or {}
        if (_OWN_POWER in read or _SELF_FIGHT in read) and (
                summon or cost.get("break_self") or cost.get("discard_self") or ability.get("trigger") in _LEFT_FIELD
                or '"after": "self_break"' in read or '"if_done": "self_break"' in read):
            raise Unread(text)
        if _X_FILTER.search(read) and not _reads_x_where_paid(ability):
            raise Unread(text)  # "of cost X" only in a search or select of an ability paying X
        if summon and '"while_source_on_field"' in read:
            raise Unread(text)  # a Summon is never on the field
        if '"damage_increase"' in read and isinstance(ability.get("target"), dict) and ability["target"].get(
                "type") == "summon":  # a Summon chosen is one on the stack: it deals no damage later this turn
            raise Unread(text)
    return abilities


_OWN_POWER = '"power": "self"'
_X_FILTER = re.compile(r'"cost_at_(?:most|least)": \{"x"')


def _reads_x_where_paid(ability: Ability) -> bool:
    """Tell whether an ability reading X in a filter ("search for 1 Forward of cost X", "all the Forwards of that
    cost") reads it only where it is known (effects.with_paid_x): in the `filter` of a search or select, or the `all`
    of a later step, after X is paid — by its cost, or by its own "pay [X]" or select_number step (the X of "When you
    do so" is that step's) — and that the opponent is never asked to pay X."""
    steps = [{k: v for k, v in ability.items() if k != "then"}, *ability.get("then", [])]
    paying = [i for i, step in enumerate(steps) if step.get("effect") == "select_number" or step.get("cost_as_x") or (
        step.get("effect") == "pay" and step["cost"].get("x"))]
    if len(paying) > 1 or any(steps[i].get("player", "you") != "you" for i in paying):
        return False
    if paying:
        return (not any(_X_FILTER.search(json.dumps(step)) for step in steps[:paying[0] + 1])
                and all(_x_only_in_filters(step, False) for step in steps[paying[0] + 1:]))
    return bool((ability.get("cost") or {}).get("x")) and all(
        _x_only_in_filters(step, index == 0) for index, step in enumerate(steps))


def _x_only_in_filters(step: Ability, ability_level: bool) -> bool:
    """Tell whether a step (or a when_done's ability) reads X only as a search's or select's `filter` or, not at the
    ability's level (its cards are found before any step), as an `all`."""
    if step.get("effect") == "when_done":
        return _x_only_in_filters(step["do"], True)
    parts = [step, *step.get("then", [])]
    for index, part in enumerate(parts):
        rest = {k: v for k, v in part.items() if k != "then" and not (
            k == "filter" and part.get("effect") in ("search", "select")) and not (
            k == "all" and not (ability_level and index == 0))}
        if _X_FILTER.search(json.dumps(rest)):
            return False
    return True


_SELF_FIGHT = '"with": "self"'
_LEFT_FIELD = ("leaves_field", "broken", "put_into_break_zone", "returned_to_hand")


# -- targets and choices (s5): selecting several of the following actions -----------------------------------------
# what a mode choosing no cards may do beside the modes that choose (none of these reads the chosen cards)
_CARDLESS = ("draw", "discard", "damage_player", "mill", "search", "look_top", "reveal_top", "hand_to_deck_bottom",
             "reveal_hand", "discard_hand", "shuffle_deck")


def _several_modes(modes: list[list[clauses.Effect]], count: int, up_to: bool, sentence: str) -> clauses.Effect:
    """Read "Select (up to) N of the M following actions" as a choice of one of its sets of actions (FFTCG 11.3.3:
    the modes are chosen as it is played): each set, 1 to N actions — or exactly N — done in printed order, one
    mode of choose_one. The sets' cards are chosen together: one target group for each action choosing cards
    (target_groups.py); an action on <self> is done to the card itself; another action must choose no card."""
    sizes = range(1, count + 1) if up_to else range(count, count + 1)
    sets = [combo for size in sizes for combo in itertools.combinations(range(len(modes)), size)]
    if len(sets) < 2 or count > len(modes):
        raise Unread(sentence)
    return {"effect": "choose_one", "modes": [_modes_together([modes[i] for i in combo], sentence) for combo in sets]}


def _modes_together(chosen: list[list[clauses.Effect]], sentence: str) -> list[clauses.Effect]:
    """Return the effects of several actions done in order, as one mode: the cards they choose as target groups."""
    targeted = [mode for mode in chosen if isinstance(mode[0].get("target"), dict)]
    if any(isinstance(mode[0].get("target"), list) or ("all" in mode[0] and "target" in mode[0]) for mode in chosen):
        raise Unread(sentence)
    steps: list[clauses.Effect] = []
    selected = False  # an action selecting cards as it resolves came before: its picks are now the cards done to
    for mode in chosen:
        first = {k: v for k, v in mode[0].items() if k != "target"}
        aim = mode[0].get("target")
        every = first.pop("all", None)
        picking = aim is None and every is None and first["effect"] == "select"  # "Your opponent selects 1 Forward …"
        if isinstance(aim, dict) and len(targeted) == 1 and selected:  # its chosen cards would be read as the picks
            raise Unread(sentence)
        selected = selected or picking
        for step in (first, *mode[1:]):
            if every is not None:  # every such card, each of its effects (effect_step reads a step's `all`)
                if "on" in step:
                    raise Unread(sentence)
                step = {**step, "all": every}
            elif aim == "self":
                step = {**step, "on": "self"}
            elif aim is None and not picking and (step["effect"] not in _CARDLESS or "on" in step):
                raise Unread(sentence)
            elif isinstance(aim, dict) and len(targeted) > 1:
                if "on" in step:
                    raise Unread(sentence)
                step = {**step, "group": targeted.index(mode)}
            steps.append(dict(step))
    if "on" in steps[0] and targeted:  # the first effect is the ability's own: only a later one is done to the card
        raise Unread(sentence)
    if targeted:
        steps[0]["target"] = targeted[0][0]["target"] if len(targeted) == 1 else [m[0]["target"] for m in targeted]
    elif "on" in steps[0]:
        steps[0] = {**{k: v for k, v in steps[0].items() if k != "on"}, "target": "self"}
        if any("on" not in step and step["effect"] not in _CARDLESS for step in steps[1:]):
            raise Unread(sentence)
    return steps


_CANCEL_ITS_EFFECT = re.compile(r"cancel its effect", re.I)


def _cancel_sentence(sentence: str, target: Ability) -> list[clauses.Effect] | None:
    """Read "Cancel its effect." after "Choose 1 Summon (of cost N or less)": the Summon chosen is one on the stack
    (its target's zone becomes the stack; cancel, effects.py)."""
    if not _CANCEL_ITS_EFFECT.fullmatch(sentence) or target.get("type") != "summon" or set(target) & {
            "zone", "controller", "count"}:
        return None
    target["zone"] = "stack"
    return [{"effect": "cancel"}]


# "If <condition>, select up to 2 of the 3 following actions instead." after "Select 1 of the 3 following actions."
_MORE_ACTIONS = re.compile(r"^if (?P<condition>.+?), select (?P<up_to>up to )?(?P<count>\d+) of the (?P<of>\d+) following "
                           r"actions instead$", re.I)


def _more_modes(modes: list[str], sentence: str, more: re.Match[str]) -> clauses.Effect:
    """Read "Select 1 of the M following actions. If <condition>, select up to N of the M following actions instead."
    as one choice among the single actions and, while the condition holds as they are chosen, their sets of up to N
    (choose_one more_if / more_from, FFTCG 11.3.3)."""
    single = re.match(r"^select 1 of the (\d+) following actions$", sentence, re.I)
    rest, condition = _condition(f"if {more.group('condition')}, ")
    if single is None or rest or not condition or more.group("of") != single.group(1) or not more.group("up_to"):
        raise Unread(more.group(0))
    ones = _modes(modes, sentence)
    several = _modes(modes, f"select up to {more.group('count')} of the {more.group('of')} following actions")
    return {"effect": "choose_one", "modes": several["modes"], "more_if": condition, "more_from": len(ones["modes"])}


_DEAL_IT_AND_SELF = re.compile(r"deal it and <self> (\d+) damage", re.I)
_RETURN_IT_AND_SELF = re.compile(r"return it and <self> to their owners'? hands?", re.I)
_DEAL_IT_AND_ALL = re.compile(r"(deal it \d+ damage), and (deal \d+ damage to all .+)", re.I)


def _chosen_and_self_sentence(sentence: str, target: Ability) -> list[clauses.Effect] | None:
    """Read "Deal it and <self> 3000 damage" (the chosen Forward, then the card itself: `on: self`) and, of a card its
    controller's own side chose ("Choose 1 Forward you control"), what the card itself could be given: a granted
    ability in quotes naming "your opponent" or "It cannot be chosen by your opponent's … this turn" (its controller's
    opponent is the ability's controller's: the same player)."""
    both = _DEAL_IT_AND_SELF.fullmatch(sentence)
    if both is not None and target.get("zone", "field") == "field":
        return [{"effect": "deal_damage", "amount": int(both.group(1))},
                {"effect": "deal_damage", "amount": int(both.group(1)), "on": "self"}]
    if _RETURN_IT_AND_SELF.fullmatch(sentence) and target.get("zone",
                                                                                                 "field") == "field":
        return [{"effect": "return_to_hand"}, {"effect": "return_to_hand", "on": "self"}]
    besides = _DEAL_IT_AND_ALL.fullmatch(sentence)
    every = _on_all(besides.group(2), "field") if besides is not None else None
    chosen = clauses.target_sentence(besides.group(1), "field") if besides is not None else None
    if every is not None and chosen is not None and target.get("zone", "field") == "field":
        return [*chosen, *every]  # every such card too
    if target.get("controller") != "you" or target.get("zone", "field") != "field" or "<self>" in sentence:
        return None
    if clauses.target_sentence(sentence, "field") is not None:
        return None  # read as it is, without a reading of its own
    own = re.sub(r"\b(?:it|It)\b", "<self>", sentence, count=1)
    return clauses.lasting_sentence(own, "<self>") if own != sentence else None


_PLAY_REMOVED = "play the removed card"  # a placeholder step, never left in a compiled ability (_blinks)
_PLAY_AT_END = re.compile(r"play it onto the field at the end of the turn", re.I)  # the removed card, later (_blinks)


def _blinks(steps: list[clauses.Effect], sentences: list[str]) -> list[clauses.Effect]:
    """Join "Remove it from the game. Then, play the removed Forward onto the field (dull)." into one blink step (the
    card played is the object the removal made, which the chosen card no longer is); Unread when not right after."""
    joined: list[clauses.Effect] = []
    for step in steps:
        if step["effect"] != _PLAY_REMOVED:
            joined.append(step)
            continue
        if not joined or joined[-1] != {"effect": "remove_from_game"}:
            raise Unread(sentences[0])
        joined[-1] = {"effect": "blink", **({"dull": True} if step["dull"] else {}),
                      **({"at_end": True} if step.get("at_end") else {})}
    return joined
