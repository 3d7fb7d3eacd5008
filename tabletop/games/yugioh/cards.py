"""What the rules read from a Yu-Gi-Oh! card: its kinds, Level/Rank/Link Rating, scales, ATK/DEF, Link arrows.

Two card forms are read the same way: the bundled set's (`type: xyz_monster`, `property: quick_play`, keywords
such as `tuner`) and a YGOPro import's (`type: monster` with `types: [monster, effect, xyz, ...]`, see
carddb/importers/ygopro_cdb.py). Facts are built once per card library (PerLibrary).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.library_index import PerLibrary

# YGO 9.1: the monster frames that live in the Extra Deck.
EXTRA_DECK_KINDS = frozenset({"fusion", "synchro", "xyz", "link"})
_TYPE_WORDS = {"normal_monster": ("monster", "normal"), "effect_monster": ("monster", "effect"),
               "ritual_monster": ("monster", "ritual", "effect"), "fusion_monster": ("monster", "fusion", "effect"),
               "synchro_monster": ("monster", "synchro", "effect"), "xyz_monster": ("monster", "xyz", "effect"),
               "link_monster": ("monster", "link", "effect"), "token": ("monster", "token"),
               "spell": ("spell",), "trap": ("trap",), "monster": ("monster",)}
_ARROWS = {"bottom_left": (1, -1), "bottom": (1, 0), "bottom_right": (1, 1), "left": (0, -1), "right": (0, 1),
           "top_left": (-1, -1), "top": (-1, 0), "top_right": (-1, 1)}


@dataclass(frozen=True)
class CardFacts:
    """The printed facts of one card the rules use."""

    kinds: frozenset[str]
    level: int
    rank: int
    link: int
    atk: int
    defense: int
    scale: int
    arrows: frozenset[str]

    def is_(self, kind: str) -> bool:
        """Tell whether the card is of a kind ("monster", "spell", "quick-play", "tuner", "xyz"...)."""
        return kind in self.kinds

    @property
    def is_monster(self) -> bool:
        """Tell whether the card is a Monster Card."""
        return "monster" in self.kinds

    @property
    def is_extra_deck(self) -> bool:
        """Tell whether the card lives in the Extra Deck (Fusion, Synchro, Xyz, Link: YGO 9.1)."""
        return bool(self.kinds & EXTRA_DECK_KINDS)

    @property
    def spell_speed(self) -> int:
        """Return the Spell Speed of the card's activation (YGO 7.1): Counter Traps 3, Quick-Play and Traps 2, else 1."""
        if "counter" in self.kinds:
            return 3
        if "trap" in self.kinds or "quick-play" in self.kinds:
            return 2
        return 1

    @property
    def tributes_needed(self) -> int:
        """Return how many Tributes a Normal Summon or Set of the card needs (YGO 5.7: 5-6 → 1, 7+ → 2)."""
        return 0 if self.level <= 4 else 1 if self.level <= 6 else 2


def facts_of(card: CardDefinition) -> CardFacts:
    """Read the facts of one card from either card form."""
    attrs = card.attributes
    kinds: set[str] = set(_TYPE_WORDS.get(card.card_type, (card.card_type,)))
    kinds.update(str(t).replace("_", "-") for t in attrs.get("types", ()))
    prop = attrs.get("property")
    if prop:
        kinds.add(str(prop).replace("_", "-"))
    kinds.update(str(k).replace("_", "-") for k in card.keywords)
    if "spell" in kinds or "trap" in kinds:
        kinds.discard("monster")
        if not kinds & {"quick-play", "continuous", "equip", "field", "ritual", "counter"}:
            kinds.add("normal")
    if "monster" in kinds and "normal" in kinds:
        kinds.discard("effect")
    stats = card.stats
    arrows = attrs.get("link_markers") or attrs.get("link_arrows") or ()
    return CardFacts(frozenset(kinds), _number(stats, attrs, "level"), _number(stats, attrs, "rank"),
                     _number(stats, attrs, "link"), _number(stats, attrs, "atk"), _number(stats, attrs, "def"),
                     _number(stats, attrs, "scale", _number(stats, attrs, "scale_left")),
                     frozenset(str(a).replace("-", "_") for a in arrows))


def _number(stats: Any, attrs: Any, key: str, default: int = 0) -> int:
    value = stats.get(key, attrs.get(key))
    return default if value is None else int(value)


FACTS: PerLibrary[dict[str, CardFacts]] = PerLibrary(lambda library: {cid: facts_of(library[cid]) for cid in library})


