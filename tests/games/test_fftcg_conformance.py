"""Whole random FFTCG games: no exception, cards conserved, every game ends, replays reproduce the state."""
from __future__ import annotations

import itertools
import os
import random
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from fftcg_testdeck import FIRE_DECK, ICE_DECK, TURN_CAP, play_random_game, real_deck, build_library  # noqa: E402
from command_listing import check_taken_exactly_when_listed  # noqa: E402

from carddb.bundled import load_bundled_cards, load_bundled_decks  # noqa: E402
from tabletop.engine.cards import CardLibrary  # noqa: E402
from tabletop.engine.commands import Command  # noqa: E402
from tabletop.engine.game import Game  # noqa: E402
from tabletop.engine.record import GameRecord, load_record, replay, save_record  # noqa: E402
from tabletop.engine.rules import GameConfig  # noqa: E402
from tabletop.games import find_game  # noqa: E402
from tabletop.games.fftcg.commands import DeclareAttack, DeclareBlock, DeclareParty  # noqa: E402

# `TABLETOP_CONFORMANCE_GAMES=1000 make test` runs the issue's full 1,000-game conformance run.
GAMES = int(os.environ.get("TABLETOP_CONFORMANCE_GAMES", "50"))
CARDDATA = Path(__file__).resolve().parents[2].parent / "shared" / "carddata"


def _card_census(game: Game) -> Counter[str]:
    return Counter(card.card_id for card in game.state.cards.values())


def _check_game(game: Game, deck_size: int) -> None:
    state = game.state
    assert len(state.cards) == 2 * deck_size, "cards were created or destroyed"
    in_zones = sum(len(zone.cards) for zone in state.zones.values())
    assert in_zones == len(state.cards), "a card is in no zone or in two"
    assert game.is_terminal() or state.turn > TURN_CAP
    record = GameRecord.of(game)
    again = replay(record, find_game("fftcg"))
    assert again.state.fingerprint() == state.fingerprint()


@pytest.mark.parametrize("block", range(5))
def test_random_games_end_conserve_cards_and_replay(block: int) -> None:
    library = build_library()
    for seed in range(block * GAMES // 5, (block + 1) * GAMES // 5):
        game = play_random_game(seed, library)
        _check_game(game, 50)
        assert game.is_terminal(), f"seed {seed} did not end by turn {TURN_CAP}"


def _bundled() -> tuple[CardLibrary, list[str], list[str]]:
    rules = find_game("fftcg")
    library = CardLibrary(rules.card_from_mapping(card.to_mapping()) for card in load_bundled_cards("fftcg"))
    first, second = (deck.as_config_sections()["main"] for deck in load_bundled_decks("fftcg"))
    return library, first, second


@pytest.mark.parametrize("block", range(2))
def test_random_games_with_the_bundled_decks(block: int) -> None:
    library, first, second = _bundled()
    for seed in range(block * 10, block * 10 + 10):
        game = play_random_game(seed, library, (first, second))
        _check_game(game, 50)
        assert game.is_terminal(), f"seed {seed} did not end by turn {TURN_CAP}"


def test_saved_record_reloads_and_replays(tmp_path: Path) -> None:
    game = play_random_game(7)
    path = tmp_path / "game.json"
    save_record(game, path)
    loaded = load_record(path, find_game)
    assert replay(loaded, find_game("fftcg")).state.fingerprint() == game.state.fingerprint()


def test_undo_all_returns_to_the_start() -> None:
    game = play_random_game(11, turn_cap=4)
    start = Game.start(find_game("fftcg"), game.config, build_library())
    game.undo_all()
    assert game.state.fingerprint() == start.state.fingerprint()


def test_random_games_with_real_cards() -> None:
    if not CARDDATA.exists():
        pytest.skip("../shared/carddata not present")
    found = real_deck(CARDDATA)
    if found is None:
        pytest.skip("../shared/carddata has no FFTCG card JSON")
    library, deck1, deck2 = found
    for seed in range(5):
        game = play_random_game(seed, library, (deck1, deck2))
        _check_game(game, 50)


def test_undo_then_a_different_play_shows_the_new_power() -> None:
    """Derived values kept across changes (characteristics) must follow undo, even when ids repeat."""
    rules = find_game("fftcg")
    library = CardLibrary(rules.card_from_mapping(card) for card in (
        {"id": "f", "name": "Test Forward", "type": "forward", "element": "fire", "cost": 1, "power": 5000},
        {"id": "up", "name": "Test Lift", "type": "summon", "element": "fire", "cost": 1,
         "effects": [{"effect": "power", "amount": 2000, "target": {"type": "forward"}}]},
        {"id": "down", "name": "Test Sag", "type": "summon", "element": "fire", "cost": 1,
         "effects": [{"effect": "power", "amount": -3000, "target": {"type": "forward"}}]},
        {"id": "b", "name": "Test Clerk", "type": "backup", "element": "fire", "cost": 1, "multi_copy": True}))
    from tabletop.engine.commands import PassPriority
    from tabletop.engine.rules import GameConfig
    from tabletop.games.fftcg.commands import CastSummon

    scenario = {"turn": 3, "active": "p1", "phase": "main1",
                "players": {"p1": {"hand": [{"card": "up", "as": "up"}, {"card": "down", "as": "down"}],
                                   "field": [{"card": "f", "as": "f"}, {"card": "b", "as": "b"}]}}}
    game = Game.start(rules, GameConfig("fftcg", "constructed", 0, scenario=scenario), library)
    forward, backup = game.labels["f"], game.labels["b"]

    def cast(label: str) -> int:
        game.submit(CastSummon(by="p1", card=game.labels[label], backups=(backup,), targets=(forward,)))
        game.submit(PassPriority(by="p1"))
        game.submit(PassPriority(by="p2"))
        return rules.card_values(game.state, forward)["power"].current

    assert cast("up") == 7000
    game.undo()
    game.undo()
    game.undo()
    assert rules.card_values(game.state, forward)["power"].current == 5000
    assert cast("down") == 2000


@pytest.mark.parametrize("seed", [0, 4])
def test_attacks_parties_and_blocks_are_taken_exactly_when_listed(seed: int) -> None:
    """Every Forward's attack and block, and every group of two or more as a Party: listed iff the rules take it.

    The window offers only listed commands, so a Party missing from the list could not be declared at all.
    """
    rules = find_game("fftcg")
    config = GameConfig("fftcg", "constructed", seed, decks={"p1": {"main": list(FIRE_DECK)}, "p2": {"main": list(ICE_DECK)}},
                        auto_pass=["p1", "p2"])
    game = Game.start(rules, config, build_library())
    rnd = random.Random(seed)
    tried = 0
    while not game.is_terminal() and game.state.turn <= TURN_CAP:
        state, player = game.state, game.pending_decision().player
        if state.data.get("stage") in ("attack", "block"):
            field = list(state.zones[f"{player}.field"].cards)
            tries: list[Command] = [DeclareAttack(by=player, attacker=f) for f in field]
            tries += [DeclareBlock(by=player, blocker=f) for f in field]
            if len(field) <= 6:   # 57 Parties at most: under the listed bound (rule_14_5a_parties_listed_at_most_64)
                tries += [DeclareParty(by=player, attackers=group) for size in range(2, len(field) + 1)
                          for group in itertools.combinations(field, size)]
            tried += check_taken_exactly_when_listed(game, tries)
        game.submit(rnd.choice(game.legal_commands()))
    assert tried > 5
