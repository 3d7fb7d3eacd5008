"""Deck statistics: exact odds checked by brute force, game schedules, findings and solo play."""
from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

from tests.ai.race_game import RaceRules, race_cards, race_deck
from tabletop.ai.goldfish import (
    SCHEDULES, Requirement, category_counts, fftcg_findings, goldfish_play, hypergeometric_at_least,
    odds_table, probability_all, schedule_for, vanguard_findings,
)
from tabletop.engine.cards import CardDefinition, CardLibrary


def brute_at_least(population: int, successes: int, draws: int, at_least: int) -> float:
    hands = list(itertools.combinations(range(population), draws))
    good = sum(1 for hand in hands if sum(1 for card in hand if card < successes) >= at_least)
    return good / len(hands)


@pytest.mark.parametrize("population,successes,draws,at_least", [
    (8, 3, 4, 1), (8, 3, 4, 2), (10, 4, 5, 3), (9, 0, 4, 1), (7, 7, 3, 3), (6, 2, 6, 2), (12, 5, 0, 1),
])
def test_hypergeometric_matches_brute_force(population: int, successes: int, draws: int, at_least: int) -> None:
    exact = hypergeometric_at_least(population, successes, draws, at_least)
    assert exact == pytest.approx(brute_at_least(population, successes, draws, at_least), abs=1e-12)


def test_hypergeometric_known_value_and_bad_input() -> None:
    # 4 copies in a 50-card deck, 5-card hand: 1 - C(46,5)/C(50,5)
    assert hypergeometric_at_least(50, 4, 5) == pytest.approx(1 - math.comb(46, 5) / math.comb(50, 5))
    with pytest.raises(ValueError):
        hypergeometric_at_least(5, 6, 2)


def brute_all(deck: list[str], requirements: list[Requirement]) -> float:
    orders = list(itertools.permutations(deck))
    good = sum(1 for order in orders
               if all(order[:r.by].count(r.category) >= r.at_least for r in requirements))
    return good / len(orders)


@pytest.mark.parametrize("requirements", [
    [Requirement("a", 1, 2), Requirement("b", 1, 3), Requirement("c", 1, 4)],
    [Requirement("a", 2, 3), Requirement("b", 1, 5)],
    [Requirement("c", 1, 1)],
    [Requirement("a", 1, 7), Requirement("b", 2, 7)],
])
def test_sequential_requirements_match_brute_force(requirements: list[Requirement]) -> None:
    deck = ["a", "a", "b", "b", "c", "x", "x"]
    counts = Counter(deck)
    exact = probability_all(counts, len(deck), requirements)
    assert exact == pytest.approx(brute_all(deck, requirements), abs=1e-12)


def test_draw_schedules_follow_the_digests() -> None:
    fftcg, vanguard = SCHEDULES["fftcg"], SCHEDULES["vanguard"]
    # FFTCG: 5 cards, first player draws 1 on turn 1, otherwise 2 a turn.
    assert [fftcg.cards_seen(t, True) for t in (0, 1, 2)] == [5, 6, 8]
    assert [fftcg.cards_seen(t, False) for t in (0, 1, 2)] == [5, 7, 9]
    # Vanguard: 5 cards, 1 a turn (first player draws on turn 1), plus drive checks of earlier battles.
    assert [vanguard.cards_seen(t, True) for t in (1, 2, 3)] == [6, 7, 9]
    assert [vanguard.cards_seen(t, False) for t in (1, 2, 3)] == [6, 8, 10]
    assert schedule_for("freeform").opening_hand == 7


def unit(card_id: str, grade: int) -> CardDefinition:
    return CardDefinition(id=card_id, game="vanguard", name=f"Unit {card_id}", card_type="unit", stats={"grade": grade})


def test_vanguard_ride_deck_guarantees_the_curve_and_premium_does_not() -> None:
    main = [unit("g0", 0)] * 17 + [unit("g1", 1)] * 14 + [unit("g2", 2)] * 11 + [unit("g3", 3)] * 8
    standard = vanguard_findings({"main": main, "ride": [unit("r0", 0), unit("r1", 1), unit("r2", 2), unit("r3", 3)]},
                                 1000, 1)
    assert standard[0].on_play == 1.0
    exact, mulligan = vanguard_findings({"main": main}, 4000, 1)
    assert 0.3 < exact.on_play < 0.9
    assert exact.on_draw > exact.on_play          # going second sees more cards by each ride
    assert mulligan.on_play > exact.on_play        # sending back useless cards improves the curve
    deck = main[1:]
    counts = Counter(f"grade {c.stats['grade']}" for c in deck)
    manual = probability_all(counts, 49, [Requirement("grade 1", 1, 6), Requirement("grade 2", 1, 7),
                                          Requirement("grade 3", 1, 9)])
    assert exact.on_play == pytest.approx(manual)


