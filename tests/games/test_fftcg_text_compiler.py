"""The FFTCG card-text compiler: the bundled cards' text gives their hand-written behaviour, unread text stays by hand."""
from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml

from carddb.bundled import load_bundled_cards
from tabletop.engine.cards import CardDefinition
from tabletop.games import find_game
from tabletop.games.fftcg.card_text import readable_text
from tabletop.games.fftcg.effects import validate_effects
from tabletop.games.fftcg.text_compiler import compile_card

GOLDEN = yaml.safe_load((Path(__file__).parent / "fftcg_text_golden.yaml").read_text(encoding="utf-8"))
REAL_CARDS = Path(__file__).resolve().parents[3] / "shared" / "carddata" / "fftcg" / "fftcgsim_square_api_derived_cards.json"


def _normalised(ability: Mapping[str, Any]) -> dict[str, Any]:
    """Drop what only restates a default: a target's count of 1."""
    result = dict(ability)
    if isinstance(result.get("target"), Mapping):
        result["target"] = {k: v for k, v in result["target"].items() if not (k == "count" and v == 1)}
    return result


@pytest.mark.parametrize("expected", GOLDEN, ids=[g["id"] for g in GOLDEN])
def test_a_bundled_card_plays_its_text_as_the_hand_written_effects(expected: Mapping[str, Any]) -> None:
    card = next(c for c in load_bundled_cards("fftcg") if c.id == expected["id"])
    compiled = compile_card(card)
    assert compiled.by_hand == () and compiled.unknown_clauses == ()
    assert [_normalised(a) for a in compiled.effects] == [_normalised(a) for a in expected["effects"]]
    assert dict(compiled.keywords) == {k: True for k in expected["keywords"]}
    assert [dict(a) for a in card.effects] == [dict(a) for a in compiled.effects]  # the card loader compiled it


def _card(text: str, card_type: str = "forward", name: str = "Test Knight") -> CardDefinition:
    return CardDefinition(id="t", game="fftcg", name=name, card_type=card_type, cost=3, stats={"power": 7000},
                          text=text, attributes={"element": ["fire"]})


def _fully_compiled(text: str) -> tuple[Mapping[str, Any], ...]:
    """Compile a test card's text, check every ability compiled, and return its effects."""
    compiled = compile_card(_card(text))
    assert compiled.is_fully_enforced, compiled.unknown_clauses
    return compiled.effects


def test_an_ability_with_an_unread_clause_stays_by_hand_whole_and_the_others_compile() -> None:
    text = ("Haste\nWhen Test Knight enters the field, choose 1 Forward. Deal it 4000 damage. "
            "Test Knight gains a secret power.\n[Dull]: Draw 1 card.")
    compiled = compile_card(_card(text))
    assert dict(compiled.keywords) == {"haste": True}
    assert compiled.effects == ({"kind": "action", "cost": {"dull": True}, "effect": "draw", "count": 1},)
    assert compiled.by_hand == ("When Test Knight enters the field, choose 1 Forward. Deal it 4000 damage. "
                                "Test Knight gains a secret power.",)
    assert compiled.unknown_clauses == ("<name> gains a secret power",)
    assert not compiled.is_fully_enforced


def test_the_card_browser_markup_compiles_like_the_readable_text() -> None:
    raw = ("[[i]]Damage 3 --[[/]] Test Knight gains +2000 power and Brave.[[br]]   《火》《火》《1》: Choose 1 Forward of "
           "cost 3 or less opponent controls. Break it.[[br]]   [[s]]Big Swing[[/]] 《S》《ダル》: Choose up to 2 Forwards."
           " Deal them 5000 damage.")
    assert _fully_compiled(raw) == (
        {"kind": "field", "damage": 3, "effect": "power", "amount": 2000, "applies_to": "self"},
        {"kind": "field", "damage": 3, "effect": "grant_keyword", "keyword": "brave", "applies_to": "self"},
        {"kind": "action", "cost": {"cp": 3, "element": "fire", "element_cp": 2},
         "target": {"type": "forward", "cost_at_most": 3, "controller": "opponent"}, "effect": "break"},
        {"kind": "special", "name": "Big Swing", "cost": {"dull": True},
         "target": {"type": "forward", "count": 2, "up_to": True}, "effect": "deal_damage", "amount": 5000},
    )
    assert find_game("fftcg").compile_text(_card(raw)) == compile_card(_card(raw))


