"""Random legal-command whole games of Vanguard: no exception, cards conserved, games end, replays match."""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from vanguard_decks import deck, library  # noqa: E402
from command_listing import (  # noqa: E402
    check_taken_exactly_when_listed, check_undo_redo_show_the_same_choices, play_random_commands,
)

from carddb.bundled import load_bundled_cards, load_bundled_decks  # noqa: E402
from tabletop.engine.cards import CardLibrary  # noqa: E402
from tabletop.engine.errors import IllegalCommand  # noqa: E402
from tabletop.engine.game import Game  # noqa: E402
from tabletop.engine.record import GameRecord, replay  # noqa: E402
from tabletop.engine.rules import GameConfig  # noqa: E402
from tabletop.games import find_game  # noqa: E402
from tabletop.games.vanguard import validate_effects  # noqa: E402
from tabletop.games.vanguard.commands import Attack, Call, GGuard, Guard, Intercept, Move, Ride, Stride  # noqa: E402
from vanguard_decks import CARDS  # noqa: E402

STEP_CAP = 4000
# `TABLETOP_CONFORMANCE_GAMES=1000` runs the full conformance run: that many games per
# format, each also replayed from its record.
GAMES = int(os.environ.get("TABLETOP_CONFORMANCE_GAMES", "50"))


def play_random(game_format: str, seed: int, lib: CardLibrary | None = None,
                decks: dict[str, dict[str, list[str]]] | None = None) -> Game:
    """Play one whole game choosing uniformly among the legal commands."""
    rules = find_game("vanguard")
    config = GameConfig("vanguard", game_format, seed,
                        decks=decks or {"p1": deck(game_format), "p2": deck(game_format)})
    game = Game.start(rules, config, lib or library())
    return play_random_commands(game, random.Random(seed), STEP_CAP)


@pytest.mark.parametrize("game_format", ["standard", "premium"])
def test_random_games_end_and_conserve_cards(game_format: str) -> None:
    for seed in range(GAMES):
        game = play_random(game_format, seed)
        assert game.is_terminal(), f"seed {seed}: the game did not end in {STEP_CAP} commands"
        if GAMES > 50:
            again = replay(GameRecord.of(game), find_game("vanguard"))
            assert again.state.fingerprint() == game.state.fingerprint(), f"seed {seed}: replay differs"


@pytest.mark.parametrize("game_format", ["standard", "premium"])
def test_replay_reproduces_the_same_state(game_format: str) -> None:
    for seed in range(100, 105):
        game = play_random(game_format, seed)
        record = GameRecord.of(game)
        again = replay(record, find_game("vanguard"))
        assert again.state.fingerprint() == game.state.fingerprint()


def test_undo_all_returns_to_the_start() -> None:
    rules = find_game("vanguard")
    config = GameConfig("vanguard", "standard", 7, decks={"p1": deck("standard"), "p2": deck("standard")})
    game = Game.start(rules, config, library())
    start = game.state.fingerprint()
    rnd = random.Random(7)
    for _ in range(150):
        if game.is_terminal():
            break
        game.submit(rnd.choice(game.legal_commands()))
    game.undo_all()
    assert game.state.fingerprint() == start


def test_undo_and_redo_step_by_step_show_the_same_choices() -> None:
    """Going back and forth through a game with clan abilities shows, at every decision, the same table, legal
    commands and decision as when it was first reached (nothing memoised outlives the state it was read from)."""
    decks = [d for d in load_bundled_decks("vanguard") if d.format == "standard"]
    config = GameConfig("vanguard", "standard", 3, decks={"p1": decks[0].as_config_sections(),
                                                          "p2": decks[1 % len(decks)].as_config_sections()})
    game = Game.start(find_game("vanguard"), config, bundled_library())
    check_undo_redo_show_the_same_choices(game, random.Random(3), 160)


def bundled_library() -> CardLibrary:
    """Return the bundled Vanguard set, read through the rules."""
    rules = find_game("vanguard")
    return CardLibrary(rules.card_from_mapping(c.to_mapping()) for c in load_bundled_cards("vanguard"))


@pytest.mark.parametrize("game_format", ["standard", "premium"])
def test_bundled_decks_play_whole_random_games(game_format: str) -> None:
    decks = [d for d in load_bundled_decks("vanguard") if d.format == game_format]
    assert len(decks) >= 2
    lib = bundled_library()
    for seed in range(20):
        first, second = decks[seed % len(decks)], decks[(seed + 1) % len(decks)]
        game = play_random(game_format, seed, lib, {"p1": first.as_config_sections(), "p2": second.as_config_sections()})
        assert game.is_terminal(), f"{first.name} vs {second.name}, seed {seed}: no end in {STEP_CAP} commands"
    record = GameRecord.of(game)
    assert replay(record, find_game("vanguard")).state.fingerprint() == game.state.fingerprint()


