"""Decks are read the same way everywhere: a card a deck names is found in the player's database or the
bundled sets, and one that is in neither is named with how to get it."""
from __future__ import annotations

from pathlib import Path

from tabletop.app.cli import main


def test_a_deck_of_cards_nobody_imported_says_which_card_and_how_to_get_it(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    deck = tmp_path / "real.ydk"
    deck.write_text("#main\n89631139\n89631139\n#extra\n!side\n", encoding="utf-8")
    assert main(["goldfish", str(deck), "--game", "yugioh", "--db", str(tmp_path / "cards.sqlite3")]) == 2
    assert capsys.readouterr().err.strip() == (
        f"tabletop goldfish: {deck}: card '89631139' (2x in main) is not in the card database or the bundled "
        "sets: import your cards first (`tabletop db import ygopro-cdb FILE`)")


def test_simulate_reads_a_deck_with_the_given_database(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    """A bundled deck's name resolves with a (new, empty) database too: bundled cards are always known."""
    args = ["simulate", "--game", "fftcg", "--deck", "Emberfall Vanguard", "--deck", "Tidewind Concord", "--games", "1",
            "--bots", "random", "--quiet", "--jobs", "1", "--db", str(tmp_path / "cards.sqlite3")]
    assert main(args) == 0
