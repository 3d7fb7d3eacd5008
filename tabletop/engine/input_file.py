"""Reading a file a user gave: its bytes, or a one-line BadInput when it is missing, a folder, unreadable or too large."""
from __future__ import annotations

from pathlib import Path

from tabletop.engine.errors import BadInput


def read_capped(path: Path, max_bytes: int, kind: str = "file") -> bytes:
    """Return the bytes of `path`; a file over `max_bytes` is refused unread (`kind` names it: "game record")."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise BadInput(path, f"too large for a {kind} ({size} bytes, at most {max_bytes})")
        return path.read_bytes()
    except FileNotFoundError:
        raise BadInput(path, "no such file") from None
    except IsADirectoryError:
        raise BadInput(path, f"a folder, not a {kind}") from None
    except OSError as error:
        raise BadInput(path, f"cannot read the file ({error.strerror or error})") from None
