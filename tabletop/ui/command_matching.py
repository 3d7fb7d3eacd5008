"""Command matching: which legal commands concern a card and which one a drop means (labels: engine.command_labels)."""
from __future__ import annotations

from tabletop.engine.command_labels import command_label, zone_label
from tabletop.engine.commands import Command, ManualMove, card_fields, cards_of
from tabletop.engine.game import Game
from tabletop.engine.manual import resolve_manual
from tabletop.engine.transaction import Transaction


def subject_of(command: Command) -> int | None:
    """Return the card a command is done with (its first card field: the card played, the attacker…), if any.

    Later card fields name what it is done to or paid with (targets, discards), not what is played.
    """
    fields = card_fields(type(command))
    value = getattr(command, fields[0]) if fields else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def commands_for_card(commands: list[Command], iid: int) -> list[Command]:
    """Return the commands that name the card `iid`."""
    return [c for c in commands if iid in cards_of(c)]


def loose_commands(commands: list[Command]) -> list[Command]:
    """Return the commands that name no card (pass, draw, end the turn…)."""
    return [c for c in commands if not cards_of(c)]


def puts_card_in(game: Game, command: Command, iid: int, zone_id: str) -> bool:
    """Tell whether carrying out `command` now would leave card `iid` in `zone_id` (a dry run).

    Contract: the state is exactly as before when this returns (the transaction is rolled back).
    """
    tx = Transaction(game.state, manual=command.manual)
    try:
        if command.manual:
            resolve_manual(game.rules, tx, command)
        else:
            game.rules.resolve(tx, command)
        return game.state.cards[iid].zone == zone_id
    except Exception:  # a refusal, or a rules bug: either way this command is not the drop
        return False
    finally:
        tx.rollback()


def drop_commands(game: Game, player: str, iid: int, zone_id: str) -> list[Command]:
    """Return the legal commands of `player` that would put card `iid` into `zone_id`."""
    if game.is_terminal():
        return []
    candidates = commands_for_card(game.legal_commands(player), iid)
    return [c for c in candidates if puts_card_in(game, c, iid, zone_id)]


def drop_refusal(game: Game, player: str, iid: int, zone_id: str) -> str:
    """Say why a drop is refused in a rules game: no listed command puts the card there, and what it can do."""
    state = game.state
    name = state.definition(iid).name if state.is_visible_to(iid, player) else "that card"
    decision = game.pending_decision()
    doing = [command_label(c, state, player) for c in commands_for_card(game.legal_commands(player), iid)]
    why = (f"the rules let {name} " + "; ".join(doing[:4]) + (" …" if len(doing) > 4 else "")) if doing else (
        f"{name} has nothing to do now" + (f" ({decision.player} decides: {decision.prompt or decision.name})"
                                           if decision is not None else ""))
    return (f"No rule puts {name} into {zone_label(state, zone_id)} now: {why}. "
            "Hold Alt while dropping (or use its menu's “By hand”) to move it outside the rules.")


def manual_move(player: str, iid: int, zone_id: str, index: int = 0) -> ManualMove:
    """Return the by-hand move of a card to a zone (used when no rules command fits a drop)."""
    return ManualMove(by=player, card=iid, to=zone_id, index=index)
