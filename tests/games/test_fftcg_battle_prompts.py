"""The block and damage-split steps say what is at stake, as a player reads it (FFTCG 10.1.3, 10.1.4)."""
from __future__ import annotations

from pathlib import Path

import yaml

from carddb.bundled import load_bundled_cards
from tabletop.games import find_game
from tabletop.scenarios.runner import ScenarioPlayer

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "fftcg" / "acceptance_10_party_blocked.yaml"


def test_the_block_prompt_names_the_attacking_party_and_its_power() -> None:
    data = yaml.safe_load(SCENARIO.read_text())
    data["steps"] = data["steps"][:3]   # a Party of Test Flame A (6000) and B (4000) attacks; both pass priority
    player = ScenarioPlayer(SCENARIO, data, find_game, load_bundled_cards)
    player.play()
    decision = player.game.pending_decision()
    assert decision is not None and decision.name == "block"
    assert decision.prompt == ("Test Flame A (6000) and Test Flame B (4000) attack as a Party: block the Party with an "
                               "active Forward, or don't block and take 1 damage")


def test_the_split_prompt_names_the_blocker_its_damage_and_the_party() -> None:
    data = yaml.safe_load(SCENARIO.read_text())
    data["steps"] = data["steps"][:6]   # Test Guard C (8000) blocks the Party; both pass priority
    player = ScenarioPlayer(SCENARIO, data, find_game, load_bundled_cards)
    player.play()
    decision = player.game.pending_decision()
    assert decision is not None and decision.name == "split_damage"
    assert decision.prompt.startswith("Split Test Guard C's 8000 damage among Test Flame A and Test Flame B in steps of 1000")
