"""Deck lists as read from deck files: sections of (count, card reference) before resolution."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

# Canonical section names. Readers map the spellings of each format onto these.
# "gzone" is the name carddb.schema.DECK_SECTIONS stores the Premium G deck under.
MAIN, EXTRA, SIDE, RIDE, G_DECK, MATERIAL, CASTERS = "main", "extra", "side", "ride", "gzone", "material", "casters"

SECTION_ALIASES: dict[str, str] = {
    "main": MAIN, "main deck": MAIN, "deck": MAIN, "maindeck": MAIN,
    "forwards": MAIN, "forward": MAIN, "backups": MAIN, "backup": MAIN, "summons": MAIN,
    "summon": MAIN, "monsters": MAIN, "characters": MAIN, "units": MAIN, "codes": MAIN,
    "arms": MAIN, "triggers": MAIN, "orders": MAIN,
    "extra": EXTRA, "extra deck": EXTRA,
    "side": SIDE, "side deck": SIDE, "sideboard": SIDE, "sideboard deck": SIDE,
    "ride": RIDE, "ride deck": RIDE,
    "g": G_DECK, "gzone": G_DECK, "g deck": G_DECK, "g zone": G_DECK, "g units": G_DECK,
    "material": MATERIAL, "material deck": MATERIAL,
    "casters": CASTERS, "caster": CASTERS,
}


# Cards in one deck, all sections together: no game's deck comes near; 10**9 copies ran out of memory.
MAX_COPIES = 1_000


def canonical_section(label: str) -> str | None:
    """Return the canonical section for a header label (`Main Deck`, `Extra`…), or None."""
    key = " ".join(label.strip().strip(":").strip("[]").lower().replace("_", " ").split())
    return SECTION_ALIASES.get(key)


def name_from_source(source: str) -> str:
    """Return a deck name made from a file path: its base name without the extension."""
    base = source.replace("\\", "/").rsplit("/", 1)[-1]
    return base.rsplit(".", 1)[0] if "." in base[1:] else base


class DeckFormatError(ValueError):
    """A deck file that cannot be read; str() is one line naming the file and the line."""

    def __init__(self, source: str, line: int | None, message: str) -> None:
        self.source = source
        self.line = line
        self.message = message
        where = f"{source}:{line}" if line is not None else source
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class CardRef:
    """A card as a deck file names it: by name, by code (passcode, card number, GUID), or both.

    `other_codes` are further ids the file gives (an FFDecks deck: the serial number and the OCTGN
    GUID besides the card number), tried after `code` and before the name.
    """

    name: str = ""
    code: str = ""
    other_codes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.name and not self.code:
            raise ValueError("a card reference needs a name or a code")

    def label(self) -> str:
        """Return how a player recognises the reference: `Name (code)`, or whichever is known."""
        if self.name and self.code:
            return f"{self.name} ({self.code})"
        return self.name or self.code


@dataclass
class DeckList:
    """A deck as written in a file: game, name and ordered sections of (count, card reference)."""

    game: str
    name: str
    sections: dict[str, list[tuple[int, CardRef]]] = field(default_factory=dict)
    format: str | None = None
    # Format-specific facts a writer needs to give the file back (e.g. the OCTGN game GUID).
    metadata: dict[str, str] = field(default_factory=dict)

    def add(self, section: str, count: int, ref: CardRef) -> None:
        """Append `count` copies of `ref` to `section`, merging with an equal reference already there."""
        if count < 1:
            raise ValueError(f"a deck entry needs a positive count, got {count}")
        if count > MAX_COPIES - self.count():
            raise ValueError(f"more than {MAX_COPIES} cards in the deck (adding {count} × {ref.label()!r})")
        entries = self.sections.setdefault(section, [])
        for index, (old_count, old_ref) in enumerate(entries):
            if old_ref == ref:
                entries[index] = (old_count + count, old_ref)
                return
        entries.append((count, ref))

    def count(self, section: str | None = None) -> int:
        """Return the number of cards in `section`, or in the whole deck when None."""
        names = [section] if section is not None else list(self.sections)
        return sum(n for s in names for n, _ in self.sections.get(s, []))

    def entries(self) -> Iterator[tuple[str, int, CardRef]]:
        """Yield (section, count, reference) in file order."""
        for section, entries in self.sections.items():
            for count, ref in entries:
                yield section, count, ref

    def as_config_sections(self) -> dict[str, list[str]]:
        """Return section -> one card code per physical card, the shape of `GameConfig.decks`.

        Meant for resolved lists whose references carry card ids (see `resolve_deck`, and
        `load_bundled_decks`); raises ValueError naming a reference without a code.
        """
        sections: dict[str, list[str]] = {}
        for section, count, ref in self.entries():
            if not ref.code:
                raise ValueError(f"{ref.label()!r} in {section} has no card code; resolve the deck first")
            sections.setdefault(section, []).extend([ref.code] * count)
        return sections
