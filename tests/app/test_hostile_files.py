"""Hostile scenario, card and deck files: each is refused in one line naming the file, or read, within a second.

The files are made here (none is committed); `pytest -s tests/app/test_hostile_files.py` prints each
one's outcome, `benchmarks/hostile_files_bench.py` its time. Before the caps, some raised tracebacks, ran
out of memory or took minutes.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from carddb.bundled import load_bundled_cards
from carddb.decks.deck_list import MAX_COPIES
from carddb.decks.files import MAX_DECK_FILE_BYTES, read_deck_file
from tabletop.app.deck_source import load_cards_file, load_deck
from tabletop.engine.errors import BadInput
from tabletop.games import find_game
from tabletop.scenarios.runner import run_scenario
from tabletop.scenarios.yaml_input import MAX_YAML_BYTES

LONG = 50_000   # characters in a long line: over a minute for the backtracking patterns of before


def _laughs(levels: int = 7) -> str:
    """Return YAML whose last anchor expands to 9**levels strings ("billion laughs")."""
    lines = ["l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]" for i in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


SCENARIO_TAIL = "game: freeform\nsteps: []\n"

# (name, file content, words the one-line refusal holds)
SCENARIOS: list[tuple[str, bytes, str]] = [
    ("list nested 1,000 deep", ("name: " + "[" * 1000 + "]" * 1000 + "\n" + SCENARIO_TAIL).encode(), "nested more than 64"),
    ("mapping nested 1,000 deep", ("name: x\n" + SCENARIO_TAIL + "setup: " + "{a: " * 1000 + "1" + "}" * 1000).encode(),
     "nested more than 64"),
    ("billion laughs in the name", (_laughs().replace("l7: &l7", "name: &l7") + SCENARIO_TAIL).encode(),
     "once aliases are expanded"),
    ("alias to itself", ("name: &me [*me]\n" + SCENARIO_TAIL).encode(), "refers to the value that contains it"),
    ("5,000-digit seed", ("name: x\nseed: " + "9" * 5000 + "\n" + SCENARIO_TAIL).encode(), "5000 digits"),
    ("seed of 24 digits", ("name: x\nseed: 123456789012345678901234\n" + SCENARIO_TAIL).encode(), "24 digits"),
    ("Latin-1 text", "name: café\n".encode("latin-1") + SCENARIO_TAIL.encode(), "not UTF-8 text"),
    ("a Python object tag", ("name: !!python/object/apply:os.system ['true']\n" + SCENARIO_TAIL).encode(),
     "could not determine a constructor"),
    ("a billion filler cards", ("name: x\n" + SCENARIO_TAIL + "setup: {players: {p1: {hand: 1000000000}}}\n").encode(),
     "a count of cards from 0 to 1000"),
    ("empty file", b"", "a scenario must be a mapping"),
    ("setup a list", ("name: x\n" + SCENARIO_TAIL + "setup: [1]\n").encode(), "field 'setup' must be a mapping"),
    ("cards a number", ("name: x\n" + SCENARIO_TAIL + "cards: 5\n").encode(), "field 'cards' must be a list"),
    ("seats a number", ("name: x\n" + SCENARIO_TAIL + "seats: 3\n").encode(), "field 'seats' must be a mapping"),
]

CARD_FILES: list[tuple[str, bytes, str]] = [
    ("cards nested 1,000 deep", ("cards: " + "[" * 1000 + "]" * 1000).encode(), "nested more than 64"),
    ("billion laughs in a card", (_laughs() + "cards: [{id: a, name: *l7, type: thing}]\n").encode(),
     "once aliases are expanded"),
    ("5,000-digit power", ("- {id: a, name: A, type: thing, stats: {power: " + "9" * 5000 + "}}\n").encode(), "5000 digits"),
    ("UTF-16 file", "- {id: a, name: A, type: thing}\n".encode("utf-16"), "not UTF-8 text"),
]

# Deck lines that took quadratic time: spaces inside a name before no count, a code or a header count.
DECK_FILES: list[tuple[str, bytes, str]] = [
    ("50 KB line, no count", ("# game: freeform\na" + " " * LONG + "b\n").encode(), "expected 'COUNT NAME'"),
    ("50 KB line, count first", ("# game: freeform\n1 a" + " " * LONG + "b\n").encode(), "read"),
    ("50 KB line, count last", ("# game: freeform\na" + " " * LONG + "x3\n").encode(), "read"),
    ("50 KB line, code", ("# game: freeform\n1 a" + " " * LONG + "(b\n").encode(), "read"),
    ("50 KB comment", ("# game: freeform\n# a" + " " * LONG + "(1\n1 a\n").encode(), "read"),
    ("10^9 copies, count first", b"# game: freeform\n1000000000 Plain Card\n", f"at most {MAX_COPIES} cards"),
    ("10^9 copies, count last", b"# game: freeform\nPlain Card x1000000000\n", f"at most {MAX_COPIES} cards"),
    ("5,000-digit count", b"# game: freeform\n" + b"9" * 5000 + b" Plain Card\n", f"at most {MAX_COPIES} cards"),
    ("1,001 lines of one card", b"# game: freeform\n" + b"1 Plain Card\n" * (MAX_COPIES + 1), f"more than {MAX_COPIES} cards"),
    ("ydk of 20,000 passcodes", b"#main\n" + b"".join(b"%d\n" % (10_000_000 + i) for i in range(20_000)),
     f"more than {MAX_COPIES} cards"),
    ("ydk 5,000-digit passcode", b"#main\n" + b"9" * 5000 + b"\n", "at most 10 digits"),
    ("o8d of 10^9 copies", b'<?xml version="1.0"?><deck game="x"><section name="Main">'
                           b'<card qty="1000000000" id="abc">A</card></section></deck>', f"more than {MAX_COPIES} cards"),
    ("o8d entity expansion", b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "lol">]><deck/>',
     "entity declarations are not allowed"),
    ("Latin-1 deck", "# game: freeform\n1 Café\n".encode("latin-1"), "not UTF-8"),
]

PLAIN_DECKS: list[tuple[str, bytes, str]] = [
    ("plain 50 KB line", ("1 c1" + " " * LONG + "b\n").encode(), "unknown card"),
    ("plain 10^9 copies", b"1000000000 c1\n", "at most 1000 cards"),
    ("plain 1,001 copies in two lines", b"600 c1\n401 c2\n", "at most 1000 cards"),
    ("plain Latin-1", "1 c1 # café\n".encode("latin-1"), "not UTF-8"),
]


def read_scenario(path: Path) -> str:
    """Return a scenario file's refusal, or "read"."""
    result = run_scenario(path, load_bundled_cards)
    return result.message if result.malformed else "read"


