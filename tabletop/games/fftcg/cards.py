"""FFTCG card data: reading card mappings and real-card JSON into CardDefinitions, and card facts.

Card-file fields (besides the common id/name/type/cost/text/keywords/effects):
`element` (a name or a list: fire, ice, wind, earth, lightning, water, light, dark), `power`
(Forwards), `job`, `category`, `ex_burst` (bool), `multi_copy` (bool: the Multi-copy icon),
`party_icon` (bool: may join a Party of any element). Types: forward, backup, monster, summon.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from tabletop.engine.cards import CardDefinition

ELEMENTS = ("fire", "ice", "wind", "earth", "lightning", "water", "light", "dark")
CHARACTER_TYPES = ("forward", "backup", "monster")
CARD_TYPES = (*CHARACTER_TYPES, "summon")
KEYWORDS = ("brave", "haste", "first_strike", "back_attack")
FLAG_KEYS = ("ex_burst", "multi_copy", "party_icon")


def card_from_mapping(data: Mapping[str, Any]) -> CardDefinition:
    """Read an FFTCG card mapping; ValueError names the card and the bad field."""
    from tabletop.games.fftcg.effects import validate_effects

    card = CardDefinition.from_mapping("fftcg", data, ("power",))
    where = f"card {card.id!r}"
    if card.card_type not in CARD_TYPES:
        raise ValueError(f"{where}: type must be one of {', '.join(CARD_TYPES)}, not {card.card_type!r}")
    raw = data.get("element")
    if raw is None:
        raise ValueError(f"{where}: missing field 'element'")
    elements = [raw] if isinstance(raw, str) else raw
    if not isinstance(elements, list) or not elements:
        raise ValueError(f"{where}: field 'element' must be an element name or a list of them")
    elements = [str(e).lower() for e in elements]
    bad = [e for e in elements if e not in ELEMENTS]
    if bad:
        raise ValueError(f"{where}: unknown element {bad[0]!r} (elements: {', '.join(ELEMENTS)})")
    if card.cost is None or card.cost < 0:
        raise ValueError(f"{where}: missing or negative field 'cost'")
    if card.card_type == "forward" and "power" not in card.stats:
        raise ValueError(f"{where}: a Forward needs 'power'")
    for flag in FLAG_KEYS:
        if flag in data and not isinstance(data[flag], bool):
            raise ValueError(f"{where}: field {flag!r} must be true or false")
    unknown = [k for k in card.keywords if k.replace(" ", "_") not in KEYWORDS]
    if unknown:
        raise ValueError(f"{where}: unknown keyword {unknown[0]!r} (keywords: {', '.join(KEYWORDS)})")
    problems = validate_effects(data)
    if problems:
        raise ValueError(f"{where}: {problems[0]}")
    attributes = dict(card.attributes)
    attributes["element"] = elements
    keywords = {k.replace(" ", "_"): v for k, v in card.keywords.items()}
    return CardDefinition(id=card.id, game="fftcg", name=card.name, card_type=card.card_type, cost=card.cost,
                          stats=card.stats, text=card.text, keywords=keywords, attributes=attributes,
                          effects=card.effects)


_KEYWORD_LINES = {"haste": "haste", "brave": "brave", "first strike": "first_strike", "back attack": "back_attack"}


def card_from_real(entry: Mapping[str, Any]) -> CardDefinition | None:
    """Read one card of the real-card JSON (official browser layout); None when it cannot be played.

    Element, cost, power, job, category, EX Burst and the keywords printed alone on a line are read;
    the rest of the text is shown and played by hand.
    """
    element = str(entry.get("element", "")).lower()
    kind = str(entry.get("type", "")).lower()
    if element not in ELEMENTS or kind not in CARD_TYPES:
        return None
    text = str(entry.get("text") or "")
    lines = [re.sub(r"\[\[/?\w*\]\]", "", line).strip().lower() for line in text.split("[[br]]")]
    keywords = {_KEYWORD_LINES[line]: True for line in lines if line in _KEYWORD_LINES}
    stats = {"power": int(entry["power"])} if kind == "forward" and entry.get("power") else {}
    if kind == "forward" and not stats:
        return None
    return CardDefinition(
        id=str(entry["id"]), game="fftcg", name=str(entry["name"]), card_type=kind,
        cost=int(entry.get("cost") or 0), stats=stats, text=text.replace("[[br]]", "\n"), keywords=keywords,
        attributes={"element": [element], "job": entry.get("job") or "", "category": entry.get("category") or "",
                    "ex_burst": "[[ex]]" in text, "multi_copy": False},
    )


def elements_of(card: CardDefinition) -> list[str]:
    """Return a card's elements in the game's words ("fire"; the filler card has none).

    A card read from a card database keeps its source's spelling ("Fire"): the rules compare lower case.
    """
    found = card.attributes.get("element", [])
    return [str(e).lower() for e in (found if isinstance(found, (list, tuple)) else [found])]


def is_light_or_dark(card: CardDefinition) -> bool:
    """Tell whether a card is Light or Dark (no CP discards, any-element payment, one per field)."""
    return any(e in ("light", "dark") for e in elements_of(card))


def is_character(card: CardDefinition) -> bool:
    """Tell whether a card is a Forward, Backup or Monster."""
    return card.card_type in CHARACTER_TYPES


def has_flag(card: CardDefinition, flag: str) -> bool:
    """Tell whether a card prints one of the icons (ex_burst, multi_copy, party_icon)."""
    return bool(card.attributes.get(flag, False))
