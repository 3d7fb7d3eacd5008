"""Card sources: where the window gets cards and decks — card database, bundled decks, deck files.

`carddb` is optional here: every function works (with fewer choices) while it is absent, and all
of the window's use of `carddb` goes through this module.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.errors import BadInput

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

    @property
    def label(self) -> str:
        """Return how the deck is listed in the new-game dialog."""
        return f"{self.name} ({self.source}, {self.format})" if self.format else f"{self.name} ({self.source})"


def _module(name: str) -> Any | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def is_card_database_available() -> bool:
    """Tell whether the card database package is installed."""
    return _module("carddb.database") is not None


def open_card_database(path: str | None) -> Any | None:
    """Open the card database (None when `carddb` is absent); errors name the file.

    Card faces then show the player's pictures from the database's linked folders (`db images`).
    """
    module = _module("carddb.database")
    if module is None:
        return None
    database = module.open_database(Path(path) if path else None)
    render = _module("tabletop.render")
    if render is not None:
        pictures = _module("carddb.pictures")
        render.show_pictures_from(database.picture_folders(), pictures.find_picture if pictures is not None else None)
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


def _choice_from_resolved(resolution: Any, source: str) -> DeckChoice:
    deck = resolution.deck
    sections: dict[str, list[str]] = {}
    cards: dict[str, CardDefinition] = {}
    for section, count, card in deck.entries():
        sections.setdefault(section, []).extend([card.id] * count)
        cards[card.id] = card
    return DeckChoice(deck.name, source, sections, tuple(cards.values()), deck.format or "")


def bundled_decks(game: str) -> list[DeckChoice]:
    """Return the decks bundled with the client for a game (none when carddb is absent)."""
    bundled = _module("carddb.bundled")
    resolution = _module("carddb.decks.resolution")
    if bundled is None or resolution is None:
        return []
    try:
        decks = bundled.load_bundled_decks(game)
        lookup = bundled.bundled_lookup(game)
    except ValueError:
        return []
    return [_choice_from_resolved(resolution.resolve_deck(deck, lookup), "bundled") for deck in decks]


def available_decks(game: str) -> list[DeckChoice]:
    """Return every deck offered for a game: bundled decks, then the practice deck."""
    choices = bundled_decks(game)
    practice = practice_deck(game)
    if practice is not None:
        choices.append(practice)
    return choices


def deck_from_file(path: Path, game: str, database: Any | None = None) -> DeckChoice:
    """Read a deck file for a game; BadInput (one line) names the file and what is wrong."""
    files = _module("carddb.decks.files")
    resolution = _module("carddb.decks.resolution")
    bundled = _module("carddb.bundled")
    if files is None or resolution is None:
        raise BadInput(path, "reading deck files needs the card database package (carddb)")
    try:
        deck = files.read_deck_file(path, game=game)
    except (OSError, ValueError) as error:
        raise BadInput(path, str(error).split("\n")[0]) from None
    library = card_library(game, database)
    known = list(library.values())
    if bundled is not None:
        try:
            known += list(bundled.load_bundled_cards(game))
        except ValueError:
            pass
    result = resolution.resolve_deck(deck, resolution.library_lookup(known))
    if result.unknown:
        raise BadInput(path, result.unknown[0].describe() + (f" and {len(result.unknown) - 1} more" if len(result.unknown) > 1 else ""))
    return _choice_from_resolved(result, "file")


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
    """Return the card file formats the database can import (none when carddb is absent)."""
    importers = _module("carddb.importers")
    return list(importers.FORMATS) if importers is not None else []


def import_card_files(database: Any, format: str, paths: list[Path],
                      progress: Any | None = None) -> list[str]:
    """Import card files into the database and return the summary lines (added/updated/skipped).

    All of it lands or none of it; raises CardDatabaseError or ValueError (one line) when the
    files cannot be imported. `progress(stage, done, total)` is called from the calling thread.
    """
    importing = _module("carddb.importing")
    if importing is None:
        raise ValueError("importing cards needs the card database package (carddb)")
    summary = importing.import_files(database, format, [Path(p) for p in paths], progress)
    return list(summary.lines(max_reasons=5))
