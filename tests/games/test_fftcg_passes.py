"""FFTCG passes: after every command of whole games, the decision the rules give is the one worked out afresh."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from fftcg_testdeck import FIRE_DECK, ICE_DECK, TURN_CAP, build_library  # noqa: E402

from tabletop.engine.commands import PassPriority  # noqa: E402
from tabletop.engine.game import Game  # noqa: E402
from tabletop.engine.rules import GameConfig  # noqa: E402
from tabletop.games import find_game  # noqa: E402


@pytest.mark.parametrize("auto_pass", [[], ["p1", "p2"]], ids=["every-pass-submitted", "forced-passes-by-the-engine"])
def test_the_decision_after_each_pass_is_the_other_seats_as_worked_out_afresh(auto_pass: list[str]) -> None:
    rules = find_game("fftcg")
    library = build_library()
    handed_over = 0
    for seed in range(4):
        config = GameConfig("fftcg", "constructed", seed, decks={"p1": {"main": list(FIRE_DECK)},
                                                                  "p2": {"main": list(ICE_DECK)}}, auto_pass=auto_pass)
        game = Game.start(rules, config, library)
        chooser = random.Random(seed)
        while not game.is_terminal() and game.state.turn <= TURN_CAP:
            before = game.current_player()
            command = chooser.choice(game.legal_commands())
            game.submit(command)
            state = game.state
            given = game.current_player(), rules.unworded_decision(state)
            state.memo_values.clear()  # forget what the pass left known: the decision worked out from the table alone
            fresh = rules.unworded_decision(state)
            assert given == (fresh.player if fresh else None, fresh)
            if isinstance(command, PassPriority) and state.data.get("passes") == 1:
                handed_over += 1
                assert fresh is not None and fresh.player != before and fresh.name == "priority"
    if not auto_pass:  # the engine's forced passes are made inside a step, where no command is seen
        assert handed_over > 20, "too few passes handed priority over to test what follows them"
