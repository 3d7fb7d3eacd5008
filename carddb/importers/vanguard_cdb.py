"""Importer `vanguard-cdb`: original-series Vanguard cards stored in the YGOPro cards.cdb schema.

Decoding, learned from the values of ygopro-cv's cards.cdb (168 cards) against their texts:

- `atk` = power, `def` = shield, `level` = grade. Critical is not stored; every unit of
  that era prints critical 1, so units get critical 1.
- `type` bits: 0x1 unit; 0x2 normal unit (no trigger icon); 0x4 trigger unit;
  trigger icon 0x20 stand, 0x80 heal, 0x100 critical, 0x200 draw; 0x1000 marks units with
  "(No ability)" (55 of 56 such cards; one vanilla trigger lacks it), kept as `vanilla`.
  type 0 is the "Rules" entry, not a card: skipped.
- `attribute` = nation: 0x1 United Sanctuary (Royal/Gold/Shadow Paladin, Oracle Think Tank),
  0x2 Dragon Empire (Kagero, Narukami), 0x4 Star Gate (Nova Grappler), 0x10 Magallanica
  (Aqua Force). Other bits do not occur; they stay undecoded (raw value kept).
- Clan, race and skill are not in any column: they are the "Clan:", "Race:" and "Skill:"
  lines that open `desc`; the rest of `desc` is the card text.
- `race`, `setcode`, `alias` are 0 throughout; `category` holds YGOPro effect-category
  hints, kept raw.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from carddb.errors import CardDatabaseError
from carddb.importers.cdb_tables import CdbRow, check_most_rows, read_cdb
from carddb.importing import ImportBatch, SkippedCard
from tabletop.engine.cards import CardDefinition

GAME = "vanguard"
TYPE_UNIT, TYPE_NORMAL, TYPE_TRIGGER, TYPE_VANILLA = 0x1, 0x2, 0x4, 0x1000
TRIGGERS: tuple[tuple[int, str], ...] = ((0x20, "stand"), (0x80, "heal"), (0x100, "critical"), (0x200, "draw"))
NATIONS: tuple[tuple[int, str], ...] = (
    (0x1, "United Sanctuary"), (0x2, "Dragon Empire"), (0x4, "Star Gate"), (0x10, "Magallanica"),
)
KNOWN_TYPE_BITS = TYPE_UNIT | TYPE_NORMAL | TYPE_TRIGGER | TYPE_VANILLA | sum(bit for bit, _ in TRIGGERS)
_HEADER = re.compile(r"^(Clan|Race|Skill):\s*(.*)$")


def split_description(desc: str) -> tuple[dict[str, str], str]:
    """Split `desc` into its header lines (clan, race, skill) and the card text after them."""
    header: dict[str, str] = {}
    lines = desc.split("\n")
    index = 0
    while index < len(lines):
        match = _HEADER.match(lines[index].strip())
        if not match:
            break
        header[match.group(1).lower()] = match.group(2).strip()
        index += 1
    return header, "\n".join(line.rstrip() for line in lines[index:]).strip()


def is_vanguard_row(row: CdbRow) -> bool:
    """Tell whether a cdb row can be a Vanguard card: no race, and only the type bits listed above."""
    return not row.race and not row.type & ~KNOWN_TYPE_BITS


def card_from_row(row: CdbRow) -> CardDefinition:
    """Decode one cdb row into a vanguard CardDefinition."""
    header, text = split_description(row.desc)
    triggers = [name for bit, name in TRIGGERS if row.type & bit]
    is_trigger = bool(row.type & TYPE_TRIGGER) or bool(triggers)
    attributes: dict[str, Any] = {}
    nations = [name for bit, name in NATIONS if row.attribute & bit]
    if nations:
        attributes["nation"] = nations[0]
    if header.get("clan"):
        attributes["clan"] = header["clan"]
    if header.get("race"):
        attributes["race"] = header["race"]
    if triggers:
        attributes["trigger"] = triggers[0]
    if row.type & TYPE_VANILLA:
        attributes["vanilla"] = True
    attributes["ygopro"] = {"type": row.type, "attribute": row.attribute, "category": row.category, "ot": row.ot}
    keywords: dict[str, Any] = {}
    skill = header.get("skill", "").rstrip("!").strip().lower()
    if skill:
        keywords[skill] = True
    return CardDefinition(
        id=str(row.id),
        game=GAME,
        name=row.name or "",
        card_type="trigger unit" if is_trigger else "normal unit",
        stats={"grade": row.level & 0xFF, "power": row.atk, "shield": row.defense, "critical": 1},
        text=text,
        keywords=keywords,
        attributes=attributes,
    )


def read(paths: Sequence[Path], progress: Callable[[int, int], None] | None = None) -> ImportBatch:
    """Read one Vanguard cards.cdb."""
    if len(paths) != 1:
        raise CardDatabaseError(paths[0], f"vanguard-cdb takes one cards.cdb, got {len(paths)}")
    rows = read_cdb(paths[0])
    check_most_rows(
        paths[0], rows, is_vanguard_row, "a Vanguard cards.cdb",
        "they have a Yu-Gi-Oh! race: a Yu-Gi-Oh! cards.cdb is imported as ygopro-cdb",
    )
    cards: list[CardDefinition] = []
    skipped: list[SkippedCard] = []
    for row in rows:
        if not row.name:
            skipped.append(SkippedCard(str(row.id), "no name in table 'texts'"))
        elif not row.type & TYPE_UNIT:
            skipped.append(SkippedCard(f"{row.id} {row.name}", f"type {row.type:#x} is not a unit (a rules entry)"))
        else:
            cards.append(card_from_row(row))
    if progress:
        progress(len(rows), len(rows))
    return ImportBatch(cards=cards, skipped=skipped)
