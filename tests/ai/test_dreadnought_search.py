"""The DreadNought Monte-Carlo search: the opponent's hidden cards dealt from what their casters let them hold, and
no more deals once they repeat the same scores."""
from __future__ import annotations

import random
from collections import Counter

from carddb.bundled import load_bundled_cards, load_bundled_decks
from tabletop.ai.bot import Knowledge
from tabletop.ai.determinize import determinize
from tabletop.ai.montecarlo import SETTLED_ROUNDS_BY_GAME, MonteCarloBot
from tabletop.ai.possible_decks import DREADNOUGHT_COPIES, with_guessed_opponent_deck
from tabletop.engine.cards import CardLibrary
from tabletop.engine.game import Game
from tabletop.engine.rules import GameConfig
from tabletop.engine.view import view_for
from tabletop.games import find_game
from tabletop.games.dreadnought.commands import Attack
from tabletop.games.dreadnought.construction import clusters
from tests.ai.test_dreadnought_evaluation import action_table


def bundled_game(seed: int = 3) -> tuple[Game, dict[str, dict[str, list[str]]]]:
    """Return a DreadNought game of the two bundled decks at its first decision, and the decks."""
    decks = load_bundled_decks("dreadnought")[:2]
    chosen = {player: deck.as_config_sections() for player, deck in zip(("p1", "p2"), decks)}
    config = GameConfig("dreadnought", seed=seed, decks=chosen)
    return Game.start(find_game("dreadnought"), config, CardLibrary(load_bundled_cards("dreadnought"))), chosen


def test_the_opponents_hidden_cards_are_imagined_from_what_their_casters_let_them_hold() -> None:
    # DN 2.1-2.3: no deck holds a caster, and the casters' clusters name the cards a deck may hold
    game, decks = bundled_game()
    view = view_for(game.state, "p1")
    knowledge = Knowledge("p1", find_game("dreadnought"), game.state.library, own_deck=decks["p1"])
    guessed = with_guessed_opponent_deck(view, knowledge).opponent_deck
    assert guessed is not None
    listed = Counter(guessed["main"])
    assert set(decks["p2"]["main"]) <= set(listed)
    casters = {colour for iid in game.state.zones["p2.caster.left"].cards + game.state.zones["p2.caster.right"].cards
               for colour in clusters(game.state.definition(iid))}
    assert all(set(clusters(game.state.library[card_id])) <= casters | {"all"} for card_id in listed)
    assert max(listed.values()) == DREADNOUGHT_COPIES
    for seed in range(5):
        state = determinize(view, with_guessed_opponent_deck(view, knowledge), random.Random(seed))
        hidden = [iid for zone in ("hand", "deck", "hp.left", "hp.right")
                  for iid in state.zones[f"p2.{zone}"].cards]
        assert hidden and all(state.definition(iid).card_type != "caster" for iid in hidden)


def test_a_known_opponent_deck_is_not_replaced_by_the_guess() -> None:
    game, decks = bundled_game()
    knowledge = Knowledge("p1", find_game("dreadnought"), game.state.library, own_deck=decks["p1"],
                          opponent_deck=decks["p2"])
    assert with_guessed_opponent_deck(view_for(game.state, "p1"), knowledge) is knowledge



def test_the_monte_carlo_bot_stops_thinking_once_the_deals_repeat_the_same_scores() -> None:
    # p2 holds no card: what the deals imagine (p2's deck, both sides' HP cards) changes no score of p1's attacks
    game = action_table({"units.left": ["big"], "units.right": ["small"]}, {"units.left": ["weak"]})
    decision = game.pending_decision()
    assert decision is not None
    knowledge = Knowledge("p1", type(game.rules)(), game.state.library)
    # a clock that never moves: only the settled rounds (or the cap) end the thinking
    bot = MonteCarloBot(knowledge, budget_ms=300, seed=1, max_rounds=40, clock=lambda: 0.0)
    answer = bot.choose(view_for(game.state, "p1"), decision, game.legal_commands("p1"))
    assert bot.rounds_played == SETTLED_ROUNDS_BY_GAME["dreadnought"]
    assert isinstance(answer, Attack)