@pytest.mark.parametrize("game_format", ["standard", "premium"])
def test_a_command_is_accepted_exactly_when_it_is_listed(game_format: str) -> None:
    """Rides, calls, moves, attacks, guards, intercepts, strides and G guardians of every card: the list names each one the rules take.

    The window offers a card only the commands that name it, so a second copy missing from the list could not
    be called (a drop of it fell back to a move by hand).
    """
    rules = find_game("vanguard")
    decks = [d for d in load_bundled_decks("vanguard") if d.format == game_format]
    config = GameConfig("vanguard", game_format, 7, decks={"p1": decks[0].as_config_sections(),
                                                          "p2": decks[1].as_config_sections()}, auto_pass=["p1", "p2"])
    game = Game.start(rules, config, bundled_library())
    rnd = random.Random(7)   # a premium game that strides
    circles = ["rc.front_left", "rc.front_right", "rc.back_left", "rc.back_center", "rc.back_right"]
    tried = 0
    for step in range(600):
        if game.is_terminal():
            break
        state, player = game.state, game.pending_decision().player
        if step % 2 == 0:
            hand = list(state.zones[f"{player}.hand"].cards)
            units = [i for z in ("vc", *circles) for i in state.zones[f"{player}.{z}"].cards]
            foes = [i for z in ("vc", *circles) for i in state.zones[f"{state.opponent(player)}.{z}"].cards]
            tries = [Ride(by=player, card=c) for c in hand] + [Guard(by=player, card=c) for c in hand]
            tries += [Call(by=player, card=c, circle=circle) for c in hand for circle in circles]
            tries += [Move(by=player, card=u) for u in units] + [Intercept(by=player, card=u) for u in units]
            tries += [Attack(by=player, attacker=u, target=f) for u in units for f in foes]
            gzone = state.zones.get(f"{player}.gzone")
            g_units = gzone.cards if gzone else []
            strides = [c for c in game.legal_commands() if isinstance(c, Stride)]
            if strides:   # the discard is a payment (the obvious one is listed): every G unit with it
                tries += [Stride(by=player, card=g, discard=strides[0].discard) for g in g_units]
            # a G guardian's discard: one card of each kind in hand (copies are the same payment)
            kinds = list({state.cards[c].card_id: c for c in reversed(hand)}.values())
            tries += [GGuard(by=player, card=g, discard=c) for g in g_units for c in kinds]
            tried += check_taken_exactly_when_listed(game, tries)
        game.submit(rnd.choice(game.legal_commands()))
    assert tried > 20


def test_test_cards_pass_validation_and_bad_effects_are_named() -> None:
    assert all(validate_effects(c) == [] for c in CARDS)
    problems = validate_effects({"id": "x", "keywords": ["flying"], "effects": [
        {"kind": "auto", "do": [{"effect": "explode"}, {"effect": "draw", "cards": 2}]}]})
    assert problems == ["x: unknown keyword 'flying'", "x: effects[0]: an auto ability needs 'when'",
                        "x: effects[0].do[0]: unknown effect 'explode'",
                        "x: effects[0].do[1]: effect 'draw' has no parameter 'cards'"]


def test_become_vanguard_is_said_only_by_a_cont_ability() -> None:
    """seed 《光辉骑士团》 二: "your units named X on RC are also vanguards" holds while a CONT does; as a one-off
    step or with a parameter it does not take, the card file is refused with the place named."""
    good = {"kind": "cont", "zone": "V", "do": [{"effect": "become_vanguard", "filter": {"name": "Blade"}}]}
    assert validate_effects({"id": "k", "effects": [good]}) == []
    problems = validate_effects({"id": "k", "effects": [
        {"kind": "act", "do": [{"effect": "become_vanguard", "filter": {"name": "Blade"}}]},
        {"kind": "cont", "do": [{"effect": "become_vanguard", "target": "self", "filter": {"power": 1}}]}]})
    assert problems == ["k: effects[0].do[0]: effect 'become_vanguard' is continuous: it goes only in a cont ability's do",
                        "k: effects[1].do[0]: effect 'become_vanguard' has no parameter 'target'",
                        "k: effects[1].do[0].filter: unknown filter 'power'"]


def test_refusals_name_the_rule() -> None:
    game = play_random("standard", 3)
    assert game.is_terminal()
    rules = find_game("vanguard")
    config = GameConfig("vanguard", "standard", 1, decks={"p1": deck("standard"), "p2": deck("standard")})
    game = Game.start(rules, config, library())
    from tabletop.engine.commands import Choose, PassPriority
    while game.state.phase == "setup":
        game.submit(Choose(by=game.current_player(), picks=()))
    assert game.state.phase == "ride"
    player = game.current_player()
    grade3 = next(i for i in game.state.zones[f"{player}.ride_deck"].cards
                  if game.state.definition(i).stat("grade") == 3)
    hand = game.state.zones[f"{player}.hand"].cards[0]
    from tabletop.games.vanguard.commands import RideFromRideDeck
    with pytest.raises(IllegalCommand, match="VG 5.3"):
        game.submit(RideFromRideDeck(by=player, card=grade3, discard=hand))
    game.submit(PassPriority(by=player))
    assert game.state.phase == "main"


