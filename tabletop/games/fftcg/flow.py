"""The flow of an FFTCG game: setup and mulligans, phases, priority, the stack and waiting triggers.

`run(tx)` carries the game forward after every command until a player must decide. It uses the
engine's shared machinery: the turn structure (engine/turns.py), the stack and priority passing
(engine/stack.py), pending triggers in APNAP order (engine/triggers.py) and the rule-process loop
(engine/rule_process.py, via processes.settle). Where the game stands is kept in `state.data`:
`stage` (mulligan, priority, attack, block, split, hand_limit), `priority` and `passes` (the
engine's), and the procedure layer's stored decision for one that interrupts (order triggers, targets, EX Burst,
"you may", replacement order, a choice made while an effect resolves).
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from tabletop.engine import durations, procedure, stack, triggers
from tabletop.engine.rule_process import RuleLoopError
from tabletop.engine.transaction import Transaction
from tabletop.engine.triggers import trigger_event
from tabletop.engine.turns import Phase, TurnStructure
from tabletop.games.fftcg import actions, target_groups
from tabletop.games.fftcg.continuous import (
    active_field_abilities, characteristics, condition_holds, field_cards, is_current, matches, pinned,
)
from tabletop.games.fftcg.printed import printed_index
from tabletop.games.fftcg.processes import settle, settles_to_nothing
from tabletop.games.fftcg.effects import has_mode_targets
from tabletop.games.fftcg.words import opponent_turn_end
from tabletop.games.fftcg.resolution import (
    BEGIN, FINISH, ability_of, begin_resolution, begin_step, effect_step, group_candidates, mode_count, printed_ability,
    target_candidates, target_count, waits_for_ex_burst,
)

TURN = TurnStructure([Phase("active"), Phase("draw"), Phase("main1"),
                      Phase("attack", ("preparation", "declare", "block", "damage")), Phase("main2"), Phase("end")])
RUN_LIMIT = 5000
LOOP_LIMIT = 100  # auto-abilities resolved in one turn: a loop nobody can stop (FFTCG 13.1)
# `loop_fingerprint`'s JSON encoder, made once (json.dumps with options makes one per call); never changed after.
# Its rows are built from state values, which never hold themselves: no check for circular references.
_FINGERPRINT_ENCODER = json.JSONEncoder(default=str, check_circular=False)


SETTLED = "fftcg.settled"
"""A board memo: the state version at which `run` last found nothing more to do (see `pass_priority`)."""


def run(tx: Transaction) -> None:
    """Do every automatic thing (rule processes, triggers, EX Bursts) until someone must decide."""
    state = tx.state
    if state.data.get("stage") == "mulligan":
        return
    try:
        procedure.drive(tx, PROCEDURES)
    except procedure.DidNotSettle:
        draw_by_loop(tx)
    state.board_memo_values[SETTLED] = state.version


def _interrupt(tx: Transaction) -> bool:
    """EX Bursts are part of damage processing: used at once, even in the middle of an effect (FFTCG 6.5.2.1)."""
    state = tx.state
    if state.lists.get("to_stack") and state.lists["to_stack"][0].get("immediate"):
        _push_next_trigger(tx)
        return True
    if state.lists.get("ex_queue") and (not procedure.stack(state) or waits_for_ex_burst(state)):
        _offer_ex_burst(tx)
        return True
    return False


def _check(tx: Transaction) -> bool:
    """Rule processes and triggers before anyone receives priority (FFTCG 11.1.3 / 12.3); nothing follows."""
    try:
        settle(tx, _stack_one)
    except RuleLoopError:
        draw_by_loop(tx)
    return False


def _run_step(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    name = step["effect"]
    if name == BEGIN:
        return begin_step(tx, fi, step)
    if name == FINISH:
        _after_resolution(tx, procedure.ctx(tx.state, fi))
        return True
    return effect_step(tx, fi, step)


def _no_more_steps(tx: Transaction) -> bool:
    return False  # FFTCG moves on only when both players pass in succession (FFTCG 11.1.6–7)


PROCEDURES = procedure.Procedures(run_step=_run_step, check=_check, advance=_no_more_steps, interrupt=_interrupt,
                                  limit=RUN_LIMIT)


def draw_by_loop(tx: Transaction) -> None:
    """End the game in a draw: an endless loop that no player can stop (FFTCG 13.1)."""
    procedure.withdraw(tx)
    tx.set_data("outcome", {"winner": None, "reason": "an endless loop no player can stop"})
    tx.log("an endless loop no player can stop: the game is a draw", "FFTCG 13.1")


def _stack_one(tx: Transaction) -> bool:
    """Put the next waiting triggered ability on its way to the stack; False when none is left (or a choice is due)."""
    state = tx.state
    data, lists = state.data, state.lists
    if data.get(procedure.DECISION) or data.get("outcome"):  # procedure.is_waiting, inlined: after every check
        return False
    if lists.get("to_stack"):
        _push_next_trigger(tx)
        return not procedure.is_waiting(state)
    # triggers.waiting(state), tested for emptiness on its list: most checks find none waiting
    if lists.get(triggers.PENDING) and data.get("stage") == "priority" and not data.get("fs_window"):
        _collect_triggers(tx)
        return not procedure.is_waiting(state)
    return False


# -- setup ------------------------------------------------------------------------------------------

def open_game(tx: Transaction, first: str) -> None:
    """Draw 5 each and offer the mulligan to the first player, then the second (FFTCG 8.2.1.3–4)."""
    state = tx.state
    tx.set_data("first_player", first)
    tx.set_table("active", first)
    tx.set_table("turn", 1)
    for player in (first, state.opponent(first)):
        actions.draw(tx, player, 5)
    tx.set_data("stage", "mulligan")
    _ask_mulligan(tx, first)


def _ask_mulligan(tx: Transaction, player: str) -> None:
    hand = tx.state.zones[f"{player}.hand"].cards
    procedure.ask(tx, None, player, "mulligan", "yesno", "Mulligan? yes: put your 5 cards on the bottom of your deck "
                  "(in the order of picks, if given) and draw 5", hand, rule="FFTCG 8.2.1.4")


def answer_mulligan(tx: Transaction, player: str, yes: bool, order: list[int]) -> None:
    """Carry out one player's mulligan choice, then ask the next player or start turn 1."""
    state = tx.state
    if yes:
        hand = state.zones[f"{player}.hand"].cards
        cards = order or list(hand)
        for iid in cards:
            actions.enter_zone(tx, iid, "deck", None)
        actions.draw(tx, player, 5)
        tx.log(f"{player} took a mulligan", "FFTCG 8.2.1.4")
    else:
        tx.log(f"{player} kept their hand", "FFTCG 8.2.1.4")
    first = state.data["first_player"]
    if player == first:
        _ask_mulligan(tx, state.opponent(first))
    else:
        begin_turn(tx, first, 1)


