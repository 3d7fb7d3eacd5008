"""Parse XML from players' files (OCTGN decks and set files) without expanding any entity."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

_DECLARATION = re.compile(r"<!(DOCTYPE|ENTITY)", re.IGNORECASE)


class XmlProblem(ValueError):
    """XML that is refused; `line` is where (None when unknown), `message` what is wrong."""

    def __init__(self, line: int | None, message: str) -> None:
        self.line = line
        self.message = message
        super().__init__(message)


def parse_xml(text: str) -> ET.Element:
    """Return the root element of `text`; raises XmlProblem for DTD/entity declarations and bad XML.

    Entity expansion is a way to blow up memory, and neither OCTGN nor any card site writes one.
    """
    text = text.lstrip("\ufeff")
    found = _DECLARATION.search(text)
    if found:
        raise XmlProblem(text.count("\n", 0, found.start()) + 1, "DTD and entity declarations are not allowed")
    try:
        return ET.fromstring(text)
    except ET.ParseError as error:
        line = error.position[0] if getattr(error, "position", None) else None
        raise XmlProblem(line, f"not well-formed XML ({getattr(error, 'msg', error)})") from None
