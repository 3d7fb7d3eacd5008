"""The clause templates of FFTCG card text: card phrases, costs and effect sentences in the effect vocabulary.

Each template reads one printed form and gives the vocabulary's mapping (effects.py); a phrase no template reads
gives None, and the ability holding it is not compiled (templates, not guesses). The card's own name is `<self>`
(card_text.with_name_marked). Cost symbols are the readable text's `[Fire]`, `[Dull]`, `[Special]`, `[1]`.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from tabletop.games.fftcg.cards import ELEMENTS
from tabletop.games.fftcg.effects import CHOOSER_WORDS

Effect = dict[str, Any]

_GROUP_NAME = re.compile(r"\(\?P<\w+>")


def either_pattern(patterns: Iterable[re.Pattern[str]]) -> re.Pattern[str]:
    """Return one pattern matching a text's start exactly when one of `patterns` does: a gate that turns away, in one
    call, a text none of a long list of templates reads, before they are tried in order (speed; the first match is the
    same), and that names the first of them matching (first_matching). Contract: the patterns share their flags and
    use no back-references (their own group names are dropped)."""
    forms = list(patterns)
    flags = {pattern.flags for pattern in forms}
    if len(flags) != 1 or any("(?P=" in pattern.pattern for pattern in forms):
        raise ValueError("either_pattern needs patterns of the same flags, without back-references")
    # alternatives are tried left to right, so the one matching is the first pattern in order that matches
    return re.compile("|".join(f"(?P<t{index}>{_GROUP_NAME.sub('(?:', pattern.pattern)})"
                               for index, pattern in enumerate(forms)), flags.pop())


def first_matching(either: re.Pattern[str], text: str) -> int | None:
    """Return the index of the first pattern of an either_pattern matching `text`'s start (None: none does)."""
    match = either.match(text)
    # the alternative's own group closes last, so it is the last group matched
    return None if match is None or match.lastgroup is None else int(match.lastgroup[1:])


_ELEMENT = "|".join(e.capitalize() for e in ELEMENTS)
ELEMENT_WORDS = _ELEMENT  # "Fire|Ice|…" as printed
_TYPES = {"forward": "forward", "backup": "backup", "monster": "monster", "summon": "summon",
          "character": "character"}
KEYWORD_NAMES = {"haste": "haste", "brave": "brave", "first strike": "first_strike", "back attack": "back_attack"}

# "1 dull Fire Job Knight Forward of cost 3 or less opponent controls": [count] [state] [element] [Job/Category/
# Card Name] [type] [qualifiers…]; a Job or Card Name alone names any card of it ("search for 1 Job Moogle").
# The count is read by the caller.
_TYPE_WORD = r"(?:Forward|Backup|Monster|Summon|Character|card)s?"
_NAME_END = rf"(?= {_TYPE_WORD}\b| of cost| other than| with | opponent controls| you control| in your|$)"
_NOUN = re.compile(
    rf"^(?:(?P<state>dull|active|damaged|attacking|blocking) )?(?:(?P<element>{_ELEMENT}) )?"
    rf"(?:Job (?P<job>.+?){_NAME_END}|Category (?P<category>\S+){_NAME_END}|Card [Nn]ame (?P<card_name>.+?){_NAME_END})?"
    rf"(?: ?(?P<type>(?:Forward|Backup|Monster|Summon|Character|card)s?\b)"
    rf"(?: (?:or|and/or) (?P<other>(?:Forward|Backup|Monster|Summon)s?\b))?)?(?P<rest>.*)$")
_QUALIFIERS: tuple[tuple[re.Pattern[str], Any], ...] = (
    # (s5) "of cost 2, 3, 5 or 7": one of those costs
    (re.compile(r"^ of cost ((?:\d+, )*\d+) or (\d+)"),
     lambda m: {"any_of": [{"cost_at_least": int(n), "cost_at_most": int(n)}
                           for n in [*m.group(1).split(", "), m.group(2)]]}),
    (re.compile(r"^ of cost (\d+) or (\d+)\b"),  # (s6) "of cost 2 or 3": either cost
     lambda m: {"any_of": [{"cost_at_least": int(n), "cost_at_most": int(n)} for n in m.group(1, 2)]}),
    (re.compile(r"^ of cost (\d+) or less"), lambda m: {"cost_at_most": int(m.group(1))}),
    # "of cost X (or less)": the X paid (effects.with_paid_x; the compiler reads it only where X is paid)
    (re.compile(r"^ of cost X or less"), lambda m: {"cost_at_most": {"x": 1}}),
    (re.compile(r"^ of cost X(?! or)"), lambda m: {"cost_at_most": {"x": 1}, "cost_at_least": {"x": 1}}),
    # "of that cost" after "Select 1 number": the number selected, read as X (effects.py select_number)
    (re.compile(r"^ of that cost"), lambda m: {"cost_at_most": {"x": 1}, "cost_at_least": {"x": 1}}),
    # "of the same cost as the discarded card": its cost, read as X (a discard's `cost_as_x`)
    (re.compile(r"^ of the same cost as the discarded card"),
     lambda m: {"cost_at_most": {"x": 1}, "cost_at_least": {"x": 1}}),
    (re.compile(r"^ of cost (\d+) or (?:more|higher)"), lambda m: {"cost_at_least": int(m.group(1))}),
    (re.compile(r"^ of cost (\d+)(?! or)"), lambda m: {"cost_at_most": int(m.group(1)), "cost_at_least": int(m.group(1))}),
    (re.compile(r"^ with (\d+) power or less"), lambda m: {"power_at_most": int(m.group(1))}),
    (re.compile(r"^ with (\d+) power or more"), lambda m: {"power_at_least": int(m.group(1))}),
    (re.compile(r"^ (?:with|of) (?:a )?power (?:of )?(\d+) or less"), lambda m: {"power_at_most": int(m.group(1))}),
    (re.compile(r"^ (?:with|of) (?:a )?power (?:of )?(\d+) or more"), lambda m: {"power_at_least": int(m.group(1))}),
    (re.compile(r"^ [Cc]ards?\b"), lambda m: {}),  # "Character card" / "Character Card": a Character
    (re.compile(r"^ that entered the field this turn"), lambda m: {"entered_this_turn": True}),  # (s5)
    (re.compile(r"^ that is also a (Forward|Backup|Monster)"), lambda m: {"also": m.group(1).lower()}),  # (s5)
    (re.compile(r"^ other than <self>"), lambda m: {"not_self": True}),
    (re.compile(r"^ blocking <self>"), lambda m: {"blocking": "self"}),  # the blocker of the attack <self> is in
    (re.compile(r"^ other than (?:(Card Name)|Job) (.+?)(?= you control| opponent controls| in your|$)"),
     lambda m: {"none_of": [{"name" if m.group(1) else "job": m.group(2)}]}),
    (re.compile(r"^ (?:that )?(?:your )?opponent controls"), lambda m: {"controller": "opponent"}),
    (re.compile(r"^ (?:that )?you control"), lambda m: {"controller": "you"}),
    (re.compile(r"^ (?:in|from) your Break Zone"), lambda m: {"zone": "break", "controller": "you"}),
    (re.compile(r"^ in your opponent's Break Zone"), lambda m: {"zone": "break", "controller": "opponent"}),
    # (s6) either Break Zone: the cards of both players' (FFTCG 6.1)
    (re.compile(r"^ (?:in|from) (?:each|either|any) player's Break Zone"), lambda m: {"zone": "break", "controller": "any"}),
)
_QUALIFIER_EITHER = either_pattern(pattern for pattern, _ in _QUALIFIERS)


# "Job Samurai or Card Name Samurai", "Card Name A, Card Name B or Card Name C": alternatives of Job / Card Name
# (s5) and "Light Forward or Dark Forward": alternatives of an Element and a type
_ALTERNATIVE = re.compile(rf"(?:,? or|,| and/or) (?:an? )?(?=(?:Job|Card [Nn]ame|Category) |(?:{_ELEMENT}) (?:Forward|Backup|"
                          rf"Monster|Character|Summon)s?\b)")
# (s6) "The Job Monk Forwards and Card Name Monk Forwards you control": a plural "and" names the cards of either (only
# in a field ability's plural subject; "if you control Card Name X and Card Name Y" wants both)
_PLURAL_ALTERNATIVE = re.compile(_ALTERNATIVE.pattern.replace("| and/or)", "| and/or| and)"))
# what the last alternative's trailing words say of them all ("… you control", "… in your Break Zone")
# (s6) and its cost: "Job Chocobo or Card Name Chocobo of cost 4 or less" is a card of cost 4 or less of either kind
# (not when an alternative names an Element: see _alternatives)
_SHARED = ("controller", "zone", "not_self", "none_of", "cost_at_most", "cost_at_least")


# (s6) "Fire or Earth Character": a card of either Element
_ELEMENTS_OR = re.compile(rf"^(?P<one>{_ELEMENT}) or (?P<other>{_ELEMENT}) (?P<rest>(?!(?:{_ELEMENT}) ).+)$")


def card_phrase(phrase: str, plural: bool = False) -> dict[str, Any] | None:
    """Read a card phrase without its count ("Forward of cost 4 or less opponent controls") into a card filter;
    `plural`: a field ability's subject, where "A and B" names the cards of either (_PLURAL_ALTERNATIVE)."""
    either = _ELEMENTS_OR.match(phrase.strip())
    if either is not None:
        found = _one_card_phrase(either.group("rest"))
        if found is None or "element" in found or "any_of" in found:
            return None
        return {**found, "any_of": [{"element": either.group(name).lower()} for name in ("one", "other")]}
    parts = (_PLURAL_ALTERNATIVE if plural else _ALTERNATIVE).split(phrase.strip())
    if len(parts) > 1:
        return _alternatives(parts, plural)
    return _one_card_phrase(phrase)


def _alternatives(parts: list[str], plural: bool = False) -> dict[str, Any] | None:
    """Read "Job X or Card Name Y you control" into {any_of: [{job: X}, {name: Y}], controller: you}; the last
    alternative's trailing words say who controls them, where they are and their cost (s6: as FFTCG's rulings read "Job
    Samurai or Card Name Samurai of cost 3 or less"); another qualifier of the last alternative alone (a power) is not
    guessed."""
    read = [_one_card_phrase(part) for part in parts]
    if any(one is None for one in read):
        return None
    alternatives = [dict(one) for one in read if one is not None]
    shared = {key: alternatives[-1].pop(key) for key in _SHARED if key in alternatives[-1]}
    if {"cost_at_most", "cost_at_least"} & set(shared) and any("element" in one for one in alternatives):
        return None  # "Light Forward or Dark Forward of cost 3 or less": the cost may be the Dark Forward's alone
    if plural and "type" in alternatives[-1]:  # "The Job Ninja and Card Name Ninja Forwards": Forwards of either
        alternatives = [{"type": alternatives[-1]["type"], **one} for one in alternatives]
    if any(set(one) - {"type", "element", "job", "name", "category"} for one in alternatives):
        return None
    return {"any_of": alternatives, **shared}


