"""Vanguard's card-text compiler: printed English card text into abilities of the Vanguard vocabulary.

Reads the D-series forms (`[AUTO](VC):When this unit attacks, COST [Counter Blast (N)], and this unit gets
[Power]+N until end of turn.`, `[ACT](RC)1/Turn:`, `[CONT](VC/RC):`, trigger reminders, an Over trigger's
"Additional Effect") and the bundled originals' forms (`[ACT](VC) Counter Blast 1: Draw 1 card.`, keyword
prefixes such as `Brave (...): [AUTO](VC):`). Templates, not guesses: an ability compiles only when its header,
its trigger and every clause match a template (text_clauses.py); otherwise its printed text is returned as by
hand, with the clauses that stopped it. A keyword that is a whole ability (Sentinel, Persona Ride, Revelation,
Forerunner...) compiles to nothing: the rules expand it from the card's keywords (abilities.keyword_abilities).
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from tabletop.engine.cards import CardDefinition
from tabletop.engine.text_compilation import CompiledText
from tabletop.games.vanguard import facts
from tabletop.games.vanguard.abilities import CONDITION_KEYWORDS, PREFIX_KEYWORDS, PROPER_KEYWORDS
from tabletop.games.vanguard.text_clauses import (
    REVEAL_TOP, ClauseContext, condition, cost_steps, effect_clause, reveal_top_steps,
)

Ability = dict[str, Any]

_HEADER = re.compile(r"\[(AUTO|ACT|CONT)\]")
_HEAD = re.compile(r"\[(AUTO|ACT|CONT)\]\s*(?:\(([^)]*)\))?\s*(\[?1/Turn\]?)?\s*([^:]*?)\s*:\s*(.*)", re.I | re.S)
# The zone tags of an ability header, as the vocabulary's `zone` (VG 7.6).
_ZONE_TAGS = {"vc": "V", "v": "V", "rc": "R", "r": "R", "vc/rc": "VR", "v/r": "VR", "gc": "GC", "drop": "DROP",
              "soul": "SOUL", "hand": "HAND"}
# Keywords whose whole ability the rules supply from the card's keywords or printed icons; their printed text
# (and its reminder) compiles to nothing.
_RULE_KEYWORDS = frozenset(PROPER_KEYWORDS) | {
    "forerunner", "sentinel", "persona_ride", "stride", "legion", "g_guardian", "twin_drive", "triple_drive", "boost",
    "intercept", "imaginary_gift"}
# A trigger's printed effect, spelled out (VG 6.5 performs it from the trigger icon); `power` is its amount.
_POWER_TO_ONE = r"power\+\d+ to one of your units"
_TRIGGER_TEXTS = {
    "critical": rf"critical trigger(?:: {_POWER_TO_ONE}, and critical\+1 to one of your units)?",
    "draw": rf"draw trigger(?:: {_POWER_TO_ONE}, and draw (?:1|a) card)?",
    "heal": rf"heal trigger(?:: {_POWER_TO_ONE}\. if your damage is at least your opponent's, heal 1 damage)?",
    "stand": rf"stand trigger(?:: {_POWER_TO_ONE}, and stand one of your rear-guards)?",
    "front": r"front trigger(?:: your front-row units get power\+\d+)?",
    "over": r"over trigger(?:: remove this card from the game, draw (?:1|a) card, and one of your units gets power\+100000000)?",
}
# D-series trigger reminders: "(When revealed as a trigger, ...)", "(You may only have up to four [Heal] triggers...)".
_TRIGGER_REMINDER = re.compile(r"\((?:when revealed as a trigger|you may only have)[^()]*(?:\([^()]*\)[^()]*)*\)", re.I)


def compile_card(card: CardDefinition) -> CompiledText:
    """Compile a Vanguard card's printed text; each ability either compiles whole or is kept as by hand."""
    effects: list[Ability] = []
    by_hand: list[str] = []
    unknown: list[str] = []
    kind = card.card_type.lower()
    if facts.kind(card) == "order":
        if kind not in ("order", "normal order"):
            return CompiledText(by_hand=(card.text.strip(),), unknown_clauses=(f"{kind} (played outside the main phase "
                                                                              "or kept in the order zone)",))
        return _compile_order(card)
    for chunk in _ability_chunks(card.text):
        result = _compile_chunk(card, chunk)
        if isinstance(result, str):
            by_hand.append(chunk)
            unknown.append(result)
        else:
            effects += result
    return CompiledText(effects=tuple(effects), by_hand=tuple(by_hand), unknown_clauses=tuple(unknown))


