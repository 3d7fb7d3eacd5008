"""Opening a player's deck for a game: a deck file or a bundled deck's name, its cards found in the player's
card database and in the bundled sets — the one way the window, `simulate` and `goldfish` read decks."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from carddb.bundled import load_bundled_cards, load_bundled_decks
from carddb.decks.files import read_deck_file
from carddb.decks.resolution import CardIndex, ResolvedDeck, UnknownCard, resolve_deck
from carddb.errors import CardDatabaseError
from tabletop.engine.errors import BadInput, one_line

# The import format that brings a game's real cards into the database (`tabletop db import FORMAT FILE`).
IMPORT_FORMATS = {"yugioh": "ygopro-cdb", "fftcg": "fftcg-json", "vanguard": "vanguard-json", "grand-archive": "ga-csv"}


def open_deck(spec: str | Path, game: str, database: Any | None = None) -> ResolvedDeck:
    """Return the deck `spec` names (a deck file, else a bundled deck of `game`) with every card resolved.

    Cards are looked for in `database` (a CardDatabase, when the player has one) and in the bundled sets.
    Raises BadInput in one line: the file's problem, or the first card that is in neither, and how to get it.
    """
    path = Path(spec)
    if path.is_file():
        try:
            deck_list = read_deck_file(path, game=game)
        except (OSError, ValueError) as error:
            raise BadInput(path, one_line(error)) from None
    else:
        decks = load_bundled_decks(game)
        wanted = str(spec).casefold()
        found = [d for d in decks if wanted in (d.name.casefold(), d.name.casefold().replace(" ", "_"))]
        if not found:
            names = ", ".join(d.name for d in decks) or "none"
            raise BadInput(spec, f"no such deck file or bundled {game} deck (bundled: {names})")
        deck_list = found[0]
    result = resolve_deck(deck_list, deck_lookup(game, database))
    if result.unknown:
        raise BadInput(spec, missing_cards(result.unknown, game, database is not None))
    return result.deck


def deck_lookup(game: str, database: Any | None = None) -> CardIndex:
    """Return the lookup decks of `game` are resolved with: the player's cards first, then the bundled sets,
    and the other programs' ids the player's imports gave (OCTGN GUIDs, rules entries).

    Raises BadInput (one line) for a damaged database.
    """
    known = list(load_bundled_cards(game))
    external = {}
    if database is not None:
        try:
            known = list(database.library(game).values()) + known   # the player's own printing first
            external = database.external_ids(game)
        except CardDatabaseError as error:
            raise BadInput(error.path, error.problem) from None
    return CardIndex(known, external)


def missing_cards(unknown: list[UnknownCard], game: str, has_database: bool) -> str:
    """Say which card a deck names that is nowhere, and how the player gets it: import their card data."""
    where = "is not in the card database or the bundled sets" if has_database else (
        "is not in the bundled sets, and no card database was given")
    how = f": import your cards first (`tabletop db import {IMPORT_FORMATS[game]} FILE`)" if game in IMPORT_FORMATS else ""
    more = f" (and {len(unknown) - 1} more unknown)" if len(unknown) > 1 else ""
    first = unknown[0]
    if first.choices:
        return f"card {first.describe()}{more}"
    return f"card {first.ref.label()!r} ({first.count}x in {first.section}) {where}{how}{more}"
