"""The clause templates of Vanguard card text: costs, conditions and effects, each into vocabulary steps.

A clause is one comma- or sentence-separated piece of an ability's body ("choose one of your opponent's
rear-guards", "and retire it"). Each template fullmatches a whole clause (case-insensitive) and returns steps;
a clause no template matches is unknown and its ability goes "by hand" (templates, not guesses).
Pronouns ("it", "them", "that unit") name the cards the last `choose` step chose.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Step = dict[str, Any]

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "nine": 9, "ten": 10, "fifteen": 15, "twenty": 20}
ORDINALS = ("first", "second", "third", "fourth", "fifth")
NUMBER = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|\d+)"


def number(word: str) -> int:
    """Return the value of a number written as a word or in digits."""
    word = word.lower()
    return NUMBERS[word] if word in NUMBERS else int(word)


@dataclass
class ClauseContext:
    """What the clauses of one ability have built so far: steps, the cards "it" names, the ability's fields."""

    steps: list[Step] = field(default_factory=list)
    it: str | None = None   # "$var" of the cards the last `choose` chose
    chosen: int = 0
    searched: bool = False  # a `search` step already puts the found card into the hand and shuffles
    looked: int = 0  # how many cards a `look_top` step looked at ("from among them", "the rest")

    def choose(self, step: Step) -> None:
        """Add a `choose` step, naming its cards for the following pronouns."""
        self.chosen += 1
        name = f"chosen{self.chosen}" if self.chosen > 1 else "chosen"
        self.steps.append({"effect": "choose", **step, "as": name})
        self.it = f"${name}"

    def last_choice(self) -> Step | None:
        """Return the last step when it is a `choose` step (a following "call it" or "discard it" completes it)."""
        return self.steps[-1] if self.steps and self.steps[-1].get("effect") == "choose" else None


# -- card sets ------------------------------------------------------------------------------------

# "your opponent's front row rear-guards" and the like, in the words the sets are printed with.
_UNIT_SETS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    (r"your opponent's front row rear-guards?", "opponent_front_row", {"in_zone": ["rc.front_left", "rc.front_right"]}),
    (r"your opponent's back row rear-guards?", "opponent_back_row_rear_guards", {}),
    (r"your opponent's rear-guards?", "opponent_rear_guards", {}),
    (r"your opponent's vanguards?", "opponent_vanguards", {}),
    (r"your opponent's units?", "opponent_units", {}),
    (r"your front row rear-guards?", "your_front_row_rear_guards", {}),
    (r"your front row units?", "your_front_row", {}),
    (r"your back row units?", "your_back_row", {}),
    (r"your rear-guards?", "your_rear_guards", {}),
    (r"your vanguards?", "your_vanguards", {}),
    (r"your units?", "your_units", {}),
)
_ZONES = {"drop": "your_drop", "drop zone": "your_drop", "soul": "your_soul", "hand": "your_hand",
          "damage zone": "your_damage", "bind zone": "your_bind"}


def unit_set(words: str) -> tuple[str, dict[str, Any]] | None:
    """Read "your other grade 3 rear-guards"-style words into (set name, filter); None when not understood."""
    filt: dict[str, Any] = {}
    text = words.strip()
    column = re.fullmatch(r"(.*) in the same column as this unit", text, re.I)
    if column:
        text, filt["same_column"] = column.group(1), True
    other = re.fullmatch(r"(your(?: opponent's)?) other (.*)", text, re.I)
    if other:
        text, filt["not_self"] = f"{other.group(1)} {other.group(2)}", True
    graded = re.fullmatch(r"(your(?: opponent's)?) grade (\d)( or (?:less|lower|greater|higher))? (.*)", text, re.I)
    if graded:
        bound = (graded.group(3) or "").split()[-1:] or [""]
        key = {"less": "grade_at_most", "lower": "grade_at_most", "greater": "grade_at_least",
               "higher": "grade_at_least"}.get(bound[0], "grade")
        filt[key] = int(graded.group(2))
        text = f"{graded.group(1)} {graded.group(4)}"
    for pattern, name, extra in _UNIT_SETS:
        if re.fullmatch(pattern, text, re.I):
            return name, {**filt, **extra}
    return None