def test_a_summon_reads_its_effect_and_its_ex_burst_stays_the_cards_icon() -> None:
    compiled = compile_card(_card("EX BURST Choose 1 Forward. Deal it 7000 damage. Draw 1 card.", "summon"))
    assert compiled.effects == ({"target": {"type": "forward"}, "effect": "deal_damage", "amount": 7000,
                                 "then": [{"effect": "draw", "count": 1}]},)


def test_a_second_chosen_card_is_not_guessed() -> None:
    compiled = compile_card(_card("When Test Knight enters the field, choose 1 Forward. Deal it 1000 damage. "
                                  "Choose 1 Backup. Dull it."))
    assert compiled.effects == () and compiled.unknown_clauses == ("Choose N Backup",)


def test_every_real_card_compiles_into_the_vocabulary() -> None:
    """Every compiled real card's effects pass the card-file check (read at run time from ../shared)."""
    if not REAL_CARDS.is_file():
        pytest.skip("../shared/carddata/fftcg not present")
    from carddb.importers.fftcg_json import card_from_record

    records = json.loads(REAL_CARDS.read_text(encoding="utf-8"))
    problems = []
    for record in records:
        try:
            card = card_from_record(record)
        except ValueError:
            continue
        compiled = compile_card(card)
        mapping = {"type": card.card_type, "effects": [dict(e) for e in compiled.effects]}
        problems += [f"{card.id}: {p}" for p in validate_effects(mapping)]
    assert problems == []


def test_templates_of_triggers_conditions_and_computed_amounts() -> None:
    text = ("When you cast a Summon, choose 1 Forward opponent controls. Deal it 1000 damage for each Backup you "
            "control.\nIf you control Card Name Test Squire, Test Knight gains +1000 power.\n"
            "[1]: Draw 1 card. You can only use this ability during your turn and only once per turn.")
    assert _fully_compiled(text) == (
        {"of": {"type": "summon", "controller": "you"}, "trigger": "summon_cast",
         "target": {"type": "forward", "controller": "opponent"}, "effect": "deal_damage",
         "amount": {"count": {"type": "backup", "controller": "you"}, "times": 1000}},
        {"kind": "field", "condition": {"control": {"name": "Test Squire", "at_least": 1}}, "effect": "power",
         "amount": 1000, "applies_to": "self"},
        {"kind": "action", "cost": {"cp": 1}, "only": ["your_turn", "once_per_turn"], "effect": "draw", "count": 1},
    )


def test_modes_printed_on_the_select_line_and_paragraph_tags_are_read() -> None:
    text = ('<p>When Test Knight enters the field, select 1 of the 2 following actions. "Draw 1 card." '
            '"Your opponent discards 1 card from their hand."</p>')
    assert _fully_compiled(text) == (
        {"trigger": "enters_field", "effect": "choose_one",
         "modes": [[{"effect": "draw", "count": 1}], [{"effect": "discard", "count": 1, "player": "opponent"}]]},
    )


def test_discarding_from_your_hand_and_receiving_damage_are_the_player_words() -> None:
    assert _fully_compiled("[Dull]: Draw 2 cards, then discard 1 card from your hand.") == (
        {"kind": "action", "cost": {"dull": True}, "effect": "draw", "count": 2,
         "then": [{"effect": "discard", "count": 1}]},)
    assert _fully_compiled("When Test Knight attacks, you receive 1 point of damage.") == (
        {"trigger": "attacks", "effect": "damage_player", "amount": 1, "player": "you"},)


