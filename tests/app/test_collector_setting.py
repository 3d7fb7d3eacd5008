"""The command line plays with a cyclic garbage collector that runs seldom, and never makes it run more often."""
from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from tabletop.app.cli import main
from tabletop.engine.collector import YOUNG_GENERATION_THRESHOLD


@pytest.fixture
def collector_setting() -> Iterator[None]:
    saved = gc.get_threshold()
    yield
    gc.set_threshold(*saved)


def test_the_command_line_raises_the_youngest_generations_threshold(
        collector_setting: None, capsys: pytest.CaptureFixture[str]) -> None:
    gc.set_threshold(700, 10, 10)
    with pytest.raises(SystemExit):
        main(["--version"])
    assert gc.get_threshold() == (YOUNG_GENERATION_THRESHOLD, 10, 10)


def test_a_higher_threshold_set_before_is_kept(collector_setting: None, capsys: pytest.CaptureFixture[str]) -> None:
    gc.set_threshold(YOUNG_GENERATION_THRESHOLD * 5, 20, 30)
    with pytest.raises(SystemExit):
        main(["--version"])
    assert gc.get_threshold() == (YOUNG_GENERATION_THRESHOLD * 5, 20, 30)