def card_spec(words: str) -> dict[str, Any] | None:
    """Read "grade 1 or less unit card", "\"NAME\"", "card" into a card filter; None when not understood."""
    text = words.strip()
    quoted = re.fullmatch(r'"([^"]+)"', text)
    if quoted:
        return {"name": quoted.group(1)}
    order = re.fullmatch(r"(normal )?orders?(?: cards?)?|order cards?", text, re.I)
    if order:  # VG 5.4 orders
        return {"order": "normal" if order.group(1) else True}
    match = re.fullmatch(r"(?:grade (\d)( or (?:less|lower))? )?(unit )?cards?|grade (\d)( or (?:less|lower))?", text, re.I)
    if not match:
        return None
    filt: dict[str, Any] = {}
    grade, lower = (match.group(1), match.group(2)) if match.group(1) else (match.group(4), match.group(5))
    if grade:
        filt["grade_at_most" if lower else "grade"] = int(grade)
    if match.group(3):
        filt["unit"] = True
    return filt


# -- costs ----------------------------------------------------------------------------------------

# A builder returns a step, a list of steps, or None when the clause's words are not understood after all.
_COSTS: tuple[tuple[str, Callable[[re.Match[str]], Step | list[Step] | None]], ...] = (
    (r"counter[- ]blast \(?(\d+)\)?", lambda m: {"effect": "counter_blast", "count": int(m.group(1))}),
    (r"soul[- ]blast \(?(\d+)\)?", lambda m: {"effect": "soul_blast", "count": int(m.group(1))}),
    (r"energy[- ]blast \(?(\d+)\)?", lambda m: {"effect": "energy_blast", "count": int(m.group(1))}),
    (rf"discard ({NUMBER}) cards? from your hand", lambda m: {"effect": "discard", "count": number(m.group(1))}),
    (r"choose a card from your hand, and discard it", lambda m: {"effect": "discard", "count": 1}),
    (r"put this unit into your soul", lambda m: {"effect": "to_soul", "target": "self"}),
    (r"retire this unit", lambda m: {"effect": "retire", "target": "self"}),
    (r"rest this unit", lambda m: {"effect": "rest", "target": "self"}),
    (r"bind this (?:unit|card)", lambda m: {"effect": "bind", "target": "self"}),
    (r"put this (?:unit|card) into (?:your )?drop(?: zone)?", lambda m: {"effect": "to_drop", "target": "self"}),
    # "put a card from your hand into your soul": a choice, then the chosen cards go (flow.cost_payable checks
    # the hand holds enough cards before the cost is paid)
    (rf"put ({NUMBER}) cards? from your hand into your soul",
     lambda m: [{"effect": "choose", "from": "your_hand", "count": number(m.group(1)), "as": "cost_cards"},
                {"effect": "to_soul", "target": "$cost_cards"}]),
    (rf"bind ({NUMBER}) ([a-z ]+?) from (?:your )?(drop|soul|hand)", lambda m: _cost_choice(m, "bind")),
    (rf"(retire|rest|put) (another|{NUMBER})( other)? rear-guards?( into your soul)?", lambda m: _rear_guard_cost(m)),
)


def _rear_guard_cost(m: re.Match[str]) -> list[Step] | None:
    """ "retire another rear-guard", "[Rest] two rear-guards", "put a rear-guard into your soul": choose your
    rear-guards (flow.cost_payable checks there are enough; resting takes standing ones), then the action."""
    verb, into_soul = m.group(1).lower(), bool(m.group(4))
    if (verb == "put") != into_soul:
        return None
    filt: dict[str, Any] = {}
    if m.group(2).lower() == "another" or m.group(3):
        filt["not_self"] = True
    if verb == "rest":
        filt["standing"] = True
    count = 1 if m.group(2).lower() == "another" else number(m.group(2))
    choose: Step = {"effect": "choose", "from": "your_rear_guards", "count": count, "as": "cost_cards"}
    if filt:
        choose["filter"] = filt
    return [choose, {"effect": {"put": "to_soul"}.get(verb, verb), "target": "$cost_cards"}]


def _cost_choice(m: re.Match[str], effect: str) -> list[Step] | None:
    """ "bind an order card from drop": choose the cards (flow.cost_payable checks there are enough), then `effect`."""
    spec = card_spec(m.group(2))
    if spec is None:
        return None
    choose: Step = {"effect": "choose", "from": _ZONES[m.group(3).lower()], "count": number(m.group(1)),
                    "as": "cost_cards"}
    if spec:
        choose["filter"] = spec
    return [choose, {"effect": effect, "target": "$cost_cards"}]


