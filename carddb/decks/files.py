"""Deck files on disk: pick the reader by extension and content, write atomically."""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from carddb.decks.deck_list import DeckFormatError, DeckList
from carddb.decks.ffdecks import is_ffdecks, read_ffdecks
from carddb.decks.gaonline import is_gaonline, read_gaonline, write_gaonline
from carddb.decks.o8d import read_o8d, write_o8d
from carddb.decks.omnideck import is_omnideck, read_omnideck, write_omnideck
from carddb.decks.plain_text import read_plain_text, write_plain_text
from carddb.decks.ydk import read_ydk, write_ydk
from carddb.decks.ydke import is_ydke, read_ydke, write_ydke
from tabletop.engine.atomic_write import write_atomically

WRITERS: dict[str, Callable[[DeckList], str]] = {
    "ydk": write_ydk, "ydke": write_ydke, "o8d": write_o8d, "text": write_plain_text,
    "omnideck": write_omnideck, "gaonline": write_gaonline,
}
MAX_DECK_FILE_BYTES = 1024 * 1024   # a deck file of 1,000 cards with long names is under 100 KB
FORMAT_BY_SUFFIX: dict[str, str] = {".ydk": "ydk", ".o8d": "o8d", ".txt": "text", ".dek": "text", ".dec": "text"}


def detect_format(text: str, suffix: str = "") -> str:
    """Name the deck format of `text` (ydk, ydke, o8d, ffdecks, gaonline, omnideck or text)."""
    suffix = suffix.lower()
    if suffix in (".ydk", ".o8d"):
        return suffix[1:]
    stripped = text.lstrip("\ufeff").lstrip()
    if suffix == ".json" or is_ffdecks(stripped):
        return "ffdecks"
    if is_ydke(stripped):
        return "ydke"
    if stripped.startswith("<"):
        return "o8d"
    if stripped.lower().startswith(("#main", "#created")) or "\n#main" in text.lower():
        return "ydk"
    if is_gaonline(text):
        return "gaonline"
    if is_omnideck(text):
        return "omnideck"
    return "text"


def parse_deck(text: str, *, source: str = "<text>", game: str | None = None, fmt: str | None = None) -> DeckList:
    """Read deck text in any known format; `game` is guessed from the format when not given.

    Raises DeckFormatError (one line: source, line, what is wrong).
    """
    fmt = fmt or detect_format(text, Path(source).suffix)
    try:
        return _read(text, source, game, fmt)
    except DeckFormatError:
        raise
    except ValueError as error:   # DeckList.add refusing a deck over MAX_COPIES cards
        raise DeckFormatError(source, None, str(error)) from None


def _read(text: str, source: str, game: str | None, fmt: str) -> DeckList:
    if fmt == "ydk":
        return read_ydk(text, source=source, game=game or "yugioh")
    if fmt == "ydke":
        return read_ydke(text, source=source, game=game or "yugioh")
    if fmt == "o8d":
        return read_o8d(text, source=source, game=game)
    if fmt == "ffdecks":
        return read_ffdecks(text, source=source, game=game)
    if fmt == "gaonline":
        return read_gaonline(text, source=source, game=game or "grand-archive")
    if fmt == "omnideck":
        return read_omnideck(text, source=source, game=game or "grand-archive")
    if fmt == "text":
        deck = read_plain_text(text, source=source, game=game)
        if not deck.game:
            raise DeckFormatError(source, None, "the list does not say its game (add a '# game: <id>' line)")
        return deck
    raise ValueError(f"unknown deck format {fmt!r} (known: {', '.join(WRITERS)})")


def read_deck_file(path: str | os.PathLike[str], *, game: str | None = None, fmt: str | None = None) -> DeckList:
    """Read a deck file; undecodable or malformed files raise DeckFormatError naming the file."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_DECK_FILE_BYTES:
            raise DeckFormatError(str(path), None, f"too large for a deck file ({size} bytes, at most {MAX_DECK_FILE_BYTES})")
        raw = path.read_bytes()
    except OSError as error:
        raise DeckFormatError(str(path), None, f"cannot read the file ({error.strerror or error})") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise DeckFormatError(str(path), line, "the file is not UTF-8 text") from None
    return parse_deck(text, source=str(path), game=game, fmt=fmt)


def write_deck_file(deck: DeckList, path: str | os.PathLike[str], fmt: str | None = None) -> None:
    """Write `deck` in `fmt` (default: by the file's extension) through a temporary file and a rename."""
    path = Path(path)
    fmt = fmt or FORMAT_BY_SUFFIX.get(path.suffix.lower(), "text")
    if fmt not in WRITERS:
        raise ValueError(f"unknown deck format {fmt!r} (known: {', '.join(WRITERS)})")
    text = WRITERS[fmt](deck)
    write_atomically(path, text, newline="\n")
