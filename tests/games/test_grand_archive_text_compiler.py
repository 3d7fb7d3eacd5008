"""The Grand Archive text compiler: printed wordings become keywords, gates, abilities and statics, whole or not at
all; what does not compile is left to the players by hand (original texts here, no real card's)."""
from __future__ import annotations

from tabletop.engine.cards import CardDefinition
from tabletop.games import find_game
from tabletop.games.grand_archive.effects import effect_problems, printed_abilities, resolution_text_by_hand
from tabletop.games.grand_archive.text_compiler import card_keywords, compile_card_text


def card(text: str, card_type: str = "ally", classes: tuple[str, ...] = ("Warrior",)) -> CardDefinition:
    """Return an uncoded card (as the importer makes them) with the given printed text."""
    return CardDefinition(id=f"t-{abs(hash(text))}", game="grand-archive", name="Test Oracle", card_type=card_type,
                          cost=2, text=text, attributes={"classes": list(classes), "cost_kind": "reserve"})


def test_keyword_lines_with_reminder_text_gates_and_lineage_compile_to_keywords() -> None:
    compiled = compile_card_text(card("Floating Memory (While paying for a memory cost, you may banish this.)\n"
                                      "[Class Bonus] Pride 3, Stealth\nWarden Lineage\nAlly Link"))
    assert compiled.is_fully_enforced
    assert compile_card_text(card("Starcalling — (2) (You may activate this as you glimpse it.)")).keywords == {
        "starcalling": 2}
    keywords, gates = card_keywords(card("Floating Memory (While paying for a memory cost, you may banish this.)\n"
                                         "[Class Bonus] Pride 3, Stealth\nWarden Lineage\nAlly Link"))
    assert keywords == {"floating_memory": True, "pride": 3, "stealth": True, "lineage": "Warden", "link": True}
    assert gates == {"pride": {"class_bonus": ["Warrior"]}, "stealth": {"class_bonus": ["Warrior"]}}


def test_triggered_and_activated_abilities_are_declared_and_compile_when_every_sentence_does() -> None:
    definition = card("On Enter: Draw a card into your memory. Glimpse 2.\n(2), REST: Deal 1 damage to target unit.\n"
                      "Banish Test Oracle: Gaze at the stars and wonder.")
    abilities, by_hand = printed_abilities(definition)
    assert abilities[0] == {"trigger": "on_enter", "do": [{"effect": "draw", "count": 1, "into": "memory"},
                                                          {"effect": "glimpse", "count": 2}]}
    assert abilities[1] == {"cost": {"reserve": 2, "rest": True},
                            "do": [{"effect": "damage", "amount": 1, "target": "unit"}]}
    assert abilities[2]["cost"] == {"banish": True}
    assert abilities[2]["do"] == [{"effect": "by_hand", "text": "Banish Test Oracle: Gaze at the stars and wonder."}]
    assert by_hand == ("Banish Test Oracle: Gaze at the stars and wonder.",)
    assert resolution_text_by_hand(definition) == []  # declared abilities are done by hand as they resolve
    assert compile_card_text(definition).unknown_clauses == ("Gaze at the stars and wonder",)


def test_an_ability_with_one_unknown_sentence_is_not_half_compiled() -> None:
    compiled = compile_card_text(card("Draw a card. Then juggle three moons.", card_type="action"))
    assert compiled.effects == () and not compiled.is_fully_enforced
    modes = compile_card_text(card("Choose one—\n• Draw a card.\n• Recover 2.", card_type="action"))
    assert modes.effects == () and len(modes.by_hand) == 1  # a mode belongs to its choice, never run alone


def test_statics_and_unknown_restrictions() -> None:
    compiled = compile_card_text(card("[Class Bonus] This card costs 2 less to activate.\n"
                                      "[Level 2+] Test Oracle gets +1 POWER.\n[Moon 3+] Recover 1."))
    assert {"static": "reserve_cost", "amount": -2, "if": {"class_bonus": ["Warrior"]}} in compiled.effects
    assert {"static": "power", "amount": 1, "if": {"level_at_least": 2}} in compiled.effects
    assert compiled.by_hand == ("[Moon 3+] Recover 1.",)


def test_every_compiled_ability_is_valid_in_the_game_vocabulary() -> None:
    texts = ["On Enter: Draw two cards.", "(1): Target ally you control gets +2 POWER until end of turn.",
             "REST: Wake up target ally you control.", "Allies you control get +1 LIFE until end of turn.",
             "Your champion gets +1 level until end of turn.", "Prevent the next 3 damage that would be dealt to "
             "your champion this turn.", "Lineage Release — Recover 2.", "Sacrifice Test Oracle: Empower 2."]
    for text in texts:
        compiled = compile_card_text(card(text))
        assert compiled.is_fully_enforced, text
        data = {"id": "t", "effects": [e for e in compiled.effects if "static" not in e]}
        assert effect_problems(data) == [], text


def test_the_rules_compile_text_is_the_compiler_and_a_coded_card_is_fully_enforced() -> None:
    rules = find_game("grand-archive")
    assert rules.compile_text(card("Juggle.")).by_hand == ("Juggle.",)
    coded = CardDefinition(id="t-coded", game="grand-archive", name="Test Coded", card_type="action",
                           text="Juggle.", effects=({"do": [{"effect": "draw", "count": 1}]},))
    assert rules.compile_text(coded).is_fully_enforced
