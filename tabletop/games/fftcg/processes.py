"""Rule processes (FFTCG 12.4) as checks for the engine's run_until_stable loop.

All that apply are done at once as one event (FFTCG 12.2), and the check repeats until none
applies (FFTCG 12.3). A check finds nothing while a player must answer (a replacement order)
or once the game is over, so the loop stops for the decision. State-triggered abilities
(FFTCG 11.8.18) are checked with them.
"""
from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from tabletop.engine import procedure, triggers
from tabletop.engine.rule_process import Action, Check, run_until_stable
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.games.fftcg.actions import ask_replacement, break_cards, move_from_field, needs_replacement_choice
from tabletop.games.fftcg.continuous import (
    characteristics, condition_holds, field_cards, field_facts, lost_abilities, lowers_power, on_membership,
)
from tabletop.games.fftcg import light_dark as light_dark_limit
from tabletop.games.fftcg.printed import printed_index


def loss_limit(game_format: str) -> int:
    """Return the damage that loses the game in a format: 7 Constructed, 6 Limited (FFTCG 3.1.1)."""
    return 6 if game_format == "limited" else 7


def _losses(state: GameState) -> list[Action]:
    """FFTCG 12.4.1–12.4.3: the players who lost; both at once is a draw (FFTCG 3.3)."""
    zones, data = state.zones, state.data
    limit, damage_zones, lose_keys = _loss_keys(state.players, state.format)
    # nobody lost: the usual case, found without wording reasons (asked at every check)
    for zone in damage_zones:
        if len(zones[zone].cards) >= limit:
            break
    else:
        for key in lose_keys:  # a loop, not any(map(...)): no iterator objects made at every check
            if data.get(key):
                break
        else:
            return []
    losers: dict[str, str] = {}
    for player in state.players:
        if len(state.zones[f"{player}.damage"].cards) >= limit:
            losers[player] = f"took {limit} damage"
        reason = state.data.get(f"lose.{player}")
        if reason:
            losers.setdefault(player, reason)
    if not losers:
        return []

    def lose(tx: Transaction) -> None:
        if len(losers) == len(state.players):
            tx.set_data("outcome", {"winner": None, "reason": "both players lost at once"})
            tx.log("both players lost at the same time: the game is a draw", "FFTCG 3.3")
        else:
            (loser, reason), = losers.items()
            tx.set_data("outcome", {"winner": state.opponent(loser), "reason": f"{loser} {reason}"})
            tx.log(f"{loser} {reason} and lost the game", "FFTCG 12.4")
    return [lose]


def _field_actions(state: GameState) -> list[Action]:
    """FFTCG 12.4.4–12.4.7: Power 0 or less, damage ≥ Power, duplicate names, two Light/Dark."""
    found = state.board_memo_values.get("fftcg.field_check")  # state.memo(board=True) inlined
    if found is None:
        facts = field_facts(state)
        power_may_fail = _power_may_fail(state)
        if not power_may_fail and not facts.may_clash:
            return []  # the usual field: `_field_check` would find nothing, and is cheaper not asked than remembered
        found = state.board_memo_values["fftcg.field_check"] = state.memo_on(
            "fftcg.field_check", facts.check_parts, lambda: _field_check(state, power_may_fail),
            extra=facts.turn_read(state))
    put, broken = found
    if not put and not broken:
        return []
    waiting = needs_replacement_choice(state, broken)
    if waiting is not None:
        return [lambda tx: ask_replacement(tx, *waiting)]

    def apply(tx: Transaction) -> None:
        for iid, (why, rule) in put.items():
            move_from_field(tx, [iid], "break", why, rule)
        credits = {iid: list(tx.state.cards[iid].props.get("damage_by", [])) for iid in broken}
        for iid in broken:
            break_cards(tx, [iid], credits[iid])
    return [apply]


