"""OCTGN `.o8d` deck XML: `<section name=…><card qty=… id=GUID>Name</card>`."""
from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from carddb.decks.deck_list import MAIN, CardRef, DeckFormatError, DeckList, name_from_source, canonical_section
from carddb.safe_xml import XmlProblem, parse_xml

# OCTGN game GUIDs of the games the client knows.
OCTGN_GAMES: dict[str, str] = {"285a8cdb-1d02-4edd-a9de-1ade9d5a4f43": "fftcg"}


def read_o8d(text: str, *, source: str = "<o8d>", game: str | None = None, name: str = "") -> DeckList:
    """Read OCTGN deck XML, keeping each card's GUID as its code and its name; raises DeckFormatError."""
    try:
        root = parse_xml(text)
    except XmlProblem as problem:
        raise DeckFormatError(source, problem.line, problem.message) from None
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

