"""Manual moves never break a game: random hand moves mixed into random rules play, in every game and format.

After any manual command the pending decision must stay answerable (its listed commands are accepted),
`legal_commands()` must not raise, undoing everything gives back the start exactly, and the record replays.
`TABLETOP_CONFORMANCE_GAMES=1000` plays the issue's full run (that many games per game and format).
"""
from __future__ import annotations

import os
import random
from collections import Counter
from pathlib import Path

import pytest
import yaml

from carddb.bundled import load_bundled_cards
from tabletop.engine.commands import (
    AdjustTotal, Command, DrawCards, MakeToken, ManualMove, Reveal, SetCounter, SetState, Shuffle,
)
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.game import Game
from tabletop.engine.record import GameRecord, replay
from tabletop.engine.state import GameState
from tabletop.games import find_game, game_ids
from tabletop.scenarios.runner import ScenarioPlayer
from tests.games.sample_decks import sample_config

GAMES = int(os.environ.get("TABLETOP_CONFORMANCE_GAMES", "10"))
STEPS = 300
MANUAL_SHARE = 0.25   # about one command in four is a manual one
HAND_LIMIT = Path(__file__).resolve().parents[1] / "scenarios" / "fftcg" / "acceptance_21_hand_limit_cleanup.yaml"


def _every_game_and_format() -> list[tuple[str, str]]:
    return [(g, f) for g in game_ids() for f in find_game(g).formats]


def random_manual_command(rnd: random.Random, game: Game) -> Command:
    """Return one manual command of any kind, with arguments drawn from the table (some refused)."""
    state: GameState = game.state
    by = rnd.choice(state.players)
    card = rnd.choice(sorted(state.cards))
    kind = rnd.randrange(8)
    if kind == 0:
        return ManualMove(by=by, card=card, to=rnd.choice(sorted(state.zones)), index=rnd.choice((0, -1)),
                          face_down=rnd.choice((None, True, False)))
    if kind == 1:
        return SetCounter(by=by, card=card, name=rnd.choice(("+1", "charge")), value=rnd.randrange(4))
    if kind == 2:
        states = ("tapped", "face_down", *game.rules.tap_words, *game.rules.card_states)
        return SetState(by=by, card=card, state=rnd.choice(states), value=rnd.random() < 0.5)
    if kind == 3:
        player = rnd.choice(state.players)
        names = sorted(state.totals.get(player, {})) + ["tokens"]
        return AdjustTotal(by=by, player=player, name=rnd.choice(names), delta=rnd.choice((-2, -1, 1, 2)))
    if kind == 4:
        return Shuffle(by=by, zone=rnd.choice(sorted(state.zones)))
    if kind == 5:
        return DrawCards(by=by, count=rnd.randrange(3))
    if kind == 6:
        traits = tuple(f"{t.name}={rnd.choice(t.choices) if t.choices else t.default if not t.stat else rnd.randint(t.least, t.least + 3)}"
                       for t in game.rules.token_traits if rnd.random() < 0.7)
        return MakeToken(by=by, name=rnd.choice(("Sheep Token", "Soldier")), to=rnd.choice(sorted(state.zones)),
                         traits=traits, tapped=rnd.random() < 0.5)
    return Reveal(by=by, card=card, to=rnd.choice(("all", *state.players)))


