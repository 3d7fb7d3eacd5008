"""Vanguard's event plans (abilities.emit, emit_event): what an event type can trigger is planned once per game's cards, and a
card created later (a card brought in by hand) is planned for again."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from vanguard_decks import CARDS, deck  # noqa: E402

from tabletop.engine.cards import CardLibrary  # noqa: E402
from tabletop.engine.game import Game  # noqa: E402
from tabletop.engine.rules import GameConfig  # noqa: E402
from tabletop.engine.transaction import Transaction  # noqa: E402
from tabletop.games import find_game  # noqa: E402
from tabletop.games.vanguard.abilities import PENDING  # noqa: E402
from tabletop.games.vanguard.moves import place_on_circle  # noqa: E402

HERALD = {"id": "t-herald", "name": "Test Herald", "type": "unit", "grade": 1, "power": 8000, "shield": 5000,
          "effects": [{"kind": "auto", "when": "placed", "zone": "R", "name": "herald draw",
                       "do": [{"effect": "draw", "count": 1}]}]}


def _started_with(extra: dict[str, object]) -> Transaction:
    """Return a transaction on a new standard game whose library holds the test cards and `extra`."""
    rules = find_game("vanguard")
    library = CardLibrary(rules.card_from_mapping(c) for c in [*CARDS, extra])
    game = Game.start(rules, GameConfig("vanguard", "standard", 5, decks={"p1": deck("standard"),
                                                                          "p2": deck("standard")}), library)
    return Transaction(game.state)


def test_a_card_created_after_an_event_was_planned_triggers_on_it() -> None:
    """A "when placed" ability of a card that joined the game after the first "placed" event still triggers."""
    tx = _started_with(HERALD)
    state = tx.state
    plain = next(i for i in state.zones["p1.deck"].cards if state.cards[i].card_id == "t-g1")
    place_on_circle(tx, plain, "p1.rc.front_left", "call", "p1")  # plans "placed": no card of the game prints one
    assert not [p for p in state.lists.get(PENDING, ()) if p["source"] == plain]
    herald = tx.create_card("t-herald", "p1", "p1.hand")
    place_on_circle(tx, herald, "p1.rc.front_right", "call", "p1")
    assert [p["ability"]["name"] for p in state.lists.get(PENDING, ()) if p["source"] == herald] == ["herald draw"]


WATCHER = {"id": "t-watcher", "name": "Test Watcher", "type": "unit", "grade": 1, "power": 8000, "shield": 5000,
           "effects": [{"kind": "auto", "when": "other_placed", "zone": "R", "name": "watcher draw",
                        "do": [{"effect": "draw", "count": 1}]}]}


def test_another_cards_placing_triggers_a_watcher_only_while_it_is_on_the_field() -> None:
    """A "when another unit is placed" ability triggers for a card placed while its holder is on a circle, and not
    while the holder is still in the hand (`emit_event` skips an event no card on the field or GC can hear)."""
    tx = _started_with(WATCHER)
    state = tx.state
    plain = [i for i in state.zones["p1.deck"].cards if state.cards[i].card_id == "t-g1"]
    watcher = tx.create_card("t-watcher", "p1", "p1.hand")
    place_on_circle(tx, plain[0], "p1.rc.front_left", "call", "p1")  # the watcher is in the hand: nothing triggers
    assert not [p for p in state.lists.get(PENDING, ()) if p["source"] == watcher]
    place_on_circle(tx, watcher, "p1.rc.front_right", "call", "p1")
    place_on_circle(tx, plain[1], "p1.rc.back_left", "call", "p1")
    assert [p["ability"]["name"] for p in state.lists.get(PENDING, ()) if p["source"] == watcher] == ["watcher draw"]
