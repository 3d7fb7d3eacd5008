"""Resolution of a deck list's card references against the card database."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from carddb.decks.deck_list import CardRef, DeckList
from carddb.external_ids import ExternalCode
from carddb.printings import is_same_card
from tabletop.engine.cards import CardDefinition

# Looks a card up by id/code or by name; returns None when it does not know the card. It raises
# AmbiguousName for a name several different cards bear, NotACard for an entry that is no card.
CardLookup = Callable[[str], "CardDefinition | None"]


class AmbiguousName(LookupError):
    """A name that several different cards (not printings of one card) bear; `codes` lists one code each."""

    def __init__(self, name: str, codes: tuple[str, ...]) -> None:
        self.name = name
        self.codes = codes
        super().__init__(f"{len(codes)} different cards are named {name!r} ({', '.join(codes)})")


class NotACard(LookupError):
    """An id that names an entry of a card file that is no card (a Vanguard rules entry); `label` is its name."""

    def __init__(self, key: str, label: str) -> None:
        self.key = key
        self.label = label
        super().__init__(f"{key!r} is {label or 'an entry'} of the card file, not a card")


@dataclass
class ResolvedDeck:
    """A deck whose entries are card definitions, ready for validation and play."""

    game: str
    name: str
    sections: dict[str, list[tuple[int, CardDefinition]]] = field(default_factory=dict)
    format: str | None = None
    # What resolution left out and the player should read (an entry that is no card, dropped).
    notes: list[str] = field(default_factory=list)

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
    """A deck entry the lookup did not find, or found several different cards for (`choices`, one code each)."""

    section: str
    count: int
    ref: CardRef
    choices: tuple[str, ...] = ()

    def describe(self) -> str:
        """Return a one-line message a player understands."""
        where = f"({self.count}x in {self.section})"
        if self.choices:
            return (f"{self.ref.label()!r} {where} is ambiguous: {len(self.choices)} different cards have that "
                    f"name ({', '.join(self.choices)}); name the card by its code")
        return f"unknown card {self.ref.label()!r} {where}"


class DeckResolution(NamedTuple):
    """The resolved deck and every reference that could not be resolved (never dropped in silence)."""

    deck: ResolvedDeck
    unknown: list[UnknownCard]


def resolve_deck(deck: DeckList, lookup: CardLookup) -> DeckResolution:
    """Resolve each reference by its codes first, then by its name; collect the unknown and ambiguous ones.

    An entry that is no card (NotACard: a rules entry a Vanguard deck lists) is left out and noted.
    """
    resolved = ResolvedDeck(game=deck.game, name=deck.name, format=deck.format)
    unknown: list[UnknownCard] = []
    for section, count, ref in deck.entries():
        try:
            card = _find(ref, lookup)
        except AmbiguousName as error:
            unknown.append(UnknownCard(section, count, ref, error.codes))
            continue
        except NotACard as error:
            resolved.notes.append(
                f"left out {ref.label()!r} ({count}x in {section}): it is {error.label or 'an entry'} "
                "of the card file, not a card")
            continue
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
    for key in (ref.code, *ref.other_codes, ref.name):
        if key:
            card = lookup(key)
            if card is not None:
                return card
    return None


class CardIndex:
    """A CardLookup over a list of cards: by id, by code attributes (passcode, number, uuid, octgn_id), by
    other programs' ids (carddb.external_ids), and by name, case-insensitively.

    A name several different cards bear raises AmbiguousName, never picks one; printings of one card
    (carddb.printings.is_same_card, or a reprint numbered `X/Y` with the card `Y`) count once, the first
    listed standing for them (the card's own number for a renumbered reprint).
    """

    CODE_ATTRIBUTES = ("passcode", "number", "uuid", "octgn_id")

    def __init__(self, cards: Iterable[CardDefinition], external: Mapping[str, ExternalCode] | None = None) -> None:
        unique: dict[str, CardDefinition] = {}
        for card in cards:
            unique.setdefault(card.id, card)   # the first listed of one id wins (the player's own printing)
        self._codes: dict[str, CardDefinition] = {}
        self._names: dict[str, list[CardDefinition]] = {}
        for card in unique.values():
            same_name = self._names.setdefault(card.name.casefold(), [])
            for index, other in enumerate(same_name):
                if _is_renumbered(other, card):   # the card's own number stands for its renumbered reprint
                    same_name[index] = card
                    break
                if is_same_card(card, other) or _is_renumbered(card, other):
                    break
            else:
                same_name.append(card)
            for attribute in self.CODE_ATTRIBUTES:
                value = card.attributes.get(attribute)
                if value not in (None, ""):
                    self._codes[str(value).casefold()] = card
        for card in unique.values():
            self._codes[card.id.casefold()] = card
        self._external = dict(external or {})

    def __call__(self, key: str) -> CardDefinition | None:
        """Return the card `key` names; raises AmbiguousName or NotACard (see CardLookup)."""
        wanted = key.strip().casefold()
        card = self._codes.get(wanted)
        if card is not None:
            return card
        other = self._external.get(wanted)
        if other is not None:
            if other.code is None:
                raise NotACard(key, other.label)
            card = self._codes.get(other.code.casefold())
            if card is not None:
                return card
        named = self._names.get(wanted, [])
        if len(named) > 1:
            raise AmbiguousName(key.strip(), tuple(card.id for card in named))
        return named[0] if named else None


def _is_renumbered(card: CardDefinition, other: CardDefinition) -> bool:
    """Tell whether `card`'s number ends with `other`'s: a reprint numbered both ways (FFTCG `Re-094C/11-136S`)."""
    return "/" in card.id and card.id.rsplit("/", 1)[1] == other.id


def library_lookup(
    cards: Iterable[CardDefinition], external: Mapping[str, ExternalCode] | None = None
) -> CardLookup:
    """Return a CardIndex over `cards` (and other programs' ids `external`): see CardIndex."""
    return CardIndex(cards, external)
