"""The Vanguard card-text compiler: bundled text gives the hand-written effects; real D-series text compiles whole or
goes by hand; what compiles passes the vocabulary."""
from __future__ import annotations

import dataclasses
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from carddb.bundled import DATA_DIR, load_bundled_cards
from carddb.card_schema import card_from_mapping
from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.game import Game
from tabletop.engine.record import GameRecord, replay
from tabletop.engine.rules import GameConfig
from tabletop.engine.text_compilation import BY_HAND
from tabletop.games import find_game
from tabletop.games.vanguard.effects import ability_problems

sys.path.insert(0, str(Path(__file__).parent))

from command_listing import play_random_commands  # noqa: E402

RULES = find_game("vanguard")
GOLDEN = Path(__file__).with_name("vanguard_compiled_golden.yaml")
REAL = Path(__file__).resolve().parents[3] / "shared" / "carddata" / "vanguard" / "vanguardecks_cardInfo_Dseries.json"


def _raw_cards() -> list[dict[str, Any]]:
    data = yaml.safe_load((DATA_DIR / "vanguard" / "set.yaml").read_text(encoding="utf-8"))
    return list(data["cards"])


def _compile(mapping: dict[str, Any]) -> Any:
    return RULES.compile_text(card_from_mapping("vanguard", {k: v for k, v in mapping.items() if k != "effects"}))


def _normal(effects: Any) -> str:
    """Return abilities as canonical JSON: key order and the names of chosen-card variables do not matter."""
    names: dict[str, str] = {}

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: (names.setdefault(inner, f"v{len(names)}") if key == "as" else walk(inner))
                    for key, inner in value.items()}
        if isinstance(value, (list, tuple)):
            return [walk(item) for item in value]
        if isinstance(value, str) and value.startswith("$"):
            return "$" + names.get(value[1:], value[1:])
        return value

    return json.dumps(walk([dict(effect) for effect in effects]), sort_keys=True)


def _card(text: str, **fields: Any) -> CardDefinition:
    mapping = {"id": "T-1", "name": "Test Unit", "type": "unit", "grade": 2, "power": 10000, "text": text, **fields}
    return card_from_mapping("vanguard", mapping)


def test_bundled_cards_without_effects_compile_to_the_golden_record() -> None:
    golden = yaml.safe_load(GOLDEN.read_text(encoding="utf-8"))
    text_only = [m for m in _raw_cards() if "effects" not in m]
    assert sorted(m["id"] for m in text_only) == sorted(golden)
    for mapping in text_only:
        compiled = _compile(mapping)
        assert compiled.is_fully_enforced, (mapping["id"], compiled.unknown_clauses)
        assert _normal(compiled.effects) == _normal(golden[mapping["id"]]), mapping["id"]
    assert sum(1 for effects in golden.values() if effects) >= 29  # the cards whose effects the text now gives


def test_hand_written_effects_are_never_contradicted_by_the_compiler() -> None:
    for mapping in (m for m in _raw_cards() if "effects" in m):
        compiled = _compile(mapping)
        assert compiled.by_hand or _normal(compiled.effects) == _normal(mapping["effects"]), mapping["id"]


def test_loading_the_bundled_set_fills_effects_from_text() -> None:
    golden = yaml.safe_load(GOLDEN.read_text(encoding="utf-8"))
    cards = {card.id: card for card in load_bundled_cards("vanguard")}
    assert _normal(cards["VG-004"].effects) == _normal(golden["VG-004"])
    assert cards["VG-004"].effects and BY_HAND not in cards["VG-004"].attributes
    assert not cards["VG-010"].effects  # Revelation: the keyword is the ability


def test_an_attack_ability_with_a_counter_blast_cost_compiles() -> None:
    compiled = RULES.compile_text(_card(
        "[AUTO](VC):When this unit attacks, COST [Counter Blast (3)], and this unit gets [Power]+7000 until end of turn."))
    assert compiled.is_fully_enforced
    assert list(compiled.effects) == [{
        "kind": "auto", "zone": "V", "when": "attacks", "cost": [{"effect": "counter_blast", "count": 3}],
        "do": [{"effect": "power", "target": "self", "amount": 7000, "until": "turn"}]}]


