"""Decks for the command line: a deck file or a bundled deck name, resolved to card definitions.

Deck files and bundled decks are read through `carddb` (carddb.decks.opening, as the window reads them), their
cards found in the player's card database and the bundled sets; with `--cards FILE.yaml` a plain text deck of
`N card-id` lines is resolved against that YAML file's cards. Errors are BadInput: one line naming the file
and what is wrong.
"""
from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.engine.cards import CardDefinition
from tabletop.engine.errors import BadInput
from tabletop.engine.record_schema import MAX_DECK_CARDS
from tabletop.engine.rules import GameRules
from tabletop.scenarios.yaml_input import load_yaml_file

# `N card-id` on a stripped line; linear in its length (a lazy name before `\s*$` was quadratic).
LINE = re.compile(r"(\d+)(?:\s*x)?\s+(\S.*)")
MAX_DECK_FILE_BYTES = 1024 * 1024


@dataclass
class LoadedDeck:
    """A deck ready to play: card ids per section and the definitions they name."""

    name: str
    sections: dict[str, list[str]]
    cards: list[CardDefinition] = field(default_factory=list)
    format: str | None = None

    def definitions(self, section: str) -> list[CardDefinition]:
        """Return one definition per physical card of a section."""
        by_id = {c.id: c for c in self.cards}
        return [by_id[i] for i in self.sections.get(section, [])]


def load_cards_file(path: Path, rules: GameRules) -> list[CardDefinition]:
    """Read a YAML card file (a list of cards, or a mapping with `cards:`) for a game; cards given without effects
    play their compiled text."""
    data = load_yaml_file(path)
    if isinstance(data, dict):
        data = data.get("cards")
    if not isinstance(data, list):
        raise BadInput(path, "a card file is a list of cards or a mapping with 'cards'")
    cards = []
    for index, mapping in enumerate(data, start=1):
        try:
            cards.append(rules.card_from_file_mapping(mapping))
        except ValueError as error:
            raise BadInput(path, str(error), f"card #{index}") from None
    return cards


def load_deck(spec: str, rules: GameRules, cards_file: Path | None = None, database: Any | None = None) -> LoadedDeck:
    """Return the deck named by `spec`: a deck file, or the name of a bundled deck of the game.

    Its cards are found in `database` (the player's card database, when given) and the bundled sets; with
    `cards_file` a plain `N card-id` deck is read against that YAML file's cards instead.
    """
    path = Path(spec)
    if cards_file is not None:
        if not path.is_file():
            raise BadInput(spec, "no such deck file")
        return read_plain_deck(path, rules, load_cards_file(cards_file, rules))
    from carddb.decks.opening import open_deck   # the card database's readers, loaded only for a deck

    resolved = open_deck(spec, rules.id, database)
    for note in resolved.notes:   # an entry left out (a rules entry a Vanguard deck lists): said, not hidden
        print(f"tabletop: {spec}: {note}", file=sys.stderr)
    sections = {section: [card.id for card in resolved.cards(section)] for section in resolved.sections}
    cards = list({card.id: card for card in resolved.cards()}.values())
    return LoadedDeck(resolved.name, sections, cards, resolved.format)


def read_plain_deck(path: Path, rules: GameRules, cards: Iterable[CardDefinition]) -> LoadedDeck:
    """Read a text deck of `N card-id` lines (section headers like `Ride Deck:` allowed)."""
    by_key: dict[str, CardDefinition] = {}
    for card in cards:
        by_key.setdefault(card.name.casefold(), card)
    for card in cards:
        by_key[card.id.casefold()] = card
    try:
        size = Path(path).stat().st_size
        if size > MAX_DECK_FILE_BYTES:
            raise BadInput(path, f"too large for a deck file ({size} bytes, at most {MAX_DECK_FILE_BYTES})")
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError:
        raise BadInput(path, "not UTF-8 text") from None
    sections: dict[str, list[str]] = {}
    section = "main"
    used: dict[str, CardDefinition] = {}
    for number, raw in enumerate(lines, start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        match = LINE.fullmatch(line)
        if match is None:
            section = _section(path, number, line, rules)
            continue
        digits, key = match.group(1), match.group(2)
        card = by_key.get(key.casefold())
        if card is None:
            raise BadInput(path, f"unknown card {key[:80]!r}", f"line {number}")
        count = int(digits) if len(digits) <= len(str(MAX_DECK_CARDS)) else MAX_DECK_CARDS + 1
        if count < 1:
            raise BadInput(path, f"a card count must be at least 1, got {count}", f"line {number}")
        if count > MAX_DECK_CARDS - sum(len(ids) for ids in sections.values()):
            raise BadInput(path, f"{digits[:12]} copies of {card.id!r}: a deck holds at most {MAX_DECK_CARDS} cards",
                           f"line {number}")
        sections.setdefault(section, []).extend([card.id] * count)
        used[card.id] = card
    if not sections.get("main"):
        raise BadInput(path, "the deck has no main deck cards")
    return LoadedDeck(Path(path).stem, sections, list(used.values()))


def _section(path: Path, number: int, line: str, rules: GameRules) -> str:
    label = line.strip().strip(":").strip("[]").strip().lower()
    words = label.replace("_", " ").split()
    for candidate in (label, words[0] if words else ""):
        if candidate in rules.deck_sections:
            return candidate
    if label in ("deck", "main deck"):
        return "main"
    raise BadInput(path, f"not a card line or a section header: {line[:80]!r} "
                         f"(sections: {', '.join(rules.deck_sections)})", f"line {number}")


def player_database(path: Path | None) -> Any | None:
    """Return the card database decks are read with: `path` when given, else the player's own if they have one.

    None when no path is given and the player has none yet (the bundled sets still resolve bundled decks).
    """
    from carddb.database import default_database_path, open_database
    from carddb.errors import CardDatabaseError

    if path is None and not default_database_path().is_file():
        return None
    try:
        return open_database(path)
    except CardDatabaseError as error:
        raise BadInput(error.path, error.problem) from None
