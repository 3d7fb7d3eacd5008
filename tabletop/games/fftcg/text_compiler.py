"""Compile FFTCG printed card text into the FFTCG effect vocabulary (issue 21): templates, not guesses.

Each printed ability (card_text.ability_texts) is read by the ability templates below — keywords on a line,
"Damage N —" and EX BURST prefixes, auto abilities ("When <self> enters the field, …", FFTCG 11.8), action and
special abilities ("Cost: effect", FFTCG 11.6–11.7), field abilities ("<self> gains +1000 power", FFTCG 11.12) and
a Summon's effect — whose effect text is a sequence of clause templates (clauses.py). An ability compiles only
when every sentence of it is read; otherwise its printed text goes to `by_hand` and the first sentence no template
read to `unknown_clauses`.
"""
from __future__ import annotations

import re
from typing import Any

from tabletop.engine.cards import CardDefinition
from tabletop.engine.text_compilation import CompiledText
from tabletop.games.fftcg import clauses
from tabletop.games.fftcg.card_text import ability_texts, normalised_clause, with_name_marked
from tabletop.games.fftcg.effects import MOMENT_KEYS, counts_printed_facts

# Stored with each card compiled at import (carddb): a card compiled by an older version is compiled again.
# Contract: change it whenever a template is added or changed, or cards in databases keep the older reading.
COMPILER_VERSION = "fftcg-89"

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
            effects += _ability(marked, summon)
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
           "is broken": "broken", "deals damage to your opponent": "deals_damage_to_player"}
_EVENT = "|".join(re.escape(event) for event in _EVENTS)
_EVENT_OR = re.compile(rf" or (?=(?:{_EVENT})$)")  # between two events (an event may hold " or ")
# "When <self> enters the field or attacks, …": one auto ability per event (FFTCG 11.8.1).
_TRIGGER = re.compile(rf"^When (?P<subject>.+?) (?P<event>(?:{_EVENT})(?: or (?:{_EVENT}))?), (?P<rest>.+)$", re.S)
_DECLARED = re.compile(r"^When (1 or more Forwards you control attack|a party you control attacks), (.+)$", re.S)
_CAST = re.compile(r"^When (?P<who>you cast|your opponent casts) a Summon, (?P<rest>.+)$", re.S)
# FFTCG 9.5 (digest 8.5a): "at the end of the turn" abilities trigger with "at the beginning of the End Phase"
_PHASE = re.compile(r"^At the (?:beginning of (?:the (?P<phase>Attack|End) Phase during each of your turns|"
                    r"(?P<main>your Main Phase 1|the Main Phase 1 during each of your turns))|"
                    r"(?P<end>end of each of your turns)), (?P<rest>.+)$", re.S)
# "Cost: Effect" (the cost read by clauses.cost); a special ability's name stands before its [Special] symbol.
_ACTION = re.compile(r"^(?!When |If |At )(?:(?P<name>[^\[:\"]+?) (?=\[Special\]))?(?P<cost>[^:\"]+):\s+(?P<rest>.+)$",
                     re.S)
def _control(at: str, count: int, phrase: str, key: str = "control") -> dict[str, Any] | None:
    """Read "2 or more Job Knight Forwards" (after "if you control") into a `control` condition of printed facts."""
    found = clauses.card_phrase(phrase)
    if found is None or not set(found) <= {"type", "element", "job", "name", "category", "cost_at_most",
                                           "cost_at_least", "any_of", "none_of"}:
        return None
    return {key: {**found, at: count}}


_CONDITIONS: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile(r"^during your turn, ", re.I), lambda m: {"your_turn": 1}),
    (re.compile(r"^if you control (\d+) or more Backups, ", re.I), lambda m: {"backups_at_least": int(m.group(1))}),
    (re.compile(r"^if you control (\d+) or more Forwards, ", re.I), lambda m: {"forwards_at_least": int(m.group(1))}),
    (re.compile(r"^if you have received (\d+) (?:or more points of damage|points of damage or more), ", re.I),
     lambda m: {"damage_at_least": int(m.group(1))}),
    (re.compile(r"^if you have (\d+) or less cards in your hand, ", re.I), lambda m: {"hand_at_most": int(m.group(1))}),
    (re.compile(r"^if you have (\d+) cards? or less in your hand, ", re.I), lambda m: {"hand_at_most": int(m.group(1))}),
    (re.compile(r"^if you have (\d+) or more cards in your hand, ", re.I), lambda m: {"hand_at_least": int(m.group(1))}),
    (re.compile(r"^if your opponent has (\d+) cards? or less in (?:their|his/her) hand, ", re.I),
     lambda m: {"opponent_hand_at_most": int(m.group(1))}),
    (re.compile(r"^if your opponent has no cards in (?:their|his/her) hand, ", re.I),
     lambda m: {"opponent_hand_at_most": 0}),
    (re.compile(r"^if your opponent has received (\d+) (?:or more points of damage|points of damage or more), ", re.I),
     lambda m: {"opponent_damage_at_least": int(m.group(1))}),
    (re.compile(r"^if your opponent controls (\d+) or more ([^,]+), ", re.I),
     lambda m: _control("at_least", int(m.group(1)), m.group(2), "opponent_control")),
    (re.compile(r"^if you control (\d+) or more ([^,]+), ", re.I), lambda m: _control("at_least", int(m.group(1)), m.group(2))),
    (re.compile(r"^if you control (\d+) or less ([^,]+), ", re.I), lambda m: _control("at_most", int(m.group(1)), m.group(2))),
    (re.compile(r"^if you control an? ([^,]+), ", re.I), lambda m: _control("at_least", 1, m.group(1))),
    (re.compile(r"^if you control ((?:Card Name|Job) [^,]+), ", re.I), lambda m: _control("at_least", 1, m.group(1))),
)


