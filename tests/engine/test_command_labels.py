"""Step labels (history, Undo menu, log) say what happened in the players' words and name no hidden card."""
from __future__ import annotations

import random
import re

from tabletop.engine.game import Game
from tabletop.games import find_game
from tests.games.sample_decks import sample_config


def test_a_mulligan_is_labelled_without_the_cards_or_their_ids() -> None:
    config, library = sample_config("fftcg", seed=3)
    game = Game.start(find_game("fftcg"), config, library)
    decision = game.pending_decision()
    assert decision is not None and decision.name == "mulligan"
    hand = list(game.state.zones[f"{decision.player}.hand"].cards)
    names = {game.state.definition(i).name for i in hand}
    yes = next(c for c in game.legal_commands(decision.player) if getattr(c, "yes", None))
    game.submit(yes)
    label = game.undo_label()
    assert label.startswith(f"{decision.player}: Choose: yes") and not any(name in label for name in names)
    assert not any(str(i) in label for i in hand)


def test_labels_of_whole_games_name_only_cards_everyone_sees() -> None:
    for game_id in ("fftcg", "vanguard"):
        config, library = sample_config(game_id, seed=1)
        config.auto_pass = ["p1", "p2"]
        game = Game.start(find_game(game_id), config, library)
        chooser = random.Random(1)
        for _ in range(200):
            decision = game.pending_decision()
            if decision is None:
                break
            game.submit(chooser.choice(game.legal_commands(decision.player)))
            label = game.undo_label()
            hidden = {game.state.definition(i).name for i, card in game.state.cards.items()
                      if not game.state.is_visible_to(i, None)} - {
                game.state.definition(i).name for i in game.state.cards if game.state.is_visible_to(i, None)}
            assert not any(name in label for name in hidden), label
            assert not re.search(r"\w+=\d", label), label   # no "card=42": instance ids are not for players
