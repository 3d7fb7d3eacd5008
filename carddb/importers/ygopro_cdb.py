"""Importer `ygopro-cdb`: a YGOPro/EDOPro cards.cdb, plus optional strings.conf files for archetype names.

Every bitfield is decoded into attributes; the raw numbers are kept under `ygopro` so
nothing of the source is lost. Constants follow ocgcore/EDOPro `constant.lua`.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from carddb.errors import CardDatabaseError
from carddb.importers.cdb_tables import CdbRow, check_most_rows, is_sqlite_file, read_cdb
from carddb.importing import ImportBatch, SkippedCard
from tabletop.engine.cards import CardDefinition

GAME = "yugioh"

TYPE_FLAGS: tuple[tuple[int, str], ...] = (
    (0x1, "monster"), (0x2, "spell"), (0x4, "trap"), (0x10, "normal"), (0x20, "effect"),
    (0x40, "fusion"), (0x80, "ritual"), (0x100, "trap-monster"), (0x200, "spirit"), (0x400, "union"),
    (0x800, "gemini"), (0x1000, "tuner"), (0x2000, "synchro"), (0x4000, "token"), (0x8000, "maximum"),
    (0x10000, "quick-play"), (0x20000, "continuous"), (0x40000, "equip"), (0x80000, "field"),
    (0x100000, "counter"), (0x200000, "flip"), (0x400000, "toon"), (0x800000, "xyz"),
    (0x1000000, "pendulum"), (0x2000000, "special-summon"), (0x4000000, "link"), (0x8000000, "skill"),
    (0x10000000, "action"),
)
TYPE_MONSTER, TYPE_SPELL, TYPE_TRAP = 0x1, 0x2, 0x4
TYPE_XYZ, TYPE_PENDULUM, TYPE_LINK, TYPE_SKILL = 0x800000, 0x1000000, 0x4000000, 0x8000000
TYPE_TOKEN = 0x4000
# Monster-ability flags the rules treat as keyword abilities of the card.
KEYWORD_FLAGS = frozenset({"spirit", "union", "gemini", "tuner", "flip", "toon"})

ATTRIBUTES: tuple[tuple[int, str], ...] = (
    (0x1, "EARTH"), (0x2, "WATER"), (0x4, "FIRE"), (0x8, "WIND"), (0x10, "LIGHT"), (0x20, "DARK"), (0x40, "DIVINE"),
)
RACES: tuple[tuple[int, str], ...] = (
    (0x1, "Warrior"), (0x2, "Spellcaster"), (0x4, "Fairy"), (0x8, "Fiend"), (0x10, "Zombie"), (0x20, "Machine"),
    (0x40, "Aqua"), (0x80, "Pyro"), (0x100, "Rock"), (0x200, "Winged Beast"), (0x400, "Plant"), (0x800, "Insect"),
    (0x1000, "Thunder"), (0x2000, "Dragon"), (0x4000, "Beast"), (0x8000, "Beast-Warrior"), (0x10000, "Dinosaur"),
    (0x20000, "Fish"), (0x40000, "Sea Serpent"), (0x80000, "Reptile"), (0x100000, "Psychic"),
    (0x200000, "Divine-Beast"), (0x400000, "Creator God"), (0x800000, "Wyrm"), (0x1000000, "Cyberse"),
    (0x2000000, "Illusion"), (0x4000000, "Cyborg"), (0x8000000, "Magical Knight"), (0x10000000, "High Dragon"),
    (0x20000000, "Omega Psychic"), (0x40000000, "Celestial Warrior"), (0x80000000, "Galaxy"),
    (0x100000000, "Yokai"),
)
LINK_MARKERS: tuple[tuple[int, str], ...] = (
    (0x1, "bottom-left"), (0x2, "bottom"), (0x4, "bottom-right"), (0x8, "left"),
    (0x20, "right"), (0x40, "top-left"), (0x80, "top"), (0x100, "top-right"),
)
# `ot` column: where the card is legal / comes from (EDOPro "scope").
SCOPES: tuple[tuple[int, str], ...] = (
    (0x1, "OCG"), (0x2, "TCG"), (0x4, "Anime"), (0x8, "Illegal"), (0x10, "Video Game"), (0x20, "Custom"),
    (0x40, "Speed"), (0x100, "Pre-release"), (0x200, "Rush"), (0x400, "Legend"), (0x1000, "Hidden"),
)
UNKNOWN_STAT = -2  # "?" printed as ATK or DEF
_SETNAME = re.compile(r"^!setname\s+(0x[0-9a-fA-F]+)\s+([^\t]+?)\s*(?:\t.*)?$")


def flag_names(value: int, table: Sequence[tuple[int, str]]) -> list[str]:
    """Return the names of the bits of `value` set in `table`, in table order."""
    return [name for bit, name in table if value & bit]


def setcodes(value: int) -> list[int]:
    """Split a 64-bit setcode into its up to four non-zero 16-bit archetype codes."""
    value &= 0xFFFF_FFFF_FFFF_FFFF
    return [code for code in ((value >> shift) & 0xFFFF for shift in (0, 16, 32, 48)) if code]


def read_setnames(path: Path) -> dict[int, str]:
    """Return archetype names by setcode from a strings.conf (`!setname 0x8 HERO`)."""
    try:
        content = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as error:
        raise CardDatabaseError(path, f"is not UTF-8 text (byte {error.start}); expected a strings.conf") from None
    names: dict[int, str] = {}
    directives = 0
    for line in content.splitlines():
        if line.startswith("!"):
            directives += 1
        match = _SETNAME.match(line.strip("\r"))
        if match:
            names[int(match.group(1), 16)] = match.group(2)
    if directives == 0:
        raise CardDatabaseError(path, "is neither a cards.cdb nor a strings.conf (no '!' lines)")
    return names


def archetype_name(code: int, names: dict[int, str]) -> str | None:
    """Return the archetype name of a setcode; a sub-archetype falls back to its base (low 12 bits)."""
    return names.get(code) or names.get(code & 0x0FFF)


def read(paths: Sequence[Path], progress: Callable[[int, int], None] | None = None) -> ImportBatch:
    """Read one cards.cdb and any strings.conf files into card definitions."""
    cdbs = [p for p in paths if is_sqlite_file(p)]
    if not cdbs and len(paths) == 1:
        raise CardDatabaseError(paths[0], "is not a SQLite cards.cdb (wrong file header)")
    if len(cdbs) != 1:
        raise CardDatabaseError(paths[0], f"ygopro-cdb needs exactly one cards.cdb, got {len(cdbs)}")
    names: dict[int, str] = {}
    sources: dict[int, Path] = {}
    notes: list[str] = []
    for path in paths:  # a later strings.conf wins over an earlier one
        if path in cdbs:
            continue
        for code, name in read_setnames(path).items():
            if code in names and names[code] != name:
                notes.append(f"archetype {code:#x} is {names[code]!r} in {sources[code].name} but {name!r} in "
                             f"{path.name}; using {path.name} (the later file given wins)")
            names[code] = name
            sources[code] = path
    rows = read_cdb(cdbs[0])
    check_most_rows(
        cdbs[0], rows, is_yugioh_row, "a Yu-Gi-Oh! cards.cdb",
        "their monsters have no race: a Vanguard cards.cdb is imported as vanguard-cdb",
    )
    cards: list[CardDefinition] = []
    skipped: list[SkippedCard] = []
    for index, row in enumerate(rows):
        if not row.name:
            skipped.append(SkippedCard(str(row.id), "no name in table 'texts'"))
        elif not row.type & (TYPE_MONSTER | TYPE_SPELL | TYPE_TRAP | TYPE_SKILL):
            skipped.append(SkippedCard(f"{row.id} {row.name}", f"type {row.type:#x} is not a card type"))
        else:
            cards.append(card_from_row(row, names))
        if progress and index % 500 == 0:
            progress(index, len(rows))
    if progress:
        progress(len(rows), len(rows))
    return ImportBatch(cards=cards, skipped=skipped, notes=notes)


def is_yugioh_row(row: CdbRow) -> bool:
    """Tell whether a cdb row can be a Yu-Gi-Oh! card: a spell, trap or skill, or a monster with a race.

    Tokens may lack a race; a Vanguard cdb (same schema) stores units as race-less monsters.
    """
    if not row.type & TYPE_MONSTER:
        return bool(row.type & (TYPE_SPELL | TYPE_TRAP | TYPE_SKILL))
    return bool(row.race) or bool(row.type & TYPE_TOKEN)


def card_from_row(row: CdbRow, names: dict[int, str]) -> CardDefinition:
    """Decode one cdb row into a yugioh CardDefinition."""
    types = flag_names(row.type, TYPE_FLAGS)
    if row.type & TYPE_MONSTER:
        card_type = "monster"
    elif row.type & TYPE_SPELL:
        card_type = "spell"
    elif row.type & TYPE_TRAP:
        card_type = "trap"
    else:
        card_type = "skill"
    stats: dict[str, int] = {}
    attributes: dict[str, Any] = {"types": types}
    unknown_stats: list[str] = []
    if row.type & TYPE_MONSTER:
        is_link = bool(row.type & TYPE_LINK)
        for name, value in (("atk", row.atk), ("def", None if is_link else row.defense)):
            if value == UNKNOWN_STAT:
                unknown_stats.append(name)
            elif value is not None:
                stats[name] = value
        level = row.level & 0xFF
        stats["link" if is_link else "rank" if row.type & TYPE_XYZ else "level"] = level
        if row.type & TYPE_PENDULUM:
            stats["scale_left"] = (row.level >> 24) & 0xFF
            stats["scale_right"] = (row.level >> 16) & 0xFF
        if is_link:
            attributes["link_markers"] = flag_names(row.defense, LINK_MARKERS)
        attribute = flag_names(row.attribute, ATTRIBUTES)
        race = flag_names(row.race, RACES)
        if attribute:
            attributes["attribute"] = attribute[0] if len(attribute) == 1 else attribute
        if race:
            attributes["race"] = race[0] if len(race) == 1 else race
    if unknown_stats:
        attributes["unknown_stats"] = unknown_stats
    codes = setcodes(row.setcode)
    if codes:
        attributes["setcodes"] = [f"{code:#x}" for code in codes]
        archetypes = [name for name in (archetype_name(code, names) for code in codes) if name]
        if archetypes:
            attributes["archetypes"] = archetypes
    attributes["scope"] = flag_names(row.ot, SCOPES)
    if row.alias:
        attributes["alias"] = str(row.alias)
    attributes["ygopro"] = {
        "ot": row.ot, "type": row.type, "race": row.race, "attribute": row.attribute,
        "level": row.level, "setcode": row.setcode & 0xFFFF_FFFF_FFFF_FFFF, "category": row.category,
    }
    return CardDefinition(
        id=str(row.id),
        game=GAME,
        name=row.name or "",
        card_type=card_type,
        stats=stats,
        text=row.desc,
        keywords={name: True for name in types if name in KEYWORD_FLAGS},
        attributes=attributes,
    )
