"""Omnideck-style text (Grand Archive): `# Material Deck`, `# Main Deck`, `# Sideboard` and `N Name` lines."""
from __future__ import annotations

from carddb.decks.deck_list import MAIN, MATERIAL, SIDE, DeckList
from carddb.decks.plain_text import read_plain_text

_HEADERS = {MATERIAL: "# Material Deck", MAIN: "# Main Deck", SIDE: "# Sideboard"}


def is_omnideck(text: str) -> bool:
    """Tell whether `text` uses Omnideck's `# Material Deck` / `# Main Deck` headers."""
    lowered = text.lower()
    return "# material deck" in lowered or "# main deck" in lowered


def read_omnideck(text: str, *, source: str = "<omnideck>", game: str = "grand-archive", name: str = "") -> DeckList:
    """Read an Omnideck text list; `#` lines that are not section headers are comments."""
    return read_plain_text(text, source=source, game=game, name=name)


def write_omnideck(deck: DeckList) -> str:
    """Return the deck in Omnideck text; names only (Omnideck lists carry no codes)."""
    unwritable = set(deck.sections) - set(_HEADERS)
    if unwritable:
        raise ValueError(f"an Omnideck list has no place for the section(s) {', '.join(sorted(unwritable))}")
    lines: list[str] = [f"# name: {deck.name}"] if deck.name else []
    for section in (MATERIAL, MAIN, SIDE):
        entries = deck.sections.get(section)
        if not entries:
            continue
        lines.extend(["", _HEADERS[section]])
        lines.extend(f"{count} {ref.name or ref.code}" for count, ref in entries)
    return "\n".join(lines).lstrip("\n") + "\n"