# -- turns and phases --------------------------------------------------------------------------------

def begin_turn(tx: Transaction, player: str, turn: int) -> None:
    """Start a turn: Active Phase, Draw Phase, then Main Phase 1 (FFTCG 9.1–9.3)."""
    state = tx.state
    tx.set_table("turn", turn)
    tx.set_table("active", player)
    data = state.data
    for key in ("auto_resolved", "loop_seen"):  # a turn's count and repetitions start again (set by resolutions only)
        if data.get(key) is not None:  # set_data's own no-op test: most turns resolve no auto-ability
            tx.set_data(key, None)
    TURN.enter(tx, "active")
    tx.log(f"turn {turn}: {player}", "FFTCG 9")
    printed = printed_index(state)
    # most libraries print no "does not activate" ability: then no card's abilities need a look
    stays_dull = printed.library_has("field:stays_dull")
    kept_dull = _kept_dull_by_others(state) if stays_dull else frozenset()
    cards = state.cards
    for iid in field_cards(state, player):  # FFTCG 9.1.1.1, Freeze 15.2.4
        card = cards[iid]
        if card.props.get("frozen"):
            tx.set_prop(iid, "frozen", None)
            tx.log(f"{actions.name_of(tx, iid)} is frozen and stays as it is", "FFTCG 15.2.4")
        elif stays_dull and (any(a.get("effect") == "stays_dull" and a.get("applies_to", "self") == "self"
                                 and condition_holds(state, a.get("condition"), player, source=iid)
                                 for _, a in printed[card.card_id].field) or iid in kept_dull):
            # "<self> does not activate during your Active Phase", "The Forwards … won't activate"
            if card.tapped:
                tx.log(f"{actions.name_of(tx, iid)} does not activate (its text)", "FFTCG 9.1.1.1")
        elif card.tapped:  # set_field's own no-op test: a card already active stays so
            tx.set_field(iid, "tapped", False)
    TURN.enter(tx, "draw")
    first_turn = turn == 1 and player == state.data.get("first_player", player)
    actions.draw(tx, player, 1 if first_turn else 2)  # FFTCG 8.2.1.5, 9.2.1.3
    begin_phase(tx, "main1")