def _ability(text: str, summon: bool) -> list[Ability]:
    """Read one printed ability into one or more abilities of the vocabulary (Unread when a clause is not read)."""
    head: Ability = {}
    ex_burst = _EX_BURST.match(text)
    if ex_burst is not None:
        text = text[ex_burst.end():]
        if not summon:  # a Summon's EX Burst is the card's icon (its `ex_burst` flag), not a key of its effect
            head["ex_burst"] = True
    damage = _DAMAGE.match(text)
    if damage is not None:
        head["damage"] = int(damage.group(1))
        text = text[damage.end():]
    text = _OR_WHEN_SELF.sub(r"\1 or ", text)  # "When <self> enters the field or when <self> is put …": one subject
    declared = _DECLARED.match(text)
    if declared is not None:  # once per attack declared by the controller (FFTCG 10.1.2, a Party 15.1.1.9)
        event = "attack_declared" if declared.group(1).startswith("1 or more") else "party_attack_declared"
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
    theirs = _THEIR_END.match(text)
    if theirs is not None:  # FFTCG 9.5 (digest 8.5a): the End Phase of the opponent's turn
        return _auto({**head, "of": {"controller": "opponent"}}, "<self>", ("end_phase_start",), theirs.group(1))
    burst = _EX_BURST_USED.match(text)
    if burst is not None:  # FFTCG 11.10: using an EX Burst is the event (its card's controller used it)
        return _auto({**head, "of": {"controller": "opponent"}}, "<self>", ("ex_burst_used",), burst.group(1),
                     it_is_self=False)
    due = _ENTERS_DUE.match(text)
    if due is not None:  # the way it entered the field narrows the trigger (FFTCG 11.8)
        return _auto({**head, "entered_by": "cast" if due.group(1) == "cast" else "effect"}, "<self>", ("enters_field",),
                     due.group(2))
    trigger = _TRIGGER.match(text)
    if trigger is not None:
        events = tuple(_EVENTS[event] for event in _EVENT_OR.split(trigger.group("event")))
        yours = "enters your field" in trigger.group("event")
        either = re.match(r"^<self> or (an? .+)$", trigger.group("subject"))
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
    phase = _PHASE.match(text)
    if phase is not None:
        event = {"Attack": "attack_phase_start", "End": "end_phase_start"}.get(phase.group("phase") or "",
                                                                              "main_phase_start")
        event = "end_phase_start" if phase.group("end") else event
        return _auto(head, "<self>", (event,), phase.group("rest"))
    action = _ACTION.match(text)
    if action is not None and not summon:
        return [_action(head, action.group("name") or "", action.group("cost"), action.group("rest"))]
    if _BACKUP_CP_ONLY.match(text):  # read while in the hand, where the card is paid for
        return [{"kind": "field", **head, "effect": "backup_cp_only", "applies_to": "self"}]
    if summon and (_OWN_COST.match(_condition(text)[0].rstrip(".")) or _OWN_COST_EACH.match(_condition(text)[0].rstrip("."))):  # read while in the hand (FFTCG 11.12.4.4)
        return _field(head, text)
    if summon:
        return [{**head, **_effect(text, optional_allowed=False)}]
    return _field(head, text)


def _auto(head: Ability, subject: str, events: tuple[str, ...], rest: str, yours: bool = False,
          it_is_self: bool = True) -> list[Ability]:
    """Read an auto ability's effect once for each event that triggers it (FFTCG 11.8); `yours`: the event is a card
    entering its controller's field ("enters your field"); `it_is_self`: a lone "it" may mean the card itself."""
    ability: Ability = dict(head)
    if subject != "<self>":
        of = re.match(r"^(?:a|an) (.+)$", subject)
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
    effect = _effect(rest, optional_allowed=True, it_is_self=subject == "<self>" and it_is_self)
    return [{"trigger": event, **ability, **effect} for event in events]


def _condition(text: str) -> tuple[str, dict[str, int]]:
    for pattern, read in (*_CONDITIONS, *_MORE_CONDITIONS):
        match = pattern.match(text)
        if match is not None:
            condition = read(match)
            if condition is None:
                raise Unread(match.group(0).rstrip(", "))
            return text[match.end():], condition
    return text, {}


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
            ability["only"] = ["once_per_turn"]
    ability.update(_effect(rest, optional_allowed=False))
    return ability


# "This effect will trigger only once per turn." closing an auto ability's text
_ONCE_PER_TURN = re.compile(r"\s*This effect will trigger only once per turn\.?$")
# "You can only use this ability during your turn (and only once per turn)." closing an action ability's text
_USE_LIMIT = re.compile(r"\s*You can only use this ability (?:during your turn|during your Main Phase|once per turn|"
                        r"during your turn and only once per turn|once per turn during your turn|"
                        r"while <self> is attacking)\.?$")
# "You can only use this ability (during your turn and / if <condition> and) if <self> is in your hand." closing an
# ability whose cost discards the card itself (FFTCG 12.1: an ability used from a hidden zone)
_IN_HAND = re.compile(r"\s*You can only use this ability (?:(during your turn) and |if (.+?) and )?if <self> is in your "
                      r"hand\.?$")
