"""Every test run uses its own user folders: no test reads or writes the player's card database, autosaves or settings."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest


def pytest_configure(config: pytest.Config) -> None:
    """Point the XDG user folders (platformdirs reads them) at a fresh temporary folder for this run."""
    home = Path(tempfile.mkdtemp(prefix="tabletop-tests-"))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        os.environ[name] = str(home / name.lower())
