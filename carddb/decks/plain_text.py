"""Plain text deck lists: `3 Name`, `3x Name (code)`, `Name x3`, section headers and `# key: value` facts."""
from __future__ import annotations

import re

from carddb.decks.deck_list import (
    CASTERS, EXTRA, G_DECK, MAIN, MATERIAL, RIDE, SIDE, CardRef, DeckFormatError, DeckList,
    canonical_section, name_from_source,
)

_COUNT_FIRST = re.compile(r"^(\d+)\s*[xX×]?\s+(.+)$")
_COUNT_LAST = re.compile(r"^(.+?)\s+[xX×]\s*(\d+)$")
_CODE = re.compile(r"^(.*?)\s*[(\[]([^()\[\]]+)[)\]]$")
_META = re.compile(r"^(game|name|format)\s*:\s*(.+)$", re.IGNORECASE)
_HEADER_COUNT = re.compile(r"\s*\(\d+\)\s*$")

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
            header = canonical_section(_HEADER_COUNT.sub("", body))
            if header is not None:
                section = header
            continue  # any other `#` line is a comment
        entry = _entry(line)
        if entry is not None:
            count, ref = entry
            if count < 1:
                raise DeckFormatError(source, number, f"a card count must be at least 1: {line!r}")
            deck.add(section, count, ref)
            continue
        label = _HEADER_COUNT.sub("", line)
        if label.endswith(":") or (label.startswith("[") and label.endswith("]")):
            section = canonical_section(label) or label.strip(":[] ").lower()
            continue
        header = canonical_section(label)
        if header is not None:
            section = header
            continue
        raise DeckFormatError(source, number, f"expected 'COUNT NAME' or a section header, got {line!r}")
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


def _entry(line: str) -> tuple[int, CardRef] | None:
    match = _COUNT_FIRST.match(line)
    if match:
        count, rest = int(match.group(1)), match.group(2)
    else:
        match = _COUNT_LAST.match(line)
        if not match:
            return None
        rest, count = match.group(1), int(match.group(2))
    code_match = _CODE.match(rest)
    if code_match and code_match.group(1):
        return count, CardRef(name=code_match.group(1).strip(), code=code_match.group(2).strip())
    return count, CardRef(name=rest.strip())


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
