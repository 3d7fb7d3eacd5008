"""DeckDraft: the deck being edited — its sections of (count, card), legality, numbers and file form.

No Qt here: the editor window shows a draft and changes it only through these methods, so the
tests and the window agree on what a deck is. Legality is carddb.validation's, the checker a
game start uses (a Yu-Gi-Oh! Forbidden & Limited list through carddb.banlist); the numbers are
tabletop.ai.goldfish's, the ones `tabletop goldfish` prints.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from carddb.banlist import BanList, regulation_of
from carddb.decks.deck_list import CASTERS, EXTRA, G_DECK, MAIN, MATERIAL, RIDE, SIDE, CardRef, DeckList
from carddb.decks.plain_text import SECTION_LABELS
from carddb.decks.resolution import ResolvedDeck
from carddb.validation import Regulation, deck_problems, home_section
from tabletop.ai.goldfish import Finding, OddsRow, deck_findings, odds_table, schedule_for
from tabletop.engine.cards import CardDefinition

# The sections each game's editor shows, in the order players write them.
GAME_SECTIONS: dict[str, tuple[str, ...]] = {
    "yugioh": (MAIN, EXTRA, SIDE),
    "vanguard": (RIDE, MAIN, G_DECK),
    "fftcg": (MAIN,),
    "grand-archive": (MATERIAL, MAIN, SIDE),
    "dreadnought": (CASTERS, MAIN),
}
_QUOTED = re.compile(r"'([^']+)'|\"([^\"]+)\"")
# How many shuffles each simulated goldfish question gets in the editor (the CLI's default is 20,000).
EDITOR_TRIALS = 4000


def sections_of(game: str) -> tuple[str, ...]:
    """Return the sections the editor shows for a game (just the main deck for a game without rules)."""
    return GAME_SECTIONS.get(game, (MAIN,))


def section_label(section: str, game: str = "") -> str:
    """Return how a section is titled in a game (`Main Deck`, `G Deck`, Grand Archive's `Sideboard`…)."""
    if game == "grand-archive" and section == SIDE:
        return "Sideboard"
    return SECTION_LABELS.get(section, section.capitalize())


@dataclass(frozen=True)
class Problem:
    """One construction rule the deck breaks: the rule cited, the whole message, the cards named."""

    rule: str
    message: str
    cards: tuple[str, ...]


def problem_from_message(message: str, names: Iterable[str]) -> Problem:
    """Split a validation message (`Rule 2.1: what is wrong`) into its rule and the deck's cards it names."""
    rule, _, _ = message.partition(": ")
    known = set(names)
    quoted = [a or b for a, b in _QUOTED.findall(message)]
    return Problem(rule, message, tuple(dict.fromkeys(name for name in quoted if name in known)))


@dataclass
class DeckDraft:
    """A deck under construction: game, name, format and per-section ordered (count, card) entries."""

    game: str
    name: str = "New deck"
    format: str = ""
    sections: dict[str, list[tuple[int, CardDefinition]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for section in sections_of(self.game):
            self.sections.setdefault(section, [])

    # -- changing ---------------------------------------------------------------------------------
    def add(self, card: CardDefinition, section: str | None = None, count: int = 1) -> str:
        """Add `count` copies of a card to a section (its home section when None); return the section."""
        section = section or home_section(card)
        entries = self.sections.setdefault(section, [])
        for index, (old, known) in enumerate(entries):
            if known.id == card.id:
                entries[index] = (old + count, known)
                return section
        entries.append((count, card))
        return section

    def remove(self, card_id: str, section: str, count: int = 1) -> None:
        """Take `count` copies of a card out of a section; the entry goes when none are left."""
        entries = self.sections.get(section, [])
        for index, (old, card) in enumerate(entries):
            if card.id == card_id:
                if old > count:
                    entries[index] = (old - count, card)
                else:
                    del entries[index]
                return

    # -- reading ----------------------------------------------------------------------------------
    def count(self, section: str | None = None) -> int:
        """Return how many cards a section (or the whole deck) holds."""
        names = [section] if section is not None else list(self.sections)
        return sum(n for s in names for n, _ in self.sections.get(s, []))

    def copies(self, card_id: str, section: str) -> int:
        """Return how many copies of a card a section holds."""
        return sum(n for n, card in self.sections.get(section, []) if card.id == card_id)

    def cards(self, section: str | None = None) -> list[CardDefinition]:
        """Return one definition per physical card of a section (or of the whole deck)."""
        names = [section] if section is not None else list(self.sections)
        return [card for s in names for n, card in self.sections.get(s, []) for _ in range(n)]

    def resolved(self) -> ResolvedDeck:
        """Return the draft as the resolved deck the construction checker reads."""
        filled = {s: list(entries) for s, entries in self.sections.items() if entries}
        return ResolvedDeck(game=self.game, name=self.name, sections=filled, format=self.format or None)

    def regulation(self, banlist: BanList | None = None) -> Regulation | None:
        """Return what the draft is checked against beyond the printed rules: a Yu-Gi-Oh! Forbidden & Limited list's
        limits by the names of the draft's cards (carddb.banlist.regulation_of, as the New Game dialog and `tabletop
        simulate --banlist` build it: an alternate artwork shares its original's limit, a whitelist list forbids every
        card it does not name); None without a list."""
        return regulation_of(banlist, self.cards(), self.format or None) if banlist is not None else None

    def problems(self, regulation: Regulation | None = None) -> list[Problem]:
        """Return each construction rule the deck breaks, with the cards named; [] when it is legal.

        The check is carddb.validation.deck_problems, the one a game start and `tabletop simulate` use.
        """
        cards = self.cards()
        messages = deck_problems(self.game, self.config_sections(), cards, self.format or None, regulation)
        return [problem_from_message(message, {card.name for card in cards}) for message in messages]

    def as_deck_list(self) -> DeckList:
        """Return the draft as a deck list naming each card by name and the code players' files use
        (YGOPro passcode, Grand Archive uuid), else its id — what the writers take."""
        deck = DeckList(game=self.game, name=self.name, format=self.format or None)
        for section, entries in self.sections.items():
            for count, card in entries:
                code = str(card.attributes.get("passcode") or card.attributes.get("uuid") or card.id)
                deck.add(section, count, CardRef(name=card.name, code=code))
        return deck

    def config_sections(self) -> dict[str, list[str]]:
        """Return section -> one card id per copy, the shape of `GameConfig.decks`."""
        return {section: [card.id for card in self.cards(section)] for section, entries in self.sections.items() if entries}

    @classmethod
    def from_resolved(cls, deck: ResolvedDeck) -> DeckDraft:
        """Return a draft holding a resolved deck's entries."""
        draft = cls(game=deck.game, name=deck.name, format=deck.format or "")
        for section, count, card in deck.entries():
            draft.add(card, section, count)
        return draft


# -- numbers while building ---------------------------------------------------------------------

# The stat each game's curve counts, and the attributes its breakdowns group by.
CURVE_STAT: dict[str, str] = {"vanguard": "grade", "yugioh": "level", "grand-archive": "level", "dreadnought": "sp"}
BREAKDOWNS: dict[str, tuple[str, ...]] = {
    "fftcg": ("element", "job"),
    "vanguard": ("trigger", "nation", "clan"),
    "yugioh": ("attribute", "race"),
    "grand-archive": ("element", "classes"),
    "dreadnought": ("cluster", "size"),
}


def curve_value(card: CardDefinition) -> int | None:
    """Return the number a card sits at on its game's curve (grade, level, cost…), None without one."""
    stat = CURVE_STAT.get(card.game)
    if stat is not None:
        value = card.stats.get(stat)
        if value is None and card.game == "yugioh":
            value = card.stats.get("rank", card.stats.get("link"))
        if value is not None:
            return int(value)
    return card.cost


def _values(card: CardDefinition, key: str) -> list[str]:
    raw = card.attributes.get(key)
    if raw is None or raw == "":
        return []
    return [str(v) for v in raw] if isinstance(raw, (list, tuple)) else [str(raw)]


@dataclass(frozen=True)
class DeckNumbers:
    """What the Numbers tab shows: the curve, breakdowns, goldfish findings and odds by turn."""

    curve: dict[int, int]
    breakdowns: dict[str, dict[str, int]]
    findings: list[Finding]
    odds: list[OddsRow]


def deck_numbers(game: str, sections: Mapping[str, list[CardDefinition]], seed: int = 0) -> DeckNumbers:
    """Compute a deck's numbers (slow for simulated questions: the editor runs it on a worker thread)."""
    main = list(sections.get(MAIN, []))
    curve = Counter(value for value in (curve_value(card) for card in main) if value is not None)
    breakdowns: dict[str, dict[str, int]] = {"type": dict(Counter(card.card_type for card in main).most_common())}
    for key in BREAKDOWNS.get(game, ()):
        counted = Counter(value for card in main for value in _values(card, key))
        if counted:
            breakdowns[key] = dict(counted.most_common())
    findings = deck_findings(game, sections, EDITOR_TRIALS, seed) if main else []
    grouping = "grade" if game == "vanguard" else "element" if game == "fftcg" else "type"
    odds = odds_table(main, grouping, schedule_for(game), 3) if main else []
    return DeckNumbers(dict(sorted(curve.items())), breakdowns, findings, odds)


# -- a test hand -----------------------------------------------------------------------------------

class TestHand:
    """A shuffled copy of the main deck to draw an opening hand from, mulligan and draw (nothing stored)."""

    __test__ = False  # not a pytest class

    def __init__(self, game: str, cards: list[CardDefinition], seed: int | None = None) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.cards = list(cards)
        self.library: list[CardDefinition] = []
        self.hand: list[CardDefinition] = []
        self.new_hand()

    def new_hand(self) -> None:
        """Shuffle the whole deck and draw the game's opening hand."""
        self.library = list(self.cards)
        self.rng.shuffle(self.library)
        self.hand = []
        self.draw(schedule_for(self.game).opening_hand)

    def mulligan(self) -> None:
        """Shuffle the hand back and draw the same number again."""
        size = len(self.hand)
        self.library += self.hand
        self.rng.shuffle(self.library)
        self.hand = []
        self.draw(size)

    def draw(self, count: int = 1) -> None:
        """Draw up to `count` cards from the top."""
        for _ in range(min(count, len(self.library))):
            self.hand.append(self.library.pop())
