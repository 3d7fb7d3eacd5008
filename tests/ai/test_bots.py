"""Bots: legal answers only, blind to hidden cards, deterministic for a seed."""
from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterator

import pytest

from tests.ai.race_game import RaceRules, race_cards, race_deck
from tabletop.ai.bot import Bot, Knowledge
from tabletop.ai.bots import make_bot
from tabletop.ai.candidates import candidate_commands, sole_candidate
from tabletop.ai.determinize import determinize
from tabletop.ai.heuristic import HeuristicBot
from tabletop.ai.montecarlo import MonteCarloBot
from tabletop.ai.passive_bot import PassiveBot
from tabletop.ai.random_bot import RandomBot
from tabletop.ai.simulation import play_out
from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.commands import Choose, Command, Concede, PassPriority
from tabletop.engine.decision import Decision
from tabletop.engine.game import Game
from tabletop.engine.rules import GameConfig, GameRules
from tabletop.engine.view import view_for
from tabletop.games import find_game, game_ids
from tabletop.games.freeform.rules import FreeformRules
from tests.games.sample_decks import sample_config

FREEFORM_CARDS = [CardDefinition(id=f"x{i}", game="freeform", name=f"Card {i}", card_type="card") for i in range(6)]
FREEFORM_DECK = {"main": [f"x{i % 6}" for i in range(24)]}

BotMaker = Callable[[Knowledge, int], Bot]
BOT_MAKERS: dict[str, BotMaker] = {
    "random": lambda k, seed: RandomBot(seed),
    "heuristic": lambda k, seed: HeuristicBot(k, seed),
    "montecarlo": lambda k, seed: MonteCarloBot(k, budget_ms=10_000, seed=seed, max_rounds=2),
    "passive": lambda k, seed: PassiveBot(),
}


def start(rules: GameRules, cards: list[CardDefinition], deck: dict[str, list[str]], seed: int) -> Game:
    config = GameConfig(game=rules.id, seed=seed, decks={"p1": deck, "p2": deck})
    return Game.start(rules, config, CardLibrary(cards))


def knowledge(rules_type: type[GameRules], player: str, cards: list[CardDefinition],
              deck: dict[str, list[str]]) -> Knowledge:
    return Knowledge(player, rules_type(), CardLibrary(cards), own_deck=deck)


def is_legal_answer(command: Command, decision: Decision, legal: list[Command]) -> bool:
    if legal:
        return command in legal
    assert isinstance(command, Choose)
    return set(command.picks) <= set(decision.options) and decision.min <= len(command.picks) <= decision.max


@pytest.mark.parametrize("kind", sorted(BOT_MAKERS))
@pytest.mark.parametrize("game_name", ["race", "freeform"])
def test_bots_only_return_legal_commands(kind: str, game_name: str) -> None:
    rules_type, cards, deck = ((RaceRules, race_cards(), race_deck()) if game_name == "race"
                               else (FreeformRules, FREEFORM_CARDS, FREEFORM_DECK))
    game = start(rules_type(), cards, deck, seed=5)
    bots = {p: BOT_MAKERS[kind](knowledge(rules_type, p, cards, deck), 9) for p in ("p1", "p2")}
    seen_pick = False
    for _ in range(40 if kind == "montecarlo" else 120):
        if game.is_terminal():
            break
        decision = game.pending_decision()
        assert decision is not None
        legal = game.legal_commands(decision.player)
        seen_pick |= decision.kind == "pick"
        command = bots[decision.player].choose(view_for(game.state, decision.player), decision, legal)
        assert command.by == decision.player
        assert is_legal_answer(command, decision, legal), command
        game.submit(command)   # the engine accepts it (IllegalCommand would fail the test)
    assert game.history.done


def test_pick_decisions_without_listed_commands_get_choose_answers() -> None:
    decision = Decision("p1", "discard", "pick", options=(4, 5, 6), min=1, max=1)
    answers = candidate_commands(decision, [], random.Random(0))
    assert answers == [Choose(by="p1", picks=(4,)), Choose(by="p1", picks=(5,)), Choose(by="p1", picks=(6,))]
    yesno = candidate_commands(Decision("p2", "may", "yesno"), [])
    assert {c.yes for c in yesno} == {True, False}


def test_a_bot_sees_a_forced_answer_without_the_rest_of_the_listing_being_built() -> None:
    act = Decision("p1", "priority", "act")
    passing = PassPriority(by="p1")
    assert sole_candidate(act, [Concede(by="p1"), passing]) == passing   # conceding is never a bot's choice
    assert sole_candidate(act, []) == passing   # as candidate_commands answers an "act" with nothing listed
    assert sole_candidate(Decision("p1", "discard", "pick", options=(4,), min=1, max=1), []) == \
        Choose(by="p1", picks=(4,))

    def listing() -> Iterator[Command]:
        yield Choose(by="p1", picks=(1,))
        yield passing
        raise AssertionError("read past the second candidate")

    assert sole_candidate(act, listing()) is None


def with_hidden_cards_changed(game: Game, viewer: str, seed: int) -> Game:
    """Return a copy of `game` whose cards hidden from `viewer` are shuffled among themselves."""
    twin = start(RaceRules(), race_cards(), race_deck(), seed=game.config.seed)
    for command in game.commands():
        twin.submit(command)
    state = twin.state
    hidden = [iid for iid in sorted(state.cards) if not state.is_visible_to(iid, viewer)]
    identities = [state.cards[iid].card_id for iid in hidden]
    random.Random(seed).shuffle(identities)
    for iid, card_id in zip(hidden, identities):
        state.cards[iid].card_id = card_id
    state.rng_state ^= 0x5DEECE66D
    return twin