def _kept_dull_by_others(state: Any) -> frozenset[int]:
    """Return the cards a working field ability of a card keeps dull in their controller's Active Phase ("The Forwards
    opponent controls won't activate at the controller's Active Phase", FFTCG 9.1.1.1 narrowed by the text)."""
    return frozenset(iid for a in active_field_abilities(state) if a["effect"] == "stays_dull" and a["applies_to"] != "self"
                     for iid in field_cards(state) if matches(state, iid, a["applies_to"], a["controller"], a["source"]))


def begin_phase(tx: Transaction, phase: str, step: str = "") -> None:
    """Enter a phase or step, trigger its "at the beginning of" abilities, give priority to the turn player."""
    state = tx.state
    TURN.enter(tx, phase, step)
    event = _PHASE_EVENTS.get(phase)
    # no event built for nothing: most libraries have no card it would trigger
    if event and (phase != "attack" or step == "preparation") and actions.may_trigger(state, event):
        actions.emit(tx, trigger_event(event, None, state.active))
    give_priority(tx, state.active)


# the "at the beginning of" events of the phases that have them (the Attack Phase's at its Preparation Step)
_PHASE_EVENTS = {"main1": "main_phase_start", "attack": "attack_phase_start", "end": "end_phase_start"}


def give_priority(tx: Transaction, player: str) -> None:
    """Make `player` the next to act with priority; the pass count starts again."""
    if tx.state.data.get("stage") != "priority":  # set_data's own no-op test: most steps are priority already
        tx.set_data("stage", "priority", copy=False)  # a word: nothing to copy
    stack.give_priority(tx, player)


def acted(tx: Transaction, player: str) -> None:
    """After a play, the player who played keeps priority (FFTCG 11.3.8) and passes start over."""
    stack.give_priority(tx, player)


def pass_priority(tx: Transaction, player: str) -> bool:
    """Pass; two passes in a row resolve the top of the stack or end the step (FFTCG 11.1.6–7).

    Return whether `run` still has to follow. A pass that only hands priority to the other player changes the
    holder and the count of passes, which no rule process, trigger or EX Burst reads: when `run` had found nothing
    to do just before it (no change at all since, not even an undo: the state's version says so), it finds nothing
    after it either, and the pass costs no settling. A pass that ends a step without changing the board (the
    next step's name, the log, who has priority, the stage) needs none either when the facts the checks read
    besides the board are as the last quiet check found them (`_is_still_quiet`).
    """
    state = tx.state
    memo = state.board_memo_values
    quiet = memo if memo.get(SETTLED) == state.version else None  # quiet_board, inlined: every pass comes here
    result = stack.pass_priority(tx)
    if result is _PASSED:
        if quiet is not None:
            quiet[SETTLED] = state.version
            return False
    elif result is _RESOLVE:
        resolve_top(tx)
    else:
        end_step(tx)
        if _is_still_quiet(state, quiet):
            return False
    return True


_PASSED, _RESOLVE = stack.PassResult.PASSED, stack.PassResult.RESOLVE


def quiet_board(state: Any) -> dict[Any, Any] | None:
    """Return the board memo if `run` found nothing to do at this very state version, else None.

    Taken before a command, for `run_unless_quiet` after it. Exact only at the version `run` stopped at, with no
    decision stored and the game going on (a command is being carried out): `run` stopped because nothing was left.
    """
    memo = state.board_memo_values
    return memo if memo.get(SETTLED) == state.version else None