def _one_card_phrase(phrase: str) -> dict[str, Any] | None:
    match = _NOUN.match(phrase.strip())
    if match is None or not (match.group("type") or match.group("job") or match.group("card_name")):
        return None
    if any(" or " in name or " and " in name or "," in name or "Card Name" in name
           for name in (match.group("job") or "", match.group("card_name") or "")):
        return None  # "Job Samurai or Card Name Samurai", "Card Name A,Card Name B": one filter names one Job or name
    kind = (match.group("type") or "card").lower().rstrip("s")
    found: dict[str, Any] = {"type": _TYPES[kind]} if kind in _TYPES else {}
    if match.group("other"):  # "Forward or Monster"
        other = match.group("other").lower().rstrip("s")
        if "type" not in found or found["type"] == "character":
            return None
        found["type"] = [found["type"], _TYPES[other]]
    state = match.group("state")
    if state in ("dull", "active"):
        found["dull"] = state == "dull"
    elif state:
        found[state] = True
    if match.group("element"):
        found["element"] = match.group("element").lower()
    if match.group("job"):
        found["job"] = match.group("job")
    if match.group("category"):
        found["category"] = match.group("category")
    if match.group("card_name"):
        found["name"] = match.group("card_name")
    rest = match.group("rest")
    while rest:
        index = first_matching(_QUALIFIER_EITHER, rest)
        if index is None:
            return None
        pattern, read = _QUALIFIERS[index]
        qualifier = pattern.match(rest)
        assert qualifier is not None  # the one either_pattern found
        more = read(qualifier)
        if set(more) & set(found):  # two qualifiers saying the same thing ("any_of" twice): not guessed
            return None
        found.update(more)
        rest = rest[qualifier.end():]
    return found


_COUNTED = re.compile(r"^(?P<up_to>up to )?(?P<count>\d+) (?P<phrase>.+)$")


def counted_phrase(phrase: str) -> dict[str, Any] | None:
    """Read "up to 2 Forwards opponent controls" into a target: a card filter with its count (and up_to)."""
    match = _COUNTED.match(phrase.strip())
    if match is None:
        return None
    found = card_phrase(match.group("phrase"))
    if found is None:
        return None
    count = int(match.group("count"))
    if count != 1:
        found["count"] = count
    if match.group("up_to"):
        found["up_to"] = True
    return found


# -- costs ("[Dull], put <self> into the Break Zone", "[Fire][Fire][1]", "[Special][Lightning]", "1 Ice CP") ----
_SYMBOL = re.compile(r"\[(\w+)\]")
_CP_WORDS = re.compile(rf"^(\d+) (?:({_ELEMENT}) )?CP$")


_TOP_CARDS_COST = re.compile(r"(put|remove) the top (\d+) cards of your deck (?:into the Break Zone|from the game)", re.I)
_COUNTERS_ELSEWHERE_COST = re.compile(r"remove (\d+) (\w+) Counters? from an? (?!<self>)(.+)", re.I)
_COUNTERS_COST = re.compile(r"remove (\d+) (\w+) Counters? from <self>", re.I)
_DISCARD_COST = re.compile(r"discard (?:a total of )?(\d+) (.+?)(?: from your hand)?", re.I)


def cost(text: str) -> tuple[dict[str, Any], bool] | None:
    """Read an action ability's cost; return (the vocabulary's cost, whether it is a special ability's [Special])."""
    found: dict[str, Any] = {}
    elements: dict[str, int] = {}
    generic = 0
    special = False
    for part in (p.strip() for p in text.split(",")):
        if part.lower() == "put <self> into the break zone":
            found["break_self"] = True
            continue
        moved = {"return <self> to its owner's hand": "return_self", "remove <self> from the game": "remove_self"}.get(
            part.lower())
        if moved is not None:  # the card leaves the field as the cost is paid (FFTCG 11.6.2)
            found[moved] = True
            continue
        if part.lower() == "discard <self>":  # used from the hand (FFTCG 12.1: revealed by being discarded)
            found["discard_self"] = True
            continue
        top = _TOP_CARDS_COST.fullmatch(part)
        if top is not None and (top.group(1).lower() == "put") == part.lower().endswith("break zone"):
            found["mill" if top.group(1).lower() == "put" else "remove_top"] = int(top.group(2))
            continue
        elsewhere = _COUNTERS_ELSEWHERE_COST.fullmatch(part)
        if elsewhere is not None:  # (C) from one Character of the player's choice on the field (FFTCG 4.9)
            of = card_phrase(elsewhere.group(3))
            if of is None or set(of) - {"type", "element", "job", "name", "category", "controller"}:
                return None
            found["remove_counters_from"] = {"counter": elsewhere.group(2), "count": int(elsewhere.group(1))}
            found["remove_counters_from_of"] = of
            continue
        counters = _COUNTERS_COST.fullmatch(part)
        if counters is not None:  # counters on the card itself, removed as the cost is paid (FFTCG 4.9)
            found["remove_counters"] = {"counter": counters.group(2), "count": int(counters.group(1))}
            continue
        cards = _cost_cards(part)
        if cards is not None:
            if not cards or any(key in found for key in cards):
                return None
            found.update(cards)
            continue
        discard = _DISCARD_COST.fullmatch(part)
        if discard is not None:
            of = None if re.fullmatch(r"cards?", discard.group(2)) else card_phrase(discard.group(2))
            if of is not None and not set(of) <= {"type", "element", "job", "name", "category", "any_of"}:
                return None
            if of is None and not re.fullmatch(r"cards?", discard.group(2)):
                return None
            found["discard"] = int(discard.group(1))
            if of:
                found["discard_of"] = of
            continue
        words = _CP_WORDS.match(part)
        if words is not None:
            if words.group(2):
                elements[words.group(2).lower()] = elements.get(words.group(2).lower(), 0) + int(words.group(1))
            else:
                generic += int(words.group(1))
            continue
        if not part or _SYMBOL.sub("", part).strip():
            return None
        for symbol in _SYMBOL.findall(part):
            if symbol == "Dull":
                found["dull"] = True
            elif symbol == "Special":
                special = True
            elif symbol == "X" and "x" not in found:  # X CP, X chosen as it is paid (FFTCG 4.5)
                found["x"] = True
            elif symbol.isdigit():
                generic += int(symbol)
            elif symbol.lower() in ELEMENTS:
                elements[symbol.lower()] = elements.get(symbol.lower(), 0) + 1
            else:
                return None  # [Crystal], [X][X]…
    total = generic + sum(elements.values())
    if total:
        found["cp"] = total
    if len(elements) == 1:
        (element, count), = elements.items()
        found["element"] = element
        if count != total:
            found["element_cp"] = count
    elif elements:
        found["elements"] = elements
    return found, special


# -- costs choosing cards outside the hand (cost keys put_characters / dull_characters with their filters *_of,
# remove_break) --
_PUT_CHARACTERS = re.compile(r"put (?P<self><self> and )?(?P<count>\d+) (?P<phrase>.+?) into the Break Zone", re.I)
_DULL_CHARACTERS = re.compile(r"dull (?:a total of )?(?P<count>\d+) active (?P<phrase>.+)", re.I)
_REMOVE_CHARACTERS = re.compile(r"remove (?P<count>\d+) (?P<phrase>.+?) from the game", re.I)
_COST_CARD_KEYS = {"type", "element", "job", "name", "category", "any_of", "not_self"}
_REMOVE_BREAK = re.compile(r"remove (?P<self><self> (?:and )?)?(?:(?P<count>\d+) (?P<phrase>.+?) )?in (?:the|your) Break "
                           r"Zone from the game", re.I)


def _cost_cards(part: str) -> dict[str, Any] | None:
    """Read a cost part that picks cards outside the hand: "put <self> and 1 Monster into the Break Zone", "put 2 Ice
    Backups into the Break Zone", "dull 2 active Job Knight" (Characters you control, digest 12.3) or "remove 4 cards
    in the Break Zone from the game" (cards of your Break Zone); None when the part is not of that kind, {} when it is
    but a phrase is unread."""
    removed = _REMOVE_BREAK.fullmatch(part)
    if removed is not None:  # "remove <self> (and 1 Card Name X) in the Break Zone": used from there (from_break_zone)
        found_removed: dict[str, Any] = {"remove_self_from_break": True} if removed.group("self") else {}
        if removed.group("count"):
            phrase = removed.group("phrase")
            of = {} if re.fullmatch(r"cards?", phrase) else card_phrase(phrase)
            if of is None or not set(of) <= _COST_CARD_KEYS - {"not_self"}:
                return {}
            found_removed["remove_break"] = int(removed.group("count"))
            if of:
                found_removed["remove_break_of"] = of
        return found_removed or {}
    put = _PUT_CHARACTERS.fullmatch(part)
    dull = _DULL_CHARACTERS.fullmatch(part) if put is None else None
    remove = _REMOVE_CHARACTERS.fullmatch(part) if put is None and dull is None else None
    picked = put or dull or remove
    if picked is None:
        return None
    of = card_phrase(picked.group("phrase"))
    if of is None or not set(of) <= _COST_CARD_KEYS or of.get("type") == "summon":
        return {}
    key = "put_characters" if put is not None else "dull_characters" if dull is not None else "remove_characters"
    found: dict[str, Any] = {key: int(picked.group("count")), f"{key}_of": of}
    if put is not None and put.group("self"):
        found["break_self"] = True
    return found


# -- effect sentences -------------------------------------------------------------------------------------------
_IT = r"(?:it|them)"


