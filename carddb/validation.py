"""Deck construction rules of each game: sizes, copy limits, trigger counts and side decks.

Each message cites the rule of the game's digest (/work/shared/rules/<game>.md, section
"Deck construction") and says what this deck has, e.g.
`FFTCG 2.1: a Constructed deck has exactly 50 cards (this one has 48)`.
The client refuses to start a game with a deck that has any message (vanguard.md 2.6).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from carddb.decks.deck_list import CASTERS, EXTRA, G_DECK, MAIN, MATERIAL, RIDE, SIDE
from carddb.decks.resolution import ResolvedDeck
from tabletop.engine.cards import CardDefinition
from tabletop.games.dreadnought.construction import clusters


@dataclass(frozen=True)
class Regulation:
    """The event rules a deck is checked against, beyond the printed game rules."""

    # vanguard: "standard" | "premium"; fftcg: "constructed" | "limited"; None = the deck's own or the default
    format: str | None = None
    # vanguard.md 2.2: D-series counts the ride deck in the 50, the 2024 JP rules keep it apart.
    ride_deck_counts_toward_main: bool = True
    # vanguard.md 2.1: Standard's limit per Critical/Draw/Front trigger (2024 JP fighters' rule); None = no limit.
    standard_trigger_type_limit: int | None = 8
    # yugioh.md 2.5: the Forbidden & Limited list as data, card name -> copies allowed (0, 1 or 2).
    limits: Mapping[str, int] = field(default_factory=dict)
    # the name of that list, said in every problem it finds ("2026.7"); "" when the limits have no name
    banlist: str = ""


DEFAULT_FORMAT: dict[str, str] = {"vanguard": "standard", "fftcg": "constructed"}


def validate_deck(deck: ResolvedDeck, regulation: Regulation | None = None) -> list[str]:
    """List every construction rule the deck breaks (empty when the deck is legal)."""
    regulation = regulation or Regulation()
    checker = _CHECKERS.get(deck.game)
    if checker is None:
        return [f"no deck construction rules are known for the game {deck.game!r}"]
    fmt = (regulation.format or deck.format or DEFAULT_FORMAT.get(deck.game, "")).lower()
    return checker(deck, fmt, regulation)


def deck_problems(game: str, sections: Mapping[str, Sequence[str]], cards: Iterable[CardDefinition],
                  format: str | None = None, regulation: Regulation | None = None) -> list[str]:
    """List the construction rules a deck given as card ids per section breaks (a game starts only without any).

    A game without construction rules (the freeform table) has none to break.
    """
    if game not in _CHECKERS:
        return []
    by_id = {card.id: card for card in cards}
    resolved = ResolvedDeck(game, "deck", format=format or None)
    for section, ids in sections.items():
        counts = Counter(ids)
        resolved.sections[section] = [(count, by_id[card_id]) for card_id, count in counts.items() if card_id in by_id]
    return validate_deck(resolved, regulation)


def is_legal(deck: ResolvedDeck, regulation: Regulation | None = None) -> bool:
    """Tell whether the deck breaks no construction rule."""
    return not validate_deck(deck, regulation)


def _kind(card: CardDefinition) -> str:
    """Return the card type in snake_case: importers write "trigger unit", bundled sets "trigger_unit"."""
    return card.card_type.strip().lower().replace(" ", "_").replace("-", "_")


def _types(card: CardDefinition) -> set[str]:
    """Return the lower-case type words of a card (YGOPro and Grand Archive importers keep them in `types`)."""
    raw = card.attributes.get("types") or []
    words = {str(t).lower() for t in raw} if isinstance(raw, (list, tuple)) else {str(raw).lower()}
    return words | {_kind(card)}


def _sections(deck: ResolvedDeck, rule: str, allowed: Iterable[str], what: str) -> list[str]:
    allowed = tuple(allowed)
    return [
        f"{rule}: a {what} has no {section!r} section (it has {', '.join(allowed)})"
        for section in deck.sections
        if section not in allowed and deck.count(section)
    ]


def _copies(cards: Iterable[CardDefinition], key: Callable[[CardDefinition], str], limit_of: Callable[[str], int],
            rule: str, what: str = "name") -> list[str]:
    counts = Counter(key(card) for card in cards)
    return [
        f"{rule}: at most {limit_of(name)} {'copy' if limit_of(name) == 1 else 'copies'} of the same {what} "
        f"({name!r} has {count})"
        for name, count in counts.items()
        if count > limit_of(name)
    ]


# --- Cardfight!! Vanguard (vanguard.md §2) ---------------------------------------------------

def _vanguard(deck: ResolvedDeck, fmt: str, regulation: Regulation) -> list[str]:
    if fmt not in ("standard", "premium"):
        return [f"Vanguard 2: unknown format {fmt!r} (standard or premium)"]
    problems: list[str] = []
    label = fmt.capitalize()
    if fmt == "standard":
        problems += _sections(deck, "Vanguard 2.2", (MAIN, RIDE), "Standard deck")
        ride = deck.cards(RIDE)
        grades = sorted(card.stat("grade", -1) for card in ride)
        if grades != [0, 1, 2, 3]:
            problems.append(
                "Vanguard 2.2: a Standard ride deck is one grade 0, one grade 1, one grade 2 and one grade 3 "
                f"(this one has grades {', '.join(map(str, grades)) or 'none'})"
            )
        pool = deck.cards(MAIN) + (ride if regulation.ride_deck_counts_toward_main else [])
        if len(pool) != 50:
            counted = " including the ride deck" if regulation.ride_deck_counts_toward_main else ""
            problems.append(f"Vanguard 2.1: a Standard deck has exactly 50 cards{counted} (this one has {len(pool)})")
        for card in deck.cards(MAIN) + ride:
            if _kind(card) == "g_unit":
                problems.append(f"Vanguard 2.3: G units belong to Premium G decks; {card.name!r} cannot be in a Standard deck")
                break
    else:
        problems += _sections(deck, "Vanguard 2.3", (MAIN, G_DECK), "Premium deck")
        pool = deck.cards(MAIN)
        if len(pool) != 50:
            problems.append(f"Vanguard 2.1: a Premium main deck has exactly 50 cards (this one has {len(pool)})")
        g_deck = deck.cards(G_DECK)
        if len(g_deck) > 16:
            problems.append(f"Vanguard 2.3: a G deck has at most 16 G units (this one has {len(g_deck)})")
        for card in g_deck:
            if _kind(card) != "g_unit":
                problems.append(f"Vanguard 2.3: only G units go in the G deck ({card.name!r} is a {_kind(card).replace('_', ' ')})")
        for card in pool:
            if _kind(card) == "g_unit":
                problems.append(f"Vanguard 2.3: G units go in the G deck, not the main deck ({card.name!r})")
        if not any(card.stat("grade", -1) == 0 and _kind(card).endswith("unit") and _kind(card) != "g_unit" for card in pool):
            problems.append("Vanguard 4.1: a Premium deck needs a grade 0 unit to be the first vanguard")
    triggers = [card for card in pool if card.attributes.get("trigger")]
    if len(triggers) != 16:
        problems.append(f"Vanguard 2.1: a deck has exactly 16 trigger units (this one has {len(triggers)})")
    by_trigger = Counter(str(card.attributes["trigger"]) for card in triggers)
    if by_trigger["heal"] > 4:
        problems.append(f"Vanguard 2.1: at most 4 Heal triggers (this deck has {by_trigger['heal']})")
    if by_trigger["over"] > 1:
        problems.append(f"Vanguard 2.1: at most 1 Over trigger (this deck has {by_trigger['over']})")
    limit = regulation.standard_trigger_type_limit
    if fmt == "standard" and limit is not None:
        for kind in ("critical", "draw", "front"):
            if by_trigger[kind] > limit:
                problems.append(f"Vanguard 2.1: a {label} deck has at most {limit} {kind.capitalize()} triggers (this one has {by_trigger[kind]})")
    sentinels = sum(1 for card in pool if card.has_keyword("sentinel"))
    if sentinels > 4:
        problems.append(f"Vanguard 2.1: at most 4 Sentinel cards (this deck has {sentinels})")
    problems += _copies(pool + deck.cards(G_DECK), lambda c: c.name, lambda _: 4, "Vanguard 2.1")
    return problems


# --- Final Fantasy TCG (fftcg.md §2) ---------------------------------------------------------

def _fftcg(deck: ResolvedDeck, fmt: str, regulation: Regulation) -> list[str]:
    problems = _sections(deck, "FFTCG 2.1", (MAIN,), "FFTCG deck")
    cards = deck.cards(MAIN)
    if fmt == "constructed":
        if len(cards) != 50:
            problems.append(f"FFTCG 2.1: a Constructed deck has exactly 50 cards (this one has {len(cards)})")
        problems += _copies(cards, lambda c: str(c.attributes.get("number") or c.id), lambda _: 3,
                            "FFTCG 2.1", "card number")
    elif fmt == "limited":
        if len(cards) < 40:
            problems.append(f"FFTCG 2.2: a Limited deck has at least 40 cards (this one has {len(cards)})")
    else:
        problems.append(f"FFTCG 2: unknown format {fmt!r} (constructed or limited)")
    return problems


# --- Yu-Gi-Oh! (yugioh.md §2) ----------------------------------------------------------------

EXTRA_DECK_TYPES = frozenset({"fusion_monster", "synchro_monster", "xyz_monster", "link_monster"})
_EXTRA_DECK_WORDS = frozenset({"fusion", "synchro", "xyz", "link"})


def _is_extra_deck_monster(card: CardDefinition) -> bool:
    # Bundled cards say "fusion_monster"; the YGOPro importer says "monster" with types [..., "fusion"].
    types = _types(card)
    return bool(types & EXTRA_DECK_TYPES) or ("monster" in types and bool(types & _EXTRA_DECK_WORDS))


def _is_token(card: CardDefinition) -> bool:
    return "token" in _types(card)


def _yugioh(deck: ResolvedDeck, fmt: str, regulation: Regulation) -> list[str]:
    problems = _sections(deck, "Yu-Gi-Oh! 2", (MAIN, EXTRA, SIDE), "Yu-Gi-Oh! deck")
    main, extra, side = deck.cards(MAIN), deck.cards(EXTRA), deck.cards(SIDE)
    if not 40 <= len(main) <= 60:
        problems.append(f"Yu-Gi-Oh! 2.1: the Main Deck has 40 to 60 cards (this one has {len(main)})")
    if len(extra) > 15:
        problems.append(f"Yu-Gi-Oh! 2.2: the Extra Deck has at most 15 cards (this one has {len(extra)})")
    if len(side) > 15:
        problems.append(f"Yu-Gi-Oh! 2.3: the Side Deck has at most 15 cards (this one has {len(side)})")
    for card in {c.id: c for c in main}.values():
        if _is_extra_deck_monster(card):
            problems.append(f"Yu-Gi-Oh! 2.1: {card.name!r} is an Extra Deck monster and cannot be in the Main Deck")
    for card in {c.id: c for c in extra}.values():
        if not _is_extra_deck_monster(card):
            problems.append(f"Yu-Gi-Oh! 2.2: only Fusion, Synchro, Xyz and Link Monsters go in the Extra Deck ({card.name!r})")
    for card in {c.id: c for c in main + extra + side}.values():
        if _is_token(card):
            problems.append(f"Yu-Gi-Oh! 2.4: Tokens can never be in a deck ({card.name!r})")

    def limit_of(name: str) -> int:
        return min(3, regulation.limits.get(name, 3))

    # yugioh.md 2.6: a card "always treated as X" shares X's limit.
    def name_of(card: CardDefinition) -> str:
        return str(card.attributes.get("treated_as") or card.name)

    rule = f"Yu-Gi-Oh! 2.5 (Forbidden & Limited list {regulation.banlist!r})" if regulation.banlist else "Yu-Gi-Oh! 2.5"
    cards = main + extra + side
    forbidden = sorted({name_of(c) for c in cards if limit_of(name_of(c)) == 0})
    problems += [f"{rule}: {name!r} is Forbidden" for name in forbidden]
    return problems + _copies([c for c in cards if name_of(c) not in forbidden], name_of, limit_of, rule)


# --- Grand Archive (grand-archive.md §2) ------------------------------------------------------

def _is_material_card(card: CardDefinition) -> bool:
    # Bundled cards list supertypes; the Grand Archive importer keeps every type word in `types`.
    supertypes = {str(s).lower() for s in card.attributes.get("supertypes") or []}
    words = _types(card) | supertypes
    return "champion" in words or "regalia" in words or card.attributes.get("cost_kind") == "memory"


def _grand_archive(deck: ResolvedDeck, fmt: str, regulation: Regulation) -> list[str]:
    problems = _sections(deck, "Grand Archive 2", (MAIN, MATERIAL, SIDE), "Grand Archive deck")
    main, material, side = deck.cards(MAIN), deck.cards(MATERIAL), deck.cards(SIDE)
    if len(main) < 60:
        problems.append(f"Grand Archive 2.1: the main deck has at least 60 cards (this one has {len(main)})")
    problems += _copies(main, lambda c: c.name, lambda _: 4, "Grand Archive 2.1")
    if len(material) > 12:
        problems.append(f"Grand Archive 2.2: the material deck has at most 12 cards (this one has {len(material)})")
    problems += _copies(material, lambda c: c.name, lambda _: 1, "Grand Archive 2.2")
    if not any("champion" in _types(card) and card.stat("level", -1) == 0 for card in material):
        problems.append("Grand Archive 2.2: the material deck needs at least one Level 0 champion")
    for card in {c.id: c for c in main}.values():
        if _is_material_card(card):
            problems.append(f"Grand Archive 2.2: champions and regalia start in the material deck, not the main deck ({card.name!r})")
    for card in {c.id: c for c in material}.values():
        if not _is_material_card(card):
            problems.append(f"Grand Archive 2.2: only champions and regalia go in the material deck ({card.name!r})")
    relics = sum(1 for card in material if card.has_keyword("divine_relic"))
    if relics > 1:
        problems.append(f"Grand Archive 2.3: the material deck may hold only one Divine Relic (this one has {relics})")
    if len(side) > 15:
        problems.append(f"Grand Archive 2.4: the sideboard has at most 15 cards (this one has {len(side)})")
    points = sum(3 if _is_material_card(card) else 1 for card in side)
    if points > 15:
        problems.append(f"Grand Archive 2.4: the sideboard is worth at most 15 points (this one is worth {points})")
    return problems


# --- DreadNought (dreadnought.md §2) ----------------------------------------------------------

_clusters = clusters  # the cluster symbols a card shows, read as the rules read them

DREADNOUGHT_DECK_TYPES = frozenset({"unit", "code", "arms", "idol"})


def _dreadnought(deck: ResolvedDeck, fmt: str, regulation: Regulation) -> list[str]:
    problems = _sections(deck, "DreadNought 2", (MAIN, CASTERS), "DreadNought deck")
    casters, main = deck.cards(CASTERS), deck.cards(MAIN)
    if len(casters) != 2:
        problems.append(f"DreadNought 2.1: a player brings exactly 2 casters (this deck has {len(casters)})")
    elif casters[0].name == casters[1].name:
        problems.append(f"DreadNought 2.1: the two casters have different names (both are {casters[0].name!r})")
    for card in {c.id: c for c in casters}.values():
        if _kind(card) != "caster":
            problems.append(f"DreadNought 2.1: {card.name!r} is not a caster")
    if len(main) != 50:
        problems.append(f"DreadNought 2.2: the deck has exactly 50 cards (this one has {len(main)})")
    for card in {c.id: c for c in main}.values():
        if _kind(card) not in DREADNOUGHT_DECK_TYPES:
            problems.append(f"DreadNought 2.2: the deck holds units, codes, arms and idols only ({card.name!r} is a {card.card_type})")
    by_name = {str(card.attributes.get("base_name") or card.name): card for card in main}

    def limit_of(name: str) -> int:
        # dreadnought.md 2.2: a card's own deck construction ability may raise the limit.
        return int(by_name[name].attributes.get("copy_limit", 4))

    problems += _copies(main, lambda c: str(c.attributes.get("base_name") or c.name), limit_of, "DreadNought 2.2")
    allowed = Counter(colour for caster in casters for colour in _clusters(caster))
    for card in {c.id: c for c in main}.values():
        symbols = Counter(c for c in _clusters(card) if c != "all")
        if "all" in _clusters(card):
            continue
        for colour, count in symbols.items():
            if count > allowed[colour]:
                problems.append(
                    f"DreadNought 2.3: {card.name!r} shows {count} {colour} cluster symbol(s) but the casters allow {allowed[colour]}"
                )
    return problems


_CHECKERS: dict[str, Callable[[ResolvedDeck, str, Regulation], list[str]]] = {
    "vanguard": _vanguard,
    "fftcg": _fftcg,
    "yugioh": _yugioh,
    "grand-archive": _grand_archive,
    "dreadnought": _dreadnought,
}


# --- Where a card goes --------------------------------------------------------------------------

def home_section(card: CardDefinition) -> str:
    """Return the deck section a card belongs in by its game's construction rules (main for most cards).

    Yu-Gi-Oh! 2.2 Extra Deck monsters, Grand Archive 2.2 champions and regalia, Vanguard 2.3
    G units and DreadNought 2.1 casters have their own sections.
    """
    if card.game == "yugioh" and _is_extra_deck_monster(card):
        return EXTRA
    if card.game == "grand-archive" and _is_material_card(card):
        return MATERIAL
    if card.game == "vanguard" and _kind(card) == "g_unit":
        return G_DECK
    if card.game == "dreadnought" and _kind(card) == "caster":
        return CASTERS
    return MAIN
