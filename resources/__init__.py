"""The app's own files that are not code (fonts, icons), found through importlib.resources.

The same call finds them in a clone, an installed wheel and the PyInstaller folder.
"""
from __future__ import annotations

import atexit
from contextlib import ExitStack
from functools import lru_cache
from importlib.resources import as_file, files
from pathlib import Path

_EXTRACTED = ExitStack()  # files extracted from a zipped install stay until the process ends
atexit.register(_EXTRACTED.close)


@lru_cache(maxsize=None)
def resource_path(*parts: str) -> Path:
    """Return a file system path of the resource at `parts` (e.g. "fonts", "X.otf"); FileNotFoundError if absent."""
    resource = files(__name__).joinpath(*parts)
    if not resource.is_file():
        raise FileNotFoundError(f"resources/{'/'.join(parts)}: missing from this installation")
    return _EXTRACTED.enter_context(as_file(resource))
