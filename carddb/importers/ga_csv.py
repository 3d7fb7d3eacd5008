"""Importer `ga-csv`: Grand Archive effect texts (CSV: slug, name, side, effect_raw) and/or a stats JSON.

The CSV gives codes (slugs) and texts; the stats JSON (uuid, name, types, classes, subtypes,
element, cost_memory/cost_reserve, level, power, life, durability, speed) gives the rest,
matched to CSV rows by card name. With only one of the two, the fields the other would give
keep their stored values for cards already in the database (new cards get "unknown" type / no text).
"""
from __future__ import annotations

import csv
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from carddb.errors import CardDatabaseError
from carddb.importers.json_source import load_json
from carddb.importing import ImportBatch, SkippedCard
from tabletop.engine.cards import CardDefinition

GAME = "grand-archive"
CSV_COLUMNS = ("slug", "name", "effect_raw")
STAT_FIELDS = ("level", "power", "life", "durability")
# Keywords of the GA glossary (rules digest §12); "N" ones take a number.
KEYWORDS = (
    "agility", "ambush", "brew", "cleave", "critical", "divine relic", "efficiency", "empower", "floating memory",
    "fast activation", "foster", "hindered", "imbue", "immortality", "inherited effect", "intercept", "kindle",
    "lineage release", "preserve", "pride", "ranged", "renewable", "reservable", "retort", "spellshroud",
    "starcalling", "steadfast", "stealth", "taunt", "true sight", "unblockable", "vigor",
)
SUPERTYPES = frozenset({"unique", "token", "regalia"})
_KEYWORD = re.compile(r"^(" + "|".join(sorted(KEYWORDS, key=len, reverse=True)) + r")(?:\s+(\d+))?\b", re.IGNORECASE)
_GATE = re.compile(r"^\[[^\]]*\]\s*")
# "Diana Lineage (reminder…)": a champion levels up only from a champion of that name (seed Lineage 1).
_LINEAGE = re.compile(r"^([A-Z][\w'’]*(?: [A-Z][\w'’]*)*) Lineage(?:\s*\(.*\))?$")
_SWALLOWED_ROW = re.compile(r"\n[a-z0-9]+(?:-[a-z0-9]+)*,")


