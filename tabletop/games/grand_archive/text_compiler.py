"""Compiling a Grand Archive card's printed text into the rules' vocabulary: keywords, gates, abilities, statics.

Used for cards without coded `effects` (imported real cards). Each line of printed text is one ability (GA 10);
it is compiled whole or not at all, by templates of the standard wordings:

- reminder text in parentheses is dropped (it restates a rule); a line that is nothing but reminder text of an
  element (Exalted, GA 3.6) says nothing new;
- restrictions open a line: `[Class Bonus]`, `[Level N+]`, `[Memory N+]`, `[Element Bonus]`, `[<Name> Bonus]`
  (GA 10.1, seed Class/Champion/Element Bonus): the line's keywords and abilities apply only while they hold;
- keyword lines ("Intercept", "Pride 3, Stealth", "Diana Lineage", "Ally Link") give keywords;
- triggered abilities ("On Enter: …", "At the beginning of your recollection phase, …", GA 10.2) and activated
  abilities ("(2), REST: …", "Banish X: …", "Sacrifice X: …", GA 10.1) are always declared by the rules; their
  effect is compiled when every sentence of it matches a template, and is otherwise carried out by hand;
- an action's own effect (GA 9.8) and a few static abilities ("This card costs N less to activate.",
  "X gets +N POWER.", "X enters the field rested.") compile by template too.

What does not compile stays in `CompiledText.by_hand` (the printed line) and `unknown_clauses` (the clause that
stopped it, names replaced by CARDNAME and numbers by N, for counting).
"""
from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Any

from tabletop.engine.cards import CardDefinition
from tabletop.engine.text_compilation import CompiledText

# Keywords printed as a line of their own (seed §12); the rules spell them with underscores (keywords.KEYWORDS).
PRINTED_KEYWORDS = (
    "agility", "ambush", "brew", "cleave", "critical", "divine relic", "efficiency", "empower", "floating memory",
    "fast activation", "foster", "hindered", "imbue", "immortality", "intercept", "kindle", "prepare", "preserve",
    "pride",
    "ranged", "renewable", "reservable", "retort", "spellshroud", "steadfast", "stealth", "taunt", "true sight",
    "unblockable", "vigor",
)
_KEYWORD = re.compile(r"^(" + "|".join(sorted(PRINTED_KEYWORDS, key=len, reverse=True)) + r")(?:\s+(\d+))?$",
                      re.IGNORECASE)
_LINEAGE = re.compile(r"^(.+?) Lineage$")
_LINK = re.compile(r"^ally link$", re.IGNORECASE)
_STARCALLING = re.compile(r"^starcalling\s*[—-]\s*\((\d+)\)$", re.IGNORECASE)  # its cost, an alternative reserve cost
# Reminder text: a parenthesis that is not a reserve cost "(2)" (GA 9.1).
_REMINDER = re.compile(r"\s*\((?![0-9X]+\))[^()]*\)")
_GATE = re.compile(r"^\[([^\]]+)\]\s*")
# Lines of nothing but reminder text of a rule the rules enforce anyway (GA 3.6 Exalted, GA 11.4 Unique).
_RULE_REMINDERS = ("(Exalted", "(Unique")
_NUMBER = r"(a|an|one|two|three|four|five|six|seven|eight|\d+)"
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
_TRIGGERS = {"on enter": "on_enter", "on attack": "on_attack", "on death": "on_death", "on hit": "on_hit",
             "on kill": "on_kill", "on leave": "on_leave", "on foster": "on_foster",
             "at the beginning of your recollection phase": "recollection_start",
             "at the beginning of your end phase": "end_phase_start"}
_TRIGGER = re.compile(r"^(on enter|on attack|on death|on hit|on kill|on leave|on foster|at the beginning of your "
                      r"recollection phase|at the beginning of your end phase)\s*[:,]\s*(.*)$", re.IGNORECASE)
_ACTIVATED = re.compile(r"^((?:(?:\(\d+\)|REST|Banish CARDNAME|Sacrifice CARDNAME)(?:,\s*|(?=:)))+):\s*(.+)$")
_LINEAGE_RELEASE = re.compile(r"^Lineage Release\s*[—-]\s*(.+)$")
_TARGETS = {"unit": "unit", "ally": "ally", "champion": "champion", "ally you control": "own_ally"}
_TARGET = r"target (unit|ally you control|ally|champion)"

