"""Per-game card-file schema: stat keys, card types, required attributes and keyword names.

This module is the one place that says which numeric stats, card types and attributes a
card mapping of each game has. `CardDefinition.from_mapping(game, mapping, STAT_KEYS[game])`
reads a mapping; `validate_card(game, mapping)` lists what is wrong with it, one message per
problem, so that a bundled set or an import can be refused with every fault at once.
Keyword names are the lower-case snake_case names of the rules digests
(/work/shared/rules/<game>.md); the rules engineers own their meaning.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.cards import CardDefinition
from tabletop.games import find_game


@dataclass(frozen=True)
class GameSchema:
    """What a card mapping of one game must and may contain."""

    game: str
    stat_keys: tuple[str, ...]
    card_types: tuple[str, ...]
    # card type -> stats every card of that type prints
    required_stats: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # card type ("*" = every type) -> attributes every card of that type carries;
    # an inner tuple means "at least one of these"
    required_attributes: Mapping[str, tuple[str | tuple[str, ...], ...]] = field(default_factory=dict)
    keywords: frozenset[str] = frozenset()
    cost_required: tuple[str, ...] = ()
    # attribute -> allowed values (for scalar attributes or every item of a list attribute)
    attribute_values: Mapping[str, frozenset[str]] = field(default_factory=dict)


VANGUARD = GameSchema(
    game="vanguard",
    stat_keys=("grade", "power", "shield", "critical"),
    card_types=("unit", "trigger_unit", "g_unit", "order"),
    required_stats={
        "unit": ("grade", "power", "critical"),
        "trigger_unit": ("grade", "power", "shield", "critical"),
        "g_unit": ("grade", "power", "critical"),
        "order": ("grade",),
    },
    required_attributes={
        "*": (("clan", "nation"),),
        "trigger_unit": ("trigger",),
        "order": ("order_type",),
    },
    keywords=frozenset({
        # skill icons and base abilities (vanguard.md §6, §9)
        "boost", "intercept", "twin_drive", "triple_drive", "sentinel", "persona_ride",
        "stride", "g_guardian", "limit_break", "generation_break", "legion", "forerunner",
        # clan mechanics (vanguard.md §10)
        "brave", "oracle", "rescue", "ritual", "unite", "revelation", "blaze", "afterimage",
        "dominate", "devour", "shadow_stitch", "thunderstrike", "rush", "burst", "lock",
        "delete", "charge", "darkness", "magia", "time_leap", "hollow", "harmony", "wave",
        "scheming", "success", "bloom", "shinken_hissatsu", "homare", "nitou_kaigan",
        "melody", "declare",
    }),
    attribute_values={
        "trigger": frozenset({"critical", "draw", "heal", "stand", "front", "over"}),
        "order_type": frozenset({"normal", "blitz", "set", "trigger"}),
        "gift": frozenset({"force", "accel", "protect"}),
        "format": frozenset({"standard", "premium"}),
    },
)

FFTCG = GameSchema(
    game="fftcg",
    stat_keys=("power",),
    card_types=("forward", "backup", "summon", "monster"),
    required_stats={"forward": ("power",)},
    required_attributes={
        "*": ("element",),
        "forward": ("job",),
        "backup": ("job",),
    },
    # The printed keyword abilities (fftcg.md §17); Freeze is an effect, "Damage N —" the ability key
    # `damage`, Party the `party_icon` flag and EX Burst the `ex_burst` flag (tabletop/games/fftcg/effects.py).
    keywords=frozenset({"brave", "haste", "first_strike", "back_attack"}),
    cost_required=("forward", "backup", "summon", "monster"),
    attribute_values={
        "element": frozenset({"fire", "ice", "wind", "earth", "lightning", "water", "light", "dark"}),
    },
)

YUGIOH = GameSchema(
    game="yugioh",
    stat_keys=("atk", "def", "level", "rank", "link", "scale"),
    card_types=(
        "normal_monster", "effect_monster", "ritual_monster", "fusion_monster",
        "synchro_monster", "xyz_monster", "link_monster", "spell", "trap", "token",
    ),
    required_stats={
        "normal_monster": ("atk", "def", "level"),
        "effect_monster": ("atk", "def", "level"),
        "ritual_monster": ("atk", "def", "level"),
        "fusion_monster": ("atk", "def", "level"),
        "synchro_monster": ("atk", "def", "level"),
        "xyz_monster": ("atk", "def", "rank"),
        "link_monster": ("atk", "link"),
    },
    required_attributes={
        "normal_monster": ("attribute", "race"),
        "effect_monster": ("attribute", "race"),
        "ritual_monster": ("attribute", "race"),
        "fusion_monster": ("attribute", "race"),
        "synchro_monster": ("attribute", "race"),
        "xyz_monster": ("attribute", "race"),
        "link_monster": ("attribute", "race", "link_arrows"),
        "spell": ("property",),
        "trap": ("property",),
    },
    keywords=frozenset({"tuner", "flip", "toon", "spirit", "union", "gemini", "pendulum", "piercing", "quick_effect"}),
    attribute_values={
        "attribute": frozenset({"light", "dark", "fire", "water", "earth", "wind", "divine"}),
        "property": frozenset({"normal", "quick_play", "continuous", "equip", "field", "ritual", "counter"}),
        "link_arrows": frozenset({"top_left", "top", "top_right", "left", "right", "bottom_left", "bottom", "bottom_right"}),
    },
)

GRAND_ARCHIVE = GameSchema(
    game="grand-archive",
    stat_keys=("level", "power", "life", "durability"),
    card_types=("champion", "ally", "weapon", "item", "domain", "phantasia", "action", "attack"),
    required_stats={"champion": ("level", "life"), "ally": ("power", "life")},
    required_attributes={"*": ("element", "cost_kind")},
    keywords=frozenset({
        "agility", "ambush", "brew", "champion_bonus", "class_bonus", "cleave", "critical",
        "divine_relic", "efficiency", "element_bonus", "empower", "floating_memory",
        "fast_activation", "foster", "hindered", "imbue", "immortality", "inherited_effect",
        "intercept", "kindle", "level_restriction", "lineage", "lineage_release", "link",
        "memory_restriction", "on_attack", "on_death", "on_enter", "on_foster", "on_hit",
        "on_kill", "on_leave", "prepare", "preserve", "pride", "ranged", "renewable",
        "reservable", "retort", "spellshroud", "starcalling", "steadfast", "stealth", "taunt",
        "true_sight", "unblockable", "vigor",
    }),
    attribute_values={
        "element": frozenset({"norm", "fire", "water", "wind", "arcane", "astra", "crux", "exia", "luxem", "neos", "tera", "umbra"}),
        "cost_kind": frozenset({"reserve", "memory"}),
        "supertypes": frozenset({"unique", "regalia"}),
        "speed": frozenset({"fast", "slow"}),
    },
)

DREADNOUGHT = GameSchema(
    game="dreadnought",
    stat_keys=("hp", "bp", "sp"),
    card_types=("caster", "unit", "code", "arms", "idol"),
    required_stats={"caster": ("hp",), "unit": ("bp", "sp"), "code": ("sp",), "arms": ("sp",), "idol": ("sp",)},
    required_attributes={"*": ("cluster",), "unit": ("size",)},
    keywords=frozenset({"rouse"}),
    attribute_values={
        "cluster": frozenset({"red", "blue", "green", "yellow", "black", "white", "all"}),
        "size": frozenset({"S", "M", "L"}),
        "timing": frozenset({"auto", "trigger", "ac", "re", "speed", "cast", "fast", "cost"}),
    },
)

SCHEMAS: dict[str, GameSchema] = {s.game: s for s in (VANGUARD, FFTCG, YUGIOH, GRAND_ARCHIVE, DREADNOUGHT)}
GAMES: tuple[str, ...] = tuple(SCHEMAS)
STAT_KEYS: dict[str, tuple[str, ...]] = {game: s.stat_keys for game, s in SCHEMAS.items()}
# Prefix of the ids of the cards bundled with the client, per game.
BUNDLED_ID_PREFIX: dict[str, str] = {
    "vanguard": "VG-", "fftcg": "FF-", "yugioh": "YG-", "grand-archive": "GA-", "dreadnought": "DN-",
}


def schema_for(game: str) -> GameSchema:
    """Return the schema of `game`; raises ValueError naming the known games otherwise."""
    try:
        return SCHEMAS[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r} (known: {', '.join(GAMES)})") from None


def card_from_mapping(game: str, mapping: Mapping[str, Any]) -> CardDefinition:
    """Build a CardDefinition with the game's stat keys; raises ValueError naming the field."""
    return CardDefinition.from_mapping(game, mapping, STAT_KEYS.get(game, ()))