# "cannot be broken by opposing Summons or abilities that don't deal damage": their break effects do not break it
# ("opposing": the opponent of the card's controller, so read only of the ability's own side's cards)
UNBREAKABLE_BY_OPPONENT = "cannot be broken by opposing Summons or abilities that don't deal damage"
UNBREAKABLE_EFFECT: Effect = {"effect": "cannot_be_broken_by", "by": "any", "player": "opponent"}
# a granted ability in quotes: "…" or ‘…’
QUOTE = re.compile(r'"([^"]*)"|‘([^’]*)’')
_CHOOSERS = {"summons": "summons", "abilities": "abilities", "summons or abilities": "any"}
# a granted restriction in quotes ("This Forward cannot block."), the card that has it its subject
_THIS = r"(?:this (?:forward|character)|<self>)"
_QUOTED: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile(rf"^{_THIS} cannot attack or block$", re.I), lambda m: [{"effect": "cannot_attack"},
                                                                       {"effect": "cannot_block"}]),
    (re.compile(rf"^{_THIS} cannot (attack|block)$", re.I), lambda m: [{"effect": f"cannot_{m.group(1).lower()}"}]),
    (re.compile(rf"^(?:if possible, {_THIS} must block|{_THIS} must block if possible)$", re.I),
     lambda m: [{"effect": "must_block"}]),
    (re.compile(rf"^{_THIS} must attack once per turn if possible$", re.I), lambda m: [{"effect": "must_attack"}]),
    (re.compile(rf"^{_THIS} cannot be broken$", re.I), lambda m: [{"effect": "cannot_be_broken"}]),
    # (s6) FFTCG 11.11.5.1: what the opponent (of the card's controller) plays chooses it while it can
    (re.compile(rf"^(?:Summons (?:and|or) abilities of your opponent|your opponent's Summons (?:and|or) abilities) must "
                rf"choose {_THIS} if possible$", re.I),
     lambda m: [{"effect": "must_be_chosen", "by": "any", "player": "opponent"}]),
    (re.compile(rf"^{_THIS} can attack (?:(twice)|(\d+) times) in the same turn$", re.I),
     lambda m: [{"effect": "attacks_per_turn", "count": 2 if m.group(1) else int(m.group(2))}]),
    (re.compile(rf"^{_THIS} {UNBREAKABLE_BY_OPPONENT}$", re.I), lambda m: [UNBREAKABLE_EFFECT]),
    (re.compile(rf"^{_THIS} cannot be blocked$", re.I), lambda m: [{"effect": "cannot_be_blocked_by", "cost_at_least": 0}]),
    (re.compile(rf"^{_THIS} cannot be blocked by (?:a Forward|Forwards) of cost (\d+) or more$", re.I),
     lambda m: [{"effect": "cannot_be_blocked_by", "cost_at_least": int(m.group(1))}]),
    (re.compile(rf"^{_THIS} cannot become dull by your opponent's (Summons or abilities|Summons|abilities)$", re.I),
     lambda m: [{"effect": "cannot_be_dulled", "by": _CHOOSERS[m.group(1).lower()], "player": "opponent"}]),
    (re.compile(rf"^{_THIS} cannot be chosen by your opponent's (Summons or abilities|Summons|abilities)$", re.I),
     lambda m: [{"effect": "cannot_be_chosen", "by": {"summons": "summons", "abilities": "abilities"}.get(
         m.group(1).lower(), "any"), "player": "opponent"}]),
)


# (s6) who deals the damage a replacement names: "dealt damage by your opponent's abilities" (actions.is_dealt_by)
_DEALERS = {"a summon or an ability": "any", "a summon or ability": "any", "summons or abilities": "any",
            "a summon": "summons", "summons": "summons", "an ability": "abilities", "abilities": "abilities",
            "a forward": "forwards"}
DAMAGE_REPLACED = (r"(?:is dealt damage|receives damage)(?: (?:by|from) (?P<by>.+?))?, (?:the damage becomes 0|"
                    r"(?:reduce the damage by|the damage is reduced by|the damage decreases by) (?P<amount>\d+)|"
                    r"the damage increases by (?P<more>\d+)) instead")


def damage_replacement(match: re.Match[str]) -> Effect | None:
    """Read the damage replacement a match of DAMAGE_REPLACED (or _QUOTED_DAMAGE) holds ("…, the damage becomes 0 instead", "…, reduce
    the damage by 1000 instead") into a replacement of the damage dealt to a Forward (FFTCG 11.12.5), narrowed to what
    deals it ("by your opponent's Summons or abilities", "by a Forward"); without `applies_to`."""
    amount = match.group("amount") or match.groupdict().get("amount2")
    more = match.groupdict().get("more")
    found: Effect = {"kind": "replacement", "event": "damage", "instead": "reduce" if amount else "increase" if more
                     else "prevent"}
    number = amount or more
    if number:
        found["amount"] = int(number)
    dealer = dealt_by(match.group("by"))
    return None if dealer is None else {**found, **dealer}


def dealt_by(by: str | None) -> dict[str, str] | None:
    """Read what deals the damage ("a Summon or an ability", "your opponent's abilities", "a Forward"; None: anything)
    into a damage replacement's `by` and `player` ({} for anything; None when not read)."""
    if by is None:
        return {}
    theirs = re.fullmatch(r"your opponent's (.+)|(.+) of your opponent", by.lower())
    dealer = _DEALERS.get(next(g for g in theirs.groups() if g) if theirs is not None else by.lower())
    if dealer is None or (theirs is not None and dealer == "forwards"):
        return None
    return {"by": dealer, "player": "opponent"} if theirs is not None else {"by": dealer}


def _quoted(text: str, own: bool, lasting: bool = False) -> list[Effect] | None:
    """Read a granted ability in quotes that the vocabulary has as a word; "your opponent" in it is the opponent of
    the card's controller, so that form is read only of the ability's own side (`own`) — or, `lasting` (s6: granted
    for a duration to the cards chosen now), as the opponent of each card's controller (`player: card_opponent`; a
    damage replacement's `opponent` is already read so, actions.is_dealt_by)."""
    replaced = _QUOTED_DAMAGE.match(text.strip().rstrip("."))
    if replaced is not None:
        effect = damage_replacement(replaced)
        return None if effect is None or (not own and not lasting and "player" in effect) else [effect]
    for pattern, read in _QUOTED:
        match = pattern.match(text.strip().rstrip("."))
        if match is not None:
            effects: list[Effect] = read(match)
            if own or not any("player" in e for e in effects):
                return effects
            if not lasting or any(e["effect"] not in CHOOSER_WORDS for e in effects if "player" in e):
                return None
            return [{**e, "player": "card_opponent"} if "player" in e else e for e in effects]
    return None




# a granted damage replacement in quotes: 'If this Forward is dealt damage by a Summon, the damage becomes 0 instead.'
_QUOTED_DAMAGE = re.compile(rf"^if {_THIS} {DAMAGE_REPLACED}$|^the damage dealt to {_THIS} is reduced by (?P<amount2>\d+) "
                            r"instead$", re.I)


_PLUS_POWER = re.compile(r"\+(\d+) power")
_LIST_SEPARATOR = re.compile(r", and |, | and ")


def _grants(text: str, own: bool = True, lasting: bool = False) -> list[Effect] | None:
    """Read "+2000 power and Brave", "Haste and First Strike", "+1000 power, Haste and Brave", 'Brave and "This Forward
    cannot block."' into effects; `own`: the cards gaining them are the ability's controller's (see _quoted). A
    granted damage replacement is a replacement ability (`kind`) of a field ability, or — `lasting`, for a duration —
    prevent_damage (a reduction is not read for a duration)."""
    quotes = [m.group(1) if m.group(1) is not None else m.group(2) for m in QUOTE.finditer(text)]
    effects: list[Effect] = []
    for part in _LIST_SEPARATOR.split(QUOTE.sub("\x00", text)):
        power = _PLUS_POWER.fullmatch(part)
        if power is not None:
            effects.append({"effect": "power", "amount": int(power.group(1))})
        elif part == UNBREAKABLE_BY_OPPONENT and own:
            effects.append(dict(UNBREAKABLE_EFFECT))
        elif part.lower() in ("haste", "brave", "first strike"):
            effects.append({"effect": "grant_keyword", "keyword": KEYWORD_NAMES[part.lower()]})
        elif part == "\x00":
            granted = _quoted(quotes.pop(0), own, lasting)
            if granted is None:
                return None
            if lasting and any("kind" in g for g in granted):
                if any(g.get("instead") != "prevent" for g in granted):
                    return None
                granted = [{"effect": "prevent_damage", **{k: g[k] for k in ("by", "player") if k in g}}
                           for g in granted]
            effects += granted
        else:
            return None
    return effects or None


_TARGET_VERBS: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile(rf"^deal {_IT} (\d+) damage$", re.I), lambda m: [{"effect": "deal_damage", "amount": int(m.group(1))}]),
    (re.compile(rf"^break {_IT}$", re.I), lambda m: [{"effect": "break"}]),
    (re.compile(rf"^dull {_IT} and freeze {_IT}$", re.I), lambda m: [{"effect": "dull"}, {"effect": "freeze"}]),
    (re.compile(rf"^dull {_IT}$", re.I), lambda m: [{"effect": "dull"}]),
    (re.compile(rf"^freeze {_IT}$", re.I), lambda m: [{"effect": "freeze"}]),
    (re.compile(rf"^activate {_IT}$", re.I), lambda m: [{"effect": "activate"}]),
    (re.compile(rf"^return {_IT} to (?:its|their) owners?'s? hands?$", re.I), lambda m: [{"effect": "return_to_hand"}]),
    (re.compile(rf"^remove {_IT} from the game$", re.I), lambda m: [{"effect": "remove_from_game"}]),
    (re.compile(rf"^remove {_IT} from the game for as long as <self> is on the field$", re.I),
     lambda m: [{"effect": "remove_from_game", "while_source_on_field": True}]),
    (re.compile(rf"^you gain control of {_IT} for as long as <self> is on the field$", re.I),
     lambda m: [{"effect": "gain_control", "while_source_on_field": True}]),
    (re.compile(rf"^put {_IT} into the Break Zone$", re.I), lambda m: [{"effect": "put_into_break"}]),
    # (C) "Place 2 Bounty Counters on it": counters on the chosen cards (FFTCG 4.9)
    (re.compile(rf"^place (\d+) (\w+) Counters? on {_IT}$", re.I),
     lambda m: [{"effect": "add_counter", "counter": m.group(2), "count": int(m.group(1))}]),
    (re.compile(rf"^(?:you )?gain control of {_IT}( until the end of the turn)?$", re.I),
     lambda m: [{"effect": "gain_control", **({"duration": "turn"} if m.group(1) else {})}]),
    (re.compile(rf"^put {_IT} at the bottom of (?:its|their) owners?'s? decks?$", re.I),
     lambda m: [{"effect": "put_on_deck", "position": "bottom"}]),
    (re.compile(rf"^put {_IT} (?:on|at the) top of (?:its|their) owners?'s? decks?$", re.I),
     lambda m: [{"effect": "put_on_deck", "position": "top"}]),
    # -- targets and choices (s5) --
    # "Deal it damage equal to <self>'s power": the card's Power as the effect is done (FFTCG 11.11.9)
    (re.compile(rf"^deal {_IT} damage equal to <self>'s? power$", re.I),
     lambda m: [{"effect": "deal_damage", "amount": {"power": "self"}}]),
    # "Deal it damage equal to its power minus 1000": each chosen card's own Power, less N
    (re.compile(rf"^deal {_IT} damage equal to its power minus (\d+)$", re.I),
     lambda m: [{"effect": "deal_damage", "amount": {"power": "it", "minus": int(m.group(1))}}]),
)
_TARGET_VERB_GATE = either_pattern(pattern for pattern, _ in _TARGET_VERBS)
# effects that take a card from the chosen zone, by the zone the target is in
_FROM_ZONE: tuple[tuple[re.Pattern[str], str, tuple[str, ...]], ...] = (
    (re.compile(rf"^add {_IT} to your hand$", re.I), "return_to_hand", ("break",)),
    (re.compile(rf"^play {_IT} onto the field$", re.I), "play_onto_field", ("break",)),
)
_PLAY_DULL = re.compile(rf"^play {_IT} onto the field dull$", re.I)


