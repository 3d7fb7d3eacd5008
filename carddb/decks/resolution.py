"""Resolution of a deck list's card references against the card database."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from carddb.decks.deck_list import CardRef, DeckList
from tabletop.engine.cards import CardDefinition

# Looks a card up by id/code or by name; returns None when it does not know the card.
CardLookup = Callable[[str], "CardDefinition | None"]


@dataclass
class ResolvedDeck:
    """A deck whose entries are card definitions, ready for validation and play."""

    game: str
    name: str
    sections: dict[str, list[tuple[int, CardDefinition]]] = field(default_factory=dict)
    format: str | None = None

    def count(self, section: str | None = None) -> int:
        """Return the number of cards in `section`, or in the whole deck when None."""
        names = [section] if section is not None else list(self.sections)
        return sum(n for s in names for n, _ in self.sections.get(s, []))

    def cards(self, section: str | None = None) -> list[CardDefinition]:
        """Return one definition per physical card of `section` (or of the whole deck)."""
        names = [section] if section is not None else list(self.sections)
        return [card for s in names for n, card in self.sections.get(s, []) for _ in range(n)]

    def as_config_sections(self) -> dict[str, list[str]]:
        """Return section -> one card id per physical card, the shape of `GameConfig.decks`."""
        return {section: [card.id for card in self.cards(section)] for section in self.sections}

    def as_deck_list(self) -> DeckList:
        """Return the deck as a list whose references name each card by id and name."""
        deck = DeckList(game=self.game, name=self.name, format=self.format)
        for section, count, card in self.entries():
            deck.add(section, count, CardRef(name=card.name, code=card.id))
        return deck

    def entries(self) -> Iterator[tuple[str, int, CardDefinition]]:
        """Yield (section, count, definition) in deck order."""
        for section, entries in self.sections.items():
            for count, card in entries:
                yield section, count, card


@dataclass(frozen=True)
class UnknownCard:
    """A deck entry the lookup did not find."""

    section: str
    count: int
    ref: CardRef

    def describe(self) -> str:
        """Return a one-line message a player understands."""
        return f"unknown card {self.ref.label()!r} ({self.count}x in {self.section})"


class DeckResolution(NamedTuple):
    """The resolved deck and every reference that could not be resolved (never dropped in silence)."""

    deck: ResolvedDeck
    unknown: list[UnknownCard]


def resolve_deck(deck: DeckList, lookup: CardLookup) -> DeckResolution:
    """Resolve each reference by its code first, then by its name; collect the unknown ones."""
    resolved = ResolvedDeck(game=deck.game, name=deck.name, format=deck.format)
    unknown: list[UnknownCard] = []
    for section, count, ref in deck.entries():
        card = _find(ref, lookup)
        if card is None:
            unknown.append(UnknownCard(section, count, ref))
            continue
        entries = resolved.sections.setdefault(section, [])
        for index, (old_count, old_card) in enumerate(entries):
            if old_card.id == card.id:
                entries[index] = (old_count + count, old_card)
                break
        else:
            entries.append((count, card))
    return DeckResolution(resolved, unknown)


def _find(ref: CardRef, lookup: CardLookup) -> CardDefinition | None:
    for key in (ref.code, ref.name):
        if key:
            card = lookup(key)
            if card is not None:
                return card
    return None


def library_lookup(cards: list[CardDefinition] | tuple[CardDefinition, ...]) -> CardLookup:
    """Return a lookup over `cards` by id, by code attributes (passcode, number, uuid) and by name (case-insensitive)."""
    index: dict[str, CardDefinition] = {}
    for card in cards:
        index.setdefault(card.name.casefold(), card)
    for card in cards:
        for key in ("passcode", "number", "uuid", "octgn_id"):
            value = card.attributes.get(key)
            if value not in (None, ""):
                index[str(value).casefold()] = card
        index[card.id.casefold()] = card
    return lambda key: index.get(key.strip().casefold())
