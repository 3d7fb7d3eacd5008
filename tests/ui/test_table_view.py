"""The table as a player sees it: filling the window, large hand cards, the Card dock, labels, docks."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRectF, QSettings, QSizeF, Qt
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QTabBar

from conftest import freeform_config
from table_gestures import card_point
from tabletop.engine.cards import CardLibrary
from tabletop.engine.commands import DrawCards
from tabletop.engine.rules import GameConfig
from tabletop.games import game_ids
from tabletop.ui.new_game_dialog import NewGame, NewGameDialog
from tabletop.ui.screenshots import pick_decks
from tabletop.ui.zone_item import fitted_label, label_parts


def start_bundled(window, game_id: str) -> None:  # noqa: ANN001
    picked = pick_decks(game_id)
    if picked is None:
        pytest.skip(f"{game_id} has no bundled decks")
    fmt, first, second = picked
    library = CardLibrary(list({c.id: c for c in first.cards + second.cards}.values()))
    config = GameConfig(game=game_id, format=fmt, seed=4, decks={"p1": first.sections, "p2": second.sections},
                        seats={"p1": "human", "p2": "ai"})
    assert window.start(NewGame(config, library, open_hands=False))
    me = window.session.viewer
    if not window.session.game.state.zones[f"{me}.hand"].cards:     # Grand Archive: the champion draws
        window.session.submit(DrawCards(by=me, count=7))


def on_screen_width(window, item) -> float:  # noqa: ANN001
    width, height = item.size
    return window.table.view.mapFromScene(QRectF(item.pos(), QSizeF(width, height))).boundingRect().width()


@pytest.mark.parametrize("game_id", [g for g in game_ids() if g != "freeform"] + ["freeform"])
def test_the_table_fills_the_view_and_my_hand_is_large_enough_to_read(qtbot, window, game_id: str) -> None:  # noqa: ANN001
    start_bundled(window, game_id)
    view = window.table.view
    shown = view.mapFromScene(window.scene.sceneRect()).boundingRect()
    viewport = view.viewport().rect()
    assert viewport.contains(shown.adjusted(1, 1, -1, -1))                     # the whole table is in sight
    assert shown.width() >= viewport.width() - 4 or shown.height() >= viewport.height() - 4
    me = window.session.viewer
    hand = [item for item in window.scene.card_items.values() if item.look.zone_id == f"{me}.hand"]
    assert hand and all(item.look.definition is not None for item in hand)
    widths = [on_screen_width(window, item) for item in hand]
    assert min(widths) >= 110, widths                                            # name, cost, power legible
    view.set_zoom(2.0)
    assert on_screen_width(window, hand[0]) == pytest.approx(2 * widths[0], rel=0.02)
    view.set_zoom(1.0)
    window.resize(1280, 720)
    qtbot.waitUntil(lambda: view.viewport().width() < 900)
    shown = view.mapFromScene(window.scene.sceneRect()).boundingRect()
    assert view.viewport().rect().contains(shown.adjusted(1, 1, -1, -1))        # refitted after the resize


def test_the_card_dock_shows_a_hint_then_the_last_card_pointed_at(qtbot, window, library) -> None:  # noqa: ANN001
    assert "Point at a card" in window.preview.shown_text
    window.start(NewGame(freeform_config(seats={"p1": "human", "p2": "ai"}), library, open_hands=False))
    game = window.session.game
    iid = game.state.zones["p1.hand"].cards[0]
    item = window.scene.item_for(iid)
    viewport = window.table.view.viewport()
    QTest.mouseMove(viewport, QPoint(2, 2))
    QTest.mouseMove(viewport, card_point(window, item))                  # a real pointer move, not a call
    name = game.state.definition(iid).name
    qtbot.waitUntil(lambda: name in window.preview.shown_text)
    assert window.preview.image.pixmap() is not None and not window.preview.image.pixmap().isNull()
    QTest.mouseMove(viewport, QPoint(2, 2))                              # leaving the card keeps it shown
    assert name in window.preview.shown_text


def test_history_and_log_share_one_tab_bar(qtbot, window) -> None:  # noqa: ANN001
    bars = [bar for bar in window.findChildren(QTabBar) if bar.isVisible()]
    titles = [[bar.tabText(i) for i in range(bar.count())] for bar in bars]
    assert sum(1 for t in titles if "History" in t and "Log" in t) == 1, titles


def test_zone_labels_show_counts_against_limits_and_shorten_keeping_the_number(qtbot, window) -> None:  # noqa: ANN001
    assert label_parts("Damage (7)", 0, True) == ("Damage", "0/7")
    assert label_parts("Deck", 34, True) == ("Deck", "34")
    start_bundled(window, "yugioh")
    zone = window.scene.zone_items["p1.stz.1"]
    name, _, _ = zone.shown_label()
    assert name.endswith("1") and len(name) < len(zone.label)
    assert "Pendulum / Spell & Trap 1" in zone.toolTip()
    metrics = QFontMetricsF(QFont("DejaVu Sans", 12))
    assert fitted_label("Removed from game", 40, metrics).endswith("…")


def test_choosing_a_deck_selects_the_format_it_names(qtbot, tmp_path) -> None:  # noqa: ANN001
    if pick_decks("vanguard") is None:
        pytest.skip("vanguard has no bundled decks")
    dialog = NewGameDialog(None, None, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(dialog)
    dialog.game.setCurrentIndex(dialog.game.findData("vanguard"))
    for wanted in ("premium", "standard"):
        row = dialog.seats[0]
        row.deck.setCurrentIndex(next(i for i, c in enumerate(row.choices) if c.format == wanted))
        assert dialog.format.currentText() == wanted


def test_auto_pass_is_on_for_ai_seats_and_for_humans_who_keep_it(qtbot, tmp_path) -> None:  # noqa: ANN001
    if pick_decks("fftcg") is None:
        pytest.skip("fftcg has no bundled decks")
    dialog = NewGameDialog(None, None, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(dialog)
    dialog.game.setCurrentIndex(dialog.game.findData("fftcg"))
    dialog.seats[1].kind.setCurrentIndex(dialog.seats[1].kind.findData("ai:hard"))
    assert dialog.auto_pass.isChecked()  # the default, as clients skip stops with nothing to play
    config = dialog.build().config
    assert config.auto_pass == ["p1", "p2"]
    assert config.seats == {"p1": "human", "p2": "ai"} and config.options["ai"] == {"p2": "hard"}
    dialog.auto_pass.setChecked(False)
    assert dialog.build().config.auto_pass == ["p2"]


def test_a_unit_on_rc_made_a_vanguard_shows_vanguard_on_the_table_and_in_the_card_dock(qtbot, window) -> None:  # noqa: ANN001
    """Vanguard seed 《光辉骑士团》 二: the bundled Warden (VG-067) on VC makes a Lancer (VG-011) on RC a vanguard."""
    from tabletop.engine.commands import ManualMove
    from tabletop.ui.card_sources import available_decks

    decks = {d.name: d for d in available_decks("vanguard")}
    vow, other = decks["Dawnlance Vow"], decks["Cinderfang Ascent"]
    library = CardLibrary(list({c.id: c for c in vow.cards + other.cards}.values()))
    config = GameConfig(game="vanguard", format="standard", seed=4, decks={"p1": vow.sections, "p2": other.sections},
                        seats={"p1": "human", "p2": "ai"})
    assert window.start(NewGame(config, library, open_hands=False))
    session = window.session
    state = session.game.state

    def first(card_id: str) -> int:
        return next(i for i, c in sorted(state.cards.items()) if c.card_id == card_id and c.owner == "p1")

    warden, lancer, old = first("VG-067"), first("VG-011"), state.zones["p1.vc"].cards[0]
    for command in (ManualMove(by="p1", card=warden, to="soul"), ManualMove(by="p1", card=old, to="drop")):
        qtbot.waitUntil(lambda: not session.is_thinking)
        assert session.submit(command)
    if not state.zones["p1.vc"].cards:  # before the game starts no rule action rides the soul card
        assert session.submit(ManualMove(by="p1", card=warden, to="vc", face_down=False))
    assert state.zones["p1.vc"].cards == [warden]
    assert session.submit(ManualMove(by="p1", card=lancer, to="rc.front_left", face_down=False))
    qtbot.waitUntil(lambda: window.scene.item_for(lancer) is not None
                    and "vanguard" in window.scene.item_for(lancer).look.states)
    window.scene.card_hovered(window.scene.item_for(lancer))
    qtbot.waitUntil(lambda: "Dawnlance Lancer Fennick" in window.preview.shown_text)
    assert "vanguard" in window.preview.shown_text.split("Now:")[1]
    assert "vanguard" not in window.scene.item_for(warden).look.states  # on VC: no mark needed


def test_the_dialog_says_hot_seat_and_what_the_ai_cannot_play(qtbot, tmp_path) -> None:  # noqa: ANN001
    dialog = NewGameDialog(None, None, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(dialog)
    dialog.game.setCurrentIndex(dialog.game.findData("fftcg"))
    for row in dialog.seats:
        row.kind.setCurrentIndex(row.kind.findData("human"))
    assert dialog.seating.text().startswith("Hot-seat")
    dialog.seats[1].kind.setCurrentIndex(dialog.seats[1].kind.findData("ai:easy"))
    assert "Hot-seat" not in dialog.seating.text()
    dialog.game.setCurrentIndex(dialog.game.findData("freeform"))   # no rules: everything by hand
    dialog.seats[1].kind.setCurrentIndex(dialog.seats[1].kind.findData("ai:easy"))
    assert "played by hand: the AI cannot play it" in dialog.seating.text()


def test_an_illegal_deck_is_refused_with_its_rule_unless_played_unchecked(qtbot, window, tmp_path) -> None:  # noqa: ANN001
    """FFTCG 2.1: a Constructed deck has exactly 50 cards; the dialog refuses a 15-card deck, or plays it when
    asked to, and the table says so."""
    bundled = Path(__file__).resolve().parents[2] / "carddb" / "data" / "fftcg" / "decks" / "emberfall_vanguard.txt"
    if not bundled.is_file():
        pytest.skip("no bundled FFTCG deck")
    short = tmp_path / "short.txt"
    short.write_text("\n".join(bundled.read_text(encoding="utf-8").splitlines()[:8]) + "\n", encoding="utf-8")
    dialog = NewGameDialog(None, None, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(dialog)
    dialog.game.setCurrentIndex(dialog.game.findData("fftcg"))
    assert dialog.load_deck_file(dialog.seats[0], short)
    with pytest.raises(ValueError, match=r"FFTCG 2\.1: a Constructed deck has exactly 50 cards \(this one has 15\)"):
        dialog.build()
    dialog.unchecked.setChecked(True)
    new = dialog.build()
    assert "FFTCG 2.1" in new.config.options["unchecked_decks"]["p1"][0]
    window.start(new)
    log = window.log_panel.lines()
    assert any(line.startswith("p1's deck breaks the construction rules, played unchecked: FFTCG 2.1") for line in log)


def test_the_window_opens_as_it_was_left(qtbot, session, tmp_path) -> None:  # noqa: ANN001
    """Size, docks and the table's zoom are remembered between runs (QSettings)."""
    from tabletop.ui.main_window import MainWindow
    from tabletop.ui.session import GameSession

    settings = QSettings(str(tmp_path / "layout.ini"), QSettings.Format.IniFormat)
    first = MainWindow(session, settings=settings)
    qtbot.addWidget(first)
    first.resize(780, 580)   # within the offscreen screen (800×600): a restored geometry is kept on screen
    first.show()
    qtbot.waitExposed(first)
    first.docks["Card"].hide()
    first.table.view.set_zoom(1.5)
    first.close()
    again = MainWindow(GameSession(autosave_folder=tmp_path / "autosaves"), settings=settings)
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    assert (again.width(), again.height()) == (first.width(), first.height()) == (780, 580)
    assert not again.docks["Card"].isVisible() and again.table.view.zoom == 1.5
    again.close()


