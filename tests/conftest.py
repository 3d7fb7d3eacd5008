"""Settings every test shares: its own user folders, and reproducible new-branch seeds.

No test reads or writes the player's card database, autosaves or settings: the XDG user folders (platformdirs
reads them) point at a fresh temporary folder for the run.
"""
from __future__ import annotations

import os
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

# The "fresh" seeds of new branches after an undo (Game.new_branch_reseed), in tests: a sequence started
# anew for each test from its name, so a random game that undoes and plays on (the "taken exactly when
# listed" checks) plays the same way at every run, alone or in the whole suite.
_NEW_BRANCH_SEEDS = random.Random()


def pytest_configure(config: pytest.Config) -> None:
    """Point the XDG user folders at a fresh temporary folder for this run."""
    home = Path(tempfile.mkdtemp(prefix="tabletop-tests-"))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        os.environ[name] = str(home / name.lower())


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Start the new-branch seeds afresh for each test."""
    _NEW_BRANCH_SEEDS.seed(item.nodeid)


@pytest.fixture(autouse=True, scope="session")
def reproducible_new_branches() -> Iterator[None]:
    """Draw the seeds of new branches after an undo from `_NEW_BRANCH_SEEDS` instead of the system's entropy."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("tabletop.engine.game._fresh_entropy", lambda: _NEW_BRANCH_SEEDS.getrandbits(64))
        yield