def normalise(text: str) -> str:
    """Write printed text in the one spelling the templates read: [Power]+ → Power+, no "!", single spaces."""
    text = re.sub(r"\[(AUTO|ACT|CONT)\}", r"[\1]", text)  # a misprinted header bracket "[AUTO}"
    text = re.sub(r"\[(Power|Critical|Shield|Stand|Rest|Drive)\]", r"\1", text, flags=re.I)
    text = re.sub(r"(Power|Critical|Shield|Drive)\s*\+\s*", r"\1+", text, flags=re.I)
    text = re.sub(r"\+(\d+) Million", lambda m: f"+{int(m.group(1)) * 1_000_000}", text, flags=re.I)
    text = re.sub(r"COST\s*\[", "COST [", text)
    text = re.sub(r"(\[(?:AUTO|ACT|CONT)\]\s*(?:\([^)]*\))?\s*(?:\[?1/Turn\]?)?)\s*COST \[", r"\1:COST [", text)
    text = re.sub(r"!+(?=[\s\")]|$)", ".", text).replace("’", "'")
    return " ".join(text.split())


def _ability_chunks(text: str) -> Iterator[str]:
    """Yield the printed abilities of a card text: one per line, and a line cut before each ability header
    (with the keyword prefix that labels it, "Brave (...): [AUTO](VC): ...")."""
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        starts = [0]
        for match in _HEADER.finditer(line):
            start = _prefix_start(line, match.start())
            if start > starts[-1]:
                starts.append(start)
        for begin, end in zip(starts, starts[1:] + [len(line)]):
            chunk = line[begin:end].strip()
            if chunk:
                yield chunk


def _prefix_start(line: str, header: int) -> int:
    """Return where the ability whose header is at `header` begins: after the last top-level sentence end."""
    depth, start = 0, 0
    for index in range(header):
        char = line[index]
        if char in "([":
            depth += 1
        elif char in ")]":
            depth = max(0, depth - 1)
        elif char == "." and depth == 0 and line[index + 1:index + 2] == " ":
            start = index + 2
    return start


