"""Importers of card files players already have, one module per format, looked up by format name.

Each module defines `read(paths, progress) -> ImportBatch`; `carddb.importing.import_files`
runs it and stores the result in one transaction.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from pathlib import Path

from carddb.importing import ImportBatch

FORMATS: dict[str, str] = {
    "ygopro-cdb": "carddb.importers.ygopro_cdb",
    "fftcg-json": "carddb.importers.fftcg_json",
    "ga-csv": "carddb.importers.ga_csv",
    "vanguard-json": "carddb.importers.vanguard_json",
    "vanguard-cdb": "carddb.importers.vanguard_cdb",
    "octgn-set-xml": "carddb.importers.octgn_set_xml",
}

Reader = Callable[[Sequence[Path], Callable[[int, int], None] | None], ImportBatch]


def reader_for(format: str) -> Reader:
    """Return the reader of `format`; raises ValueError listing the known formats."""
    if format not in FORMATS:
        raise ValueError(f"unknown import format {format!r} (known: {', '.join(FORMATS)})")
    return importlib.import_module(FORMATS[format]).read
