"""The goldfish panel: the deck's opening-hand statistics as `tabletop goldfish` gives them, turns and damage dealt."""
from __future__ import annotations

import pytest

from conftest import freeform_config
from tabletop.ai.goldfish import deck_findings
from tabletop.engine.cards import CardLibrary
from tabletop.engine.commands import AdjustTotal
from tabletop.engine.rules import GameConfig
from tabletop.games import find_game
from tabletop.ui.card_sources import bundled_decks
from tabletop.ui.new_game_dialog import NewGame


def goldfish_game(game_id: str, deck_index: int = 0) -> tuple[NewGame, dict]:
    rules = find_game(game_id)
    choice = bundled_decks(game_id)[deck_index]
    decks = {p: {s: list(ids) for s, ids in choice.sections.items()} for p in rules.players}
    config = GameConfig(game=game_id, format=choice.format or rules.formats[0], seed=3, decks=decks,
                        seats={rules.players[0]: "human", rules.players[1]: "ai"}, options={"goldfish": True})
    library = CardLibrary(choice.cards)
    sections = {s: [library[i] for i in ids] for s, ids in choice.sections.items()}
    return NewGame(config, library, False), sections


@pytest.mark.parametrize("game_id, question", [("fftcg", "play a Backup on turn 1"), ("vanguard", "ride on curve")])
def test_the_panel_shows_the_same_statistics_as_the_goldfish_command(qtbot, window, game_id, question) -> None:  # noqa: ANN001
    new, sections = goldfish_game(game_id)
    assert window.start(new)
    panel = window.goldfish_panel
    qtbot.waitUntil(lambda: not panel.is_computing() and "computing" not in panel.statistics.text(), timeout=60000)
    expected = [f.line() for f in deck_findings(game_id, sections)]
    assert expected and any(question in line for line in expected)
    assert panel.statistics.text() == "<b>Opening-hand statistics</b><br>" + "<br>".join(expected)
    panel.new_hand.click()                     # the same deck: the numbers stay, from the cache
    assert not panel.is_computing()
    assert panel.statistics.text().endswith("<br>".join(expected))


def test_the_readout_counts_your_turns_and_the_damage_dealt(qtbot, window, library) -> None:  # noqa: ANN001
    window.start(NewGame(freeform_config(seats={"p1": "human", "p2": "ai"}, goldfish=True), library, open_hands=False))
    panel = window.goldfish_panel
    assert "Damage dealt: 0" in panel.readout.text() and "your turns: 1" in panel.readout.text()
    window.session.submit(AdjustTotal(by="p1", player="p2", name="life", delta=-3))
    assert "Damage dealt: 3" in panel.readout.text() and "life 17" in panel.readout.text()
    panel.next_turn.click()
    assert "Turn 3" in panel.readout.text() and "your turns: 2" in panel.readout.text()
    assert panel.statistics.text() == ""       # freeform asks no game-specific questions