# (s6) "for every 2 Forwards …": one time for each whole 2 of them
_FOR_EACH = re.compile(rf"^deal {_IT} (\d+) damage for (?:each|every (?P<per>\d+)) (.+)$", re.I)


def counted_amount(each: str, times: int, negative: bool = False, per: int = 1) -> dict[str, Any] | None:
    """Read "Backup you control" or "point of damage you have received" (after "for each") into a number computed
    when it is used (effects.VALUE_KEYS); `negative`: a loss of power or a cost reduction."""
    counters = re.fullmatch(r"(\w+) Counter placed on <self>", each)
    if each in ("point of damage you have received", "point of damage your opponent has received"):
        found: dict[str, Any] = {"damage_points": "you" if each.startswith("point of damage you") else "opponent"}
    elif each in ("card in your hand", "card in your opponent's hand"):  # counted as the effect resolves
        found = {"hand_cards": "you" if each == "card in your hand" else "opponent"}
    elif counters is not None:  # FFTCG 4.9: counters on the ability's own card
        found = {"counters_on_self": counters.group(1)}
    elif each == "CP of a different Element you paid to cast <self>":  # as the card was cast this turn
        found = {"paid_elements": True}
    elif each.startswith("CP required to cast the highest cost ") and each.endswith(" you control"):  # (C)
        highest = card_phrase(each[len("CP required to cast the highest cost "):])
        if highest is None or not set(highest) <= {"type", "element", "job", "name", "category", "controller"}:
            return None
        found = {"highest_cost": highest}
    elif each.endswith(" you have cast this turn"):  # (C) the casts recorded this turn (turn_history)
        kind = each[:-len(" you have cast this turn")]
        cast = {} if kind == "card" else card_phrase(kind)
        if cast is None or not set(cast) <= {"type", "element", "job", "name", "category", "any_of"}:
            return None
        found = {"cast_this_turn": cast}
    else:
        counted = card_phrase(each, plural=True)  # "for each Job Dragoon and Card Name Dragoon": either counts
        if counted is None or counted.get("zone", "break") != "break":  # (s6) a Break Zone's cards count too
            return None
        found = {"count": counted}
    if per != 1:
        if "count" not in found:
            return None
        found["per"] = per
    if times != 1:
        found["times"] = times
    if negative:
        found["negative"] = True
    return found


_ON_DECK = re.compile(rf"^(?:put|place) {_IT} (on top|at the bottom) of your deck$", re.I)
_TOP_OR_BOTTOM = re.compile(rf"^put {_IT} at the top or bottom of (?:its|their) owners?'s? decks?$", re.I)
_ONE_OR_OTHER = re.compile(r"^(dull|freeze|activate) it or (dull|freeze|activate) it$", re.I)


def target_sentence(sentence: str, zone: str) -> list[Effect] | None:
    """Read a sentence doing something to the chosen cards ("Deal it 5000 damage", "Break them")."""
    each = _FOR_EACH.match(sentence)
    if each is not None and zone == "field":
        amount = counted_amount(each.group(3), int(each.group(1)), per=int(each.group("per") or 1))
        return None if amount is None else [{"effect": "deal_damage", "amount": amount}]
    for pattern, read in _TARGET_VERBS if _TARGET_VERB_GATE.match(sentence) else ():
        match = pattern.match(sentence)
        if match is not None:
            effects: list[Effect] = read(match)
            return None if zone != "field" and effects[0]["effect"] not in ("remove_from_game", "put_on_deck") else effects
    for pattern, effect, zones in _FROM_ZONE:
        if pattern.match(sentence):
            return [{"effect": effect}] if zone in zones else None
    on_deck = _ON_DECK.match(sentence)
    if on_deck is not None and zone == "break":  # (s6) a card of your Break Zone: your deck is its owner's
        return [{"effect": "put_on_deck", "position": "top" if on_deck.group(1).lower() == "on top" else "bottom"}]
    if _PLAY_DULL.match(sentence):
        return [{"effect": "play_onto_field", "dull": True}] if zone == "break" else None
    if _TOP_OR_BOTTOM.match(sentence):  # (s5)
        return [{"effect": "either", "options": [[{"effect": "put_on_deck", "position": "top"}],
                                                  [{"effect": "put_on_deck", "position": "bottom"}]]}]
    either = _ONE_OR_OTHER.match(sentence)
    if either is not None and zone == "field" and either.group(1).lower() != either.group(2).lower():  # (s5)
        # "Dull it or Freeze it": its controller picks one as it resolves (FFTCG 11.11.5.1)
        return [{"effect": "either", "options": [[{"effect": either.group(1).lower()}],
                                                  [{"effect": either.group(2).lower()}]]}]
    both = _BOTH.match(sentence)
    if both is not None:  # "Dull it and deal it 5000 damage": each half in turn, on the same cards
        first, second = target_sentence(both.group(1), zone), target_sentence(both.group(2), zone)
        return None if first is None or second is None else first + second
    if zone != "field":
        return None
    return lasting_sentence(sentence, r"(?:it|they)")


# the second half names the cards again: a verb on "it"/"them", or "it"/"they" as its subject ("… and it gains …")
_BOTH = re.compile(r"^(.+?) and ((?:deal|break|dull|freeze|activate|return|remove|put|gain control of) (?:it|them)\b.*|"
                   r"(?:it|they) (?:gains?|loses?|cannot) .*)$", re.I)


_BY = r"(?: by (?P<by>[^,]+?))?"  # (s6) what deals the damage (dealt_by)


_KEYWORD = r"(?:Haste|Brave|First Strike)"
_KEYWORD_LIST = rf"{_KEYWORD}(?:(?:, | and |, and ){_KEYWORD})*"


def _losses(text: str) -> list[Effect]:
    """Read "Haste, First Strike and Brave" (after "loses") into keyword losses lasting the turn (s6)."""
    return [{"effect": "lose_keyword", "keyword": KEYWORD_NAMES[word.lower()], "duration": "turn"}
            for word in re.findall(_KEYWORD, text, re.I)]


