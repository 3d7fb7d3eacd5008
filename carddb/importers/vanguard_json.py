"""Importer `vanguard-json`: D-series Vanguard cards from the VanguarDecks `cardInfo.json` layout.

The code is the printed card number ("D-BT01/001"). A few records of the source share a
number: the lowest source id keeps it, a later record takes its next free reprint number,
and a record with none left is skipped with the reason.
"""
from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from carddb.errors import CardDatabaseError
from carddb.importers.json_source import image_url, load_json
from carddb.importing import ImportBatch, SkippedCard
from tabletop.engine.cards import CardDefinition

GAME = "vanguard"
_TAG = re.compile(r"<[^>]+>")
_NONE = {"", "none", "nationless"}


def card_number(set_code: str) -> str | None:
    """Turn the source's "D-BT01 001" into the printed "D-BT01/001"; None for unknown numbers ("???")."""
    parts = set_code.split()
    if len(parts) != 2 or "?" in set_code:
        return None
    return f"{parts[0]}/{parts[1]}"


def readable_skill(raw: str) -> str:
    """Turn the source's HTML-ish skill text into plain lines."""
    text = re.sub(r"<br\s*/?>", "\n", raw, flags=re.IGNORECASE)
    text = html.unescape(_TAG.sub("", text))
    return "\n".join(" ".join(line.split()) for line in text.split("\n") if line.strip())


def card_from_record(code: str, record: Mapping[str, Any]) -> CardDefinition:
    """Build one vanguard CardDefinition from a cardInfo.json record."""
    card_type = str(record.get("type") or "").strip().lower()
    if not card_type:
        raise ValueError("no type")
    is_unit = card_type.endswith("unit")
    stats = {"grade": int(record.get("grade") or 0)}
    if is_unit:
        for key in ("power", "shield", "critical"):
            stats[key] = int(record.get(key) or 0)
    keywords: dict[str, Any] = {}
    ability = str(record.get("ability") or "").strip()
    if ability.lower() not in _NONE:
        keywords[ability.lower()] = True
    for keyword in record.get("keywords") or []:
        if str(keyword).lower() not in _NONE:
            keywords[str(keyword).lower()] = True
    attributes: dict[str, Any] = {}
    nation = str(record.get("nation") or "").strip()
    if nation.lower() not in _NONE:
        attributes["nation"] = nation
    race = str(record.get("race") or "").strip()
    if race.lower() not in _NONE:
        attributes["race"] = race
    trigger = str(record.get("trigger") or "").strip().lower()
    if trigger not in _NONE:
        attributes["trigger"] = trigger
    sets = [str(s) for s in record.get("sets") or []]
    if sets:
        attributes["set"] = sets[0]
        attributes["sets"] = sets
    numbers = [n for n in (card_number(str(s)) for s in record.get("setCode") or []) if n]
    if len(numbers) > 1:
        attributes["reprints"] = [n for n in numbers if n != code]
    if image_url(record):
        attributes["image_url"] = image_url(record)
    return CardDefinition(
        id=code,
        game=GAME,
        name=str(record["name"]).strip(),
        card_type=card_type,
        stats=stats,
        text=readable_skill(str(record.get("skill") or "")),
        keywords=keywords,
        attributes=attributes,
    )


def read(paths: Sequence[Path], progress: Callable[[int, int], None] | None = None) -> ImportBatch:
    """Read one cardInfo.json ({"cards": [...]} or a bare list)."""
    if len(paths) != 1:
        raise CardDatabaseError(paths[0], f"vanguard-json takes one file, got {len(paths)}")
    path = paths[0]
    data = load_json(path)
    records = data.get("cards") if isinstance(data, dict) else data
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        raise CardDatabaseError(path, "expected {\"cards\": [...]} or a list of card objects")
    def source_id(record: Mapping[str, Any]) -> tuple[int, str]:
        value = str(record.get("id", ""))
        return (int(value), value) if value.isdigit() else (1 << 62, value)

    taken: dict[str, str] = {}
    cards: list[CardDefinition] = []
    skipped: list[SkippedCard] = []
    ordered = sorted(records, key=source_id)
    for index, record in enumerate(ordered):
        name = str(record.get("name") or "").strip()
        label = f"{record.get('id', '?')} {name}".strip()
        if not name:
            skipped.append(SkippedCard(label, "no name"))
            continue
        numbers = [n for n in (card_number(str(s)) for s in record.get("setCode") or []) if n]
        code = next((n for n in numbers if n not in taken), None)
        if code is None:
            holder = taken.get(numbers[0]) if numbers else None
            reason = (
                f"same card as {holder!r} ({numbers[0]})" if holder == name
                else f"card number {numbers[0]} already used by {holder!r}" if holder
                else "no card number"
            )
            skipped.append(SkippedCard(label, reason))
            continue
        try:
            cards.append(card_from_record(code, record))
        except (ValueError, TypeError) as error:
            skipped.append(SkippedCard(label, str(error)))
            continue
        taken[code] = name
        if progress and index % 100 == 0:
            progress(index, len(ordered))
    if progress:
        progress(len(ordered), len(ordered))
    return ImportBatch(cards=cards, skipped=skipped)