# "You can only use this ability if 3 or more Monster Counters are placed on <self>." (FFTCG 4.9: counters)
_COUNTERS_NEEDED = re.compile(r"\s*You can only use this ability if (\d+) or more (\w+) Counters are placed on <self>\.?$")
# "You can only use this ability if <self> has received 4000 damage or more (and only once per turn)."
_DAMAGE_NEEDED = re.compile(r"\s*You can only use this ability if <self> has received (\d+) damage or more"
                            r"( and only once per turn)?\.?$")
_USE_IF = re.compile(r"\s*You can only use this ability if (.+?)( and only once per turn)?\.?$")
_LIMIT_WORDS = {"during your turn": "your_turn", "during your Main Phase": "main_phase", "once per turn": "once_per_turn",
                "while <self> is attacking": "while_attacking"}


def _field(head: Ability, text: str) -> list[Ability]:
    """Read a field ability: a continuous effect while the card is on the field (FFTCG 11.12)."""
    text, condition = _condition(text)
    if condition:
        head = {**head, "condition": condition}
    sentence = text.rstrip(".")
    if "." in clauses.QUOTE.sub("", sentence):  # one sentence (a quoted granted ability may hold its own)
        raise Unread(text)
    found = _field_sentence(sentence)
    if found is None:
        raise Unread(sentence)
    return [{"kind": part.get("kind", "field"), **head, **{k: v for k, v in part.items() if k != "kind"}}
            for part in found]


_BACKUP_CP_ONLY = re.compile(r"^You can only pay with CP produced by Backups to (?:cast|play) <self>\.?$")
_OWN_COST = re.compile(r"^the cost (?:required to cast|required to play|for playing) <self>(?: onto the field)? is "
                       r"(reduced|increased) by (\d+)$", re.I)
_OWN_COST_EACH = re.compile(r"^the cost (?:required to cast|required to play) <self>(?: onto the field)? is "
                            r"(reduced|increased) by (\d+) for each (.+)$", re.I)
_CHOSEN_BY = {"Summons": "summons", "abilities": "abilities", "Summons or abilities": "any"}


def _field_sentence(sentence: str) -> list[Ability] | None:
    """Read the sentence of a field ability into its abilities (one per effect)."""
    granting = _granted_by_field(sentence)
    if granting is not None:
        return granting
    named = re.match(r"^The (Card Name .+?) gains (.+)$", sentence)
    if named is not None:  # "The Card Name Locke you control gains Haste": the Character(s) of that name
        return _field_sentence(f"The {named.group(1)} gain {named.group(2)}")
    made = re.match(r"^<self> (?:also )?becomes a Forward with (\d+) power(?: and gains (.+))?$", sentence)
    if made is not None:   # FFTCG 11.12.4.6 ③: also a Forward while the field ability works
        granted = clauses._grants(made.group(2)) if made.group(2) else []
        return None if granted is None else [{"effect": "become_forward", "power": int(made.group(1)),
                                              "applies_to": "self"}, *({**g, "applies_to": "self"} for g in granted)]
    each = re.match(r"^(?:For each (.+?), <self> gains \+(\d+) power|<self> gains \+(\d+) power for each (.+))$", sentence)
    if each is not None:  # counted while the characteristics are (FFTCG 11.12.4)
        counted = clauses.counted_amount(each.group(1) or each.group(4), int(each.group(2) or each.group(3)))
        if counted is None or not counts_printed_facts(counted):
            return None
        return [{"effect": "power", "amount": counted, "applies_to": "self"}]
    gains = re.match(r"^<self> gains (.+)$", sentence)
    if gains is not None:
        granted = clauses._grants(gains.group(1))
        return None if granted is None else [{**g, "applies_to": "self"} for g in granted]
    guarded = re.match(r"^The (.+?) (cannot be chosen|cannot become dull) by your opponent's (Summons or abilities|Summons|"
                       r"abilities)$", sentence)
    if guarded is not None:  # "your opponent" is theirs only for cards you control
        applies = clauses.card_phrase(guarded.group(1))
        if applies is None or applies.get("controller") != "you" or "zone" in applies or any(
                key in applies for key in MOMENT_KEYS):
            return None
        return [{"effect": "cannot_be_chosen" if guarded.group(2) == "cannot be chosen" else "cannot_be_dulled",
                 "by": _CHOSEN_BY[guarded.group(3)], "player": "opponent", "applies_to": applies}]
    others = re.match(r"^The (.+?) gain (.+)$", sentence)
    if others is not None:
        applies = clauses.card_phrase(others.group(1))
        granted = clauses._grants(others.group(2), own=(applies or {}).get("controller") == "you")
        if applies is None or granted is None or "zone" in applies or any(key in applies for key in MOMENT_KEYS):
            return None
        return [{**g, "applies_to": applies} for g in granted]
    undullable = re.match(r"^<self> cannot become dull by your opponent's (Summons or abilities|Summons|abilities)$",
                          sentence)
    if undullable is not None:  # FFTCG 1.3: their effects do not dull it
        return [{"effect": "cannot_be_dulled", "by": _CHOSEN_BY[undullable.group(1)], "player": "opponent",
                 "applies_to": "self"}]
    chosen = re.match(r"^<self> cannot be chosen by (?:your opponent's (Summons or abilities|Summons|abilities)|"
                      r"(Summons|abilities|Summons or abilities) your opponent (?:plays|uses|plays or uses))$", sentence)
    if chosen is not None:
        by = _CHOSEN_BY[chosen.group(1) or chosen.group(2)]
        return [{"effect": "cannot_be_chosen", "by": by, "player": "opponent", "applies_to": "self"}]
    anyone = re.match(r"^<self> cannot be chosen by (Summons or abilities|Summons|abilities)$", sentence)
    if anyone is not None:  # anyone's, its controller's too
        return [{"effect": "cannot_be_chosen", "by": _CHOSEN_BY[anyone.group(1)], "applies_to": "self"}]
    unblockable = re.match(r"^<self> cannot be blocked by a Forward of cost (\d+) or more$", sentence)
    if unblockable is not None:
        return [{"effect": "cannot_be_blocked_by", "cost_at_least": int(unblockable.group(1)), "applies_to": "self"}]
    if sentence == "<self> cannot be blocked":
        return [{"effect": "cannot_be_blocked_by", "cost_at_least": 0, "applies_to": "self"}]
    restriction = {"<self> cannot attack": ("cannot_attack",), "<self> cannot block": ("cannot_block",),
                   "<self> cannot attack or block": ("cannot_attack", "cannot_block"),
                   "<self> must block if possible": ("must_block",),
                   "<self> cannot be broken": ("cannot_be_broken",),
                   "<self> must attack once per turn if possible": ("must_attack",),
                   "<self> enters the field dull": ("enters_dull",),
                   "<self> does not activate during your Active Phase": ("stays_dull",)}.get(sentence)
    if restriction is not None:
        return [{"effect": word, "applies_to": "self"} for word in restriction]
    own_cost = _OWN_COST.match(sentence)
    if own_cost is not None:
        amount = int(own_cost.group(2)) * (-1 if own_cost.group(1) == "reduced" else 1)
        return [{"effect": "cost_change", "amount": amount, "applies_to": "self"}]
    each = _OWN_COST_EACH.match(sentence)
    if each is not None:  # counted where the card's cost is counted, in the hand (FFTCG 11.12.4.4)
        counted = clauses.counted_amount(each.group(3), int(each.group(2)), negative=each.group(1) == "reduced")
        if counted is None or any(key in counted.get("count", {}) for key in MOMENT_KEYS):
            return None
        return [{"effect": "cost_change", "amount": counted, "applies_to": "self"}]
    reduce = re.match(r"^If <self> is dealt damage, reduce the damage by (\d+) instead$", sentence)
    if reduce is not None:
        return [{"kind": "replacement", "event": "damage", "instead": "reduce", "amount": int(reduce.group(1)),
                 "applies_to": "self"}]
    return _damage_replacement(sentence)