def cost_steps(text: str) -> list[Step] | None:
    """Read the inside of "COST [Counter Blast (1) & Soul Blast (1)]" into cost steps; None when a part is unknown."""
    for separators in (r"\s*&\s*", r"\s*(?:&|,|\band\b)\s*"):  # "A & B"; some cards print "A, B" or "A and B"
        steps: list[Step] = []
        for part in re.split(separators, text.strip()):
            step = _read(part.strip().strip("[]").strip(), _COSTS)
            if not step:
                break
            steps += step if isinstance(step, list) else [step]
        else:
            return steps
    return None


def _read(text: str, templates: tuple[tuple[str, Callable[[re.Match[str]], Any]], ...]) -> Any:
    """Return what the first template fullmatching `text` builds; None when none does."""
    for pattern, build in templates:
        match = re.fullmatch(pattern, text, re.I)
        if match:
            return build(match)
    return None


# -- conditions -----------------------------------------------------------------------------------

_CONDITIONS: tuple[tuple[str, Callable[[re.Match[str]], dict[str, Any]]], ...] = (
    (r"you went second", lambda m: {"went_first": False}),
    (r"you went first", lambda m: {"went_first": True}),
    (rf"your hand has ({NUMBER}) or (?:fewer|less) cards", lambda m: {"hand_at_most": number(m.group(1))}),
    (rf"your hand has ({NUMBER}) or more cards", lambda m: {"hand_at_least": number(m.group(1))}),
    (rf"(?:your soul has ({NUMBER}) or more cards|you have ({NUMBER}) or more cards in your soul)",
     lambda m: {"soul_at_least": number(m.group(1) or m.group(2))}),
    (rf"(?:you have|your damage zone has) ({NUMBER}) or more (?:damage|cards in your damage zone|cards)",
     lambda m: {"damage_at_least": number(m.group(1))}),
    (r"during your turn", lambda m: {"my_turn": True}),
    (r"during your opponent's turn", lambda m: {"my_turn": False}),
    (r"during the battle (?:that )?this unit (?:attacked|attacks)", lambda m: {"self_attacked": True}),
    (r"during the battle (?:that )?this unit attacked a vanguard",
     lambda m: {"self_attacked": True, "attacked_vanguard": True}),
    (r"during the battle (?:that )?this unit attacked a rear-guard",
     lambda m: {"self_attacked": True, "attacked_vanguard": False}),
    (r"during the battle (?:that )?this unit boosted", lambda m: {"self_boosted": True}),
    (r"during (?:in )?the ([a-z]+) state", lambda m: {"in_state": m.group(1).lower()}),
    (r"during (?:in )?legion", lambda m: {"in_legion": True}),
    (r"your vanguard's power is (\d+) or more", lambda m: {"vanguard_power_at_least": int(m.group(1))}),
    (r'your vanguard is "([^"]+)" or "([^"]+)"', lambda m: {"vanguard_name": [m.group(1), m.group(2)]}),
    (r'your vanguard is "(.+)"', lambda m: {"vanguard_name": m.group(1)}),
    (r'you have a vanguard with "([^"]+)" in its card name', lambda m: {"vanguard_name_contains": m.group(1)}),
    (r"your opponent's vanguard is grade (\d) or (?:greater|higher|more)",
     lambda m: {"opponent_vanguard_grade_at_least": int(m.group(1))}),
    (rf"you have ({NUMBER}) or more grade (\d) units", lambda m: {"units_at_least": {"count": number(m.group(1)),
                                                                                      "grade": int(m.group(2))}}),
    (rf"you have ({NUMBER}) or more units", lambda m: {"units_at_least": {"count": number(m.group(1))}}),
    (r"you persona rode this turn", lambda m: {"persona_rode": True}),
    (r"you have an? <<([^<>]+)>> vanguard", lambda m: {"vanguard_clan": m.group(1)}),
    (r"your damage zone has more cards than your opponent's", lambda m: {"damage_more_than_opponent": True}),
    (rf"you have ({NUMBER}) or more other rear-guards", lambda m: {"other_rear_guards_at_least": number(m.group(1))}),
    (r"your opponent has no units in the same column as this unit", lambda m: {"no_opposing_unit_in_column": True}),
    (r"your rear-guard was retired this turn", lambda m: {"rear_guard_retired_this_turn": "you"}),
    (r"your opponent's rear-guard was retired this turn", lambda m: {"rear_guard_retired_this_turn": "opponent"}),
    (r"you played an order this turn", lambda m: {"played_order": True}),
    (rf"your opponent has ({NUMBER}) or (?:less|fewer) rear-guards",
     lambda m: {"opponent_rear_guards_at_most": number(m.group(1))}),
    (r"you have more rear-guards than your opponent", lambda m: {"more_rear_guards": True}),
    (rf"(?:your soul has ({NUMBER}) or (?:fewer|less) cards|you have ({NUMBER}) or (?:fewer|less) cards in your soul)",
     lambda m: {"soul_at_most": number(m.group(1) or m.group(2))}),
    (r"your opponent has no front row rear-guards", lambda m: {"opponent_front_row_rear_guards_at_most": 0}),
    (r"an order card is in your bind zone", lambda m: {"order_cards_at_least": {"count": 1, "zones": ["bind"]}}),
    (rf"you have a total of ({NUMBER}) or more order cards in your drop and bind zone",
     lambda m: {"order_cards_at_least": {"count": number(m.group(1)), "zones": ["drop", "bind"]}}),
    (rf"you have ({NUMBER}) or more open \(?RC\)?", lambda m: {"open_circles_at_least": number(m.group(1))}),
    (r"your damage zone has no face up cards", lambda m: {"face_up_damage_at_most": 0}),
    (r"this unit was boosted", lambda m: {"self_attacked": True, "attack_boosted": True}),
    (r"it is the (first|second|third|fourth|fifth) battle of this turn",
     lambda m: {"battle_number": ORDINALS.index(m.group(1).lower()) + 1}),
    (r"during the battle (?:that )?this unit boosted a grade (\d)",
     lambda m: {"self_boosted": True, "attacker_grade": int(m.group(1))}),
)


