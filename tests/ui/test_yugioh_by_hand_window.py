"""Yu-Gi-Oh! effects carried out by hand in the window: a token made from a zone's menu ("Make a token here…", a small
form; any game's table has it), and the Fusion Summon a real Fusion Spell offers in the Decision dock."""
from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox, QGraphicsSceneContextMenuEvent, QSpinBox

from carddb.bundled import load_bundled_cards
from conftest import TEST_CARDS, freeform_config
from tabletop.engine.cards import CardLibrary
from tabletop.engine.rules import GameConfig
from tabletop.games import find_game
from tabletop.games.yugioh.commands import ActivateCard
from tabletop.ui.card_menu import MAKE_TOKEN_IN_ZONE
from tabletop.ui.new_game_dialog import NewGame
from tabletop.ui.zone_menu import MAKE_TOKEN

POLY = {"id": "test-poly", "name": "Twofold Melding", "type": "spell",
        "text": "Fusion Summon 1 Fusion Monster from your Extra Deck, using monsters from your hand or field."}
FLOCK = {"id": "test-flock", "name": "Flock Call", "type": "spell",
         "text": 'Special Summon 1 "Lamb Token" (Beast/EARTH/Level 1/ATK 0/DEF 0) in Defense Position.'}


def start(window, hand: tuple[str, ...] = ("test-flock",), extra: tuple[str, ...] = ()) -> None:  # noqa: ANN001
    rules = find_game("yugioh")
    library = CardLibrary([*load_bundled_cards("yugioh"), *(rules.card_from_mapping(c) for c in (FLOCK, POLY))])
    setup = {"turn": 3, "active": "p1", "phase": "main1", "players": {
        "p1": {"hand": [{"card": c} for c in hand], "extra": [{"card": c} for c in extra], "deck": 5},
        "p2": {"deck": 5}}}
    window.start(NewGame(GameConfig("yugioh", seed=1, scenario=setup), library, open_hands=False))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)   # hot seat: p1 takes the screen


def menu_entry(menu, text: str):  # noqa: ANN001, ANN201
    return next(a for a in menu.actions() if a.text() == text)


def test_a_token_is_made_from_the_zone_menu_and_undone(qtbot, window) -> None:  # noqa: ANN001
    start(window)
    game = window.session.game
    flock = game.state.zones["p1.hand"].cards[0]
    assert window.session.submit(ActivateCard(by="p1", card=flock))
    assert game.pending_decision().name == "resolve_by_hand"   # the Spell's text is carried out by hand

    window.scene.zone_items["p1.mmz.3"].contextMenuEvent(_right_click())
    entry = menu_entry(window.last_menu, MAKE_TOKEN)
    assert entry.isEnabled()
    entry.trigger()
    dialog = window.token_dialog
    assert dialog is not None and dialog.isVisible()
    assert [t.label for t in dialog.traits] == ["ATK", "DEF", "Level", "Attribute", "Type"]
    dialog.name.setText("Lamb Token")
    level = dialog.fields["level"]
    attribute = dialog.fields["attribute"]
    assert isinstance(level, QSpinBox) and isinstance(attribute, QComboBox)
    level.setValue(2)
    attribute.setCurrentIndex(attribute.findData("earth"))
    dialog.tapped.setChecked(True)
    dialog.accept()

    cards = game.state.zones["p1.mmz.3"].cards
    assert len(cards) == 1
    token = game.state.cards[cards[0]]
    assert token.is_token and token.tapped and game.state.definition(token.iid).name == "Lamb Token"
    assert game.rules.card_value(game.state, token.iid, "level") == 2
    assert window.scene.item_for(token.iid) is not None, "the token is drawn on the table"
    assert "made a token, Lamb Token" in game.state.log[-1].text and game.state.log[-1].manual
    assert game.pending_decision().name == "resolve_by_hand", "still carrying out the Spell by hand"

    window.scene.zone_items["p1.mmz.3"].contextMenuEvent(_right_click())
    assert not menu_entry(window.last_menu, MAKE_TOKEN).isEnabled(), "a full zone takes no token"
    game.undo()
    assert not game.state.zones["p1.mmz.3"].cards and game.pending_decision().name == "resolve_by_hand"


def test_a_token_where_the_rules_refuse_it_is_refused_with_the_rule(qtbot, window) -> None:  # noqa: ANN001
    start(window)
    refusals: list[str] = []
    window.session.refused.connect(refusals.append)
    window.make_token("p1.stz.2")
    window.token_dialog.accept()
    assert not window.session.game.state.zones["p1.stz.2"].cards
    assert refusals and "YGO 5.7" in refusals[-1] and "Main Monster Zone" in refusals[-1]


def test_a_token_is_made_by_hand_in_a_game_played_by_hand(qtbot, window) -> None:  # noqa: ANN001
    """The freeform table has no token traits: the form asks only for the name and whether it lies sideways."""
    window.start(NewGame(freeform_config(), CardLibrary(TEST_CARDS), open_hands=False))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    zone = next(z for z, item in window.scene.zone_items.items() if z.startswith("p1.") and not z.endswith("deck"))
    window.scene.zone_items[zone].contextMenuEvent(_right_click())
    menu_entry(window.last_menu, MAKE_TOKEN).trigger()
    dialog = window.token_dialog
    assert not dialog.fields
    dialog.name.setText("Treasure")
    dialog.accept()
    state = window.session.game.state
    made = [i for i in state.zones[zone].cards if state.cards[i].is_token]
    assert len(made) == 1 and state.definition(made[0]).name == "Treasure"
    assert window.scene.item_for(made[0]) is not None
    menu = window.open_card_menu(window.scene.item_for(made[0]).look, QPoint(10, 10))   # a card's menu has it too
    menu_entry(menu, MAKE_TOKEN_IN_ZONE).trigger()
    assert window.token_dialog is not dialog and window.token_dialog.zone_id == zone


def test_a_real_fusion_spell_by_hand_offers_the_fusion_summon_in_the_decision_dock(qtbot, window) -> None:  # noqa: ANN001
    start(window, hand=("test-poly", "YG-001", "YG-004"), extra=("YG-015",))
    game = window.session.game
    poly, squire, lancer = game.state.zones["p1.hand"].cards
    assert window.session.submit(ActivateCard(by="p1", card=poly))
    actions = window.decision_panel.actions
    labels = [actions.item(i).text() for i in range(actions.count())]
    assert labels == ["Fusion summon by hand", "Done: resolve the next link"]
    actions.itemActivated.emit(actions.item(0))
    assert game.pending_decision().name == "fusion"
    titan = game.state.zones["p1.extra"].cards[0]
    for pick in (titan, squire, lancer):   # the Fusion Monster, then its named materials one by one
        assert window.decision_panel.toggle_pick(pick)
        window.decision_panel.confirm_pick.click()
    assert game.state.cards[titan].zone == "p1.mmz.1" and game.state.cards[titan].props.get("proper")
    assert game.pending_decision().name == "resolve_by_hand"


def _right_click() -> QGraphicsSceneContextMenuEvent:
    event = QGraphicsSceneContextMenuEvent(QGraphicsSceneContextMenuEvent.Type.GraphicsSceneContextMenu)
    event.setScreenPos(QPoint(10, 10))
    return event
