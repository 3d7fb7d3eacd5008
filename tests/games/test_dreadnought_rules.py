"""DreadNought rules a scenario file cannot reach: setup, the secret mulligan, the deck check at the start,
the [?] parameters and what each player's view shows."""
from __future__ import annotations

import re

import pytest

from carddb.bundled import load_bundled_decks
from tabletop.engine.commands import Choose
from tabletop.engine.game import Game
from tabletop.engine.rules import GameConfig
from tabletop.engine.view import view_for
from tabletop.games import find_game
from tabletop.games.dreadnought.commands import GearChange
from tests.games.test_dreadnought_conformance import library


def _config(seed: int = 3, **options: object) -> GameConfig:
    decks = load_bundled_decks("dreadnought")
    return GameConfig("dreadnought", seed=seed, options=dict(options),
                      decks={"p1": decks[0].as_config_sections(), "p2": decks[1].as_config_sections()})


def test_setup_deals_hp_cards_closed_and_asks_each_player_for_a_secret_mulligan() -> None:
    game = Game.start(find_game("dreadnought"), _config(), library())
    state = game.state
    for player in state.players:
        dealt = 0
        for side in ("left", "right"):
            caster = state.zones[f"{player}.caster.{side}"].cards[0]
            hp = state.zones[f"{player}.hp.{side}"].cards
            # each caster gets as many HP cards as its printed HP (DN 4.3): 3 for every bundled caster
            assert len(hp) == state.definition(caster).stat("hp") == 3
            assert all(state.cards[i].face_down and state.cards[i].tapped for i in hp)
            dealt += len(hp)
        assert len(state.zones[f"{player}.hand"].cards) == 7
        assert len(state.zones[f"{player}.deck"].cards) == 50 - dealt - 7
    decision = game.pending_decision()
    assert (decision.player, decision.name, decision.min, decision.max) == ("p1", "mulligan", 0, 7)
    hand = state.zones["p1.hand"].cards
    game.submit(Choose(by="p1", picks=(hand[0], hand[1], hand[2])))
    aside = list(state.zones["p1.aside"].cards)
    assert len(aside) == 3 and len(state.zones["p1.hand"].cards) == 7
    assert all(c.is_hidden for c in view_for(state, "p2").zone("p1.aside"))
    game.submit(Choose(by="p2", picks=()))
    # the set-aside cards reach the discard pile open (a speed burn may add a card there too)
    assert set(aside) <= set(state.zones["p1.discard"].cards) and not state.zones["p1.aside"].cards
    assert all(not state.cards[i].face_down for i in aside)
    assert state.phase == "speed" and game.pending_decision().kind == "act"


def test_a_deck_breaking_the_cluster_condition_is_refused_when_the_game_starts() -> None:
    config = _config()
    config.decks["p2"]["casters"] = ["DN-016", "DN-001"]  # green + red: one green symbol at most
    with pytest.raises(ValueError, match=r"p2's deck: 'Ancient Treant' shows 2 green .* \(DN 2.3\)"):
        Game.start(find_game("dreadnought"), config, library())
    config.decks["p2"]["casters"] = ["DN-016", "DN-016"]
    with pytest.raises(ValueError, match="different names.*DN 2.1"):
        Game.start(find_game("dreadnought"), config, library())


@pytest.mark.parametrize("count", [1, 2])
def test_the_draw_count_is_a_parameter(count: int) -> None:
    config = _config(draw_count=count) if count != 1 else _config()
    game = Game.start(find_game("dreadnought"), config, library())
    for player in ("p1", "p2"):
        game.submit(Choose(by=player, picks=()))
    state = game.state
    while state.phase == "speed":
        game.submit(game.rules.advance_command(state, game.pending_decision()))
    assert state.phase == "cast"
    assert {len(state.zones[f"{p}.hand"].cards) for p in ("p1", "p2")} <= {7 + count, 6 + count}
    assert any(f"each player draws {count}" in entry.text for entry in state.log)


