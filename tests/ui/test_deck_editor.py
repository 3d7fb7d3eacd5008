"""The deck editor: build each game's deck by searching and adding, legality as you build, files, drafts, play."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QMessageBox

from carddb.bundled import bundled_lookup, load_bundled_decks
from carddb.database import CardDatabase, open_database
from carddb.decks.resolution import ResolvedDeck, resolve_deck
from carddb.importing import import_files
from tabletop.ui.deck_editor import DeckEditor, recent_decks
from tabletop.ui.main_window import MainWindow
from tabletop.ui.new_game_dialog import NewGameDialog
from tests.carddb.conftest import make_cdb

GAMES = ["yugioh", "vanguard", "fftcg", "grand-archive", "dreadnought"]
SAVE_FORMATS = {"yugioh": ("deck.ydk", "ydk"), "fftcg": ("deck.o8d", "o8d"), "grand-archive": ("deck.txt", "omnideck"),
                "vanguard": ("deck.txt", "text"), "dreadnought": ("deck.txt", "text")}


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CardDatabase]:
    """A fresh card database holding the bundled cards of every game."""
    db = open_database(tmp_path_factory.mktemp("cards") / "cards.sqlite3")
    yield db
    db.close()


@pytest.fixture(autouse=True)
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The editor's one-line warnings, recorded instead of shown (a modal box would wait forever)."""
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text, *args: shown.append(text))
    monkeypatch.setattr(QMessageBox, "critical", lambda _parent, _title, text, *args: shown.append(text))
    return shown


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def deck_window(qtbot, session, database: CardDatabase, settings: QSettings) -> MainWindow:  # noqa: ANN001
    """A main window with the card database (its Decks menu enabled)."""
    window = MainWindow(session, database=database, settings=settings)
    qtbot.addWidget(window)
    return window


def make_editor(qtbot, database: CardDatabase, game: str, settings: QSettings, tmp_path: Path) -> DeckEditor:  # noqa: ANN001
    editor = DeckEditor(database, game, settings, drafts=tmp_path / "drafts")
    editor.ask_unsaved = lambda _editor: QMessageBox.StandardButton.Discard
    qtbot.addWidget(editor)
    editor.show()
    return editor


def bundled(game: str) -> ResolvedDeck:
    return resolve_deck(load_bundled_decks(game)[0], bundled_lookup(game)).deck


def double_click(qtbot, editor: DeckEditor, name: str) -> None:  # noqa: ANN001
    """Search a card by name and double-click its result row."""
    editor.search.query.setText(name)
    qtbot.keyClick(editor.search.query, Qt.Key.Key_Return)
    item = editor.search.item_for(name)
    view = editor.search.results
    view.scrollToItem(item)
    centre = view.visualItemRect(item).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)


