"""Forbidden & Limited lists: an EDOPro/YGOPro `lflist.conf` read into per-list limits (yugioh.md 2.5).

A file holds many lists: `!NAME` starts one, then `PASSCODE LIMIT --comment` lines (0 Forbidden, 1 Limited,
2 Semi-Limited; 3 lines an unlimited card in a whitelist list). `#` lines are comments, `$whitelist` marks a list
where unlisted cards are forbidden. The deck check (carddb/validation.py) takes limits by card name: `limits_by_name`
turns a list's passcodes into the names of the library's cards, an alternate artwork (`alias`) included.
This is the project's one lflist reader and one list-to-check step: the deck editor, the New Game dialog and
`tabletop simulate --banlist` all check decks through `regulation_of`.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from carddb.decks.deck_list import DeckFormatError
from carddb.errors import CardDatabaseError
from carddb.validation import Regulation
from tabletop.engine.cards import CardDefinition


# What a player calls each limit a list can give (yugioh.md 2.5); 3, unlimited, has no word.
LIMIT_NAMES: dict[int, str] = {0: "Forbidden", 1: "Limited", 2: "Semi-Limited"}


@dataclass
class BanList:
    """One Forbidden & Limited list: copies allowed by passcode (0, 1, 2; 3 in a whitelist)."""

    name: str
    limits: dict[int, int] = field(default_factory=dict)
    whitelist: bool = False


def read_lflist(path: Path) -> dict[str, BanList]:
    """Read every list of an lflist.conf file, in file order; CardDatabaseError names the file and line."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as error:
        raise CardDatabaseError(path, f"is not UTF-8 text (byte {error.start}); expected an lflist.conf") from None
    except OSError as error:
        raise CardDatabaseError(path, f"cannot be read ({error.strerror})") from None
    try:
        return parse_lflist(text, str(path))
    except DeckFormatError as error:
        raise CardDatabaseError(path, error.message if error.line is None else f"line {error.line}: {error.message}") \
            from None


def parse_lflist(text: str, source: str = "<lflist>") -> dict[str, BanList]:
    """Read every list of an lflist.conf's text, in file order; DeckFormatError names `source` and the line."""
    lists: dict[str, BanList] = {}
    current: BanList | None = None
    for number, line in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("!"):
            current = lists.setdefault(line[1:].strip(), BanList(line[1:].strip()))
            continue
        if line.startswith("$whitelist"):
            if current is not None:
                current.whitelist = True
            continue
        if current is None:
            raise DeckFormatError(source, number, "a card line before any '!list name' line")
        parts = line.split("--", 1)[0].split()
        if len(parts) < 2 or not parts[0].isdigit() or not parts[1].lstrip("-").isdigit():
            raise DeckFormatError(source, number, f"expected 'PASSCODE LIMIT', got {line[:40]!r}")
        limit = int(parts[1])
        if not 0 <= limit <= 3:
            raise DeckFormatError(source, number, f"a limit is 0 to 3, got {limit}")
        current.limits[int(parts[0])] = limit
    if not lists:
        raise DeckFormatError(source, None, "holds no list (no '!list name' line): not an lflist.conf")
    return lists


def limits_by_name(banlist: BanList, cards: Iterable[CardDefinition]) -> Mapping[str, int]:
    """Return the list's limits by card name for the deck check; a card is known by its id or passcode (a bundled
    card's), and an alternate artwork (`alias`) shares its limit."""
    found: dict[str, int] = {}
    for card in cards:
        codes = [int(c) for c in (card.id, card.attributes.get("passcode"), card.attributes.get("alias"))
                 if str(c or "").isdigit()]
        limits = [banlist.limits[c] for c in codes if c in banlist.limits]
        if limits:
            found[card.name] = min(limits + [found.get(card.name, 3)])
        elif banlist.whitelist:
            found[card.name] = 0
    return found


def regulation_of(banlist: BanList, cards: Iterable[CardDefinition], game_format: str | None = None) -> Regulation:
    """Return the deck check's regulation for one list: its limits by the names of `cards`, and its name, which every
    problem it finds says ("Yu-Gi-Oh! 2.5 (Forbidden & Limited list '2026.7'): ...")."""
    return Regulation(format=game_format, limits=limits_by_name(banlist, cards), banlist=banlist.name)
