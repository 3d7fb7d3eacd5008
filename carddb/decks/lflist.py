"""YGOPro `lflist.conf` banlists: `!name` starts a list, `passcode count --name` lines limit a card."""
from __future__ import annotations

import os
from pathlib import Path

from carddb.decks.deck_list import DeckFormatError


def read_lflist(text: str, *, source: str = "<lflist>") -> dict[str, dict[str, int]]:
    """Return each list's name -> {passcode: copies allowed (0, 1 or 2)}, in file order.

    `#` lines are comments; raises DeckFormatError naming the line that is neither.
    """
    lists: dict[str, dict[str, int]] = {}
    current: dict[str, int] | None = None
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("!"):
            current = lists.setdefault(line[1:].strip(), {})
            continue
        parts = line.split("--", 1)[0].split()
        if len(parts) < 2 or not parts[0].isdigit() or not parts[1].lstrip("-").isdigit():
            raise DeckFormatError(source, number, f"expected 'PASSCODE COUNT --name', got {line!r}")
        if current is None:
            raise DeckFormatError(source, number, "a card line before the first '!list name' line")
        current[str(int(parts[0]))] = max(0, int(parts[1]))
    if not lists:
        raise DeckFormatError(source, None, "no '!list name' line: not an lflist.conf banlist")
    return lists


def read_lflist_file(path: str | os.PathLike[str]) -> dict[str, dict[str, int]]:
    """Read an lflist.conf file; unreadable or malformed files raise DeckFormatError naming the file."""
    path = Path(path)
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as error:
        raise DeckFormatError(str(path), None, f"cannot read the file ({error.strerror or error})") from None
    except UnicodeDecodeError:
        raise DeckFormatError(str(path), None, "the file is not UTF-8 text") from None
    return read_lflist(text, source=str(path))
