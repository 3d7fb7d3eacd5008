"""The built folder dist/tabletop/ works on its own: `make package-test` runs these after `make package`."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from tabletop import __version__

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "dist" / "tabletop" / "tabletop"


@pytest.fixture
def environment(tmp_path: Path) -> dict[str, str]:
    """Return an environment whose user folders are empty and private to the test, without the venv's Python."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_CACHE_HOME=str(tmp_path / "cache"), QT_QPA_PLATFORM="offscreen")
    return env


def _run(arguments: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    if not APP.is_file():
        pytest.fail(f"{APP} is missing: run `make package` first")
    return subprocess.run([str(APP), *arguments], env=env, cwd=cwd, capture_output=True, text=True, timeout=120)


def test_the_packaged_app_prints_its_version(environment: dict[str, str], tmp_path: Path) -> None:
    run = _run(["--version"], environment, tmp_path)
    assert (run.returncode, run.stdout.strip()) == (0, f"tabletop {__version__}")


def test_the_packaged_window_opens_offscreen_and_draws(environment: dict[str, str], tmp_path: Path) -> None:
    picture = tmp_path / "window.png"
    run = _run(["run", "--screenshot", str(picture)], environment, tmp_path)
    assert run.returncode == 0, run.stderr
    with Image.open(picture) as image:
        assert image.width >= 640 and image.height >= 400
        assert len(image.convert("RGB").getcolors(1 << 20) or []) > 20  # a drawn window, not a blank one
    assert (tmp_path / "data" / "tabletop").is_dir()  # the card database was created and migrated


def test_the_packaged_cli_plays_a_bundled_deck(environment: dict[str, str], tmp_path: Path) -> None:
    run = _run(["goldfish", "crimson_tide_pact", "--game", "dreadnought", "--turns", "1"], environment, tmp_path)
    assert run.returncode == 0, run.stderr
    assert "Crimson Tide Pact" in run.stdout and "50 cards in the main deck" in run.stdout


def test_the_folder_carries_fonts_icons_and_desktop_entry_but_no_tests() -> None:
    folder = APP.parent
    assert (folder / "_internal" / "resources" / "fonts" / "TabletopCJKSans-Regular.otf").is_file()
    assert (folder / "_internal" / "resources" / "fonts" / "OFL-TabletopCJKSans.txt").is_file()
    assert (folder / "_internal" / "carddb" / "migrations" / "env.py").is_file()
    assert (folder / "share" / "tabletop.desktop").is_file() and (folder / "share" / "tabletop-256.png").is_file()
    names = {path.name for path in folder.rglob("*")}
    assert not names & {"pytest", "_pytest", "hypothesis", "conftest.py", "tests"}
