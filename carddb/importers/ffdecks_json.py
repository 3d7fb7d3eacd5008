"""The FFDecks card layout (ffdecks.com's card API and deck files), read as the official card browser's layout.

An FFDecks card: `serial_number` (`10-039`, no rarity letter), `rarity` spelled out (`Common`), `type`,
`element` (null for multi-element cards) and `elements[]`, `cost`, `power` (null when none), `job`,
`category`, `abilities[]` (one string per paragraph), `is_ex_burst`, `is_multi_playable`, `octgn_id`,
`image`. Ability markup: `{f}` `{i}` `{w}` `{e}` `{l}` `{a}` (water) element CP, `{0}`…`{9}` generic CP,
`{d}` dull, `{s}` special, `{x}` the EX BURST mark; `*word*` and `~words~` are emphasis. The
`fftcg-json` importer reads files of either layout, record by record (carddb.importers.fftcg_json).
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from carddb.fftcg_numbers import card_number

# FFDecks marks -> the official browser's (carddb.importers.fftcg_json.readable_text reads those).
MARKS = {
    "f": "《火》", "i": "《氷》", "w": "《風》", "e": "《土》", "l": "《雷》", "a": "《水》",
    "d": "《ダル》", "s": "《S》", "c": "《C》", "x": "[[ex]]EX BURST[[/]]",
}
_MARK = re.compile(r"\{([^{}]{1,3})\}")
_EMPHASIS = re.compile(r"[*~%]")


def is_ffdecks_record(record: Mapping[str, Any]) -> bool:
    """Tell whether a card record is in the FFDecks layout (it has a `serial_number`)."""
    return "serial_number" in record


def browser_text(abilities: Any) -> str:
    """Return FFDecks `abilities[]` as one text in the official browser's markup."""
    if isinstance(abilities, str):
        abilities = [abilities]
    if not isinstance(abilities, list):
        return ""

    def mark(match: re.Match[str]) -> str:
        key = match.group(1)
        if key.isdigit():
            return f"《{key}》"
        return MARKS.get(key, f"[{key.upper()}]")   # `{X}` is the cost X, not the EX mark `{x}`

    paragraphs = [_EMPHASIS.sub("", _MARK.sub(mark, str(line))) for line in abilities if str(line).strip()]
    return "[[br]]".join(paragraphs)


def browser_record(record: Mapping[str, Any]) -> dict[str, Any]:
    """Return an FFDecks card record with the official browser's field names, for `card_from_record`."""
    elements = record.get("elements") or record.get("element") or ""
    return {
        "cardNumber": card_number(str(record.get("serial_number") or ""), str(record.get("rarity") or "")),
        "name": record.get("name"),
        "element": elements,
        "type": record.get("type"),
        "cost": record.get("cost"),
        "power": record.get("power") or 0,
        "job": record.get("job"),
        "category": record.get("category"),
        "rarity": record.get("rarity"),
        "text": browser_text(record.get("abilities")),
        "ex_burst": record.get("is_ex_burst"),
        "multicard": record.get("is_multi_playable", False),
        "image": record.get("image"),
        "octgn_id": record.get("octgn_id"),
    }