def test_a_command_offered_before_a_change_is_checked_again() -> None:
    """The very command object offered earlier is checked again once the table changed: after calling a card, the
    call of the same card to another circle (offered with it) is refused, as the card is no longer in hand."""
    from tabletop.engine.commands import Choose, PassPriority
    rules = find_game("vanguard")
    config = GameConfig("vanguard", "standard", 1, decks={"p1": deck("standard"), "p2": deck("standard")})
    game = Game.start(rules, config, library())
    while game.state.phase == "setup":
        game.submit(Choose(by=game.current_player(), picks=()))
    game.submit(PassPriority(by=game.current_player()))
    assert game.state.phase == "main"
    calls = [c for c in game.legal_commands() if isinstance(c, Call)]
    first = calls[0]
    other = next(c for c in calls if c.card == first.card and c.circle != first.circle)
    game.submit(first)
    with pytest.raises(IllegalCommand, match="you can call only cards from your hand"):
        game.submit(other)
    assert game.state.cards[first.card].zone == f"{first.by}.{first.circle}"


REAL = Path(__file__).resolve().parents[2].parent / "shared" / "carddata" / "vanguard" / "vanguardecks_cardInfo_Dseries.json"


def test_imported_real_cards_play_with_the_base_rules() -> None:
    if not REAL.exists():
        pytest.skip("../shared/carddata not present")
    import json
    rules = find_game("vanguard")
    raw = json.loads(REAL.read_text(encoding="utf-8"))["cards"]
    nation = "Dragon Empire"
    cards = [c for c in raw if c.get("nation") == nation and c.get("type") in ("Normal Unit", "Trigger Unit")]
    mappings = [{k: v for k, v in c.items() if k not in ("skill", "image", "sets", "setCode")} for c in cards]
    lib = CardLibrary(rules.card_from_mapping(m) for m in mappings)
    by_grade = {g: [c["id"] for c in cards if c["grade"] == g and c["trigger"] == "None"] for g in range(4)}
    triggers = [c["id"] for c in cards if c["trigger"] not in ("None", "Over")][:16]
    main = triggers + [x for g in (1, 2, 3) for x in by_grade[g] * 4][: 46 - len(triggers)]
    ride = [by_grade[g][0] for g in range(4)]
    decks = {p: {"main": main, "ride": ride} for p in ("p1", "p2")}
    game = play_random("standard", 11, lib, decks)
    assert game.is_terminal()
    some = lib[by_grade[3][0]]
    from tabletop.games.vanguard import facts
    assert facts.drive(some) == 2 and facts.grade(some) == 3
    assert any(facts.trigger(lib[t]) == "critical" for t in triggers)


def test_a_stride_may_be_paid_with_any_cards_of_the_hand() -> None:
    """The window offers the hand as what a stride may discard (VG 5.3: grades adding up to 3, the player's pick)."""
    rules = find_game("vanguard")
    decks = [d for d in load_bundled_decks("vanguard") if d.format == "premium"]
    config = GameConfig("vanguard", "premium", 7, decks={"p1": decks[0].as_config_sections(),
                                                        "p2": decks[1].as_config_sections()}, auto_pass=["p1", "p2"])
    game = Game.start(rules, config, bundled_library())
    rnd = random.Random(7)
    while not any(isinstance(c, Stride) for c in game.legal_commands()):
        game.submit(rnd.choice(game.legal_commands()))
    stride = next(c for c in game.legal_commands() if isinstance(c, Stride))
    hand = game.state.zones[f"{stride.by}.hand"].cards
    choice, = rules.card_choices(game.state, stride)
    assert choice.fields == {"discard": tuple(hand)} and not choice.once
    assert set(stride.discard) <= set(hand)


LEGION_CARDS = [
    {"id": "t-leader", "name": "Test Legion Leader", "type": "unit", "grade": 3, "power": 11000, "shield": 0,
     "effects": [{"kind": "act", "zone": "V", "keyword": "seek_mate", "name": "Seek Mate",
                  "do": [{"effect": "seek_mate", "mate": "Test Legion Mate"}]}]},
    {"id": "t-mate", "name": "Test Legion Mate", "type": "unit", "grade": 2, "power": 9000, "shield": 5000},
]


def test_random_premium_games_with_legions_end_conserve_cards_and_replay() -> None:
    """Legions formed by Seek Mate in random whole games: no exception, games end, replays match, undo-all exact."""
    rules = find_game("vanguard")
    lib = CardLibrary([*library().values(), *(rules.card_from_mapping(c) for c in LEGION_CARDS)])
    premium = deck("premium")
    main = [c for c in premium["main"] if c != "t-g3"][:38] + ["t-leader"] * 8 + ["t-mate"] * 4
    decks = {"p1": {**premium, "main": main}, "p2": {**premium, "main": main}}
    formed = 0
    for seed in range(30):
        game = play_random("premium", seed, lib, decks)
        assert game.is_terminal(), f"seed {seed}: the game did not end in {STEP_CAP} commands"
        formed += any(entry.text.startswith("Legion: ") for entry in game.state.log)
        again = replay(GameRecord.of(game), rules)
        assert again.state.fingerprint() == game.state.fingerprint(), f"seed {seed}: replay differs"
    assert formed, "no random game formed a Legion: the test no longer plays Seek Mate"
