"""Every game: a view holds nothing of the cards hidden from its viewer (issue 27 item 1).

The property (hidden_permutation.py): the cards hidden from a viewer trade instance ids and identities at
random, every reference following its card, and the viewer's view stays exactly the same. Checked for
each player and a spectator after every command of random games (the game's own legal commands).
TABLETOP_HIDDEN_GAMES sets the number of games per game (default 2).
"""
from __future__ import annotations

import os
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.engine.game import Game
from tabletop.games import find_game, game_ids
from tests.games.hidden_permutation import leaks_in
from tests.games.sample_decks import sample_config

GAMES = int(os.environ.get("TABLETOP_HIDDEN_GAMES", "2"))
STEPS = 100


@pytest.mark.parametrize("game_id", game_ids())
@settings(max_examples=GAMES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_a_view_is_unchanged_when_the_hidden_cards_trade_places(game_id, seed):
    rules = find_game(game_id)
    config, library = sample_config(game_id, seed=seed)
    game = Game.start(rules, config, library)
    rnd = random.Random(seed)
    private = tuple(getattr(rules, "private_data", ()))
    leaks: Counter[str] = leaks_in(game, rnd, private)
    for _ in range(STEPS):
        legal = game.legal_commands()
        if game.is_terminal() or not legal:
            break
        game.submit(rnd.choice(legal))
        leaks += leaks_in(game, rnd, private)
    assert not leaks, f"{game_id} (seed {seed}): a view shows hidden cards in {dict(leaks)}"