def _lasting_forms(subject: str) -> tuple[tuple[re.Pattern[str], Any], ...]:
    """Return the forms of an effect lasting the turn on `subject` (a regex: "it", "they", "<self>")."""
    s = subject
    return (
        (re.compile(rf"^{s} (gains?|loses?) ([+-]?)(\d+) power until the end of the turn$", re.I),
         lambda m: [{"effect": "power", "amount": int(m.group(3)) * (-1 if m.group(1).startswith("lose") else 1),
                     "duration": "turn"}]),
        (re.compile(rf"^(?:until the end of the turn, {s} (gains?|loses?) \+?(\d+) power for each (.+)|"
                    rf"{s} (gains?|loses?) \+?(\d+) power for each (.+) until the end of the turn)$", re.I),
         lambda m: _power_for_each(m.group(1) or m.group(4), int(m.group(2) or m.group(5)), m.group(3) or m.group(6))),
        (re.compile(rf"^for each (.+?), {s} (gains?|loses?) \+?(\d+) power until the end of the turn$", re.I),  # (s6)
         lambda m: _power_for_each(m.group(2), int(m.group(3)), m.group(1))),
        (re.compile(rf"^(?:until the end of the turn,? {s} (?:also )?gains? (.+)|{s} (?:also )?gains? (.+) until the end of "
                    rf"the turn)$", re.I),
         lambda m: _lasting_grants(m.group(1) or m.group(2), own=s == "<self>")),
        (re.compile(rf"^until the end of the turn, {s} (?:also )?becomes a Forward with (\d+) power(?: and gains (.+)| and "
                    rf"((?:Haste|Brave|First Strike)(?:(?:, | and )(?:Haste|Brave|First Strike))*)| and (\"[^\"]+\"))?$",
                    re.I),  # (C) and a quoted field ability: '… and "<self> cannot be blocked by Forwards of cost 3 or more."'
         lambda m: _made_forward(int(m.group(1)), m.group(2) or m.group(3) or m.group(4), own=s == "<self>")),
        (re.compile(rf"^until the end of the turn, {s} (gains?|loses?) ([+-]?)(\d+) power$", re.I),
         lambda m: [{"effect": "power", "amount": int(m.group(3)) * (-1 if m.group(1).lower().startswith("lose") else 1),
                     "duration": "turn"}]),
        (re.compile(rf"^the next damage dealt to {s} becomes 0 this turn$", re.I),
         lambda m: [{"effect": "replace_next_damage", "instead": "prevent"}]),
        (re.compile(rf"^{s} (?:also )?becomes a Forward with (\d+) power until the end of the turn$", re.I),
         lambda m: _made_forward(int(m.group(1)), None)),
        (re.compile(rf"^{s} cannot block this turn$", re.I), lambda m: [{"effect": "cannot_block", "duration": "turn"}]),
        (re.compile(rf"^if possible, {s} must block this turn$", re.I),  # blocks when it can (FFTCG 10.1.3.1.3)
         lambda m: [{"effect": "must_block", "duration": "turn"}]),
        (re.compile(rf"^{s} cannot attack this turn$", re.I), lambda m: [{"effect": "cannot_attack", "duration": "turn"}]),
        (re.compile(rf"^{s} must attack this turn if possible$", re.I),  # FFTCG 10.1.2.1.3
         lambda m: [{"effect": "must_attack", "duration": "turn"}]),
        (re.compile(rf"^reduce the next damage dealt to {s} this turn by (\d+)$", re.I),
         lambda m: [{"effect": "replace_next_damage", "instead": "reduce", "amount": int(m.group(1))}]),
        (re.compile(rf"^during this turn, the damage dealt to {s} is increased by (\d+) instead$", re.I),  # (s6)
         lambda m: [{"effect": "damage_increase", "amount": int(m.group(1)), "taken": True, "duration": "turn"}]),
        (re.compile(rf"^during this turn, the next damage dealt to {s}{_BY} is reduced by (\d+) instead$", re.I),
         lambda m: _dealt(s, m.group("by"), {"effect": "replace_next_damage", "instead": "reduce",
                                             "amount": int(m.group(2))})),
        (re.compile(rf"^during this turn, the next damage dealt to {s}{_BY},? becomes 0 instead$", re.I),
         lambda m: _dealt(s, m.group("by"), {"effect": "replace_next_damage", "instead": "prevent"})),
        (re.compile(rf"^during this turn, if {s} (?:is|are) dealt damage( less than (?:its|their) power)?{_BY}, the damage "
                    rf"becomes 0 instead$", re.I),
         lambda m: _dealt(s, m.group("by"), {"effect": "prevent_damage", "duration": "turn",
                                             **({"less_than_power": True} if m.group(1) else {})})),
        (re.compile(rf"^during this turn, {s} cannot attack or block, and if {s} (?:is|are) dealt damage, the damage "
                    rf"becomes 0 instead$", re.I),
         lambda m: [{"effect": "cannot_attack", "duration": "turn"}, {"effect": "cannot_block", "duration": "turn"},
                    {"effect": "prevent_damage", "duration": "turn"}]),
        (re.compile(r"^if it is put from the field into the Break Zone this turn, (remove it from the game|return it to "
                    r"its owner's hand) instead$" if s != "<self>" else r"^(?!)", re.I),
         lambda m: [{"effect": "replace_break", "put": True, "duration": "turn",
                     "instead": "remove_from_game" if m.group(1).startswith("remove") else "return_to_hand"}]),
        (re.compile(rf"^{s} cannot be blocked this turn$", re.I),
         lambda m: [{"effect": "cannot_be_blocked_by", "cost_at_least": 0, "duration": "turn"}]),
        # (s6) anyone's: "They cannot be chosen by Summons or abilities this turn"
        (re.compile(rf"^{s} cannot be chosen by (Summons or abilities|Summons|abilities) (?:during )?this turn$", re.I),
         lambda m: [{"effect": "cannot_be_chosen", "by": _CHOOSERS[m.group(1).lower()], "duration": "turn"}]),
        (re.compile(rf"^until the end of the turn, {s} cannot be chosen by your opponent's (Summons or abilities|Summons|"
                    rf"abilities)$" if s == "<self>" else r"^(?!)", re.I),
         lambda m: [{"effect": "cannot_be_chosen", "by": _CHOOSERS[m.group(1).lower()], "player": "opponent",
                     "duration": "turn"}]),
        (re.compile(rf"^{s} cannot be chosen by your opponent's (Summons or abilities|Summons|abilities) this turn$", re.I),
         lambda m: None if s != "<self>" else [{"effect": "cannot_be_chosen", "by": _CHOOSERS[m.group(1).lower()],
                                                "player": "opponent", "duration": "turn"}]),
        (re.compile(rf"^during this turn, <self> {UNBREAKABLE_BY_OPPONENT}$" if s == "<self>" else r"^(?!)", re.I),
         lambda m: [{**UNBREAKABLE_EFFECT, "duration": "turn"}]),  # (s6)
        (re.compile(rf"^{s} cannot be broken this turn$", re.I),
         lambda m: [{"effect": "cannot_be_broken", "duration": "turn"}]),
        (re.compile(rf"^{s} cannot attack or block this turn$", re.I),
         lambda m: [{"effect": "cannot_attack", "duration": "turn"}, {"effect": "cannot_block", "duration": "turn"}]),
        # (s6) "It loses Haste and First Strike until the end of the turn"
        (re.compile(rf"^(?:until the end of the turn, {s} loses? ({_KEYWORD_LIST})|{s} loses? ({_KEYWORD_LIST}) until the end "
                    rf"of the turn)$", re.I), lambda m: _losses(m.group(1) or m.group(2))),
        # (s6) "As long as <self> is on the field, it loses all its abilities" (continuous.is_working)
        (re.compile(rf"^as long as <self> is on the field, {s} loses all (?:its |his |her )?abilities$" if s != "<self>"
                    else r"^(?!)", re.I),
         lambda m: [{"effect": "lose_abilities", "duration": "permanent", "while_source_on_field": True}]),
        # (s5) "It loses all its abilities until the end of the turn" (FFTCG 11.12.4: a lasting effect)
        (re.compile(rf"^(?:until the end of the turn, {s} loses all (?:its |his |her )?abilities|{s} loses all "
                    rf"(?:its |his |her )?abilities until the end of the turn)$", re.I),
         lambda m: [{"effect": "lose_abilities", "duration": "turn"}]),
        # (s5) FFTCG 11.12.5: the damage it deals itself to a Forward this turn is increased
        (re.compile(rf"^if {s} deals damage to a Forward this turn, the damage increases by (\d+) instead$", re.I),
         lambda m: [{"effect": "damage_increase", "amount": int(m.group(1)), "duration": "turn"}]),
        (re.compile(r"^(?:until the end of the turn, <self>'s power becomes (\d+)|<self>'s power becomes (\d+) until the end "
                    r"of the turn)$" if s == "<self>" else r"^(?:until the end of the turn, (?:its|their) power becomes (\d+)|"
                    r"(?:its|their) power becomes (\d+) until the end of the turn)$", re.I),
         lambda m: [{"effect": "set_power", "value": int(m.group(1) or m.group(2)), "duration": "turn"}]),
    )


def _dealt(subject: str, by: str | None, effect: Effect) -> list[Effect] | None:
    """Narrow a lasting damage replacement to what deals the damage (s6: "… dealt to it by Summons or abilities …");
    "your opponent's" is read only of the card itself (the damaged card's controller's opponent, actions.is_dealt_by)."""
    dealer = dealt_by(by)
    return None if dealer is None or ("player" in dealer and subject != "<self>") else [{**effect, **dealer}]


_LASTING = {subject: _lasting_forms(subject) for subject in ("<self>", "it", "they", "(?:it|they)")}
_LASTING_GATES = {subject: either_pattern(pattern for pattern, _ in forms) for subject, forms in _LASTING.items()}


def lasting_sentence(sentence: str, subject: str) -> list[Effect] | None:
    """Read "<subject> gains +1000 power until the end of the turn" (and the other forms lasting the turn);
    `subject` is one of "<self>", "it", "they", "(?:it|they)"."""
    if not _LASTING_GATES[subject].match(sentence):
        return None
    for pattern, read in _LASTING[subject]:
        match = pattern.match(sentence)
        if match is not None:
            result: list[Effect] | None = read(match)
            return result
    return None


def _power_for_each(verb: str, times: int, each: str) -> list[Effect] | None:
    """"gains +1000 power for each Backup you control" until the end of the turn: the number is fixed as the effect
    starts (FFTCG 11.12.4.2)."""
    amount = counted_amount(each, times, negative=verb.lower().startswith("lose"))
    return None if amount is None else [{"effect": "power", "amount": amount, "duration": "turn"}]


def _made_forward(power: int, grants: str | None, own: bool = True) -> list[Effect] | None:
    """"Also becomes a Forward with N power (and gains …)" until the end of the turn (FFTCG 11.12.4.6 ③)."""
    made: list[Effect] = [{"effect": "become_forward", "power": power, "duration": "turn"}]
    if grants is None:
        return made
    more = _lasting_grants(grants, own)
    return None if more is None else made + more


def _lasting_grants(text: str, own: bool = True) -> list[Effect] | None:
    effects = _grants(text, own, lasting=True)
    return None if effects is None else [{**e, "duration": "turn"} for e in effects]


_SELF_VERBS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^activate <self>$", re.I), "activate"),
    (re.compile(r"^dull <self>$", re.I), "dull"),
    (re.compile(r"^break <self>$", re.I), "break"),
    (re.compile(r"^return <self> to (?:its|your) owner's hand$", re.I), "return_to_hand"),
    (re.compile(r"^return <self> to your hand$", re.I), "return_to_hand"),
    (re.compile(r"^remove <self> from the game$", re.I), "remove_from_game"),
    (re.compile(r"^put <self> at the bottom of its owner's deck$", re.I), "put_on_deck"),
    (re.compile(r"^put <self> into the Break Zone$", re.I), "put_into_break"),
    (re.compile(r"^<self> can attack once more this turn$", re.I), "attack_once_more"),  # (s6)
    # FFTCG 17.4 (digest): Freeze is "does not become active during its controller's next Active Phase"
    (re.compile(r"^<self> (?:will|does) not activate during your next Active Phase$", re.I), "freeze"),
)
# "Your opponent gains control of <self>": the card goes to the ability's controller's opponent (FFTCG 6.2.6)
_GIVEN = re.compile(r"^your opponent gains control of <self>$", re.I)


_PLACE_COUNTERS = re.compile(r"^(place|remove) (\d+) (\w+) Counters? (on|from) <self>$", re.I)


_TWO_SELF_LASTING = re.compile(r"(until the end of the turn, )(<self> .+?) and (<self> .+)", re.I)
_PLAY_SELF = re.compile(r"^play <self>(?: from the Break Zone)? onto the field( dull)?$", re.I)
_SELF_ON_TOP = re.compile(r"^put <self> on top of its owner's deck$", re.I)


