"""FFTCG's field facts worked out from the ones before (one card entered or left the field) are the facts worked out
anew from the whole field, whatever order the cards lie in, and undo brings back the facts of the field undone to;
a settle that skips a board it noted quiet still finds what changed besides the board."""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from fftcg_testdeck import random_decisions  # noqa: E402

from carddb.bundled import load_bundled_cards, load_bundled_decks  # noqa: E402
from tabletop.engine import procedure  # noqa: E402
from tabletop.engine.cards import CardLibrary  # noqa: E402
from tabletop.engine.game import Game  # noqa: E402
from tabletop.engine.rules import GameConfig  # noqa: E402
from tabletop.engine.state import GameState  # noqa: E402
from tabletop.engine.transaction import Transaction  # noqa: E402
from tabletop.games import find_game  # noqa: E402
from tabletop.games.fftcg import actions, continuous  # noqa: E402
from tabletop.games.fftcg.processes import settle  # noqa: E402


def _values(facts: continuous.FieldFacts) -> dict[str, Any]:
    return {name: getattr(facts, name) for name in continuous.FieldFacts.__slots__ if name != "derived"}


def _bundled() -> tuple[CardLibrary, tuple[list[str], list[str]]]:
    rules = find_game("fftcg")
    library = CardLibrary(rules.card_from_mapping(card.to_mapping()) for card in load_bundled_cards("fftcg"))
    first, second = (deck.as_config_sections()["main"] for deck in load_bundled_decks("fftcg"))
    return library, (first, second)