@pytest.mark.parametrize("kind", ["random", "heuristic", "montecarlo"])
def test_bots_never_read_hidden_cards(kind: str) -> None:
    # Two tables that differ only in what the bot cannot see (the opponent's hand, both decks'
    # order and contents, the generator) must get the same answers from the same bot.
    game = start(RaceRules(), race_cards(), race_deck(), seed=11)
    player = "p1"
    other_bots = {"p2": RandomBot(3)}
    checked = 0
    for step in range(60):
        if game.is_terminal():
            break
        decision = game.pending_decision()
        assert decision is not None
        if decision.player == player:
            twin = with_hidden_cards_changed(game, player, seed=step)
            assert twin.state.fingerprint() != game.state.fingerprint()
            answers = []
            for table in (game, twin):
                view = view_for(table.state, player)
                bot = BOT_MAKERS[kind](knowledge(RaceRules, player, race_cards(), race_deck()), 21)
                answers.append(bot.choose(view, decision, table.legal_commands(player)))
            assert view_for(game.state, player) == view_for(twin.state, player)
            assert answers[0] == answers[1]
            checked += 1
            command = answers[0]
        else:
            command = other_bots["p2"].choose(view_for(game.state, "p2"), decision, game.legal_commands("p2"))
        game.submit(command)
    assert checked >= 5


def test_determinised_state_keeps_what_the_viewer_sees_and_imagines_the_rest() -> None:
    game = start(RaceRules(), race_cards(), race_deck(), seed=4)
    view = view_for(game.state, "p1")
    own = knowledge(RaceRules, "p1", race_cards(), race_deck())
    copy = determinize(view, own, random.Random(1))
    for zid, cards in view.zones.items():
        assert len(copy.zones[zid].cards) == len(cards)
        for card_view, iid in zip(cards, copy.zones[zid].cards):
            if card_view.iid is not None:
                assert iid == card_view.iid and copy.cards[iid].card_id == card_view.card_id
    # p1's own hidden cards come from p1's deck list minus what p1 sees.
    p1_cards = Counter(copy.cards[i].card_id for i in copy.cards if copy.cards[i].owner == "p1")
    assert p1_cards == Counter(race_deck()["main"])
    assert copy.rng_state != game.state.rng_state
    assert view_for(copy, "p1").zones == view.zones


def test_bots_are_deterministic_for_a_seed() -> None:
    def play(seed: int) -> list[Command]:
        game = start(RaceRules(), race_cards(), race_deck(), seed=7)
        bots = {p: HeuristicBot(knowledge(RaceRules, p, race_cards(), race_deck()), seed) for p in ("p1", "p2")}
        bots["p2"] = RandomBot(seed)
        while not game.is_terminal() and len(game.history) < 200:
            decision = game.pending_decision()
            assert decision is not None
            game.submit(bots[decision.player].choose(view_for(game.state, decision.player), decision,
                                                     game.legal_commands(decision.player)))
        return game.commands()
    assert play(1) == play(1)
    assert play(1) != play(2)


def test_heuristic_takes_the_winning_attack_and_plays_before_attacking() -> None:
    game = start(RaceRules(), race_cards(), race_deck(), seed=3)
    bot = HeuristicBot(knowledge(RaceRules, "p1", race_cards(), race_deck()), 0)
    decision = game.pending_decision()
    assert decision is not None
    choice = bot.choose(view_for(game.state, "p1"), decision, game.legal_commands("p1"))
    assert choice.command_name() == "PlayCard"
    played = game.state.cards[choice.card]   # type: ignore[attr-defined]
    strongest = max(game.state.definition(i).stat("power") for i in game.state.cards_in("p1.hand"))
    assert game.state.library[played.card_id].stat("power") == strongest
    game.submit(choice)
    decision = game.pending_decision()
    assert decision is not None
    follow = bot.choose(view_for(game.state, "p1"), decision, game.legal_commands("p1"))
    assert follow.command_name() == "Attack"


@pytest.mark.parametrize("kind", ["random", "heuristic", "montecarlo:20"])
@pytest.mark.parametrize("game_id", game_ids())
def test_bots_play_every_registered_game(game_id: str, kind: str) -> None:
    config, library = sample_config(game_id, seed=3)
    rules = find_game(game_id)
    game = Game.start(rules, config, library)
    bots = {p: make_bot(kind, Knowledge(p, find_game(game_id), library, config.format, config.options,
                                        config.decks[p]), 1) for p in rules.players}
    reason, steps = play_out(game, bots, max_turns=6, max_steps=40)
    assert not reason.startswith(("stuck", "no decision")), reason
    assert steps == len(game.history) > 0


def test_the_monte_carlo_budget_is_counted_on_the_clock_it_is_given() -> None:
    ticks = [0.0]

    def clock() -> float:  # every look at the clock costs 50 ms: 300 ms allow only a few rounds
        ticks[0] += 0.05
        return ticks[0]

    game = start(RaceRules(), race_cards(), race_deck(), seed=3)
    bot = MonteCarloBot(knowledge(RaceRules, "p1", race_cards(), race_deck()), budget_ms=300, seed=1, clock=clock)
    decision = game.pending_decision()
    assert decision is not None
    bot.choose(view_for(game.state, "p1"), decision, game.legal_commands("p1"))
    assert 1 <= bot.rounds_played <= 6
    by_cpu = make_bot("montecarlo:300", knowledge(RaceRules, "p1", race_cards(), race_deck()), 1, "cpu")
    assert isinstance(by_cpu, MonteCarloBot) and by_cpu.clock is time.thread_time