def run_unless_quiet(tx: Transaction, quiet: dict[Any, Any] | None) -> None:
    """Run after a command, unless `run` would find nothing: see `_is_still_quiet` (`quiet` from `quiet_board`)."""
    if not _is_still_quiet(tx.state, quiet):
        run(tx)


def _is_still_quiet(state: Any, quiet: dict[Any, Any] | None) -> bool:
    """Tell whether `run` would find nothing, and note it as `run` would: it found nothing on the board memo `quiet`
    (see `quiet_board`), the board is the same (a board change or an undo replaces the memo: the same dict is the same
    board), and so are the facts `run` reads besides the board.

    Contract: what `run` reads besides the board is the game's end, the stored decision, the frames (`_interrupt`,
    `drive`) and the facts of `processes.settles_to_nothing`. `_interrupt` read lists of the board and found nothing
    when `run` last stopped (with no frame): it finds nothing again while no frame is pushed. A repetition noted and
    not yet looked at (`loop_repeat`, looked at after a `run`) lets `run` follow, as it did.
    """
    if quiet is None or state.board_memo_values is not quiet:
        return False
    data = state.data
    if (data.get("outcome") or data.get(procedure.DECISION) or data.get(procedure.FRAMES) or data.get("loop_repeat")
            or not settles_to_nothing(state, _stack_one)):
        return False
    quiet[SETTLED] = state.version
    return True


def resolve_top(tx: Transaction) -> None:
    """Take the top of the stack and start resolving it (FFTCG 11.11); `run` carries it to the end."""
    entry = stack.pop(tx)
    tx.set_data("priority", None)
    tx.log(f"{entry['name']} resolves", "FFTCG 11.11")
    begin_resolution(tx, entry, from_stack=True)


def _after_resolution(tx: Transaction, frame: Mapping[str, Any]) -> None:
    """A resolved Summon goes to the Break Zone; the turn player then gets priority (FFTCG 11.11.10, 11.1.5)."""
    state = tx.state
    entry = frame["entry"]
    if not frame["from_stack"]:
        return
    if entry["kind"] == "summon" and entry["source"] in state.cards and state.cards[entry["source"]].zone == "stack":
        actions.enter_zone(tx, entry["source"], "break")
    if entry["kind"] in ("auto", "delayed"):
        count = int(state.data.get("auto_resolved") or 0) + 1
        tx.set_data("auto_resolved", count)
        if count > LOOP_LIMIT:
            draw_by_loop(tx)
            return
        seen = state.data.get("loop_seen") or ()
        mark = loop_fingerprint(state)
        if mark in seen:  # FFTCG 13.1: the rules check whether any player could stop it
            tx.set_data("loop_repeat", True)
        else:
            tx.set_data("loop_seen", [*seen, mark], copy=False)  # a fresh list of strings: nothing to copy
    give_priority(tx, state.active)


def loop_fingerprint(state: Any) -> str:
    """Return a fingerprint of the game state as far as a repeating loop shows it (not timestamps or the log)."""
    # Contract: the digest never changes (saved games hold it in `loop_seen`). Rows in card id order (ids need
    # not be in creation order): sorting the ids alone is much cheaper than sorting (id, card) pairs.
    # Most cards have no counters: an empty tuple dumps as the same "[]".
    cards = state.cards
    ids = sorted(cards)
    rows = [(iid, c.zone, c.tapped, c.controller, sorted(c.counters.items()) if c.counters else (),
             c.props.get("damage")) for iid, c in zip(ids, map(cards.__getitem__, ids))]
    stacked = [(e["card_id"], e.get("ability")) for e in stack.items(state)]
    waiting = [(t["card_id"], t.get("ability")) for t in triggers.waiting(state)]
    effects = [(e["effect"], e.get("amount"), e.get("label")) for e in state.lists.get("effects", [])]
    text = _FINGERPRINT_ENCODER.encode([rows, stacked, waiting, effects, state.phase, state.step])
    return hashlib.sha256(text.encode()).hexdigest()