def test_the_dialog_refuses_decks_of_two_formats_before_it_closes(qtbot, tmp_path) -> None:  # noqa: ANN001
    if pick_decks("vanguard") is None:
        pytest.skip("vanguard has no bundled decks")
    dialog = NewGameDialog(None, None, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(dialog)
    dialog.game.setCurrentIndex(dialog.game.findData("vanguard"))
    for row, wanted in zip(dialog.seats, ("standard", "premium")):
        row.deck.setCurrentIndex(next(i for i, c in enumerate(row.choices) if c.format == wanted))
    with pytest.raises(ValueError, match="p1's deck is a standard deck and p2's a premium deck"):
        dialog.build()


def test_the_card_under_the_pointer_is_zoomed_over_the_table_when_asked(qtbot, window, library) -> None:  # noqa: ANN001
    """View ▸ "Zoom the card under the pointer" (or Alt held) shows the hovered card large; a hidden card, its back."""
    window.start(NewGame(freeform_config(), library, open_hands=False))
    window.table.hand_over.button.click()
    game = window.session.game
    mine = window.scene.item_for(game.state.zones["p1.hand"].cards[0])
    theirs = next(item for item in window.scene.card_items.values() if item.look.zone_id == "p2.hand")
    zoom = window.table.hover_zoom
    QTest.keyRelease(window, Qt.Key.Key_Alt)          # no modifier held (an earlier test's Alt-drop may linger)
    window.scene.cardHovered.emit(mine.look)
    assert not zoom.isVisible()                       # neither the setting nor Alt
    window.hover_zoom_action.trigger()
    window.scene.cardHovered.emit(mine.look)
    assert zoom.isVisible() and zoom.look.definition is not None
    window.scene.cardHovered.emit(theirs.look)
    assert zoom.isVisible() and zoom.look.definition is None   # the back: the table shows no more
    window.scene.cardHovered.emit(None)
    assert not zoom.isVisible()


def test_a_narrow_zone_shows_whole_words_of_its_name_before_an_elision(qapp) -> None:  # noqa: ANN001
    metrics = QFontMetricsF(QFont("DejaVu Sans", 12))
    width = metrics.horizontalAdvance("Removed") + 2
    assert fitted_label("Removed from game", width, metrics) == "Removed"     # not "Removed f…"
    assert fitted_label("Ride deck", metrics.horizontalAdvance("Ride") + 2, metrics) == "Ride"
    assert fitted_label("Removed from game", metrics.horizontalAdvance("Removed from") + 2, metrics) == "Removed"


def test_a_zone_too_narrow_for_its_first_word_and_count_moves_the_count_below(qtbot, window) -> None:  # noqa: ANN001
    start_bundled(window, "vanguard")
    narrow = [z for z in window.scene.zone_items.values() if z.label == "Removed from game"]
    assert any(zone.label_layout()[3] for zone in narrow)   # the compact piles beside the field are that narrow
    for zone in narrow:
        name, count, _, inside = zone.label_layout()
        assert "…" not in name and name.startswith("Removed"), name
        assert count == str(zone.count)
