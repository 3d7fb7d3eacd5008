"""Compile cards' printed text into their game's effects once, when they are imported or loaded, and keep it.

A card whose effects were written by hand is never compiled. A compiled card keeps the compiler's version in
`attributes[COMPILED_BY]` and the printed abilities that did not compile in `attributes[BY_HAND]`; a card stored
by an older compiler version is compiled again, and stored so, when its game's library is next read
(CardDatabase.library through `recompiled`).
"""
from __future__ import annotations

from collections.abc import Iterable

from tabletop.engine.cards import CardDefinition
from tabletop.engine.rules import GameRules
from tabletop.engine.text_compilation import COMPILED_BY
from tabletop.games import GAMES, find_game


def is_compiled_from_text(card: CardDefinition) -> bool:
    """Tell whether a card's effects came from compiling its text (not written by hand)."""
    return COMPILED_BY in card.attributes


def needs_compiling(card: CardDefinition, rules: GameRules, version: str | None) -> bool:
    """Tell whether a card is to be compiled: never compiled and without hand-written effects, or compiled by an
    older compiler version (`version`: the game's current one; None when the game has no compiler)."""
    if version is None:
        return False
    if is_compiled_from_text(card):
        return card.attributes[COMPILED_BY] != version
    return not card.effects


def compiler_version(rules: GameRules) -> str | None:
    """Return the version of a game's text compiler (None: the game has no compiler)."""
    probe = rules.compile_text(CardDefinition(id="probe", game=rules.id, name="", card_type=""))
    return None if probe is None else probe.compiler


def compiled_cards(cards: Iterable[CardDefinition]) -> list[CardDefinition]:
    """Return `cards` with each one that needs it compiled by its game's compiler (the others unchanged)."""
    games: dict[str, tuple[GameRules, str | None] | None] = {}
    result = []
    for card in cards:
        if card.game not in games:
            rules = find_game(card.game) if card.game in GAMES else None
            games[card.game] = None if rules is None else (rules, compiler_version(rules))
        known = games[card.game]
        if known is not None and needs_compiling(card, *known):
            compiled = known[0].compile_text(card)
            if compiled is not None:
                card = compiled.applied_to(card)
        result.append(card)
    return result


def recompiled(cards: Iterable[CardDefinition]) -> list[CardDefinition]:
    """Return `cards` with those compiled by an older compiler version compiled again (never-compiled cards are
    left as they are: only an import compiles a card the first time)."""
    cards = list(cards)
    stale = [card for card in cards if is_compiled_from_text(card)]
    if not stale:
        return cards
    fresh = {card.id: card for card in compiled_cards(stale)}
    return [fresh.get(card.id, card) for card in cards]

