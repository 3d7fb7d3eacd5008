"""Original test cards and decks for Vanguard conformance tests and benchmarks (no real card text)."""
from __future__ import annotations

from typing import Any

from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.games.vanguard.rules import VanguardRules

CARDS: list[dict[str, Any]] = [
    {"id": "t-g0", "name": "Test Squire", "type": "unit", "grade": 0, "power": 6000, "shield": 10000},
    {"id": "t-g1", "name": "Test Page", "type": "unit", "grade": 1, "power": 8000, "shield": 5000},
    {"id": "t-g1b", "name": "Test Brave Page", "type": "unit", "grade": 1, "power": 8000, "shield": 5000,
     "effects": [{"kind": "auto", "when": "placed", "zone": "R", "keyword": "brave",
                  "do": [{"effect": "power", "target": "self", "amount": 5000}]}]},
    {"id": "t-g1s", "name": "Test Sentinel", "type": "unit", "grade": 1, "power": 6000, "shield": 0,
     "keywords": ["sentinel"]},
    {"id": "t-g2", "name": "Test Knight", "type": "unit", "grade": 2, "power": 10000, "shield": 5000},
    {"id": "t-g2h", "name": "Test Hollow Knight", "type": "unit", "grade": 2, "power": 10000, "shield": 5000,
     "keywords": ["hollow"]},
    {"id": "t-g3", "name": "Test Lord", "type": "unit", "grade": 3, "power": 13000, "shield": 0,
     "keywords": ["persona_ride"], "gift": "force",
     "effects": [{"kind": "act", "zone": "V", "once_per_turn": True, "cost": [{"effect": "counter_blast", "count": 1}],
                  "do": [{"effect": "power", "target": "self", "amount": 10000}]}]},
    {"id": "t-crit", "name": "Test Critical", "type": "unit", "grade": 0, "power": 5000, "shield": 15000, "trigger": "critical"},
    {"id": "t-draw", "name": "Test Draw", "type": "unit", "grade": 0, "power": 5000, "shield": 15000, "trigger": "draw"},
    {"id": "t-heal", "name": "Test Heal", "type": "unit", "grade": 0, "power": 5000, "shield": 15000, "trigger": "heal"},
    {"id": "t-front", "name": "Test Front", "type": "unit", "grade": 0, "power": 5000, "shield": 15000, "trigger": "front"},
    {"id": "t-over", "name": "Test Over", "type": "unit", "grade": 0, "power": 5000, "shield": 50000, "trigger": "over"},
    {"id": "t-stride", "name": "Test Stride", "type": "G Unit", "grade": 4, "power": 15000, "shield": 0,
     "keywords": ["stride", "triple_drive"]},
    {"id": "t-gguard", "name": "Test G Guardian", "type": "G Unit", "grade": 4, "power": 0, "shield": 15000,
     "keywords": ["g_guardian"]},
]


def library() -> CardLibrary:
    """Return the test card library."""
    rules = VanguardRules()
    return CardLibrary(rules.card_from_mapping(c) for c in CARDS)


def deck(game_format: str) -> dict[str, list[str]]:
    """Return a legal 50-card deck (16 triggers) with a ride deck or a G deck."""
    triggers = ["t-crit"] * 4 + ["t-draw"] * 4 + ["t-heal"] * 4 + ["t-front"] * 3 + ["t-over"]
    if game_format == "premium":
        triggers = ["t-crit"] * 8 + ["t-draw"] * 4 + ["t-heal"] * 4
    units = ["t-g0"] + ["t-g1"] * 5 + ["t-g1b"] * 4 + ["t-g1s"] * 4 + ["t-g2"] * 6 + ["t-g2h"] * 4 + ["t-g3"] * 10
    main = (triggers + units)[:50]
    while len(main) < 50:
        main.append("t-g2")
    if game_format == "premium":
        return {"main": main, "g": ["t-stride"] * 8 + ["t-gguard"] * 8}
    return {"main": main[:46], "ride": ["t-g0", "t-g1", "t-g2", "t-g3"]}


def card_definitions() -> list[CardDefinition]:
    """Return the test cards as definitions."""
    return list(library().values())