def condition(text: str) -> dict[str, Any] | None:
    """Read a condition ("your hand has two or more cards", "during your turn"); None when not understood."""
    merged: dict[str, Any] = {}
    for part in re.split(r",? and (?=during|if|your|you )", text.strip(), flags=re.I):
        found = _read(re.sub(r"^if ", "", part.strip(), flags=re.I), _CONDITIONS)
        if found is None:
            return None
        merged.update(found)
    return merged


# -- effects --------------------------------------------------------------------------------------

_STAT = r"(power|critical|shield|drive)\s*\+\s*(\d+)"
_UNTIL = r"(?: until (?:the )?end of (?:that |the |this )?(?P<until>turn|battle))?"
_STATS = r"(?P<stats>(?:power|critical|shield|drive)\s*\+\s*\d+(?:\s*(?:/|,? and )\s*(?:power|critical|shield|drive)\s*\+\s*\d+)*)"
_PRONOUN = r"(?:it|they|them|that unit|those units|that card|those cards)"


def stat_steps(stats: str, target: str, until: str | None) -> list[Step] | None:
    """Read "Power+5000/Shield+5000" (or "Power+5000 and Critical+1") into power/critical/shield steps."""
    steps: list[Step] = []
    for part in re.split(r"\s*(?:/|,? and )\s*", stats.strip()):
        match = re.fullmatch(_STAT, part.strip(), re.I)
        if not match or match.group(1).lower() == "drive":
            return None
        step: Step = {"effect": match.group(1).lower(), "target": target, "amount": int(match.group(2))}
        if until:
            step["until"] = until.lower()
        steps.append(step)
    return steps


# "for each of your other rear-guards": the card sets a bonus may be counted per (effects.py `per`).
_PER_SETS = {("your_rear_guards", False): "your_rear_guards", ("your_rear_guards", True): "your_other_rear_guards",
             ("your_units", False): "your_units"}


def _per_set(words: str | None) -> str | None:
    """Return the set a "for each of ..." clause counts ("" when there is none); None when it is not understood."""
    if words is None:
        return ""
    found = unit_set(words)
    if found is None or set(found[1]) - {"not_self"}:
        return None
    return _PER_SETS.get((found[0], bool(found[1].get("not_self"))))


def _add_stats(ctx: ClauseContext, m: re.Match[str], target: str) -> bool:
    """Add the bonuses a "gets Power+N/Shield+N until ... [for each of SET]" clause gives `target`; False when
    one is unknown."""
    steps = stat_steps(m.group("stats"), target, m.group("until"))
    per = _per_set(m.groupdict().get("per"))
    if steps is None or per is None:
        return False
    if per:
        steps = [{**step, "per": per} for step in steps]
    ctx.steps += steps
    return True


def _gets(ctx: ClauseContext, m: re.Match[str]) -> bool:
    who = m.group(1).lower()
    target = "self" if who == "this unit" else ctx.it if re.fullmatch(_PRONOUN, who) else None
    return target is not None and _add_stats(ctx, m, target)