def test_a_once_per_turn_act_that_retires_a_chosen_rear_guard_compiles() -> None:
    compiled = RULES.compile_text(_card(
        "[ACT](RC)[1/Turn]:COST [Soul Blast (4) & Discard a card from your hand], choose one of your opponent's "
        "back row rear-guards, and retire it."))
    assert list(compiled.effects) == [{
        "kind": "act", "zone": "R", "once_per_turn": True,
        "cost": [{"effect": "soul_blast", "count": 4}, {"effect": "discard", "count": 1}],
        "do": [{"effect": "choose", "from": "opponent_back_row_rear_guards", "count": 1, "as": "chosen"},
               {"effect": "retire", "target": "$chosen"}]}]


def test_a_search_and_a_drive_check_trigger_compile() -> None:
    compiled = RULES.compile_text(_card(
        "[AUTO](RC):When your drive check reveals a grade 3 unit, Soul Charge (1).\n"
        "[AUTO]:When this unit is placed on (RC), search your deck for up to one \"Test Knight\", reveal it and put "
        "it into your hand, and shuffle your deck."))
    assert compiled.is_fully_enforced
    assert [dict(e) for e in compiled.effects] == [
        {"kind": "auto", "zone": "R", "when": "drive_check_reveals", "filter": {"grade": 3},
         "do": [{"effect": "soul_charge", "count": 1}]},
        {"kind": "auto", "when": "placed", "circle": "rc", "zone": "R",
         "do": [{"effect": "search", "count": 1, "filter": {"name": "Test Knight"}}]}]


def test_a_condition_opening_a_sentence_holds_for_the_rest_of_it() -> None:
    compiled = RULES.compile_text(_card(
        "[AUTO](RC):When this unit boosts, draw a card. If your hand has five or more cards, choose a card from your "
        "hand, and discard it."))
    assert [dict(e) for e in compiled.effects] == [
        {"kind": "auto", "zone": "R", "when": "boosts",
         "do": [{"effect": "draw", "count": 1}, {"effect": "discard", "count": 1, "if": {"hand_at_least": 5}}]}]


def test_reveal_the_top_card_then_call_it_or_put_it_elsewhere_compiles() -> None:
    compiled = RULES.compile_text(_card(
        "[ACT](RC):COST [Soul Blast (3)], reveal the top card of your deck, call it to (RC) if it is a grade 1 unit "
        "card, and put it into your soul if it isn't."))
    assert [dict(e) for e in compiled.effects] == [
        {"kind": "act", "zone": "R", "cost": [{"effect": "soul_blast", "count": 3}],
         "do": [{"effect": "reveal_top", "count": 1, "as": "revealed"},
                {"effect": "call", "from": "$revealed", "count": 1, "filter": {"grade": 1, "unit": True}},
                {"effect": "put_rest", "of": "$revealed", "to": "soul"}]}]


def test_the_older_forms_cost_first_and_limit_break_header_compile() -> None:
    compiled = RULES.compile_text(_card(
        "[AUTO](VC/RC):[Soul Blast (2)] When this unit boosts, you may pay the cost. If you do, draw a card.\n"
        "[AUTO](VC) Limit Break 4 (This ability is active if you have four or more damage):When this unit attacks, "
        "this unit gets [Power]+6000 until end of that battle."))
    assert [dict(e) for e in compiled.effects] == [
        {"kind": "auto", "zone": "VR", "cost": [{"effect": "soul_blast", "count": 2}], "when": "boosts",
         "do": [{"effect": "draw", "count": 1}]},
        {"kind": "auto", "zone": "V", "keyword": "limit_break", "x": 4, "when": "attacks",
         "do": [{"effect": "power", "target": "self", "amount": 6000, "until": "battle"}]}]
    assert RULES.compile_text(_card("(No ability)")).is_fully_enforced


def test_an_ability_with_one_unknown_clause_goes_by_hand_whole() -> None:
    text = "[AUTO](RC):When this unit attacks, draw a card, and juggle three flaming torches."
    compiled = RULES.compile_text(_card(text + "\n[CONT](RC):During your turn, this unit gets [Power]+6000."))
    assert compiled.by_hand == (text,)
    assert compiled.unknown_clauses == ("juggle three flaming torches",)
    assert [dict(e) for e in compiled.effects] == [
        {"kind": "cont", "zone": "R", "if": {"my_turn": True},
         "do": [{"effect": "power", "target": "self", "amount": 6000}]}]
    assert not compiled.is_fully_enforced


