"""OCTGN `.o8d` deck XML: `<section name=…><card qty=… id=GUID>Name</card>`."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape, quoteattr

from carddb.decks.deck_list import MAIN, CardRef, DeckFormatError, DeckList, name_from_source, canonical_section

# OCTGN game GUIDs of the games the client knows.
OCTGN_GAMES: dict[str, str] = {"285a8cdb-1d02-4edd-a9de-1ade9d5a4f43": "fftcg"}
_DECLARATION = re.compile(r"<!(DOCTYPE|ENTITY)", re.IGNORECASE)


def read_o8d(text: str, *, source: str = "<o8d>", game: str | None = None, name: str = "") -> DeckList:
    """Read OCTGN deck XML, keeping each card's GUID as its code and its name; raises DeckFormatError."""
    text = text.lstrip("\ufeff")
    found = _DECLARATION.search(text)
    if found:  # entity expansion is a way to blow up memory; OCTGN never writes one
        raise DeckFormatError(source, text.count("\n", 0, found.start()) + 1, "DTD and entity declarations are not allowed")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        line = error.position[0] if getattr(error, "position", None) else None
        raise DeckFormatError(source, line, f"not well-formed XML ({error.msg if hasattr(error, 'msg') else error})") from None
    if root.tag != "deck":
        raise DeckFormatError(source, 1, f"the root element is <{root.tag}>, expected <deck>")
    game_guid = root.get("game", "")
    deck = DeckList(game=game or OCTGN_GAMES.get(game_guid, "unknown"), name=name or name_from_source(source))
    if game_guid:
        deck.metadata["octgn_game"] = game_guid
    for section_el in root.findall("section"):
        label = section_el.get("name", "")
        section = canonical_section(label) or label.strip().lower() or MAIN
        for card_el in section_el.findall("card"):
            qty, guid, card_name = card_el.get("qty", "1"), card_el.get("id", "").strip(), (card_el.text or "").strip()
            if not qty.strip().isdigit() or int(qty) < 1:
                raise DeckFormatError(source, None, f"card {card_name or guid!r} in section {label!r} has quantity {qty!r}")
            if not guid and not card_name:
                raise DeckFormatError(source, None, f"a card in section {label!r} has neither id nor name")
            deck.add(section, int(qty), CardRef(name=card_name, code=guid))
    notes = root.find("notes")
    if notes is not None and (notes.text or "").strip():
        deck.metadata["notes"] = notes.text.strip()
    return deck


def write_o8d(deck: DeckList) -> str:
    """Return the deck as OCTGN deck XML; each section becomes an OCTGN section."""
    guid = deck.metadata.get("octgn_game") or next((g for g, n in OCTGN_GAMES.items() if n == deck.game), "")
    lines = ['<?xml version="1.0" encoding="utf-8" standalone="yes"?>', f"<deck game={quoteattr(guid)}>"]
    for section, entries in deck.sections.items():
        lines.append(f"  <section name={quoteattr(section.capitalize())} shared=\"False\">")
        for count, ref in entries:
            lines.append(f"    <card qty=\"{count}\" id={quoteattr(ref.code)}>{escape(ref.name)}</card>")
        lines.append("  </section>")
    notes = deck.metadata.get("notes", "").replace("]]>", "]]]]><![CDATA[>")
    lines.append(f"  <notes><![CDATA[{notes}]]></notes>")
    lines.append("</deck>")
    return "\n".join(lines) + "\n"

