"""The layer rule: the rules kernel, the games and the bots import no Qt, SQLAlchemy or Pillow."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PURE = ("tabletop/engine", "tabletop/games", "tabletop/ai")
FORBIDDEN = ("PySide6", "sqlalchemy", "PIL", "alembic", "carddb", "tabletop.ui", "tabletop.app", "tabletop.render")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_pure_layers_import_nothing_forbidden():
    offenders = []
    for folder in PURE:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for name in _imports(path):
                if any(name == f or name.startswith(f + ".") for f in FORBIDDEN):
                    offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_the_checker_sees_a_forbidden_import(tmp_path):
    sample = tmp_path / "bad.py"
    sample.write_text("from PySide6.QtCore import QObject\nimport sqlalchemy.orm\n")
    assert {"PySide6.QtCore", "sqlalchemy.orm"} <= _imports(sample)