def ff(card_id: str, card_type: str, cost: int, element: str) -> CardDefinition:
    return CardDefinition(id=card_id, game="fftcg", name=card_id, card_type=card_type, cost=cost,
                          attributes={"element": element})


def test_fftcg_backup_on_turn_one() -> None:
    fire = [ff("b", "backup", 2, "Fire")] * 20 + [ff("f", "forward", 3, "Fire")] * 30
    findings = {f.question: f for f in fftcg_findings(fire, 2000, 3)}
    holding = findings["a Backup in the opening hand"]
    assert holding.on_play == pytest.approx(1 - math.comb(30, 5) / math.comb(50, 5))
    assert findings["play a Backup on turn 1 (mulligan a hand without one)"].on_play > holding.on_play
    # Light backups in a deck of Light cards: nothing may be discarded for CP.
    light = [ff("b", "backup", 2, "Light")] * 20 + [ff("f", "forward", 3, "Light")] * 30
    played = {f.question: f for f in fftcg_findings(light, 500, 3)}
    assert played["play a Backup on turn 1 (mulligan a hand without one)"].on_play == 0.0
    # Off-element discards do not pay for a Fire backup (a lone one: a second Fire backup would).
    mixed = [ff("b", "backup", 2, "Fire")] + [ff("w", "forward", 3, "Water")] * 49
    assert {f.question: f for f in fftcg_findings(mixed, 500, 3)}[
        "play a Backup on turn 1 (mulligan a hand without one)"].on_play == 0.0


def test_odds_table_by_type_and_element() -> None:
    cards = [ff("b", "backup", 2, "Fire/Ice")] * 3 + [ff("f", "forward", 3, "Fire")] * 7
    assert category_counts(cards, "element") == {"fire": 10, "ice": 3}
    rows = {r.label: r for r in odds_table(cards, "type", SCHEDULES["fftcg"], 1)}
    assert rows["backup"].on_play[0] == pytest.approx(hypergeometric_at_least(10, 3, 5))
    assert rows["backup"].on_draw[1] == pytest.approx(hypergeometric_at_least(10, 3, 7))


def test_solo_play_deals_damage_by_turn() -> None:
    turns = goldfish_play(RaceRules(), CardLibrary(race_cards()), race_deck(), turns=2, games=4, seed=2)
    assert [t.turn for t in turns] == [1, 2]
    assert turns[0].board == pytest.approx(1.0)       # one creature a turn, played before attacking
    assert turns[1].board == pytest.approx(2.0)
    assert 0 < turns[0].damage < turns[1].damage
    assert len(turns[1].example_board) == 2


@pytest.mark.parametrize("game_id", ["vanguard", "fftcg"])
def test_a_bundled_deck_played_alone_deals_damage(game_id: str) -> None:
    pytest.importorskip("carddb.bundled")
    from tabletop.games import find_game
    from tests.games.sample_decks import sample_config
    config, library = sample_config(game_id, seed=1)
    turns = goldfish_play(find_game(game_id), library, config.decks["p1"], turns=4, games=2, seed=1,
                          game_format=config.format)
    assert turns and turns[-1].damage > 0          # the heuristic attacks an opponent who never blocks
    assert all(t.board > 0 for t in turns)


def test_vanguard_board_counts_only_cards_on_circles() -> None:
    from tabletop.ai.goldfish import board_cards
    from tabletop.engine.commands import ManualMove
    from tabletop.engine.game import Game
    from tabletop.games import find_game
    from tests.games.sample_decks import sample_config
    config, library = sample_config("vanguard", seed=1)
    game = Game.start(find_game("vanguard"), config, library)
    state = game.state
    deck = list(state.zones["p1.deck"].cards)
    on_field = set(state.zones["p1.vc"].cards)
    for zone, iid in zip(("soul", "gauge", "order", "drop", "damage", "gc", "rc.front_left"), deck):
        game.submit(ManualMove(by="p1", card=iid, to=f"p1.{zone}"))
    on_field.add(deck[6])
    assert set(board_cards(game.state, "p1")) == on_field   # vanguard and one rear-guard; soul, gauge, orders are not in play


def test_vanguard_goldfish_board_never_exceeds_the_six_unit_circles() -> None:
    pytest.importorskip("carddb.bundled")
    from tabletop.games import find_game
    from tests.games.sample_decks import sample_config
    config, library = sample_config("vanguard", seed=1)
    turns = goldfish_play(find_game("vanguard"), library, config.decks["p1"], turns=2, games=2, seed=3,
                          game_format=config.format)
    assert 1 <= turns[0].board <= 6
    assert all(t.board <= 6 for t in turns)
