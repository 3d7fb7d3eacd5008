"""YGOPro `.ydk` deck files: `#main`, `#extra`, `!side` headers and one passcode a line."""
from __future__ import annotations

from carddb.decks.deck_list import EXTRA, MAIN, SIDE, CardRef, DeckFormatError, DeckList, name_from_source

MAX_PASSCODE_DIGITS = 10   # passcodes have 8 digits; a 5,000-digit line is no number Python converts
_HEADERS = {"#main": MAIN, "#extra": EXTRA, "!side": SIDE}


def read_ydk(text: str, *, source: str = "<ydk>", game: str = "yugioh", name: str = "") -> DeckList:
    """Read a .ydk text (LF or CRLF); other `#` lines are comments. Raises DeckFormatError."""
    deck = DeckList(game=game, name=name or name_from_source(source))
    section: str | None = None
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        header = _HEADERS.get(line.lower())
        if header is not None:
            section = header
            deck.sections.setdefault(section, [])
            continue
        if line.startswith("#"):
            continue
        if not line.isdecimal():
            raise DeckFormatError(source, number, f"expected a card passcode (digits), got {line[:80]!r}")
        if len(line) > MAX_PASSCODE_DIGITS:
            raise DeckFormatError(source, number, f"a passcode has at most {MAX_PASSCODE_DIGITS} digits, got {len(line)}")
        if section is None:
            raise DeckFormatError(source, number, "a passcode before the '#main' header")
        deck.add(section, 1, CardRef(code=str(int(line))))
    if not deck.sections:
        raise DeckFormatError(source, None, "no '#main' section: not a .ydk deck")
    return deck


def write_ydk(deck: DeckList) -> str:
    """Return the deck as .ydk text (LF); every entry needs a numeric code."""
    lines = ["#created by tabletop", "#main"]
    for section, header in ((MAIN, None), (EXTRA, "#extra"), (SIDE, "!side")):
        if header is not None:
            lines.append(header)
        for count, ref in deck.sections.get(section, []):
            if not ref.code.isdigit():
                raise ValueError(f"{ref.label()!r} has no passcode and cannot be written to a .ydk file")
            lines.extend([ref.code] * count)
    unwritable = set(deck.sections) - {MAIN, EXTRA, SIDE}
    if unwritable:
        raise ValueError(f"a .ydk file has no place for the section(s) {', '.join(sorted(unwritable))}")
    return "\n".join(lines) + "\n"

