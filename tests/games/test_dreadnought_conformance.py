"""Random legal-command whole games of DreadNought: no exception, cards conserved, games end, undo/replay exact."""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from command_listing import check_taken_exactly_when_listed, play_random_commands  # noqa: E402

from carddb.bundled import load_bundled_cards, load_bundled_decks  # noqa: E402
from tabletop.engine.cards import CardLibrary  # noqa: E402
from tabletop.engine.errors import IllegalCommand  # noqa: E402
from tabletop.engine.game import Game  # noqa: E402
from tabletop.engine.record import GameRecord, replay  # noqa: E402
from tabletop.engine.rules import GameConfig  # noqa: E402
from tabletop.games import find_game  # noqa: E402
from tabletop.games.dreadnought.commands import (  # noqa: E402
    Attack, CastDummy, CastUnit, DiscardUnit, EnchantArms, GearChange, MoveUnit, UseAbility)

STEP_CAP = 5000
GAMES = int(os.environ.get("TABLETOP_CONFORMANCE_GAMES", "50"))  # 1000 for the full run


def library() -> CardLibrary:
    """Return the bundled DreadNought set, read through the rules."""
    rules = find_game("dreadnought")
    return CardLibrary(rules.card_from_mapping(c.to_mapping()) for c in load_bundled_cards("dreadnought"))


def start(seed: int, lib: CardLibrary | None = None) -> Game:
    """Start a game between the two bundled decks (the seat order swaps with the seed)."""
    decks = load_bundled_decks("dreadnought")
    first, second = decks[seed % 2], decks[(seed + 1) % 2]
    config = GameConfig("dreadnought", seed=seed, decks={"p1": first.as_config_sections(),
                                                         "p2": second.as_config_sections()})
    return Game.start(find_game("dreadnought"), config, lib or library())


def play_random(seed: int, lib: CardLibrary) -> Game:
    """Play one whole game choosing uniformly among the legal commands."""
    game = start(seed, lib)
    return play_random_commands(game, random.Random(seed), STEP_CAP)


def test_random_games_end_conserve_cards_and_replay() -> None:
    lib = library()
    for seed in range(GAMES):
        game = play_random(seed, lib)
        assert game.is_terminal(), f"seed {seed}: the game did not end in {STEP_CAP} commands"
        if GAMES > 50 or seed < 3:
            again = replay(GameRecord.of(game), find_game("dreadnought"))
            assert again.state.fingerprint() == game.state.fingerprint(), f"seed {seed}: replay differs"


def test_undo_all_and_redo_all_are_exact() -> None:
    game = start(5)
    begin = game.state.fingerprint()
    rnd = random.Random(5)
    for _ in range(300):
        if game.is_terminal():
            break
        game.submit(rnd.choice(game.legal_commands()))
    end = game.state.fingerprint()
    game.undo_all()
    assert game.state.fingerprint() == begin
    game.redo_all()
    assert game.state.fingerprint() == end


def test_a_command_is_accepted_exactly_when_it_is_listed() -> None:
    """Every cast, dummy, discard, move, enchant, gear change, ability play and attack of every card is taken
    exactly when legal_commands lists it."""
    game = start(7)
    rnd = random.Random(7)
    tried = 0
    for step in range(500):
        if game.is_terminal():
            break
        state = game.state
        player = game.pending_decision().player
        if step % 3 == 0:
            hand = list(state.zones[f"{player}.hand"].cards)
            mine = [i for z in ("units.left", "units.right") for i in state.zones[f"{player}.{z}"].cards]
            casters = [i for z in ("caster.left", "caster.right") for i in state.zones[f"{player}.{z}"].cards]
            every = [i for z in state.zones.values() if z.owner is not None for i in z.cards
                     if z.name.startswith(("units.", "caster."))]
            tries = [GearChange(by=player, card=c) for c in hand]
            for side in ("left", "right"):
                tries += [CastUnit(by=player, card=c, side=side) for c in hand]
                tries += [CastUnit(by=player, card=c, side=side, pay=(p,)) for c in hand for p in casters]
                tries += [CastDummy(by=player, card=c, side=side) for c in hand]
                tries += [EnchantArms(by=player, card=c, side=side) for c in hand]
                tries += [MoveUnit(by=player, card=u, side=side) for u in mine]
                tries += [Attack(by=player, attackers=(u,), side=side) for u in mine]
                tries += [Attack(by=player, attackers=tuple(mine), side=side)] if mine else []
            tries += [DiscardUnit(by=player, card=u) for u in mine]
            for card in hand + mine + casters:
                for number in range(len(state.definition(card).effects)):
                    tries.append(UseAbility(by=player, card=card, ability=number))
                    tries += [UseAbility(by=player, card=card, ability=number, target=t) for t in every]
            tried += check_taken_exactly_when_listed(game, tries)
        game.submit(rnd.choice(game.legal_commands()))
    assert tried > 30


def test_refusals_name_the_rule() -> None:
    game = start(1)
    while game.pending_decision().name == "mulligan":
        game.submit(game.legal_commands()[0])
    player = game.pending_decision().player
    hand = game.state.zones[f"{player}.hand"].cards
    with pytest.raises(IllegalCommand, match="DN"):
        game.submit(Attack(by=player, attackers=(hand[0],), side="left"))
    other = game.state.opponent(player)
    with pytest.raises(IllegalCommand, match="must decide now"):
        game.submit(CastDummy(by=other, card=game.state.zones[f"{other}.hand"].cards[0], side="left"))


def test_bundled_cards_use_every_timing() -> None:
    timings = {a.get("timing") for c in load_bundled_cards("dreadnought") for a in c.effects}
    assert timings >= {"auto", "trigger", "ac", "re", "speed", "cast", "fast", "cost"}
    clusters = {k for c in load_bundled_cards("dreadnought") if c.card_type == "caster"
                for k in c.attributes.get("cluster", [])}
    assert len(clusters) >= 3


def test_a_typo_in_an_ability_is_named_when_the_card_is_read() -> None:
    rules = find_game("dreadnought")
    problems = rules.effect_problems({"id": "x", "effects": [
        {"timing": "fsat", "do": [{"effect": "damage", "amout": 3}]},
        {"timing": "trigger", "do": [{"effect": "bp", "amount": 10, "to": "everyone"}]}]})
    assert problems == ["effects[0]: timing must be one of auto, trigger, ac, re, speed, cast, fast, cost",
                        "effects[0].do[0]: effect 'damage' has no parameter 'amout'",
                        "effects[1]: a trigger needs 'when' (cast_self, attacks_self, unit_broken)",
                        "effects[1].do[0]: 'to' must be one of target, self, blocker, attackers, own_units_in_area, "
                        "own_units, enemy_units"]