def self_sentence(sentence: str) -> list[Effect] | None:
    """Read a sentence doing something to the card itself ("<self> gains +2000 power until the end of the turn")."""
    both = _TWO_SELF_LASTING.fullmatch(sentence)
    if both is not None:  # (s6) "Until the end of the turn, <self> gains +1000 power and <self> cannot be chosen by …"
        first, second = (lasting_sentence(both.group(1) + half, "<self>") for half in (both.group(2), both.group(3)))
        if first is not None and second is not None:
            return first + second
    played = _PLAY_SELF.match(sentence)
    if played is not None:  # from the Break Zone or the hand, where the ability was used (FFTCG 11.4.8)
        return [{"effect": "play_onto_field", **({"dull": True} if played.group(1) else {})}]
    counters = _PLACE_COUNTERS.match(sentence)
    placed = counters is not None and counters.group(1).lower() == "place"
    if counters is not None and placed == (counters.group(4).lower() == "on"):  # FFTCG 4.9: a named marker, lost
        # when the card changes zones; (C) removed: as many as it has, down to none
        return [{"effect": "add_counter" if placed else "remove_counter", "counter": counters.group(3),
                 "count": int(counters.group(2))}]
    if _SELF_ON_TOP.match(sentence):  # (s6) FFTCG 7.3
        return [{"effect": "put_on_deck", "position": "top"}]
    for pattern, effect in _SELF_VERBS:
        if pattern.match(sentence):
            return [{"effect": effect}]
    if _GIVEN.match(sentence):
        return [{"effect": "gain_control", "player": "opponent"}]
    return lasting_sentence(sentence, "<self>")


_ALL = r"all (?:the )?"
_ALL_ABILITIES = r"(?:all )?(?:their |its )?abilities"


def _abilities_lost(match: re.Match[str]) -> list[Effect]:
    """Return the effects of "… lose all their abilities (and 2000 power) until the end of the turn"."""
    lost: list[Effect] = [{"effect": "lose_abilities", "duration": "turn"}]
    if match.group(2):
        lost.append({"effect": "power", "amount": -int(match.group(2)), "duration": "turn"})
    return lost


_ALL_FORMS: tuple[tuple[re.Pattern[str], int, Any], ...] = (
    # (s6) "deal 2000 damage to all the Forwards opponent controls for each Job X Forward you control" (counted as it
    # resolves)
    (re.compile(rf"^deal (\d+) damage to {_ALL}(.+?) for each (.+)$", re.I), 2,
     lambda m: _damage_for_each(int(m.group(1)), m.group(3))),
    (re.compile(rf"^deal (\d+) damage for each (.+?) to {_ALL}(.+)$", re.I), 3,
     lambda m: _damage_for_each(int(m.group(1)), m.group(2))),
    (re.compile(rf"^for each (.+?), deal (\d+) damage to {_ALL}(.+)$", re.I), 3,
     lambda m: _damage_for_each(int(m.group(2)), m.group(1))),
    (re.compile(rf"^deal (\d+) damage to {_ALL}(.+)$", re.I), 2,
     lambda m: [{"effect": "deal_damage", "amount": int(m.group(1))}]),
    (re.compile(rf"^dull {_ALL}(.+) and freeze them$", re.I), 1, lambda m: [{"effect": "dull"}, {"effect": "freeze"}]),
    (re.compile(rf"^dull and freeze {_ALL}(.+)$", re.I), 1, lambda m: [{"effect": "dull"}, {"effect": "freeze"}]),  # (C)
    (re.compile(rf"^{_ALL}(.+) cannot (attack|block|attack or block) this turn$", re.I), 1,  # (C)
     lambda m: [{"effect": f"cannot_{word}", "duration": "turn"} for word in m.group(2).lower().split(" or ")]),
    (re.compile(rf"^(break|dull|activate|freeze) {_ALL}(.+)$", re.I), 2, lambda m: [{"effect": m.group(1).lower()}]),
    (re.compile(rf"^return {_ALL}(.+) to their owners' hands$", re.I), 1, lambda m: [{"effect": "return_to_hand"}]),
    # (s6) "Remove all the cards in your opponent's Break Zone from the game" (FFTCG 15.1.1.5)
    (re.compile(rf"^remove {_ALL}(.+) from the game$", re.I), 1, lambda m: [{"effect": "remove_from_game"}]),
    (re.compile(rf"^{_ALL}(.+) gain (.+) until the end of the turn$", re.I), 1,
     lambda m: _lasting_grants(m.group(2), own=False)),
    (re.compile(rf"^{_ALL}(.+) (gain|lose) ([+-]?)(\d+) power until the end of the turn$", re.I), 1,
     lambda m: [{"effect": "power", "amount": int(m.group(4)) * (-1 if m.group(2).lower() == "lose" else 1),
                 "duration": "turn"}]),
    (re.compile(rf"^{_ALL}(.+) cannot block this turn$", re.I), 1,  # (s6)
     lambda m: [{"effect": "cannot_block", "duration": "turn"}]),
    (re.compile(rf"^{_ALL}(.+) cannot be broken this turn$", re.I), 1,  # (s6)
     lambda m: [{"effect": "cannot_be_broken", "duration": "turn"}]),
    (re.compile(rf"^until the end of the turn, {_ALL}(.+) gain (.+)$", re.I), 1,
     lambda m: _lasting_grants(m.group(2), own=False)),
    (re.compile(rf"^until the end of the turn, {_ALL}(.+) lose ({_KEYWORD_LIST})$", re.I), 1, lambda m: _losses(m.group(2))),
    (re.compile(rf"^{_ALL}(.+) lose ({_KEYWORD_LIST}) until the end of the turn$", re.I), 1, lambda m: _losses(m.group(2))),
    # "All the Forwards opponent controls lose (all) their abilities until the end of the turn" (FFTCG 11.12.4: each
    # card on the field now loses them, a lasting effect; "… and 2000 power" too)
    *((re.compile(form, re.I), 1, _abilities_lost) for form in (
        rf"^until the end of the turn, {_ALL}(.+?) lose {_ALL_ABILITIES}(?: and (\d+) power)?$",
        rf"^{_ALL}(.+?) lose {_ALL_ABILITIES}(?: and (\d+) power)? until the end of the turn$")),
)
_ALL_FORM_GATE = either_pattern(pattern for pattern, *_ in _ALL_FORMS)


def _damage_for_each(times: int, each: str) -> list[Effect] | None:
    """Read "N damage … for each <cards>" into a deal_damage of a number counted as it resolves."""
    amount = counted_amount(each, times)
    return None if amount is None else [{"effect": "deal_damage", "amount": amount}]


def all_sentence(sentence: str) -> tuple[dict[str, Any], list[Effect]] | None:
    """Read a sentence doing something to every matching card ("Deal 5000 damage to all the Forwards opponent
    controls"); return the `all` filter and the effects."""
    for pattern, group, read in _ALL_FORMS if _ALL_FORM_GATE.match(sentence) else ():
        match = pattern.match(sentence)
        if match is None:
            continue
        every = card_phrase(match.group(group))
        effects = read(match)
        if every is not None and effects is not None:
            return every, effects
    return None


# (form, effect, the number's parameter, player): sentences acting on players, the number read from the form
_PLAYER_WORDS: tuple[tuple[str, str, str, str | None], ...] = (
    (r"draw (\d+) cards?", "draw", "count", None),
    (r"each player draws (\d+) cards?", "draw", "count", "each"),
    (r"your opponent draws (\d+) cards?", "draw", "count", "opponent"),
    (r"your opponent discards (\d+) cards?(?: from (?:their|his/her) hand)?", "discard", "count", "opponent"),
    (r"your opponent randomly discards (\d+) cards?(?: from (?:their|his/her) hand)?", "discard_random", "count",
     "opponent"),
    (r"each player discards (\d+) cards?(?: from (?:their|his/her) hand)?", "discard", "count", "each"),
    (r"discard (\d+) cards?(?: from your hand)?", "discard", "count", None),
    (r"discard your hand()", "discard_hand", "", None),
    (r"your opponent reveals (?:their|his/her) hand()", "reveal_hand", "", "opponent"),
    (r"place (\d+) cards? from your hand at the bottom of your deck", "hand_to_deck_bottom", "count", None),
    # (s6) as many as the player picks: up to N, or any number (no count)
    (r"place up to (\d+) cards? from your hand at the bottom of your deck in any order", "hand_to_deck_bottom_up_to",
     "count", None),
    (r"place any number of cards from your hand at the bottom of your deck in any order()", "hand_to_deck_bottom_up_to",
     "", None),
    (r"(?:<self> )?deals? your opponent (\d+) points? of damage", "damage_player", "amount", "opponent"),
    (r"<self> deals you (\d+) points? of damage", "damage_player", "amount", "you"),
    (r"(?:you )?receive (\d+) points? of damage", "damage_player", "amount", "you"),
    (r"your opponent receives (\d+) points? of damage", "damage_player", "amount", "opponent"),
    (r"look at the top card of your deck\. you may (?:place|put) (?:the card|it) at the bottom of your deck()",
     "look_top", "count", None),
    (r"during this turn, the next damage dealt to you becomes 0 instead()", "prevent_player_damage", "", None),  # (s6)
    (r"put the top (\d+) cards of your deck into the Break Zone", "mill", "count", None),
    (r"shuffle your deck()", "shuffle_deck", "", None),  # (s6) FFTCG 7.3
    (r"remove the top (\d+) cards of your deck from the game", "mill_removed", "count", None),  # (s6)
    (r"remove the top card() of your deck from the game", "mill_removed", "count", None),
    (r"put the top card() of your deck into the Break Zone", "mill", "count", None),
    (r"your opponent puts the top (\d+) cards of (?:his/her|their) deck into the Break Zone", "mill", "count",
     "opponent"),
    (r"your opponent puts the top card() of (?:his/her|their) deck into the Break Zone", "mill", "count", "opponent"),
)
_SCRY = re.compile(r"^look at the top (\d+) cards of your deck\. return these to the top and/or bottom of your deck in "
                   r"any order$", re.I)
_DRAW_FOR_EVERY = re.compile(r"^draw (\d+) cards? for every (\d+) (.+)$", re.I)
_PLAYER_FORMS = tuple((re.compile(f"^{form}$", re.I), effect, key, player) for form, effect, key, player in _PLAYER_WORDS)
_PLAYER_FORM_GATE = either_pattern(pattern for pattern, *_ in _PLAYER_FORMS)
# "Reveal the top 5 cards of your deck. Add 1 Monster among them to your hand and return the other cards to the
# bottom of your deck in any order." (or "look at": only its controller sees them)
_REVEAL_TOP = re.compile(r"^(?P<how>reveal|look at) the top (?P<count>\d+) cards of your deck\. (?P<verb>add|play) "
                         r"(?P<up_to>up to )?(?P<take>\d+) (?P<phrase>.+?) among them (?P<to>to your hand|onto the field),? "
                         r"and (?:(?P<bottom>return|put) the "
                         r"other(?: cards)? (?:to|at) the bottom of your deck(?: in any order)?|(?P<break>put the rest of "
                         r"the cards into the Break Zone))$", re.I)