def _gets_skill(ctx: ClauseContext, m: re.Match[str]) -> bool:
    """ "this unit gets "Boost" [and Power+5000] until end of turn": the skill (K0.1, VG 6.2), then the bonuses."""
    who = m.group(1).lower()
    target = "self" if who == "this unit" else ctx.it if re.fullmatch(_PRONOUN, who) else None
    if target is None or (m.group("stats") and stat_steps(m.group("stats"), target, "turn") is None):
        return False
    ctx.steps.append({"effect": "gain_keyword", "target": target, "keyword": "boost"})
    return not m.group("stats") or _add_stats(ctx, m, target)


def _one_gets(ctx: ClauseContext, m: re.Match[str]) -> bool:
    """ "one of your units gets Critical+1 until end of turn": choose one, then it gets the bonus."""
    found = unit_set(m.group(1))
    if found is None or stat_steps(m.group("stats"), "", m.group("until")) is None:
        return False
    _choose_from(ctx, found[0], 1, found[1], up_to=False)
    return _add_stats(ctx, m, str(ctx.it))


def _all_get(ctx: ClauseContext, m: re.Match[str]) -> bool:
    found = unit_set(m.group(1))
    return found is not None and not found[1] and _add_stats(ctx, m, found[0])


def _choose_from(ctx: ClauseContext, source: str, count: int, filt: dict[str, Any], up_to: bool) -> bool:
    """Add a `choose` step ("choose up to two of ...": at least none)."""
    step: Step = {"from": source, "count": count}
    if filt:
        step["filter"] = filt
    if up_to:
        step["min"] = 0
    ctx.choose(step)
    return True


def _choose_units(ctx: ClauseContext, m: re.Match[str]) -> bool:
    found = unit_set(m.group(3))
    return found is not None and _choose_from(ctx, found[0], number(m.group(2)), found[1], bool(m.group(1)))


def _choose_cards(ctx: ClauseContext, m: re.Match[str]) -> bool:
    spec = card_spec(m.group(3))
    zone = _ZONES.get(m.group(4).lower())
    return spec is not None and zone is not None and _choose_from(ctx, zone, number(m.group(2)), spec,
                                                                  bool(m.group(1)))


def _on_it(effect: str, **fields: Any) -> Callable[[ClauseContext, re.Match[str]], bool]:
    def build(ctx: ClauseContext, m: re.Match[str]) -> bool:
        if ctx.it is None:
            return False
        ctx.steps.append({"effect": effect, "target": ctx.it, **fields})
        return True
    return build


def _resource(ctx: ClauseContext, m: re.Match[str]) -> bool:
    """ "Soul Charge (1)", "Counter Blast (2)"... as an effect (VG 9.5)."""
    ctx.steps.append({"effect": m.group(1).lower().replace(" ", "_"), "count": int(m.group(2))})
    return True


def _call_self(ctx: ClauseContext, m: re.Match[str]) -> bool:
    """ "call this card to (an open) (RC)" from where it is (the drop it was discarded to, the soul)."""
    ctx.steps.append({"effect": "call", "from": "self", **({"open": True} if m.group(1) else {})})
    return True


def _on_self(effect: str) -> Callable[[ClauseContext, re.Match[str]], bool]:
    def build(ctx: ClauseContext, m: re.Match[str]) -> bool:
        ctx.steps.append({"effect": effect, "target": "self"})
        ctx.it = "self"  # "[Stand] this unit, and it gets ..."
        return True
    return build


def _on_set(effect: str) -> Callable[[ClauseContext, re.Match[str]], bool]:
    def build(ctx: ClauseContext, m: re.Match[str]) -> bool:
        found = unit_set(m.group(1))
        if found is None or found[1]:
            return False
        ctx.steps.append({"effect": effect, "target": found[0]})
        return True
    return build


def _counted(effect: str) -> Callable[[ClauseContext, re.Match[str]], bool]:
    def build(ctx: ClauseContext, m: re.Match[str]) -> bool:
        ctx.steps.append({"effect": effect, "count": number(m.group(1))})
        return True
    return build