_SENTENCE_END = re.compile(r"(?<=\.)\s+")
# "Draw 1 card, then discard 1 card": two effects in that order
_THEN = re.compile(r",? then,? (?=[a-z])")
# "Then, draw 1 card." opening a sentence: the next effect, in order (as every sentence is)
_THEN_FIRST = re.compile(r"^Then, (?=[a-z])")


def _effect(text: str, optional_allowed: bool, it_is_self: bool = False) -> Ability:
    """Read an effect's sentences into the ability keys that say it: `effect` (+ parameters), `target` or `all`,
    `then`, `optional`. `it_is_self`: "it" before any card is chosen means the card itself (a trigger's subject)."""
    lines = text.split("\n")
    permanent = _NOT_ENDING.search(lines[0])
    if permanent is not None:  # "(This effect does not end at the end of the turn.)" closing the last sentence
        lines[0] = f"{lines[0][:permanent.start()]}."
    modes = [line.strip().strip('"') for line in lines[1:]]
    sentences = [_THEN_FIRST.sub("", part.strip().rstrip(".")) for s in _quotes_whole(_SENTENCE_END.split(lines[0].strip()))
                 for part in (_THEN.split(s) if not clauses.QUOTE.search(s) else [s]) if part.strip()]
    if permanent is not None and sentences:  # read as lasting the turn, then made permanent (_made_to_last)
        sentences[-1] = _AS_LASTING.sub(r"\g<0> until the end of the turn", sentences[-1])
    sentences = _joined_placements(_joined_looks(sentences))
    until_theirs = {index for index, sentence in enumerate(sentences) if _OPPONENT_TURN.search(sentence)}
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
    for index, sentence in enumerate(sentences):
        if _unreducible(sentence, steps) or _play_removed(sentence, steps, ability) or _units_note(sentence, steps):
            continue
        if sentence.lower().startswith("when you do so, "):
            steps.append(_when_done(steps, " ".join(s + "." for s in [sentence[len("when you do so, "):],
                                                                       *sentences[index + 1:]]), ability))
            break
        choose = re.match(r"^choose (.+)$", sentence, re.I)
        if choose is not None:
            target = clauses.counted_phrase(choose.group(1))
            if target is None or index != 0:
                raise Unread(sentence)
            ability["target"] = target
            continue
        if re.match(r"^select (?:\d+) of the (\d+) following actions$", sentence, re.I) and not steps:
            steps.append(_modes(modes, sentence))
            modes = []
            continue
        until = _reveal_until(sentences[index:]) if not steps and "target" not in ability else None
        if until is not None:
            steps.append(until)
            break
        shown = (clauses.reveal_hand_sentences(sentences[index:]) or _reveal_and_maybe_select(sentences[index:])
                 ) if not steps and "target" not in ability else None
        if shown is not None:  # its select, if any, is the last pick: the discard is done to it
            steps += shown
            break
        moved = clauses.own_card_sentence(sentence) if index == 0 and "target" not in ability else None
        if moved is not None and index + 1 < len(sentences) and sentences[index + 1].lower().startswith(
                "when you do so, "):  # read only before "When you do so" (its picks are no later sentence's "it")
            steps += moved
            continue
        selected = clauses.select_sentence(sentence) if index == 0 and "target" not in ability else None
        if selected is not None:  # the sentences after it are done to the selected cards
            picking = True
            steps.append(selected)
            continue
        cast = _cast_from_hand(sentence) if not steps and "target" not in ability and "all" not in ability and index == len(sentences) - 1 else None
        if cast is not None:  # the picked Summon is cast: no later sentence is done to it
            steps += cast
            continue
        played = clauses.play_from_hand_sentence(sentence) if not steps and "target" not in ability else None
        if played is not None and index == len(sentences) - 1:  # its picks are the cards of the steps after it
            steps += played
            continue
        if picking:
            found = clauses.target_sentence(sentence, "field")
        elif re.match(r"^if ", sentence, re.I):
            found = _conditional(sentence, ability, steps, last)
        else:
            found = _sentence(sentence, ability, it_is_self and not steps)
        if found is None or (index in until_theirs and not _made_to_last(found, "opponent_turn")):
            raise Unread(sentence)
        last = found
        steps += found
    if modes:
        raise Unread(modes[0])
    if not steps:
        raise Unread(text)
    if permanent is not None and not _made_to_last(last, "permanent"):
        raise Unread(permanent.group(0).strip())
    if "on" in steps[0]:  # only an effect after the chosen cards' first one is done to the card itself
        raise Unread(sentences[0])
    paying = [step for step in steps if step["effect"] == "pay"]
    if paying and not (ability.get("optional") and len(steps) == 2 and steps[1]["effect"] == "when_done"):
        raise Unread(sentences[0])  # only "you may pay …. When you do so, …" is read
    ability.update(steps[0])
    if len(steps) > 1:
        ability["then"] = steps[1:]
    return ability


