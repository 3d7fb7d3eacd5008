"""FFTCG plays listed at an earlier table: submitted later, they are checked as a command built anew is."""
from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from fftcg_testdeck import FIRE_DECK, ICE_DECK, TURN_CAP, build_library  # noqa: E402

from tabletop.engine.commands import Command  # noqa: E402
from tabletop.engine.errors import IllegalCommand  # noqa: E402
from tabletop.engine.game import Game  # noqa: E402
from tabletop.engine.rules import GameConfig  # noqa: E402
from tabletop.games import find_game  # noqa: E402
from tabletop.games.fftcg.commands import CastSummon, PlayCharacter, UseAbility  # noqa: E402


def _outcome(game: Game, command: Command) -> str:
    """Submit a command and undo it; say whether it was taken or why it was refused."""
    try:
        game.submit(command)
    except IllegalCommand as refusal:
        return f"refused: {refusal}"
    game.undo()
    return "taken"


def test_a_play_listed_at_an_earlier_table_is_judged_as_a_copy_of_it_is() -> None:
    # a listed play is carried out without its checks only at the table it was listed at (FFTCGRules._is_listed):
    # the same object offered one decision later, with this table's listing known, must be refused when a copy is
    rules = find_game("fftcg")
    library = build_library()
    refused = taken = 0
    for seed in range(2):
        config = GameConfig("fftcg", "constructed", seed, decks={"p1": {"main": list(FIRE_DECK)},
                                                                  "p2": {"main": list(ICE_DECK)}})
        game = Game.start(rules, config, library)
        chooser = random.Random(seed)
        earlier: list[Command] = []
        while not game.is_terminal() and game.state.turn <= TURN_CAP:
            for stale in earlier:
                listed = game.legal_commands()  # this table's listing is known, as it is when a player picks from it
                judged = _outcome(game, stale)
                assert (judged == "taken") == (stale in listed), f"{stale.describe()}: {judged}"
                assert judged == _outcome(game, dataclasses.replace(stale)), stale.describe()
                refused += judged != "taken"
                taken += judged == "taken"
            options = game.legal_commands()
            earlier = [c for c in options if isinstance(c, (PlayCharacter, CastSummon, UseAbility))]
            game.submit(chooser.choice(options))
    assert refused > 20 and taken > 20, (refused, taken)