def _after_a_gear_change() -> tuple[Game, str, int]:
    """Return a game in its first Speed Phase after the faster player changed gear, that player and the card."""
    game = Game.start(find_game("dreadnought"), _config(), library())
    for player in ("p1", "p2"):
        game.submit(Choose(by=player, picks=()))
    faster = game.pending_decision().player
    card = game.state.zones[f"{faster}.hand"].cards[0]
    game.submit(GearChange(by=faster, card=card))
    return game, faster, card


def test_speed_cards_are_closed_to_the_opponent_until_opened() -> None:
    game, faster, card = _after_a_gear_change()
    state = game.state
    other = state.opponent(faster)
    assert state.cards[card].face_down and all(c.is_hidden for c in view_for(state, other).zone(f"{faster}.speed"))


def test_hp_cards_and_the_burst_set_up_are_parameters() -> None:
    game = Game.start(find_game("dreadnought"), _config(hp_cards_per_caster=2, burst_setup_count=2), library())
    state = game.state
    for player in state.players:
        assert [len(state.zones[f"{player}.hp.{side}"].cards) for side in ("left", "right")] == [2, 2]
        bursts = state.zones[f"{player}.burst"].cards
        assert len(bursts) == 2 and all(state.cards[i].face_down and not state.cards[i].tapped for i in bursts)
        assert len(state.zones[f"{player}.deck"].cards) == 50 - 4 - 2 - 7
    assert any("sets up 2 Burst card(s)" in entry.text for entry in state.log)
    default = Game.start(find_game("dreadnought"), _config(), library()).state
    assert not default.zones["p1.burst"].cards   # DN 0.5: no Burst unless the option asks for it


def test_speed_cards_can_be_set_from_hand() -> None:
    game = Game.start(find_game("dreadnought"), _config(speed_card_source="hand"), library())
    for player in ("p1", "p2"):
        game.submit(Choose(by=player, picks=()))
    state = game.state
    decision = game.pending_decision()
    assert (decision.player, decision.name, decision.min, decision.max) == ("p1", "speed_card", 1, 1)
    chosen = {}
    for player in ("p1", "p2"):
        chosen[player] = state.zones[f"{player}.hand"].cards[0]
        game.submit(Choose(by=player, picks=(chosen[player],)))
    for player, card in chosen.items():
        assert state.cards[card].zone in (f"{player}.speed", f"{player}.discard")  # a tie burns it (DN 5.1)
    assert any("sets a speed card closed" in entry.text for entry in state.log)


@pytest.mark.parametrize(("options", "message"), [
    ({"draw_count": "two"}, "'draw_count' is 'two': it must be a whole number, 0 or more (DN 5.2"),
    ({"speed_card_source": "top"}, "'speed_card_source' is 'top': it must be 'deck' or 'hand' (DN 5.1"),
    ({"uncheck_at_end": 1}, "'uncheck_at_end' is 1: it must be true or false"),
])
def test_a_rules_option_of_the_wrong_kind_is_refused_in_one_line(options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        Game.start(find_game("dreadnought"), _config(**options), library())


def test_every_rules_parameter_is_documented_with_its_default() -> None:
    from pathlib import Path

    from tabletop.games.dreadnought import parameters
    text = (Path(parameters.__file__).parent / "DECISIONS.md").read_text(encoding="utf-8")
    for name, spec in parameters.PARAMETERS.items():
        assert f"| `{name}` | {spec.rule} |" in text, name
        assert spec.source and spec.why, name


def test_the_positions_a_loop_is_seen_by_are_shown_to_no_player() -> None:
    game, _faster, _card = _after_a_gear_change()
    state = game.state
    assert "loop_positions" in state.data   # hashes of the whole table, hidden cards too (DN 9.4)
    for viewer in ("p1", "p2"):
        assert "loop_positions" not in view_for(state, viewer, game.rules.private_data).data