def _when_done(steps: list[clauses.Effect], rest: str, ability: Ability) -> clauses.Effect:
    """Read "When you do so, <effect>." after "you may discard 1 card", "you may receive 1 point of damage" or "you
    may put <self> into the Break Zone" (its only step): a when_done step whose effect triggers (effects.py)."""
    if isinstance(ability.get("target"), dict) or "all" in ability:
        raise Unread("When you do so, …")
    if len(steps) == 2 and steps[0]["effect"] == "select":  # "(you may) put 1 Backup you control into the Break Zone":
        # none to select, none moved: not done, so "you may" is not needed (own_card_sentence)
        return {"effect": "when_done", "after": "moved", "do": _effect(rest, optional_allowed=False)}
    if len(steps) != 1 or not ability.get("optional"):
        raise Unread("When you do so, …")
    done = steps[0]
    after = ("pay" if done["effect"] == "pay" else
             "discard" if done["effect"] == "discard" and done.get("player", "you") == "you" else
             "damage" if done["effect"] == "damage_player" and done.get("player") == "you" else
             "self_break" if done["effect"] == "put_into_break" and ability.get("target") == "self" else None)
    if after is None:
        raise Unread("When you do so, …")
    found: clauses.Effect = {"effect": "when_done", "after": after, "do": _effect(rest, optional_allowed=False)}
    if after == "discard":
        found["count"] = int(done["count"])
    return found


def _conditional(sentence: str, ability: Ability, steps: list[clauses.Effect],
                 last: list[clauses.Effect]) -> list[clauses.Effect] | None:
    """Read "If <condition>, <effect>." (done only when the condition holds) and "If <condition>, <effect> instead."
    (done in place of the sentence before, which is then done only when it does not hold): effect steps with `if`
    and `unless` (effects.py; the condition is read once per resolution, when the first step naming it is done)."""
    rest, condition = _condition(sentence)
    if not condition:
        rest, condition = _resolving_condition(sentence)
    if not condition:  # an "If …" no condition reads: a sentence of its own ("If it is put … this turn, … instead")
        return _sentence(sentence, ability, False)
    rest = re.sub(r"^also (?=[a-z])", "", rest)  # "If …, also draw 1 card": done besides the sentence before
    instead = rest.endswith(" instead")
    if instead:
        rest = rest[:-len(" instead")]
        if not last:
            return None
    before = (ability.get("target"), ability.get("all"))
    found = _sentence(rest, ability, False)
    if found is None or (ability.get("target"), ability.get("all")) != before:
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
                last.startswith("look at the top") and sentence.lower().startswith("return these to the top")):
            joined[-1] = f"{joined[-1]}. {sentence}"
        else:
            joined.append(sentence)
    return joined


