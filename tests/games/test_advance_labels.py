"""The pass / next-phase answer is named in each game's own words (what the window's pass button says)."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from carddb.bundled import load_bundled_cards
from tests.games.sample_decks import sample_config
from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.game import Game
from tabletop.engine.rules import GameConfig
from tabletop.engine.turns import Phase, TurnStructure
from tabletop.engine.zones import Visibility, ZoneSpec
from tabletop.games.manual_play import ManualPlayRules
from tabletop.games import find_game
from tabletop.scenarios.runner import ScenarioPlayer


def advance_label(game: Game) -> str:
    decision = game.pending_decision()
    assert decision is not None
    return game.rules.advance_label(game.state, decision)


def pass_until(game: Game, name: str) -> None:
    """Pass (keeping the opening hands) until the pending decision is `name`."""
    for _ in range(40):
        decision = game.pending_decision()
        assert decision is not None
        if decision.name == name:
            return
        command = game.rules.advance_command(game.state, decision)
        assert command is not None, decision
        game.submit(command)
    raise AssertionError(f"no {name} decision")


def fftcg_combat(phase: str) -> Game:
    cards = [{"id": "raider", "name": "Test Raider", "type": "forward", "element": "fire", "cost": 2, "power": 3000},
             {"id": "warden", "name": "Test Warden", "type": "forward", "element": "water", "cost": 2, "power": 7000}]
    attacking = {"attacking": True, "dull": True} if phase == "attack.block" else {}
    data = {"game": "fftcg", "cards": cards, "steps": [],
            "setup": {"turn": 3, "active": "p1", "phase": phase, "players": {
                "p1": {"field": [{"card": "raider", **attacking}], "deck": [{"card": "raider"}] * 10},
                "p2": {"field": [{"card": "warden"}], "deck": [{"card": "warden"}] * 10}}}}
    return ScenarioPlayer(Path("advance-label.yaml"), data, find_game, load_bundled_cards).game


def test_fftcg_names_declining_to_attack_and_to_block() -> None:
    # FFTCG 10.1.2: declaring no attack ends the Attack Phase; 10.1.3: the defender may block or not
    assert advance_label(fftcg_combat("attack.declare")) == "Declare no attack (go to Main Phase 2)"
    assert advance_label(fftcg_combat("attack.block")) == "Don't block"
    assert advance_label(fftcg_combat("main1")) == "Pass priority"


def test_vanguard_names_the_phase_a_pass_leads_to() -> None:
    config, library = sample_config("vanguard", 3)
    game = Game.start(find_game("vanguard"), config, library)
    pass_until(game, "ride")
    assert advance_label(game) == "Go to the main phase"
    pass_until(game, "main")
    assert game.state.turn == 1
    assert advance_label(game) == "End the turn (no battle on turn 1)"  # VG 4.7
    game.submit(game.rules.advance_command(game.state, game.pending_decision()))
    pass_until(game, "main")
    assert game.state.turn == 2 and advance_label(game) == "Go to the battle phase"
    pass_until(game, "attack")
    assert advance_label(game) == "End the battle phase"


class PhasedByHand(ManualPlayRules):
    """A game played by hand through named phases (as Grand Archive was before its rules were built)."""

    id = "phased_by_hand"
    name = "Phased by hand"
    turn: ClassVar[TurnStructure] = TurnStructure(
        [Phase(p) for p in ("wake_up", "materialize", "recollection", "draw", "main", "end")])
    draw_phase: ClassVar[str] = "draw"

    def zone_specs(self, game_format: str) -> Sequence[ZoneSpec]:
        return (ZoneSpec("deck", Visibility.HIDDEN, layout="pile"), ZoneSpec("hand", Visibility.OWNER, layout="fan"))


def test_a_manual_play_game_names_its_next_phase() -> None:
    library = CardLibrary(CardDefinition(id=f"c{i}", game="phased_by_hand", name=f"Card {i}", card_type="thing")
                          for i in range(10))
    deck = {"main": [f"c{i % 10}" for i in range(30)]}
    config = GameConfig("phased_by_hand", seed=1, decks={"p1": deck, "p2": dict(deck)})
    game = Game.start(PhasedByHand(), config, library)
    phases = []
    for _ in range(7):
        phases.append((game.state.phase, advance_label(game)))
        game.submit(game.rules.advance_command(game.state, game.pending_decision()))
    assert ("wake_up", "Go to materialize") in phases and ("draw", "Go to main") in phases
    assert ("end", "End the turn") in phases


def test_yugioh_names_its_phases_and_steps() -> None:
    """YGO 4.4: the first turn goes from Main Phase 1 to the End Phase; later turns through the Battle Phase's steps."""
    config, library = sample_config("yugioh", 1)
    game = Game.start(find_game("yugioh"), config, library)
    seen = []
    while game.state.turn < 3:
        decision = game.pending_decision()
        if decision.player == game.state.active and decision.name == "priority":
            seen.append(((game.state.phase, game.state.step), advance_label(game)))
        command = game.rules.advance_command(game.state, decision)
        game.submit(command if command in game.legal_commands() else game.legal_commands()[0])
    assert (("main1", ""), "Go to the End Phase (no battle on the first turn)") in seen
    assert (("main1", ""), "Go to the Battle Phase") in seen and (("battle", "start"), "Go to the Battle Step") in seen
    assert (("battle", "end"), "Go to the Main Phase 2") in seen and (("end", ""), "End the turn") in seen