def _field_check(state: GameState, power_may_fail: bool) -> tuple[dict[int, tuple[str, str]], list[int]]:
    """Return the cards to put into the Break Zone (with why) and the cards to break (`power_may_fail`: what
    `_power_may_fail` says of this state)."""
    put: dict[int, tuple[str, str]] = {}
    if not field_cards(state):
        return put, []
    # Only a card with damage, a printed Power of 0 or less or an effect lowering or setting Power can be put
    # into the Break Zone or broken by these checks: otherwise the field's characteristics need not be worked out.
    chars = characteristics(state) if power_may_fail else {}
    cards = state.cards
    hurt = []  # damage at least its Power above 0: broken (FFTCG 12.4.5), unless put into the Break Zone
    for iid, current in chars.items():
        power = current.power
        if power is None:
            continue
        if power <= 0:  # FFTCG 12.4.4: put into, not broken
            put[iid] = ("Power 0 or less", "FFTCG 12.4.4")
        else:
            damage = cards[iid].props.get("damage")
            if damage and int(damage) >= power and not current.cannot_be_broken:  # FFTCG 1.3: it stays, damaged
                hurt.append(iid)
    if field_facts(state).may_clash:
        for iid, why in on_membership(state, "fftcg.duplicates", lambda: _duplicates(state)):
            put.setdefault(iid, why)
    return put, [iid for iid in hurt if iid not in put] if put else hurt


def _power_may_fail(state: GameState) -> bool:
    """Tell whether some card on the field may have Power 0 or less (FFTCG 12.4.4) or damage reaching its Power
    (12.4.5): a card has damage, prints Power 0 or less or a field ability that may lower a Power (whether it works
    now is not asked), or a lasting effect lowers or sets Power."""
    facts = field_facts(state)
    if facts.power_may_fail:
        return True
    cards = state.cards
    for iid in facts.cards[None]:
        if cards[iid].props.get("damage"):
            return True
    for effect in state.lists.get("effects", ()):
        if lowers_power(effect):
            return True
    return False


def _duplicates(state: GameState) -> list[tuple[int, tuple[str, str]]]:
    """Return the cards a player controls two or more of by name, or as Light/Dark Characters (with why), in order."""
    found: list[tuple[int, tuple[str, str]]] = []
    by_name: dict[tuple[str, str], list[int]] = defaultdict(list)
    light_dark: dict[str, list[int]] = defaultdict(list)
    index = printed_index(state)
    for iid in field_cards(state):
        card = state.cards[iid]
        facts = index[card.card_id]
        if not facts.multi_copy:
            for name in facts.names:  # "also Card Name X in all situations" shares X too
                by_name[(card.controller, name)].append(iid)
        if facts.light_or_dark:
            light_dark[card.controller].append(iid)
    for (_, name), same in by_name.items():
        if len(same) >= 2:  # FFTCG 12.4.6
            found += [(iid, (f"two or more cards named {name}", "FFTCG 12.4.6")) for iid in same
                      if iid not in {one for one, _ in found}]
    for player, same in light_dark.items():
        if len(same) >= 2 and light_dark_limit.is_over_limit(state, player, same):  # FFTCG 12.4.7
            found += [(iid, ("two or more Light/Dark Characters", "FFTCG 12.4.7")) for iid in same]
    return found


def _state_trigger_actions(state: GameState) -> list[Action]:
    """FFTCG 11.8.18: a state-triggered ability triggers while its condition holds, once until it leaves the stack."""
    values = state.board_memo_values  # state.memo(board=True) inlined: asked at every check
    found = values.get("fftcg.state_triggers")
    if found is None:
        # most often no card on the field has a state-triggered ability: then nothing else needs a look
        sources = field_facts(state).state_sources
        found = values["fftcg.state_triggers"] = _state_triggers(state, sources) if sources else []
    return [_queue_state_trigger(*one) for one in found] if found else []


def _state_triggers(state: GameState, sources: tuple[int, ...]) -> list[tuple[int, int, str]]:
    """Return (card, ability index, controller) of each state-triggered ability of `sources` that triggers now."""
    found: list[tuple[int, int, str]] = []
    waiting = None
    printed = printed_index(state)
    lost = lost_abilities(state)
    for iid in sources:
        if iid in lost:
            continue
        for index, ability in printed[state.cards[iid].card_id].state_triggers:
            card = state.cards[iid]
            if not condition_holds(state, ability.get("condition"), card.controller, ability.get("damage"), iid):
                continue  # the usual case: its condition does not hold, whatever waits
            if waiting is None:
                waiting = {(t.get("source"), t.get("ts"), t.get("ability"))
                           for name in (triggers.PENDING, "to_stack", "stack") for t in state.lists.get(name, [])}
            if (iid, card.props.get("ts"), index) not in waiting:
                found.append((iid, index, card.controller))
    return found


