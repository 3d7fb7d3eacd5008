"""Random legal-command whole games of Yu-Gi-Oh!: no exception, cards conserved, games end, undo/redo/replay exact,
and every command the rules take is listed (the window offers only listed commands)."""
from __future__ import annotations

import itertools
import os
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from command_listing import (  # noqa: E402
    check_taken_exactly_when_listed, check_undo_redo_show_the_same_choices, play_random_commands,
)

from carddb.bundled import load_bundled_cards, load_bundled_decks  # noqa: E402
from tabletop.engine.cards import CardLibrary  # noqa: E402
from tabletop.engine.commands import Command, PassPriority  # noqa: E402
from tabletop.engine.errors import IllegalCommand  # noqa: E402
from tabletop.engine.game import Game  # noqa: E402
from tabletop.engine.record import GameRecord, replay  # noqa: E402
from tabletop.engine.rules import GameConfig  # noqa: E402
from tabletop.games import find_game  # noqa: E402
from tabletop.games.yugioh import table  # noqa: E402
from tabletop.games.yugioh.cards import facts  # noqa: E402
from tabletop.games.yugioh.commands import (  # noqa: E402
    ActivateCard, ActivateEffect, ChangePosition, DeclareAttack, FlipSummon, NormalSummon, PendulumSummon, SetMonster,
    SetSpellTrap, SpecialSummon,
)

STEP_CAP = 6000
# `TABLETOP_CONFORMANCE_GAMES=1000` runs the full conformance run: that many games, each also replayed.
GAMES = int(os.environ.get("TABLETOP_CONFORMANCE_GAMES", "50"))


def bundled() -> tuple[CardLibrary, dict[str, dict[str, list[str]]]]:
    """Return the bundled Yu-Gi-Oh! cards and the two bundled decks as p1's and p2's."""
    decks = load_bundled_decks("yugioh")
    assert len(decks) >= 2
    return CardLibrary(load_bundled_cards("yugioh")), {"p1": decks[0].as_config_sections(),
                                                      "p2": decks[1].as_config_sections()}


def start(seed: int) -> Game:
    """Start a game of the two bundled decks."""
    library, decks = bundled()
    return Game.start(find_game("yugioh"), GameConfig("yugioh", "", seed, decks=decks), library)


def play_random(seed: int) -> Game:
    """Play one whole game choosing uniformly among the legal commands."""
    game = start(seed)
    return play_random_commands(game, random.Random(seed), STEP_CAP)


def test_random_games_end_and_conserve_cards() -> None:
    for seed in range(GAMES):
        game = play_random(seed)
        assert game.is_terminal(), f"seed {seed}: the game did not end in {STEP_CAP} commands"
        if GAMES > 50:
            again = replay(GameRecord.of(game), find_game("yugioh"))
            assert again.state.fingerprint() == game.state.fingerprint(), f"seed {seed}: replay differs"


def test_replay_reproduces_the_same_state() -> None:
    for seed in range(100, 104):
        game = play_random(seed)
        assert replay(GameRecord.of(game), find_game("yugioh")).state.fingerprint() == game.state.fingerprint()


def test_undo_and_redo_step_by_step_show_the_same_choices() -> None:
    check_undo_redo_show_the_same_choices(start(3), random.Random(3), 250)


def test_the_commands_read_one_at_a_time_are_the_listed_ones() -> None:
    """What a bot reads lazily ("is there a choice?") is what the window lists, at every decision of a random game."""
    game = start(5)
    rules, rnd = game.rules, random.Random(5)
    for _ in range(400):
        if game.is_terminal():
            break
        lazily = {p: list(rules.iter_legal_commands(game.state, p)) for p in game.state.players}
        assert lazily == {p: game.legal_commands(p) for p in game.state.players}
        game.submit(rnd.choice(game.legal_commands()))


