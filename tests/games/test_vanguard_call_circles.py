"""Where an effect's call may go, as the player choosing a circle reads it."""
from __future__ import annotations

from pathlib import Path

import yaml

from carddb.bundled import load_bundled_cards
from tabletop.games import find_game
from tabletop.scenarios.runner import ScenarioPlayer

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "vanguard" / "base_superior_call_circles.yaml"


def test_each_circle_offered_to_a_call_says_whether_it_is_open_or_whom_it_retires() -> None:
    data = yaml.safe_load(SCENARIO.read_text())
    data["steps"] = data["steps"][:1]   # activate the call, stop at its first circle choice
    player = ScenarioPlayer(SCENARIO, data, find_game, load_bundled_cards)
    player.play()
    decision = player.game.pending_decision()
    assert decision is not None and decision.name == "circle"
    labels = dict(zip(decision.options, decision.labels))
    assert labels["front_left"] == "Front left (retires Moon Knight)"
    assert labels["back_center"] == "Back center (open)"
    assert len(labels) == 5
    assert dict(zip(decision.options, decision.zones))["front_left"] == "p1.rc.front_left"   # the window's click target
