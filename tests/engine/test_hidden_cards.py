"""Hidden cards stay hidden: ids carry no information, looks end at a shuffle, undo is no oracle (issue 27)."""
from __future__ import annotations

import json

from tabletop.engine import procedure
from tabletop.engine.commands import AdjustTotal, DrawCards, Reveal, Shuffle
from tabletop.engine.game import Game
from tabletop.engine.instance_ids import (
    ID_FLOOR, ID_SPACE, _round_function, _round_keys, id_key, instance_id, instance_ids)
from tabletop.engine.record import GameRecord, load_record, replay, save_record
from tabletop.engine.transaction import Transaction
from tabletop.engine.view import view_for
from tabletop.games import find_game
from tests.engine.helpers import freeform_game
from tests.games.sample_decks import sample_config


def _drawn(game: Game, player: str = "p1") -> str:
    """Draw one card by hand and return which card it was."""
    before = set(game.state.zones[f"{player}.hand"].cards)
    game.submit(DrawCards(by=player))
    (iid,) = set(game.state.zones[f"{player}.hand"].cards) - before
    return game.state.cards[iid].card_id


def test_instance_ids_are_scrambled_distinct_and_the_same_for_the_same_seed():
    key = id_key(7)
    ids = [instance_id(key, n) for n in range(1, 2001)]
    assert len(set(ids)) == len(ids) and min(ids) >= ID_FLOOR and max(ids) < ID_FLOOR + ID_SPACE
    assert ids != sorted(ids)
    assert ids == [instance_id(id_key(7), n) for n in range(1, 2001)]
    assert ids != [instance_id(id_key(8), n) for n in range(1, 2001)]


def test_a_deck_gets_the_ids_its_cards_got_one_by_one_in_saved_games():
    # the ids a saved game of seed 7 holds for its 1st, 2nd, 3rd cards: a deck put on the table at once gets them too
    key = id_key(7)
    assert instance_ids(key, 1, 3) == [1059215, 1183438, 1435241]
    assert [instance_id(key, n) for n in (1, 500, ID_SPACE - 1)] == [1059215, 1094366, 1376715]
    assert instance_ids(key, 498, 5) == [instance_id(key, n) for n in range(498, 503)]
    assert instance_ids(0, 4, 2) == [4, 5]   # a game without shuffled ids numbers its cards in order


def test_ids_are_those_of_the_feistel_network_saved_games_were_numbered_by():
    for seed in (0, 1, 7, 12345, 2**63 + 5):
        key = id_key(seed)
        round_keys = _round_keys(key)
        numbers = [*range(0, 300), *range(ID_SPACE - 300, ID_SPACE), *range(1017, 1031)]
        expected = []
        for number in numbers:
            left, right = number >> 10, number & 1023
            for round_key in round_keys:
                left, right = right, left ^ _round_function(round_key, right)
            expected.append(ID_FLOOR + ((left << 10) | right))
        assert [instance_id(key, n) for n in numbers] == expected


def test_an_instance_id_says_nothing_of_the_deck_list_position():
    game = freeform_game(seed=3)
    deck_list = [f"c{i % 12}" for i in range(20)]
    p1_cards = sorted((iid, card.card_id) for iid, card in game.state.cards.items() if card.owner == "p1")
    assert [card_id for _, card_id in p1_cards] != deck_list
    assert all(iid >= ID_FLOOR for iid, _ in p1_cards)


def test_the_other_seat_sees_no_id_of_a_mulligan_hand_anywhere():
    """FFTCG: p2 could name p1's whole opening hand from the mulligan's options (issue 27, 50 of 50 games)."""
    config, library = sample_config("fftcg", seed=1)
    game = Game.start(find_game("fftcg"), config, library)
    decision = game.pending_decision()
    assert decision is not None and decision.name == "mulligan" and decision.player == "p1"
    hand = game.state.zones["p1.hand"].cards
    seen = view_for(game.state, "p2")
    text = json.dumps([seen.data, seen.lists, seen.log], default=str)
    assert hand and not any(str(iid) in text for iid in hand)
    assert not any(c.iid in hand for cards in seen.zones.values() for c in cards)
    own = view_for(game.state, "p1")
    assert own.data["decision"]["options"] == list(decision.options)


def test_a_card_looked_at_is_known_until_its_zone_is_shuffled():
    game = freeform_game(seed=2)
    top = game.state.zones["p1.deck"].cards[0]
    game.submit(Reveal(by="p1", card=top, to="p1"))
    assert game.state.is_visible_to(top, "p1") and not game.state.is_visible_to(top, "p2")
    assert "revealed a card to p1" in game.state.log[-1].text
    game.submit(Shuffle(by="p1"))
    assert not game.state.is_visible_to(top, "p1")
    game.undo()
    assert game.state.is_visible_to(top, "p1")


