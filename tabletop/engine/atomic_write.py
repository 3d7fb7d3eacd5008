"""Writing a file so that a crash or a kill mid-write never leaves it half written."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, text: str, newline: str | None = None) -> None:
    """Write `text` to `path`: a temporary file in the same folder, flushed to disk, renamed over it.

    Contract: after a crash the file holds either its old contents or the new ones, never a mix.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline=newline) as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
