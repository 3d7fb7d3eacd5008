"""The Vanguard turn: phases, check timing and rule actions, battles, triggers and the end-phase loop."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine import durations, triggers
from tabletop.engine.rule_process import Action, Check, run_until_stable
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.triggers import trigger_event
from tabletop.engine.turns import Phase, TurnStructure
from tabletop.engine.zones import zone_id
from tabletop.engine import procedure
from tabletop.games.vanguard import facts
from tabletop.games.vanguard.abilities import (
    PENDING, STATE_TRIGGER_HOLDERS, AbilityIndex, _auto_candidates, ability_index, add_pending, condition_holds, emit_event, has_extra_abilities, holder_cards,
    keyword_valid, printed_of, state_trigger_holders, state_triggers, zone_tag_holds,
)
from tabletop.games.vanguard.circles import REAR_CIRCLES, circles_of, is_circle
from tabletop.games.vanguard.effects import (
    cards_in_set, draw_cards, effect, end_unlock_rules, is_unlock_forbidden, release, run_step, schedule_pending, unlock,
)
from tabletop.games.vanguard.moves import identity, relocate, remove_state, retire, turn_fact
from tabletop.games.vanguard.rear_vanguard import is_rear_vanguard, is_vanguard
from tabletop.games.vanguard.table import (
    current_critical, current_power, field_cards, guardians_of, has_state, in_state, is_forbidden_to_attack, is_locked, is_unit,
    lasting_effect_cards, legion_mate_beside, player_zones, shield_total, units_of, vanguard_of, vital_cards,
)

ACT_STEPS = ("_guard_step", "_dominate_choose")
# VG 5: the phases and steps of a turn; the battle's attack-to-close loop and the end-phase loop are jumps.
TURN = TurnStructure([
    Phase("stand"), Phase("draw"), Phase("ride", ("start", "")), Phase("main"),
    Phase("battle", ("start", "attack", "guard", "drive", "damage", "close")), Phase("end", ("", "loop")),
])


def enter(tx: Transaction, phase: str, step: str = "") -> None:
    """Go to a phase and step (logged), unless the table is there already."""
    state = tx.state
    if state.phase != phase or state.step != step:
        TURN.enter(tx, phase, step)


def battle_step(tx: Transaction, step: str) -> None:
    """Go to a step of a battle; a battle outside the battle phase (Dominate in the main phase) keeps its phase."""
    state = tx.state
    if state.phase != "battle":
        tx.set_table("step", step)
    elif state.step != step:  # `enter`, inlined: asked at every step of every battle
        TURN.enter(tx, "battle", step)


def run(tx: Transaction) -> None:
    """Run the game until a player must decide or act, or it ends (check timing before every play timing)."""
    procedure.drive(tx, PROCEDURES)


def act_step(state: Any) -> dict[str, Any] | None:
    """Return the running act step (guard step, choosing a dominated attacker), if any."""
    stack = state.data.get(procedure.FRAMES)  # procedure.stack, inlined: asked at every decision
    if not stack:
        return None
    steps, pc = stack[-1]["steps"], stack[-1]["pc"]
    if pc < len(steps) and steps[pc]["effect"] in ACT_STEPS:
        return steps[pc]  # type: ignore[no-any-return]
    return None


# -- check timing and rule actions (VG 7.2, 8) ---------------------------------------------------

def check_timing(tx: Transaction) -> bool:
    """Run one check timing's work (VG 7.2): every rule action until none applies (engine run_until_stable),
    then the turn player's (else the other player's) next stand-by ability is played. Only one is played:
    it resolves before the next check. Return False when there was nothing to do."""
    state = tx.state
    gained = state.data.get("abilities_gained")
    phase = state.phase
    version = state.library.version
    quiet = (phase, state.active, gained, version)
    if state.board_memo_values.get(_QUIET) == quiet:
        return False  # it found nothing on this board, and nothing else it reads has changed since
    found = state.keyed_values.get(_RULE_INPUTS)  # _rule_inputs, the usual case inlined
    if found is not None and found[0] == (len(state.zones), version, state.roster):
        vitals, has_orders, printing, index = found[1]
    else:
        vitals, has_orders, printing, index = _rule_inputs(state)
    # whether every check of RULE_ACTIONS would find nothing, read cheaply (False: not known, run them)
    no_rule_action = not has_orders
    if no_rule_action and phase != "setup" and not state.data.get("outcome"):
        for damage, deck, vc in vitals:  # _check_losses and _check_vanguards' tests
            if len(damage) >= 6 or not deck or not vc:
                no_rule_action = False
                break
    if no_rule_action:  # the usual case: run_until_stable would find nothing
        # _play_next's own tests, the usual case read first: nothing is pending and no card can have a state trigger
        if not state.lists.get(PENDING) and (not (printing or gained) or all(
                has_state(state, iid, "success") for iid in state_trigger_holders(state, index, printing))):
            # no stand-by ability, and no card that may have a state trigger or each one in Success already (it
            # does not trigger again while in it: `state_triggers` reads no condition)
            state.board_memo_values[_QUIET] = quiet
            return False
        return _play_next(tx)
    played: list[bool] = []

    def play_one(tx: Transaction) -> bool:
        played.append(_play_next(tx))
        return False

    passes = run_until_stable(tx, RULE_ACTIONS, play_one)
    return passes > 0 or played == [True]


# board_memo_values[_QUIET]: what else a check timing that found nothing read (phase, turn player, gained
# abilities, library version); kept until the board changes. A check that read a state trigger's condition (any
# fact) or found something keeps none.
_QUIET = "vanguard.quiet_check"


def _rule_inputs(state: GameState) -> tuple[Any, bool, frozenset[int], AbilityIndex]:
    """Return the card lists of the table's vital zones (`vital_cards`), whether its library holds order cards, the
    game's cards printing a state trigger or a CONT gaining abilities (without them and without gained abilities,
    `state_triggers` does nothing), and the library's ability index; kept per table while its zones, library and
    cards (`state.roster`) stay as they are."""
    def read() -> tuple[Any, bool, frozenset[int], AbilityIndex]:
        index = ability_index(state)
        return vital_cards(state), bool(index.orders), holder_cards(state, STATE_TRIGGER_HOLDERS), index
    return state.memo_keyed(_RULE_INPUTS, (len(state.zones), state.library.version, state.roster), read)


_RULE_INPUTS = "vanguard.rule_inputs"


def _play_next(tx: Transaction) -> bool:
    """Play the next stand-by ability, or ask which when the player has different ones; False when none."""
    state = tx.state
    if state.data.get("outcome"):
        return False
    state_triggers(tx)
    if not state.lists.get(PENDING):
        return False
    player = triggers.next_controller(state, state.active)  # VG 7.2: the turn player's first
    if player is None:
        return False
    mine = triggers.waiting(state, player)
    if len(mine) > 1 and len({(p["source"], repr(p["ability"])) for p in mine}) > 1:  # identical ones need no choice
        decision = triggers.choice_decision(state, state.active, "VG 7.2")
        assert decision is not None
        procedure.ask(tx, None, decision.player, decision.name, decision.kind, decision.prompt, decision.options,
                      decision.min, decision.max, decision.rule, decision.labels)
        return True
    play_pending(tx, mine[0]["id"])
    return True


def cost_payable(state: GameState, player: str, iid: int | None, cost: list[dict[str, Any]]) -> bool:
    """Tell whether `player` can pay a whole cost now: enough face-up damage, soul, hand and energy, and a unit to
    rest that stands (VG 9.5: Counter Blast n turns n face-up damage cards face down...; Energy Blast is not payable
    if energy < n). A cost is paid whole or not at all (VG 7.3 "you may pay the cost")."""
    for step in cost:
        name = step.get("effect")
        if name in _COUNTED and _count_for(state, player, name) < int(step.get("count", 1)):
            return False
        if name == "rest" and step.get("target", "self") == "self" and (iid is None or state.cards[iid].tapped):
            return False
        # a choice the cost makes ("put a card from your hand into your soul") needs enough cards to choose from:
        # the engine's choose step takes what there is, so a cost short of cards is not payable (VG 7.3)
        if name == "choose" and not str(step["from"]).startswith("$") and len(
                cards_in_set(state, player, iid, str(step["from"]), step.get("filter"))) < int(
                step.get("min", step.get("count", 1))):
            return False
    return True


# The costs paid with a number of things a player has (VG 9.5); `_count_for` counts them.
_COUNTED = frozenset({"counter_blast", "soul_blast", "discard", "energy_blast"})


def _count_for(state: GameState, player: str, cost: str) -> int:
    """Return how many of what a `_COUNTED` cost spends `player` has: face-up damage, soul, hand or energy."""
    if cost == "counter_blast":
        cards = state.cards
        return sum(1 for c in state.zones[zone_id(player, "damage")].cards if not cards[c].face_down)
    if cost == "soul_blast":
        return len(state.zones[zone_id(player, "soul")].cards)
    if cost == "discard":
        return len(state.zones[zone_id(player, "hand")].cards)
    return state.total(player, "energy")


def play_pending(tx: Transaction, uid: int) -> None:
    """Play a stand-by ability or timed effect: optional choice, cost, resolution condition, effect (VG 7.3).

    An AUTO whose cost cannot be paid whole is not used (VG 7.3: costs are optional, and paid whole or not at all).
    """
    item = triggers.remove(tx, uid)
    ability = item["ability"]
    if ability.get("cost") and not cost_payable(tx.state, str(item["controller"]), item["source"], list(ability["cost"])):
        tx.log(f"{item['controller']} cannot pay the cost of "
               f"{ability.get('name') or ability.get('keyword_ability') or ability.get('keyword') or 'an ability'}: "
               "it is not used", "VG 7.3")
        return
    steps: list[dict[str, Any]] = []
    if ability.get("optional") or ability.get("cost"):
        steps.append({"effect": "_optional", "optional": bool(ability.get("optional") or ability.get("cost"))})
    steps += cost_steps(ability)
    if ability.get("keyword") == "homare" and ability.get("cost"):
        steps.append({"effect": "homare_paid"})
    if ability.get("if"):
        steps.append({"effect": "_condition", "cond": ability["if"]})
    steps += list(ability.get("do", ()))
    source = item["source"]
    name = ability.get("name") or ability.get("keyword_ability") or ability.get("keyword") or (
        tx.state.definition(source).name if source in tx.state.cards else "ability")
    ctx = {"source": source, "controller": item["controller"], "event": item["event"], "name": name,
           "vars": {}, "source_seq": identity(tx.state, source) if source in tx.state.cards else None}
    event_card = item["event"].get("card")
    if event_card is not None and event_card in tx.state.cards:
        ctx["event_seq"] = identity(tx.state, event_card)
    if item.get("timed"):
        ctx["vars"] = _live(tx.state, ability.get("remembered", {}))
        if "self" in ability.get("remembered", {}):
            alive = ctx["vars"].pop("self", [])
            ctx["source"] = alive[0] if alive else None
    if homare_spent(tx.state, ability, str(item["controller"])):
        tx.log(f"{item['controller']} has already paid a Homare cost this turn and cannot pay {name}'s: "
               "it is not used", HOMARE_ONCE)
        return
    tx.log(f"{item['controller']} plays {name}", "VG 7.3")
    procedure.push(tx, steps, ctx, copy=False)  # the waiting item's parts (state values) and fresh ones


# Seed 《刀剑乱舞》 誉: "各自的回合中,你只能为你的所有单位合计支付1次誉的费用" (each turn, you may pay a Homare cost
# only once in total across all your units).
HOMARE_ONCE = "seed 《刀剑乱舞》 誉"


def homare_spent(state: Any, ability: dict[str, Any], player: str) -> bool:
    """Tell whether `ability` is a Homare ability with a cost that `player` may no longer pay this turn.

    Trap: a Homare AUTO that was pending when another Homare cost got paid still resolves (seed 一 1.3), but its
    cost cannot be paid (the reminder text's "only once in total"), so it is not used.
    """
    return (ability.get("keyword") == "homare" and bool(ability.get("cost"))
            and bool(turn_fact(state, player, "homare_paid", False)))


def cost_steps(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Return an ability's cost steps marked as costs (a cost not paid stops the ability, seed Dominate 17)."""
    return [{**step, "cost": True} for step in ability.get("cost", ())]


def _live(state: Any, remembered: dict[str, Any]) -> dict[str, Any]:
    """Keep only the remembered cards that are still the same card (VG 7.7 identity)."""
    return {name: [c for c, seq in pairs if c in state.cards and identity(state, c) == seq]
            for name, pairs in remembered.items()}


@effect("_optional", "optional")
def _optional(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    answer = procedure.take_answer(tx, fi)
    ctx = procedure.ctx(tx.state, fi)
    if answer is None:
        return procedure.ask(tx, fi, str(ctx["controller"]), "use_ability", "yesno", f"use {ctx.get('name')}?")
    if not answer.get("yes"):
        procedure.abort(tx, fi)
    return True


@effect("pay", "cost", "then")
def _pay(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """A cost met during resolution ("..., then COST [Counter Blast (1)], and draw a card"): when the player can
    pay it whole they may; if they do, the cost steps and then the `then` steps run (VG 7.3: costs are optional
    and paid whole or not at all; a cost that cannot be paid is not paid and what follows it does not happen)."""
    ctx = procedure.ctx(tx.state, fi)
    player = str(ctx["controller"])
    answer = procedure.take_answer(tx, fi)
    if answer is None:
        if not cost_payable(tx.state, player, ctx.get("source"), list(step["cost"])):
            tx.log(f"{player} cannot pay the cost of {ctx.get('name')}: what follows it does not happen", "VG 7.3")
            return True
        return procedure.ask(tx, fi, player, "pay_cost", "yesno", f"pay the cost of {ctx.get('name')}?",
                             rule="VG 7.3")
    if answer.get("yes"):
        procedure.insert_steps(tx, fi, [{**cost, "cost": True} for cost in step["cost"]] + list(step["then"]))
    return True


@effect("_condition", "cond")
def _condition(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    ctx = procedure.ctx(tx.state, fi)
    if not condition_holds(tx.state, step["cond"], ctx.get("source"), str(ctx["controller"]), ctx.get("vars"),
                           ctx.get("event")):
        procedure.abort(tx, fi)
    return True


def rule_actions(tx: Transaction) -> bool:
    """Perform the rule actions until none applies; return True when one did something (VG 8)."""
    return run_until_stable(tx, RULE_ACTIONS) > 0


def _lose(tx: Transaction, player: str, why: str) -> None:
    """Make `player` lose; when the other player lost in the same rule actions, the game is a draw (VG 1.4)."""
    outcome = tx.state.data.get("outcome")
    if outcome and outcome.get("winner") == player:
        tx.set_data("outcome", {"winner": None, "reason": "both players lost at once (VG 1.4)"})
    elif not outcome:
        tx.set_data("outcome", {"winner": tx.state.opponent(player), "reason": f"{player} has {why}"})
    tx.log(f"game over: {tx.state.data['outcome']['reason']}", "VG 8.1")


def _check_losses(state: Any) -> list[Action]:
    """VG 8.1: 6 or more damage, or an empty deck, loses."""
    if state.phase == "setup" or state.data.get("outcome"):
        return []
    actions: list[Action] = []
    damage, deck = player_zones(state, "damage"), player_zones(state, "deck")
    for player in state.players:
        if len(damage[player].cards) >= 6:
            actions.append(lambda tx, p=player: _lose(tx, p, "6 damage (VG 1.2)"))  # type: ignore[misc]  # mypy#15459: a lambda's default argument
        elif not deck[player].cards:
            actions.append(lambda tx, p=player: _lose(tx, p, "an empty deck (VG 1.2)"))  # type: ignore[misc]  # mypy#15459: a lambda's default argument
    return actions


def _check_vanguards(state: Any) -> list[Action]:
    """VG 8.2: a player with no vanguard rides a unit from their soul, else loses."""
    if state.phase == "setup" or state.data.get("outcome"):
        return []
    actions: list[Action] = []
    vcs = player_zones(state, "vc")
    for player in state.players:
        if not vcs[player].cards:
            soul = [c for c in state.zones[zone_id(player, "soul")].cards if facts.is_unit_card(state.definition(c))]
            if soul:
                actions.append(lambda tx, p=player, c=soul[0]: tx.move(c, zone_id(p, "vc"), 0))  # type: ignore[misc]  # mypy#15459: a lambda's default argument
            else:
                actions.append(lambda tx, p=player: _lose(tx, p, "no vanguard (VG 8.2)"))  # type: ignore[misc]  # mypy#15459: a lambda's default argument
    return actions


def _check_orders(state: Any) -> list[Action]:
    """VG 8.4: an order card on a circle (not locked) is put into the drop zone."""
    if not ability_index(state).orders:
        return []
    return [lambda tx, c=iid: relocate(tx, c, "drop", None) for player in state.players  # type: ignore[misc]  # mypy#15459: a lambda's default argument
            for zid in circles_of(state, player) for iid in state.zones[zid].cards
            if facts.kind(state.definition(iid)) == "order" and not is_locked(state, iid)]


RULE_ACTIONS: tuple[Check, ...] = (_check_losses, _check_vanguards, _check_orders)


# -- phases (VG 5) ---------------------------------------------------------------------------------

def advance_phase(tx: Transaction) -> bool:
    """Move the game on when no one has to act; return False when the active player has play timing."""
    state = tx.state
    phase, step = state.phase, state.step
    if phase == "main" or phase == "setup":  # the usual case first: the main phase waits for its player
        return False
    me = state.active
    if phase == "stand":
        cards = state.cards
        for iid in field_cards(state, me):
            card = cards[iid]
            # a card on a circle is a unit unless locked (is_unit); set_field's no-op test made first
            if card.tapped and not card.props.get("locked"):
                tx.set_field(iid, "tapped", False)
        TURN.advance(tx)
        return True
    if phase == "draw":
        draw_cards(tx, me, 1)
        TURN.advance(tx)
        return True
    if phase == "ride" and step == "start":
        TURN.advance(tx)
        if state.format == "standard":  # Energy Generator [K]: Energy Charge 3 at the beginning of the ride phase
            tx.set_total(me, "energy", min(10, state.total(me, "energy") + 3))
        emit_event(tx, "ride_phase_start", player=me)
        return True
    if phase in ("ride", "main"):
        return False
    if phase == "battle":
        if step == "start":
            TURN.advance(tx)
            emit_event(tx, "battle_start", player=me)
            emit_event(tx, "attack_step_start", player=me)
            return True
        return False
    if phase == "end":
        start_end_phase(tx)
        return True
    return False


def next_phase(tx: Transaction) -> None:
    """End the ride, main or battle phase by passing (VG 5)."""
    state = tx.state
    if state.phase == "ride":
        enter(tx, "main")
    elif state.phase == "main":
        if state.turn == 1:  # VG 4.7: no battle on the first turn
            enter(tx, "end")
        else:
            enter(tx, "battle", "start")
    elif state.phase == "battle":
        enter(tx, "end")


def start_end_phase(tx: Transaction) -> None:
    """Begin the end phase: G units return, locked cards unlock, then the end-of-turn loop (seed 《雄伟深蓝》)."""
    state = tx.state
    me = state.active
    enter(tx, "end", "loop")
    cards = state.cards
    for iid in list(field_cards(state, me)):
        card = cards[iid]
        heart = card.props.get("heart")
        if heart is not None:  # Premium: the heart card becomes the vanguard again [K]
            vc = card.zone
            tapped = card.tapped
            relocate(tx, iid, "gzone", None)
            tx.move(heart, vc, 0)
            tx.set_field(heart, "tapped", tapped)
        # is_locked, inlined (the card's props as they are now: a returned G unit's were cleared)
        if card.props.get("locked") and card.controller == me and not is_unlock_forbidden(state, iid):
            unlock(tx, iid)
    end_unlock_rules(tx)
    tx.set_data("end_triggered", None)
    procedure.push(tx, [{"effect": "_end_trigger"}, {"effect": "_end_expire"}, {"effect": "_end_repeat"}], {"controller": me},
                kind="flow", copy=False)


@effect("_end_trigger")
def _end_trigger(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """End-phase loop ①: end-of-turn abilities not yet triggered, timed effects, one per Hollow unit."""
    state = tx.state
    done = set(state.data.get("end_triggered", []))
    for key, iid, ability in _untriggered_end_abilities(state):
        add_pending(tx, state.cards[iid].controller, iid, ability, trigger_event("end_of_turn"))
        done.add(key)
    tx.set_data("end_triggered", sorted(done) or None)
    fire_timed(tx, "end_of_turn")
    for iid in in_state(state, field_cards(state), "hollow"):
        schedule_pending(tx, state.cards[iid].controller, iid, [{"effect": "_hollow_drop"}], "Hollow",
                         {"self": [[iid, identity(state, iid)]]})
    return True


def _untriggered_end_abilities(state: Any) -> list[tuple[str, int, dict[str, Any]]]:
    """Return (key, card, ability) of the valid "at end of turn" AUTO abilities on the field not yet triggered
    in this end phase (seed 《雄伟深蓝》 ③; one that is not valid is not waiting to trigger)."""
    done = state.data.get("end_triggered") or ()
    index = ability_index(state)
    if not state.data.get("abilities_gained") and not index.gains:
        printing = holder_cards(state, ("end_of_turn",))
        if not printing or printing.isdisjoint(field_cards(state)):
            return []  # the usual case: no card on the field prints one (and none was gained)
    result = []
    for iid in field_cards(state):
        card = state.cards[iid]
        if not index[card.card_id].has_end_of_turn and not has_extra_abilities(state, iid):
            continue
        for number, ability in _auto_candidates(state, iid, ("end_of_turn",)):
            key = f"{iid}:{identity(state, iid)}:{number}"
            if key not in done and zone_tag_holds(state, iid, ability.get("zone")) and keyword_valid(
                    state, iid, ability, card.controller):
                result.append((key, iid, ability))
    return result


@effect("_hollow_drop")
def _hollow_drop(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Put the Hollow unit into its owner's drop zone; "put into drop by Hollow" abilities trigger."""
    iid = procedure.ctx(tx.state, fi).get("source")
    if iid is None or not is_circle(tx.state.cards[iid].zone):
        return True
    zone = tx.state.cards[iid].zone
    owner = tx.state.cards[iid].owner
    gained_hollow = [g for g in tx.state.cards[iid].props.get("gained", ()) if g["ability"].get("when") == "hollow_drop"]
    if is_rear_vanguard(tx.state, iid):  # a vanguard is never retired: it is put into the drop zone
        relocate(tx, iid, "drop", None)
    else:
        retire(tx, iid, by_effect=True)  # Hollow's reminder: "retire at end of turn"
    # The card is new in the drop zone; its "put from R into drop by Hollow" abilities (printed, or gained and still
    # lasting when it left) trigger for it (seed 《雄伟深蓝》 ②).
    for ability in list(printed_of(tx.state, iid).all) + [g["ability"] for g in gained_hollow]:
        if ability.get("kind") == "auto" and ability.get("when") == "hollow_drop":
            add_pending(tx, owner, iid, ability, trigger_event("hollow_drop", card=iid, zone=zone))
    return True


@effect("_end_expire")
def _end_expire(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """End-phase loop ②: after the check timing, every "this turn" effect ends."""
    expire(tx, "turn")
    return True


@effect("_end_repeat")
def _end_repeat(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """End-phase loop ③: repeat while anything is pending, untriggered or Hollow; else the turn ends."""
    state = tx.state
    untriggered = bool(_untriggered_end_abilities(state))
    hollow = bool(in_state(state, field_cards(state), "hollow"))
    timed_left = any(timed_due(state, t, "end_of_turn") for t in state.lists.get("timed", ()))
    if state.lists.get(PENDING) or untriggered or hollow or timed_left:
        procedure.insert_steps(tx, fi, [{"effect": "_end_trigger"}, {"effect": "_end_expire"}, {"effect": "_end_repeat"}])
        return True
    begin_turn(tx, state.opponent(state.active))
    return True


def expire(tx: Transaction, until: str) -> None:
    """End every effect lasting `until` ("turn" or "battle"): modifiers, states, gained abilities, grants."""
    state = tx.state
    cards = state.cards
    # the usual card carries no lasting effect: only the others are looked at (listed first: ending an effect
    # changes a card's props, never where it is)
    for iid in [i for on in lasting_effect_cards(state) for i in on if not _LASTING.isdisjoint(cards[i].props)]:
        card = cards[iid]
        mods = card.props.get("mods")
        if mods:
            kept = [m for m in mods if m.get("until") != until and not (until == "turn" and m.get("until") == "battle")]
            tx.set_prop(iid, "mods", kept or None)
        gained = card.props.get("gained")
        if gained and until == "turn":
            tx.set_prop(iid, "gained", [g for g in gained if g.get("until") != "turn"] or None)
        for name, duration in list(card.props.get("state_until", {}).items()):
            if duration == until:
                remove_state(tx, iid, name)
                if name == "harmony":
                    tx.set_prop(iid, "links", None)
        if until == "turn" and card.props.get("gained_keywords"):
            tx.set_prop(iid, "gained_keywords", None)
        if until == "turn" and card.props.get("deleted") == "turn":
            tx.set_prop(iid, "deleted", None)
            tx.set_field(iid, "face_down", False)
    # Effects kept in lists carry an engine duration (engine/durations.py); "this turn" also ends battle ones.
    durations.expire(tx, durations.THIS_BATTLE, DURATION_LISTS)
    if until == "turn":
        durations.expire(tx, durations.UNTIL_END_OF_TURN, DURATION_LISTS)


# The props `expire` edits: a card with none of them carries no lasting effect.
_LASTING = frozenset({"mods", "gained", "state_until", "gained_keywords", "deleted"})
# Lists of lasting effects: "cannot be hit" grants, "cannot" restrictions, bonuses that belong to a player.
CANNOT_BE_HIT = "cannot_be_hit"
DURATION_LISTS = (CANNOT_BE_HIT, "restrictions", "player_mods")


def begin_turn(tx: Transaction, player: str) -> None:
    """Start `player`'s turn at the stand phase."""
    state = tx.state
    procedure.abort(tx, procedure.depth(state) - 1)
    TURN.start_turn(tx, player)
    tx.set_data("turn_info", {}, copy=False)
    tx.set_data("used_this_turn", None)
    tx.set_data("battle_number", 0)
    tx.set_data("trigger_reversal", None)
    tx.set_data("turn_start_grade", _vanguard_grade(state, player))
    tx.log(f"turn {state.turn}: {player}", "VG 5")


def _vanguard_grade(state: Any, player: str) -> int:
    v = vanguard_of(state, player)
    return facts.grade(state.definition(v)) if v is not None else 0


def timed_due(state: Any, item: dict[str, Any], at: str) -> bool:
    """Tell whether a timed effect triggers now. One made `of` a unit ("at the end of your turn" given to a
    dominated unit) waits for the end of the turn of whoever controls that unit then (seed Dominate 7)."""
    if item["at"] != at:
        return False
    of = item.get("of")
    if at != "end_of_turn" or not of:
        return True
    iid, seq = of
    if iid not in state.cards or identity(state, iid) != seq:
        return state.active == item["player"]
    return state.active == state.cards[iid].controller


def fire_timed(tx: Transaction, at: str) -> None:
    """Trigger the timed effects scheduled for a moment (end of turn / end of battle)."""
    state = tx.state
    index = 0
    while index < len(state.lists.get("timed", ())):
        item = state.lists["timed"][index]
        if timed_due(state, item, at):
            tx.list_remove("timed", index)
            schedule_pending(tx, item["player"], item.get("source"), item["do"], item.get("name", "timed effect"),
                             item.get("remembered"))
        else:
            index += 1


# -- battle (VG 6) ---------------------------------------------------------------------------------

def begin_battle(tx: Transaction, attacker: int, target: int, booster: int | None, player: str) -> None:
    """Attack step: rest the attacker (and booster), count the battle, trigger, then run the battle's steps."""
    state = tx.state
    number = int(state.data.get("battle_number", 0)) + 1
    tx.set_data("battle_number", number)  # seed 《苍海军势》: the battle counter for Wave
    tx.set_data("battle", {"attacker": attacker, "target": target, "booster": booster, "player": player,
                           "defender": state.cards[target].controller, "number": number,
                           "target_was_vanguard": is_vanguard(state, target),
                           "attacker_was_vanguard": is_vanguard(state, attacker),
                           "involved": [i for i in (attacker, target, booster) if i is not None]},
                copy=False)  # built here from fresh parts
    tx.set_field(attacker, "tapped", True)
    tx.log(f"{state.definition(attacker).name} attacks {state.definition(target).name}", "VG 6.2")
    mate = legion_mate_beside(state, attacker)
    if mate is not None:  # a Legion attacks as one: both units rest, their powers add up (DECISIONS.md, Legion)
        tx.set_data("battle", {**state.data["battle"], "legion_mate": mate}, copy=False)
        tx.set_field(mate, "tapped", True)
        tx.log(f"Legion attack: {state.definition(attacker).name} with {state.definition(mate).name}", "Legion")
    if booster is not None:
        tx.set_field(booster, "tapped", True)
        emit_event(tx, "boosts", card=booster, other=attacker, zone=state.cards[booster].zone)
        emit_event(tx, "boosted", card=attacker, other=booster, zone=state.cards[attacker].zone)
    emit_event(tx, "attacks", card=attacker, zone=state.cards[attacker].zone, player=player)
    emit_event(tx, "attacked", card=target, zone=state.cards[target].zone)
    battle_step(tx, "guard")
    procedure.push(tx, [{"effect": "_guard_step"}, {"effect": "_drive_step"}, {"effect": "_damage_step"},
                     {"effect": "_close_step"}, {"effect": "_battle_done"}], {"controller": player}, kind="flow",
                   copy=False)


@effect("_guard_step")
def _guard_step(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Guard step: the defender has play timing (Guard, Intercept, G guardian) until they pass."""
    battle = tx.state.data.get("battle") or {}
    if battle.get("guard_done") or battle.get("target") not in tx.state.cards or not is_unit(tx.state, battle["target"]):
        return True
    battle_step(tx, "guard")
    return False


@effect("_drive_step")
def _drive_step(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Drive step: a vanguard attacker drive-checks (the dominator's deck for a dominated one, ruling 16)."""
    state = tx.state
    battle = state.data["battle"]
    attacker = battle["attacker"]
    battle_step(tx, "drive")
    emit_event(tx, "drive_step_start", player=battle["player"])
    # A rear-guard vanguard drive-checks too: it is a vanguard (seed 《光辉骑士团》 二).
    if attacker not in state.cards or not is_vanguard(state, attacker) or not is_unit(state, attacker):
        return True
    count = printed_of(state, attacker).drive
    checker = state.cards[attacker].controller
    procedure.insert_steps(tx, fi, [{"effect": "_check", "kind": "drive", "player": checker} for _ in range(count)])
    return True


@effect("_check")
def _check(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """One drive or damage check: top card to the trigger zone, its trigger resolves, then hand or damage."""
    state = tx.state
    player = step["player"]
    deck = state.zones[zone_id(player, "deck")].cards
    if not deck:
        return True
    card = deck[0]
    tx.move(card, zone_id(player, "trigger"), 0)
    definition = state.definition(card)
    tx.log(f"{step['kind']} check: {definition.name}", "VG 6.4" if step["kind"] == "drive" else "VG 6.6")
    if step["kind"] == "drive":  # VG 6.4: "when your drive check reveals ..." abilities wait for the check timing
        emit_event(tx, "drive_check_reveals", card=card, player=player)
    trigger = printed_of(state, card).trigger
    steps = trigger_steps(state, player, card, trigger, step["kind"]) if trigger else []
    if not steps:  # nothing resolves in between: the card goes on at once, as an atomic frame of `_check_done` would
        _finish_check(tx, card, step["kind"], player)
        return True
    steps.append({"effect": "_check_done", "card": card, "kind": step["kind"], "player": player})
    procedure.push(tx, steps, {"controller": player, "source": card, "name": f"{trigger} trigger"}, kind="flow", atomic=True,
                   copy=False)
    return True


def trigger_steps(state: Any, player: str, card: int, trigger: str, kind: str) -> list[dict[str, Any]]:
    """Return the steps of a trigger effect (VG 6.5); trigger reversal replaces all of it (seed 《链环傀儡》 四)."""
    amount = facts.trigger_power(state.definition(card))
    pick_power = [{"effect": "choose", "from": "your_units", "count": 1, "as": "power_to"},
                  {"effect": "power", "target": "$power_to", "amount": amount, "until": "turn"}]
    reversal = state.data.get("trigger_reversal")
    if reversal and reversal.get("player") == player:
        # It changes every part but "Power +5000": an older trigger keeps its +5000, a V/D trigger's +10000
        # is changed with the rest (seed 《链环傀儡》 四).
        return (pick_power if amount == 5000 and trigger != "front" else []) + list(reversal.get("steps", ()))
    if trigger == "critical":
        return pick_power + [{"effect": "choose", "from": "your_units", "count": 1, "as": "crit_to"},
                             {"effect": "critical", "target": "$crit_to", "amount": 1, "until": "turn"}]
    if trigger == "draw":
        return pick_power + [{"effect": "draw", "count": 1}]
    if trigger == "heal":
        return pick_power + [{"effect": "_heal_trigger"}]
    if trigger == "stand":
        return pick_power + [{"effect": "choose", "from": "your_rear_guards", "filter": {"rested": True}, "count": 1,
                              "as": "stand_to"}, {"effect": "stand", "target": "$stand_to"}]
    if trigger == "front":
        return [{"effect": "power", "target": "your_front_row", "amount": amount, "until": "turn"}]
    if trigger == "over":
        extra = [s for a in state.definition(card).effects if a.get("when") == "over_drive_check"
                 for s in a.get("do", ())] if kind == "drive" else []
        return [{"effect": "_remove_over"}, {"effect": "draw", "count": 1},
                {"effect": "choose", "from": "your_units", "count": 1, "as": "over_to"},
                {"effect": "power", "target": "$over_to", "amount": 100000000, "until": "turn"}, *extra]
    return []


@effect("_heal_trigger")
def _heal_trigger(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Heal: if your damage ≥ your opponent's when it resolves, heal 1 (VG 6.5)."""
    state = tx.state
    me = str(procedure.ctx(state, fi)["controller"])
    mine = len(state.zones[zone_id(me, "damage")].cards)
    theirs = len(state.zones[zone_id(state.opponent(me), "damage")].cards)
    if mine and mine >= theirs:
        procedure.insert_steps(tx, fi, [{"effect": "heal", "count": 1}])
    else:
        tx.log(f"{me} does not heal ({mine} damage < {theirs})", "VG 6.5")
    return True


@effect("_remove_over")
def _remove_over(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Over trigger: remove the card from the game (VG 6.5)."""
    card = procedure.ctx(tx.state, fi)["source"]
    tx.move(card, zone_id(tx.state.cards[card].owner, "removed"), None)
    return True


@effect("_check_done")
def _check_done(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Finish a check: a drive-checked card goes to hand, a damage-checked card to the damage zone."""
    _finish_check(tx, step["card"], step["kind"], step["player"])
    return True


def _finish_check(tx: Transaction, card: int, kind: str, player: str) -> None:
    """Put a checked card still in the trigger zone into the hand (drive check) or the damage zone (damage check)."""
    if not tx.state.cards[card].zone.endswith(".trigger"):
        return
    if kind == "drive":
        tx.move(card, zone_id(player, "hand"), None)
    else:
        tx.move(card, zone_id(player, "damage"), None)
        emit_event(tx, "damage_dealt", player=player)


@effect("_damage_step")
def _damage_step(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Damage step: hit if attacker power ≥ defender power + shields; damage checks or retire; then guardians go."""
    state = tx.state
    battle = dict(state.data["battle"])
    battle_step(tx, "damage")
    attacker, target = battle["attacker"], battle["target"]
    defender = battle["defender"]
    hit = False
    if _is_battle_on(state, battle):
        defense = current_power(state, target) + shield_total(state, defender)
        hit = current_power(state, attacker) >= defense and not _cannot_be_hit(state, target)
        tx.log(f"attack {'hits' if hit else 'does not hit'} ({current_power(state, attacker)} vs {defense})", "VG 6.6")
    battle["hit"] = hit
    tx.set_data("battle", battle, copy=False)  # a new mapping sharing never-mutated parts
    more: list[dict[str, Any]] = []
    if hit:
        if is_vanguard(state, target):  # a hit rear-guard vanguard deals damage too (seed 《光辉骑士团》 二)
            crit = current_critical(state, attacker)
            more += [{"effect": "_check", "kind": "damage", "player": state.cards[target].owner} for _ in range(crit)]
        else:
            more.append({"effect": "_retire_attacked"})
        emit_event(tx, "attack_hits", card=attacker, zone=state.cards[attacker].zone)
        booster = battle.get("booster")
        if booster is not None and booster in state.cards:  # "when the attack this unit boosted hits" (VG 6.6 ④)
            emit_event(tx, "boosted_attack_hits", card=booster, zone=state.cards[booster].zone)
    more.append({"effect": "_retire_guardians"})
    procedure.insert_steps(tx, fi, more)
    return True


def _is_battle_on(state: GameState, battle: Mapping[str, Any]) -> bool:
    """Tell whether the attacker and the attacked unit are both still units on the table."""
    attacker, target = battle["attacker"], battle["target"]
    return attacker in state.cards and is_unit(state, attacker) and target in state.cards and is_unit(state, target)


def _cannot_be_hit(state: GameState, target: int) -> bool:
    return any(g["card"] == target for g in state.lists.get(CANNOT_BE_HIT, ()))


def guard_prompt(state: GameState) -> str:
    """Say what the defender guards against: the attack, the defence so far and the shield that stops it (VG 6.3, 6.6).

    An attack hits when the attacker's power is at least the attacked unit's power plus its guardians' shield; the
    shield needed is given in the 5000s that shields come in.
    """
    battle = state.data["battle"]
    if not _is_battle_on(state, battle):
        return "guard"
    attacker, target = battle["attacker"], battle["target"]
    power, shield = current_power(state, attacker), shield_total(state, battle["defender"])
    defence = current_power(state, target) + shield
    against = (f"{state.definition(attacker).name} ({power}) attacks {state.definition(target).name} "
               f"({current_power(state, target)}" + (f" + {shield} shield)" if shield else ")"))
    if _cannot_be_hit(state, target):
        return f"{against}: it cannot be hit"
    if power < defence:
        return f"{against}: it does not hit as things stand"
    needed = (power - defence) // 5000 * 5000 + 5000
    drives = " (before its drive checks)" if is_vanguard(state, attacker) else ""
    return f"{against}: {needed} more shield stops it{drives}"


@effect("_retire_attacked")
def _retire_attacked(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """A hit rear-guard is retired (VG 6.6)."""
    target = tx.state.data["battle"]["target"]
    if target in tx.state.cards and is_unit(tx.state, target):
        retire(tx, target, by_effect=False)
    return True


@effect("_retire_guardians")
def _retire_guardians(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """All guardians are retired, each to its owner's drop zone (dominated ones too; seed Dominate ②)."""
    state = tx.state
    for player in state.players:
        for iid in list(state.zones[zone_id(player, "gc")].cards):
            if has_state(state, iid, "dominated"):
                release(tx, iid)
            relocate(tx, iid, "drop", None)
    return True


@effect("_close_step")
def _close_step(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Close step: end-of-battle abilities and timed effects (Shadow Stitch, Charge!! to the deck bottom)."""
    state = tx.state
    battle = state.data["battle"]
    battle_step(tx, "close")
    fire_timed(tx, "end_of_battle")
    for iid in battle.get("involved", ()):
        if iid in state.cards and has_state(state, iid, "charge") and is_unit(state, iid):
            schedule_pending(tx, state.cards[iid].controller, iid, [{"effect": "to_deck_bottom", "target": "self"}],
                             "Charge!!", {"self": [[iid, identity(state, iid)]]})
    emit_event(tx, "end_of_battle", battle=dict(battle))
    return True


@effect("_battle_done")
def _battle_done(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """After the close step: battle effects end; back to the attack step."""
    expire(tx, "battle")
    tx.set_data("battle", None, copy=False)
    battle_step(tx, "attack" if tx.state.phase == "battle" else "")
    if not procedure.ctx(tx.state, fi).get("dominated_battle"):
        emit_event(tx, "attack_step_start", player=tx.state.active)
    return True


@effect("_dominate_loop")
def _dominate_loop(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Dominate ③–⑤: while a dominated unit can attack, the dominator attacks with one; then release all."""
    state = tx.state
    me = str(procedure.ctx(state, fi)["controller"])
    if dominated_attackers(state, me):
        procedure.insert_steps(tx, fi, [{"effect": "_dominate_choose"}, {"effect": "_dominate_loop"}])
        return True
    for iid in field_cards(state):
        if has_state(state, iid, "dominated"):
            release(tx, iid)
    return True


@effect("_dominate_choose")
def _dominate_choose(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """The dominator chooses a dominated unit able to attack and its target (an Attack command)."""
    if procedure.ctx(tx.state, fi).get("dominated_attack_done"):
        procedure.set_var(tx, fi, "dominated_attack_done", None)
        return True
    return False


def dominated_attackers(state: Any, player: str) -> list[int]:
    """Return dominated units `player` controls that can attack (standing, no "cannot attack" effect, a legal target
    exists; seed 《射干玉》 支配 ④, ruling 12)."""
    result = []
    for iid in units_of(state, player):
        if has_state(state, iid, "dominated") and not state.cards[iid].tapped and not is_forbidden_to_attack(state, iid):
            if dominated_targets(state, iid):
                result.append(iid)
    return result


def dominated_targets(state: Any, iid: int) -> list[int]:
    """Return what a dominated unit may attack: its owner's units that are not dominated (rulings 12, 14)."""
    owner = state.cards[iid].owner
    return [u for u in units_of(state, owner) if not has_state(state, u, "dominated")]


def guard_options(state: Any, player: str) -> list[int]:
    """Return the guardians of the battle (used by views)."""
    return guardians_of(state, player)


__all__ = ["run", "check_timing", "next_phase", "begin_battle", "begin_turn", "REAR_CIRCLES"]


PROCEDURES = procedure.Procedures(run_step=run_step, check=check_timing, advance=advance_phase,
                                  act_steps=frozenset(ACT_STEPS), check_remembers=True)