def validate_card(game: str, mapping: Any) -> list[str]:
    """List every problem of a card mapping for `game` (empty when the card is well formed)."""
    schema = schema_for(game)
    if not isinstance(mapping, Mapping):
        return [f"a card must be a mapping, not {type(mapping).__name__}"]
    try:
        card = card_from_mapping(game, mapping)
    except ValueError as error:
        return [str(error)]
    label = f"card {card.id!r}"
    problems: list[str] = []
    if card.card_type not in schema.card_types:
        problems.append(f"{label}: type {card.card_type!r} is not a {game} card type ({', '.join(schema.card_types)})")
    for stat in schema.required_stats.get(card.card_type, ()):
        if stat not in card.stats:
            problems.append(f"{label}: a {card.card_type} needs the stat {stat!r}")
    if card.card_type in schema.cost_required and card.cost is None:
        problems.append(f"{label}: a {card.card_type} needs a 'cost'")
    wanted = list(schema.required_attributes.get("*", ())) + list(schema.required_attributes.get(card.card_type, ()))
    for need in wanted:
        options = need if isinstance(need, tuple) else (need,)
        # An empty list is a value (a Dreadnought card with a blank cluster prints none).
        if not any(card.attributes.get(name) not in (None, "") for name in options):
            problems.append(f"{label}: missing attribute {' or '.join(repr(o) for o in options)}")
    for name, allowed in schema.attribute_values.items():
        if name not in card.attributes:
            continue
        value = card.attributes[name]
        values = value if isinstance(value, list) else [value]
        for item in values:
            if not isinstance(item, str) or item not in allowed:
                problems.append(f"{label}: attribute {name!r} has {item!r}, expected one of {', '.join(sorted(allowed))}")
    for keyword in card.keywords:
        if keyword not in schema.keywords:
            problems.append(f"{label}: unknown {game} keyword {keyword!r}")
    if mapping.get("effects") is not None:  # checked against the game's effect vocabulary when the file is read
        problems += [f"{label}: {problem}" for problem in find_game(game).effect_problems(mapping)]
    return problems
