"""Grand Archive Online native decks: line 1 the material deck, line 2 the main deck, card uuids by spaces."""
from __future__ import annotations

import re

from carddb.decks.deck_list import MAIN, MATERIAL, SIDE, CardRef, DeckFormatError, DeckList, name_from_source

_UUID = re.compile(r"^[A-Za-z0-9]{10}$")
_SECTIONS = (MATERIAL, MAIN, SIDE)


def is_gaonline(text: str) -> bool:
    """Tell whether `text` looks like a native deck: 1–3 lines of 10-character uuids only."""
    lines = [line.split() for line in text.lstrip("\ufeff").splitlines() if line.strip()]
    return 1 <= len(lines) <= 3 and all(_UUID.match(token) and not token.isdigit() for line in lines for token in line)


def read_gaonline(text: str, *, source: str = "<gaonline>", game: str = "grand-archive", name: str = "") -> DeckList:
    """Read a native deck; each uuid becomes a reference by code. Raises DeckFormatError."""
    deck = DeckList(game=game, name=name or name_from_source(source))
    lines = text.lstrip("\ufeff").splitlines()
    filled = [(number, line) for number, line in enumerate(lines, start=1) if line.strip()]
    if len(filled) > len(_SECTIONS):
        raise DeckFormatError(source, filled[len(_SECTIONS)][0], "a native deck has at most 3 lines (material, main, sideboard)")
    for (number, line), section in zip(filled, _SECTIONS):
        for token in line.split():
            if not _UUID.match(token):
                raise DeckFormatError(source, number, f"{token!r} is not a 10-character card uuid")
            deck.add(section, 1, CardRef(code=token))
    return deck


def write_gaonline(deck: DeckList) -> str:
    """Return the deck as a native deck (one uuid per copy); every entry needs a code."""
    rows = []
    for section in _SECTIONS:
        tokens = []
        for count, ref in deck.sections.get(section, []):
            if not ref.code:
                raise ValueError(f"{ref.label()!r} has no uuid and cannot be written to a native deck")
            tokens.extend([ref.code] * count)
        rows.append(" ".join(tokens))
    while rows and not rows[-1]:
        rows.pop()
    return "\n".join(rows) + "\n"
