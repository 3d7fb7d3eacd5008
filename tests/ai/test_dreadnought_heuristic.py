"""The DreadNought heuristic bot at the table: it declines draws that would deck it out, and it presses the
caster that still has HP rather than the units of a caster already at 0 HP."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from carddb.bundled import load_bundled_cards
from tabletop.ai.bot import Knowledge
from tabletop.ai.heuristic import HeuristicBot
from tabletop.engine.commands import Choose, Command, PassPriority
from tabletop.engine.game import Game
from tabletop.engine.view import view_for
from tabletop.games import find_game
from tabletop.games.dreadnought.commands import Attack
from tabletop.scenarios.runner import ScenarioPlayer
from tests.ai.test_dreadnought_evaluation import CARDS

# "When a unit is broken, you may draw a card" (a 《Trigger》 like the bundled set's).
DRAWER = {"id": "drawer", "name": "Drawer", "type": "unit", "size": "S", "bp": 100, "sp": 3, "cluster": ["red"],
          "effects": [{"timing": "trigger", "when": "unit_broken", "may": True, "do": [{"effect": "draw", "count": 1}]}]}


def table(p1: dict[str, Any], p2: dict[str, Any]) -> Game:
    """Return a game in the Action Phase with p1 first and to act; each seat's zones as given (casters at 2 HP)."""
    seats = {p: {"caster.left": ["caster-a"], "caster.right": ["caster-b"], "hp.left": 2, "hp.right": 2,
                 "deck": 10, **zones} for p, zones in (("p1", p1), ("p2", p2))}
    data = {"game": "dreadnought", "cards": [*CARDS, DRAWER], "steps": [],
            "setup": {"phase": "action", "first": "p1", "players": seats}}
    return ScenarioPlayer(Path("dreadnought-heuristic-test.yaml"), data, find_game, load_bundled_cards).game


def bot_choice(game: Game, seed: int = 0) -> Command:
    """Return what a heuristic bot seated as the deciding player chooses now."""
    decision = game.pending_decision()
    assert decision is not None
    player = decision.player
    knowledge = Knowledge(player, type(game.rules)(), game.state.library, options=game.config.options)
    bot = HeuristicBot(knowledge, seed)
    return bot.choose(view_for(game.state, player), decision, game.legal_commands(player))


def offered_draw(deck: int) -> Game:
    """Return a game where p1's Drawer has just seen a unit break and p1 may draw a card, p1's deck holding `deck`."""
    game = table({"units.left": ["small"], "units.right": ["drawer"], "deck": deck}, {"units.left": ["weak"]})
    attacker, blocker = game.state.zones["p1.units.left"].cards[0], game.state.zones["p2.units.left"].cards[0]
    game.submit(Attack(by="p1", attackers=(attacker,), side="left"))
    game.submit(Choose(by="p2", picks=(blocker,)))
    game.submit(PassPriority(by="p2"))
    game.submit(PassPriority(by="p1"))
    assert game.pending_decision().name == "trigger_may"
    return game


def test_the_bot_declines_a_draw_that_would_take_an_hp_card_from_its_empty_deck() -> None:
    # DN 1.3: drawing from an empty deck takes an HP card instead (both casters have some: p1 would choose which)
    for seed in range(4):
        assert bot_choice(offered_draw(deck=0), seed) == Choose(by="p1", yes=False)


def test_the_bot_still_draws_when_its_deck_has_the_card() -> None:
    assert bot_choice(offered_draw(deck=5)) == Choose(by="p1", yes=True)


def test_the_bot_breaks_a_unit_guarding_hp_rather_than_one_beside_a_caster_at_0_hp() -> None:
    # p2's left caster is at 0 HP beside a 100 BP unit; its right caster keeps 2 HP behind an 80 and a 100 BP unit.
    # p1's 100 BP unit breaks a unit at either area (DN 6.2), but only the right one brings an HP card nearer:
    # once its last unit is broken the attack bonus breaks an HP card there (DN 6.4), while the left caster can
    # lose nothing more and its unit blocks for no one else (DN 6.1.4)
    game = table({"units.left": ["small"]},
                 {"hp.left": 0, "units.left": ["small"], "units.right": ["weak", "small"]})
    for seed in range(4):
        choice = bot_choice(game, seed)
        assert isinstance(choice, Attack) and choice.side == "right"
