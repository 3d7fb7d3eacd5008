"""Real Grand Archive cards imported with `ga-csv` (CSV texts + stats JSON) play the starter decks by the rules:
types, elements, costs, levels, power, life, durability and speed from the data, keywords stated in the text
enforced, the rest of the text left to the players (logged "carries out by hand")."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from carddb.decks.files import read_deck_file
from carddb.decks.resolution import library_lookup, resolve_deck
from carddb.importers import ga_csv
from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.game import Game
from tabletop.engine.rules import GameConfig
from tabletop.games import find_game
from tabletop.games.grand_archive.effects import effect_problems, is_fully_enforced, printed_abilities

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "carddata" / "grand-archive"
TEXTS = DATA / "amphiblocks_gatcg_effects_raw_2025-11.csv"
STATS = DATA / "ga_cards_DERIVED_from_GrandArchiveOnline_GeneratedCardDictionaries_2024-03.json"


def imported() -> list[CardDefinition]:
    """Return the imported real cards (first side of each slug)."""
    if not TEXTS.exists() or not STATS.exists():
        pytest.skip("../shared/carddata/grand-archive not present")
    cards: dict[str, CardDefinition] = {}
    for card in ga_csv.read([TEXTS, STATS]).cards:
        cards.setdefault(card.id, card)
    return list(cards.values())


def test_the_starter_decks_play_whole_games_by_the_rules() -> None:
    cards = imported()
    lookup = library_lookup(cards)
    decks = []
    for path in sorted((DATA / "decks").iterdir()):
        resolved, unknown = resolve_deck(read_deck_file(path, game="grand-archive"), lookup)
        assert unknown == [], f"{path.name}: {unknown[0].describe()}"
        decks.append(resolved.as_deck_list().as_config_sections())
    assert len(decks) >= 2
    library = CardLibrary(cards)
    rules = find_game("grand-archive")
    by_hand = 0
    for seed in range(len(decks)):
        first, second = decks[seed], decks[(seed + 1) % len(decks)]
        game = Game.start(rules, GameConfig("grand-archive", seed=seed, decks={"p1": first, "p2": second}), library)
        for player in ("p1", "p2"):  # GA 5.4: the real Spirits' "On Enter: Draw seven cards." gives the hand
            assert len(game.state.zones[f"{player}.hand"].cards) == 7
        rnd = random.Random(seed)
        for _ in range(5000):
            if game.is_terminal():
                break
            game.submit(rnd.choice(game.legal_commands()))
        assert game.is_terminal(), f"seed {seed}: no end"
        by_hand += sum(1 for entry in game.state.log if entry.rule == "GA 10 (by hand)")
    assert by_hand > 0, "no real card's text was left to the players"


def test_the_share_of_fully_enforced_real_cards_is_measured() -> None:
    """Every ability carried out by the rules: text compiled by text_compiler (keywords with reminder text and
    restrictions, triggered and activated abilities, statics); measured by benchmarks/grand_archive_text_coverage.py
    (15.4% of the typed cards; 2.2% before the compiler)."""
    typed = [c for c in imported() if c.card_type != "unknown"]
    enforced = [c for c in typed if is_fully_enforced(c)]
    assert typed and 0.10 < len(enforced) / len(typed) < 1
    spirit = next(c for c in typed if c.name == "Spirit of Wind")
    assert is_fully_enforced(spirit)


def test_every_compiled_real_ability_is_valid_in_the_game_vocabulary() -> None:
    """A template that built a step the rules cannot run would fail only in a game: checked for every real card."""
    problems = []
    for definition in imported():
        abilities = printed_abilities(definition)[0]
        problems += effect_problems({"id": definition.id, "effects": list(abilities)})
    assert problems == []
