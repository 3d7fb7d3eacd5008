"""Vanguard's CONT bonuses (abilities.continuous_bonuses) are read from the sources found once per board version and
the bonus abilities planned once per definition: what they give is what a fresh reading gives, at every step of whole
games."""
from __future__ import annotations

import random

import pytest

from carddb.bundled import load_bundled_cards, load_bundled_decks
from tabletop.engine.cards import CardLibrary
from tabletop.engine.game import Game
from tabletop.engine.rules import GameConfig
from tabletop.games import find_game
from tabletop.games.vanguard.table import current_critical, field_cards, power_parts

STEP_CAP = 4000


def _values(game: Game) -> dict[int, tuple[object, ...]]:
    state = game.state
    return {iid: (*power_parts(state, iid), current_critical(state, iid)) for iid in field_cards(state)}


@pytest.mark.parametrize("game_format", ["standard", "premium"])
def test_kept_cont_bonuses_are_those_read_afresh_at_every_step(game_format: str) -> None:
    """The powers and criticals of the units, read with the kept CONT bonuses, equal those read after every
    memo is forgotten, at every step of whole random games with the bundled decks (Burst, Darkness, Thunderstrike,
    states and Legion conditions)."""
    rules = find_game("vanguard")
    library = CardLibrary(rules.card_from_mapping(c.to_mapping()) for c in load_bundled_cards("vanguard"))
    decks = [d.as_config_sections() for d in load_bundled_decks("vanguard") if d.format == game_format]
    compared = 0
    for seed in range(6):
        config = GameConfig("vanguard", game_format, seed, auto_pass=["p1", "p2"],
                            decks={"p1": decks[seed % len(decks)], "p2": decks[(seed + 1) % len(decks)]})
        game = Game.start(rules, config, library)
        chooser = random.Random(seed)
        for _ in range(STEP_CAP):
            if game.is_terminal():
                break
            kept = _values(game)
            game.state.keyed_values.clear()
            game.state.touch()  # forgets every memo: what follows is read afresh
            assert _values(game) == kept, f"seed {seed}, turn {game.state.turn} {game.state.phase}"
            compared += len(kept)
            game.submit(chooser.choice(game.legal_commands()))
    assert compared > 1000