def _picked_from(zone: str, effect: str) -> Callable[[ClauseContext, re.Match[str]], bool]:
    """Build "choose a card from your hand, and discard it" (or "... damage zone, and heal it"): one step of the
    word, whose player picks the cards."""
    def build(ctx: ClauseContext, m: re.Match[str]) -> bool:
        choice = ctx.last_choice()
        if choice is None or choice["from"] != zone or choice.get("filter") or choice.get("min") == 0:
            return False
        ctx.steps[-1] = {"effect": effect, "count": choice["count"], **({"if": choice["if"]} if "if" in choice else {})}
        ctx.it = None
        return True
    return build


def _call_it(ctx: ClauseContext, m: re.Match[str]) -> bool:
    """ "choose a card from your drop, and call it to (RC)": one call step from that zone."""
    last = ctx.steps[-1] if ctx.steps else {}
    if last.get("effect") == "search" and not m.group(1) and not m.group(2):
        # "search your deck for up to one "X", call it to (RC), and shuffle your deck": the found card is called
        ctx.steps[-1:] = [{"effect": "call", "from": "your_deck", "count": last["count"], "min": 0,
                           **({"filter": last["filter"]} if "filter" in last else {})}, {"effect": "shuffle"}]
        return True
    choice = ctx.last_choice()
    if choice is None or choice["from"] not in ("your_drop", "your_soul", "your_hand", "your_bind", LOOKED):
        return False
    step = {key: value for key, value in choice.items() if key != "effect"}
    if m.group(1):
        step["open"] = True
    if m.group(2):
        step["rested"] = True
    ctx.steps[-1] = {"effect": "call", **step}
    return True


def _may_on_chosen(ctx: ClauseContext, m: re.Match[str]) -> bool:
    """ "choose a card from your soul, and you may put it into your hand": the choice may choose none (VG 7.3
    "you may": the player decides; choosing none does nothing to the card)."""
    choice = ctx.last_choice()
    if choice is None or choice.get("min") == 0:
        return False
    choice["min"] = 0
    if _one_clause(ctx, m.group(1)):
        return True
    del choice["min"]
    return False


LOOKED = "$looked"


def _look(ctx: ClauseContext, m: re.Match[str]) -> bool:
    """ "look at three cards from the top of your deck": the cards "them" / "among them" / "the rest" name."""
    if ctx.looked:
        return False
    ctx.looked = number(m.group(1)) if m.group(1) else 1
    ctx.steps.append({"effect": "look_top", "count": ctx.looked, "as": LOOKED[1:]})
    ctx.it = LOOKED
    return True


def _choose_looked(ctx: ClauseContext, m: re.Match[str]) -> bool:
    spec = card_spec(m.group(3))
    return bool(ctx.looked) and spec is not None and _choose_from(ctx, LOOKED, number(m.group(2)), spec,
                                                                  bool(m.group(1)))


def _call_looked(ctx: ClauseContext, m: re.Match[str]) -> bool:
    """ "you may call a unit card from among them to (RC)": a call of up to that many of the looked-at cards."""
    spec = card_spec(m.group(2))
    if not ctx.looked or spec is None:
        return False
    ctx.steps.append({"effect": "call", "from": LOOKED, "count": number(m.group(1)), "min": 0,
                      **({"filter": spec} if spec else {})})
    return True


def _on_deck(ctx: ClauseContext, m: re.Match[str]) -> bool:
    """ "put them on the top of your deck in any order" (looked-at cards): `put_on_deck`, ordered by the player."""
    if not ctx.looked or ctx.it is None:
        return False
    ctx.steps.append({"effect": "put_on_deck", "target": ctx.it, "where": m.group(1).lower()})
    return True


def _rest(ctx: ClauseContext, m: re.Match[str]) -> bool:
    """ "put the rest on the bottom of your deck in any order" / "put the rest into your soul" / "discard the
    rest": the looked-at cards still in the deck, but the chosen ones."""
    if not ctx.looked:
        return False
    kept = {"except": ctx.it} if ctx.it not in (None, LOOKED) else {}
    if m.group(1):
        ctx.steps.append({"effect": "put_on_deck", "target": LOOKED, "where": m.group(1).lower(), **kept})
    else:
        ctx.steps.append({"effect": "put_rest", "of": LOOKED, "to": (m.group(2) or "drop").lower(), **kept})
    return True


def _search(ctx: ClauseContext, m: re.Match[str]) -> bool:
    spec = card_spec(m.group(2))
    if spec is None:
        return False
    step: Step = {"effect": "search", "count": number(m.group(1))}
    if spec:
        step["filter"] = spec
    ctx.steps.append(step)
    ctx.searched = True
    return True


