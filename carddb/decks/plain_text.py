"""Plain text deck lists: `3 Name`, `3x Name (code)`, `Name x3`, section headers and `# key: value` facts."""
from __future__ import annotations

import re

from carddb.decks.deck_list import (
    CASTERS, EXTRA, G_DECK, MAIN, MATERIAL, MAX_COPIES, RIDE, SIDE, CardRef, DeckFormatError, DeckList,
    canonical_section, name_from_source,
)

# Parsing takes time linear in the line: the patterns are matched from the start of a stripped line with
# no two neighbouring quantifiers that can take the same characters, the rest is string methods (three
# backtracking patterns took 9-16 s on a 20 KB line before, over a minute on 50 KB).
_COUNT_FIRST = re.compile(r"(\d+)(?:\s*[xX×])?\s+(\S.*)")   # `3 Name`, `3x Name`, `3 x Name`
_META = re.compile(r"^(game|name|format)\s*:\s*(.+)$", re.IGNORECASE)
DIGITS = "0123456789"
BRACKETS = "()[]"
MAX_COUNT_DIGITS = len(str(MAX_COPIES))

SECTION_LABELS: dict[str, str] = {
    MAIN: "Main Deck", EXTRA: "Extra Deck", SIDE: "Side Deck", RIDE: "Ride Deck",
    G_DECK: "G Deck", MATERIAL: "Material Deck", CASTERS: "Casters",
}


def read_plain_text(text: str, *, source: str = "<text>", game: str | None = None, name: str = "") -> DeckList:
    """Read a text deck list; entries before any header go to the main deck. Raises DeckFormatError."""
    deck = DeckList(game=game or "", name=name)
    section = MAIN
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        if line.startswith("#"):
            body = line.lstrip("#").strip()
            meta = _META.match(body)
            if meta:
                _apply_meta(deck, meta.group(1).lower(), meta.group(2).strip(), explicit_game=game)
                continue
            header = canonical_section(_without_count(body))
            if header is not None:
                section = header
            continue  # any other `#` line is a comment
        entry = _entry(line)
        if entry is not None:
            digits, ref = entry
            count = int(digits) if len(digits) <= MAX_COUNT_DIGITS else MAX_COPIES + 1
            if count < 1:
                raise DeckFormatError(source, number, f"a card count must be at least 1: {line[:80]!r}")
            if count > MAX_COPIES or len(digits) > MAX_COUNT_DIGITS:
                raise DeckFormatError(source, number, f"{digits[:12]}{'…' if len(digits) > 12 else ''} copies of "
                                                      f"one card: a deck holds at most {MAX_COPIES} cards")
            try:
                deck.add(section, count, ref)
            except ValueError as error:
                raise DeckFormatError(source, number, str(error)) from None
            continue
        label = _without_count(line)
        if label.endswith(":") or (label.startswith("[") and label.endswith("]")):
            section = canonical_section(label) or label.strip(":[] ").lower()
            continue
        header = canonical_section(label)
        if header is not None:
            section = header
            continue
        raise DeckFormatError(source, number, f"expected 'COUNT NAME' or a section header, got {line[:80]!r}")
    if not deck.name:
        deck.name = name_from_source(source)
    return deck


def write_plain_text(deck: DeckList) -> str:
    """Return the deck as a text list with `# key: value` facts and `Section:` headers."""
    lines = [f"# name: {deck.name}", f"# game: {deck.game}"]
    if deck.format:
        lines.append(f"# format: {deck.format}")
    for section, entries in deck.sections.items():
        if not entries:
            continue
        lines.append(f"{SECTION_LABELS.get(section, section.capitalize())}:")
        lines.extend(f"{count} {_ref_text(ref)}" for count, ref in entries)
    return "\n".join(lines) + "\n"


def _entry(line: str) -> tuple[str, CardRef] | None:
    """Return (the count as written, the card) of a stripped `3 Name`, `3x Name (code)` or `Name x3` line."""
    match = _COUNT_FIRST.fullmatch(line)
    if match:
        digits, rest = match.group(1), match.group(2)
    else:
        found = _count_last(line)
        if found is None:
            return None
        rest, digits = found
    name, code = _split_code(rest)
    return digits, CardRef(name=name, code=code) if name else CardRef(name=rest)


def _count_last(line: str) -> tuple[str, str] | None:
    """Split a stripped `Name x3` (`Name x 3`, `Name ×3`) line into name and count digits."""
    head = line.rstrip(DIGITS)
    digits = line[len(head):]
    head = head.rstrip()
    if not digits or not head.endswith(("x", "X", "×")):
        return None
    name = head[:-1]
    if not name[-1:].isspace():   # `Name x3` needs a space before the x (`Max3` is no count)
        return None
    return name.rstrip(), digits


def _split_code(text: str) -> tuple[str, str]:
    """Split `Name (code)` or `Name [code]` into name and code; ("", "") when the text ends in no code."""
    if not text.endswith((")", "]")):
        return "", ""
    opening = max(text.rfind("("), text.rfind("["))
    code = text[opening + 1:-1]
    if opening <= 0 or not code or any(ch in BRACKETS for ch in code):
        return "", ""
    return text[:opening].strip(), code.strip()


def _without_count(label: str) -> str:
    """Return a header label without a trailing card count: `Main Deck (50)` -> `Main Deck`."""
    text = label.rstrip()
    opening = text.rfind("(")
    if text.endswith(")") and opening >= 0 and text[opening + 1:-1].isdecimal():
        return text[:opening].rstrip()
    return label


def _ref_text(ref: CardRef) -> str:
    return f"{ref.name} ({ref.code})" if ref.name and ref.code else ref.name or ref.code


def _apply_meta(deck: DeckList, key: str, value: str, *, explicit_game: str | None) -> None:
    if key == "game":
        if not explicit_game:
            deck.game = value.lower()
    elif key == "name":
        deck.name = value
    else:
        deck.format = value.lower()