def slugify(name: str) -> str:
    """Return the slug a card name gets when no CSV gives one ("Academy Guide" → "academy-guide")."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def keywords_in(text: str) -> dict[str, Any]:
    """Return the glossary keywords opening a line of `text` (after an optional [Bonus] gate), and the Lineage
    a line states ("Diana Lineage" -> lineage: "Diana")."""
    found: dict[str, Any] = {}
    for line in text.split("\n"):
        lineage = _LINEAGE.match(line.strip())
        if lineage:
            found["lineage"] = lineage.group(1)
            continue
        for part in _GATE.sub("", line.strip()).split(","):
            match = _KEYWORD.match(part.strip())
            if match and (part.strip() == match.group(0) or ":" not in part):
                found[match.group(1).lower()] = int(match.group(2)) if match.group(2) else True
    return found


def _is_json(path: Path) -> bool:
    if path.suffix.lower() == ".json":
        return True
    if path.suffix.lower() == ".csv":
        return False
    with path.open("rb") as handle:
        return handle.read(64).lstrip(b"\xef\xbb\xbf \r\n\t")[:1] in (b"[", b"{")


def read_texts(path: Path) -> list[dict[str, str]]:
    """Return the CSV rows; raises CardDatabaseError naming the file and line for a wrong header or quote.

    Texts may span lines inside quotes; a quoted field holding a line that starts like a
    row of its own (`slug,`) means a quote was left open and swallowed the next card.
    """
    line = 1
    try:
        with path.open(encoding="utf-8-sig", newline="") as handle:
            reader = csv.DictReader(handle, strict=True)
            header = reader.fieldnames or []
            missing = [c for c in CSV_COLUMNS if c not in header]
            if missing:
                raise CardDatabaseError(
                    path, f"CSV lacks column(s) {', '.join(missing)}; expected slug,name,side,effect_raw, "
                    f"found {','.join(header) or 'no header'}"
                )
            rows = []
            line = reader.line_num + 1
            for row in reader:
                if any(_SWALLOWED_ROW.search(value or "") for value in row.values()):
                    raise CardDatabaseError(path, f"line {line}: a quote is not closed (the next card ran into this one)")
                rows.append(row)
                line = reader.line_num + 1
            return rows
    except UnicodeDecodeError as error:
        raise CardDatabaseError(path, f"is not UTF-8 text (byte {error.start})") from None
    except csv.Error as error:
        raise CardDatabaseError(path, f"line {line}: is not valid CSV ({error}); is a quote left open?") from None


def read_stats(path: Path) -> dict[str, Mapping[str, Any]]:
    """Return stats records by lower-case card name from the stats JSON."""
    data = load_json(path)
    if not isinstance(data, list) or not all(isinstance(r, dict) and r.get("name") for r in data):
        raise CardDatabaseError(path, "expected a JSON list of card objects with a 'name'")
    return {str(record["name"]).strip().lower(): record for record in data}


def read(paths: Sequence[Path], progress: Callable[[int, int], None] | None = None) -> ImportBatch:
    """Read a texts CSV, a stats JSON, or both, into Grand Archive card definitions."""
    csv_paths = [p for p in paths if not _is_json(p)]
    json_paths = [p for p in paths if _is_json(p)]
    if len(csv_paths) > 1 or len(json_paths) > 1:
        raise CardDatabaseError(paths[0], "ga-csv takes at most one CSV and one stats JSON")
    rows = read_texts(csv_paths[0]) if csv_paths else None
    stats = read_stats(json_paths[0]) if json_paths else {}
    cards: list[CardDefinition] = []
    skipped: list[SkippedCard] = []
    if rows is None:
        for name, record in stats.items():
            cards.append(_card(slugify(str(record["name"])), str(record["name"]), None, "front", record))
        return ImportBatch(cards=cards, keep_existing=frozenset({"text"}))
    used_names: set[str] = set()
    for index, row in enumerate(rows):
        slug, name = (row.get("slug") or "").strip(), (row.get("name") or "").strip()
        if not slug or not name:
            skipped.append(SkippedCard(f"line {index + 2}", "no slug or no name"))
            continue
        record = stats.get(name.lower())
        if record is not None:
            used_names.add(name.lower())
        text = "\n".join(line.rstrip() for line in (row.get("effect_raw") or "").replace("\r\n", "\n").split("\n")).strip()
        cards.append(_card(slug, name, text, (row.get("side") or "front").strip().lower(), record))
        if progress and index % 500 == 0:
            progress(index, len(rows))
    for name, record in stats.items():
        if name not in used_names:
            cards.append(_card(slugify(str(record["name"])), str(record["name"]), None, "front", record))
    keep = frozenset() if json_paths else frozenset({"card_type", "cost", "stats"})
    return ImportBatch(cards=cards, skipped=skipped, keep_existing=keep)


def _card(slug: str, name: str, text: str | None, side: str, record: Mapping[str, Any] | None) -> CardDefinition:
    attributes: dict[str, Any] = {"side": side}
    card_type, cost, stats = "unknown", None, {}
    if record is not None:
        types = [str(t).lower() for t in record.get("types") or []]
        main = [t for t in types if t not in SUPERTYPES] or types or ["unknown"]
        card_type = main[-1]
        attributes["types"] = types
        attributes["element"] = str(record.get("element") or "NORM").capitalize()
        attributes["classes"] = [str(c).capitalize() for c in record.get("classes") or []]
        attributes["subtypes"] = [str(s).capitalize() for s in record.get("subtypes") or []]
        if record.get("uuid"):
            attributes["uuid"] = str(record["uuid"])
        if record.get("speed") is not None:
            attributes["speed"] = record["speed"]
        if record.get("cost_reserve") is not None:
            cost, attributes["cost_kind"] = int(record["cost_reserve"]), "reserve"
        elif record.get("cost_memory") is not None:
            cost, attributes["cost_kind"] = int(record["cost_memory"]), "memory"
        stats = {key: int(record[key]) for key in STAT_FIELDS if record.get(key) is not None}
    return CardDefinition(
        id=slug,
        game=GAME,
        name=name,
        card_type=card_type,
        cost=cost,
        stats=stats,
        text=text or "",
        keywords=keywords_in(text or ""),
        attributes=attributes,
    )
