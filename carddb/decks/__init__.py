"""Deck lists: the DeckList model, readers and writers of each deck format, and resolution."""
from carddb.decks.deck_list import CardRef, DeckFormatError, DeckList, canonical_section
from carddb.decks.files import detect_format, parse_deck, read_deck_file, write_deck_file
from carddb.decks.resolution import DeckResolution, ResolvedDeck, UnknownCard, library_lookup, resolve_deck

__all__ = [
    "CardRef", "DeckFormatError", "DeckList", "DeckResolution", "ResolvedDeck", "UnknownCard",
    "canonical_section", "detect_format", "library_lookup", "parse_deck", "read_deck_file",
    "resolve_deck", "write_deck_file",
]
