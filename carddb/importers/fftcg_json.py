"""Importer `fftcg-json`: FFTCG cards in the official card browser's field layout (text markup kept), or in
FFDecks' layout (carddb.importers.ffdecks_json), told apart record by record.

Markup becomes readable text (tabletop.games.fftcg.card_text.readable_text): `[[br]]` a new line,
`[[ex]]EX BURST[[/]]` plain "EX BURST", `《火》` `[Fire]`, `《ダル》` `[Dull]`, `《S》` `[Special]`, `《1》` `[1]`…
The card text is compiled into effects when the cards are imported (carddb.card_compilation).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from carddb.errors import CardDatabaseError
from carddb.external_ids import ExternalCode
from carddb.importers.ffdecks_json import browser_record, is_ffdecks_record
from carddb.importers.json_source import image_url, load_json
from carddb.importing import ImportBatch, SkippedCard
from tabletop.engine.cards import CardDefinition
from tabletop.games.fftcg.card_text import readable_text

GAME = "fftcg"
ELEMENTS = {"fire", "ice", "wind", "earth", "lightning", "water", "light", "dark"}
# Keyword abilities written alone on a line ("Haste First Strike Brave"), FFTCG 17.
LINE_KEYWORDS = ("first strike", "back attack", "brave", "haste")
_LINE_OF_KEYWORDS = re.compile(r"^(?:(?:first strike|back attack|brave|haste)[ ,]*)+$", re.IGNORECASE)


def keywords_in(text: str, raw: str) -> dict[str, Any]:
    """Return the keyword abilities the card prints: whole-line keywords, EX Burst, Warp N, Limit Break N, Priming."""
    found: dict[str, Any] = {}
    for line in text.split("\n"):
        if _LINE_OF_KEYWORDS.match(line.strip()):
            lowered = line.lower()
            for keyword in LINE_KEYWORDS:
                if keyword in lowered:
                    found[keyword.replace(" ", "_")] = True  # the schema's names (carddb.card_schema.FFTCG)
        warp = re.match(r"^Warp (\d+)", line)
        if warp:
            found["warp"] = int(warp.group(1))
        limit = re.match(r"^Limit Break -- (\d+)", line)
        if limit:
            found["limit break"] = int(limit.group(1))
        if line.startswith("Priming"):
            found["priming"] = True
    if "[[ex]]" in raw:
        found["ex burst"] = True
    return found


def _flag(value: Any) -> bool:
    return value not in (None, False, 0, "", "0", "false", "False", "no")


def card_from_record(record: Mapping[str, Any]) -> CardDefinition:
    """Build one FFTCG CardDefinition from a card-browser record; raises ValueError naming the field."""
    code = str(record.get("cardNumber") or record.get("id") or record.get("Code") or "").strip()
    name = str(record.get("name") or record.get("Name_EN") or "").strip()
    if not code:
        raise ValueError("no card number")
    if not name:
        raise ValueError("no name")
    raw_text = str(record.get("text") or record.get("Text_EN") or "")
    text = readable_text(raw_text)
    raw_element = record.get("element", record.get("Element", ""))
    parts = raw_element if isinstance(raw_element, list) else re.split(r"[/,]", str(raw_element))
    elements = [str(e).strip().lower() for e in parts if str(e).strip()]
    if not elements or any(e not in ELEMENTS for e in elements):
        raise ValueError(f"unknown element {raw_element!r}")
    card_type = str(record.get("type") or record.get("Type_EN") or "").strip().lower()
    if not card_type:
        raise ValueError("no type")
    cost = record.get("cost")
    if isinstance(cost, bool) or not isinstance(cost, (int, str)) or not str(cost).strip().isdigit():
        raise ValueError(f"cost {cost!r} is not a whole number")
    power = record.get("power") or 0
    if isinstance(power, str):
        power = int(power) if power.strip().isdigit() else 0
    keywords = keywords_in(text, raw_text)
    attributes: dict[str, Any] = {"element": [e.capitalize() for e in elements]}
    for key, source in (("job", "job"), ("category", "category"), ("rarity", "rarity"), ("set", "set")):
        value = record.get(source)
        if value not in (None, ""):
            attributes[key] = str(value)
    attributes["ex_burst"] = "ex burst" in keywords or _flag(record.get("ex_burst"))
    if image_url(record):
        attributes["image_url"] = image_url(record)
    if record.get("octgn_id"):   # FFDecks and OCTGN-derived files: `.o8d` decks name the card by it
        attributes["octgn_id"] = str(record["octgn_id"]).strip()
    # The derived layout dropped the browser's multicard column; keep it only when the file has it.
    for source in ("multicard", "Multicard", "multi_card"):
        if source in record:
            attributes["multi_copy"] = _flag(record[source])
    return CardDefinition(
        id=code,
        game=GAME,
        name=name,
        card_type=card_type,
        cost=int(cost),
        stats={"power": int(power)} if card_type in ("forward", "monster") or power else {},
        text=text,
        keywords=keywords,
        attributes=attributes,
    )


def read(paths: Sequence[Path], progress: Callable[[int, int], None] | None = None) -> ImportBatch:
    """Read one card-browser JSON file (a list of card records, or {"cards": [...]})."""
    if len(paths) != 1:
        raise CardDatabaseError(paths[0], f"fftcg-json takes one file, got {len(paths)}")
    path = paths[0]
    data = load_json(path)
    records = data.get("cards") if isinstance(data, dict) else data
    if not isinstance(records, list):
        raise CardDatabaseError(path, "expected a JSON list of card records")
    cards: list[CardDefinition] = []
    skipped: list[SkippedCard] = []
    for index, record in enumerate(records):
        if not isinstance(record, dict):
            raise CardDatabaseError(path, f"record {index + 1} is a {type(record).__name__}, not an object")
        label = str(record.get("id") or record.get("serial_number") or f"record {index + 1}")
        try:
            cards.append(card_from_record(browser_record(record) if is_ffdecks_record(record) else record))
        except ValueError as error:
            skipped.append(SkippedCard(label, str(error)))
        if progress and index % 500 == 0:
            progress(index, len(records))
    if progress:
        progress(len(records), len(records))
    guids = [ExternalCode(GAME, c.attributes["octgn_id"], c.id, c.name) for c in cards if "octgn_id" in c.attributes]
    return ImportBatch(cards=cards, skipped=skipped, external_ids=guids)