def test_a_search_of_your_own_deck_shows_you_the_deck_until_it_is_shuffled():
    game = freeform_game(seed=4)
    deck = game.state.zones["p1.deck"].cards
    tx = Transaction(game.state)
    procedure.ask(tx, None, "p1", "search", "pick", "search your deck", [deck[3]], 0, 1, searches="p1.deck")
    assert all(game.state.is_visible_to(iid, "p1") for iid in deck)
    assert not any(game.state.is_visible_to(iid, "p2") for iid in deck)
    tx.shuffle("p1.deck")
    assert not any(game.state.is_visible_to(iid, "p1") for iid in deck)


def test_after_undoing_a_draw_another_line_of_play_draws_an_unknown_card():
    """Undo is no oracle: undo a draw, do something else, draw — not the card the undo showed."""
    same = 0
    for seed in range(12):
        game = freeform_game(seed=seed)
        first = _drawn(game)
        game.undo()
        game.submit(AdjustTotal(by="p1", player="p1", name="life", delta=-1))
        assert game.history.done[-1].reseed is not None
        same += _drawn(game) == first
    assert same < 12, "the card drawn after an undo is the one the undo took back, every time"


def test_the_first_step_after_an_undo_is_carried_out_on_the_table_it_was_chosen_on():
    """The re-mix comes after the command: what was listed, and the card on top, are what the step acts on."""
    for seed in range(6):
        game = freeform_game(seed=seed)
        _drawn(game)
        game.undo()
        top = game.state.zones["p1.deck"].cards[0]
        game.submit(DrawCards(by="p1"))
        assert top in game.state.zones["p1.hand"].cards and game.history.done[-1].reseed is not None


def test_redo_gives_back_the_same_card_and_a_replay_the_same_game(tmp_path):
    game = freeform_game(seed=5)
    first = _drawn(game)
    game.undo()
    game.redo()
    assert game.state.cards[game.state.zones["p1.hand"].cards[-1]].card_id == first
    game.undo()
    game.submit(AdjustTotal(by="p1", player="p1", name="life", delta=-1))
    _drawn(game)
    game.submit(Shuffle(by="p1"))
    game.undo()
    _drawn(game)
    path = tmp_path / "branches.ttgame"
    save_record(game, path)
    assert len(json.loads(path.read_text())["reseeds"]) == 2
    record = load_record(path, find_game)
    assert replay(record, find_game("freeform")).state.fingerprint() == game.state.fingerprint()


def test_undoing_what_showed_nothing_hidden_keeps_the_generator():
    game = freeform_game(seed=6)
    game.submit(AdjustTotal(by="p1", player="p1", name="life", delta=-1))
    game.undo()
    game.submit(AdjustTotal(by="p1", player="p1", name="life", delta=-2))
    assert game.history.done[-1].reseed is None


def test_a_record_of_version_1_replays_with_ids_in_creation_order(tmp_path):
    game = freeform_game(seed=8)
    game.config.shuffled_ids = False
    game = Game.start(game.rules, game.config, game.state.library)
    game.submit(DrawCards(by="p1"))
    path = tmp_path / "old.ttgame"
    save_record(game, path)
    data = json.loads(path.read_text())
    data["version"] = 1
    del data["config"]["shuffled_ids"]
    path.write_text(json.dumps(data))
    again = replay(load_record(path, find_game), find_game("freeform"))
    assert sorted(again.state.cards) == list(range(1, 41))
    assert again.state.fingerprint() == game.state.fingerprint()


def test_a_time_leap_search_shows_its_player_the_whole_deck_until_the_shuffle():
    """Vanguard Time Leap searches the deck: its player sees every card of it, then the shuffle hides them."""
    from pathlib import Path

    from carddb.bundled import load_bundled_cards
    from tabletop.scenarios.runner import ScenarioPlayer, load_scenario

    path = Path(__file__).parents[1] / "scenarios" / "vanguard" / "seed_time_leap_search_up_to_one.yaml"
    data = load_scenario(path)
    data["steps"] = data["steps"][:1]    # activate the Time Leap: the search waits for the pick
    player = ScenarioPlayer(path, data, find_game, load_bundled_cards)
    player.play()
    game = player.game
    deck = list(game.state.zones["p1.deck"].cards)
    assert game.pending_decision().name == "time_leap"
    assert all(game.state.is_visible_to(iid, "p1") for iid in deck), "the filler and the grade 3 too"
    assert not any(game.state.is_visible_to(iid, "p2") for iid in deck)
    game.submit(game.legal_commands()[0])
    assert not any(game.state.is_visible_to(iid, "p1") for iid in game.state.zones["p1.deck"].cards)
