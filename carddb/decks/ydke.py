"""`ydke://` deck URLs: base64 of little-endian uint32 passcodes for main!extra!side!."""
from __future__ import annotations

import base64
import binascii
import struct

from carddb.decks.deck_list import EXTRA, MAIN, SIDE, CardRef, DeckFormatError, DeckList

PREFIX = "ydke://"


def is_ydke(text: str) -> bool:
    """Tell whether `text` is a ydke:// URL."""
    return text.strip().lower().startswith(PREFIX)


def read_ydke(url: str, *, source: str = "<ydke>", game: str = "yugioh", name: str = "") -> DeckList:
    """Decode a ydke:// URL; raises DeckFormatError naming the part that is wrong."""
    text = url.strip()
    if not text.lower().startswith(PREFIX):
        raise DeckFormatError(source, 1, f"a ydke URL starts with {PREFIX!r}")
    parts = text[len(PREFIX):].split("!")
    if len(parts) < 3:
        raise DeckFormatError(source, 1, "a ydke URL has three '!'-separated parts (main!extra!side!)")
    deck = DeckList(game=game, name=name or "ydke deck")
    for section, part in zip((MAIN, EXTRA, SIDE), parts[:3]):
        deck.sections.setdefault(section, [])
        try:
            raw = base64.b64decode(part, validate=True)
        except (binascii.Error, ValueError):
            raise DeckFormatError(source, 1, f"the {section} part is not valid base64") from None
        if len(raw) % 4:
            raise DeckFormatError(source, 1, f"the {section} part is not a whole number of 4-byte passcodes")
        for (passcode,) in struct.iter_unpack("<I", raw):
            deck.add(section, 1, CardRef(code=str(passcode)))
    return deck


def write_ydke(deck: DeckList) -> str:
    """Return the deck as a ydke:// URL; every entry needs a numeric code below 2**32."""
    parts = []
    for section in (MAIN, EXTRA, SIDE):
        codes: list[int] = []
        for count, ref in deck.sections.get(section, []):
            if not ref.code.isdigit() or int(ref.code) >= 2**32:
                raise ValueError(f"{ref.label()!r} has no passcode and cannot be written to a ydke URL")
            codes.extend([int(ref.code)] * count)
        parts.append(base64.b64encode(struct.pack(f"<{len(codes)}I", *codes)).decode("ascii"))
    return PREFIX + "!".join(parts) + "!"