def test_a_trigger_reminder_is_the_rules_own_trigger_and_an_unknown_one_is_not() -> None:
    reminder = "(When revealed as a trigger, the trigger effect of its icon happens.)"
    trigger = {"type": "trigger_unit", "grade": 0, "power": 5000, "shield": 20000, "trigger": "draw"}
    assert RULES.compile_text(_card(reminder, **trigger)).is_fully_enforced
    assert not RULES.compile_text(_card("Critical Trigger: your opponent loses the game.", **trigger)).is_fully_enforced


def test_a_normal_order_compiles_and_a_blitz_order_goes_by_hand() -> None:
    text = "Play this with COST [Counter Blast (1)]!\nDraw a card."
    normal = RULES.compile_text(_card(text, type="normal order", grade=1))
    assert [dict(e) for e in normal.effects] == [
        {"kind": "act", "do": [{"effect": "draw", "count": 1}], "cost": [{"effect": "counter_blast", "count": 1}]}]
    blitz = RULES.compile_text(_card(text, type="blitz order", grade=1))
    assert blitz.by_hand == (text,) and not blitz.effects


def _whole(*abilities: str) -> list[dict[str, Any]]:
    """Compile a test card whose printed abilities are `abilities` (one a line); every one must compile."""
    compiled = RULES.compile_text(_card("\n".join(abilities)))
    assert compiled.is_fully_enforced, compiled.unknown_clauses
    return [dict(e) for e in compiled.effects]


def test_counted_conditions_and_battle_phase_triggers_compile() -> None:
    effects = _whole(
        "[CONT](GC):If you have four or more open (RC), this unit gets [Shield]+5000.",
        "[AUTO](RC):When this unit attacks, if your opponent has no front row rear-guards, draw a card.",
        "[AUTO](Back Row RC):When your other unit is placed on (RC) during your battle phase, Soul Charge (1).",
        "[AUTO](RC):At the end of the battle this unit attacked while boosted, if your soul has two or less cards, "
        "Soul Charge (1).")
    assert effects == [
        {"kind": "cont", "zone": "GC", "if": {"open_circles_at_least": 4},
         "do": [{"effect": "shield", "target": "self", "amount": 5000}]},
        {"kind": "auto", "zone": "R", "when": "attacks", "if": {"opponent_front_row_rear_guards_at_most": 0},
         "do": [{"effect": "draw", "count": 1}]},
        {"kind": "auto", "zone": "R", "when": "other_placed", "circle": "rc",
         "trigger_if": {"in_back_row": True, "my_turn": True, "battle_phase": True},
         "do": [{"effect": "soul_charge", "count": 1}]},
        {"kind": "auto", "zone": "R", "when": "end_of_battle", "trigger_if": {"self_attacked": True, "attack_boosted": True},
         "if": {"soul_at_most": 2}, "do": [{"effect": "soul_charge", "count": 1}]}]


def test_hand_to_soul_and_bind_costs_are_choices_and_a_cost_may_list_parts_with_commas() -> None:
    effects = _whole(
        "[AUTO]:When this unit is placed on (RC), COST [put a card from your hand into your soul], draw a card.",
        "[ACT](Drop)1/Turn:COST [Soul Blast (1), bind an order card from drop], call this card to an open (RC).",
        "[AUTO}(RC):When this unit's attack hits, COST [Counter Blast (1) and bind this unit], draw a card.")
    assert [e["cost"] for e in effects] == [
        [{"effect": "choose", "from": "your_hand", "count": 1, "as": "cost_cards"},
         {"effect": "to_soul", "target": "$cost_cards"}],
        [{"effect": "soul_blast", "count": 1},
         {"effect": "choose", "from": "your_drop", "count": 1, "filter": {"order": True}, "as": "cost_cards"},
         {"effect": "bind", "target": "$cost_cards"}],
        [{"effect": "counter_blast", "count": 1}, {"effect": "bind", "target": "self"}]]
    assert effects[1]["do"] == [{"effect": "call", "from": "self", "open": True}]


