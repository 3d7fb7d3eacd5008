"""Settings every test shares."""
from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

# The "fresh" seeds of new branches after an undo (Game.new_branch_reseed), in tests: a sequence started
# anew for each test from its name, so a random game that undoes and plays on (the "taken exactly when
# listed" checks) plays the same way at every run, alone or in the whole suite.
_NEW_BRANCH_SEEDS = random.Random()


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Start the new-branch seeds afresh for each test."""
    _NEW_BRANCH_SEEDS.seed(item.nodeid)


@pytest.fixture(autouse=True, scope="session")
def reproducible_new_branches() -> Iterator[None]:
    """Draw the seeds of new branches after an undo from `_NEW_BRANCH_SEEDS` instead of the system's entropy."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("tabletop.engine.game._fresh_entropy", lambda: _NEW_BRANCH_SEEDS.getrandbits(64))
        yield