def _keyword_name(words: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", words.lower().replace("!", "")).strip("_")


def _has_keyword(card: CardDefinition, name: str) -> bool:
    names = {_keyword_name(str(k)) for k in card.keywords}
    if name == "imaginary_gift":
        return facts.gift(card) is not None
    return name in names or (name == "sentinel" and facts.is_sentinel(card)) or (
        name == "persona_ride" and facts.has_persona_ride(card))


def _rule_keyword_text(card: CardDefinition, text: str) -> bool:
    """Tell whether a header-less text is a keyword ability the rules supply ("Persona Ride.", "Sentinel (...)")."""
    match = re.match(r"([A-Za-z][A-Za-z!' ]*?)\s*(?:\d+\s*)?(?:\(|:|\.|-|$)", text)
    if not match:
        return False
    name = _keyword_name(match.group(1))
    return name in _RULE_KEYWORDS and _has_keyword(card, name)


def _compile_chunk(card: CardDefinition, chunk: str) -> list[Ability] | str:
    """Compile one printed ability: its abilities ([] for text the rules already enforce), or the unknown clause."""
    text = normalise(chunk)
    header = _HEADER.search(text)
    if header is None:
        return _compile_headerless(card, text)
    prefix = text[:header.start()].strip()
    keyword: dict[str, Any] = {}
    if prefix:
        label = re.fullmatch(r"([A-Za-z][A-Za-z!' ]*?)(?: (\d+))?(?: \([^)]*\))?\s*[-:]", prefix)
        if label is None:
            return f"keyword prefix: {_generic(prefix)}"
        name = _keyword_name(label.group(1))
        if name in _RULE_KEYWORDS and _has_keyword(card, name):
            return []  # the keyword's own text ("Harmony: [AUTO](RC): ..."): the rules supply the ability
        if name not in CONDITION_KEYWORDS + PREFIX_KEYWORDS:
            return f"keyword prefix: {_generic(prefix)}"
        keyword["keyword"] = name
        if label.group(2):
            keyword["x"] = int(label.group(2))
    head = _HEAD.fullmatch(text[header.start():])
    if head is None:
        return f"ability header: {_generic(text[header.start():header.start() + 30])}"
    kind, zone, once, before_colon, body = head.groups()
    ability: Ability = {"kind": kind.lower()}
    row = re.fullmatch(r"(back|front) row rc", (zone or "").strip(), re.I)
    if row:  # VG 7.6: works only on a back-row (front-row) rear-guard circle
        ability["zone"] = "R"
        ability["trigger_if" if kind.upper() == "AUTO" else "if"] = {"in_back_row": row.group(1).lower() == "back"}
    elif zone:
        tag = _ZONE_TAGS.get(zone.strip().lower())
        if tag is None:
            return f"zone ({zone})"
        ability["zone"] = tag
    ability.update(keyword)
    if once:
        ability["once_per_turn"] = True
    body = body.strip()
    if kind.upper() == "CONT" and _rule_keyword_text(card, body):
        return []  # "[CONT]:Sentinel (...)": the keyword itself
    limit = re.fullmatch(r"limit break (\d)(?: \([^()]*\))?", before_colon or "", re.I)
    if limit:  # the older header "[AUTO](VC) Limit Break 4 (...):" (VG 9.7 Limit Break)
        ability.update(keyword="limit_break", x=int(limit.group(1)))
        before_colon = ""
    if before_colon:
        if kind.upper() != "ACT":
            return f"ability header: {_generic(before_colon)}"
        cost = cost_steps(before_colon)
        if cost is None:
            return f"cost: {_generic(before_colon)}"
        ability["cost"] = cost
    return _one_per_trigger(_compile_body(ability, body))


def _one_per_trigger(result: Ability | str) -> list[Ability] | str:
    """Return an ability as a list; "when this unit attacks or boosts" is one ability per trigger event."""
    if isinstance(result, str):
        return result
    whens = result.get("when")
    if isinstance(whens, tuple):
        if result.get("once_per_turn"):
            return "once per turn over two trigger events"
        return [{**result, "when": when} for when in whens]
    return [result]


def _compile_headerless(card: CardDefinition, text: str) -> list[Ability] | str:
    """Compile a text without an ability header: a keyword, a trigger's reminder, an Over trigger's extra."""
    if re.fullmatch(r"\(no ability\.?\)", text, re.I):
        return []  # an older card's printed "(No ability)"
    trigger = facts.trigger(card)
    if trigger is not None and _TRIGGER_REMINDER.fullmatch(text):
        return []  # a D-series trigger's reminder: the rules perform the trigger effect (VG 6.5) and deck limits
    if trigger is not None:
        spelled = re.fullmatch(_TRIGGER_TEXTS[trigger] + r"\.?(?: if this was a drive check, (.*))?", text, re.I)
        if spelled and not spelled.group(1):
            return []  # "Critical Trigger: ..." spells out the trigger effect the rules perform (VG 6.5)
        extra = spelled.group(1) if spelled else None
        if extra is None:
            found = re.fullmatch(r"Additional Effect\s*-\s*(.*)", text, re.I)
            extra = found.group(1) if found else None
        if extra is not None and trigger == "over":  # VG 6.5 Over: the additional effect of a drive check
            return _one_per_trigger(_compile_body({"kind": "auto", "when": "over_drive_check"}, extra,
                                                  trigger_known=True))
    if _is_rule_keyword_text(card, text):
        return []
    if card.card_type.lower().startswith("token") and re.fullmatch(r"\(this represents [^()]*\)", text, re.I):
        return []  # a token's reminder that it is no deck card
    return f"text: {_generic(text[:60])}"


def _is_rule_keyword_text(card: CardDefinition, text: str) -> bool:
    """Tell whether every sentence of a text is a rules-supplied keyword of the card ("Persona Ride.", "Sentinel.",
    "Revelation (RC): ...") or continues one introduced with a colon (its reminder)."""
    continues = False
    for sentence in _sentences(text):
        if _rule_keyword_text(card, sentence):
            continues = ":" in sentence or "(" in sentence
        elif not continues:
            return False
    return True


def _sentences(text: str) -> list[str]:
    """Split a text at top-level sentence ends (not inside quotes or parentheses)."""
    by_number: dict[int, list[str]] = {}
    for number, piece in _split(text):
        by_number.setdefault(number, []).append(piece)
    return [", ".join(pieces) for _, pieces in sorted(by_number.items())]


# -- an ability's body -------------------------------------------------------------------------------

# AUTO trigger clauses: (pattern, ability fields). "{circle}" in a zone is the circle the pattern names.
_TRIGGERS: tuple[tuple[re.Pattern[str], dict[str, Any]], ...] = tuple((re.compile(p, re.I), fields) for p, fields in (
    (r"when this unit is placed on \(?(VC|RC)\)?", {"when": "placed"}),
    (r"when this (?:unit|card) is (?:put on|put into your|placed on) \(?(GC)\)?", {"when": "placed"}),
    (r"when this unit attacks", {"when": "attacks"}),
    (r"when this unit attacks a vanguard", {"when": "attacks", "trigger_if": {"attacked_vanguard": True}}),
    (r"when this unit attacks a rear-guard", {"when": "attacks", "trigger_if": {"attacked_vanguard": False}}),
    (r"when this unit boosts", {"when": "boosts"}),
    (r"when this unit boosts a vanguard", {"when": "boosts", "trigger_if": {"boosted_vanguard": True}}),
    (r"when this unit boosts a rear-guard", {"when": "boosts", "trigger_if": {"boosted_vanguard": False}}),
    (r"when this unit is boosted", {"when": "boosted"}),
    (r"when this unit's attack hits", {"when": "attack_hits"}),
    (r"when this unit's attack hits a vanguard", {"when": "attack_hits", "trigger_if": {"attacked_vanguard": True}}),
    (r"when this unit's attack hits a rear-guard", {"when": "attack_hits", "trigger_if": {"attacked_vanguard": False}}),
    (r"when this unit is attacked", {"when": "attacked"}),
    (r"when this unit is retired", {"when": "retired"}),
    (r"when this unit is put into (?:your|the) soul", {"when": "put_into_soul"}),
    (r"when (?:this unit is rode upon|another unit rides this unit)", {"when": "rode_upon"}),
    (r"when a grade (\d) rides this unit", {"when": "rode_upon", "filter": {"rider_grade": "{1}"}}),
    (r"when this unit is rode upon by \"([^\"]+)\"", {"when": "rode_upon", "filter": {"rider_name": "{1}"}}),
    (r"at the end of the battle (?:that )?this unit attacked",
     {"when": "end_of_battle", "trigger_if": {"self_attacked": True}}),
    (r"at the end of the battle (?:that )?this unit attacked a vanguard",
     {"when": "end_of_battle", "trigger_if": {"self_attacked": True, "attacked_vanguard": True}}),
    (r"at the (?:start|beginning) of your ride phase", {"when": "ride_phase_start"}),
    (r"when this unit intercepts", {"when": "intercepts", "zone": "GC"}),
    (r"when your vanguard attacks", {"when": "vanguard_attacks"}),
    (r"when your vanguard's attack hits", {"when": "vanguard_attack_hits"}),
    (r"at the (?:start|beginning) of your battle phase", {"when": "battle_start"}),
    (r"when \"([^\"]+)\" rides this unit", {"when": "rode_upon", "filter": {"rider_name": "{1}"}}),
    (r"when your opponent's rear-guard is retired during your main phase",
     {"when": "opponent_rear_guard_retired", "trigger_if": {"my_turn": True, "main_phase": True}}),
    (r"when this card is discarded from (?:your )?hand during your turn",
     {"when": "discarded", "zone": "DROP", "trigger_if": {"my_turn": True}}),
    (r"when this unit is placed on \(?(RC)\)? from (?:your )?hand", {"when": "placed", "filter": {"from": "hand"}}),
    (r"when this unit attacks or boosts", {"when": ("attacks", "boosts")}),
    (r"when your drive check reveals a trigger unit", {"when": "drive_check_reveals", "filter": {"trigger_unit": True}}),
    (r"when your drive check reveals a grade (\d)(?: unit| card)?", {"when": "drive_check_reveals", "filter": {"grade": "{1}"}}),
    (r"when the attack (?:that )?this unit boosted hits", {"when": "boosted_attack_hits"}),
    (r"when the attack (?:that )?this unit boosted hits a vanguard",
     {"when": "boosted_attack_hits", "trigger_if": {"attacked_vanguard": True}}),
    (r"at the end of the battle (?:that )?this unit boosted",
     {"when": "end_of_battle", "trigger_if": {"self_boosted": True}}),
    (r"at the end of your turn", {"when": "end_of_turn", "trigger_if": {"my_turn": True}}),
    (r"when the attack (?:that )?this unit boosted a vanguard hits",
     {"when": "boosted_attack_hits", "trigger_if": {"attacked_vanguard": True}}),
    (r"when this unit is placed on \(?(RC)\)? during your battle phase",
     {"when": "placed", "trigger_if": {"my_turn": True, "battle_phase": True}}),
    (r"when your other unit is placed on \(?RC\)? during your battle phase",
     {"when": "other_placed", "circle": "rc", "trigger_if": {"my_turn": True, "battle_phase": True}}),
    (r"when your rear-guard is returned to your hand", {"when": "rear_guard_returned_to_hand"}),
    (r"when your vanguard is placed", {"when": "other_placed", "circle": "vc"}),
    (r"at the end of the battle (?:that )?this unit attacked while boosted",
     {"when": "end_of_battle", "trigger_if": {"self_attacked": True, "attack_boosted": True}}),
))


def _trigger(text: str) -> dict[str, Any] | None:
    """Read an AUTO ability's trigger clause into `when` (and circle, zone, filter, trigger_if); None if unknown."""
    for pattern, fields in _TRIGGERS:
        match = pattern.fullmatch(text.strip())
        if match is None:
            continue
        result = {key: _fill(value, match) for key, value in fields.items()}
        if result["when"] == "placed":
            circle = match.group(1).lower()
            result["circle"] = circle
            result["zone"] = {"vc": "V", "rc": "R", "gc": "GC"}[circle]
        return result
    return None


def _fill(value: Any, match: re.Match[str]) -> Any:
    if isinstance(value, dict):
        return {key: _fill(inner, match) for key, inner in value.items()}
    if isinstance(value, str) and re.fullmatch(r"\{\d\}", value):
        found = match.group(int(value[1]))
        return int(found) if found.isdigit() else found
    return value


def _split(body: str) -> list[tuple[int, str]]:
    """Split a body into (sentence number, clause) at top-level ", " / "; " and sentence ends."""
    pieces: list[tuple[int, str]] = []
    depth, quoted, sentence, start = 0, False, 0, 0
    index = 0
    while index < len(body):
        char = body[index]
        if char == '"':
            quoted = not quoted
        elif char in "([" and not quoted:
            depth += 1
        elif char in ")]" and not quoted:
            depth = max(0, depth - 1)
        elif depth == 0 and not quoted and char in ",;." and body[index + 1:index + 2] in (" ", ""):
            pieces.append((sentence, body[start:index].strip()))
            if char == ".":
                sentence += 1
            start = index + 1
        index += 1
    if body[start:].strip():
        pieces.append((sentence, body[start:].strip()))
    return [(number, _clean(piece)) for number, piece in pieces if _clean(piece)]


def _clean(piece: str) -> str:
    piece = re.sub(r"^(?:and|then|and then)\b\s*,?\s*", "", piece.strip(), flags=re.I)
    return "" if piece.lower() in ("then", "and") else piece


# An Over trigger's lasting bonus of the player (effects.py `player_power`).
_FIGHT_BONUS = re.compile(r'during this fight, you get "during your turn, all of your (rear-guards|front row units|units) '
                          r'get power\+(\d+)\.?"\.?', re.I)


def _compile_body(ability: Ability, body: str, trigger_known: bool = False) -> Ability | str:
    """Compile the body after the header: trigger (AUTO), condition, optional cost, then effect clauses."""
    if ability["kind"] == "cont" and re.fullmatch(r"this unit cannot be chosen by your opponent's (?:card )?effects\.?",
                                                  body.strip(), re.I):
        ability["do"] = [{"effect": "resist"}]
        return ability
    fight = _FIGHT_BONUS.fullmatch(body.strip())
    if fight:
        scope = {"rear-guards": "rear_guards", "front row units": "front_row", "units": "units"}[fight.group(1).lower()]
        ability["do"] = [{"effect": "player_power", "amount": int(fight.group(2)), "scope": scope, "until": "fight",
                          "my_turn": True}]
        return ability
    leading = re.match(r"\[([^\[\]]+)\]\s*(.*)", body.strip(), re.S)
    if leading and cost_steps(leading.group(1)) is not None:  # the older form: "[Counter Blast (1)] When ..."
        ability["cost"] = ability.get("cost", []) + (cost_steps(leading.group(1)) or [])
        body = leading.group(2)
    revealed: list[list[dict[str, Any]]] = []
    for match in [found for found in (pattern.search(body) for pattern in REVEAL_TOP) if found][:1]:
        steps = reveal_top_steps(match)
        if steps is None:
            return f"reveal: {_generic(match.group(0))}"
        revealed.append(steps)
        body = body[:match.start()] + "the revealed top card" + body[match.end():]
        if match.group(0).lower().startswith("you may") and ability["kind"] == "auto":
            ability["optional"] = True
    pieces = _split(body)
    kind = ability["kind"]
    if kind == "auto" and not trigger_known:
        if not pieces:
            return "auto ability without a trigger"
        found = _trigger(pieces[0][1])
        if found is None:
            return f"trigger: {_generic(pieces[0][1])}"
        if "zone" in found and "zone" in ability and found["zone"] != ability["zone"]:
            return f"trigger on another circle than the ability's zone: {_generic(pieces[0][1])}"
        for key, value in found.items():  # the header's zone stays; trigger conditions add up
            if key == "trigger_if":
                ability["trigger_if"] = {**ability.get("trigger_if", {}), **value}
            elif key != "zone" or "zone" not in ability:
                ability[key] = value
        pieces = pieces[1:]
    ctx = ClauseContext()
    if kind == "auto" and not trigger_known and re.match(r"when this unit\b", body.strip(), re.I):
        ctx.it = "self"  # "When this unit attacks, it gets ...": "it" is the unit the trigger names
    sentence_if: tuple[int, dict[str, Any]] | None = None
    paid_at: tuple[int, list[dict[str, Any]], dict[str, Any] | None] | None = None  # (step index, cost, its if)
    first = True
    index = 0
    while index < len(pieces):
        sentence, piece = pieces[index]
        index += 1
        lowered = piece.lower()
        if first and (lowered.startswith(("if ", "during ", "while "))):
            cond = condition(re.sub(r"^while (?:in )?", "during ", piece, flags=re.I))
            if cond is None:
                return f"condition: {_generic(piece)}"
            ability["if"] = {**ability.get("if", {}), **cond}
            continue
        first_effect = first
        first = False
        cost = re.fullmatch(r"(?:you may )?(?:pay )?COST \[(.*)\](?:,? and(?: (.+))?)?", piece, re.I)
        may = re.fullmatch(r"you may (?:pay )?(.*)", piece, re.I)
        if cost is not None:
            steps = cost_steps(cost.group(1))
            if steps is None:
                return f"cost: {_generic(cost.group(1))}"
            if ctx.steps:  # "Soul Charge (1). Then, COST [...], and draw": a cost met during resolution
                if paid_at is not None:
                    return "two costs during resolution"
                paid_at = (len(ctx.steps), steps, sentence_if[1] if sentence_if else None)
            else:
                ability["cost"] = ability.get("cost", []) + steps
                first = True
            if cost.group(2):  # "COST [Counter Blast (1)] and draw a card"
                pieces.insert(index, (sentence, cost.group(2)))
            continue
        if may is not None and may.group(1).lower() == "the cost" and "cost" in ability and index < len(pieces) \
                and pieces[index][1].lower() == "if you do":
            index += 1  # "[Counter Blast (1)] When ..., you may pay the cost. If you do, ...": the cost read first
            first = True
            continue
        if may is not None and first_effect and index < len(pieces) and pieces[index][1].lower() == "if you do":
            steps = cost_steps(may.group(1))  # "you may discard a card. If you do, ...": an optional cost
            if steps is None:
                return f"cost: {_generic(may.group(1))}"
            ability["cost"] = ability.get("cost", []) + steps
            index += 1
            first = True
            continue
        if sentence_if is not None and sentence_if[0] != sentence:
            sentence_if = None
        last = ctx.steps[-1] if ctx.steps else {}
        if lowered == "if you do not" and ctx.looked == 1 and last.get("effect") == "call" and last.get("min") == 0 \
                and last.get("from") == "$looked" and index < len(pieces) and "the rest" in pieces[index][1].lower():
            continue  # "you may call a card from among them. If you do not, put the rest ...": one card looked at,
            # so the rest is that card exactly when it was not called
        opening = re.fullmatch(r"if (.*)", piece, re.I)
        if opening:  # "If COND, ..." (or ", and if COND, ..."): the rest of the sentence happens only if it holds
            cond = condition(opening.group(1))
            if cond is None:
                return f"condition: {_generic(piece)}"
            sentence_if = (sentence, {**(sentence_if[1] if sentence_if else {}), **cond})
            continue
        before = len(ctx.steps)
        if may is not None and first_effect and kind == "auto" and "cost" not in ability:
            ability["optional"] = True
            piece = may.group(1)
        if revealed and piece.lower().rstrip(".") == "the revealed top card":
            ctx.steps += revealed.pop()
        elif not effect_clause(ctx, piece):
            return _generic(piece)
        if sentence_if is not None:
            for step in ctx.steps[before:]:
                step["if"] = sentence_if[1]
    if paid_at is not None:
        at, paid, cond = paid_at
        if at == len(ctx.steps):
            return "a cost during resolution with nothing after it"
        pay: dict[str, Any] = {"effect": "pay", "cost": paid, "then": ctx.steps[at:]}
        if cond:
            pay["if"] = cond
        ctx.steps = ctx.steps[:at] + [pay]
    if not ctx.steps:
        return "ability without an effect"
    if ctx.steps[-1].get("effect") == "choose":
        return "a choice with no effect on the chosen cards"
    if kind == "cont":
        wrong = _cont_problem(ctx.steps)
        if wrong:
            return wrong
    ability["do"] = ctx.steps
    return ability


# A CONT ability's steps are read where they apply (abilities.continuous_bonuses): only these targets.
_CONT_TARGETS = ("self", "your_units", "your_front_row")


def _cont_problem(steps: list[dict[str, Any]]) -> str | None:
    for step in steps:
        if step["effect"] not in ("power", "critical", "shield") or step.get("target") not in _CONT_TARGETS:
            return f"continuous {step['effect']} on {step.get('target')}"
        if "until" in step or "if" in step:
            return "continuous effect with a duration or condition"
    return None


def _compile_order(card: CardDefinition) -> CompiledText:
    """Compile a normal order: an optional "Play this with COST [...]" line, then its effect."""
    cost: list[dict[str, Any]] = []
    body: list[str] = []
    for line in card.text.splitlines():
        text = normalise(line)
        if not text:
            continue
        paid = re.fullmatch(r"(?:play (?:this )?with (?:this )?COST \[(.*)\]|you may COST \[(.*)\] to play this card)\.?",
                            text, re.I)
        if paid:
            steps = cost_steps(paid.group(1) or paid.group(2))
            if steps is None:
                return CompiledText(by_hand=(card.text.strip(),), unknown_clauses=(f"cost: {_generic(text)}",))
            cost += steps
        else:
            body.append(text)
    result = _compile_body({"kind": "act"}, " ".join(body)) if body else "order without an effect"
    if isinstance(result, str):
        return CompiledText(by_hand=(card.text.strip(),), unknown_clauses=(result,))
    if cost:
        result["cost"] = cost
    return CompiledText(effects=(result,))


def _generic(clause: str) -> str:
    """Return a clause with names and numbers made generic, to count like clauses together."""
    clause = re.sub(r'"[^"]*"', '"NAME"', clause.strip().rstrip("."))
    return re.sub(r"\d+", "N", clause).lower()