def drop_on(editor: DeckEditor, section: str, name: str) -> None:
    """Search a card and drop its result row on a section (what a drag ends with)."""
    editor.search.query.setText(name)
    editor.search.search_now()
    mime = editor.search.results.mimeData([editor.search.item_for(name)])
    target = editor.section_boxes[section].entries
    event = QDropEvent(QPointF(5, 5), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    target.dropEvent(event)


def build(qtbot, editor: DeckEditor, deck: ResolvedDeck) -> None:  # noqa: ANN001
    """Build a deck in the editor: each card by double-click (dropped on its section when that is not its
    home section), then the further copies with the section's + button."""
    if deck.format:
        editor.format_box.setCurrentIndex(editor.format_box.findData(deck.format))
    for section, count, card in deck.entries():
        double_click(qtbot, editor, card.name)
        if editor.draft.copies(card.id, section) == 0:      # it went to its home section instead
            for other in editor.draft.sections:
                if editor.draft.copies(card.id, other):
                    editor.draft.remove(card.id, other)
            drop_on(editor, section, card.name)
        editor.section_boxes[section].entries.setCurrentRow(
            [c.id for _n, c in editor.draft.sections[section]].index(card.id))
        for _ in range(count - 1):
            editor.section_boxes[section].plus.click()
        assert editor.draft.copies(card.id, section) == count


@pytest.mark.parametrize("game", GAMES)
def test_a_legal_deck_is_built_by_searching_and_adding_then_saved_reopened_and_played(
        qtbot, database: CardDatabase, game: str, settings: QSettings, tmp_path: Path, deck_window: MainWindow,  # noqa: ANN001
        warnings: list[str]) -> None:
    deck = bundled(game)
    editor = make_editor(qtbot, database, game, settings, tmp_path)
    assert editor.problems, "an empty deck is not legal"
    build(qtbot, editor, deck)
    assert [p.message for p in editor.problems] == []
    assert editor.legal_label.text().endswith("construction rule.")
    for section in deck.sections:
        assert editor.draft.count(section) == deck.count(section)
    name, fmt = SAVE_FORMATS[game]
    assert editor.save_to(tmp_path / name, fmt)
    assert not editor.is_dirty and recent_decks(settings)[0] == str(tmp_path / name)

    window = deck_window
    reopened = window.open_deck_editor(game, tmp_path / name)
    reopened.ask_unsaved = lambda _editor: QMessageBox.StandardButton.Discard
    assert sorted((s, c.id, n) for s, n, c in reopened.draft.resolved().entries()) == \
        sorted((s, c.id, n) for s, n, c in deck.entries())
    assert reopened.problems == []
    reopened.format_box.setCurrentIndex(reopened.format_box.findData(deck.format or ""))
    reopened.goldfish_button.click()
    assert window.session.game is not None and window.session.game.rules.id == game
    reopened.opponent_box.setCurrentIndex(reopened.opponent_box.count() - 1)   # a bundled deck across the table
    vs_ai = reopened.game_to_play("ai")
    assert vs_ai.config.seats == {"p1": "human", "p2": "ai"}
    assert vs_ai.config.decks["p2"] == reopened.opponent_box.currentData().sections
    reopened.vs_ai_button.click()
    assert warnings == [] and window.session.game.config.seats["p2"] == "ai"
    reopened.is_dirty = False
    reopened.close()


def test_a_fourth_copy_shows_the_rule_and_the_card_and_taking_it_out_clears_it(
        qtbot, database: CardDatabase, settings: QSettings, tmp_path: Path) -> None:  # noqa: ANN001
    editor = make_editor(qtbot, database, "yugioh", settings, tmp_path)
    editor.set_draft(editor.draft.from_resolved(bundled("yugioh")))
    assert editor.problems == []
    three = next(card for n, card in editor.draft.sections["main"] if n == 3)
    double_click(qtbot, editor, three.name)
    assert [(p.rule, p.cards) for p in editor.problems] == [("Yu-Gi-Oh! 2.5", (three.name,))]
    assert "Yu-Gi-Oh! 2.5" in editor.problem_list.item(0).text() and three.name in editor.problem_list.item(0).text()
    assert editor.tabs.tabText(0) == "Legality (1)"
    editor.problem_list.setCurrentRow(0)                     # choosing the problem selects the card
    assert editor.section_boxes["main"].selected_card().id == three.id
    main = editor.section_boxes["main"].entries
    side = editor.section_boxes["side"].entries
    mime = main.mimeData([main.currentItem()])            # a drag of the entry onto the Side Deck moves a copy
    side.dropEvent(QDropEvent(QPointF(5, 5), Qt.DropAction.MoveAction, mime, Qt.MouseButton.LeftButton,
                              Qt.KeyboardModifier.NoModifier))
    assert editor.draft.copies(three.id, "main") == 3 and editor.draft.copies(three.id, "side") == 1
    assert [p.rule for p in editor.problems] == ["Yu-Gi-Oh! 2.5"]     # the Side Deck counts toward the limit
    side.setCurrentRow([c.id for _n, c in editor.draft.sections["side"]].index(three.id))
    editor.section_boxes["side"].minus.click()
    assert editor.problems == [] and editor.tabs.tabText(0) == "Legality ✓"


def test_a_banlist_limits_copies_by_passcode(qtbot, database: CardDatabase, settings: QSettings, tmp_path: Path,  # noqa: ANN001
                                             warnings: list[str]) -> None:
    editor = make_editor(qtbot, database, "yugioh", settings, tmp_path)
    editor.set_draft(editor.draft.from_resolved(bundled("yugioh")))
    three = next(card for n, card in editor.draft.sections["main"] if n == 3)
    banlist = tmp_path / "lflist.conf"
    passcode = three.attributes.get("passcode", three.id)
    banlist.write_text(f"#[test]\n!2030.1 test\n#limit\n{passcode} 1 --limited\n", encoding="utf-8")
    assert editor.load_banlist(banlist), warnings
    assert [p.rule for p in editor.problems] == ["Yu-Gi-Oh! 2.5 (Forbidden & Limited list '2030.1 test')"]
    assert "at most 1 copy" in editor.problems[0].message
    editor.banlist_box.setCurrentIndex(0)                    # no banlist
    assert editor.problems == []


# Invented cards in the YGOPro layout (id, ot, alias, setcode, type, atk, def, level, race, attribute, category):
# an original and its alternate artwork (alias 81000, the same name), a Spell and another monster.
ALIAS_DATAS = [(81000, 3, 0, 0, 0x11, 1800, 1200, 4, 0x1, 0x20, 0),
               (81001, 3, 81000, 0, 0x11, 1800, 1200, 4, 0x1, 0x20, 0),
               (81002, 3, 0, 0, 0x2, 0, 0, 0, 0, 0, 0),
               (81003, 3, 0, 0, 0x11, 1000, 1000, 3, 0x1, 0x10, 0)]
ALIAS_TEXTS = [(81000, "Gloomfang Sentinel", "A sentry of the dusk."),
               (81001, "Gloomfang Sentinel", "A sentry of the dusk."),
               (81002, "Ember Courier's Errand", "Draw 1 card."), (81003, "Tidal Oracle", "A seer of the tides.")]
# Two lists: the newest limits the original's passcode to 1; the whitelist names the original and the Spell only.
ALIAS_LFLIST = ("#[2031.4 Test][Ancient Format]\n!2031.4 Test\n#limit\n81000 1 --Gloomfang Sentinel\n"
                "!Ancient Format\n$whitelist\n81000 3 --Gloomfang Sentinel\n81002 1 --Ember Courier's Errand\n")


@pytest.fixture
def imported(tmp_path: Path) -> Iterator[CardDatabase]:
    """A card database holding only the invented cards above, imported from a cards.cdb as a player would."""
    db = open_database(tmp_path / "imported.sqlite3", bundled_loader=lambda: [])
    import_files(db, "ygopro-cdb", [make_cdb(tmp_path / "cards.cdb", ALIAS_DATAS, ALIAS_TEXTS)])
    yield db
    db.close()


def entry_texts(editor: DeckEditor, section: str = "main") -> list[str]:
    entries = editor.section_boxes[section].entries
    return [entries.item(row).text() for row in range(entries.count())]


def test_an_alternate_artwork_shares_its_originals_limit(
        qtbot, imported: CardDatabase, settings: QSettings, tmp_path: Path, warnings: list[str]) -> None:  # noqa: ANN001
    """yugioh.md 2.5: the list names the original's passcode; three copies of the alternate artwork alone (its
    `alias` the original) are over the limit, as the New Game dialog says, and the entry says it is Limited."""
    editor = make_editor(qtbot, imported, "yugioh", settings, tmp_path)
    deck = tmp_path / "alias.ydk"
    deck.write_text("#main\n81001\n81001\n81001\n81002\n#extra\n!side\n", encoding="utf-8")
    assert editor.open_file(deck), warnings
    assert [card.id for _n, card in editor.draft.sections["main"]] == ["81001", "81002"]
    banlist = tmp_path / "lflist.conf"
    banlist.write_text(ALIAS_LFLIST, encoding="utf-8")
    assert editor.load_banlist(banlist), warnings
    assert editor.banlist_box.currentText() == "2031.4 Test"
    listed = [p for p in editor.problems if p.rule.startswith("Yu-Gi-Oh! 2.5")]
    assert [(p.message, p.cards) for p in listed] == [(
        "Yu-Gi-Oh! 2.5 (Forbidden & Limited list '2031.4 Test'): at most 1 copy of the same name "
        "('Gloomfang Sentinel' has 3)", ("Gloomfang Sentinel",))]
    assert entry_texts(editor) == ["3 × Gloomfang Sentinel  · Limited", "1 × Ember Courier's Errand"]
    dialog = NewGameDialog(None, imported, settings)         # File ▸ New game says the same of the same deck
    qtbot.addWidget(dialog)
    dialog.game.setCurrentIndex(dialog.game.findData("yugioh"))
    assert dialog.load_deck_file(dialog.seats[0], deck) and dialog.load_banlist(banlist), warnings
    assert dialog.deck_problems(dialog.seats[0].selected()) == [p.message for p in editor.problems]
    from_dialog = dialog.edit_deck(dialog.seats[0])          # "Edit…" there: the editor checks against its list
    assert from_dialog.banlist_box.currentText() == "2031.4 Test"
    assert from_dialog.problems == editor.problems and entry_texts(from_dialog) == entry_texts(editor)
    from_dialog.close()
    editor.banlist_box.setCurrentIndex(0)                    # no list: three copies are allowed
    assert not [p for p in editor.problems if p.rule.startswith("Yu-Gi-Oh! 2.5")]
    assert entry_texts(editor) == ["3 × Gloomfang Sentinel", "1 × Ember Courier's Errand"]


def test_a_whitelist_list_is_offered_and_forbids_every_card_it_does_not_name(
        qtbot, imported: CardDatabase, settings: QSettings, tmp_path: Path, warnings: list[str]) -> None:  # noqa: ANN001
    """yugioh.md 2.5: a `$whitelist` list is chosen like any other; a card it does not name is Forbidden, the
    alternate artwork of a card it names is allowed with it, and each entry says its limit."""
    editor = make_editor(qtbot, imported, "yugioh", settings, tmp_path)
    deck = tmp_path / "whitelist.ydk"
    deck.write_text("#main\n81000\n81001\n81002\n81002\n81003\n#extra\n!side\n", encoding="utf-8")
    assert editor.open_file(deck), warnings
    banlist = tmp_path / "lflist.conf"
    banlist.write_text(ALIAS_LFLIST, encoding="utf-8")
    assert editor.load_banlist(banlist), warnings
    offered = [editor.banlist_box.itemText(i) for i in range(editor.banlist_box.count())]
    assert offered == ["no Forbidden & Limited list", "2031.4 Test", "Ancient Format"]
    editor.banlist_box.setCurrentIndex(offered.index("Ancient Format"))
    rule = "Yu-Gi-Oh! 2.5 (Forbidden & Limited list 'Ancient Format')"
    assert [p.message for p in editor.problems if p.rule == rule] == [
        f"{rule}: 'Tidal Oracle' is Forbidden",
        f"{rule}: at most 1 copy of the same name (\"Ember Courier's Errand\" has 2)"]
    assert entry_texts(editor) == ["1 × Gloomfang Sentinel", "1 × Gloomfang Sentinel",
                                   "2 × Ember Courier's Errand  · Limited", "1 × Tidal Oracle  · Forbidden"]
    editor.section_boxes["main"].entries.setCurrentRow(3)    # take the unlisted card out: only the Spell is over
    editor.section_boxes["main"].minus.click()
    assert [p.message for p in editor.problems if p.rule == rule] == [
        f"{rule}: at most 1 copy of the same name (\"Ember Courier's Errand\" has 2)"]


def test_filters_fit_the_game_and_narrow_the_results(qtbot, database: CardDatabase, settings: QSettings, tmp_path: Path) -> None:  # noqa: ANN001
    editor = make_editor(qtbot, database, "yugioh", settings, tmp_path)
    labels = [spec.label for spec in editor.search.filters]
    assert {"Attribute", "Level", "ATK", "DEF", "Archetype"} <= set(labels)
    editor.search.set_filter("ATK", "2000-")
    found = editor.search.found
    assert found and all(card.stats.get("atk", 0) >= 2000 for card in found)
    editor.search.set_filter("Attribute", "light")
    assert editor.search.found and all(str(c.attributes.get("attribute")).lower() == "light" for c in editor.search.found)
    editor.search.set_filter("ATK", "lots")
    assert editor.search.note.text().startswith("ATK:")
    vanguard = make_editor(qtbot, database, "vanguard", settings, tmp_path)
    assert {"Grade", "Nation", "Clan", "Trigger"} <= {spec.label for spec in vanguard.search.filters}
    vanguard.search.set_filter("Trigger", "heal")
    assert vanguard.search.found and all(c.attributes.get("trigger") == "heal" for c in vanguard.search.found)


def test_numbers_arrive_from_the_worker_thread_and_a_test_hand_draws(
        qtbot, database: CardDatabase, settings: QSettings, tmp_path: Path) -> None:  # noqa: ANN001
    editor = make_editor(qtbot, database, "fftcg", settings, tmp_path)
    editor.set_draft(editor.draft.from_resolved(bundled("fftcg")))
    qtbot.waitUntil(lambda: editor.numbers is not None, timeout=20_000)
    assert any("Backup" in finding.question for finding in editor.numbers.findings)
    assert sum(editor.numbers.curve.values()) == 50
    assert "Goldfish odds" in editor.numbers_view.label.text()
    editor.new_hand_button.click()
    assert editor.hand_list.count() == 5
    editor.mulligan_button.click()
    assert editor.hand_list.count() == 5
    editor.draw_button.click()
    assert editor.hand_list.count() == 6 and "44 left" in editor.hand_label.text()


def test_unsaved_changes_are_asked_about_and_the_draft_survives_a_crash(
        qtbot, database: CardDatabase, settings: QSettings, tmp_path: Path) -> None:  # noqa: ANN001
    editor = make_editor(qtbot, database, "dreadnought", settings, tmp_path)
    double_click(qtbot, editor, "Flame Pup")
    assert editor.is_dirty and editor.windowTitle().startswith("Deck editor — DreadNought — New deck*")
    editor.write_draft()
    assert editor.draft_path.is_file() and "Flame Pup" in editor.draft_path.read_text(encoding="utf-8")
    editor.ask_unsaved = lambda _editor: QMessageBox.StandardButton.Cancel
    assert not editor.close() and editor.isVisible()
    # A second editor (after a crash) offers the draft back.
    again = make_editor(qtbot, database, "dreadnought", settings, tmp_path)
    assert again.recover_action.isEnabled()
    assert again.recover_draft() and again.draft.count() == 1 and again.is_dirty
    editor.ask_unsaved = lambda _editor: QMessageBox.StandardButton.Discard
    assert editor.close()
    assert not editor.draft_path.exists()


def test_ydke_links_copy_and_paste_and_bad_files_say_one_line(
        qtbot, database: CardDatabase, settings: QSettings, tmp_path: Path, warnings: list[str]) -> None:  # noqa: ANN001
    editor = make_editor(qtbot, database, "yugioh", settings, tmp_path)
    editor.set_draft(editor.draft.from_resolved(bundled("yugioh")))
    editor.copy_ydke()
    from PySide6.QtGui import QGuiApplication

    link = QGuiApplication.clipboard().text()
    assert link.startswith("ydke://")
    other = make_editor(qtbot, database, "yugioh", settings, tmp_path)
    assert other.paste_deck(link)
    assert other.draft.count() == editor.draft.count() and other.problems == []
    bad = tmp_path / "bad.ydk"
    bad.write_text("#main\nnot-a-passcode\n", encoding="utf-8")
    assert not other.open_file(bad)
    assert warnings == [f"{bad}:2: expected a card passcode (digits), got 'not-a-passcode'"]
    unknown = tmp_path / "unknown.ydk"
    unknown.write_text("#main\n123\n", encoding="utf-8")
    assert not other.open_file(unknown)
    assert "unknown card '123'" in warnings[-1]
    assert other.draft.count() == editor.draft.count()       # nothing changed


def test_the_main_window_and_the_new_game_dialog_open_the_editor(
        qtbot, database: CardDatabase, settings: QSettings, tmp_path: Path, deck_window: MainWindow) -> None:  # noqa: ANN001
    window = deck_window
    assert "&Decks" in [action.text() for action in window.menuBar().actions()]
    editor = window.open_deck_editor("grand-archive")
    assert [box.title() for box in editor.section_boxes.values()] == ["Material Deck (0)", "Main Deck (0)", "Sideboard (0)"]
    dialog = NewGameDialog(window, database, settings)
    qtbot.addWidget(dialog)
    dialog.game.setCurrentIndex(dialog.game.findData("vanguard"))
    from_dialog = dialog.edit_deck(dialog.seats[0])
    choice = dialog.seats[0].selected()
    assert from_dialog.draft.count() == sum(len(ids) for ids in choice.sections.values())
    assert from_dialog.draft.name == choice.name and from_dialog.problems == []
    assert from_dialog.save_to(tmp_path / "edited.txt", "text")
    assert dialog.seats[0].selected().source == "file"        # the saved deck became the seat's deck
    for open_editor in (editor, from_dialog):
        open_editor.is_dirty = False
        open_editor.close()


def test_closing_the_new_game_dialog_asks_about_the_deck_in_its_editor(
        qtbot, database: CardDatabase, settings: QSettings) -> None:  # noqa: ANN001
    dialog = NewGameDialog(None, database, settings)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.game.setCurrentIndex(dialog.game.findData("fftcg"))
    editor = dialog.edit_deck(dialog.seats[0])
    editor.section_boxes["main"].entries.setCurrentRow(0)
    editor.section_boxes["main"].minus.click()
    assert editor.is_dirty
    editor.ask_unsaved = lambda _editor: QMessageBox.StandardButton.Cancel
    dialog.reject()
    assert dialog.isVisible() and editor.isVisible()          # Cancel keeps the deck and the dialog
    editor.ask_unsaved = lambda _editor: QMessageBox.StandardButton.Discard
    dialog.reject()
    assert not dialog.isVisible() and not editor.isVisible()
    assert not editor.runner._thread.isRunning()
