"""Frame and accent colours of card faces, per game and per element, clan, attribute or cluster."""
from __future__ import annotations

import hashlib
from collections.abc import Mapping

from tabletop.engine.cards import CardDefinition

RGB = tuple[int, int, int]

GAME_COLOURS: dict[str, RGB] = {
    "vanguard": (28, 44, 92),
    "fftcg": (70, 70, 78),
    "yugioh": (112, 74, 38),
    "grand-archive": (84, 72, 48),
    "dreadnought": (46, 46, 52),
}

FFTCG_ELEMENTS: dict[str, RGB] = {
    "fire": (196, 48, 40), "ice": (110, 190, 225), "wind": (58, 160, 78), "earth": (196, 166, 52),
    "lightning": (132, 66, 168), "water": (40, 96, 196), "light": (232, 228, 210), "dark": (44, 34, 56),
}

GA_ELEMENTS: dict[str, RGB] = {
    "norm": (150, 146, 136), "fire": (196, 60, 40), "water": (44, 104, 196), "wind": (62, 162, 96),
    "arcane": (96, 128, 210), "astra": (44, 52, 116), "crux": (214, 190, 112), "exia": (84, 190, 180),
    "luxem": (236, 212, 120), "neos": (150, 84, 196), "tera": (136, 98, 58), "umbra": (62, 42, 74),
}

YUGIOH_FRAMES: dict[str, RGB] = {
    "normal_monster": (214, 176, 96), "effect_monster": (206, 118, 60), "ritual_monster": (92, 138, 206),
    "fusion_monster": (142, 86, 170), "synchro_monster": (226, 226, 226), "xyz_monster": (40, 40, 44),
    "link_monster": (40, 90, 160), "spell": (30, 146, 126), "trap": (176, 52, 120), "token": (150, 150, 150),
}

YUGIOH_ATTRIBUTES: dict[str, RGB] = {
    "light": (232, 206, 90), "dark": (92, 48, 120), "fire": (206, 60, 40), "water": (50, 110, 200),
    "earth": (130, 96, 60), "wind": (70, 170, 90), "divine": (214, 170, 40),
}

VANGUARD_GROUPS: dict[str, RGB] = {
    # D-series nations
    "keter sanctuary": (216, 180, 70), "dragon empire": (190, 50, 40), "dark states": (96, 56, 130),
    "brandt gate": (90, 110, 130), "stoicheia": (60, 150, 80), "lyrical monasterio": (220, 120, 170),
    # clans (vanguard.md §10)
    "royal paladin": (60, 110, 200), "oracle think tank": (220, 190, 70), "angel feather": (230, 140, 170),
    "shadow paladin": (60, 40, 90), "gold paladin": (214, 170, 50), "genesis": (200, 180, 230),
    "kagero": (200, 60, 40), "nubatama": (80, 60, 110), "tachikaze": (120, 100, 60), "murakumo": (90, 90, 140),
    "narukami": (230, 200, 60), "nova grappler": (230, 130, 40), "dimension police": (60, 170, 200),
    "link joker": (150, 40, 80), "spike brothers": (180, 80, 40), "dark irregulars": (120, 40, 120),
    "pale moon": (170, 80, 160), "gear chronicle": (170, 140, 90), "granblue": (40, 120, 110),
    "bermuda triangle": (100, 180, 230), "aqua force": (30, 90, 180), "megacolony": (110, 90, 60),
    "great nature": (110, 170, 60), "neo nectar": (130, 200, 90), "touken ranbu": (150, 40, 50),
}

VANGUARD_TRIGGERS: dict[str, RGB] = {
    "critical": (230, 200, 60), "draw": (60, 140, 220), "heal": (80, 190, 110), "stand": (230, 140, 40),
    "front": (210, 70, 60), "over": (150, 90, 200),
}

DREADNOUGHT_CLUSTERS: dict[str, RGB] = {
    "red": (196, 52, 44), "blue": (44, 96, 196), "green": (60, 156, 72), "yellow": (214, 182, 52),
    "black": (40, 40, 44), "white": (226, 226, 220), "all": (150, 110, 190),
}

NEUTRAL: RGB = (150, 150, 150)


def stable_colour(label: str) -> RGB:
    """Return a mid-tone colour derived from `label`, the same on every run (for unknown clans)."""
    digest = hashlib.sha1(label.casefold().encode("utf-8")).digest()
    return (60 + digest[0] % 140, 60 + digest[1] % 140, 60 + digest[2] % 140)


def _first(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return str(value[0]).lower() if value else ""
    return str(value or "").lower()


def _lookup(table: Mapping[str, RGB], label: str) -> RGB:
    return table.get(label) or (stable_colour(label) if label else NEUTRAL)


def frame_colour(card: CardDefinition) -> RGB:
    """Return the colour of the card's outer frame."""
    attrs = card.attributes
    if card.game == "fftcg":
        return _lookup(FFTCG_ELEMENTS, _first(attrs.get("element")))
    if card.game == "yugioh":
        return YUGIOH_FRAMES.get(card.card_type, GAME_COLOURS["yugioh"])
    if card.game == "grand-archive":
        return _lookup(GA_ELEMENTS, _first(attrs.get("element")))
    if card.game == "dreadnought":
        return _lookup(DREADNOUGHT_CLUSTERS, _first(attrs.get("cluster")))
    if card.game == "vanguard":
        if card.card_type == "trigger_unit":
            return (214, 178, 52)  # yellow frame (vanguard.md 9.1)
        if card.card_type == "g_unit":
            return (40, 140, 80) if card.has_keyword("g_guardian") else (176, 40, 40)
        return (34, 34, 40)
    return GAME_COLOURS.get(card.game, NEUTRAL)


def accent_colour(card: CardDefinition) -> RGB:
    """Return the colour of the name bar: clan/nation, second element, attribute or cluster."""
    attrs = card.attributes
    if card.game == "vanguard":
        return _lookup(VANGUARD_GROUPS, _first(attrs.get("clan") or attrs.get("nation")))
    if card.game == "fftcg":
        elements = attrs.get("element")
        if isinstance(elements, (list, tuple)) and len(elements) > 1:
            return _lookup(FFTCG_ELEMENTS, str(elements[1]).lower())
        return frame_colour(card)
    if card.game == "yugioh":
        if card.card_type in ("spell", "trap"):
            return frame_colour(card)
        return _lookup(YUGIOH_ATTRIBUTES, _first(attrs.get("attribute")))
    if card.game == "dreadnought":
        clusters = attrs.get("cluster") or []
        if isinstance(clusters, (list, tuple)) and len(clusters) > 1:
            return _lookup(DREADNOUGHT_CLUSTERS, str(clusters[1]).lower())
    return frame_colour(card)


def trigger_colour(trigger: str) -> RGB:
    """Return the colour of a Vanguard trigger icon."""
    return _lookup(VANGUARD_TRIGGERS, trigger.lower())


def ink_for(background: RGB) -> RGB:
    """Return black or white, whichever reads better on `background`."""
    r, g, b = background
    return (20, 20, 20) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (250, 250, 250)


def mix(colour: RGB, other: RGB, amount: float) -> RGB:
    """Blend `amount` (0–1) of `other` into `colour`."""
    return tuple(round(a + (b - a) * amount) for a, b in zip(colour, other))  # type: ignore[return-value]
