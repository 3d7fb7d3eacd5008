"""Rule processes (FFTCG 12.4): the checks made before any player receives priority.

All that apply are done at once as one event (FFTCG 12.2), and the check repeats until none
applies (FFTCG 12.3). Returns whether anything happened, so the caller loops.
"""
from __future__ import annotations

from collections import defaultdict

from tabletop.engine.transaction import Transaction
from tabletop.games.fftcg.actions import break_cards, move_from_field, needs_replacement_choice
from tabletop.games.fftcg.cards import has_flag, is_light_or_dark
from tabletop.games.fftcg.continuous import characteristics, field_cards


def loss_limit(state: object) -> int:
    """Return the damage that loses the game: 7 Constructed, 6 Limited (FFTCG 3.1.1)."""
    return 6 if getattr(state, "format", "") == "limited" else 7


def check_losses(tx: Transaction) -> bool:
    """Apply FFTCG 12.4.1–12.4.3; set the outcome (a draw when both lose, FFTCG 3.3)."""
    state = tx.state
    losers: dict[str, str] = {}
    limit = loss_limit(state)
    for player in state.players:
        if len(state.zones[f"{player}.damage"].cards) >= limit:
            losers[player] = f"took {limit} damage"
        reason = state.data.get(f"lose.{player}")
        if reason:
            losers.setdefault(player, reason)
    if not losers:
        return False
    if len(losers) == len(state.players):
        tx.set_data("outcome", {"winner": None, "reason": "both players lost at once"})
        tx.log("both players lost at the same time: the game is a draw", "FFTCG 3.3")
    else:
        (loser, reason), = losers.items()
        tx.set_data("outcome", {"winner": state.opponent(loser), "reason": f"{loser} {reason}"})
        tx.log(f"{loser} {reason} and lost the game", "FFTCG 12.4")
    return True


def check_rule_processes(tx: Transaction) -> bool:
    """Run one round of rule processes; True when something happened or a decision is now pending."""
    state = tx.state
    if check_losses(tx):
        return True
    chars = characteristics(state)
    put: list[int] = []
    reasons: dict[int, tuple[str, str]] = {}
    for iid, current in chars.items():
        if current.power is not None and current.power <= 0:  # FFTCG 12.4.4: put into, not broken
            put.append(iid)
            reasons[iid] = ("Power 0 or less", "FFTCG 12.4.4")
    by_player: dict[tuple[str, str], list[int]] = defaultdict(list)
    light_dark: dict[str, list[int]] = defaultdict(list)
    for iid in field_cards(state):
        definition = state.definition(iid)
        controller = state.cards[iid].controller
        if not has_flag(definition, "multi_copy"):
            by_player[(controller, definition.name)].append(iid)
        if is_light_or_dark(definition):
            light_dark[controller].append(iid)
    for (_, name), same in by_player.items():
        if len(same) >= 2:  # FFTCG 12.4.6
            for iid in same:
                if iid not in put:
                    put.append(iid)
                    reasons[iid] = (f"two or more cards named {name}", "FFTCG 12.4.6")
    for same in light_dark.values():
        if len(same) >= 2:  # FFTCG 12.4.7
            for iid in same:
                if iid not in put:
                    put.append(iid)
                    reasons[iid] = ("two or more Light/Dark Characters", "FFTCG 12.4.7")
    broken = []
    for iid, current in chars.items():
        damage = int(state.cards[iid].props.get("damage", 0))
        if iid not in put and current.power is not None and damage > 0 and damage >= current.power:
            broken.append(iid)  # FFTCG 12.4.5
    if not put and not broken:
        return False
    pending = needs_replacement_choice(state, broken)
    if pending is not None:
        ask_replacement(tx, *pending)
        return True
    for iid in put:
        why, rule = reasons[iid]
        move_from_field(tx, [iid], "break", why, rule)
    credits = {iid: list(state.cards[iid].props.get("damage_by", [])) for iid in broken}
    for iid in broken:
        break_cards(tx, [iid], credits[iid])
    return True


def ask_replacement(tx: Transaction, iid: int, options: list[dict[str, object]]) -> None:
    """Ask the affected card's controller which replacement applies first (FFTCG 11.12.5.7)."""
    state = tx.state
    tx.set_data("pending", {
        "name": "replacement", "kind": "pick", "player": state.cards[iid].controller, "min": 1, "max": 1,
        "options": [o["key"] for o in options], "card": iid, "rule": "FFTCG 11.12.5.7",
        "prompt": f"{state.definition(iid).name} would be broken: choose the replacement effect that applies ("
                  + "; ".join(f"{o['key']} = {o['label']}" for o in options) + ")"})