# "Reveal the top card of your deck. If it is a Wind card, add it to your hand." (else it stays on top)
_REVEAL_ONE = re.compile(r"^reveal the top card of your deck\. if it is (?P<not>not )?an? (?P<phrase>.+?), add it to your "
                         r"hand(?P<break>\. if it is not an? (?P=phrase), put it into the Break Zone)?$", re.I)
# (s6) "up to": as many as the search finds, at most N; a count printed without its space ("1Job Chaos") reads the same
_SEARCH = re.compile(r"^search for (?P<up_to>up to )?(\d+) ?(.+?) and (?:add (?:it|them) to your hand|(play) (?:it|them) onto "
                     r"the field( dull)?|(put) (?:it|them) into the Break Zone|(?P<top>put it on top of your deck))$", re.I)


_SELECTS = re.compile(r"^(?P<who>your opponent selects|select) (?P<count>\d+) (?P<phrase>.+?) (?P<whose>they|you) control$",
                      re.I)


# (s6) "you may play 1 …": one or none, picked as it resolves (as "up to 1")
_PLAY_FROM_HAND = re.compile(r"^(?P<may>you may )?play (?P<up_to>up to )?(?P<count>\d+) (?P<phrase>.+?) from your hand onto the "
                             r"field(?P<dull> dull)?$", re.I)


def play_from_hand_sentence(sentence: str) -> list[Effect] | None:
    """Read "Play 1 Character of cost 3 or less from your hand onto the field": the player picks the card(s) from
    their hand as it resolves (no choice of targets: the hand is hidden) and plays them (FFTCG 11.4.8)."""
    match = _PLAY_FROM_HAND.match(sentence)
    if match is None:
        return None
    wanted = card_phrase(match.group("phrase"))
    if wanted is None or set(wanted) & {"controller", "zone"}:
        return None
    picked: Effect = {"effect": "select", "player": "you", "count": int(match.group("count")),
                      "filter": {**wanted, "zone": "hand", "controller": "you"}}
    if match.group("up_to") or match.group("may"):
        picked["up_to"] = True
    played: Effect = {"effect": "play_onto_field"}
    if match.group("dull"):
        played["dull"] = True
    return [picked, played]


_REVEALS_HAND = re.compile(r"^your opponent reveals (?:their|his/her) hand$", re.I)
_SELECT_FROM_HAND = re.compile(r"^select (\d+) (.+?) (?:from|in) (?:their|his/her) hand$", re.I)
_DISCARDS_IT = re.compile(r"^your opponent discards (?:this card|it)$", re.I)


def reveal_hand_sentences(sentences: list[str]) -> list[Effect] | None:
    """Read "Your opponent reveals their hand." alone, or followed by "Select 1 card from their hand. Your opponent
    discards this card." (you pick as it resolves, from the revealed hand)."""
    if not sentences or not _REVEALS_HAND.match(sentences[0]):
        return None
    revealed: list[Effect] = [{"effect": "reveal_hand", "player": "opponent"}]
    if len(sentences) == 1:
        return revealed
    picked = _SELECT_FROM_HAND.match(sentences[1])
    if picked is None or len(sentences) != 3 or not _DISCARDS_IT.match(sentences[2]):
        return None
    wanted = card_phrase(picked.group(2))
    if wanted is None or set(wanted) & {"controller", "zone"}:
        return None
    return [*revealed, {"effect": "select", "player": "you", "count": int(picked.group(1)),
                        "filter": {**wanted, "zone": "hand", "controller": "opponent"}}, {"effect": "discard"}]


_OWN_CARD = re.compile(r"^(?P<verb>put|return|remove) 1 (?P<phrase>.+?) you control (?P<to>into the Break Zone|to its "
                       r"owner's hand|from the game)$", re.I)
_OWN_CARD_MOVES = {("put", "into the break zone"): "put_into_break", ("return", "to its owner's hand"): "return_to_hand",
                   ("remove", "from the game"): "remove_from_game"}


# "dull 4 active Characters you control" before "When you do so": its controller selects them as it resolves
_DULL_OWN = re.compile(r"^dull (?P<count>\d+) active (?P<phrase>.+?) you control$", re.I)


def own_card_sentence(sentence: str) -> list[Effect] | None:
    """Read "put 1 Backup you control into the Break Zone" (also returned to its owner's hand, removed from the game)
    and "dull 4 active Characters you control": its controller selects the cards as it resolves (a select, not a choice
    of targets), then they are moved or dulled."""
    dulled = _DULL_OWN.match(sentence)
    if dulled is not None:
        wanted_dull = card_phrase(dulled.group("phrase"))
        if wanted_dull is None or set(wanted_dull) & {"controller", "zone", "dull"}:
            return None
        return [{"effect": "select", "player": "you", "count": int(dulled.group("count")),
                 "filter": {**wanted_dull, "dull": False, "controller": "you"}}, {"effect": "dull"}]
    match = _OWN_CARD.match(sentence)
    move = _OWN_CARD_MOVES.get((match.group("verb").lower(), match.group("to").lower())) if match is not None else None
    wanted = card_phrase(match.group("phrase")) if match is not None else None
    if move is None or wanted is None or set(wanted) & {"controller", "zone"}:
        return None
    return [{"effect": "select", "player": "you", "count": 1, "filter": {**wanted, "controller": "you"}},
            {"effect": move}]


_REMOVE_FROM_BREAK = re.compile(r"^remove (?P<count>\d+) (?P<phrase>.+?) in your Break Zone from the game$", re.I)


def break_zone_removal_sentence(sentence: str) -> list[Effect] | None:
    """(s6) Read "remove 2 Summons in your Break Zone from the game": its controller selects the cards in their Break
    Zone as it resolves, then they are removed (FFTCG 15.1.1.5)."""
    match = _REMOVE_FROM_BREAK.match(sentence)
    if match is None:
        return None
    wanted = card_phrase(match.group("phrase"))
    if wanted is None or set(wanted) & {"controller", "zone"} or any(key in wanted for key in ("dull", "damaged")):
        return None
    return [{"effect": "select", "player": "you", "count": int(match.group("count")),
             "filter": {**wanted, "zone": "break", "controller": "you"}}, {"effect": "remove_from_game"}]


def select_sentence(sentence: str) -> Effect | None:
    """Read "Your opponent selects 1 Forward they control" (a pick as it resolves, not a choice of targets)."""
    match = _SELECTS.match(sentence)
    if match is None:
        return None
    opponent = match.group("who").lower().startswith("your opponent")
    if opponent != (match.group("whose").lower() == "they"):
        return None
    wanted = card_phrase(match.group("phrase"))
    if wanted is None or set(wanted) & {"controller", "zone"}:
        return None
    return {"effect": "select", "player": "opponent" if opponent else "you", "count": int(match.group("count")),
            "filter": {**wanted, "controller": "opponent" if opponent else "you"}}


_PAY = re.compile(r"^pay ((?:\[\w+\])+)$", re.I)


def pay_sentence(sentence: str) -> Effect | None:
    """Read "pay [Fire][1]" or "pay [X]" (a payment as the effect resolves; no dull or Special symbol)."""
    match = _PAY.match(sentence)
    read = cost(match.group(1)) if match is not None else None
    if read is None or read[1] or not (read[0].get("cp") or read[0].get("x")) or set(read[0]) - {
            "cp", "element", "element_cp", "elements", "x"}:
        return None
    return {"effect": "pay", "cost": read[0]}


# "discard 1 Summon (from your hand)": of the kind named, printed facts only
_DISCARD_OF = re.compile(r"^discard (\d+) (.+?)(?: from your hand)?$", re.I)


_NEXT_COST = re.compile(r"^during this turn, the cost required to cast your next (.+?) is reduced by (\d+)"
                        r"( \(it cannot become 0\))?$", re.I)


def next_cost_sentence(sentence: str) -> Effect | None:
    """Read "During this turn, the cost required to cast your next Job Knight Forward is reduced by 2 (it cannot become
    0)" (a next_cost_change: printed facts of the card cast; "card": any)."""
    match = _NEXT_COST.match(sentence)
    if match is None:
        return None
    wanted = {} if match.group(1) == "card" else card_phrase(match.group(1))
    if wanted is None or not set(wanted) <= {"type", "element", "job", "name", "category", "any_of"}:
        return None
    found: Effect = {"effect": "next_cost_change", "amount": -int(match.group(2)), "filter": wanted}
    if match.group(3):
        found["floor"] = 1
    return found


_EVERY_DAMAGE_INCREASED = re.compile(r"if a Forward receives damage this turn, the damage increases by (\d+) instead", re.I)
_LOOK_AT_TOP = re.compile(r"look at the top card of your deck", re.I)


