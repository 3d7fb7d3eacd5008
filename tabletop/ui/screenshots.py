"""Screenshots: play every available game into its middle and save the window as a PNG.

Run with `make screenshots` (or `python -m tabletop.ui.screenshots FOLDER [WIDTHxHEIGHT]`).
Rules games are played a few turns by the random bot for both seats until cards stand on both
fields; manual-play games get a few moves by hand (units onto the field, a card in the discard).
"""
from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from tabletop.ai.random_bot import RandomBot
from tabletop.engine.cards import CardLibrary
from tabletop.engine.commands import Command, DrawCards, ManualMove
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.rules import GameConfig
from tabletop.engine.state import GameState
from tabletop.engine.view import view_for
from tabletop.games import find_game, game_ids
from tabletop.ui.card_sources import DeckChoice, available_decks
from tabletop.ui.main_window import MainWindow
from tabletop.ui.session import GameSession

SIZE = (1600, 900)
MAX_BOT_STEPS = 1500
FIELD_CARDS = 2       # a rules game is shot once each player has this many cards on the field
HAND_CARDS = 3        # … and the player at the bottom holds this many in hand
LATE_TURN = 5         # … or, from this turn on, whatever it holds (a random bot empties a DreadNought hand early)

@dataclass(frozen=True)
class Move:
    """A move by hand: the first card of a type (any card for "") from one zone to another."""

    source: str
    target: str
    kind: str = ""
    face_down: bool = False


@dataclass(frozen=True)
class Draw:
    """A draw by hand (Grand Archive's champion draws seven as it enters)."""

    count: int


# What each player does by hand in their first turn of a manual-play game or the freeform table.
MANUAL_PLANS: dict[str, dict[str, list[Move | Draw]]] = {
    "yugioh": {
        "p1": [Move("hand", "mmz.2", "monster"), Move("hand", "stz.2", "spell", face_down=True),
               Move("extra", "emz.left", "link")],
        "p2": [Move("hand", "mmz.3", "monster"), Move("hand", "mmz.4", "monster", face_down=True),
               Move("hand", "stz.3", "trap", face_down=True), Move("hand", "gy")],
    },
    "grand-archive": {
        "p1": [Draw(7), Move("hand", "field", "ally"), Move("hand", "field", "item"), Move("hand", "memory"),
               Move("hand", "graveyard", "action")],
        "p2": [Draw(7), Move("hand", "field", "ally"), Move("hand", "field", "ally"), Move("hand", "graveyard")],
    },
    "dreadnought": {
        "p1": [Move("hand", "units.left", "unit"), Move("hand", "units.right", "unit"), Move("hand", "arms.left", "arms"),
               Move("hand", "discard")],
        "p2": [Move("hand", "units.left", "unit"), Move("hand", "units.right", "unit"), Move("hand", "discard")],
    },
    "freeform": {
        "p1": [Move("hand", "table"), Move("hand", "table"), Move("hand", "graveyard")],
        "p2": [Move("hand", "table"), Move("hand", "table"), Move("hand", "table"), Move("hand", "graveyard")],
    },
}
PLAY_PHASES = ("main1", "main", "cast")


def pick_decks(game_id: str) -> tuple[str, DeckChoice, DeckChoice] | None:
    """Return a format and two decks of that format (the game's first format when it has two)."""
    decks = available_decks(game_id)
    if not decks:
        return None
    formats = find_game(game_id).formats
    groups = {fmt: list(group) for fmt, group in groupby(sorted(decks, key=lambda d: d.format), key=lambda d: d.format)}
    pairs = [fmt for fmt, group in groups.items() if len(group) >= 2]
    if pairs:
        fmt = min(pairs, key=lambda f: formats.index(f) if f in formats else len(formats))
        first, second = groups[fmt][:2]
    else:
        fmt, first, second = decks[0].format, decks[0], decks[0]
    return (fmt if fmt in formats else (formats[0] if formats else "")), first, second


def _submit(session: GameSession, command: Command) -> bool:
    game = session.game
    assert game is not None
    try:
        result = game.submit(command)
    except IllegalCommand:
        return False
    session._after_change(result, autosave=False)
    if session.handover_pending:
        session.acknowledge_handover()
    return True


def _field_count(state: GameState, player: str) -> int:
    return sum(len(z.cards) for z in state.zones.values()
               if z.owner == player and (z.spec.is_positioned or z.spec.layout == "grid")
               and z.spec.layout != "pile" and z.spec.visibility.value == "public")