def read_card_file(path: Path) -> str:
    """Return a card file's refusal, or "read"."""
    try:
        load_cards_file(path, find_game("freeform"))
    except BadInput as error:
        return str(error)
    return "read"


def read_deck(path: Path) -> str:
    """Return a deck file's refusal (DeckFormatError), or "read"."""
    try:
        read_deck_file(path)
    except ValueError as error:
        return str(error)
    return "read"


def read_plain_deck(path: Path) -> str:
    """Return the refusal of a plain `N card-id` deck read with a card file, or "read"."""
    cards = path.with_name("cards.yaml")
    cards.write_text("- {id: c1, name: One, type: thing}\n- {id: c2, name: Two, type: thing}\n")
    try:
        load_deck(str(path), find_game("freeform"), cards_file=cards)
    except BadInput as error:
        return str(error)
    return "read"


def _file_name(kind: str, name: str) -> str:
    if kind == "deck":
        return "deck.ydk" if "ydk" in name else "deck.o8d" if "o8d" in name else "deck.txt"
    return {"scenario": "scenario.yaml", "cards": "cards.yaml", "plain deck": "deck.txt"}[kind]


# (kind, name, file content, words the outcome holds); the benchmark times the same files
CORPUS: list[tuple[str, str, bytes, str]] = (
    [("scenario", *case) for case in SCENARIOS] + [("cards", *case) for case in CARD_FILES]
    + [("deck", *case) for case in DECK_FILES] + [("plain deck", *case) for case in PLAIN_DECKS])
READERS: dict[str, Callable[[Path], str]] = {
    "scenario": read_scenario, "cards": read_card_file, "deck": read_deck, "plain deck": read_plain_deck}


def write_hostile_file(folder: Path, kind: str, name: str, content: bytes) -> Path:
    """Write one file of the corpus into `folder`; return its path."""
    path = folder / _file_name(kind, name)
    path.write_bytes(content)
    return path


@pytest.mark.parametrize("kind, name, content, words", CORPUS, ids=[f"{c[0]}: {c[1]}" for c in CORPUS])
def test_a_hostile_file_is_refused_in_one_line_naming_it_or_read(tmp_path, kind, name, content, words):
    path = write_hostile_file(tmp_path, kind, name, content)
    outcome = READERS[kind](path)
    print(f"\n{kind}: {name}: {outcome[:160]}")
    assert "\n" not in outcome and (outcome == "read" or str(path) in outcome)
    assert words in outcome


@pytest.mark.parametrize("cap, write", [
    (MAX_YAML_BYTES, lambda path: run_scenario(path, load_bundled_cards).message),
    (MAX_DECK_FILE_BYTES, lambda path: str(pytest.raises(ValueError, read_deck_file, path).value)),
])
def test_a_file_over_its_size_cap_is_refused_unread(tmp_path, cap, write):
    path = tmp_path / "huge.yaml"
    with path.open("wb") as stream:
        stream.truncate(cap + 1)
    assert "too large" in write(path)


def test_ordinary_deck_lines_read_as_before():
    from carddb.decks.plain_text import read_plain_text

    deck = read_plain_text("# game: vanguard\n# Main Deck (4)\n3 Blaze (VG-001)\n1x Bolt [VG-2]\nSpark x 2\nMax3 x4\n"
                           "Ride Deck:\n1 Ride Me\n")
    assert [(s, n, r.name, r.code) for s, n, r in deck.entries()] == [
        ("main", 3, "Blaze", "VG-001"), ("main", 1, "Bolt", "VG-2"), ("main", 2, "Spark", ""),
        ("main", 4, "Max3", ""), ("ride", 1, "Ride Me", "")]
