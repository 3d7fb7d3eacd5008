"""Card sources: where the window gets cards and decks — card database, bundled decks, deck files.

`carddb` is optional here: every function works (with fewer choices) while it is absent, and all
of the window's use of `carddb` goes through this module.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.engine.cards import CardDefinition, CardLibrary

PRACTICE_SIZE = 40


@dataclass(frozen=True)
class DeckChoice:
    """A deck a seat can play: its name, where it comes from, card ids per section, definitions,
    and the format its file names ("" when it names none)."""

    name: str
    source: str
    sections: dict[str, list[str]]
    cards: tuple[CardDefinition, ...]
    format: str = ""
    # What reading the file left out, for the player (a rules entry a Vanguard deck lists).
    notes: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """Return how the deck is listed in the new-game dialog."""
        return f"{self.name} ({self.source}, {self.format})" if self.format else f"{self.name} ({self.source})"


def open_card_database(path: str | None) -> Any:
    """Open the card database; errors name the file.

    Card faces then show the player's pictures from the database's linked folders (`db images`).
    """
    from carddb.database import open_database  # imported when the window opens its database, not at start-up
    from carddb.pictures import find_picture
    from tabletop import render

    database = open_database(Path(path) if path else None)
    folders = database.picture_folders()
    render.show_pictures_with((lambda card: find_picture(folders, card)) if folders else None)
    return database


def practice_deck(game: str) -> DeckChoice | None:
    """Return the numbered practice deck of the freeform table (None for other games)."""
    if game != "freeform":
        return None
    cards = tuple(
        CardDefinition(id=f"practice-{n:02d}", game="freeform", name=f"Practice card {n}", card_type="practice",
                       cost=n % 5, stats={"power": 1000 * (1 + n % 6)},
                       text="A numbered card for trying the table; it has no rules text.")
        for n in range(1, PRACTICE_SIZE + 1))
    return DeckChoice("Practice deck", "built in", {"main": [c.id for c in cards]}, cards)


def _choice(deck: Any, source: str) -> DeckChoice:
    """Return a resolved deck (carddb's ResolvedDeck) as a seat's deck choice."""
    sections: dict[str, list[str]] = {}
    cards: dict[str, CardDefinition] = {}
    for section, count, card in deck.entries():
        sections.setdefault(section, []).extend([card.id] * count)
        cards[card.id] = card
    return DeckChoice(deck.name, source, sections, tuple(cards.values()), deck.format or "", tuple(deck.notes))


def bundled_decks(game: str) -> list[DeckChoice]:
    """Return the decks bundled with the client for a game."""
    from carddb import bundled
    from carddb.decks import resolution

    try:
        decks = bundled.load_bundled_decks(game)
        lookup = bundled.bundled_lookup(game)
    except ValueError:
        return []
    return [_choice(resolution.resolve_deck(deck, lookup).deck, "bundled") for deck in decks]


def available_decks(game: str) -> list[DeckChoice]:
    """Return every deck offered for a game: bundled decks, then the practice deck."""
    choices = bundled_decks(game)
    practice = practice_deck(game)
    if practice is not None:
        choices.append(practice)
    return choices


def deck_from_file(path: Path, game: str, database: Any | None = None) -> DeckChoice:
    """Read a deck file for a game, its cards from the card database and the bundled sets; BadInput (one line)
    names the file and what is wrong (carddb.decks.opening: as `simulate` and `goldfish` read decks)."""
    from carddb.decks.opening import open_deck

    return _choice(open_deck(path, game, database), "file")


def card_library(game: str, database: Any | None) -> CardLibrary:
    """Return the database's cards of a game (empty without a database)."""
    if database is None:
        return CardLibrary()
    try:
        return database.library(game)
    except Exception:  # a damaged database must not stop a game from bundled decks
        return CardLibrary()


def search_cards(database: Any | None, game: str, query: str, limit: int = 100) -> list[CardDefinition]:
    """Return cards of a game matching a search (empty without a database)."""
    if database is None:
        return []
    return list(database.search(query, game=game, limit=limit))


def import_formats() -> list[str]:
    """Return the card file formats the database can import."""
    from carddb.importers import FORMATS

    return list(FORMATS)


def import_card_files(database: Any, format: str, paths: list[Path],
                      progress: Any | None = None) -> list[str]:
    """Import card files into the database and return the summary lines (added/updated/skipped).

    All of it lands or none of it; raises CardDatabaseError or ValueError (one line) when the
    files cannot be imported. `progress(stage, done, total)` is called from the calling thread.
    """
    from carddb.importing import import_files

    summary = import_files(database, format, [Path(p) for p in paths], progress)
    return list(summary.lines(max_reasons=5))
