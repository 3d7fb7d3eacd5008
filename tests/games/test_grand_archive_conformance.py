"""Random legal-command whole games of Grand Archive: no exception, cards conserved, games end, undo and replay
exact; and every command the rules take is listed (the window offers only listed commands)."""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from command_listing import check_taken_exactly_when_listed  # noqa: E402

from carddb.bundled import load_bundled_cards, load_bundled_decks  # noqa: E402
from tabletop.engine.cards import CardLibrary  # noqa: E402
from tabletop.engine.commands import PassPriority  # noqa: E402
from tabletop.engine.errors import IllegalCommand  # noqa: E402
from tabletop.engine.game import Game  # noqa: E402
from tabletop.engine.record import GameRecord, replay  # noqa: E402
from tabletop.engine.rules import GameConfig  # noqa: E402
from tabletop.games import find_game  # noqa: E402
from tabletop.games.grand_archive.commands import (  # noqa: E402
    ActivateAbility, ActivateCard, DeclareAttack, Materialize, ReturnPreserved,
)
from tabletop.games.grand_archive.effects import effect_problems  # noqa: E402
from tabletop.games.grand_archive.keywords import KEYWORDS  # noqa: E402

STEP_CAP = 5000
# `TABLETOP_CONFORMANCE_GAMES=1000` runs the full conformance run, each game also replayed.
GAMES = int(os.environ.get("TABLETOP_CONFORMANCE_GAMES", "50"))


def library() -> CardLibrary:
    """Return the bundled Grand Archive set."""
    return CardLibrary(load_bundled_cards("grand-archive"))


def config(seed: int, swap: bool = False, auto_pass: bool = False) -> GameConfig:
    """Return a game of the two bundled Standard decks (swapped seats with `swap`)."""
    decks = [d.as_config_sections() for d in load_bundled_decks("grand-archive")]
    first, second = (decks[1], decks[0]) if swap else (decks[0], decks[1])
    return GameConfig("grand-archive", seed=seed, decks={"p1": first, "p2": second},
                      auto_pass=["p1", "p2"] if auto_pass else [])


def play_random(seed: int) -> Game:
    """Play one whole game choosing uniformly among the legal commands, checking that cards are conserved."""
    game = Game.start(find_game("grand-archive"), config(seed, swap=seed % 2 == 1), library())
    cards = sorted(game.state.cards)
    choose = random.Random(seed).choice
    steps = 0
    while steps < STEP_CAP and not game.is_terminal():
        listed = game.legal_commands()
        assert listed, f"seed {seed}: no legal command for {game.pending_decision()}"
        game.submit(choose(listed))
        steps += 1
    assert sorted(game.state.cards) == cards, "a card was created or lost"
    assert sorted(i for z in game.state.zones.values() for i in z.cards) == cards, "a card is in no zone or in two"
    return game


def test_random_games_end_and_conserve_cards() -> None:
    for seed in range(GAMES):
        game = play_random(seed)
        assert game.is_terminal(), f"seed {seed}: the game did not end in {STEP_CAP} commands"
        if GAMES > 50:
            again = replay(GameRecord.of(game), find_game("grand-archive"))
            assert again.state.fingerprint() == game.state.fingerprint(), f"seed {seed}: replay differs"


def test_replay_reproduces_the_same_state() -> None:
    for seed in range(100, 104):
        game = play_random(seed)
        again = replay(GameRecord.of(game), find_game("grand-archive"))
        assert again.state.fingerprint() == game.state.fingerprint()


def test_undo_and_redo_step_by_step_show_the_same_choices() -> None:
    game = Game.start(find_game("grand-archive"), config(3), library())

    def seen() -> tuple[str, str, str]:
        return game.state.fingerprint(), repr(game.legal_commands()), repr(game.pending_decision())

    rnd = random.Random(3)
    reached = [seen()]
    while len(reached) <= 200 and not game.is_terminal():
        game.submit(rnd.choice(game.legal_commands()))
        reached.append(seen())
    walks = {"undo": game.undo, "redo": game.redo}
    for name, expected in (("undo", reached[::-1]), ("redo", reached)):
        walked = [seen()]
        while walks[name]() is not None:
            walked.append(seen())
        assert walked == expected, f"{name} step by step differs"


