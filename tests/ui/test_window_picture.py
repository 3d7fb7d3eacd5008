"""`tabletop run --screenshot FILE` opens the window, saves its picture and quits (how an installation is checked)."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from tabletop import __version__
from tabletop.app.cli import main


def test_run_with_screenshot_saves_the_window_and_returns_0(qapp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    picture = tmp_path / "window.png"
    assert main(["run", "--db", str(tmp_path / "cards.db"), "--screenshot", str(picture)]) == 0
    with Image.open(picture) as image:
        assert image.width >= 640 and len(image.convert("RGB").getcolors(1 << 20) or []) > 20


def test_run_with_screenshot_names_a_file_it_cannot_write(qapp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,  # noqa: ANN001
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    target = tmp_path / "no such folder" / "window.png"
    assert main(["run", "--db", str(tmp_path / "cards.db"), "--screenshot", str(target)]) == 1
    assert capsys.readouterr().err.strip() == f"{target}: cannot write the window's picture there"


def test_version_prints_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0 and capsys.readouterr().out.strip() == f"tabletop {__version__}"