def play_with_bot(session: GameSession, seed: int) -> None:
    """Let the random bot play both seats until both fields hold cards, then stop on p1's move."""
    game = session.game
    assert game is not None
    bots = {p: RandomBot(seed=seed + index, pass_chance=0.15) for index, p in enumerate(game.state.players)}
    for _ in range(MAX_BOT_STEPS):
        decision = game.pending_decision()
        if decision is None or game.is_terminal():
            return
        state = game.state
        me = state.players[0]
        if (decision.player == me == state.active and decision.kind == "act" and state.phase in PLAY_PHASES
                and (len(state.zones[f"{me}.{game.rules.hand_zone}"].cards) >= HAND_CARDS or state.turn >= LATE_TURN)
                and all(_field_count(state, p) >= FIELD_CARDS for p in state.players)):
            return
        legal = game.legal_commands(decision.player)
        command = bots[decision.player].choose(view_for(state, decision.player), decision, legal)
        if not _submit(session, command):
            fallback = game.rules.advance_command(state, decision)
            if fallback is None or not _submit(session, fallback):
                return


def _advance_to(session: GameSession, is_there: Callable[[GameState], bool], limit: int = 60) -> None:
    game = session.game
    assert game is not None
    for _ in range(limit):
        if is_there(game.state) or game.is_terminal():
            return
        decision = game.pending_decision()
        command = game.rules.advance_command(game.state, decision) if decision else None
        if command is None or not _submit(session, command):
            return


def play_by_hand(session: GameSession, plans: dict[str, list[Move | Draw]]) -> None:
    """Play turns 1 to 3 by hand: in each player's first main phase carry out their plan, then pass."""
    game = session.game
    assert game is not None
    done: set[str] = set()
    last_phase = game.rules.phases[-1]
    for turn in (1, 2, 3):
        _advance_to(session, lambda s, t=turn: s.turn == t and s.phase in PLAY_PHASES + (last_phase,))
        player = game.state.active
        if player in done or player not in plans:
            continue
        done.add(player)
        for step in plans[player]:
            if isinstance(step, Draw):
                _submit(session, DrawCards(by=player, count=step.count))
                continue
            state = game.state
            card = next((iid for iid in state.zones[f"{player}.{step.source}"].cards
                         if step.kind in state.definition(iid).card_type), None)
            target = f"{player}.{step.target}" if f"{player}.{step.target}" in state.zones else step.target
            if card is not None:
                _submit(session, ManualMove(by=player, card=card, to=target, face_down=step.face_down or None))
    _advance_to(session, lambda s: s.active == s.players[0] and s.phase in PLAY_PHASES)


def show_a_card(window: MainWindow) -> None:
    """Point at a card of the bottom player's field (else hand) so the Card dock shows it."""
    scene = window.scene
    bottom = window.session.bottom_player
    looks = [item for item in scene.card_items.values() if item.look.definition is not None
             and item.look.zone_id.startswith(f"{bottom}.")]
    field = [item for item in looks if item.look.values] or looks
    if field:
        scene.card_hovered(field[0])


def take(folder: Path, size: tuple[int, int] = SIZE) -> list[Path]:
    """Save one PNG per game that has a deck to play; return the files written."""
    app = QApplication.instance() or QApplication(sys.argv)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as scratch:
        for game_id in game_ids():
            picked = pick_decks(game_id)
            if picked is None:
                print(f"{game_id}: no deck to play, no screenshot", file=sys.stderr)
                continue
            fmt, first, second = picked
            library = CardLibrary(list({c.id: c for c in first.cards + second.cards}.values()))
            config = GameConfig(game=game_id, format=fmt, seed=11, decks={"p1": first.sections, "p2": second.sections},
                                seats={"p1": "human", "p2": "human"})
            session = GameSession(autosave_folder=Path(scratch), ai_pause_ms=0)
            window = MainWindow(session, settings=QSettings(str(Path(scratch) / "s.ini"), QSettings.Format.IniFormat))
            window.resize(*size)
            window.show()
            try:
                session.start(config, library)
            except (ValueError, KeyError) as error:
                print(f"{game_id}: cannot start ({error})", file=sys.stderr)
                session.shutdown()
                window.close()
                continue
            session.acknowledge_handover()
            rules = session.game.rules  # type: ignore[union-attr]
            if game_id in MANUAL_PLANS and not rules.lists_every_play:   # a game played by hand
                play_by_hand(session, MANUAL_PLANS[game_id])
            else:
                play_with_bot(session, seed=3)
            session.acknowledge_handover()
            window.table.hand_over.hide()
            for _ in range(5):
                app.processEvents()
            show_a_card(window)
            app.processEvents()
            path = folder / f"{game_id}.png"
            window.grab().save(str(path))
            written.append(path)
            print(path)
            session.shutdown()
            window.close()
            window.deleteLater()
            session.deleteLater()
            app.processEvents()
    return written


def main(argv: list[str]) -> None:
    """Take the screenshots into argv[0] (default docs/screenshots), at argv[1] = WIDTHxHEIGHT."""
    folder = Path(argv[0]) if argv else Path("docs/screenshots")
    size = SIZE
    if len(argv) > 1:
        width, height = argv[1].lower().split("x")
        size = (int(width), int(height))
    take(folder, size)


if __name__ == "__main__":
    main(sys.argv[1:])
