"""Every bundled FFTCG card reads through the FFTCG rules with its behaviour in the effect vocabulary."""
from __future__ import annotations

import pytest

from carddb.bundled import bundled_lookup, load_bundled_cards, load_bundled_decks
from carddb.decks import resolve_deck
from carddb.validation import validate_deck
from tabletop.engine.cards import CardDefinition
from tabletop.engine.text_compilation import BY_HAND
from tabletop.games import find_game
from tabletop.games.fftcg.card_text import ability_texts
from tabletop.games.fftcg.effects import effect_steps, validate_effects

CARDS = load_bundled_cards("fftcg")


@pytest.mark.parametrize("card", CARDS, ids=[c.id for c in CARDS])
def test_bundled_card_fits_the_vocabulary_and_reads_through_the_rules(card: CardDefinition) -> None:
    mapping = card.to_mapping()
    assert validate_effects(mapping) == []
    again = find_game("fftcg").card_from_mapping(mapping)
    assert again.effects == card.effects and again.name == card.name


def test_every_card_with_rules_text_has_behaviour_data() -> None:
    silent = [c.id for c in CARDS if ability_texts(c.text) and not (c.effects or c.keywords)]
    by_hand = [c.id for c in CARDS if c.attributes.get(BY_HAND)]
    assert (silent, by_hand) == ([], [])


def test_the_set_shows_every_keyword_and_icon_of_the_digest() -> None:
    keywords = {k for c in CARDS for k in c.keywords}
    assert keywords >= {"brave", "haste", "first_strike", "back_attack"}
    steps = [s["effect"] for c in CARDS for a in c.effects for s in effect_steps(a)]
    assert "freeze" in steps  # Freeze (digest §17.4) is an effect
    assert any("damage" in a for c in CARDS for a in c.effects)  # "Damage N —" (§17.6)
    assert any(c.attributes.get("party_icon") for c in CARDS)  # Party (§14.5)
    assert any(c.attributes.get("ex_burst") for c in CARDS)  # EX Burst (§12.8)


def test_bundled_decks_follow_deck_construction() -> None:
    decks = load_bundled_decks("fftcg")
    assert len(decks) == 2
    for deck in decks:
        resolved, unknown = resolve_deck(deck, bundled_lookup("fftcg"))
        assert unknown == [] and validate_deck(resolved) == []
