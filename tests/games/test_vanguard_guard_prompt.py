"""The guard step says what the defender guards against, as a player works it out (VG 6.3, 6.6)."""
from __future__ import annotations

from pathlib import Path

import yaml

from carddb.bundled import load_bundled_cards
from tabletop.games import find_game
from tabletop.games.vanguard.commands import GGuard
from tabletop.scenarios.runner import ScenarioPlayer

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "vanguard" / "base_every_g_guardian_and_heal_is_offered.yaml"


def test_the_guard_prompt_names_the_attack_and_the_shield_that_stops_it() -> None:
    data = yaml.safe_load(SCENARIO.read_text())
    data["steps"] = data["steps"][:3]   # p1's vanguard (13000) attacks p2's vanguard (13000)
    player = ScenarioPlayer(SCENARIO, data, find_game, load_bundled_cards)
    player.play()
    game = player.game
    decision = game.pending_decision()
    assert decision is not None and decision.name == "guard"
    # equal power hits (VG 6.6): one 5000 shield stops it, until the drive checks add power
    assert decision.prompt == "Test Lord (13000) attacks Test Lord (13000): 5000 more shield stops it (before its drive checks)"
    guard = next(c for c in game.legal_commands() if isinstance(c, GGuard))
    game.submit(guard)
    assert game.pending_decision().prompt == "Test Lord (13000) attacks Test Lord (13000 + 15000 shield): it does not hit as things stand"