def test_an_effect_on_the_card_itself_after_a_chosen_card_is_not_done_to_the_chosen_card() -> None:
    assert _fully_compiled("[Dull]: Choose 1 Forward. Break it. Activate Test Knight.") == (
        {"kind": "action", "cost": {"dull": True}, "target": {"type": "forward"}, "effect": "break",
         "then": [{"effect": "activate", "on": "self"}]},)
    compiled = compile_card(_card("[Dull]: Choose 1 Forward. Activate Test Knight. Break it."))
    assert compiled.unknown_clauses  # the chosen card's first effect cannot be the card's own


def test_a_conditional_sentence_and_its_instead_become_if_and_unless_on_the_steps() -> None:
    condition = {"backups_at_least": 3}
    assert _fully_compiled("[Dull]: Choose 1 Forward. Deal it 2000 damage. If you control 3 or more Backups, deal it "
                           "5000 damage instead.") == (
        {"kind": "action", "cost": {"dull": True}, "target": {"type": "forward"}, "effect": "deal_damage",
         "amount": 2000, "unless": condition, "then": [{"effect": "deal_damage", "amount": 5000, "if": condition}]},)
    unread = compile_card(_card("[Dull]: If you control 3 or more Backups, choose 1 Forward. Break it."))
    assert unread.unknown_clauses  # a condition does not choose cards: not guessed
    problems = validate_effects({"type": "forward", "effects": [
        {"kind": "action", "effect": "draw", "count": 1, "if": {"backups_at_most": 1}}]})
    assert problems == ["effects[0].if has no field 'backups_at_most'"]


def test_a_granted_restriction_in_quotes_names_the_opponent_only_of_the_cards_own_side() -> None:
    assert _fully_compiled('Test Knight gains +1000 power and "Test Knight cannot be chosen by your opponent\'s '
                           'abilities."') == (
        {"kind": "field", "effect": "power", "amount": 1000, "applies_to": "self"},
        {"kind": "field", "effect": "cannot_be_chosen", "by": "abilities", "player": "opponent", "applies_to": "self"})
    # "your opponent" inside the quotes is the chosen Forward's controller's opponent: for a duration, each card's own
    # (card_opponent); as a field ability of cards of either side, not read
    assert _fully_compiled('[Dull]: Choose 1 Forward. It gains "This Forward cannot be chosen by your opponent\'s '
                           'Summons." until the end of the turn.') == (
        {"kind": "action", "cost": {"dull": True}, "target": {"type": "forward"}, "effect": "cannot_be_chosen",
         "by": "summons", "player": "card_opponent", "duration": "turn"},)
    unread = compile_card(_card('The Forwards opponent controls gain "This Forward cannot be chosen by your '
                                'opponent\'s Summons."'))
    assert unread.unknown_clauses


def test_must_attack_once_per_turn_is_the_must_attack_word_printed_or_granted() -> None:
    assert _fully_compiled("Test Knight must attack once per turn if possible.") == (
        {"kind": "field", "effect": "must_attack", "applies_to": "self"},)
    assert _fully_compiled('[Dull]: Choose 1 Forward. It gains "This Forward must attack once per turn if possible." '
                           'until the end of the turn.') == (
        {"kind": "action", "cost": {"dull": True}, "target": {"type": "forward"}, "effect": "must_attack",
         "duration": "turn"},)


def test_cannot_be_chosen_this_turn_is_read_of_the_card_itself_only() -> None:
    assert _fully_compiled("[1]: Test Knight cannot be chosen by your opponent's Summons or abilities this turn.") == (
        {"kind": "action", "cost": {"cp": 1}, "target": "self", "effect": "cannot_be_chosen", "by": "any",
         "player": "opponent", "duration": "turn"},)
    assert _fully_compiled("Test Knight cannot be chosen by Summons.") == (
        {"kind": "field", "effect": "cannot_be_chosen", "by": "summons", "applies_to": "self"},)
    assert compile_card(_card("[1]: Choose 1 Forward. It cannot be chosen by your opponent's Summons this turn.")
                        ).unknown_clauses