def _sentence(sentence: str, ability: Ability, it_is_self: bool) -> list[clauses.Effect] | None:
    """Read one sentence of an effect, given what the ability already chose (its `target` or `all`)."""
    player = clauses.player_sentence(sentence)
    if player is not None:
        return [player]
    later = re.match(r"^at the end of the turn, (.+)$", sentence, re.I)
    if later is not None:  # a delayed ability on the card itself (FFTCG 11.8.17; the end of the turn: 9.5)
        itself = clauses.self_sentence(later.group(1))
        return None if itself is None else [{"effect": "delayed", "when": "end_phase_start",
                                             "do": [{**effect, "on": "self"} for effect in itself]}]
    for read in _SENTENCE_READERS:  # the templates of effects, damage and triggers (below)
        found = read(sentence, ability)
        if found is not None:
            return found
    target = ability.get("target")
    if isinstance(target, dict):
        return clauses.target_sentence(sentence, target.get("zone", "field")) or _on_self(sentence) or _on_all(
            sentence, target.get("zone", "field"))
    if "all" in ability:
        return (clauses.lasting_sentence(sentence, "they") or clauses.target_sentence(sentence, "field")
                or _on_self(sentence))
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
    select = re.match(r"^select 1 of the (\d+) following actions$", sentence, re.I)
    if select is None or int(select.group(1)) != len(modes):
        raise Unread(sentence)
    read: list[list[clauses.Effect]] = []
    for mode in modes:
        ability = _effect(mode, optional_allowed=False)
        then = ability.pop("then", [])
        read.append([ability, *then])
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


# "If <self> / a Forward you control is dealt damage less than its power, the damage becomes 0 instead" (FFTCG 11.12.5)
_LESS_THAN_POWER = re.compile(r"^If (?:(?P<self><self>)|an? (?P<phrase>.+?)) is dealt damage less than (?:his|her|its) "
                              r"power, the damage becomes 0 instead$")


def _damage_replacement(sentence: str) -> list[Ability] | None:
    """Read a field ability replacing the damage dealt to the card itself or to the Forwards a phrase names."""
    party = _PARTY_DAMAGE.get(re.sub(r"\d+", "N", sentence))
    if party is not None:  # FFTCG 15.1.1.9: while the card attacks in a Party with the Forward dealt damage
        amount = re.search(r"\d+", sentence)
        return [{"kind": "replacement", "event": "damage", "in_party_with_self": True, **party,
                 **({"amount": int(amount.group(0))} if party["instead"] == "reduce" and amount else {})}]
    less = _LESS_THAN_POWER.match(sentence)
    if less is None:
        return None
    applies: Any = "self"
    if less.group("phrase"):
        applies = clauses.card_phrase(less.group("phrase"))
        if applies is None or "zone" in applies or any(key in applies for key in MOMENT_KEYS):
            return None
    return [{"kind": "replacement", "event": "damage", "instead": "prevent", "less_than_power": True,
             "applies_to": applies}]


_UNREDUCIBLE = re.compile(r"^This damage cannot be reduced$", re.I)


def _unreducible(sentence: str, steps: list[clauses.Effect]) -> bool:
    """Read "This damage cannot be reduced." after a damage step: no replacement reducing or preventing it applies
    ("cannot" wins, FFTCG 1.3); True when read (the step before now says so)."""
    if not _UNREDUCIBLE.match(sentence) or not steps or steps[-1]["effect"] not in ("deal_damage", "divide_damage"):
        return False
    steps[-1]["unreducible"] = True
    return True


# conditions read only as an effect resolves (an effect step's `if` / `unless`), never by a field ability: what they
# read (this turn's damage) is no part of what the characteristics are computed from
_RESOLVING_CONDITIONS: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile(r"^if you have received (?:a point of )?damage this turn, ", re.I), lambda m: {"damaged_this_turn": 1}),
    (re.compile(r"^if <self> has (\d+) power or more, ", re.I), lambda m: {"self_power_at_least": int(m.group(1))}),
)


def _resolving_condition(text: str) -> tuple[str, dict[str, int]]:
    """Read "If you have received a point of damage this turn, …" (the condition, and the text after it)."""
    for pattern, read in _RESOLVING_CONDITIONS:
        match = pattern.match(text)
        if match is not None:
            return text[match.end():], read(match)
    return text, {}


# "When it is put from the field into the Break Zone this turn, draw 1 card." after one card was chosen
_WHEN_PUT_THIS_TURN = re.compile(r"^When it is put from the field into the Break Zone this turn, (.+)$", re.I)


def _when_put_this_turn(sentence: str, ability: Ability) -> list[clauses.Effect] | None:
    """Read a delayed ability watching the chosen card until the end of the turn (FFTCG 11.8.17): its effect acts on
    players only (the chosen card is gone by then)."""
    match = _WHEN_PUT_THIS_TURN.match(sentence)
    target = ability.get("target")
    if match is None or not isinstance(target, dict) or target.get("count", 1) != 1 or target.get("zone", "field") != "field":
        return None
    done = clauses.player_sentence(match.group(1))
    if done is None or done["effect"] == "pay":
        return None
    return [{"effect": "delayed", "when": "put_into_break_zone", "this_turn": True, "do": [done]}]


# "Cast 1 Summon of cost 6 or less from your hand without paying its cost." (FFTCG 11.3: cast as the effect resolves)
_CAST_FREE = re.compile(r"^cast 1 (?P<phrase>.+?) from your hand without paying (?:the|its) cost$", re.I)


def _cast_from_hand(sentence: str) -> list[clauses.Effect] | None:
    """Read casting a Summon from the hand for free: its controller selects it as the effect resolves (the hand is
    hidden: not a choice of targets), then it is cast (cast_free)."""
    match = _CAST_FREE.match(sentence)
    wanted = clauses.card_phrase(match.group("phrase")) if match is not None else None
    if wanted is None or wanted.get("type") != "summon" or set(wanted) - {"type", "element", "job", "name", "category",
                                                                         "cost_at_most", "any_of"}:
        return None
    return [{"effect": "select", "player": "you", "count": 1, "filter": {**wanted, "zone": "hand", "controller": "you"}},
            {"effect": "cast_free"}]