def end_step(tx: Transaction) -> None:
    """Both players passed with an empty stack: go to the next step or phase (engine TurnStructure order)."""
    state = tx.state
    phase, step = state.phase, state.step
    if (phase, step) == ("attack", "damage"):
        combat.after_damage(tx)  # the Attack Phase loops back to declaring (FFTCG 10.1.4.6)
        return
    if phase == "end":
        if state.data.get("cleanup_again"):
            clean_up(tx)
        else:
            end_phase_discard(tx)
        return
    following = TURN.following(phase, step)
    if following == ("attack", "declare"):
        TURN.enter(tx, *following)
        tx.set_data("stage", "attack")
    elif following == ("attack", "block"):
        combat.begin_block(tx)
    elif following == ("attack", "damage"):
        combat.begin_damage(tx)
    elif following is not None:
        begin_phase(tx, *following)


def end_attack_phase(tx: Transaction) -> None:
    """Leave the Attack Phase for Main Phase 2."""
    if tx.state.data.get("attack") is not None:  # set_data's own no-op test: most attacks ended at their damage
        tx.set_data("attack", None)
    begin_phase(tx, "main2")


def end_phase_discard(tx: Transaction) -> None:
    """Ask the turn player to discard down to 5 (FFTCG 9.5.1.2), or clean up."""
    state = tx.state
    hand = state.zones[f"{state.active}.hand"].cards
    if len(hand) > 5:
        tx.set_data("stage", "hand_limit")
        return
    clean_up(tx)


def clean_up(tx: Transaction) -> None:
    """Remove damage from the field and end "until end of turn" effects (FFTCG 9.5.1.3), then end the turn."""
    state = tx.state
    cards = state.cards
    for iid in field_cards(state):
        props = cards[iid].props
        if "damage" in props or "damage_by" in props:  # set_prop's own no-op test, asked once for both
            tx.set_prop(iid, "damage", None)
            tx.set_prop(iid, "damage_by", None)
    durations.expire(tx, durations.UNTIL_END_OF_TURN, (durations.EFFECTS,))
    actions.end_control_this_turn(tx)
    durations.expire(tx, opponent_turn_end(state.active), (durations.EFFECTS,))  # "… until the end of your opponent's turn"
    tx.log("end of turn clean-up: damage removed, \"until end of turn\" effects ended", "FFTCG 9.5.1.3")
    before = len(tx.changes)
    # a board the last settle with trigger stacking found quiet, with the same facts, is quiet for the rule processes
    # alone (they are a part of what it checked): the usual clean-up, with no damage to remove and no effect ended
    if not settles_to_nothing(state, _stack_one):
        try:
            settle(tx)
        except RuleLoopError:
            draw_by_loop(tx)
    if state.data.get("outcome"):
        return
    if state.lists.get(triggers.PENDING) or procedure.is_waiting(state) or len(tx.changes) != before:
        tx.set_data("cleanup_again", True)  # FFTCG 9.5.1.4: priority, then clean up again
        give_priority(tx, state.active)
        return
    if state.data.get("cleanup_again") is not None:  # set_data's own no-op test: most turns clean up once
        tx.set_data("cleanup_again", None)
    begin_turn(tx, state.opponent(state.active), state.turn + 1)


# -- triggers and EX Burst ---------------------------------------------------------------------------

def _collect_triggers(tx: Transaction) -> None:
    """Queue waiting triggers for the stack: turn player's first, in their chosen order (FFTCG 11.8.7)."""
    state = tx.state
    player = triggers.next_controller(state, state.active)
    if player is None:
        return
    mine = triggers.waiting(state, player)
    if len(mine) == 1:
        queue_triggers(tx, player, [0])
        return
    procedure.ask(tx, None, player, "order_triggers", "order",
                  "order your triggered abilities (first goes on the stack first, resolves last): "
                  + "; ".join(f"{i} = {t['name']}" for i, t in enumerate(mine)),
                  [str(i) for i in range(len(mine))], len(mine), len(mine), "FFTCG 11.8.7",
                  triggers.trigger_labels(state, player))


def queue_triggers(tx: Transaction, player: str, positions: list[int]) -> None:
    """Queue a player's waiting triggers (positions among theirs) to go on the stack in this order."""
    mine = triggers.waiting(tx.state, player)
    for item in triggers.take(tx, player, [mine[p]["id"] for p in positions]):
        tx.list_append("to_stack", item)