def player_sentence(sentence: str) -> Effect | None:
    """Read a sentence acting on players or decks, not on chosen cards ("Draw 2 cards", "Your opponent discards 1
    card", "Search for 1 Earth Forward and add it to your hand")."""
    every = _EVERY_DAMAGE_INCREASED.fullmatch(sentence)
    if every is not None:  # (s6) every Forward, none chosen
        return {"effect": "damage_increase", "amount": int(every.group(1)), "taken": True, "every": True}
    cheaper = next_cost_sentence(sentence)
    if cheaper is not None:
        return cheaper
    paid = pay_sentence(sentence)
    if paid is not None:
        return paid
    kind = _DISCARD_OF.match(sentence)
    wanted = card_phrase(kind.group(2)) if kind is not None and not re.fullmatch(r"cards?", kind.group(2)) else None
    if kind is not None and wanted is not None and set(wanted) <= {"type", "element", "job", "name", "category",
                                                                  "any_of"}:
        return {"effect": "discard", "count": int(kind.group(1)), "filter": wanted}
    for pattern, word, key, player in _PLAYER_FORMS if _PLAYER_FORM_GATE.match(sentence) else ():
        match = pattern.match(sentence)
        if match is not None:
            effect: Effect = {"effect": word, key: int(match.group(1) or 1)} if key else {"effect": word}
            if word == "discard_random":  # the discard word, its cards picked at random
                effect.update(effect="discard", random=True)
            if word == "mill_removed":  # the mill word, the cards removed from the game
                effect.update(effect="mill", removed=True)
            if word == "hand_to_deck_bottom_up_to":
                effect.update(effect="hand_to_deck_bottom", up_to=True)
            if player is not None:
                effect["player"] = player
            return effect
    every = _DRAW_FOR_EVERY.match(sentence)
    if every is not None:  # (s6) "Draw 1 card for every 10 Water cards in your Break Zone"
        counted = counted_amount(every.group(3), int(every.group(1)), per=int(every.group(2)))
        return None if counted is None else {"effect": "draw", "count": counted}
    if _LOOK_AT_TOP.fullmatch(sentence):  # (s6) only looked at: it stays on top
        return {"effect": "look_top", "count": 1, "bottom": 0}
    scry = _SCRY.match(sentence)
    if scry is not None:
        return {"effect": "look_top", "count": int(scry.group(1)), "reorder": True}
    one = _REVEAL_ONE.match(sentence)
    if one is not None:
        wanted = card_phrase(one.group("phrase"))
        if wanted is None or "controller" in wanted or "zone" in wanted:
            return None
        if one.group("not"):  # "If it is not a Backup": any card but one of that kind
            if set(wanted) - {"type", "element", "job", "name", "category"}:
                return None
            wanted = {"none_of": [wanted]}
        if one.group("break") and one.group("not"):
            return None
        # (s6) "… If it is not a Backup, put it into the Break Zone.": the card not taken goes there
        return {"effect": "reveal_top", "count": 1, "filter": wanted, "take": 1,
                "rest": "break" if one.group("break") else "top"}
    reveal = _REVEAL_TOP.match(sentence)
    if reveal is not None:
        wanted = card_phrase(reveal.group("phrase"))
        if wanted is None or "controller" in wanted or "zone" in wanted:
            return None
        found: Effect = {"effect": "reveal_top", "count": int(reveal.group("count")), "filter": wanted,
                         "take": int(reveal.group("take")), "rest": "break" if reveal.group("break") else "bottom"}
        if reveal.group("up_to"):
            found["up_to"] = True
        if reveal.group("how").lower() == "look at":
            found["reveal"] = False
        if (reveal.group("verb").lower() == "play") != (reveal.group("to").lower() == "onto the field"):
            return None
        if reveal.group("to").lower() == "onto the field":
            found["to"] = "field"
        return found
    search = _SEARCH.match(sentence)
    if search is not None:
        count = int(search.group(2))
        # "1 Card Name A or 1 Card Name B": one card, either of them
        phrase = re.sub(r" or 1 (?=(?:Job|Card Name|Category) )", " or ", search.group(3)) if count == 1 else search.group(3)
        # "up to 1 Fire Job Knight and up to 1 Water Job Knight": two searches in one, not read
        wanted = None if re.search(r" and (?:up to )?\d+ ", phrase) else card_phrase(phrase)
        if wanted is not None and "controller" not in wanted and "zone" not in wanted:
            found = {"effect": "search", "count": count, "filter": wanted}
            if search.group("up_to"):
                found["up_to"] = True
            if search.group(4):
                found["to"] = "field"
            if search.group(6):
                found["to"] = "break"
            if search.group(5):
                found["dull"] = True
            if search.group("top"):  # (s6) the deck shuffled, then the card put on top
                found["to"] = "top"
            return found
    return None


# -- targets and choices (s5): several target groups and the sentences naming them --------------------------------
# "1 Forward you control and up to 1 other Forward": a group before each " and <count> "
_GROUP_SPLIT = re.compile(r" and (?=(?:up to )?\d+ )")
_OTHER = re.compile(r"^((?:up to )?\d+) other ")


def counted_groups(phrase: str) -> list[dict[str, Any]] | None:
    """Read "1 Forward you control and 1 Forward opponent controls" into target groups (target_groups.py); "other"
    in a later group only restates that a card is chosen once (FFTCG 11.3.4)."""
    parts = _GROUP_SPLIT.split(phrase.strip())
    if len(parts) < 2:
        return None
    groups = [counted_phrase(_OTHER.sub(r"\1 ", part)) for part in parts]
    return None if any(group is None for group in groups) else [g for g in groups if g is not None]


# the words naming one group: the first and the second
_GROUP_NAMES = {"the former": 0, "the latter": 1}
_GROUP_NAME = re.compile(r"\bthe (former|latter)\b", re.I)
# "Each Forward deals damage equal to its power to the other" (both ways) and the one-way forms (FFTCG 11.11.8)
_GROUP_FIGHTS = {"each forward deals damage equal to its power to the other": False,
                 "the former deals damage equal to its power to the latter": True,
                 "the former deals the latter damage equal to its power": True,
                 "the first one deals the second damage equal to its power": True}
# the halves of "Dull the former and deal the latter 5000 damage", "the former gains … and the latter loses …"
_GROUP_HALVES = re.compile(r",? and (?=(?:\w+ )?the (?:former|latter)\b)", re.I)
_TURN_FIRST = re.compile(r"^until the end of the turn, ", re.I)


def group_sentence(sentence: str, zones: list[str]) -> list[Effect] | None:
    """Read a sentence on an ability's target groups (`zones`: each group's zone): "them" for every group, "the
    former" / "the latter" for one (its effects carry `group`), "Each Forward deals damage equal to its power to the
    other" between two groups on the field (fight)."""
    fight = _GROUP_FIGHTS.get(sentence.lower())
    if fight is not None:
        if len(zones) != 2 or set(zones) != {"field"}:
            return None
        return [{"effect": "fight", "one_way": True} if fight else {"effect": "fight"}]
    if not _GROUP_NAME.search(sentence):  # "Break them.": every group, all in one zone
        return target_sentence(sentence, zones[0]) if len(set(zones)) == 1 and re.search(
            r"\b(?:them|they)\b", sentence, re.I) else None
    lasting = _TURN_FIRST.match(sentence)
    body = sentence[lasting.end():] if lasting is not None else sentence
    found: list[Effect] = []
    for half in _GROUP_HALVES.split(body):
        names = _GROUP_NAME.findall(half)
        if len(names) != 1:
            return None
        group = _GROUP_NAMES[f"the {names[0].lower()}"]
        if group >= len(zones):
            return None
        text = _GROUP_NAME.sub("it", half) + (" until the end of the turn" if lasting is not None else "")
        read = target_sentence(text, zones[group])
        if read is None:
            return None
        found += [{**effect, "group": group} for effect in read]
    return found


_FIGHT = re.compile(r"^<self> and the chosen Forward deal damage equal to their respective power to the other$", re.I)


def self_fight_sentence(sentence: str) -> list[Effect] | None:
    """Read "<self> and the chosen Forward deal damage equal to their respective power to the other" (a fight between
    the card itself and the chosen Forward, FFTCG 11.11.8)."""
    if _FIGHT.match(sentence):
        return [{"effect": "fight", "with": "self"}]
    return None


_INCREASE = re.compile(r"^If (<self>|an? (?P<phrase>.+?)) deals damage to a Forward, the damage increases by (?P<amount>\d+) "
                       r"instead$")


def damage_increase_sentence(sentence: str) -> Effect | None:
    """Read "If <self> / a Fire Character you control deals damage to a Forward, the damage increases by 1000 instead"
    (a replacement while the card is on the field, FFTCG 11.12.5; the Characters of the controller only)."""
    match = _INCREASE.match(sentence)
    if match is None:
        return None
    applies: Any = "self"
    if match.group("phrase"):
        applies = card_phrase(match.group("phrase"))
        if applies is None or applies.get("controller") != "you" or "zone" in applies or applies.get("type") == "summon":
            return None
    return {"kind": "replacement", "event": "deals_damage", "instead": "increase", "amount": int(match.group("amount")),
            "applies_to": applies}


# (s5) "Your opponent reveals their hand. You may select 1 card in their hand (other than a Backup). If you do so, your
# opponent discards it and draws 1 card." / "… remove it from the game and your opponent draws 1 card." / "Select 1
# card in their hand. Your opponent removes it from the game."
_MAY_SELECT_FROM_HAND = re.compile(r"^(?P<may>you may )?select (?P<count>\d+) (?P<phrase>.+?) (?:from|in) (?:their|his/her) "
                                   r"hand(?: other than an? (?P<other>Forward|Backup|Monster|Summon))?$", re.I)
_DONE_TO_PICKED = {"your opponent discards it": "discard", "remove it from the game": "remove_from_game",
                   "your opponent removes it from the game": "remove_from_game"}
_AND_DRAWS = re.compile(r"^(?P<done>.+?) and (?:your opponent )?draws? (?P<count>\d+) cards?$", re.I)


def reveal_select_sentences(sentences: list[str]) -> list[Effect] | None:
    """Read "Your opponent reveals their hand." then a select of a card from that hand (optional: "You may select …
    If you do so, …") and what is done to it: discarded or removed from the game, the opponent then drawing (only
    when a card was selected: `if_picked`)."""
    if len(sentences) != 3 or not _REVEALS_HAND.match(sentences[0]):
        return None
    picked = _MAY_SELECT_FROM_HAND.match(sentences[1])
    rest = sentences[2]
    if picked is None:
        return None
    if picked.group("may"):
        if not rest.lower().startswith("if you do so, "):
            return None
        rest = rest[len("if you do so, "):]
    draws = _AND_DRAWS.match(rest)
    done = _DONE_TO_PICKED.get((draws.group("done") if draws is not None else rest).lower())
    wanted = card_phrase(picked.group("phrase"))
    if done is None or wanted is None or set(wanted) & {"controller", "zone"}:
        return None
    if picked.group("other"):
        wanted["none_of"] = [{"type": picked.group("other").lower()}]
    select: Effect = {"effect": "select", "player": "you", "count": int(picked.group("count")),
                      "filter": {**wanted, "zone": "hand", "controller": "opponent"}}
    if picked.group("may"):
        select["up_to"] = True
    found = [{"effect": "reveal_hand", "player": "opponent"}, select, {"effect": done}]
    if draws is not None:
        found.append({"effect": "draw", "count": int(draws.group("count")), "player": "opponent", "if_picked": True})
    return found


# (s5) "Cast 1 Summon of cost 3 or less from your hand without paying the cost"
_CAST_FREE = re.compile(r"^cast 1 (?P<phrase>Summon.*?) from your hand without paying (?:the|its) cost$", re.I)


def cast_free_sentence(sentence: str) -> list[Effect] | None:
    """Read "Cast 1 Summon (of cost N or less) from your hand without paying the cost": its controller picks the
    Summon as it resolves (a select from the hand), then it is cast (cast_free)."""
    match = _CAST_FREE.match(sentence)
    wanted = card_phrase(match.group("phrase")) if match is not None else None
    if wanted is None or wanted.get("type") != "summon" or set(wanted) & {"controller", "zone"}:
        return None
    return [{"effect": "select", "player": "you", "count": 1, "filter": {**wanted, "zone": "hand", "controller": "you"}},
            {"effect": "cast_free"}]
