"""Importer `vanguard-cdb`: Vanguard cards stored in the YGOPro cards.cdb schema, in either layout in use.

YGOPro-based Vanguard projects put a Vanguard card into the Yu-Gi-Oh! columns in one of two ways; the
layout is told from the `type` bits of the whole file, never from one row:

**ygopro-cv** (Kazeviur/ygopro-cv, original series): a unit row sets 0x1 together with 0x2 (normal unit,
no trigger icon) or 0x4 (trigger unit), bits that never meet 0x1 in YGOPro's own type set.
- `level` = grade; `atk` = power; `def` = shield. Critical is not stored: every unit of that era prints 1.
- trigger icon 0x20 stand, 0x80 heal, 0x100 critical, 0x200 draw; 0x1000 marks "(No ability)" (`vanilla`).
- `attribute` = nation: 0x1 United Sanctuary, 0x2 Dragon Empire, 0x4 Star Gate, 0x10 Magallanica.
- Clan, race and skill are the "Clan:", "Race:" and "Skill:" lines that open `desc`.

**ygopro-types** (VGDPro and the D-series databases built on it): YGOPro's own type bits, as its
VgDefinition.lua defines the Vanguard meanings of the other columns.
- TYPE_MONSTER 0x1 is a unit, TYPE_SPELL 0x2 an order (0x10000 quick-play: blitz order, 0x20000
  continuous: set order), TYPE_TOKEN 0x4000 a token; TYPE_TRAP|TYPE_COUNTER|TYPE_FUSION a crest.
- `level` low byte = grade + 1 (VgF.IsLevel tests `grade + 1`); the pendulum scales (bits 16-31) hold
  the critical (VgF.StarUp raises both scales); `atk` = power; `def` = shield, negative when the card
  prints none (grade 3 and up).
- `race` = trigger icon: 0x1 none, 0x2 critical, 0x4 draw, 0x8 heal, 0x10 front, 0x20 over.
- `attribute` = skill icons: 0x2 boost, 0x4 intercept, 0x8 triple drive, 0x10 twin drive, 0x20 persona ride.
- The nation is in no column: a "Nation:" (国家) line opening `desc` gives it when there is one.

In both, `type` 0 is the rules entry, not a card; it, tokens, crests and any other row that is neither a unit
nor an order (a gift marker) are no deck card: they are kept as ids that are not cards
(carddb.external_ids), so a deck listing one is read without it, saying so.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from carddb.errors import CardDatabaseError
from carddb.external_ids import ExternalCode
from carddb.importers.cdb_tables import CdbRow, check_most_rows, read_cdb
from carddb.importing import ImportBatch, SkippedCard
from tabletop.engine.cards import CardDefinition

GAME = "vanguard"
CV_UNIT, CV_NORMAL, CV_TRIGGER, CV_VANILLA = 0x1, 0x2, 0x4, 0x1000
CV_TRIGGERS: tuple[tuple[int, str], ...] = ((0x20, "stand"), (0x80, "heal"), (0x100, "critical"), (0x200, "draw"))
CV_NATIONS: tuple[tuple[int, str], ...] = (
    (0x1, "United Sanctuary"), (0x2, "Dragon Empire"), (0x4, "Star Gate"), (0x10, "Magallanica"),
)
CV_TYPE_BITS = CV_UNIT | CV_NORMAL | CV_TRIGGER | CV_VANILLA | sum(bit for bit, _ in CV_TRIGGERS)

TYPE_MONSTER, TYPE_SPELL, TYPE_TRAP = 0x1, 0x2, 0x4
TYPE_FUSION, TYPE_TOKEN, TYPE_QUICKPLAY, TYPE_CONTINUOUS, TYPE_COUNTER = 0x40, 0x4000, 0x10000, 0x20000, 0x100000
TYPE_CREST = TYPE_TRAP | TYPE_COUNTER | TYPE_FUSION
TRIGGER_RACES: tuple[tuple[int, str], ...] = (
    (0x2, "critical"), (0x4, "draw"), (0x8, "heal"), (0x10, "front"), (0x20, "over"),
)
RACE_NO_TRIGGER = 0x1
# SKILL_THRICE_TRIGGER is 0x8 and SKILL_TWICE_TRIGGER 0x10: the scripts use them so (a card turning the
# vanguard's twin drive into triple drive removes TWICE and adds THRICE), though the comments beside the
# definitions name them the other way round.
SKILL_ATTRIBUTES: tuple[tuple[int, str], ...] = (
    (0x2, "boost"), (0x4, "intercept"), (0x8, "triple drive"), (0x10, "twin drive"), (0x20, "persona ride"),
)
# Grades printed on Vanguard cards (Stride and G units reach 4 and 5).
GRADES = range(0, 6)
_HEADER = re.compile(r"^(Clan|Race|Skill|Nation|国家|國家)\s*[:：]\s*(.*)$", re.IGNORECASE)
_HEADER_KEYS = {"国家": "nation", "國家": "nation"}


def split_description(desc: str) -> tuple[dict[str, str], str]:
    """Split `desc` into its header lines (clan, race, skill, nation) and the card text after them."""
    header: dict[str, str] = {}
    lines = desc.split("\n")
    index = 0
    while index < len(lines):
        match = _HEADER.match(lines[index].strip())
        if not match:
            break
        key = match.group(1)
        header[_HEADER_KEYS.get(key, key.lower())] = match.group(2).strip()
        index += 1
    return header, "\n".join(line.rstrip() for line in lines[index:]).strip()


def is_cv_layout(rows: Sequence[CdbRow]) -> bool:
    """Tell whether the file uses the ygopro-cv layout: some unit row also sets 0x2 or 0x4."""
    return any(row.type & CV_UNIT and row.type & (CV_NORMAL | CV_TRIGGER) for row in rows)


def fits_cv(row: CdbRow) -> bool:
    """Tell whether a row can be a ygopro-cv card: no race, and only the type bits of that layout."""
    return not row.race and not row.type & ~CV_TYPE_BITS


def fits_types(row: CdbRow) -> bool:
    """Tell whether a row can be a ygopro-types Vanguard card (a Yu-Gi-Oh! monster mostly cannot)."""
    if row.type == 0 or row.type & TYPE_SPELL or row.type & TYPE_CREST == TYPE_CREST:
        return True
    if not row.type & TYPE_MONSTER or row.race & ~0x3F:
        return False
    shield_fits = row.defense < 0 or row.defense % 5000 == 0
    return (row.level & 0xFF) - 1 in GRADES and row.atk >= 0 and row.atk % 500 == 0 and shield_fits


def card_from_cv_row(row: CdbRow) -> CardDefinition:
    """Decode one ygopro-cv row into a vanguard CardDefinition."""
    header, text = split_description(row.desc)
    triggers = [name for bit, name in CV_TRIGGERS if row.type & bit]
    attributes: dict[str, Any] = {}
    nations = [name for bit, name in CV_NATIONS if row.attribute & bit]
    if nations:
        attributes["nation"] = nations[0]
    _header_attributes(header, attributes)
    if triggers:
        attributes["trigger"] = triggers[0]
    if row.type & CV_VANILLA:
        attributes["vanilla"] = True
    attributes["ygopro"] = _raw(row)
    keywords: dict[str, Any] = {}
    skill = header.get("skill", "").rstrip("!").strip().lower()
    if skill:
        keywords[skill] = True
    return CardDefinition(
        id=str(row.id),
        game=GAME,
        name=row.name or "",
        card_type="trigger unit" if row.type & CV_TRIGGER or triggers else "normal unit",
        stats={"grade": row.level & 0xFF, "power": row.atk, "shield": row.defense, "critical": 1},
        text=text,
        keywords=keywords,
        attributes=attributes,
    )


def card_from_types_row(row: CdbRow) -> CardDefinition:
    """Decode one ygopro-types unit or order row into a vanguard CardDefinition; raises ValueError naming the field."""
    header, text = split_description(row.desc)
    grade = (row.level & 0xFF) - 1
    attributes: dict[str, Any] = {}
    _header_attributes(header, attributes)
    attributes["ygopro"] = _raw(row)
    triggers = [name for bit, name in TRIGGER_RACES if row.race & bit]
    if triggers:
        attributes["trigger"] = triggers[0]
    if row.type & TYPE_SPELL:
        if row.type & TYPE_QUICKPLAY:
            kind = "blitz order"
        elif row.type & TYPE_CONTINUOUS:
            kind = "set order"
        else:
            kind = "trigger order" if triggers else "normal order"
        return CardDefinition(id=str(row.id), game=GAME, name=row.name or "", card_type=kind,
                              stats={"grade": max(grade, 0)}, text=text, attributes=attributes)
    if grade not in GRADES:
        raise ValueError(f"level {row.level & 0xFF} is no grade (grade + 1 is stored: 1 to {GRADES[-1] + 1})")
    stats = {"grade": grade, "power": row.atk}
    if row.defense >= 0:   # a negative shield is "none printed", as YGOPro writes an unknown DEF
        stats["shield"] = row.defense
    scales = (row.level >> 24) & 0xFF, (row.level >> 16) & 0xFF
    stats["critical"] = max(scales) or 1
    keywords = {name: True for bit, name in SKILL_ATTRIBUTES if row.attribute & bit}
    return CardDefinition(
        id=str(row.id), game=GAME, name=row.name or "", card_type="trigger unit" if triggers else "normal unit",
        stats=stats, text=text, keywords=keywords, attributes=attributes,
    )


def _header_attributes(header: dict[str, str], attributes: dict[str, Any]) -> None:
    for key in ("nation", "clan", "race"):
        if header.get(key):
            attributes[key] = header[key]


def _raw(row: CdbRow) -> dict[str, int]:
    """The columns kept as read, for what the decoding leaves out."""
    return {"type": row.type, "attribute": row.attribute, "race": row.race, "level": row.level,
            "setcode": row.setcode, "category": row.category, "ot": row.ot}


def _not_a_card(row: CdbRow, cv_layout: bool) -> tuple[str, str] | None:
    """Say what a row that is no deck card is (the rules entry, a token, a crest, a marker) and why it is
    skipped, or None for a card."""
    if row.type == 0 or (cv_layout and not row.type & CV_UNIT):
        return "the rules entry", "no card"
    if cv_layout:
        return None
    if row.type & TYPE_TOKEN:
        return "a token", "made by abilities, no deck card"
    if row.type & TYPE_CREST == TYPE_CREST:
        return "a crest", "this client's Vanguard rules do not use crests"
    if not row.type & (TYPE_MONSTER | TYPE_SPELL):   # a gift marker, or another entry of the game
        return "a marker", "neither a unit nor an order"
    return None


def read(paths: Sequence[Path], progress: Callable[[int, int], None] | None = None) -> ImportBatch:
    """Read one Vanguard cards.cdb in either layout."""
    if len(paths) != 1:
        raise CardDatabaseError(paths[0], f"vanguard-cdb takes one cards.cdb, got {len(paths)}")
    rows = read_cdb(paths[0])
    cv_layout = is_cv_layout(rows)
    check_most_rows(
        paths[0], rows, fits_cv if cv_layout else fits_types, "a Vanguard cards.cdb",
        "levels, races and stats of Yu-Gi-Oh! monsters: a Yu-Gi-Oh! cards.cdb is imported as ygopro-cdb",
    )
    cards: list[CardDefinition] = []
    skipped: list[SkippedCard] = []
    not_cards: list[ExternalCode] = []
    for row in rows:
        label = f"{row.id} {row.name}" if row.name else str(row.id)
        entry = _not_a_card(row, cv_layout)
        if entry is not None:
            what, why = entry
            not_cards.append(ExternalCode(GAME, str(row.id), None, f"{what} {row.name!r}" if row.name else what))
            skipped.append(SkippedCard(label, f"{what} (type {row.type:#x}): {why}"))
        elif not row.name:
            skipped.append(SkippedCard(label, "no name in table 'texts'"))
        else:
            try:
                cards.append(card_from_cv_row(row) if cv_layout else card_from_types_row(row))
            except ValueError as error:
                skipped.append(SkippedCard(label, str(error)))
    if progress:
        progress(len(rows), len(rows))
    return ImportBatch(cards=cards, skipped=skipped, external_ids=not_cards)
