"""Property tests: undo/redo round trips, replay, and views that never leak hidden cards."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.engine.cards import CardLibrary
from tabletop.engine.commands import (
    AdjustTotal, Command, DrawCards, ManualMove, Reveal, SetCounter, SetState, Shuffle,
)
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.game import Game
from tabletop.engine.record import GameRecord, replay
from tabletop.engine.view import view_for
from tabletop.games import find_game
from tests.engine.helpers import freeform_game

ZONES = ("deck", "hand", "table", "graveyard", "exile")


def _command(game: Game, choice: int, player: str, zone: int, number: int) -> Command:
    """Map drawn numbers onto a manual or rules command that may or may not be legal."""
    cards = sorted(game.state.cards)
    card = cards[number % len(cards)]
    kind = choice % 9
    if kind == 0:
        return DrawCards(by=player, count=number % 3)
    if kind == 1:
        return ManualMove(by=player, card=card, to=f"{'p1' if number % 2 else 'p2'}.{ZONES[zone % 5]}",
                          index=number % 4 - 1, face_down=bool(number % 3 == 0))
    if kind == 2:
        return SetCounter(by=player, card=card, name="charge", value=number % 4)
    if kind == 3:
        return SetState(by=player, card=card, state="tapped", value=bool(number % 2))
    if kind == 4:
        return AdjustTotal(by=player, player="p2", name="life", delta=number % 7 - 3)
    if kind == 5:
        return Shuffle(by=player, zone="deck")
    if kind == 6:
        return Reveal(by=player, card=card, to="p2" if player == "p1" else "p1")
    legal = game.legal_commands()
    return legal[number % len(legal)]


steps = st.lists(st.tuples(st.integers(0, 50), st.sampled_from(["p1", "p2"]), st.integers(0, 9),
                           st.integers(0, 1000)), max_size=40)


def _play(game: Game, moves) -> None:
    for choice, player, zone, number in moves:
        try:
            game.submit(_command(game, choice, player, zone, number))
        except IllegalCommand:
            pass


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), moves=steps)
def test_undo_all_returns_to_the_start_and_redo_all_to_the_end(seed, moves):
    game = freeform_game(seed=seed)
    start = game.state.snapshot()
    _play(game, moves)
    end = game.state.snapshot()
    game.undo_all()
    assert game.state.snapshot() == start
    game.redo_all()
    assert game.state.snapshot() == end


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), moves=steps)
def test_record_replays_to_the_same_state(seed, moves):
    game = freeform_game(seed=seed)
    _play(game, moves)
    record = GameRecord.of(game)
    again = replay(record, find_game("freeform"))
    assert again.state.fingerprint() == game.state.fingerprint()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), moves=steps)
def test_a_view_never_shows_a_card_its_viewer_may_not_see(seed, moves):
    game = freeform_game(seed=seed)
    _play(game, moves)
    state = game.state
    for viewer in ("p1", "p2", None):
        view = view_for(state, viewer)
        for zid, cards in view.zones.items():
            actual = state.zones[zid].cards
            assert len(cards) == len(actual)
            for shown, iid in zip(cards, actual):
                if state.is_visible_to(iid, viewer):
                    assert shown.card_id == state.cards[iid].card_id
                else:
                    assert shown.card_id is None and shown.iid is None and shown.definition is None
                    assert shown.props == {}
        # The other player's hand and every deck stay hidden unless revealed.
        for player in state.players:
            for iid in state.zones[f"{player}.deck"].cards:
                if not state.cards[iid].revealed_to:
                    assert not state.is_visible_to(iid, viewer)


def test_undo_goes_back_over_ai_steps_to_the_humans_last_decision():
    game = freeform_game(seats={"p1": "human", "p2": "ai"})
    from tabletop.games.freeform.rules import PassTurn

    before = game.state.snapshot()
    game.submit(PassTurn(by="p1"))
    game.submit(DrawCards(by="p2", count=1))
    game.submit(PassTurn(by="p2"))
    assert game.undo_label() == "p1: Pass turn"
    game.undo()
    assert game.state.snapshot() == before
    game.redo()
    assert game.state.active == "p1" and game.state.turn == 3


def test_a_step_that_showed_the_player_a_hidden_card_is_marked():
    game = freeform_game()
    game.submit(DrawCards(by="p1", count=1))
    assert game.undo_shows_hidden()
    game.undo()
    game.submit(SetState(by="p1", card=game.state.zones["p1.hand"].cards[0], state="tapped"))
    assert not game.undo_shows_hidden()


def test_a_refused_command_leaves_no_trace():
    game = freeform_game()
    before = game.state.snapshot()
    try:
        game.submit(ManualMove(by="p1", card=1, to="nowhere"))
    except IllegalCommand as error:
        assert "manual" in str(error)
    assert game.state.snapshot() == before and not game.can_undo()


def test_library_is_shared_by_record_and_game():
    game = freeform_game()
    record = GameRecord.of(game)
    assert isinstance(CardLibrary(record.cards), CardLibrary)
    assert {c.id for c in record.cards} <= set(game.state.library)