def play_with_manual_moves(game_id: str, game_format: str, seed: int) -> tuple[Game, Counter[str]]:
    """Play one game of random rules commands and random manual commands; return it and what was played."""
    rules = find_game(game_id)
    config, library = sample_config(game_id, seed=seed)
    config.format = game_format
    zones = {spec.name for spec in rules.zone_specs(game_format)}
    for sections in config.decks.values():
        for section in [s for s in sections if rules.deck_sections.get(s) not in (None, *zones)]:
            del sections[section]
    game = Game.start(rules, config, library)
    start = game.state.snapshot()
    cards = len(game.state.conserved_cards())
    rnd = random.Random(seed)
    played: Counter[str] = Counter()
    for _ in range(STEPS):
        if game.is_terminal():
            break
        if rnd.random() < MANUAL_SHARE:
            command = random_manual_command(rnd, game)
            try:
                game.submit(command)
                played["manual"] += 1
            except IllegalCommand:
                played["manual refused"] += 1
            continue
        legal = game.legal_commands()
        if not legal:   # a game played by hand may list nothing for a seat; the pass is its answer
            advance = game.rules.advance_command(game.state, game.pending_decision())
            assert advance is not None, f"{game_id} seed {seed}: {game.pending_decision()} cannot be answered"
            legal = [advance]
        command = rnd.choice(legal)
        try:
            game.submit(command)
        except IllegalCommand as error:
            pytest.fail(f"{game_id}/{game_format} seed {seed}: listed {command.describe()} refused: {error}")
        played["rules"] += 1
        assert len(game.state.conserved_cards()) == cards, "cards are conserved (a token made in play may leave)"
    end = game.state.fingerprint()
    again = replay(GameRecord.of(game), rules)
    assert again.state.fingerprint() == end, f"{game_id}/{game_format} seed {seed}: replay differs"
    game.undo_all()
    assert game.state.snapshot() == start, f"{game_id}/{game_format} seed {seed}: undo-all is not the start"
    game.redo_all()
    assert game.state.fingerprint() == end
    return game, played


@pytest.mark.parametrize("game_id, game_format", _every_game_and_format())
def test_random_manual_moves_never_break_a_game(game_id, game_format):
    total: Counter[str] = Counter()
    for seed in range(GAMES):
        _, played = play_with_manual_moves(game_id, game_format, seed)
        total += played
    print(f"\n{game_id}/{game_format}: {GAMES} games, {dict(total)}")
    assert total["manual"] > 0 and total["rules"] > 0


def test_adjusting_a_total_that_did_not_exist_is_undone_to_nothing():
    config, library = sample_config("vanguard", seed=1)
    game = Game.start(find_game("vanguard"), config, library)
    start = game.state.snapshot()
    game.submit(AdjustTotal(by="p1", player="p1", name="tokens", delta=3))
    assert game.state.totals["p1"]["tokens"] == 3
    game.undo()
    assert "tokens" not in game.state.totals["p1"] and game.state.snapshot() == start


def test_vanguard_standard_accel_adjusted_by_hand_keeps_the_game_playable():
    config, library = sample_config("vanguard", seed=2)
    config.format = "standard"
    for sections in config.decks.values():
        sections.pop("gzone", None)
    game = Game.start(find_game("vanguard"), config, library)
    game.submit(AdjustTotal(by="p1", player="p1", name="accel", delta=1))
    for _ in range(40):
        legal = game.legal_commands()
        assert legal
        game.submit(legal[-1])


def test_fftcg_hand_limit_discard_ends_when_cards_leave_the_hand_by_hand():
    """Issue 23 item 4: the prompt said "discard -1 card(s)" and every menu raised ValueError."""
    data = yaml.safe_load(HAND_LIMIT.read_text())
    data["steps"] = data["steps"][:8]   # p1 is asked to discard 2 cards down to 5 (FFTCG 9.5.1.2)
    player = ScenarioPlayer(HAND_LIMIT, data, find_game, load_bundled_cards)
    player.play()
    game = player.game
    assert game.pending_decision().name == "hand_limit" and game.pending_decision().min == 2
    hand = game.state.zones["p1.hand"].cards
    game.submit(ManualMove(by="p1", card=hand[0], to="break"))
    decision = game.pending_decision()
    assert decision.name == "hand_limit" and decision.min == 1 and decision.prompt == "discard 1 card(s) down to 5"
    assert len(game.legal_commands()) == 6
    game.submit(ManualMove(by="p1", card=hand[0], to="break"))
    decision = game.pending_decision()
    assert decision is not None and decision.name != "hand_limit" and game.state.active == "p2"
    assert game.legal_commands(), "the next turn goes on after the clean-up"