# Effect sentences (CARDNAME stands for the card's own name): each template gives one step of the vocabulary.
_SENTENCES: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile(rf"^draw {_NUMBER} cards?$", re.I), lambda m: {"effect": "draw", "count": _count(m[1])}),
    (re.compile(rf"^draw {_NUMBER} cards? into your memory$", re.I),
     lambda m: {"effect": "draw", "count": _count(m[1]), "into": "memory"}),
    (re.compile(r"^glimpse (\d+)$", re.I), lambda m: {"effect": "glimpse", "count": int(m[1])}),
    (re.compile(r"^recover (\d+)$", re.I), lambda m: {"effect": "recover", "amount": int(m[1])}),
    (re.compile(r"^empower (\d+)$", re.I), lambda m: {"effect": "empower", "amount": int(m[1])}),
    (re.compile(r"^deal (\d+) damage to target (unit|ally|champion)$", re.I),
     lambda m: {"effect": "damage", "amount": int(m[1]), "target": _TARGETS[m[2].lower()]}),
    (re.compile(r"^target (unit|ally) becomes distant$", re.I),
     lambda m: {"effect": "become_distant", "target": _TARGETS[m[1].lower()]}),
    (re.compile(r"^your champion becomes distant$", re.I),
     lambda m: {"effect": "become_distant", "target": "own_champion"}),
    (re.compile(r"^CARDNAME becomes distant$"), lambda m: {"effect": "become_distant", "target": "self"}),
    (re.compile(r"^CARDNAME gets \+(\d+) POWER until end of turn$"),
     lambda m: {"effect": "power", "amount": int(m[1]), "target": "self", "duration": "turn"}),
    (re.compile(rf"^{_TARGET} gets \+(\d+) (POWER|LIFE) until end of turn$", re.I),
     lambda m: {"effect": m[3].lower(), "amount": int(m[2]), "target": _TARGETS[m[1].lower()], "duration": "turn"}),
    (re.compile(r"^allies you control get \+(\d+) (POWER|LIFE) until end of turn$", re.I),
     lambda m: {"effect": m[2].lower(), "amount": int(m[1]), "target": "own_allies", "duration": "turn"}),
    (re.compile(rf"^wake up {_TARGET}$", re.I), lambda m: {"effect": "wake_up", "target": _TARGETS[m[1].lower()]}),
    (re.compile(rf"^rest {_TARGET}$", re.I), lambda m: {"effect": "rest", "target": _TARGETS[m[1].lower()]}),
    (re.compile(r"^your champion gets \+(\d+) level until end of turn$", re.I),
     lambda m: {"effect": "level", "amount": int(m[1]), "target": "own_champion", "duration": "turn"}),
    (re.compile(r"^wake up your champion$", re.I), lambda m: {"effect": "wake_up", "target": "own_champion"}),
    (re.compile(r"^prevent the next (\d+) damage that would be dealt to your champion this turn$", re.I),
     lambda m: {"effect": "prevent_damage", "amount": int(m[1]), "target": "own_champion"}),
    (re.compile(r"^prevent the next (\d+) damage that would be dealt to target (unit|ally|champion) this turn$",
                re.I), lambda m: {"effect": "prevent_damage", "amount": int(m[1]), "target": _TARGETS[m[2].lower()]}),
    (re.compile(r"^put a buff counter on CARDNAME$", re.I), lambda m: {"effect": "buff_counter", "count": 1,
                                                                        "target": "self"}),
    (re.compile(r"^put a preparation counter on your champion$", re.I),
     lambda m: {"effect": "preparation_counter", "count": 1}),
    (re.compile(r"^wake up CARDNAME$", re.I), lambda m: {"effect": "wake_up", "target": "self"}),
    (re.compile(r"^destroy target ally$", re.I), lambda m: {"effect": "destroy", "target": "ally"}),
)
# Static abilities: (template, what it gives). "keyword" entries are keywords stated in other words.
_STATICS: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile(r"^this card costs (\d+) less to activate$", re.I),
     lambda m: {"static": "reserve_cost", "amount": -int(m[1])}),
    (re.compile(r"^this card costs (\d+) less to materialize$", re.I),
     lambda m: {"static": "memory_cost", "amount": -int(m[1])}),
    (re.compile(r"^CARDNAME gets \+(\d+) (POWER|LIFE)$"),
     lambda m: {"static": m[2].lower(), "amount": int(m[1])}),
    (re.compile(r"^CARDNAME enters the field rested$"), lambda m: {"keyword": "hindered"}),
)