def _after_search(ctx: ClauseContext, m: re.Match[str]) -> bool:
    """ "reveal it and put it into your hand" and "shuffle your deck" are part of a `search` step; after looking
    at the top cards, "shuffle your deck" shuffles it."""
    if not ctx.searched and ctx.looked and m.group(0).lower() == "shuffle your deck":
        ctx.steps.append({"effect": "shuffle"})
        return True
    return ctx.searched


def _mill(ctx: ClauseContext, m: re.Match[str]) -> bool:
    """ "discard the top five cards of your deck": they are revealed as they go to the drop (VG 9.5)."""
    ctx.steps += [{"effect": "reveal_top", "count": number(m.group(1) or m.group(2)), "as": "milled"},
                  {"effect": "put_rest", "of": "$milled", "to": "drop"}]
    return True


def _both(ctx: ClauseContext, m: re.Match[str]) -> bool:
    """ "Counter Charge (1)/Soul Charge (1)": both, as "Power+5000/Critical+1" gives both."""
    saved = list(ctx.steps)
    if _one_clause(ctx, m.group(1)) and _one_clause(ctx, m.group(2)):
        return True
    ctx.steps = saved
    return False


def _cannot(effect: str, default: str) -> Callable[[ClauseContext, re.Match[str]], bool]:
    """Build a "(this unit | it) cannot be hit / cannot attack [until end of ...]" clause: the word's own
    duration (`default`) is left unsaid, the other one is written."""
    def build(ctx: ClauseContext, m: re.Match[str]) -> bool:
        target = "self" if m.group(1).lower() == "this unit" else ctx.it
        if target is None:
            return False
        step: Step = {"effect": effect, "target": target}
        until = (m.group("until") or default).lower()
        if until != default:
            step["until"] = until
        ctx.steps.append(step)
        return True
    return build


# "reveal the top card of your deck, if it is a unit card, call it to (RC), and if it isn't, put it into your hand"
# (and the same with the "if" after each action): one template for the whole sentence, read before the body is cut
# into clauses (its "if it is"/"if it isn't" pair is one choice between two actions).
_SPEC = r"(?:an? )?(?P<spec>[a-z0-9 ]+?)"
_REST = r"(?:put it into your (?P<rest>hand|soul|drop)|(?P<discard>discard) it)"
_CALL = r"call it to \(?RC\)?(?P<rested> as rest)?"
REVEAL_TOP = tuple(re.compile(pattern, re.I) for pattern in (
    rf"(?:you may )?reveal the top card of your deck(?:,|\.) if it is {_SPEC}, {_CALL}, and if it isn't, {_REST}",
    rf"(?:you may )?reveal the top card of your deck, {_CALL} if it is {_SPEC}, and {_REST} if it isn't",
))


def reveal_top_steps(match: re.Match[str]) -> list[Step] | None:
    """Return the steps of a REVEAL_TOP sentence: reveal, call it if it passes, else put it into a zone."""
    spec = card_spec(match.group("spec"))
    if spec is None:
        return None
    call: Step = {"effect": "call", "from": "$revealed", "count": 1}
    if spec:
        call["filter"] = spec
    if match.group("rested"):
        call["rested"] = True
    return [{"effect": "reveal_top", "count": 1, "as": "revealed"}, call,
            {"effect": "put_rest", "of": "$revealed", "to": "drop" if match.group("discard") else match.group("rest")}]