def test_a_command_is_accepted_exactly_when_it_is_listed() -> None:
    """Activations (with Brew, Prepare, Imbue), materializations, Preserved returns, attacks with every weapon and
    target, and abilities of every card: the list names each one the rules take."""
    game = Game.start(find_game("grand-archive"), config(5), library())
    rnd = random.Random(5)
    tried = 0
    kinds: set[str] = set()
    for step in range(700):
        if game.is_terminal():
            break
        state = game.state
        player = game.pending_decision().player
        if step % 2 == 0:
            foe = state.opponent(player)
            hand = list(state.zones[f"{player}.hand"].cards)
            mine = list(state.zones[f"{player}.champion"].cards) + list(state.zones[f"{player}.field"].cards)
            theirs = list(state.zones[f"{foe}.champion"].cards) + list(state.zones[f"{foe}.field"].cards)
            material = list(state.zones[f"{player}.material"].cards)
            lineage = list(state.zones[f"{player}.lineage"].cards)
            tries = [ActivateCard(by=player, card=c, **v) for c in hand
                     for v in ({}, {"brew": True}, {"prepare": True}, {"imbue": True})]
            tries += [Materialize(by=player, card=c) for c in material + hand]
            tries += [ReturnPreserved(by=player, card=c) for c in material]
            weapons = [None] + [w for w in mine if state.definition(w).card_type == "weapon"]
            tries += [DeclareAttack(by=player, attacker=a, target=t, weapon=w) for a in mine for t in theirs + mine
                      for w in weapons]
            tries += [ActivateAbility(by=player, card=c, ability=n) for c in mine + lineage for n in range(2)]
            taken = check_taken_exactly_when_listed(game, tries)
            tried += taken
            if taken:
                kinds |= {type(c).__name__ for c in game.legal_commands() if not isinstance(c, PassPriority)}
        game.submit(rnd.choice(game.legal_commands()))
    assert tried > 20
    assert {"ActivateCard", "DeclareAttack", "Materialize"} <= kinds


def test_the_bundled_set_uses_every_keyword_and_its_cards_are_valid() -> None:
    cards = load_bundled_cards("grand-archive")
    used = {k for c in cards for k in c.keywords}
    assert len(KEYWORDS) == 47
    assert set(KEYWORDS) - used == set(), "a keyword of the seed no bundled card uses"
    assert all(effect_problems(c.to_mapping()) == [] for c in cards)


def test_a_typo_in_a_card_file_is_named() -> None:
    problems = effect_problems({"id": "x", "keywords": ["flying"], "effects": [
        {"trigger": "on_nap", "do": [{"effect": "draw", "cuont": 2}, {"effect": "damage", "amount": 1,
                                                                        "target": "moon"}]}]})
    assert problems == ["x: unknown keyword 'flying'", "x: effects[0]: unknown trigger 'on_nap'",
                        "x: effects[0].do[0]: effect 'draw' has no parameter 'cuont'",
                        "x: effects[0].do[1]: unknown target 'moon'"]


def test_refusals_name_the_rule() -> None:
    game = Game.start(find_game("grand-archive"), config(1), library())
    player = game.current_player()
    assert game.state.phase == "main" and player == "p1"
    ally = next(i for i in game.state.zones["p1.hand"].cards if game.state.definition(i).card_type == "ally")
    with pytest.raises(IllegalCommand, match="GA 8.2"):
        game.submit(ActivateCard(by="p2", card=ally))
    champion = game.state.zones["p1.champion"].cards[0]
    foe = game.state.zones["p2.champion"].cards[0]
    with pytest.raises(IllegalCommand, match="GA 5.5"):
        game.submit(DeclareAttack(by="p1", attacker=champion, target=foe))
    material = game.state.zones["p1.material"].cards[0]
    with pytest.raises(IllegalCommand, match="GA 6.2"):
        game.submit(Materialize(by="p1", card=material))


def test_the_starting_hand_comes_from_the_level_0_champion() -> None:
    """GA 5.4: the Level 0 champion's On Enter draws seven; the first player skips the first draw (GA 5.5)."""
    game = Game.start(find_game("grand-archive"), config(2), library())
    state = game.state
    for player in ("p1", "p2"):
        top = state.zones[f"{player}.champion"].cards[0]
        assert state.definition(top).stat("level") == 0
        assert len(state.zones[f"{player}.hand"].cards) == 7
    assert state.phase == "main" and state.active == "p1"


SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "grand-archive"
# How a keyword is named in a scenario's `rule:` line (citing the seed), where its title case differs.
KEYWORD_NAMES = {"level_restriction": "Level N+", "memory_restriction": "Memory N+", "true_sight": "True Sight"}


def test_every_keyword_has_a_scenario() -> None:
    """One scenario per keyword of the seed (Divine Relic is a deck-building rule: tests/carddb checks it)."""
    rules = " ".join(line for path in SCENARIOS.glob("*.yaml") for line in path.read_text(encoding="utf-8").splitlines()
                     if line.startswith("rule:") and "seed " in line)
    missing = [k for k in KEYWORDS if k != "divine_relic"
               and KEYWORD_NAMES.get(k, k.replace('_', ' ').title()) not in rules]
    assert missing == []