def test_then_and_also_only_order_what_is_done() -> None:
    assert _fully_compiled("[Dull]: Choose 1 Forward. Dull it. Then, draw 1 card.") == (
        {"kind": "action", "cost": {"dull": True}, "target": {"type": "forward"}, "effect": "dull",
         "then": [{"effect": "draw", "count": 1}]},)
    assert _fully_compiled("[Dull]: Draw 1 card. If you control 3 or more Backups, also draw 1 card.") == (
        {"kind": "action", "cost": {"dull": True}, "effect": "draw", "count": 1,
         "then": [{"effect": "draw", "count": 1, "if": {"backups_at_least": 3}}]},)


def test_a_bracketed_job_card_name_or_category_reads_as_the_plain_form() -> None:
    bracketed = compile_card(_card("If you control [Card Name (Test Squire)], Test Knight gains +1000 power.\n"
                                   "[Dull]: Choose 1 [Job (Test Guard)] Forward. Deal it 1000 damage for each "
                                   "[Category (XV)] Backup you control."))
    plain = compile_card(_card("If you control Card Name Test Squire, Test Knight gains +1000 power.\n"
                               "[Dull]: Choose 1 Job Test Guard Forward. Deal it 1000 damage for each Category XV Backup "
                               "you control."))
    assert bracketed.is_fully_enforced and bracketed.effects == plain.effects
    assert readable_text("[Job (Test Guard)] and [Card Name (Test Squire)]") == "Job Test Guard and Card Name Test Squire"


def test_a_card_named_in_brackets_reads_as_the_card_prints_it() -> None:
    bracketed = _fully_compiled("If you control a [Job (Squire)] other than Test Knight, Test Knight gains +1000 "
                                "power.\nThe [Card Name (Test Page)] you control gains Brave.")
    printed = _fully_compiled("If you control a Job Squire other than Test Knight, Test Knight gains +1000 power.\n"
                              "The Card Name Test Page you control gains Brave.")
    assert bracketed == printed
    assert bracketed[0]["condition"] == {"control": {"job": "Squire", "not_self": True, "at_least": 1}}


def test_a_card_named_like_a_cost_symbol_keeps_the_symbol_in_its_costs() -> None:
    compiled = compile_card(_card("[Fire][Earth]: Earth gains +1000 power until the end of the turn.", name="Earth"))
    assert compiled.is_fully_enforced, compiled.unknown_clauses
    assert compiled.effects[0]["cost"] == {"cp": 2, "elements": {"fire": 1, "earth": 1}}
    assert compiled.effects[0]["target"] == "self"


def test_damage_equal_to_the_cards_own_power_is_read_only_while_the_card_stays_on_the_field() -> None:
    assert _fully_compiled("[Dull]: Choose 1 Forward. Deal it damage equal to Test Knight's power.") == (
        {"kind": "action", "cost": {"dull": True}, "target": {"type": "forward"}, "effect": "deal_damage",
         "amount": {"power": "self"}},)
    for gone in ("Put Test Knight into the Break Zone: Choose 1 Forward. Deal it damage equal to Test Knight's power.",
                 "When Test Knight is broken, choose 1 Forward. Deal it damage equal to Test Knight's power."):
        assert compile_card(_card(gone)).by_hand == (gone,)
    summon = "Choose 1 Forward. Deal it damage equal to Test Knight's power."
    assert compile_card(_card(summon, "summon")).by_hand == (summon,)


def test_several_target_groups_are_named_by_the_former_the_latter_and_them() -> None:
    summon = compile_card(_card("Choose 1 Backup you control and up to 1 other Forward. Until the end of the turn, the "
                                "former gains Haste and the latter loses 2000 power. Dull them.", "summon"))
    assert summon.is_fully_enforced
    assert summon.effects == (
        {"target": [{"type": "backup", "controller": "you"}, {"type": "forward", "up_to": True}],
         "effect": "grant_keyword", "keyword": "haste", "duration": "turn", "group": 0,
         "then": [{"effect": "power", "amount": -2000, "duration": "turn", "group": 1}, {"effect": "dull"}]},)
    assert _fully_compiled("When Test Knight attacks, choose 1 Forward you control and 1 Forward opponent controls. "
                           "The former deals damage equal to its power to the latter.")[0]["effect"] == "fight"
    unnamed = "Choose 1 Forward and 1 Backup. Dull the Forward and activate the Backup."
    assert compile_card(_card(unnamed, "summon")).by_hand == (unnamed,)