Clause = Callable[[ClauseContext, re.Match[str]], bool]
EFFECT_CLAUSES: tuple[tuple[re.Pattern[str], Clause], ...] = tuple((re.compile(pattern, re.I), build) for pattern, build in (
    (rf"(?:you )?draw ({NUMBER}) (?:more )?cards?", _counted("draw")),
    (r"(soul charge|counter charge|energy charge|soul blast|counter blast) \(?(\d+)\)?", _resource),
    (rf"(this unit|{_PRONOUN}) gets? {_STATS}{_UNTIL}(?: for each of (?P<per>your [a-z' -]+?))?", _gets),
    (rf"(?:all of )?(your [a-z' -]+?) get {_STATS}{_UNTIL}", _all_get),
    (rf"choose (up to )?({NUMBER}) of (your [a-z0-9' -]+)", _choose_units),
    (rf"choose (up to )?({NUMBER}) ([a-z0-9\" ,'-]+?) from (?:among )?your (drop(?: zone)?|soul|hand|damage zone|bind zone)",
     _choose_cards),
    (rf"retire {_PRONOUN}", _on_it("retire")),
    (rf"time leap {_PRONOUN}", _on_it("time_leap")),
    (rf"delete {_PRONOUN} until end of turn", _on_it("delete", until="turn")),
    (rf"one of (your [a-z' -]+?) gets {_STATS}{_UNTIL}", _one_gets),
    (rf"(this unit|{_PRONOUN}) gets? \"boost\"(?: and {_STATS})? until end of (?P<until>turn)", _gets_skill),
    (rf"stand {_PRONOUN}", _on_it("stand")),
    (rf"rest {_PRONOUN}", _on_it("rest")),
    (rf"lock {_PRONOUN}", _on_it("lock")),
    (rf"(?:put|return) {_PRONOUN} (?:in)?to (?:to )?(?:your|their|its owner's) hand", _on_it("return_to_hand")),
    (rf"put {_PRONOUN} into (?:your|their|its owner's) soul", _on_it("to_soul")),
    (rf"look at (?:the top card|({NUMBER}) cards from the top) of your deck", _look),
    (rf"discard (?:the top ({NUMBER}) cards of your deck|({NUMBER}) cards from the top of your deck)", _mill),
    (r"((?:soul|counter|energy) charge \(?\d+\)?)/((?:soul|counter|energy) charge \(?\d+\)?)", _both),
    (rf"choose (up to )?({NUMBER}) ([a-z0-9\" ,'-]+?) from among them", _choose_looked),
    (rf"you may call ({NUMBER}) ([a-z0-9 ]+?) from among them to \(?RC\)?", _call_looked),
    (rf"put {_PRONOUN} on the (top|bottom) of your deck(?: in any order)?", _on_deck),
    (r"(?:put the rest on the (top|bottom) of your deck(?: in any order)?|put the rest into your (soul|hand|drop)"
     r"|discard the rest)", _rest),
    (rf"put {_PRONOUN} on the bottom of (?:your|their|its owner's) deck", _on_it("to_deck_bottom")),
    (rf"put {_PRONOUN} into (?:your|their|its owner's|the) drop(?: zone)?", _on_it("to_drop")),
    (rf"bind {_PRONOUN}", _on_it("bind")),
    (rf"discard {_PRONOUN}", _picked_from("your_hand", "discard")),
    (rf"heal {_PRONOUN}", _picked_from("your_damage", "heal")),
    (rf"call {_PRONOUN} to (an open )?\(?RC\)?( as rest)?", _call_it),
    (r"stand this unit", _on_self("stand")),
    (r"retire this unit", _on_self("retire")),
    (r"(?:you may )?put this (?:unit|card) into your soul", _on_self("to_soul")),
    (r"return this unit to your hand", _on_self("return_to_hand")),
    (r"bind this (?:unit|card)", _on_self("bind")),
    (r"call this card to (an open )?\(?RC\)?", _call_self),
    (r"stand all of (your [a-z' -]+)", _on_set("stand")),
    (rf"search your deck for up to ({NUMBER}) (.+)", _search),
    (rf"(?:reveal {_PRONOUN} and )?put {_PRONOUN} into your hand", _after_search),
    (r"shuffle your deck", _after_search),
    (rf"you may ((?:call|put|return|retire|discard|bind) {_PRONOUN}\b.*)", _may_on_chosen),
    (rf"(this unit|{_PRONOUN}) cannot be hit{_UNTIL}", _cannot("cannot_be_hit", "battle")),
    (rf"(this unit|{_PRONOUN}) cannot attack{_UNTIL}", _cannot("cannot_attack", "turn")),
))


def effect_clause(ctx: ClauseContext, text: str) -> bool:
    """Add the steps of one effect clause to `ctx`; False (nothing added) when no template reads it.

    A clause no template reads whole may be two joined by " and " ("choose one of your opponent's rear-guards
    and retire it"): it is read as both, or not at all.
    """
    if _one_clause(ctx, text.strip()):
        return True
    parts = text.strip().split(" and ")
    for cut in range(1, len(parts)):
        saved = (list(ctx.steps), ctx.it, ctx.chosen, ctx.searched)
        if _one_clause(ctx, " and ".join(parts[:cut])) and effect_clause(ctx, " and ".join(parts[cut:])):
            return True
        ctx.steps, ctx.it, ctx.chosen, ctx.searched = saved
    return False


def _one_clause(ctx: ClauseContext, text: str) -> bool:
    for pattern, build in EFFECT_CLAUSES:
        match = pattern.fullmatch(text)
        if match and build(ctx, match):
            return True
    return False
