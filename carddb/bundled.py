"""The original card sets and decks shipped with the client (carddb/data/<game>/)."""
from __future__ import annotations

import copy
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

SAFE_LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

from carddb.card_compilation import compiled_cards
from carddb.card_schema import BUNDLED_ID_PREFIX, GAMES, card_from_mapping, validate_card
from carddb.decks.deck_list import DeckList
from carddb.decks.files import read_deck_file
from carddb.decks.resolution import CardLookup, library_lookup, resolve_deck
from tabletop.engine.cards import CardDefinition

DATA_DIR = Path(__file__).resolve().parent / "data"
CARD_FILE_SUFFIXES = (".yaml", ".yml")


class BundledDataError(ValueError):
    """A bundled card or deck file is malformed; str() names the file and the field."""


def load_bundled_cards(game: str | None = None) -> list[CardDefinition]:
    """Return the bundled cards of `game` (or of every game), in file order; [] for a game without a set."""
    return [card for g in _games(game) for card in _load_cards(g)]


def load_bundled_decks(game: str | None = None) -> list[DeckList]:
    """Return fresh copies of the bundled deck lists of `game` (or of every game), sorted by file name.

    Every reference names its card by bundled id and name, whatever the file's own format.
    """
    return [copy.deepcopy(deck) for g in _games(game) for deck in _load_decks(g)]


def bundled_lookup(game: str) -> CardLookup:
    """Return a lookup of the bundled cards of `game` by id, code or name."""
    return library_lookup(load_bundled_cards(game))


def _games(game: str | None) -> tuple[str, ...]:
    # A game without a bundled set (freeform, or one added later) simply has no cards.
    return GAMES if game is None else (game,)


def load_card_file(path: Path, game: str) -> list[CardDefinition]:
    """Read and check one card file of `game`; raises BundledDataError naming the file, card and field."""
    cards = []
    for index, mapping in enumerate(_card_mappings(path, game), start=1):
        card_id = mapping.get("id", "?") if isinstance(mapping, dict) else "?"
        where = f"{path}: card #{index} ({card_id})"
        problems = validate_card(game, mapping)
        if problems:
            more = f" (and {len(problems) - 1} more problem(s))" if len(problems) > 1 else ""
            raise BundledDataError(f"{where}: {problems[0]}{more}")
        card = card_from_mapping(game, mapping)
        if "effects" not in mapping:  # a card without hand-written effects plays by its compiled text
            card = compiled_cards([card])[0]
        if not card.id.startswith(BUNDLED_ID_PREFIX[game]):
            raise BundledDataError(f"{where}: field 'id' must start with {BUNDLED_ID_PREFIX[game]!r}")
        cards.append(card)
    return cards


@lru_cache(maxsize=None)
def _load_cards(game: str) -> tuple[CardDefinition, ...]:
    folder = DATA_DIR / game
    files = sorted(p for p in folder.iterdir() if p.suffix in CARD_FILE_SUFFIXES) if folder.is_dir() else []
    cards: list[CardDefinition] = []
    seen: dict[str, Path] = {}
    for path in files:
        for card in load_card_file(path, game):
            if card.id in seen:
                raise BundledDataError(f"{path}: card {card.id!r}: field 'id' is already used in {seen[card.id].name}")
            seen[card.id] = path
            cards.append(card)
    return tuple(cards)


def _card_mappings(path: Path, game: str) -> list[Any]:
    try:
        # The C safe loader when libyaml is there (ten times faster at window start); still safe_load.
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        raise BundledDataError(f"{path}{line}: not valid YAML ({getattr(error, 'problem', None) or error})") from None
    if not isinstance(data, dict):
        raise BundledDataError(f"{path}: a card file is a mapping with 'game' and 'cards'")
    if data.get("game") != game:
        raise BundledDataError(f"{path}: field 'game' is {data.get('game')!r}, expected {game!r}")
    cards = data.get("cards")
    if not isinstance(cards, list):
        raise BundledDataError(f"{path}: field 'cards' must be a list of card mappings")
    return cards


@lru_cache(maxsize=None)
def _load_decks(game: str) -> tuple[DeckList, ...]:
    """Read each bundled deck and name every card by its bundled id (a .ydk names passcodes,
    an Omnideck list names names); a reference to no bundled card is a malformed file."""
    folder = DATA_DIR / game / "decks"
    if not folder.is_dir():
        return ()
    lookup = bundled_lookup(game)
    decks = []
    for path in sorted(p for p in folder.iterdir() if p.is_file()):
        listed = read_deck_file(path, game=game)
        resolved, unknown = resolve_deck(listed, lookup)
        if unknown:
            raise BundledDataError(f"{path}: {unknown[0].describe()}")
        deck = resolved.as_deck_list()
        deck.metadata.update(listed.metadata, source=path.name)
        decks.append(deck)
    return tuple(decks)