def _queue_state_trigger(iid: int, index: int, controller: str) -> Action:
    def queue(tx: Transaction) -> None:
        definition = tx.state.definition(iid)
        ability = definition.effects[index]
        triggers.queue(tx, controller, {
            "kind": "auto", "source": iid, "ts": tx.state.cards[iid].props.get("ts"), "card_id": definition.id,
            "ability": index, "name": ability.get("name") or f"{definition.name}: state trigger", "event_card": None})
        tx.log(f"{definition.name}'s condition holds: its ability triggers", "FFTCG 11.8.18")
    return queue


def check_rules(state: GameState) -> list[Action]:
    """Return what every rule process and state trigger requires now, in that order (one check, fewer calls)."""
    data = state.data
    if data.get(procedure.DECISION) or data.get("outcome"):  # settled: a player must answer, or the game is over
        return []
    return _losses(state) + _field_actions(state) + _state_trigger_actions(state)


CHECKS: tuple[Check, ...] = (check_rules,)


def settle(tx: Transaction, stack_triggers: Callable[[Transaction], bool] | None = None) -> int:
    """Run the rule processes (and, with `stack_triggers`, trigger stacking) until stable; return rounds.

    Nothing is checked again while the board and the facts the checks read (`_quiet_facts`) are as they
    were when a run last found nothing, in this step or an earlier one: what passes, phases and steps
    change (the turn, phase, step, priority, pass counts, the log) is read by no rule process (FFTCG 12.4).
    """
    state = tx.state
    data = state.data
    if data.get(procedure.DECISION) or data.get("outcome"):
        return 0  # no check applies and no trigger is stacked while a player must answer or once the game is over
    key = ("fftcg.quiet", stack_triggers)
    facts = _quiet_facts(state, stack_triggers is not None)
    # a board memo: forgotten at every board change, undo, redo and rollback (GameState.memo's contract)
    if state.board_memo_values.get(key) == facts:
        return 0
    rounds = run_until_stable(tx, CHECKS, stack_triggers)
    if rounds == 0:
        state.board_memo_values[key] = facts
    elif not data.get(procedure.DECISION) and not data.get("outcome"):
        # the last round of checks found nothing and stacking did nothing (it returns False when it stacks nothing,
        # or stacks one and a player must answer): a settle now would find nothing, as after a run of no rounds
        state.board_memo_values[key] = _quiet_facts(state, stack_triggers is not None)
    return rounds


def settles_to_nothing(state: GameState, stack_triggers: Callable[[Transaction], bool] | None = None) -> bool:
    """Tell whether `settle(tx, stack_triggers)` would return at once, finding nothing: the board is as it was when
    a settle last found nothing, and so are the facts it reads besides (`_quiet_facts`)."""
    facts = _quiet_facts(state, stack_triggers is not None)
    return facts == state.board_memo_values.get(("fftcg.quiet", stack_triggers))


def _quiet_facts(state: GameState, stacking: bool) -> tuple[Any, ...]:
    """Return what the checks (and, `stacking`, the trigger stacking) read besides the board.

    Contract: `check_rules` reads the board and the players' `lose.` facts; `flow._stack_one` also reads, when
    triggers wait (a list: the board), whether they may be put on the stack now (FFTCG 11.8.7: by a player about
    to receive priority, not in the First Strike window); a field ability working in one player's turn reads whose
    turn it is (`FieldFacts.turn_read`). A new fact they read goes here, or a settle after it changes is skipped.
    """
    data = state.data
    may_stack = (stacking and bool(state.lists.get(triggers.PENDING)) and data.get("stage") == "priority"
                 and not data.get("fs_window"))
    first, second = _lose_keys(state.players)  # two players: no map and unpacking, asked at every settle
    field = state.board_memo_values.get("fftcg.field")  # field_facts, inlined: asked at every settle
    turn = (field if field is not None else field_facts(state)).turn_read(state)
    return may_stack, turn, data.get(first), data.get(second)


@functools.lru_cache(maxsize=None)
def _loss_keys(players: tuple[str, ...], game_format: str) -> tuple[int, tuple[str, ...], tuple[str, ...]]:
    """Return the damage that loses the game in a format (`loss_limit`), the Damage Zones of the players and the keys
    of the facts saying a player lost (read by `_losses`, asked at every check)."""
    return loss_limit(game_format), tuple(f"{player}.damage" for player in players), _lose_keys(players)


@functools.lru_cache(maxsize=None)
def _lose_keys(players: tuple[str, ...]) -> tuple[str, ...]:
    """Return the keys of the facts saying a player lost by an empty deck (FFTCG 12.4.1–12.4.3, read by `_losses`)."""
    return tuple(f"lose.{player}" for player in players)