_CANCEL = re.compile(r"^Cancel its effect$", re.I)


def _cancel_summon(sentence: str, ability: Ability) -> list[clauses.Effect] | None:
    """Read "Choose 1 Summon (of cost 4 or less). Cancel its effect.": the Summon chosen is one on the stack, which
    leaves it without resolving (cancel); read only as the chosen card's first effect."""
    target = ability.get("target")
    if not _CANCEL.match(sentence) or not isinstance(target, dict) or target.get("type") != "summon" or set(target) - {
            "type", "cost_at_most", "cost_at_least", "element", "name", "job", "category", "any_of", "none_of"}:
        return None
    target["zone"] = "stack"
    return [{"effect": "cancel"}]


_PLAY_REMOVED = re.compile(r"^play the removed (?:Forward|Character|card) onto the field( dull)?$", re.I)


def _play_removed(sentence: str, steps: list[clauses.Effect], ability: Ability) -> bool:
    """Read "Remove it from the game. Then, play the removed Forward onto the field dull." as one step on the chosen
    card you control (remove_then_play: the card removed is a new object, FFTCG 7.4, which this step still follows);
    True when read (the step before is now that one)."""
    match = _PLAY_REMOVED.match(sentence)
    target = ability.get("target")
    if match is None or not steps or steps[-1] != {"effect": "remove_from_game"} or not isinstance(target, dict) or (
            target.get("controller") != "you"):
        return False
    steps[-1] = {"effect": "remove_then_play", "dull": bool(match.group(1))}
    return True


_SELECT_IN_HAND = re.compile(r"^(?P<may>You may )?select 1 (?P<phrase>.+?) (?:from|in) (?:their|his/her) hand"
                             r"(?P<other> other than an? (?:Forward|Backup|Monster|Summon))?$", re.I)
_IF_YOU_DO_SO = {"if you do so, your opponent discards it and draws 1 card": {"effect": "discard"},
                 "if you do so, remove it from the game and your opponent draws 1 card": {"effect": "remove_from_game"}}
_REMOVES_IT = re.compile(r"^your opponent removes it from the game$", re.I)


def _reveal_and_maybe_select(sentences: list[str]) -> list[clauses.Effect] | None:
    """Read "Your opponent reveals their hand. You may select 1 card (other than a Backup) in their hand. If you do so,
    your opponent discards it (remove it from the game) and draws 1 card." (you may pick as it resolves, up_to; the draw
    only when a card was picked, if_selected) and "… Select 1 card in their hand. Your opponent removes it from the
    game." (a pick, then removed)."""
    if len(sentences) != 3 or clauses.reveal_hand_sentences(sentences[:1]) is None:
        return None
    picked = _SELECT_IN_HAND.match(sentences[1])
    wanted = clauses.card_phrase(picked.group("phrase")) if picked is not None else None
    if picked is None or wanted is None or set(wanted) & {"controller", "zone"}:
        return None
    if picked.group("other"):  # "card other than a Backup"
        wanted["none_of"] = [{"type": picked.group("other").split()[-1].lower()}]
    select: clauses.Effect = {"effect": "select", "player": "you", "count": 1,
                              "filter": {**wanted, "zone": "hand", "controller": "opponent"}}
    if picked.group("may"):
        done = _IF_YOU_DO_SO.get(sentences[2].lower())
        if done is None:
            return None
        return [{"effect": "reveal_hand", "player": "opponent"}, {**select, "up_to": True}, dict(done),
                {"effect": "draw", "count": 1, "player": "opponent", "if_selected": True}]
    if not _REMOVES_IT.match(sentences[2]):
        return None
    return [{"effect": "reveal_hand", "player": "opponent"}, select, {"effect": "remove_from_game"}]


# "Deal it 3000 damage, and deal 2000 damage to all the Forwards opponent controls": the chosen cards', then every card's
_AND_ALL = re.compile(r"^(.+?),? and ((?:deal|dull|activate|break|freeze) .+)$", re.I)


def _on_all(sentence: str, zone: str) -> list[clauses.Effect] | None:
    """Read a sentence doing something to every matching card after cards were chosen ("Choose 1 Forward. Activate it.
    All the Forwards you control gain +1000 power until the end of the turn."): its effects carry `on: <filter>` (done
    to every card passing it as the step is reached, FFTCG 11.11.5)."""
    every = clauses.all_sentence(sentence)
    if every is not None:
        found, effects = every
        return None if "zone" in found else [{**effect, "on": found} for effect in effects]
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


# "Remove it from the game for as long as <self> is on the field." (the chosen card comes back when <self> leaves)
_REMOVED_WHILE = re.compile(r"^(Remove it from the game|You gain control of it) for as long as <self> is on the field$",
                            re.I)


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


# "Deal it and <self> 9000 damage." after one card was chosen
_IT_AND_SELF = re.compile(r"^deal it and <self> (\d+) damage$", re.I)


# "Deal it 3000 damage and 1000 more damage for each card in your opponent's hand."
_MORE_FOR_EACH = re.compile(r"^deal it (\d+) damage and (\d+) more damage for each (.+)$", re.I)

# "Return it and <self> to their owners' hand."
_RETURN_IT_AND_SELF = re.compile(r"^return it and <self> to their owners'? hands?$", re.I)


