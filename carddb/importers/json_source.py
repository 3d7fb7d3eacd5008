"""Load a JSON import source, turning any decoding problem into a one-line error naming the file."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from carddb.errors import CardDatabaseError


def load_json(path: Path) -> Any:
    """Return the parsed JSON of `path`; raises CardDatabaseError with line and column on bad JSON."""
    try:
        with path.open(encoding="utf-8-sig") as handle:
            return json.load(handle)
    except UnicodeDecodeError as error:
        raise CardDatabaseError(path, f"is not UTF-8 text (byte {error.start})") from None
    except json.JSONDecodeError as error:
        raise CardDatabaseError(path, f"is not valid JSON: {error.msg} at line {error.lineno} column {error.colno}") from None
