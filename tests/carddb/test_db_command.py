"""`tabletop db import|search|info` as a player runs them."""
from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.app.cli import main
from tests.carddb.conftest import TINY_DATAS, TINY_STRINGS, TINY_TEXTS, make_cdb


def test_import_then_search_then_info(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "cards.sqlite3"
    cdb = make_cdb(tmp_path / "cards.cdb", TINY_DATAS, TINY_TEXTS)
    strings = tmp_path / "strings.conf"
    strings.write_text(TINY_STRINGS)
    assert main(["db", "import", "ygopro-cdb", str(cdb), str(strings), "--db", str(db)]) == 0
    assert "6 added, 0 updated, 0 unchanged, 0 skipped" in capsys.readouterr().out
    assert main(["db", "import", "ygopro-cdb", str(cdb), str(strings), "--db", str(db)]) == 0
    assert "already imported" in capsys.readouterr().out

    assert main(["db", "search", "night", "--attr", "attribute=dark", "--stat", "atk=2000..", "--db", str(db)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and "Test Wyrm of Night" in out[0] and "atk 2500" in out[0]
    assert main(["db", "search", "--game", "yugioh", "--type", "trap", "--db", str(db)]) == 0
    assert "Stop Trap" in capsys.readouterr().out

    assert main(["db", "info", "--db", str(db)]) == 0
    info = capsys.readouterr().out
    # The import line counts the 6 imported cards ("N cards" per game also counts the bundled ones).
    assert "yugioh" in info and "ygopro-cdb: cards.cdb, strings.conf (+6 ~0 skipped 0)" in info


def test_bad_input_is_one_line_and_exit_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "cards.sqlite3"
    broken = tmp_path / "cards.json"
    broken.write_text('[{"id": "1-001H", "name": ')
    assert main(["db", "import", "fftcg-json", str(broken), "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert err == f"tabletop: {broken}: is not valid JSON: Expecting value at line 1 column 27\n"

    not_db = tmp_path / "notes.txt"
    not_db.write_text("hello")
    assert main(["db", "info", "--db", str(not_db)]) == 2
    assert capsys.readouterr().err == f"tabletop: {not_db}: is not a SQLite database (wrong file header)\n"

    assert main(["db", "search", "x", "--stat", "atk=lots", "--db", str(db)]) == 2
    assert "bounds must be whole numbers" in capsys.readouterr().err

    assert main(["db", "import", "fftcg-json", str(tmp_path / "missing.json"), "--db", str(db)]) == 2
    assert capsys.readouterr().err == f"tabletop: {tmp_path / 'missing.json'}: no such file\n"


def test_an_unknown_format_is_refused_by_the_parser(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["db", "import", "mtg-json", str(tmp_path / "x.json")])
    assert caught.value.code == 2


def test_a_search_starts_without_sqlalchemy_qt_or_the_games(tmp_path: Path) -> None:
    # What a `db search` imports decides its start-up time (benchmarks/carddb_bench.py measures it).
    import subprocess
    import sys

    db = tmp_path / "cards.sqlite3"
    assert main(["db", "info", "--db", str(db)]) == 0
    probe = (
        "import sys; from tabletop.app.cli import main; "
        f"status = main(['db', 'search', 'nothing', '--db', {str(db)!r}]); "
        "print(status, sorted(m for m in ('sqlalchemy', 'PySide6', 'PIL', 'tabletop.games', 'yaml') if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "0 []"