# "Look at the top 2 cards of your deck. Put 1 card among them on top of your deck and the other to the bottom of your
# deck." and "Look at the top 3 cards of your deck. Return them to the top of your deck in any order." (FFTCG 7.6.1)
_PLACEMENTS = {
    "look at the top N cards of your deck. put N card among them on top of your deck and the other to the bottom of "
    "your deck": {"bottom": 1},
    "look at the top N cards of your deck. return them to the top of your deck in any order": {"bottom": 0},
}


def _joined_placements(sentences: list[str]) -> list[str]:
    """Keep a look at the deck's top and where its cards go (_PLACEMENTS) as one clause."""
    joined: list[str] = []
    for sentence in sentences:
        if joined and re.sub(r"\d+", "N", f"{joined[-1]}. {sentence}".lower()) in _PLACEMENTS:
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
_AS_LASTING = re.compile(r"^<self> (?:also becomes a Forward with \d+ power|gains [^\"]+)$")


def _made_to_last(found: list[clauses.Effect], duration: str) -> bool:
    """Make a sentence's effects, each read as lasting the turn, last `duration` instead ("permanent": "(This effect
    does not end …)" after it; "opponent_turn": "… until the end of your opponent's turn"); False when one did not."""
    if not found or any(effect.get("duration") != "turn" for effect in found):
        return False
    for effect in found:
        effect["duration"] = duration
    return True


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
_THEIR_END = re.compile(r"^At the end of (?:each of your opponent's turns|your opponent's turn), (.+)$", re.S)
# conditions read like those of _CONDITIONS (after them)
_MORE_CONDITIONS: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile(r"^if your opponent has (\d+) (?:cards or more|or more cards) in (?:their|his/her) hand, ", re.I),
     lambda m: {"opponent_hand_at_least": int(m.group(1))}),
)

# "When you receive a point of damage, …" / "When either player receives a point of damage, …"
_RECEIVES_A_POINT = re.compile(r"^When (you receive|your opponent receives|either player receives) a point of damage, "
                               r"(.+)$", re.S)
# "When you cast an Earth Summon / a Summon of cost 4 or more, …" (a kind of Summon; "a Summon" is _CAST's)
_CAST_KIND = re.compile(r"^When you cast an? (.+? Summon|Summon of cost .+?), (.+)$", re.S)

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
    placed = _PLACEMENTS.get(re.sub(r"\d+", "N", sentence.lower()))
    count = re.search(r"\d+", sentence)
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


def _it_and_self(sentence: str, ability: Ability) -> list[clauses.Effect] | None:
    """Read "Deal it and <self> 9000 damage" and "Return it and <self> to their owners' hand": the chosen cards, then
    the card itself (on: self)."""
    if not _on_one_chosen_card(ability):
        return None
    damage = _IT_AND_SELF.match(sentence)
    if damage is not None:
        return [{"effect": "deal_damage", "amount": int(damage.group(1))},
                {"effect": "deal_damage", "amount": int(damage.group(1)), "on": "self"}]
    if _RETURN_IT_AND_SELF.match(sentence):
        return [{"effect": "return_to_hand"}, {"effect": "return_to_hand", "on": "self"}]
    return None


def _removed_while_here(sentence: str, ability: Ability) -> list[clauses.Effect] | None:
    """Read "Remove it from the game / You gain control of it for as long as <self> is on the field"."""
    found = _REMOVED_WHILE.match(sentence) if _on_one_chosen_card(ability) else None
    return None if found is None else [{"effect": "remove_while_source_stays" if found.group(1).lower().startswith(
        "remove") else "control_while_source_stays"}]


# "It cannot be chosen by your opponent's Summons this turn" (your: the ability's controller) and 'It gains "This Forward
# cannot be chosen by your opponent's abilities." until the end of the turn' (your: the Forward's controller)
_UNCHOOSABLE_THIS_TURN = re.compile(r"^it cannot be chosen by your opponent's (Summons or abilities|Summons|abilities) this "
                                    r"turn$", re.I)
_UNCHOOSABLE_GRANTED = re.compile(r'^it gains "This (?:Forward|Character) cannot be chosen by your opponent\'s (Summons or '
                                  r'abilities|Summons|abilities)\.?" until the end of the turn$', re.I)


def _unchoosable_this_turn(sentence: str, ability: Ability) -> list[clauses.Effect] | None:
    """Read the chosen card's "cannot be chosen by your opponent's …" for the turn (cannot_be_chosen, FFTCG 1.3), only
    of a card the ability's controller controls: there the ability's "your" and the quoted one's (the card's
    controller's) are the same player (test_cannot_be_chosen_this_turn_is_read_of_the_card_itself_only)."""
    said = _UNCHOOSABLE_THIS_TURN.match(sentence)
    quoted = _UNCHOOSABLE_GRANTED.match(sentence) if said is None else None
    target = ability.get("target")
    if (said is None and quoted is None) or not _on_one_chosen_card(ability) or not (
            isinstance(target, dict) and target.get("controller") == "you"):
        return None
    by = _CHOSEN_BY[(said or quoted).group(1)]  # type: ignore[union-attr]
    return [{"effect": "cannot_be_chosen", "by": by, "player": "opponent", "duration": "turn"}]


# what _sentence tries first, in order: each reads one form or gives None
_SENTENCE_READERS = (_placed_look, _all_and_self, _negate_damage, _when_put_this_turn, _its_controller_discards,
                     _granted_for_the_turn, _cancel_summon, _divided, _more_for_each, _it_and_self, _removed_while_here,
                     _unchoosable_this_turn)