def test_selecting_several_actions_is_a_choice_among_their_sets_each_choosing_its_cards_together() -> None:
    text = ('[Dull]: Select up to 2 of the 3 following actions.\n"Choose 1 Forward. Dull it."\n"Test Knight gains +1000 power '
            'until the end of the turn."\n"Draw 1 card."')
    modes = _fully_compiled(text)[0]["modes"]
    assert len(modes) == 6  # 3 single actions, 3 pairs
    assert modes[3] == [{"effect": "dull", "target": {"type": "forward"}},
                        {"effect": "power", "amount": 1000, "duration": "turn", "on": "self"}]
    grouped = ('[Dull]: Select 2 of the 2 following actions.\n"Choose 1 Forward. Dull it."\n"Choose 1 Backup. Activate it."')
    assert compile_card(_card(grouped)).unknown_clauses  # one set only: not a choice
    picking = ('[Dull]: Select up to 2 of the 2 following actions.\n"Your opponent selects 1 Forward they control. Break it."'
               '\n"Choose 1 Forward. Dull it."')
    assert compile_card(_card(picking)).unknown_clauses  # a pick as it resolves would be the chosen cards' "it"


def test_an_element_and_type_or_another_is_either_of_them() -> None:
    assert _fully_compiled("[Dull]: Choose 1 Light Forward or Dark Backup. Break it.") == (
        {"kind": "action", "cost": {"dull": True}, "effect": "break",
         "target": {"any_of": [{"type": "forward", "element": "light"}, {"type": "backup", "element": "dark"}]}},)
    costly = "[Dull]: Choose 1 Light Forward or Dark Forward of cost 3 or less. Break it."
    assert compile_card(_card(costly)).by_hand == (costly,)  # the cost could be read of the last alone: not guessed


def test_a_damage_increase_is_read_of_characters_dealing_damage_themselves() -> None:
    assert _fully_compiled("If a Fire Forward you control deals damage to a Forward, the damage increases by 1000 "
                           "instead.") == (
        {"kind": "replacement", "event": "deals_damage", "instead": "increase", "amount": 1000,
         "applies_to": {"type": "forward", "element": "fire", "controller": "you"}},)
    on_a_summon = "[Dull]: Choose 1 Summon. If it deals damage to a Forward this turn, the damage increases by 1000 instead."
    assert compile_card(_card(on_a_summon)).by_hand == (on_a_summon,)


def test_a_card_chosen_on_your_own_side_may_be_given_what_names_your_opponent() -> None:
    assert _fully_compiled("[Dull]: Choose 1 Forward you control. It cannot be chosen by your opponent's abilities "
                           "this turn.") == (
        {"kind": "action", "cost": {"dull": True}, "target": {"type": "forward", "controller": "you"},
         "effect": "cannot_be_chosen", "by": "abilities", "player": "opponent", "duration": "turn"},)
    anyone = "[Dull]: Choose 1 Forward. It cannot be chosen by your opponent's abilities this turn."
    assert compile_card(_card(anyone)).by_hand == (anyone,)  # whose opponent would depend on whose Forward it is
    assert _fully_compiled("[Dull]: Choose 1 Forward. Deal it and Test Knight 2000 damage.") == (
        {"kind": "action", "cost": {"dull": True}, "target": {"type": "forward"}, "effect": "deal_damage",
         "amount": 2000, "then": [{"effect": "deal_damage", "amount": 2000, "on": "self"}]},)


