"""YGOPro `lflist.conf` banlists in the deck editor's form: each list's copies allowed by passcode.

The file is read by carddb/banlist.py, the one lflist reader. A whitelist list (`$whitelist`: every card it does not
name is Forbidden) cannot be said by passcodes alone and is left out of this form; the New Game dialog and
`tabletop simulate --banlist` check decks against it through carddb.banlist.
"""
from __future__ import annotations

import os
from pathlib import Path

from carddb.banlist import BanList, parse_lflist
from carddb.banlist import read_lflist as read_banlists
from carddb.decks.deck_list import DeckFormatError
from carddb.errors import CardDatabaseError


def read_lflist(text: str, *, source: str = "<lflist>") -> dict[str, dict[str, int]]:
    """Return each list's name -> {passcode: copies allowed (0, 1 or 2)}, in file order.

    `#` lines are comments; raises DeckFormatError naming the line that is neither.
    """
    return _by_passcode(parse_lflist(text, source))


def read_lflist_file(path: str | os.PathLike[str]) -> dict[str, dict[str, int]]:
    """Read an lflist.conf file; unreadable or malformed files raise DeckFormatError naming the file."""
    try:
        lists = read_banlists(Path(path))
    except CardDatabaseError as error:
        raise DeckFormatError(str(path), None, error.problem) from None
    return _by_passcode(lists)


def _by_passcode(lists: dict[str, BanList]) -> dict[str, dict[str, int]]:
    return {name: {str(code): limit for code, limit in banlist.limits.items()}
            for name, banlist in lists.items() if not banlist.whitelist}