def tries_for(game: Game, player: str) -> list[Command]:
    """Every summon, Set, position change, activation and attack a player could ask for with the cards in play."""
    state = game.state
    hand = list(state.zones[f"{player}.hand"].cards)
    mine = table.monsters(state, player)
    foes: list[int | None] = [*table.monsters(state, state.opponent(player)), None]
    field = table.spells_traps(state, player)
    tries: list[Command] = []
    for card in hand:
        for size in range(3):
            for tributes in itertools.combinations(mine, size):
                tries += [NormalSummon(by=player, card=card, tributes=tributes),
                          SetMonster(by=player, card=card, tributes=tributes)]
        tries += [SetSpellTrap(by=player, card=card), ActivateCard(by=player, card=card),
                  PendulumSummon(by=player, cards=(card,))]
    for card in mine:
        tries += [FlipSummon(by=player, card=card), ChangePosition(by=player, card=card)]
        tries += [DeclareAttack(by=player, attacker=card, target=t) for t in foes]
    for card in mine + field:
        tries += [ActivateEffect(by=player, card=card, quick=q) for q in (False, True)]
    tries += [ActivateCard(by=player, card=card) for card in field]
    for card in state.zones[f"{player}.extra"].cards:
        tries += [PendulumSummon(by=player, cards=(card,))]
        for size in (1, 2, 3):
            tries += [SpecialSummon(by=player, card=card, materials=m) for m in itertools.combinations(mine, size)]
    return tries


def test_a_command_is_accepted_exactly_when_it_is_listed() -> None:
    """Summons of every kind, Sets, positions, activations and attacks of every card: the list names each one taken."""
    tried = 0
    for seed in (7, 8):
        game = start(seed)
        rnd = random.Random(seed)
        for step in range(700):
            if game.is_terminal():
                break
            player = game.pending_decision().player
            if step % 3 == 0:
                tried += check_taken_exactly_when_listed(game, tries_for(game, player))
            game.submit(rnd.choice(game.legal_commands()))
    assert tried > 100


def test_refusals_name_the_rule() -> None:
    game = start(1)
    player = game.state.active
    hand = game.state.zones[f"{player}.hand"].cards
    trap = next((c for c in hand if table.card_facts(game.state, c).is_("trap")), None)
    if trap is not None:
        with pytest.raises(IllegalCommand, match="must be Set before"):
            game.submit(ActivateCard(by=player, card=trap))
    monster = next(c for c in hand if table.card_facts(game.state, c).is_monster)
    with pytest.raises(IllegalCommand, match="YGO 5.3"):
        game.submit(NormalSummon(by=player, card=monster))   # the Draw Phase
    while game.state.phase != "main1":
        game.submit(PassPriority(by=player))
    with pytest.raises(IllegalCommand, match="YGO 6.2"):
        game.submit(DeclareAttack(by=player, attacker=monster))


REAL = Path(__file__).resolve().parents[2].parent / "shared" / "carddata" / "yugioh"


def test_imported_real_cards_play_by_the_rules() -> None:
    """A YGOPro cards.cdb and windbot .ydk decks: every card's printed facts are read, decks pass the deck check
    against the 2026.7 list or are refused with the reason, and whole games end by the rules."""
    cdb = REAL / "cards_babelcdb_2020-03-30.cdb"
    if not cdb.exists():
        pytest.skip("../shared/carddata not present")
    from carddb.banlist import limits_by_name, read_lflist
    from carddb.decks.resolution import library_lookup, resolve_deck
    from carddb.decks.ydk import read_ydk
    from carddb.importers.ygopro_cdb import read
    from carddb.validation import Regulation, validate_deck
    cards = read([cdb]).cards
    lookup = library_lookup(cards)
    decks = [resolve_deck(read_ydk(p.read_text(), source=str(p)), lookup).deck
             for p in sorted((REAL / "decks").glob("*.ydk"))]
    assert len(decks) >= 2
    limits = limits_by_name(read_lflist(REAL / "ygopro_lflist.conf")["2026.7"], cards)
    for deck in decks:
        assert validate_deck(deck) == []
        for problem in validate_deck(deck, Regulation(limits=limits)):
            assert problem.startswith("Yu-Gi-Oh! 2.5")
    library = CardLibrary(cards)
    kinds = {k for d in decks for c in d.cards() for k in facts(library, c.id).kinds}
    assert {"monster", "spell", "trap", "effect", "xyz", "link"} <= kinds
    rules = find_game("yugioh")
    for seed in range(2):
        sections = {"p1": decks[seed].as_config_sections(), "p2": decks[seed + 1].as_config_sections()}
        game = Game.start(rules, GameConfig("yugioh", "", seed, decks=sections), library)
        rnd = random.Random(seed)
        for _ in range(STEP_CAP):
            if game.is_terminal():
                break
            game.submit(rnd.choice(game.legal_commands()))
        assert game.is_terminal()