def _count(word: str) -> int:
    """Return the number a word of a template stands for ("a", "seven", "3")."""
    return int(word) if word.isdigit() else _NUMBERS[word.lower()]


def _normalised(line: str, name: str) -> str:
    """Return a line with its reminder text dropped and the card's own name as CARDNAME."""
    text = _REMINDER.sub("", line).strip()
    return text.replace(name, "CARDNAME") if name else text


def _gate(text: str, definition: CardDefinition) -> dict[str, Any] | None:
    """Return the condition a bracketed restriction states (GA 10.1), or None for one the rules do not read."""
    if text == "Class Bonus":
        classes = list(definition.attributes.get("classes") or ())
        return {"class_bonus": classes} if classes else None
    level = re.fullmatch(r"Level (\d+)\+", text)
    if level:
        return {"level_at_least": int(level[1])}
    memory = re.fullmatch(r"Memory (\d+)\+", text)
    if memory:
        return {"memory_at_least": int(memory[1])}
    if text == "Element Bonus":
        return {"element_bonus": True}
    champion = re.fullmatch(r"([A-Z][\w' ]*) Bonus", text)
    if champion:
        return {"champion_bonus": champion[1]}
    return None


def _keywords(text: str) -> dict[str, Any] | None:
    """Return the keywords a line states when it states nothing else ("Pride 3, Stealth"), else None."""
    found: dict[str, Any] = {}
    for part in (p.strip().rstrip(".") for p in text.split(",")):
        if not part:
            continue
        match = _KEYWORD.match(part)
        if match:
            found[match[1].lower().replace(" ", "_")] = int(match[2]) if match[2] else True
        elif _LINK.match(part):
            found["link"] = True
        elif _STARCALLING.match(part):
            found["starcalling"] = int(_STARCALLING.match(part)[1])  # type: ignore[index]
        elif _LINEAGE.match(part) and "," not in part and len(part.split()) <= 4:
            found["lineage"] = _LINEAGE.match(part)[1]  # type: ignore[index]
        else:
            return None
    return found or None


def _steps(text: str) -> tuple[list[dict[str, Any]], str | None]:
    """Return the steps of an effect whose every sentence matches a template, or ([], the first clause that
    does not)."""
    steps: list[dict[str, Any]] = []
    for sentence in (s.strip().rstrip(".") for s in re.split(r"(?<=\.)\s+", text.strip())):
        if not sentence:
            continue
        for pattern, make in _SENTENCES:
            match = pattern.match(sentence)
            if match:
                steps.append(make(match))
                break
        else:
            return [], sentence
    return (steps, None) if steps else ([], text)


def _costs(text: str) -> dict[str, Any]:
    """Return the cost of an activated ability from its printed cost list ("(2), REST, Banish CARDNAME")."""
    cost: dict[str, Any] = {}
    for part in (p.strip() for p in text.split(",")):
        if part == "REST":
            cost["rest"] = True
        elif part == "Banish CARDNAME":
            cost["banish"] = True
        elif part == "Sacrifice CARDNAME":
            cost["sacrifice"] = True
        else:
            cost["reserve"] = int(part.strip("()"))
    return cost


def _ability(line: str, text: str, gate: Mapping[str, Any] | None) -> tuple[dict[str, Any] | None, str | None]:
    """Return (the ability a line declares, the clause left undone): a triggered or activated ability is declared
    even when its effect is left to be done by hand; an action's own effect only when it compiles."""
    base: dict[str, Any] = {"if": dict(gate)} if gate else {}
    trigger = _TRIGGER.match(text)
    if trigger:
        base["trigger"] = _TRIGGERS[trigger[1].lower()]
        effect = trigger[2]
    else:
        release = _LINEAGE_RELEASE.match(text)
        activated = _ACTIVATED.match(text)
        if release:
            base.update(lineage_release=True, cost={"banish_from_inner_lineage": True})
            effect = release[1]
        elif activated:
            base["cost"] = _costs(activated[1])
            effect = activated[2]
        else:
            steps, unknown = _steps(text)
            return ({**base, "do": steps}, None) if not unknown else (None, unknown)
    steps, unknown = _steps(effect)
    if unknown:  # declared by the rules, carried out by hand: it goes on the stack with its text (GA 10)
        return {**base, "do": [{"effect": "by_hand", "text": line}]}, unknown
    return {**base, "do": steps}, None


