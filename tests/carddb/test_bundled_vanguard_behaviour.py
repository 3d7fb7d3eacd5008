"""Every bundled Vanguard card reads through the rules and says its behaviour in the Vanguard vocabulary."""
from __future__ import annotations

import re

import pytest

from carddb.bundled import load_bundled_cards
from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.rules import GameConfig
from tabletop.engine.transaction import Transaction
from tabletop.games import find_game
from tabletop.games.vanguard import validate_effects
from tabletop.games.vanguard.abilities import abilities_of
from tabletop.games.vanguard.facts import trigger, trigger_power

CARDS = load_bundled_cards("vanguard")


def _ids(cards: list[CardDefinition]) -> list[str]:
    return [c.id for c in cards]


@pytest.mark.parametrize("card", CARDS, ids=_ids(CARDS))
def test_card_reads_through_the_rules_with_no_vocabulary_problem(card: CardDefinition) -> None:
    mapping = card.to_mapping()
    read = find_game("vanguard").card_from_mapping(mapping)
    assert read.id == card.id and read.effects == card.effects
    assert validate_effects(mapping) == []


@pytest.mark.parametrize("card", CARDS, ids=_ids(CARDS))
def test_every_ability_in_the_text_is_played_by_the_rules(card: CardDefinition) -> None:
    """A card text's [AUTO]/[ACT]/[CONT] markers each have an ability (printed, or made by a keyword)."""
    markers = re.findall(r"\[(AUTO|ACT|CONT)\]", card.text)
    abilities = _abilities(card)
    kinds = [a["kind"] for a in abilities]
    for marker in ("AUTO", "ACT", "CONT"):
        assert kinds.count(marker.lower()) >= markers.count(marker), (card.id, card.text, abilities)


def test_keyword_abilities_come_from_keywords_not_copies() -> None:
    """Sentinels print their own GC ability and get no second default one; Forerunner and Revelation are keywords."""
    by_id = {c.id: c for c in CARDS}
    sentinel = _abilities(by_id["VG-006"])
    assert [a.get("circle") for a in sentinel] == ["gc"]
    forerunner = _abilities(by_id["VG-033"])
    assert [a.get("keyword_ability") for a in forerunner] == ["forerunner"]
    revelation = _abilities(by_id["VG-010"])
    assert [(a.get("keyword_ability"), a.get("circle")) for a in revelation] == [("revelation", "rc")]


def test_older_triggers_print_their_five_thousand_power() -> None:
    """Triggers whose text says Power +5000 give 5000, the others the V/D default of 10000 (VG 6.5)."""
    for card in CARDS:
        if trigger(card) and trigger(card) != "over":
            expected = 5000 if "Power +5000 to one" in card.text else 10000
            assert trigger_power(card) == expected, card.id


def _abilities(card: CardDefinition) -> list[dict]:
    """Return what the rules make of a card on a rear-guard circle (printed abilities plus keyword abilities)."""
    rules = find_game("vanguard")
    state = rules.create_state(GameConfig("vanguard", "premium"), CardLibrary([card]))
    iid = Transaction(state).create_card(card.id, "p1", "p1.rc.front_left")
    return abilities_of(state, iid)
