"""FFDecks deck JSON (ffdecks.com's deck API and its saved decks): `{"name", "cards": [{"card": {…}, "quantity": N}]}`.

Each card is the FFDecks card record (carddb.importers.ffdecks_json): it is named by its official card
number (serial and rarity letter), then its serial and OCTGN GUID, then its name.
"""
from __future__ import annotations

import json
from typing import Any

from carddb.decks.deck_list import MAIN, SIDE, CardRef, DeckFormatError, DeckList, name_from_source
from carddb.fftcg_numbers import card_number

# FFDecks' formats as the FFTCG rules name them (FFTCG 2); another (a "Title" format) is left unnamed.
FORMATS = {"standard": "constructed", "constructed": "constructed", "limited": "limited"}
# Lists of entries a deck may hold besides `cards`, and the section each goes to.
SECTIONS = {"cards": MAIN, "sideboard": SIDE, "side": SIDE}


def is_ffdecks(text: str) -> bool:
    """Tell whether `text` looks like an FFDecks deck: a JSON object with a `cards` list of `card` entries."""
    stripped = text.lstrip("\ufeff").lstrip()
    return stripped.startswith("{") and '"cards"' in stripped and '"card"' in stripped


def read_ffdecks(text: str, *, source: str = "<ffdecks>", game: str | None = None) -> DeckList:
    """Read an FFDecks deck; raises DeckFormatError naming the file and the entry."""
    try:
        data = json.loads(text.lstrip("\ufeff"))
    except json.JSONDecodeError as error:
        raise DeckFormatError(source, error.lineno, f"not valid JSON ({error.msg})") from None
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise DeckFormatError(source, None, "not an FFDecks deck: expected an object with a 'cards' list")
    name = data.get("name") if isinstance(data.get("name"), str) and data["name"].strip() else name_from_source(source)
    deck = DeckList(game=game or "fftcg", name=name.strip(), format=_format(data))
    for key, section in SECTIONS.items():
        entries = data.get(key)
        if not isinstance(entries, list):
            continue
        for index, entry in enumerate(entries, start=1):
            count, ref = _entry(source, key, index, entry)
            deck.add(section, count, ref)
    return deck


def _format(data: dict[str, Any]) -> str | None:
    value = str(data.get("normalized_format") or data.get("format") or "").strip().lower()
    return FORMATS.get(value)


def _entry(source: str, key: str, index: int, entry: Any) -> tuple[int, CardRef]:
    where = f"{key}[{index}]"
    if not isinstance(entry, dict) or not isinstance(entry.get("card"), dict):
        raise DeckFormatError(source, None, f"{where} is not an entry with a 'card' object")
    quantity = entry.get("quantity", 1)
    if isinstance(quantity, bool) or not isinstance(quantity, int) or quantity < 1:
        raise DeckFormatError(source, None, f"{where} has quantity {quantity!r}, not a whole number of at least 1")
    card = entry["card"]
    serial = str(card.get("serial_number") or "").strip()
    code = card_number(serial, str(card.get("rarity") or "")) if serial else ""
    guid = str(card.get("octgn_id") or "").strip()
    codes = [c for c in dict.fromkeys((code, serial, guid)) if c]
    name = str(card.get("name") or "").strip()
    if not codes and not name:
        raise DeckFormatError(source, None, f"{where} names no card (no serial_number, octgn_id or name)")
    return quantity, CardRef(name=name, code=codes[0] if codes else "", other_codes=tuple(codes[1:]))
