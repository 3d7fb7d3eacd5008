"""Choosing the cards of a listed command otherwise: a play's payment (cards to discard or dull), a Party's Forwards."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from table_gestures import click_card
from tabletop.engine.cards import CardLibrary
from tabletop.engine.rules import GameConfig
from tabletop.games import find_game
from tabletop.games.fftcg.commands import PlayCharacter
from tabletop.ui.card_menu import build_card_menu
from tabletop.ui.stack_item import ArrowItem
from tabletop.ui.new_game_dialog import NewGame

CARDS = [
    {"id": "blade", "name": "Test Fire Blade", "type": "forward", "element": "fire", "cost": 2, "power": 5000},
    {"id": "torch", "name": "Test Fire Torch", "type": "forward", "element": "fire", "cost": 5, "power": 9000},
    {"id": "spark", "name": "Test Fire Spark", "type": "backup", "element": "fire", "cost": 4},
    {"id": "clerk", "name": "Test Fire Clerk", "type": "backup", "element": "fire", "cost": 1},
]


def start_fftcg(window) -> dict[str, int]:  # noqa: ANN001
    rules = find_game("fftcg")
    library = CardLibrary(rules.card_from_mapping(c) for c in CARDS)
    setup = {"turn": 3, "active": "p1", "phase": "main1", "players": {
        "p1": {"hand": [{"card": "blade"}, {"card": "torch"}, {"card": "spark"}], "field": [{"card": "clerk"}],
               "deck": 10},
        "p2": {"deck": 10}}}
    config = GameConfig("fftcg", seed=1, seats={"p1": "human", "p2": "human"}, scenario=setup)
    window.start(NewGame(config, library, open_hands=False))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)   # hot seat: p1 takes the screen
    state = window.session.game.state
    return {state.cards[i].card_id: i for i in state.cards if state.cards[i].zone in ("p1.hand", "p1.field")}


def test_a_play_can_be_paid_with_other_cards_picked_on_the_table(qtbot, window) -> None:  # noqa: ANN001
    cards = start_fftcg(window)
    game, panel = window.session.game, window.decision_panel
    listed = next(c for c in game.legal_commands("p1") if isinstance(c, PlayCharacter) and c.card == cards["blade"])
    menu = build_card_menu(window.session, window.scene.item_for(cards["blade"]).look, choose=panel.choose_cards)
    entry = next(a for a in menu.actions() if "pay another way" in a.text())
    entry.trigger()
    assert panel.choosing is not None and panel.pages.currentWidget() is panel.pick
    checked = {panel.pick_list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(panel.pick_list.count())
               if panel.pick_list.item(i).checkState() == Qt.CheckState.Checked}
    assert checked == set(listed.discards) | set(listed.backups)   # the listed payment, as the start
    texts = [panel.pick_list.item(i).text() for i in range(panel.pick_list.count())]
    assert any(t.startswith("discards: Test Fire Spark") for t in texts) and any(t.startswith("backups: Test Fire Clerk") for t in texts)
    for i in range(panel.pick_list.count()):
        panel.pick_list.item(i).setCheckState(Qt.CheckState.Unchecked)
    click_card(window, window.scene.item_for(cards["spark"]))   # pay with the Backup card in hand instead
    assert panel.picks() == [cards["spark"]]
    panel.confirm_pick.click()
    state = game.state
    assert state.cards[cards["blade"]].zone == "p1.field" and state.cards[cards["spark"]].zone == "p1.break"
    assert state.cards[cards["torch"]].zone == "p1.hand" and not state.cards[cards["clerk"]].tapped
    assert panel.choosing is None


def test_a_payment_that_does_not_add_up_is_refused_by_rule_and_can_be_cancelled(qtbot, window) -> None:  # noqa: ANN001
    cards = start_fftcg(window)
    game, panel = window.session.game, window.decision_panel
    listed = next(c for c in game.legal_commands("p1") if isinstance(c, PlayCharacter) and c.card == cards["blade"])
    refusals: list[str] = []
    window.session.refused.connect(refusals.append)
    payment, = window.session.game.rules.card_choices(game.state, listed)
    assert panel.choose_cards(listed, payment)
    for i in range(panel.pick_list.count()):
        item = panel.pick_list.item(i)
        item.setCheckState(Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole) == cards["clerk"]
                           else Qt.CheckState.Unchecked)
    panel.confirm_pick.click()   # one Backup makes 1 CP of the 2
    assert refusals and "FFTCG" in refusals[-1] and game.state.cards[cards["blade"]].zone == "p1.hand"
    panel.cancel_choice.click()
    assert panel.choosing is None and panel.pages.currentWidget() is panel.act


def test_a_party_of_any_forwards_is_picked_from_one_menu_entry(qtbot, window) -> None:  # noqa: ANN001
    rules = find_game("fftcg")
    library = CardLibrary(rules.card_from_mapping(c) for c in CARDS + [
        {"id": "axe", "name": "Test Fire Axe", "type": "forward", "element": "fire", "cost": 2, "power": 7000}])
    setup = {"turn": 3, "active": "p1", "phase": "attack.declare", "players": {
        "p1": {"field": [{"card": "blade"}, {"card": "torch"}, {"card": "axe"}], "deck": 10}, "p2": {"deck": 10}}}
    window.start(NewGame(GameConfig("fftcg", seed=1, seats={"p1": "human", "p2": "human"}, scenario=setup), library,
                         open_hands=False))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    game, panel = window.session.game, window.decision_panel
    cards = {game.state.cards[i].card_id: i for i in game.state.zones["p1.field"].cards}
    menu = build_card_menu(window.session, window.scene.item_for(cards["blade"]).look, choose=panel.choose_cards)
    assert [a.text() for a in menu.actions() if a.menu() is not None and "party" in a.text()] == []   # 3: no submenu
    entries = [a for a in menu.actions() if "choose the Party's Forwards" in a.text()]
    assert len(entries) == 1   # not one beside each of the three Parties the Blade is in
    entries[0].trigger()
    assert panel.picks()[0] == cards["blade"] and len(panel.picks()) == 2   # the first listed Party, as the start
    for i in range(panel.pick_list.count()):
        panel.pick_list.item(i).setCheckState(Qt.CheckState.Unchecked)
    for name in ("blade", "torch", "axe"):
        click_card(window, window.scene.item_for(cards[name]))
    panel.confirm_pick.click()
    assert sorted(card for card, _ in game.state.data["attack"]["attackers"]) == sorted(cards.values())
    assert all(game.state.cards[i].tapped for i in cards.values())


def test_many_commands_of_one_kind_go_into_a_submenu(qtbot, window) -> None:  # noqa: ANN001
    rules = find_game("fftcg")
    names = ["Blade", "Lance", "Axe", "Bow", "Claw"]
    library = CardLibrary(rules.card_from_mapping({"id": n, "name": f"Test Fire {n}", "type": "forward",
                                                   "element": "fire", "cost": 2, "power": 5000}) for n in names)
    setup = {"turn": 3, "active": "p1", "phase": "attack.declare", "players": {
        "p1": {"field": [{"card": n} for n in names], "deck": 10}, "p2": {"deck": 10}}}
    window.start(NewGame(GameConfig("fftcg", seed=1, seats={"p1": "human", "p2": "human"}, scenario=setup), library,
                         open_hands=False))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    blade = window.session.game.state.zones["p1.field"].cards[0]
    menu = build_card_menu(window.session, window.scene.item_for(blade).look, choose=window.decision_panel.choose_cards)
    submenus = {a.text(): a.menu() for a in menu.actions() if a.menu() is not None}
    assert "Declare party (15)" in submenus   # the Blade is in 15 of the 26 Parties of 5 Forwards
    texts = [a.text() for a in submenus["Declare party (15)"].actions()]
    assert texts[0] == "… choose the Party's Forwards" and len(texts) == 16
    assert any(a.text() == "Declare attack: Test Fire Blade" for a in menu.actions())


def test_a_summons_targets_are_picked_on_the_table(qtbot, window) -> None:  # noqa: ANN001
    rules = find_game("fftcg")
    library = CardLibrary(rules.card_from_mapping(c) for c in CARDS + [
        {"id": "bolt", "name": "Test Bolt", "type": "summon", "element": "fire", "cost": 1,
         "effects": [{"effect": "deal_damage", "amount": 7000, "target": {"type": "forward"}}]},
        *({"id": f"ice{n}", "name": f"Test Ice Blade {n}", "type": "forward", "element": "ice", "cost": 2, "power": 5000}
          for n in range(3))])
    setup = {"turn": 3, "active": "p1", "phase": "main1", "players": {
        "p1": {"hand": [{"card": "bolt"}], "field": [{"card": "blade"}, {"card": "clerk"}], "deck": 10},
        "p2": {"field": [{"card": "ice0"}, {"card": "ice1"}, {"card": "ice2"}], "deck": 10}}}
    window.start(NewGame(GameConfig("fftcg", seed=1, seats={"p1": "human", "p2": "human"}, scenario=setup), library,
                         open_hands=False))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    game, panel = window.session.game, window.decision_panel
    bolt = game.state.zones["p1.hand"].cards[0]
    foes = list(game.state.zones["p2.field"].cards)
    menu = build_card_menu(window.session, window.scene.item_for(bolt).look, choose=panel.choose_cards)
    texts = [a.text() for a in menu.actions()]
    assert texts.count("… choose the targets") == 1 and texts.count("    … pay another way") == 4   # 4 Forwards
    next(a for a in menu.actions() if a.text() == "… choose the targets").trigger()
    assert panel.picks() == [game.state.zones["p1.field"].cards[0]]   # the first listed target: the player's own
    assert "check 1 target" in panel.prompt.text() and "Test Ice Blade 2  (p2's Field)" in _texts(panel)
    click_card(window, window.scene.item_for(foes[2]))   # one target: the new click replaces the first
    assert panel.picks() == [foes[2]]
    panel.confirm_pick.click()
    assert game.rules.stack_targets(game.state) == [(bolt, (foes[2],))]
    arrows = [i for i in window.scene.items() if isinstance(i, ArrowItem)]
    assert len(arrows) == 1   # from the Summon on the stack to its target
    for _ in range(2):   # both players pass: the Summon resolves
        window.session.submit(game.rules.advance_command(game.state, game.pending_decision()))
        QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    state = game.state
    assert state.cards[bolt].zone == "p1.break" and state.cards[foes[2]].zone == "p2.break"
    assert all(state.cards[f].zone == "p2.field" for f in foes[:2])


def _texts(panel) -> list[str]:  # noqa: ANN001
    return [panel.pick_list.item(i).text() for i in range(panel.pick_list.count())]


def test_a_special_ability_discards_the_card_of_the_same_name_the_player_picks(qtbot, window) -> None:  # noqa: ANN001
    rules = find_game("fftcg")
    sage = {"name": "Test Star Sage", "type": "forward", "element": "water", "cost": 3, "power": 6000,
            "effects": [{"kind": "special", "name": "Starfall", "cost": {"dull": True}, "effect": "deal_damage",
                         "amount": 4000, "target": {"type": "forward", "controller": "opponent"}}]}
    library = CardLibrary(rules.card_from_mapping(c) for c in [
        {"id": "sage", **sage}, {"id": "sage2", **sage, "power": 7000},   # two printings of one name
        {"id": "foe", "name": "Test Foe", "type": "forward", "element": "fire", "cost": 2, "power": 5000}])
    setup = {"turn": 3, "active": "p1", "phase": "main1", "players": {
        "p1": {"field": [{"card": "sage"}], "hand": [{"card": "sage"}, {"card": "sage2"}], "deck": 10},
        "p2": {"field": [{"card": "foe"}], "deck": 10}}}
    window.start(NewGame(GameConfig("fftcg", seed=1, seats={"p1": "human", "p2": "human"}, scenario=setup), library,
                         open_hands=False))
    QTest.keyClick(window.table.hand_over, Qt.Key.Key_Return)
    game, panel = window.session.game, window.decision_panel
    on_field = game.state.zones["p1.field"].cards[0]
    first, second = game.state.zones["p1.hand"].cards
    menu = build_card_menu(window.session, window.scene.item_for(on_field).look, choose=panel.choose_cards)
    entry = next(a for a in menu.actions() if "discard another card of the same name" in a.text())
    entry.trigger()
    assert panel.picks() == [first]   # the listed use discards the first one
    click_card(window, window.scene.item_for(second))   # one card: the click replaces it
    panel.confirm_pick.click()
    state = game.state
    assert state.cards[second].zone == "p1.break" and state.cards[first].zone == "p1.hand"
    assert state.cards[on_field].tapped