def test_per_rear_guard_bonuses_gained_boost_and_a_may_after_a_choice_compile() -> None:
    effects = _whole(
        "[AUTO](RC):When this unit attacks, this unit gets [Power]+3000 until end of that battle for each of your "
        "other rear-guards.",
        "[ACT](RC)1/Turn:COST [Soul Blast (1)], and this unit gets \"Boost\" and [Power]+2000 until end of turn.",
        "[AUTO]:When this unit is placed on (VC), choose a normal order from your drop, and you may put it into "
        "your hand.")
    assert [e["do"] for e in effects] == [
        [{"effect": "power", "target": "self", "amount": 3000, "until": "battle", "per": "your_other_rear_guards"}],
        [{"effect": "gain_keyword", "target": "self", "keyword": "boost"},
         {"effect": "power", "target": "self", "amount": 2000, "until": "turn"}],
        [{"effect": "choose", "from": "your_drop", "count": 1, "filter": {"order": "normal"}, "min": 0, "as": "chosen"},
         {"effect": "return_to_hand", "target": "$chosen"}]]
    assert not RULES.compile_text(_card(
        "[AUTO](RC):When this unit attacks, this unit gets [Power]+3000 until end of that battle for each of your "
        "opponent's rear-guards.")).is_fully_enforced  # a set the bonus cannot count stays by hand


def test_a_cost_in_the_middle_of_an_ability_is_paid_during_resolution() -> None:
    compiled = RULES.compile_text(_card(
        "[AUTO](RC):When this unit attacks, Soul Charge (1), and if your soul has three or more cards, "
        "COST [Counter Blast (1)], and draw a card.\n"
        "[AUTO](RC):When this unit boosts, Soul Charge (1). Then, COST [Soul Blast (1)]."))
    assert [dict(e) for e in compiled.effects] == [
        {"kind": "auto", "zone": "R", "when": "attacks",
         "do": [{"effect": "soul_charge", "count": 1},
                {"effect": "pay", "cost": [{"effect": "counter_blast", "count": 1}], "if": {"soul_at_least": 3},
                 "then": [{"effect": "draw", "count": 1, "if": {"soul_at_least": 3}}]}]}]
    assert compiled.unknown_clauses == ("a cost during resolution with nothing after it",)


def test_looking_at_the_top_cards_then_choosing_calling_and_ordering_compiles() -> None:
    effects = _whole(
        "[AUTO]:When this unit is placed on (RC), look at three cards from the top of your deck, choose up to one "
        "grade 1 card from among them, put it on the top of your deck, and put the rest on the bottom of your deck "
        "in any order.",
        "[ACT](RC):COST [Soul Blast (1)], look at the top card of your deck, and you may call a unit card from among "
        "them to (RC). If you do not, put the rest into your soul.",
        "[AUTO](RC):When this unit attacks, if your vanguard is \"Test A\" or \"Test B\", look at two cards from the "
        "top of your deck, choose up to two unit cards from among them, call them to (RC), and put the rest on the "
        "top of your deck in any order.")
    assert [e["do"] for e in effects] == [
        [{"effect": "look_top", "count": 3, "as": "looked"},
         {"effect": "choose", "from": "$looked", "count": 1, "min": 0, "filter": {"grade": 1}, "as": "chosen"},
         {"effect": "put_on_deck", "target": "$chosen", "where": "top"},
         {"effect": "put_on_deck", "target": "$looked", "where": "bottom", "except": "$chosen"}],
        [{"effect": "look_top", "count": 1, "as": "looked"},
         {"effect": "call", "from": "$looked", "count": 1, "min": 0, "filter": {"unit": True}},
         {"effect": "put_rest", "of": "$looked", "to": "soul"}],
        [{"effect": "look_top", "count": 2, "as": "looked"},
         {"effect": "call", "from": "$looked", "count": 2, "min": 0, "filter": {"unit": True}, "as": "chosen"},
         {"effect": "put_on_deck", "target": "$looked", "where": "top", "except": "$chosen"}]]
    assert effects[2]["if"] == {"vanguard_name": ["Test A", "Test B"]}
    two = RULES.compile_text(_card(  # "if you do not" reads as "the rest" only when one card was looked at
        "[ACT](RC):look at two cards from the top of your deck, and you may call a unit card from among them to (RC). "
        "If you do not, put the rest into your soul."))
    assert not two.is_fully_enforced


