"""Load a JSON import source, turning any decoding problem into a one-line error naming the file; read its image URL."""
from __future__ import annotations

import json
from pathlib import Path
from collections.abc import Mapping
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


def image_url(record: Mapping[str, Any]) -> str | None:
    """Return the web address of the card's picture a record carries (its `image` field), or None.

    Kept as the attribute `image_url` for reference only: nothing is downloaded.
    """
    value = record.get("image")
    return value if isinstance(value, str) and value.startswith(("https://", "http://")) else None