def test_top_or_bottom_is_a_choice_as_it_resolves_and_a_this_turn_delayed_ability_watches_the_chosen_card() -> None:
    assert _fully_compiled("[Dull]: Choose 1 Forward. Put it at the top or bottom of its owner's deck.") == (
        {"kind": "action", "cost": {"dull": True}, "target": {"type": "forward"}, "effect": "either",
         "options": [[{"effect": "put_on_deck", "position": "top"}], [{"effect": "put_on_deck", "position": "bottom"}]]},)
    assert _fully_compiled("[Dull]: Choose 1 Forward. Deal it 1000 damage. When it is put from the field into the Break "
                           "Zone this turn, draw 1 card.")[0]["then"] == [
        {"effect": "delayed", "when": "put_into_break_zone", "do": [{"effect": "draw", "count": 1}], "this_turn": True}]


def test_return_it_and_the_card_itself() -> None:
    assert _fully_compiled("[Dull]: Choose 1 Forward you control other than Test Knight. Return it and Test Knight to "
                           "their owners' hand.") == (
        {"kind": "action", "cost": {"dull": True}, "target": {"type": "forward", "controller": "you", "not_self": True},
         "effect": "return_to_hand", "then": [{"effect": "return_to_hand", "on": "self"}]},)


def test_a_list_of_costs_is_one_of_them() -> None:
    assert _fully_compiled("[Dull]: Choose 1 Forward of cost 1, 4 or 6. Break it.")[0]["target"] == {
        "type": "forward", "any_of": [{"cost_at_least": 1, "cost_at_most": 1}, {"cost_at_least": 4, "cost_at_most": 4},
                                      {"cost_at_least": 6, "cost_at_most": 6}]}


# -- (s6) zones and deck: what the new templates leave by hand ------------------------------------------------------

@pytest.mark.parametrize("text", [
    # two searches in one sentence: not one filter
    "When Test Knight enters the field, search for up to 1 Fire Job Knight and up to 1 Water Job Knight and add them "
    "to your hand.",
    # names run together without a space: not guessed apart
    "When Test Knight enters the field, search for 1 Card Name Arc,Card Name Ingus and play it onto the field.",
    # "it" after a discard is the discarded card, not the chosen one
    "[Dull]: Choose 1 Forward. Your opponent discards 1 card. If it is a Forward, break it.",
    # "you may search …. Then, you may play …": declining the search must not skip the play
    "When Test Knight enters the field, you may search for 1 Forward and add it to your hand. Then, you may play 1 "
    "Forward of cost 2 or less from your hand onto the field.",
    # an Element and a cost for two alternatives: the cost may be the last one's alone
    "[Dull]: Choose 1 Fire or Ice Forward or Card Name Test Mage of cost 3 or less. Break it.",
])
def test_a_zone_clause_read_only_in_part_stays_by_hand(text: str) -> None:
    assert compile_card(_card(text)).by_hand == (text,)


def test_the_removed_top_card_and_the_chosen_card_are_read_where_they_are_named() -> None:
    assert _fully_compiled("[Dull]: Choose 1 Forward. Remove the top card of your deck from the game. If the removed "
                           "card is a Forward, break it. If not, deal it 3000 damage.") == (
        {"kind": "action", "cost": {"dull": True}, "target": {"type": "forward"}, "effect": "mill", "count": 1,
         "removed": True, "then": [{"effect": "break", "if": {"removed_is": {"type": "forward"}}},
                                   {"effect": "deal_damage", "amount": 3000, "unless": {"removed_is": {"type": "forward"}}}]},)
    assert _fully_compiled("[Dull]: Choose 1 Forward in your Break Zone. Add it to your hand. If it is a Fire Forward, "
                           "play it onto the field instead.") == (
        {"kind": "action", "cost": {"dull": True}, "target": {"type": "forward", "zone": "break", "controller": "you"},
         "effect": "return_to_hand", "unless": {"chosen_is": {"type": "forward", "element": "fire"}},
         "then": [{"effect": "play_onto_field", "if": {"chosen_is": {"type": "forward", "element": "fire"}}}]},)