def test_rear_guard_costs_deck_discards_searched_calls_and_battle_counts_compile() -> None:
    effects = _whole(
        "[AUTO]:When this unit is placed on (VC), COST [put a rear-guard into your soul], and draw a card.",
        "[AUTO]:When this unit is placed on (RC), COST [[Rest] another rear-guard], discard the top two cards of "
        "your deck.",
        "[AUTO]:When this unit is rode upon, search your deck for up to one \"Test Knight\", call it to (RC), and "
        "shuffle your deck.",
        "[AUTO](RC):When the attack this unit boosted hits, if it is the third battle of this turn, Counter Charge "
        "(1)/Soul Charge (1).",
        "[AUTO](Front Row RC):When your vanguard is placed, Soul Charge (1).")
    assert [e.get("cost") for e in effects[:2]] == [
        [{"effect": "choose", "from": "your_rear_guards", "count": 1, "as": "cost_cards"},
         {"effect": "to_soul", "target": "$cost_cards"}],
        [{"effect": "choose", "from": "your_rear_guards", "count": 1, "filter": {"not_self": True, "standing": True},
          "as": "cost_cards"}, {"effect": "rest", "target": "$cost_cards"}]]
    assert [e["do"] for e in effects[1:4]] == [
        [{"effect": "reveal_top", "count": 2, "as": "milled"}, {"effect": "put_rest", "of": "$milled", "to": "drop"}],
        [{"effect": "call", "from": "your_deck", "count": 1, "min": 0, "filter": {"name": "Test Knight"}},
         {"effect": "shuffle"}],
        [{"effect": "counter_charge", "count": 1}, {"effect": "soul_charge", "count": 1}]]
    assert effects[3]["if"] == {"battle_number": 3}
    assert effects[4] == {"kind": "auto", "zone": "R", "trigger_if": {"in_back_row": False}, "when": "other_placed",
                          "circle": "vc", "do": [{"effect": "soul_charge", "count": 1}]}


def _real_cards() -> list[CardDefinition]:
    if not REAL.is_file():
        pytest.skip(f"{REAL} is absent: the real card data lives in ../shared/carddata (test fixtures only)")
    from carddb.importers import vanguard_json

    return [RULES.card_from_mapping(card.to_mapping()) for card in vanguard_json.read([REAL]).cards
            if card.id.startswith("D-")]


def test_real_d_series_cards_compile_within_the_vocabulary() -> None:
    """The compile time (goal: < 1 s for 4,000 cards) is measured by benchmarks/vanguard_text_coverage.py."""
    cards = _real_cards()
    results = [RULES.compile_text(card) for card in cards]
    enforced = sum(1 for result in results if result.is_fully_enforced)
    assert enforced >= 210, f"{enforced} of {len(cards)} D-series cards fully enforced"
    for card, result in zip(cards, results):
        assert ability_problems([dict(e) for e in result.effects]) == [], card.id
        assert len(result.by_hand) == len(result.unknown_clauses), card.id


def _real_deck(rnd: random.Random, cards: list[CardDefinition]) -> dict[str, list[str]]:
    """Return a Standard deck of real cards with compiled abilities: a ride deck of grades 0-3, 16 triggers."""
    units = [c for c in cards if c.card_type == "normal unit"]
    ride = [rnd.choice([c for c in units if c.stats.get("grade") == grade]).id for grade in range(4)]
    playable = [c for c in cards if c.effects and c.card_type in ("normal unit", "normal order")]
    triggers = [c for c in cards if c.card_type == "trigger unit"]
    return {"main": [rnd.choice(playable).id for _ in range(34)] + [rnd.choice(triggers).id for _ in range(16)],
            "ride": ride}


def test_real_cards_play_by_their_compiled_text_in_whole_random_games() -> None:
    """Random whole games with real D-series cards whose text compiled: no exception, every decision lists a
    command, cards conserved, the record replays to the same state."""
    cards = [dataclasses.replace(card, effects=tuple(RULES.compile_text(card).effects)) for card in _real_cards()]
    library = CardLibrary(cards)
    for seed in range(4):
        rnd = random.Random(seed)
        config = GameConfig("vanguard", "standard", seed, decks={"p1": _real_deck(rnd, cards), "p2": _real_deck(rnd, cards)})
        game = play_random_commands(Game.start(RULES, config, library), rnd, 3000)
        assert game.is_terminal(), f"seed {seed}: the game did not end"
        assert replay(GameRecord.of(game), RULES).state.fingerprint() == game.state.fingerprint()