@pytest.mark.parametrize("seed", range(3))
def test_facts_after_one_card_moved_are_those_of_the_whole_field(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    library, decks = _bundled()
    made: Counter[str] = Counter()
    work_out = continuous._after_one_move

    def checked(state: GameState, before: continuous.FieldFacts) -> continuous.FieldFacts | None:
        found = work_out(state, before)
        if found is not None:
            assert _values(found) == _values(continuous.FieldFacts(state))
            made["entered" if len(found.cards[None]) > len(before.cards[None]) else "left"] += 1
            if found.auto_sources != before.auto_sources:
                made["with an auto-ability"] += 1
            if len(found.field_sources) < len(before.field_sources):
                made["left with a field ability"] += 1
        return found

    monkeypatch.setattr(continuous, "_after_one_move", checked)
    for game in random_decisions(seed, library, decks):
        assert _values(continuous.field_facts(game.state)) == _values(continuous.FieldFacts(game.state))
    assert made["entered"] and made["left"] and made["with an auto-ability"] and made["left with a field ability"], made


def test_undo_and_redo_bring_back_the_facts_of_the_field() -> None:
    library, decks = _bundled()
    game = None
    for game in random_decisions(4, library, decks):
        pass
    assert game is not None
    sizes = set()
    while game.can_undo():
        game.undo()
        sizes.add(len(continuous.field_cards(game.state)))
        assert _values(continuous.field_facts(game.state)) == _values(continuous.FieldFacts(game.state))
    assert len(sizes) > 3, "the field hardly changed over the game"
    game.redo_all()
    assert _values(continuous.field_facts(game.state)) == _values(continuous.FieldFacts(game.state))


def test_a_settle_after_one_that_broke_a_forward_still_sees_a_player_lose() -> None:
    """A settle that acted notes the board quiet once nothing is left; a loss noted afterwards is still found."""
    game = next(game for game in random_decisions(2) if any(
        game.state.definition(iid).card_type == "forward" for iid in continuous.field_cards(game.state)))
    state = game.state
    forward = next(iid for iid in continuous.field_cards(state) if state.definition(iid).card_type == "forward")
    tx = Transaction(state)
    tx.set_data(procedure.DECISION, None)  # as the rules run between two decisions
    tx.set_prop(forward, "damage", 100000)
    assert settle(tx) >= 1
    assert not state.cards[forward].zone.endswith(".field")
    assert settle(tx) == 0
    tx.set_data("lose.p1", "had to draw from an empty deck")  # a fact of the game, not of the board
    assert settle(tx) == 1
    assert state.data["outcome"]["winner"] == "p2"
    tx.rollback()


def test_only_abilities_triggering_on_other_cards_or_players_events_are_watched() -> None:
    """An event no field card watches for another card (`FieldFacts.watched`) triggers only its own card's abilities;
    "When <self> enters the field" watches its own card only, "When a Forward enters your field" and a player's
    events ("When you receive a point of damage", "At the beginning of …") watch others."""
    own = [(0, {"trigger": "enters_field", "effect": "draw", "count": 1})]
    assert not continuous.is_watching("enters_field", own)
    assert continuous.is_watching("enters_field", [*own, (1, {"trigger": "enters_field", "effect": "draw", "count": 1,
                                                              "of": {"type": "forward", "controller": "you"}})])
    assert continuous.is_watching("damage_received", [(0, {"trigger": "damage_received", "effect": "draw"})])
    assert continuous.is_watching("attack_phase_start", [(0, {"trigger": "attack_phase_start", "effect": "draw"})])


def test_printed_characteristics_kept_for_a_field_follow_its_cards_and_lasting_effects() -> None:
    """With no field ability and no lasting effect, the characteristics are the printed ones, kept while the field's
    cards stay: a card entering is among them at once, a lasting effect shows at once, and a rollback undoes both."""
    rules = find_game("fftcg")
    library = CardLibrary(rules.card_from_mapping(card) for card in (
        {"id": "f", "name": "Test Forward", "type": "forward", "element": "fire", "cost": 1, "power": 5000},
        {"id": "g", "name": "Test Guard", "type": "forward", "element": "fire", "cost": 1, "power": 6000}))
    scenario = {"turn": 3, "active": "p1", "phase": "main1",
                "players": {"p1": {"hand": [{"card": "g", "as": "g"}], "field": [{"card": "f", "as": "f"}]}}}
    game = Game.start(rules, GameConfig("fftcg", "constructed", 0, scenario=scenario), library)
    state, forward, guard = game.state, game.labels["f"], game.labels["g"]
    assert {iid: c.power for iid, c in continuous.characteristics(state).items()} == {forward: 5000}
    tx = Transaction(state)
    actions.put_onto_field(tx, guard, "p1")
    assert {iid: c.power for iid, c in continuous.characteristics(state).items()} == {forward: 5000, guard: 6000}
    tx.list_append("effects", {"effect": "power", "amount": 2000, "id": 900, "ts": 900, "controller": "p1",
                               "cards": continuous.pinned(state, [guard]), "label": "Test Lift"})
    assert continuous.characteristics(state)[guard].power == 8000
    tx.rollback()
    assert {iid: c.power for iid, c in continuous.characteristics(state).items()} == {forward: 5000}


def test_a_field_ability_kept_as_an_effect_follows_its_cards_controller() -> None:
    """A field ability's continuous effect is kept while its card is the same object under the same controller: when
    another player takes control of the card, "the Forwards you control" are theirs at once, and undone, ours again."""
    rules = find_game("fftcg")
    library = CardLibrary(rules.card_from_mapping(card) for card in (
        {"id": "f", "name": "Test Forward", "type": "forward", "element": "fire", "cost": 1, "power": 5000},
        {"id": "lord", "name": "Test Lord", "type": "backup", "element": "fire", "cost": 1,
         "effects": [{"kind": "field", "effect": "power", "amount": 1000,
                      "applies_to": {"type": "forward", "controller": "you"}}]}))
    scenario = {"turn": 3, "active": "p1", "phase": "main1",
                "players": {"p1": {"field": [{"card": "lord", "as": "lord"}, {"card": "f", "as": "mine"}]},
                            "p2": {"field": [{"card": "f", "as": "theirs"}]}}}
    game = Game.start(rules, GameConfig("fftcg", "constructed", 0, scenario=scenario), library)
    state, lord, mine, theirs = game.state, game.labels["lord"], game.labels["mine"], game.labels["theirs"]

    def powers() -> tuple[int | None, int | None]:
        chars = continuous.characteristics(state)
        return chars[mine].power, chars[theirs].power

    assert powers() == (6000, 5000)
    tx = Transaction(state)
    tx.set_field(lord, "controller", "p2")
    assert powers() == (5000, 6000)
    tx.rollback()
    assert powers() == (6000, 5000)


def test_a_lasting_effect_kept_as_an_effect_leaves_a_card_that_became_a_new_object() -> None:
    """A lasting effect's continuous effect is kept while the cards it chose are still those objects: once its card
    left the field and came back (a new object, FFTCG 7.4), it no longer has the effect's Power."""
    rules = find_game("fftcg")
    library = CardLibrary(rules.card_from_mapping(card) for card in (
        {"id": "f", "name": "Test Forward", "type": "forward", "element": "fire", "cost": 1, "power": 5000},
        {"id": "g", "name": "Test Guard", "type": "forward", "element": "fire", "cost": 1, "power": 5000}))
    scenario = {"turn": 3, "active": "p1", "phase": "main1",
                "players": {"p1": {"field": [{"card": "f", "as": "f"}, {"card": "g", "as": "other"}]}}}
    game = Game.start(rules, GameConfig("fftcg", "constructed", 0, scenario=scenario), library)
    state, forward, other = game.state, game.labels["f"], game.labels["other"]
    tx = Transaction(state)
    tx.list_append("effects", {"effect": "power", "amount": 2000, "id": 900, "ts": 900, "controller": "p1",
                               "cards": continuous.pinned(state, [forward, other]), "label": "Test Lift"})
    assert [continuous.characteristics(state)[iid].power for iid in (forward, other)] == [7000, 7000]
    actions.enter_zone(tx, forward, "hand")
    actions.put_onto_field(tx, forward, "p1")
    assert [continuous.characteristics(state)[iid].power for iid in (forward, other)] == [5000, 7000]
    tx.rollback()


def test_a_damage_gated_field_ability_works_once_its_damage_is_reached() -> None:
    """A field ability working only at "Damage 3 —" gives its Power once its controller's Damage Zone holds 3 cards,
    not before, and no longer once the damage is undone; a fourth point of damage leaves it working."""
    rules = find_game("fftcg")
    library = CardLibrary(rules.card_from_mapping(card) for card in (
        {"id": "f", "name": "Test Forward", "type": "forward", "element": "fire", "cost": 1, "power": 5000},
        {"id": "gated", "name": "Test Veteran", "type": "forward", "element": "fire", "cost": 1, "power": 5000,
         "effects": [{"kind": "field", "effect": "power", "amount": 1000, "damage": 3}]}))
    scenario = {"turn": 3, "active": "p1", "phase": "main1",
                "players": {"p1": {"field": [{"card": "gated", "as": "gated"}], "damage": ["f", "f"],
                                   "hand": [{"card": "f", "as": "third"}, {"card": "f", "as": "fourth"}]}}}
    game = Game.start(rules, GameConfig("fftcg", "constructed", 0, scenario=scenario), library)
    state, gated = game.state, game.labels["gated"]
    assert continuous.field_facts(state).gates == (("p1.damage", 3),)
    assert continuous.characteristics(state)[gated].power == 5000
    tx = Transaction(state)
    tx.move(game.labels["third"], "p1.damage")
    assert continuous.characteristics(state)[gated].power == 6000
    tx.move(game.labels["fourth"], "p1.damage")
    assert continuous.characteristics(state)[gated].power == 6000
    tx.rollback()
    assert continuous.characteristics(state)[gated].power == 5000
