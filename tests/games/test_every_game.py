"""Every registered game through the whole API: start, decide, act, undo, redo, record, replay, view."""
from __future__ import annotations

import random

import pytest

from tabletop.engine.cards import CardLibrary
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.game import Game
from tabletop.engine.record import GameRecord, replay
from tabletop.engine.rules import GameConfig, GameRules
from tabletop.engine.view import view_for
from tabletop.games import find_game, game_ids
from tests.games.sample_decks import sample_config

MAX_COMMANDS = 400


@pytest.mark.parametrize("game_id", game_ids())
def test_a_game_plays_through_the_whole_api(game_id):
    rules = find_game(game_id)
    config, library = sample_config(game_id, seed=11)
    game = Game.start(rules, config, library)
    start = game.state.snapshot()
    cards = len(game.state.conserved_cards())
    rnd = random.Random(5)
    for _ in range(MAX_COMMANDS):
        if game.is_terminal():
            break
        decision = game.pending_decision()
        assert decision is not None and decision.player in game.state.players
        assert game.current_player() == decision.player
        legal = game.legal_commands()
        assert legal, f"{game_id}: {decision.player} must decide {decision.name} but has no legal command"
        command = rnd.choice(legal)
        try:
            game.submit(command)
        except IllegalCommand as error:  # pragma: no cover - a listed command must be accepted
            pytest.fail(f"{game_id}: legal command {command.describe()} was refused: {error}")
        assert len(game.state.conserved_cards()) == cards, "cards are conserved (a token made in play may leave)"
        for viewer in game.state.players:
            view_for(game.state, viewer)
    end = game.state.fingerprint()
    again = replay(GameRecord.of(game), rules)
    assert again.state.fingerprint() == end
    game.undo_all()
    assert game.state.snapshot() == start
    game.redo_all()
    assert game.state.fingerprint() == end


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_names_its_zones_and_phases(game_id):
    rules = find_game(game_id)
    for game_format in rules.formats:
        specs = rules.zone_specs(game_format)
        names = [s.name for s in specs]
        assert len(names) == len(set(names)) and rules.hand_zone in names and rules.deck_zone in names
    assert rules.phases and rules.name


def test_an_unknown_game_is_named():
    with pytest.raises(KeyError, match="unknown game 'chess'"):
        find_game("chess")


def test_the_sample_config_is_a_real_config():
    config, library = sample_config("freeform", seed=1)
    assert isinstance(config, GameConfig) and isinstance(library, CardLibrary) and config.decks


@pytest.mark.parametrize("game_id", game_ids())
def test_auto_pass_leaves_a_seat_only_real_choices(game_id):
    """With auto-pass, no seat is asked to make a pass it cannot avoid; undo and replay still hold."""
    rules = find_game(game_id)
    config, library = sample_config(game_id, seed=3)
    config.auto_pass = list(rules.players)
    game = Game.start(rules, config, library)
    rnd = random.Random(7)
    forced_stops = 0
    for number in range(MAX_COMMANDS):
        if game.is_terminal():
            break
        decision = game.pending_decision()
        legal = game.legal_commands()
        if len(legal) == 1 and legal[0] == rules.advance_command(game.state, decision):
            forced_stops += 1
        before = game.state.snapshot()
        game.submit(rnd.choice(legal))
        if number % 7 == 0:  # the automatic passes are part of the step: one undo takes them back
            game.undo()
            assert game.state.snapshot() == before
            game.redo()
    end = game.state.fingerprint()
    record = GameRecord.of(game)
    assert replay(record, rules).state.fingerprint() == end
    if rules.lists_every_play:
        assert forced_stops == 0
    else:  # a game played by hand stops at every pass (cards may be moved by hand first): nothing changes
        record.config.auto_pass = []
        assert replay(record, rules).state.fingerprint() == end


def _sample_game(game_id: str, seed: int) -> tuple[GameRules, Game, random.Random]:
    """Start a game of the sample decks with human seats; return its rules, the game and a chooser seeded alike."""
    rules = find_game(game_id)
    config, library = sample_config(game_id, seed=seed)
    return rules, Game.start(rules, config, library), random.Random(seed)


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("seed", [4, 12])
def test_a_seat_can_do_more_than_pass_exactly_when_more_is_listed(game_id, seed):
    """The auto-pass's question (`can_do_more_than_advance`) agrees with the listed commands at every decision."""
    rules, game, rnd = _sample_game(game_id, seed)
    seen: list[tuple[str, bool, bool]] = []   # each decision: its name, pass alone listed, the rules' answer
    while not game.is_terminal() and len(seen) < MAX_COMMANDS:
        decision, legal = game.pending_decision(), game.legal_commands()
        advance = rules.advance_command(game.state, decision)
        seen.append((decision.name, legal == [advance],
                     advance is None or rules.can_do_more_than_advance(game.state, decision, advance)))
        game.submit(rnd.choice(legal))
    wrong = [(number, name) for number, (name, only_advance, more) in enumerate(seen) if more == only_advance]
    assert not wrong, f"{game_id}: can_do_more_than_advance disagrees with the list at decisions {wrong}"
    forced = sum(only_advance for _, only_advance, _ in seen)
    assert forced > 0 or not rules.lists_every_play   # the games that auto-pass met passes they could not avoid


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("seed", [2, 9])
def test_every_listed_command_but_a_pass_changes_the_game(game_id, seed):
    """A listed command other than the pass does something a player can see (a swap that put both units back did not)."""
    rules, game, rnd = _sample_game(game_id, seed)
    acted = 0
    for _ in range(MAX_COMMANDS):
        if game.is_terminal():
            break
        decision = game.pending_decision()
        command = rnd.choice(game.legal_commands())
        is_pass = decision is not None and command == rules.advance_command(game.state, decision)
        before = {key: value for key, value in game.state.snapshot().items() if key != "log"}
        game.submit(command)
        if is_pass:
            continue
        after = {key: value for key, value in game.state.snapshot().items() if key != "log"}
        assert after != before, f"{game_id}: {command.describe()} changed nothing but the log"
        acted += 1
    assert acted > 0 or not rules.lists_every_play   # a game played by hand lists only its passes


@pytest.mark.parametrize("game_id", game_ids())
def test_card_value_agrees_with_card_values(game_id):
    """The one-value reading bots use gives what the card dock shows, all along a game."""
    rules = find_game(game_id)
    config, library = sample_config(game_id, seed=5)
    game = Game.start(rules, config, library)
    rnd = random.Random(2)
    checked = 0
    for number in range(MAX_COMMANDS):
        if game.is_terminal():
            break
        if number % 5 == 0:
            for iid, card in game.state.cards.items():
                if card.zone.endswith((".deck", ".hand")):
                    continue
                for name, value in rules.card_values(game.state, iid).items():
                    assert rules.card_value(game.state, iid, name) == value.current, (card.zone, name)
                    checked += 1
        game.submit(rnd.choice(game.legal_commands()))
    assert checked > 0


def test_every_game_is_named_as_its_rules_name_it() -> None:
    """The new-game dialog lists games by `game_name` without importing them: it must say what the rules say."""
    from tabletop.games import NAMES, game_name

    assert set(NAMES) == set(game_ids())
    assert all(game_name(gid) == find_game(gid).name for gid in game_ids())
