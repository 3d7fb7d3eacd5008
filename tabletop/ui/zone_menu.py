"""Zone menu: what a player may do by hand with a zone itself (right-click on it): make a token there, shuffle it."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMenu, QWidget

from tabletop.engine.command_labels import zone_label
from tabletop.engine.commands import Shuffle
from tabletop.ui.session import GameSession

MAKE_TOKEN = "Make a token here…"


def build_zone_menu(session: GameSession, zone_id: str, make_token: Callable[[str], object],
                    parent: QWidget | None = None) -> QMenu:
    """Return a zone's menu of moves by hand: "Make a token here…" (`make_token(zone_id)` asks for it) while the
    zone has room, and "Shuffle" for a zone of several cards."""
    menu = QMenu(parent)
    game = session.game
    player = session.viewer
    if game is None or player is None or zone_id not in game.state.zones or game.is_terminal():
        menu.addAction("(nothing to do now)").setEnabled(False)
        return menu
    zone = game.state.zones[zone_id]
    menu.addSection(f"{zone_label(game.state, zone_id)} — by hand (outside the rules)")
    token = menu.addAction(MAKE_TOKEN)
    token.setEnabled(not zone.is_full())
    token.triggered.connect(lambda _checked=False: make_token(zone_id))
    if zone.spec.capacity != 1 and len(zone.cards) > 1:
        menu.addAction("Shuffle this zone").triggered.connect(
            lambda _checked=False: session.submit(Shuffle(by=player, zone=zone_id)))
    return menu
