"""FFTCG printed card text as the compiler reads it: markup made readable, split into abilities, clauses normalised.

The official card browser writes `[[br]]` between abilities, `《火》`/`《ダル》`/`《S》`/`《1》` for the cost symbols,
`[[ex]]EX BURST[[/]]`, `[[i]]Damage 3 --[[/]]` and `[[s]]Name[[/]]` for a special ability's name. `readable_text`
turns that into the plain text the card database stores (`[Fire]`, `[Dull]`, `[Special]`, `[1]`, one ability a
line); the compiler reads either form.
"""
from __future__ import annotations

import re
import unicodedata

# The cost symbols of the card browser's markup and the words the readable text uses for them.
SYMBOLS = {
    "火": "Fire", "氷": "Ice", "風": "Wind", "土": "Earth", "雷": "Lightning", "水": "Water", "光": "Light",
    "闇": "Dark", "ダル": "Dull", "S": "Special", "C": "Crystal", "LB": "Limit Break", "一般": "Multi",
}
_SYMBOL = re.compile(r"《([^》]*)》")
# markup tags: the card browser's `[[br]]`-style ones and stray HTML paragraph tags some records carry
_TAG = re.compile(r"\[\[/?[a-z]*\]\]|</?p>")
# A line holding only reminder text in parentheses prints no ability.
# A line of reminder text in parentheses explains the rules and changes nothing; one that speaks of an effect
# ("(This effect does not end at the end of the turn.)") changes the ability above it and is not left out.
_REMINDER = re.compile(r"^\((?![^)]*\beffect\b).*\)\.?$")
# Reminder text after keywords ("Haste (This Character can attack …)") or restating "Damage N" ("(If you have
# received 3 points of damage or more, this Character has this ability.)"); other parentheses are rules text
# ("(up to 3 Forwards)") and stay.
_KEYWORDS_WITH_REMINDER = re.compile(r"^(?P<keywords>(?:(?:Haste|Brave|First Strike|Back Attack)[ ,]*)+?)\s*"
                                     r"\([^()]*\)\.?$")
_DAMAGE_REMINDER = re.compile(r"\s*\(If you have received \d+ points? of damage or more, this \w+ has this "
                              r"ability\.\)$")
# "Select N of the N following actions": the modes follow, one quoted line each.
_SELECT = re.compile(r"select (?:up to )?\d+ of the \d+ following actions", re.IGNORECASE)
_NUMBER = re.compile(r"\d+")
# Some records name cards "[Job (Manikin)]", "[Card Name (Palom)]", "[Category (VII)]": the printed "Job Manikin" …
_BRACKETED_NAME = re.compile(r"\[(Job|Card Name|Category) \(([^()\]]+)\)\]")


def readable_text(raw: str) -> str:
    """Turn the card browser's markup into plain text a player can read (one ability a line; "[Job (Knight)]" as
    the card prints it, "Job Knight")."""
    text = raw.replace("[[br]]", "\n")
    if "《" in text:  # the markup's symbols and tags: a readable text (what the database stores) skips these scans
        text = _SYMBOL.sub(lambda m: f"[{_symbol_word(m.group(1))}]", text)
    if "[[" in text or "p>" in text:
        text = _TAG.sub("", text)
    text = _BRACKETED_NAME.sub(r"\1 \2", text)
    lines = [" ".join(line.split()) for line in text.split("\n")]
    return "\n".join(line for line in lines if line)


def _symbol_word(symbol: str) -> str:
    plain = unicodedata.normalize("NFKC", symbol)
    return SYMBOLS.get(plain, plain)


def ability_texts(text: str) -> list[str]:
    """Return a card's printed abilities, one text each (markup or readable text).

    A "select N of the following actions" ability keeps its quoted modes, each on its own line after it.
    Reminder text alone on a line prints no ability and is left out; a parenthesised line about an effect is part
    of the ability above it.
    """
    lines = [_without_reminder(line) for line in _modes_apart(readable_text(text).split("\n"))
             if line and not _REMINDER.match(line)]
    abilities: list[str] = []
    for line in lines:
        if abilities and line.startswith('"') and _is_select(abilities[-1].split("\n")[0]):
            abilities[-1] += "\n" + line
        elif abilities and line.startswith("("):  # "(This effect does not end …)" belongs to the ability above
            abilities[-1] += " " + line
        else:
            abilities.append(line)
    return abilities


# the quoted modes printed on the select sentence's line: `… following actions (instead). "Mode one." "Mode two."`
_MODES_ON_LINE = re.compile(r'(?<=following actions\.) (?=")|(?<=following actions instead\.) (?=")|(?<=") (?=")')


def _modes_apart(lines: list[str]) -> list[str]:
    """Return the lines with a "select N of the following actions" line's quoted modes one a line."""
    apart: list[str] = []
    for line in lines:
        apart += _MODES_ON_LINE.split(line) if line.startswith('"') or _is_select(line) else [line]
    return apart


def _is_select(line: str) -> bool:
    """Tell whether a line says "select N of the N following actions" (_SELECT; its last words looked for first)."""
    return "following actions" in line.lower() and _SELECT.search(line) is not None


def _without_reminder(line: str) -> str:
    """Return a line without its trailing reminder text (see _KEYWORDS_WITH_REMINDER, _DAMAGE_REMINDER)."""
    keywords = _KEYWORDS_WITH_REMINDER.match(line)
    if keywords is not None:
        return keywords.group("keywords").strip()
    # the reminder's words looked for first: a line without them skips the scan (speed)
    return _DAMAGE_REMINDER.sub("", line) if "(If you have received " in line else line


def with_name_marked(text: str, name: str) -> str:
    """Return `text` with the card's own name written `<self>` (how the templates refer to the card itself), except
    where it names cards by name or Job ("Card Name X", "Job X": any card of that name, FFTCG 5.2.4)."""
    if not name:
        return text
    marked = text.replace(name, "<self>")
    if name in SYMBOLS.values():  # a card named like a cost symbol ("Lightning"): "[Lightning]" stays the symbol
        marked = marked.replace("[<self>]", f"[{name}]")
    return marked.replace("Card Name <self>", f"Card Name {name}").replace("Job <self>", f"Job {name}")


def normalised_clause(clause: str) -> str:
    """Return a clause as coverage counts it: the card's own name as <name> (already `<self>`), numbers as N."""
    return _NUMBER.sub("N", clause.replace("<self>", "<name>")).strip()
