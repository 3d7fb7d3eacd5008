"""The README points only at files inside the repository (a clone or a release has nothing beside it)."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_readme_links_stay_inside_the_repository() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../" not in readme
    for target in LINK.findall(readme):
        assert "://" not in target, target
        assert (ROOT / target).resolve().is_relative_to(ROOT), target
