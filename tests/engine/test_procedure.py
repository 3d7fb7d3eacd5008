"""The procedure layer: frames, the stored decision and its one answer check, the driver, vocabularies, filters."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from tabletop.engine import procedure
from tabletop.engine.card_filter import CardFilter, Seen
from tabletop.engine.commands import Choose
from tabletop.engine.game import Game
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.triggers import trigger_event
from tabletop.engine.vocabulary import Vocabulary

from tests.engine.helpers import freeform_game


def _state() -> GameState:
    return freeform_game().state


# -- a tiny game on the layer: a procedure that draws, asks how many to draw, then draws that many --------

def _words() -> Vocabulary:
    words = Vocabulary("tiny")

    @words.word("note", text=str)
    def note(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
        tx.set_data("notes", [*(tx.state.data.get("notes") or []), step["text"]])
        return True

    @words.word("ask_number")
    def ask_number(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
        answer = procedure.take_answer(tx, fi)
        if answer is None:
            return procedure.ask(tx, fi, "p1", "how_many", "number", "how many notes?", low=0, high=3, rule="TINY 1")
        procedure.insert_steps(tx, fi, [{"effect": "note", "text": f"n{i}"} for i in range(answer["number"])])
        return True

    @words.word("_wait_for_command")
    def wait(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
        return bool(tx.state.data.get("commanded"))

    return words


def _procedures(words: Vocabulary, checks: list[int]) -> procedure.Procedures:
    def run_step(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
        return bool(words.handlers[step["effect"]](tx, fi, step))

    def check(tx: Transaction) -> bool:
        checks.append(len(tx.changes))
        return False

    return procedure.Procedures(run_step=run_step, check=check, advance=lambda tx: False,
                                act_steps=frozenset({"_wait_for_command"}))


def test_a_step_that_asks_waits_and_its_answer_goes_to_the_frame_that_asked() -> None:
    state = _state()
    words = _words()
    tx = Transaction(state)
    procedure.push(tx, [{"effect": "note", "text": "start"}, {"effect": "ask_number"}, {"effect": "note", "text": "end"}],
                   {"controller": "p1"}, kind="flow")
    procedure.drive(tx, _procedures(words, []))
    decision = procedure.pending(state)
    assert decision is not None and (decision.player, decision.name, decision.kind) == ("p1", "how_many", "number")
    assert state.data["notes"] == ["start"]

    with pytest.raises(IllegalCommand, match="TINY 1: answer a number from 0 to 3"):
        procedure.answer(tx, Choose(by="p1", number=5))
    assert procedure.answer(tx, Choose(by="p1", number=2)) is None  # the frame took it
    procedure.drive(tx, _procedures(words, []))
    assert state.data["notes"] == ["start", "n0", "n1", "end"]
    assert procedure.depth(state) == 0 and procedure.pending(state) is None


def test_undoing_the_step_takes_frames_and_decision_back() -> None:
    state = _state()
    before = (dict(state.data), state.version)
    tx = Transaction(state)
    procedure.push(tx, [{"effect": "ask_number"}], {"controller": "p1"})
    procedure.drive(tx, _procedures(_words(), []))
    assert procedure.is_waiting(state)
    tx.rollback()
    assert dict(state.data) == before[0] and not procedure.stack(state) and not procedure.is_waiting(state)


def test_a_step_is_undone_and_redone_exactly_and_a_view_taken_before_it_keeps_its_step() -> None:
    """Stepping a frame changes its program counter in place (StepFrame): undo, redo and views must not notice."""
    from tabletop.engine.view import view_for

    state = _state()
    tx = Transaction(state)
    procedure.push(tx, [{"effect": "note", "text": "a"}, {"effect": "note", "text": "b"},
                        {"effect": "_wait_for_command"}], {"controller": "p1"}, kind="flow")
    pushed = len(tx.changes)
    seen_before = view_for(state, "p1")
    procedure.drive(tx, _procedures(_words(), []))
    assert procedure.stack(state)[0]["pc"] == 2 and state.data["notes"] == ["a", "b"]
    assert seen_before.data["frames"][0]["pc"] == 0
    stepped = tx.changes[pushed:]
    assert any(type(change) is procedure.StepFrame for change in stepped)
    assert procedure.only_bookkeeping([c for c in stepped if type(c) is procedure.StepFrame])
    after = state.snapshot()
    for change in reversed(stepped):
        change.revert(state)
    assert procedure.stack(state)[0]["pc"] == 0 and "notes" not in state.data
    for change in stepped:
        change.apply(state)
    assert state.snapshot() == after


def test_a_check_runs_before_each_step_of_a_game_procedure_unless_only_bookkeeping_changed() -> None:
    state = _state()
    checks: list[int] = []
    tx = Transaction(state)
    procedure.push(tx, [{"effect": "note", "text": "a"}, {"effect": "note", "text": "b"}], kind="flow")
    procedure.drive(tx, _procedures(_words(), checks))
    assert len(checks) == 3  # before a, before b (a note changed data the checks may read), and at the end


def _board_words() -> Vocabulary:
    """A vocabulary whose steps only log (bookkeeping) or only move a card (the board, no data fact)."""
    words = Vocabulary("board")

    @words.word("log", text=str)
    def log(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
        tx.log(step["text"])
        return True

    @words.word("draw")
    def draw(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
        tx.move(tx.state.zones["p1.deck"].cards[0], "p1.hand")
        return True

    return words


def test_a_check_runs_again_after_a_step_that_changed_only_the_board() -> None:
    state = _state()
    checks: list[int] = []
    tx = Transaction(state)
    procedure.push(tx, [{"effect": "log", "text": "a"}, {"effect": "draw"}, {"effect": "log", "text": "b"},
                        {"effect": "log", "text": "c"}], kind="flow")
    procedure.drive(tx, _procedures(_board_words(), checks))
    # before a; not before the draw (a log line since); before b (a card moved); not before c, nor at the end
    assert len(checks) == 2
    assert checks[1] > checks[0] and [entry.text for entry in state.log[-3:]] == ["a", "b", "c"]


def test_a_check_that_remembers_is_asked_before_every_step_even_after_bookkeeping() -> None:
    state = _state()
    checks: list[int] = []
    words = _board_words()
    plain = _procedures(words, checks)
    remembering = procedure.Procedures(run_step=plain.run_step, check=plain.check, advance=plain.advance,
                                       check_remembers=True)
    tx = Transaction(state)
    procedure.push(tx, [{"effect": "log", "text": "a"}, {"effect": "log", "text": "b"}], kind="flow")
    procedure.drive(tx, remembering)
    # before a, before b and at the end: the game's check decides itself that only a log line came since
    assert len(checks) == 3 and [entry.text for entry in state.log[-2:]] == ["a", "b"]


def test_what_a_check_that_found_nothing_changed_itself_needs_no_second_check() -> None:
    state = _state()
    checks: list[int] = []
    hand = state.zones["p1.hand"].cards

    def check(tx: Transaction) -> bool:   # a game's check that does its work and says nothing follows (as FFTCG's)
        checks.append(len(tx.changes))
        if len(checks) == 1:
            tx.move(tx.state.zones["p1.deck"].cards[0], "p1.hand")
        return False

    words = _board_words()
    tx = Transaction(state)
    before = len(hand)
    procedure.push(tx, [{"effect": "log", "text": "a"}, {"effect": "log", "text": "b"}], kind="flow")
    procedure.drive(tx, procedure.Procedures(
        run_step=lambda tx, fi, step: bool(words.handlers[step["effect"]](tx, fi, step)), check=check,
        advance=lambda tx: False))
    assert len(checks) == 1 and len(hand) == before + 1


def test_an_act_step_stops_the_driver_for_a_command() -> None:
    state = _state()
    tx = Transaction(state)
    procedure.push(tx, [{"effect": "_wait_for_command"}, {"effect": "note", "text": "after"}])
    procedure.drive(tx, _procedures(_words(), []))
    assert procedure.running_step(state) == {"effect": "_wait_for_command"} and not procedure.is_waiting(state)
    tx.set_data("commanded", True)
    procedure.drive(tx, _procedures(_words(), []))
    assert state.data["notes"] == ["after"]


def test_procedures_that_never_wait_are_stopped() -> None:
    state = _state()
    tx = Transaction(state)
    endless = procedure.Procedures(run_step=lambda tx, fi, step: True, check=lambda tx: False,
                                   advance=lambda tx: True, limit=50)
    with pytest.raises(procedure.DidNotSettle):
        procedure.drive(tx, endless)


# -- the one check of an answer ----------------------------------------------------------------------------

def _asked(kind: str, options: tuple[Any, ...] = (), low: int = 0, high: int = 0) -> tuple[Transaction, GameState]:
    state = _state()
    tx = Transaction(state)
    procedure.ask(tx, None, "p1", "pick_test", kind, "pick", options, low, high, "RULE 9")
    return tx, state


@pytest.mark.parametrize(("picks", "message"), [
    ((7,), "7 is not one of the choices"),
    ((1, 1), "the same choice was given twice"),
    ((), "choose between 1 and 2 \\(got 0\\)"),
    ((1, 2, 3), "pick 1–2 of the offered options"),
])
def test_a_pick_is_refused_by_its_rule_when_it_does_not_fit(picks: tuple[int, ...], message: str) -> None:
    tx, state = _asked("pick", (1, 2, 3), 1, 2)
    with pytest.raises(IllegalCommand, match=f"RULE 9: .*{message}"):
        procedure.answer(tx, Choose(by="p1", picks=picks))
    assert procedure.is_waiting(state)  # still asked


def test_a_rule_decision_comes_back_to_the_game_with_the_options_themselves() -> None:
    tx, state = _asked("pick", ("0", "1"), 1, 1)
    routed = procedure.answer(tx, Choose(by="p1", picks=(1,)))
    assert routed is not None and routed[0]["name"] == "pick_test" and routed[1].picks == ("1",)
    assert not procedure.is_waiting(state)


def test_yes_no_order_and_act_answers() -> None:
    tx, _ = _asked("yesno")
    with pytest.raises(IllegalCommand, match="answer yes or no"):
        procedure.answer(tx, Choose(by="p1"))
    assert procedure.answer(tx, Choose(by="p1", yes=False))[1].yes is False  # type: ignore[index]
    tx, _ = _asked("order", ("a", "b"), 2, 2)
    with pytest.raises(IllegalCommand, match="in order"):
        procedure.answer(tx, Choose(by="p1", picks=("a",)))
    assert procedure.answer(tx, Choose(by="p1", picks=("b", "a")))[1].picks == ("b", "a")  # type: ignore[index]
    tx, _ = _asked("act")
    with pytest.raises(IllegalCommand, match="nothing to choose now"):
        procedure.answer(tx, Choose(by="p1", picks=()))


def test_answers_asked_under_keys_gather_in_the_frame() -> None:
    state = _state()
    tx = Transaction(state)
    fi = procedure.push(tx, [{"effect": "x"}], {"answers": {}})
    procedure.ask(tx, fi, "p1", "discard", "pick", "discard 1", (5, 6), 1, 1, key="0:p1")
    procedure.answer(tx, Choose(by="p1", picks=(6,)))
    procedure.ask(tx, fi, "p2", "discard", "pick", "discard 1", (8,), 1, 1, key="0:p2")
    procedure.answer(tx, Choose(by="p2", picks=(8,)))
    assert procedure.ctx(state, fi)["answers"] == {"0:p1": {"picks": [6]}, "0:p2": {"picks": [8]}}


# -- vocabularies, filters, events ---------------------------------------------------------------------------

def test_a_card_step_is_checked_against_the_vocabulary() -> None:
    words = _words()
    assert words.check_step("card x: effects[0]", {"effect": "note", "text": "hi"}) == []
    assert words.check_step("w", {"effect": "nope"}) == ["w: unknown effect 'nope'"]
    assert words.check_step("w", {"effect": "note", "txt": "hi"}) == ["w: effect 'note' has no parameter 'txt'"]
    assert words.check_step("w", {"effect": "note", "text": 3}) == ["w: note 'text' must be a text"]
    assert words.check_step("w", {"effect": "_wait_for_command"}) == ["w: unknown effect '_wait_for_command'"]
    assert words.check_step("w", {"effect": "_wait_for_command"}, private=True) == []
    numbers = Vocabulary("n")
    numbers.add("draw", None, count=int)
    assert numbers.check_step("w", {"effect": "draw", "count": True}) == ["w: draw 'count' must be a whole number"]
    with pytest.raises(ValueError, match="defined twice"):
        numbers.add("draw", None)


def test_a_card_filter_holds_when_every_key_holds() -> None:
    state = _state()
    cards = sorted(state.cards)[:6]
    strong = CardFilter("test", {"power_at_least": lambda seen, iid, value: (
        seen.state.definition(iid).stat("power") or 0) >= value})
    seen = Seen(state, "p1", source=cards[0])
    names = [state.definition(i).name for i in cards]
    assert strong.select(seen, cards, {"name": names[1]}) == [i for i in cards if state.definition(i).name == names[1]]
    assert cards[0] not in strong.select(seen, cards, {"not_self": True})
    assert strong.select(seen, cards, None) == cards
    assert all((state.definition(i).stat("power") or 0) >= 5000
               for i in strong.select(seen, cards, {"power_at_least": 5000, "not_self": True}))
    assert strong.unknown_keys("f", {"colour": "red"}) == ["f: unknown filter 'colour'"]


def test_a_trigger_event_is_plain_data_in_one_form() -> None:
    assert trigger_event("attacks", 4, "p1", zone="p1.vc") == {"type": "attacks", "card": 4, "player": "p1",
                                                             "zone": "p1.vc"}
    assert trigger_event("game_start", player="p2") == {"type": "game_start", "player": "p2"}


def test_the_cards_a_player_is_asked_to_choose_among_are_shown_to_that_player_only() -> None:
    """A search of one's own deck is not blind: the chooser sees the cards offered, the other player does not."""
    state = _state()
    deck = state.zones["p1.deck"].cards[:3]
    assert not any(state.is_visible_to(i, "p1") for i in deck)
    tx = Transaction(state)
    procedure.ask(tx, None, "p1", "search", "pick", "choose a card of your deck", deck, 0, 1, "TEST 1")
    assert all(state.is_visible_to(i, "p1") for i in deck) and not any(state.is_visible_to(i, "p2") for i in deck)


def test_another_players_decision_shows_who_decides_what_but_not_the_options() -> None:
    """The FFTCG mulligan offered p1's hand as options: the other seat's view named the whole opening hand."""
    from tabletop.engine.view import view_for
    from tabletop.games import find_game
    from tests.games.sample_decks import sample_config

    config, library = sample_config("fftcg", seed=2)
    game = Game.start(find_game("fftcg"), config, library)
    decision = game.pending_decision()
    assert decision is not None and decision.name == "mulligan" and decision.options
    other = game.state.opponent(decision.player)
    seen = view_for(game.state, other).data["decision"]
    assert seen == {"player": decision.player, "name": "mulligan", "kind": "yesno", "prompt": decision.prompt,
                    "min": decision.min, "max": decision.max, "rule": decision.rule}
    assert view_for(game.state, decision.player).data["decision"]["options"] == list(decision.options)
