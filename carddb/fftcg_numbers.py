"""FFTCG card numbers: the official number is the serial (`1-001`) followed by the rarity's letter (`1-001H`).

Sites that keep the serial and the rarity apart (FFDecks, OCTGN set files) give back the official
number this way, so their cards and decks meet the official card browser's codes.
"""
from __future__ import annotations

import re

# Rarity letters the official numbers end with: Common, Rare, Hero, Legend, Starter.
RARITY_LETTERS = frozenset("CRHLS")
_SERIAL = re.compile(r"^\d+-\d{3}$")


def card_number(serial: str, rarity: str) -> str:
    """Return the official card number of `serial` with `rarity` ("Hero" or "H"), or the serial as given.

    Only an opus serial (`N-NNN`) takes a letter; promos (`PR-001`) and numbers that carry one already
    stay as they are.
    """
    serial, letter = serial.strip(), rarity.strip()[:1].upper()
    if _SERIAL.match(serial) and letter in RARITY_LETTERS:
        return serial + letter
    return serial
