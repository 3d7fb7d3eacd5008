"""Card menu: a card's legal commands, then the manual override (move, tap, flip, counters, states)."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QInputDialog, QMenu, QWidget

from tabletop.engine.commands import Command, DrawCards, ManualMove, Reveal, SetCounter, SetState, Shuffle
from tabletop.ui.card_item import CardLook
from tabletop.ui.command_matching import card_fields, command_label, command_words, commands_for_card
from tabletop.ui.session import GameSession


SUBMENU_AFTER = 6   # more commands of one kind than this go into a submenu of their own


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
                    choose: Callable[[Command], object] | None = None) -> QMenu:
    """Return the menu of a card: its legal commands first, then "By hand" actions for any game.

    `ask_text(title, label)` asks for a counter name (a dialog by default; tests pass a function). `choose(command)`
    lets the player choose the cards of a listed command otherwise (`GameRules.card_choices`): each play whose
    payment is the player's to choose gets a "… pay another way" entry beside it; commands whose choice picks
    the cards they are done with (a Party's Forwards) get one entry, before them.
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
            subject = card_fields(kind)[:1]   # the field naming the card a command is done with
            offered: set[str] = set()
            for command in commands:
                choice = game.rules.card_choices(state, command) if choose is not None else None
                # a choice that picks the command's own cards (a Party's Forwards) needs one entry, first
                once = choice is not None and any(f in choice.fields for f in subject)
                if choice is not None and once and choice.label not in offered:
                    offered.add(choice.label)
                    target.addAction(f"… {choice.label}").triggered.connect(lambda _checked=False, c=command: choose(c))
                add(target, command_label(command, state, player), command)
                if choice is not None and not once:
                    target.addAction(f"    … {choice.label}").triggered.connect(
                        lambda _checked=False, c=command: choose(c))
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
        owner = f"{target.owner} " if target.owner else ""
        label = owner + (target.spec.label or target.name)
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
    return menu


def _ask(parent: QWidget | None, title: str, label: str) -> str | None:
    text, ok = QInputDialog.getText(parent, title, label)
    return text if ok else None
