"""Card menu: a card's legal commands, then the manual override (move, tap, flip, counters, states)."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QInputDialog, QMenu, QWidget

from tabletop.engine.commands import Command, DrawCards, ManualMove, Reveal, SetCounter, SetState, Shuffle
from tabletop.engine.rules import CardChoice
from tabletop.ui.card_item import CardLook
from tabletop.engine.command_labels import command_label, command_words, zone_label
from tabletop.ui.command_matching import commands_for_card
from tabletop.ui.session import GameSession


SUBMENU_AFTER = 6   # more commands of one kind than this go into a submenu of their own
MAKE_TOKEN_IN_ZONE = "Make a token in this zone…"


def real_card(session: GameSession, look: CardLook) -> int | None:
    """Return the instance id behind a look (hidden cards are named by zone and position)."""
    if look.iid is not None:
        return look.iid
    game = session.game
    if game is None:
        return None
    cards = game.state.zones[look.zone_id].cards
    return cards[look.index] if look.index < len(cards) else None


def rules_commands(session: GameSession, look: CardLook) -> list[Command]:
    """Return the viewer's legal rules commands that name this card (none for a hidden card)."""
    game = session.game
    player = session.viewer
    if game is None or player is None or look.iid is None:
        return []
    return commands_for_card(game.legal_commands(player), look.iid)


def build_card_menu(session: GameSession, look: CardLook, parent: QWidget | None = None,
                    ask_text: Callable[[str, str], str | None] | None = None,
                    choose: Callable[[Command, CardChoice], object] | None = None,
                    make_token: Callable[[str], object] | None = None) -> QMenu:
    """Return the menu of a card: its legal commands first, then "By hand" actions for any game.

    `ask_text(title, label)` asks for a counter name (a dialog by default; tests pass a function). `choose(command,
    choice)` lets the player choose the cards of a listed command otherwise (`GameRules.card_choices`): each play
    whose payment is the player's to choose gets a "… pay another way" entry beside it; a choice that tells the
    commands of a card apart (a play's targets, a Party's Forwards) gets one entry, before them. `make_token(zone_id)`
    asks for a token to make by hand in the card's zone (as the zone's own menu does), offered while it has room.
    """
    menu = QMenu(parent)
    game = session.game
    player = session.viewer
    iid = real_card(session, look)
    if game is None or player is None or iid is None:
        menu.addAction("(nothing to do now)").setEnabled(False)
        return menu
    state = game.state
    submit = session.submit

    def add(target: QMenu, text: str, command: Command) -> None:
        target.addAction(text).triggered.connect(lambda _checked=False, c=command: submit(c))

    def add_choice(target: QMenu, text: str, command: Command, choice: CardChoice) -> None:
        assert choose is not None
        target.addAction(text).triggered.connect(lambda _checked=False, c=command, k=choice: choose(c, k))

    legal = rules_commands(session, look)
    if legal:
        menu.addSection("Play")
        kinds: dict[type, list[Command]] = {}
        for command in legal:
            kinds.setdefault(type(command), []).append(command)
        for kind, commands in kinds.items():
            # many of one kind (a Summon's choices of targets, the Parties a Forward can join) get a submenu
            target = menu if len(commands) <= SUBMENU_AFTER else \
                menu.addMenu(f"{command_words(kind)} ({len(commands)})")
            offered: set[str] = set()   # the labels of the choices offered once for all these commands
            for command in commands:
                choices = game.rules.card_choices(state, command) if choose is not None else ()
                for choice in choices:
                    if choice.once and choice.label not in offered:
                        offered.add(choice.label)
                        add_choice(target, f"… {choice.label}", command, choice)
                add(target, command_label(command, state, player), command)
                for choice in choices:
                    if not choice.once:
                        add_choice(target, f"    … {choice.label}", command, choice)
    menu.addSection("By hand (outside the rules)")
    card = state.cards[iid]
    zone = state.zones[card.zone]
    if zone.name == game.rules.deck_zone and zone.owner == player and look.index == 0:
        add(menu, "Draw a card", DrawCards(by=player, count=1))
        add(menu, "Shuffle this zone", Shuffle(by=player, zone=zone.id))
    move = menu.addMenu("Move to")
    for zid, target in state.zones.items():
        if zid == card.zone:
            continue
        label = zone_label(state, zid)
        add(move, label, ManualMove(by=player, card=iid, to=zid))
        if target.name == game.rules.deck_zone:
            add(move, label + " (bottom)", ManualMove(by=player, card=iid, to=zid, index=-1))
    tap_word = game.rules.tap_words[0] if game.rules.tap_words else "tapped"
    if card.tapped:
        add(menu, "Untap" if tap_word == "tapped" else "Stand (un-" + tap_word + ")",
            SetState(by=player, card=iid, state=tap_word, value=False))
    else:
        add(menu, "Tap" if tap_word == "tapped" else tap_word.title(), SetState(by=player, card=iid, state=tap_word, value=True))
    add(menu, "Turn face up" if card.face_down else "Turn face down",
        SetState(by=player, card=iid, state="face_down", value=not card.face_down))
    counters = menu.addMenu("Counters")
    for name, count in sorted(card.counters.items()):
        add(counters, f"{name} +1", SetCounter(by=player, card=iid, name=name, value=count + 1))
        add(counters, f"{name} −1", SetCounter(by=player, card=iid, name=name, value=max(0, count - 1)))

    def new_counter() -> None:
        asker = ask_text or (lambda title, label: _ask(parent, title, label))
        name = asker("Add counter", "Counter name:")
        if name:
            submit(SetCounter(by=player, card=iid, name=name.strip(), value=card.counters.get(name.strip(), 0) + 1))

    counters.addAction("Add counter…").triggered.connect(lambda _checked=False: new_counter())
    if game.rules.card_states:
        states = menu.addMenu("States")
        current = set(card.props.get("states") or ())
        for name in game.rules.card_states:
            on = name in current
            add(states, ("✓ " if on else "") + name.replace("_", " "), SetState(by=player, card=iid, state=name, value=not on))
    if state.is_visible_to(iid, player):
        add(menu, "Reveal to everyone", Reveal(by=player, card=iid, to="all"))
    if make_token is not None and not zone.is_full():
        menu.addAction(MAKE_TOKEN_IN_ZONE).triggered.connect(lambda _checked=False: make_token(zone.id))
    return menu


def _ask(parent: QWidget | None, title: str, label: str) -> str | None:
    text, ok = QInputDialog.getText(parent, title, label)
    return text if ok else None
