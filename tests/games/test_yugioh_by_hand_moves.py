"""Yu-Gi-Oh! moves made while an effect is carried out by hand: the Fusion Summon by hand is taken exactly when listed
and undone exactly; a Token made by hand is replayed from the record with its definition."""
from __future__ import annotations

from pathlib import Path

import yaml

from carddb.bundled import load_bundled_cards
from tabletop.engine.commands import Choose, MakeToken, PassPriority
from tabletop.engine.game import Game
from tabletop.engine.record import GameRecord, replay
from tabletop.games import find_game
from tabletop.games.yugioh.commands import FusionSummonByHand
from tabletop.scenarios.runner import ScenarioPlayer
from tests.games.command_listing import check_taken_exactly_when_listed

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "yugioh" / "fusion_summon_by_hand.yaml"


def carrying_out_the_fusion_spell() -> Game:
    """Return the scenario's game where p1 carries out the real Fusion Spell by hand."""
    data = yaml.safe_load(SCENARIO.read_text())
    data["steps"] = data["steps"][:3]
    player = ScenarioPlayer(SCENARIO, data, find_game, load_bundled_cards)
    player.play()
    return player.game


def test_the_fusion_summon_by_hand_is_taken_exactly_when_listed_and_undone_exactly() -> None:
    game = carrying_out_the_fusion_spell()
    assert game.pending_decision().name == "resolve_by_hand"
    tries = [FusionSummonByHand(by="p1"), FusionSummonByHand(by="p2"), PassPriority(by="p1"), PassPriority(by="p2")]
    assert check_taken_exactly_when_listed(game, tries) == 2
    start = game.state.snapshot()
    game.submit(FusionSummonByHand(by="p1"))
    while game.pending_decision().name != "resolve_by_hand":
        game.submit(game.legal_commands()[-1])
    assert any(line.text.startswith("p1 Fusion Summons") for line in game.state.log)
    end = game.state.fingerprint()
    assert replay(GameRecord.of(game), find_game("yugioh")).state.fingerprint() == end
    while game.state.snapshot() != start:
        game.undo()
    assert game.pending_decision().name == "resolve_by_hand"


def test_a_token_made_by_hand_replays_from_its_record_even_once_it_has_vanished() -> None:
    game = carrying_out_the_fusion_spell()
    game.submit(MakeToken(by="p1", name="Lamb Token", to="mmz.5", traits=("atk=300", "attribute=earth")))
    token = game.state.zones["p1.mmz.5"].cards[0]
    assert game.rules.card_value(game.state, token, "atk") == 300
    game.submit(FusionSummonByHand(by="p1"))
    fusion = game.pending_decision()
    game.submit(Choose(by="p1", picks=(fusion.options[0],)))
    game.submit(Choose(by="p1", picks=(token, game.state.zones["p1.hand"].cards[0])))
    assert token not in game.state.cards, "a Token used as Fusion Material leaves the field and ceases to exist (R9)"
    again = replay(GameRecord.of(game), find_game("yugioh"))
    assert again.state.fingerprint() == game.state.fingerprint()