@functools.lru_cache(maxsize=8192)
def compile_card_text(definition: CardDefinition) -> CompiledText:
    """Return what a card's printed text compiles to (see the module's note); keyword gates in `keyword_gates`."""
    keywords: dict[str, Any] = {}
    effects: list[Mapping[str, Any]] = []
    by_hand: list[str] = []
    unknown: list[str] = []
    for line in _abilities_text(definition.text):
        text = _normalised(line, definition.name)
        if not text:
            if not line.startswith(_RULE_REMINDERS):
                by_hand.append(line)   # a rule of a subtype stated only as reminder text (a Gun's loading…)
                unknown.append(line)
            continue
        gate: dict[str, Any] | None = {}
        while gate is not None and _GATE.match(text):
            found = _gate(_GATE.match(text)[1], definition)  # type: ignore[index]
            gate = None if found is None else {**gate, **found}
            text = _GATE.sub("", text, count=1)
        if gate is None:
            by_hand.append(line)
            unknown.append(re.sub(r"\d+", "N", _GATE.match(_normalised(line, definition.name))[0].strip()))  # type: ignore[index]
            continue
        stated = _keywords(text)
        if stated is not None:
            keywords.update(stated)
            if gate:
                effects.extend({"keyword_gate": name, "if": gate} for name in stated)
            continue
        static = _static(text)
        if static is not None:
            if "keyword" in static:
                keywords[static["keyword"]] = True
            else:
                effects.append({**static, **({"if": gate} if gate else {})})
            continue
        ability, clause = _ability(line, text, gate)
        if ability is not None:
            effects.append(ability)
        if clause is not None:
            by_hand.append(line)
            unknown.append(re.sub(r"\d+", "N", clause))
    return CompiledText(keywords=keywords, effects=tuple(effects), by_hand=tuple(by_hand),
                        unknown_clauses=tuple(unknown))


def _abilities_text(text: str) -> list[str]:
    """Return the printed abilities of a text, one a line: a mode ("• …") belongs to the line choosing it."""
    found: list[str] = []
    for line in (ln.strip() for ln in text.split("\n")):
        if line.startswith("•") and found:
            found[-1] = f"{found[-1]} {line}"
        elif line:
            found.append(line)
    return found


def _static(text: str) -> dict[str, Any] | None:
    """Return the static ability a line states in a standard wording, or None."""
    for pattern, make in _STATICS:
        match = pattern.match(text.rstrip("."))
        if match:
            return dict(make(match))
    return None


@functools.lru_cache(maxsize=16384)
def statics(definition: CardDefinition, kind: str) -> tuple[Mapping[str, Any], ...]:
    """Return a card's compiled static abilities of one kind ("reserve_cost", "memory_cost", "power", "life")."""
    if definition.effects:
        return ()
    return tuple(e for e in compile_card_text(definition).effects if e.get("static") == kind)


@functools.lru_cache(maxsize=8192)
def card_keywords(definition: CardDefinition) -> tuple[Mapping[str, Any], Mapping[str, Mapping[str, Any]]]:
    """Return a card's keywords (the rules' spelling) and the restriction gating each gated one (GA 10.1).

    A card with coded `effects` (the bundled set) states them in its file (`keywords`, `keyword_if`); any other
    card's keywords are the stored ones (the importer's) with what its text compiles to over them.
    """
    stored = {str(k).replace(" ", "_"): v for k, v in definition.keywords.items()}
    if definition.effects:
        return stored, dict(definition.attributes.get("keyword_if") or {})
    compiled = compile_card_text(definition)
    gates = {str(e["keyword_gate"]): e["if"] for e in compiled.effects if "keyword_gate" in e}
    return {**stored, **compiled.keywords}, gates


def abilities_of(definition: CardDefinition) -> tuple[Mapping[str, Any], ...]:
    """Return the compiled abilities of a card (not its statics or keyword gates)."""
    return tuple(e for e in compile_card_text(definition).effects if "static" not in e and "keyword_gate" not in e)
