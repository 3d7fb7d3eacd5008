"""Importer `octgn-set-xml`: an OCTGN game plugin's `set.xml` files, giving each card its OCTGN GUID.

An OCTGN set file: `<set name=… gameId=GUID><cards><card id=GUID name=…><property name=… value=…/>…`.
`.o8d` decks name cards by these GUIDs, so each card's GUID is kept (carddb.external_ids) whichever
source's version of the card is stored. Only FFTCG plugins are known (carddb.decks.o8d.OCTGN_GAMES).

The FFTCG plugin's properties (CP, Element, CardType, Occupation, Power, Abilities, SetNumber, Rarity,
Category, CanUseEX) are read by name, with the spellings other plugins use (Cost, Type, Job, Text,
Serial, Number…); a card's number is its serial and rarity letter (`1-001` + `H` = `1-001H`), the
official browser's code, so that the same card from both sources is one card: a card already stored
keeps its name, stats and text (KEPT_FIELDS), whichever file is newer.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from xml.etree.ElementTree import Element

from carddb.decks.o8d import OCTGN_GAMES
from carddb.errors import CardDatabaseError
from carddb.external_ids import ExternalCode
from carddb.fftcg_numbers import card_number
from carddb.importers.fftcg_json import card_from_record
from carddb.importing import ImportBatch, SkippedCard
from carddb.safe_xml import XmlProblem, parse_xml
from tabletop.engine.cards import CardDefinition

# Browser field -> the property names OCTGN FFTCG plugins give it, first found wins.
PROPERTIES: dict[str, tuple[str, ...]] = {
    "cost": ("CP", "Cost"),
    "element": ("Element", "Elements"),
    "type": ("CardType", "Type"),
    "job": ("Occupation", "Job"),
    "power": ("Power",),
    "text": ("Abilities", "Text", "Ability", "Rules"),
    "serial": ("SetNumber", "Serial", "Number", "Code", "CardCode"),
    "rarity": ("Rarity",),
    "category": ("Category",),
    "ex_burst": ("CanUseEX", "EX Burst", "ExBurst"),
}
# A card already stored (from the official card JSON) keeps these: the set file adds its GUID, and its
# other attributes, and brings in whole only the cards the database lacks.
KEPT_FIELDS = frozenset({"name", "card_type", "cost", "stats", "text", "keywords", "effects"})
MAX_SET_FILE_BYTES = 32 * 1024 * 1024   # the largest FFTCG set file is under 1 MB


def read_set_file(path: Path) -> tuple[str, str, Element]:
    """Return (game, set name, root) of one set.xml; raises CardDatabaseError naming the file."""
    try:
        if path.stat().st_size > MAX_SET_FILE_BYTES:
            raise CardDatabaseError(path, f"is too large for an OCTGN set file (over {MAX_SET_FILE_BYTES} bytes)")
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as error:
        raise CardDatabaseError(path, f"cannot be read ({error.strerror or error})") from None
    except UnicodeDecodeError as error:
        raise CardDatabaseError(path, f"is not UTF-8 text (byte {error.start})") from None
    try:
        root = parse_xml(text)
    except XmlProblem as problem:
        where = f"line {problem.line}: " if problem.line else ""
        raise CardDatabaseError(path, f"{where}{problem.message}") from None
    if root.tag != "set":
        raise CardDatabaseError(path, f"is not an OCTGN set file: the root element is <{root.tag}>, expected <set>")
    game_guid = (root.get("gameId") or "").strip().lower()
    game = OCTGN_GAMES.get(game_guid)
    if game is None:
        known = ", ".join(f"{g} ({name})" for g, name in OCTGN_GAMES.items())
        raise CardDatabaseError(path, f"is a set of OCTGN game {game_guid or '(none)'!r}, not one this client plays "
                                      f"(known: {known})")
    return game, (root.get("name") or path.parent.name).strip(), root


def properties_of(card: Element) -> dict[str, str]:
    """Return a card's `<property name value>` pairs (a value may also be the element's text)."""
    found: dict[str, str] = {}
    for prop in card.iter("property"):
        name = (prop.get("name") or "").strip()
        if name:
            found.setdefault(name.casefold(), (prop.get("value") if prop.get("value") is not None else prop.text) or "")
    return found


def record_of(name: str, guid: str, set_name: str, props: Mapping[str, str]) -> dict[str, object]:
    """Return an OCTGN FFTCG card as an official-browser record (for `card_from_record`)."""
    def first(field: str) -> str:
        return next((props[key.casefold()] for key in PROPERTIES[field] if props.get(key.casefold())), "").strip()

    serial = first("serial")
    return {
        "cardNumber": card_number(serial, first("rarity")) if serial else "",
        "name": name,
        "element": first("element").replace("&", "/"),
        "type": first("type"),
        "cost": first("cost"),
        "power": first("power"),
        "job": first("job"),
        "category": first("category"),
        "rarity": first("rarity"),
        "set": set_name,
        "text": first("text"),
        "ex_burst": first("ex_burst").lower() in ("yes", "true", "1"),
        "octgn_id": guid,
    }


def read(paths: Sequence[Path], progress: Callable[[int, int], None] | None = None) -> ImportBatch:
    """Read one or more OCTGN set.xml files (a plugin's sets) as one source."""
    cards: list[CardDefinition] = []
    skipped: list[SkippedCard] = []
    guids: list[ExternalCode] = []
    for done, path in enumerate(paths):
        game, set_name, root = read_set_file(path)
        for index, card_el in enumerate(root.iter("card"), start=1):
            guid, name = (card_el.get("id") or "").strip(), (card_el.get("name") or "").strip()
            label = f"{path.name} card {index} {name!r}"
            if not guid:
                skipped.append(SkippedCard(label, "no id (the OCTGN GUID)"))
                continue
            try:
                card = card_from_record(record_of(name, guid, set_name, properties_of(card_el)))
            except ValueError as error:
                skipped.append(SkippedCard(label, str(error)))
                continue
            cards.append(card)
            guids.append(ExternalCode(game, guid, card.id, card.name))
        if progress:
            progress(done + 1, len(paths))
    return ImportBatch(cards=cards, skipped=skipped, keep_existing=KEPT_FIELDS, external_ids=guids)