def facts(library: CardLibrary, card_id: str) -> CardFacts:
    """Return the facts of a card of a library."""
    return FACTS(library)[card_id]


def arrow_offsets(arrows: frozenset[str]) -> list[tuple[int, int]]:
    """Return the (row, column) steps a Link Monster's arrows point along (row +1 = towards its owner)."""
    return [_ARROWS[a] for a in sorted(arrows) if a in _ARROWS]


# YGO 5.7 Fusion: one part of a material line, "X + Y" — a card named "X", `N "Arch" monsters` (an archetype),
# `N WORD monsters` (an Attribute, a Type, or a frame: Effect, Fusion, Tuner...). "N+" / "N or more" counts as N.
_QUOTED_NAME = re.compile(r'^"([^"]+)"$')
_COUNTED = re.compile(r'^(\d+)(?:\+| or more)? (?:"([^"]+)"|([A-Za-z-]+(?: [A-Za-z-]+)?)) monsters?$')
ATTRIBUTES = frozenset({"earth", "water", "fire", "wind", "light", "dark", "divine"})
FRAME_WORDS = frozenset({"effect", "normal", "fusion", "synchro", "xyz", "link", "ritual", "pendulum", "tuner",
                         "flip", "gemini", "spirit", "toon", "union"})


@dataclass(frozen=True)
class Material:
    """One Fusion Material the line asks for: `count` monsters that have the card name `name`, belong to the
    archetype `archetype`, or are of `kind` (an Attribute, a Type or a frame word, lower case)."""

    count: int
    name: str = ""
    archetype: str = ""
    kind: str = ""

    def describe(self) -> str:
        """Return the material in the players' words ("Skyforge Squire", "1 DARK monster")."""
        if self.name:
            return self.name
        what = f'"{self.archetype}"' if self.archetype else self.kind.upper() if self.kind in ATTRIBUTES \
            else self.kind.title()
        return f"{self.count} {what} monster" + ("s" if self.count > 1 else "")


def fusion_materials(card: CardDefinition) -> tuple[Material, ...] | None:
    """Return the Fusion Materials a Fusion Monster names: the bundled `materials` list, else its text's material line
    ("X" + "Y", 2 "Arch" monsters, "X" + 1 DARK monster...); None when the line fits no template (by hand)."""
    named = card.attributes.get("materials")
    if named:
        return tuple(Material(1, name=str(n)) for n in named)
    line = card.text.replace("\r", "").split("\n", 1)[0].strip().rstrip(".")
    found: list[Material] = []
    for part in line.split(" + "):
        part = part.strip()
        quoted = _QUOTED_NAME.match(part)
        if quoted:
            found.append(Material(1, name=quoted.group(1)))
            continue
        counted = _COUNTED.match(part)
        if counted is None:
            return None
        count, archetype, word = int(counted.group(1)), counted.group(2) or "", (counted.group(3) or "").lower()
        found.append(Material(count, archetype=archetype) if archetype else Material(count, kind=word))
    return tuple(found) or None


def fits_material(card: CardDefinition, material: Material) -> bool:
    """Tell whether a monster can be this Fusion Material (by name, archetype, Attribute, Type or frame)."""
    if material.name:
        return card.name == material.name
    if material.archetype:
        archetypes = [str(a) for a in card.attributes.get("archetypes") or ()]
        return material.archetype in archetypes or material.archetype in card.name
    words: set[str] = set()
    for key in ("attribute", "race"):   # one word, or a list of them (an imported card of several)
        value = card.attributes.get(key) or ""
        words.update(str(w).lower() for w in (value if isinstance(value, list) else [value]))
    return material.kind in words or material.kind in facts_of(card).kinds


def material_slots(materials: tuple[Material, ...]) -> list[Material]:
    """Return one slot per material card, named ones first (so that a generic slot does not take a named card)."""
    slots = [m for m in materials if m.name] + [m for m in materials if not m.name]
    return [Material(1, m.name, m.archetype, m.kind) for m in slots for _ in range(m.count)]


def can_fill(slots: list[Material], pool: list[tuple[int, CardDefinition]]) -> bool:
    """Tell whether different cards of `pool` (id, definition) can fill every slot (a small backtracking match)."""
    if not slots:
        return True
    first, rest = slots[0], slots[1:]
    return any(fits_material(card, first) and can_fill(rest, [p for p in pool if p[0] != iid]) for iid, card in pool)
