"""Printed facts of Vanguard cards, read the same way from bundled, scenario and imported cards.

Imported real cards name their fields as players' databases do (`type: Normal Unit`,
`trigger: Critical`, `ability: Twin Drive`, `nation: ...`); bundled and scenario cards may use
the short forms (`type: unit`, `trigger: critical`, `keywords: [boost]`). Both read the same here.
"""
from __future__ import annotations

from typing import Any

from tabletop.engine.cards import CardDefinition

TRIGGERS = ("critical", "draw", "heal", "front", "over", "stand")
UNIT_TYPES = ("unit", "normal unit", "trigger unit", "g unit", "token", "filler")
ORDER_TYPES = ("order", "normal order", "blitz order", "set order", "trigger order")


def attribute(card: CardDefinition, name: str, default: Any = None) -> Any:
    """Return a per-game attribute by name, case-insensitively."""
    if name in card.attributes:
        return card.attributes[name]
    for key, value in card.attributes.items():
        if key.lower() == name:
            return value
    return default


def grade(card: CardDefinition) -> int:
    """Return the printed grade (0 when none)."""
    return card.stat("grade", 0)


def power(card: CardDefinition) -> int:
    """Return the printed power."""
    return card.stat("power", 0)


def shield(card: CardDefinition) -> int:
    """Return the printed shield."""
    return card.stat("shield", 0)


def critical(card: CardDefinition) -> int:
    """Return the printed critical (1 when not printed)."""
    return card.stat("critical", 1)


def trigger(card: CardDefinition) -> str | None:
    """Return the trigger icon (critical, draw, heal, front, over, stand) or None."""
    raw = attribute(card, "trigger")
    if raw is None and card.keywords.get("trigger"):
        raw = card.keywords["trigger"]
    if not raw:
        return None
    value = str(raw).strip().lower()
    return value if value in TRIGGERS else None


def trigger_power(card: CardDefinition) -> int:
    """Return the power a trigger gives: printed `trigger_power`, else +10000 (V/D-era default)."""
    raw = attribute(card, "trigger_power")
    return int(raw) if raw is not None else 10000


def kind(card: CardDefinition) -> str:
    """Return "unit", "g_unit", "order" or "other" from the card type."""
    value = card.card_type.lower()
    if value in ("g unit", "g_unit", "g-unit"):
        return "g_unit"
    if value in UNIT_TYPES or value.endswith("unit"):
        return "unit"
    if value in ORDER_TYPES or value.endswith("order"):
        return "order"
    return "other"


def is_unit_card(card: CardDefinition) -> bool:
    """Tell whether the card is a (non-G) unit card that can be called and ridden."""
    return kind(card) == "unit"


def has_skill(card: CardDefinition, skill: str) -> bool:
    """Tell whether a card has a skill icon (boost, intercept, twin_drive, triple_drive).

    Read from the keywords, the imported `ability`/`skill_icon` attribute, or derived from the grade
    when the card names none: grade 0-1 Boost, grade 2 Intercept, grade 3 Twin Drive (VG 9.3).
    """
    if skill in card.keywords:
        return True
    icon = attribute(card, "ability") or attribute(card, "skill_icon")
    if icon and str(icon).strip().lower() not in ("none", ""):
        return str(icon).strip().lower().replace(" ", "_") == skill
    if any(k in card.keywords for k in ("boost", "intercept", "twin_drive", "triple_drive")):
        return False
    g = grade(card)
    derived = {0: "boost", 1: "boost", 2: "intercept", 3: "twin_drive"}.get(g, "triple_drive" if g >= 4 else "")
    return derived == skill


def drive(card: CardDefinition) -> int:
    """Return the number of drive checks: 1, Twin Drive 2, Triple Drive 3 (VG 6.4)."""
    if has_skill(card, "triple_drive"):
        return 3
    if has_skill(card, "twin_drive"):
        return 2
    return 1


def nation(card: CardDefinition) -> str:
    """Return the nation or clan (imported cards name one of them)."""
    return str(attribute(card, "nation") or attribute(card, "clan") or "")


def is_sentinel(card: CardDefinition) -> bool:
    """Tell whether the card has Sentinel (VG 6.3)."""
    keywords = {str(k).lower() for k in attribute(card, "keywords_printed", []) or []}
    return "sentinel" in card.keywords or "sentinel" in keywords


def has_persona_ride(card: CardDefinition) -> bool:
    """Tell whether the card has the Persona Ride icon (VG 5.3 Standard)."""
    if "persona_ride" in card.keywords:
        return True
    raw = attribute(card, "keywords")
    return isinstance(raw, list) and any(str(x).lower() == "persona ride" for x in raw)


def gift(card: CardDefinition) -> str | None:
    """Return the Imaginary Gift icon (force, accel, protect) or None."""
    raw = attribute(card, "gift") or card.keywords.get("gift")
    return str(raw).lower() if raw else None