def _push_next_trigger(tx: Transaction) -> None:
    """Put the next queued ability on the stack, asking for its targets/mode when there is a choice."""
    state = tx.state
    entry = dict(state.lists["to_stack"][0])
    printed = printed_ability(state, entry)
    if has_mode_targets(printed) and "mode" not in entry:  # the mode says which cards it chooses (FFTCG 11.3.3)
        procedure.ask(tx, None, entry["controller"], "mode", "pick",
                      f"{entry['name']}: choose one mode (0..{_modes(state, printed, entry) - 1})",
                      [str(i) for i in range(_modes(state, printed, entry))], 1, 1, "FFTCG 11.3.3")
        return
    ability = ability_of(state, entry)
    if target_groups.groups_of(ability) is not None:
        if _ask_target_group(tx, entry, ability):
            return
    elif "targets" not in entry and isinstance(ability.get("target"), dict):
        candidates = target_candidates(state, ability, entry["controller"], entry["source"])
        low, high = target_count(ability)
        if not candidates and low > 0:
            tx.list_remove("to_stack", 0)
            tx.log(f"{entry['name']}: no card to choose; it is removed with no effect", "FFTCG 11.8.4")
            _summon_to_break_zone(tx, entry)
            return
        if len(candidates) <= high and low > 0:
            entry["targets"] = pinned(state, candidates)
        else:
            procedure.ask(tx, None, entry["controller"], "targets", "pick", f"{entry['name']}: choose target(s)",
                          candidates, min(low, len(candidates)), min(high, len(candidates)), "FFTCG 11.8.4")
            return
    modes = _modes(state, printed, entry)
    if modes and "mode" not in entry:
        procedure.ask(tx, None, entry["controller"], "mode", "pick", f"{entry['name']}: choose one mode (0..{modes - 1})",
                      [str(i) for i in range(modes)], 1, 1, "FFTCG 11.3.3")
        return
    tx.list_remove("to_stack", 0)
    if entry.get("immediate"):
        tx.log(f"EX Burst: {entry['name']}", "FFTCG 11.10")
        begin_resolution(tx, entry, from_stack=False)
        return
    stack.push(tx, {k: v for k, v in entry.items() if k != "id"}, copy=False)  # the queued item's parts and fresh ones
    tx.log(f"{entry['name']} goes on the stack", "FFTCG 11.8.7")
    actions.announce_chosen(tx, entry)


def _modes(state: Any, ability: Mapping[str, Any], entry: Mapping[str, Any]) -> int:
    """Return how many modes the queued entry's controller may choose from now (resolution.mode_count)."""
    return mode_count(state, ability, entry["controller"])


def _ask_target_group(tx: Transaction, entry: dict[str, Any], ability: Mapping[str, Any]) -> bool:
    """Choose a queued ability's target groups one at a time (target_groups.py), each among the cards it may choose
    and not chosen already; True while a question is pending or the ability was removed (none to choose, FFTCG
    11.8.4). A group whose cards are all needed is filled in without asking."""
    state = tx.state
    groups = target_groups.groups_of(ability) or []
    candidates = group_candidates(state, ability, entry["controller"], entry["source"])
    if "target_groups" not in entry:
        needed = [target_groups.bounds(spec)[0] for spec in groups]
        if any(len(found) < low for found, low in zip(candidates, needed)) or len(
                {iid for found in candidates for iid in found}) < sum(needed):
            tx.list_remove("to_stack", 0)
            tx.log(f"{entry['name']}: no card to choose; it is removed with no effect", "FFTCG 11.8.4")
            _summon_to_break_zone(tx, entry)
            return True
    while len(entry.get("target_groups", [])) < len(groups):
        index = len(entry.get("target_groups", []))
        chosen = {iid for iid, _ in entry.get("targets", [])}
        free = [iid for iid in candidates[index] if iid not in chosen]
        low, high = target_groups.bounds(groups[index])
        if not (len(free) <= high and low > 0) and free:
            tx.list_replace("to_stack", 0, entry)
            procedure.ask(tx, None, entry["controller"], "targets", "pick", f"{entry['name']}: choose target(s) "
                          f"({index + 1} of {len(groups)} groups)", free, min(low, len(free)), min(high, len(free)),
                          "FFTCG 11.8.4")
            return True
        entry = _with_group(state, entry, free)
    tx.list_replace("to_stack", 0, entry)
    return False


