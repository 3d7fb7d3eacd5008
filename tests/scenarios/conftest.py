"""Collect every scenario YAML file under tests/scenarios as a pytest item."""
from __future__ import annotations

from pathlib import Path

import pytest

from carddb.bundled import load_bundled_cards
from tabletop.scenarios.runner import run_scenario


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    if file_path.suffix in (".yaml", ".yml"):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    """A scenario file: one test item."""

    def collect(self):  # type: ignore[no-untyped-def]
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioItem(pytest.Item):
    """Runs one scenario; fails with the runner's message."""

    def runtest(self) -> None:
        result = run_scenario(self.path, load_bundled_cards)
        if not result.passed:
            raise ScenarioFailure(result.message)

    def repr_failure(self, excinfo, style=None):  # type: ignore[no-untyped-def]
        if isinstance(excinfo.value, ScenarioFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):  # type: ignore[no-untyped-def]
        return self.path, 0, f"scenario {self.name}"


class ScenarioFailure(Exception):
    """A scenario that did not pass."""
