"""What the rules read from a Yu-Gi-Oh! card: its kinds, Level/Rank/Link Rating, scales, ATK/DEF, Link arrows.

Two card forms are read the same way: the bundled set's (`type: xyz_monster`, `property: quick_play`, keywords
such as `tuner`) and a YGOPro import's (`type: monster` with `types: [monster, effect, xyz, ...]`, see
carddb/importers/ygopro_cdb.py). Facts are built once per card library (PerLibrary).
"""
from __future__ import annotations

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