def _summon_to_break_zone(tx: Transaction, entry: Mapping[str, Any]) -> None:
    """A Summon cast by an effect (words.cast_free) that could choose none of its cards leaves the stack zone for its
    owner's Break Zone, as a resolved one does (FFTCG 11.11.10)."""
    source = entry.get("source")
    if entry.get("kind") == "summon" and source in tx.state.cards and tx.state.cards[source].zone == "stack":
        actions.enter_zone(tx, source, "break")


def _with_group(state: Any, entry: Mapping[str, Any], picks: list[int]) -> dict[str, Any]:
    """Return a queued entry with its next target group chosen."""
    return {**entry, "targets": [*entry.get("targets", []), *pinned(state, picks)],
            "target_groups": [*entry.get("target_groups", []), len(picks)]}


def answer_targets(tx: Transaction, picks: list[int]) -> None:
    """Record the chosen targets of the queued ability (its next group's, when it chooses several)."""
    entry = dict(tx.state.lists["to_stack"][0])
    if target_groups.groups_of(ability_of(tx.state, entry)) is not None:
        tx.list_replace("to_stack", 0, _with_group(tx.state, entry, picks))
        return
    entry["targets"] = pinned(tx.state, picks)
    tx.list_replace("to_stack", 0, entry)


def answer_mode(tx: Transaction, mode: int) -> None:
    """Record the chosen mode of the queued ability."""
    entry = dict(tx.state.lists["to_stack"][0])
    entry["mode"] = mode
    tx.list_replace("to_stack", 0, entry)


def _offer_ex_burst(tx: Transaction) -> None:
    state = tx.state
    item = state.lists["ex_queue"][0]
    procedure.ask(tx, None, item["player"], "ex_burst", "yesno", f"use the EX Burst of {state.definition(item['card']).name}?",
                  rule="FFTCG 11.10", card=item["card"])


def answer_ex_burst(tx: Transaction, yes: bool) -> None:
    """Use (or not) the EX Burst at the head of the queue; it resolves at once, off the stack."""
    from tabletop.games.fftcg.actions import ex_ability

    state = tx.state
    item = tx.list_remove("ex_queue", 0)
    iid = item["card"]
    definition = state.definition(iid)
    if not yes:
        tx.log(f"{item['player']} did not use the EX Burst of {definition.name}", "FFTCG 11.10")
        return
    index = ex_ability(definition)
    entry = {"kind": "ex_burst", "source": iid, "ts": state.cards[iid].props.get("ts"), "controller": item["player"],
             "card_id": definition.id, "ability": index, "name": f"{definition.name} (EX Burst)", "immediate": True}
    tx.list_insert("to_stack", 0, entry)
    actions.emit(tx, trigger_event("ex_burst_used", iid))  # "When your opponent uses an EX Burst"


def stack_names(state: Any) -> list[list[str]]:
    """Return each stack entry as players read it, top first: what resolves, and whose card it comes from."""
    result = []
    for entry in stack.items(state):
        names = [entry["name"]]
        source = entry.get("source")
        if source is not None and source in state.cards:
            seen = state.definition(source).name if state.is_visible_to(source, None) else "a hidden card"
            names.append(f"{entry['controller']}'s {seen}")
        result.append(names)
    return result


def attackers_alive(state: Any) -> list[int]:
    """Return the attacking Forwards still in battle."""
    attack = state.data.get("attack") or {}
    return [iid for iid, ts in attack.get("attackers", []) if is_current(state, iid, ts)]


def blocker_alive(state: Any) -> int | None:
    """Return the blocking Forward if it is still in battle."""
    attack = state.data.get("attack") or {}
    blocker = attack.get("blocker")
    if blocker and is_current(state, blocker[0], blocker[1]):
        return int(blocker[0])
    return None


def power_now(state: Any, iid: int) -> int:
    """Return a Forward's current Power (negative counts as 0 when dealing damage, FFTCG 4.3)."""
    current = characteristics(state).get(iid)
    return max(0, current.power or 0) if current else 0


# Imported last: combat imports this module, so its functions are read at call time, never while this
# module loads (whichever of the two is imported first).
from tabletop.games.fftcg import combat  # noqa: E402
