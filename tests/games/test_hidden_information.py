"""Every game: a view holds nothing of the cards hidden from its viewer (issue 27 item 1).

The property (hidden_permutation.py): the cards hidden from a viewer trade instance ids and identities at
random, every reference following its card, and the viewer's view stays exactly the same. Checked for
each player and a spectator after every command of random games (the game's own legal commands).
TABLETOP_HIDDEN_GAMES sets the number of games per game (default 2).
"""
from __future__ import annotations

import os
import re
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.engine.changes import MoveCard, SetRevealed
from tabletop.engine.game import Game
from tabletop.engine.zones import Visibility
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


def _public_names(game: Game) -> set[str]:
    state = game.state
    return {state.definition(iid).name for iid in state.cards if state.is_visible_to(iid, None)}


def _shown_in_passing(game: Game) -> set[str]:
    """Return the names of the cards the last command showed everyone on their way (a check, a reveal)."""
    state, names = game.state, set()
    for change in game.history.done[-1].changes:
        iid = getattr(change, "iid", None)
        if iid not in state.cards:
            continue
        if isinstance(change, MoveCard) and not state.cards[iid].face_down and (
                state.zones[change.target].spec.visibility is Visibility.PUBLIC):
            names.add(state.definition(iid).name)
        if isinstance(change, SetRevealed) and "all" in change.new:
            names.add(state.definition(iid).name)
    return names


@pytest.mark.parametrize("game_id", game_ids())
def test_a_log_line_names_only_cards_every_reader_may_see(game_id):
    """The log is public: a card it names is face up to everyone before, during or after the command that wrote it."""
    rules = find_game(game_id)
    for seed in range(GAMES):
        config, library = sample_config(game_id, seed=seed)
        game = Game.start(rules, config, library)
        names = {card.name for card in library.values() if len(card.name) > 3}
        rnd = random.Random(seed)
        for _ in range(STEPS):
            legal = game.legal_commands()
            if game.is_terminal() or not legal:
                break
            before, logged = _public_names(game), len(game.state.log)
            game.submit(rnd.choice(legal))
            public = before | _public_names(game) | _shown_in_passing(game)
            for entry in game.state.log[logged:]:
                named = {n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", entry.text)}
                assert named <= public, f"{game_id} (seed {seed}): the log line {entry.text!r} names {named - public}"
