"""The Grand Archive turn (GA 6), Opportunity and the effects stack (GA 8), zone changes and state-based checks (GA 11).

The turn moves by `advance` (the procedure layer's driver calls it when no frame runs): each phase's step does
its turn-based action and opens an Opportunity window; when every player passes in succession on an empty stack
(`close_window`) the phase goes on. Items on the stack resolve as atomic frames (GA 9.8b: no checks between
effects); combat's retaliation and damage are flow frames (`combat.py`).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine import procedure, stack, triggers
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.triggers import trigger_event
from tabletop.engine.turns import Phase, TurnStructure
from tabletop.engine.zones import zone_id
from tabletop.games.grand_archive.effects import (
    VOCABULARY, candidates, draw_cards, first_choice, is_legal_target, player_bonus, printed_abilities,
    resolution_text_by_hand, step_holds,
)
from tabletop.games.grand_archive.table import (
    STACK_ZONE, card_type, champion, condition_holds, damage, durability, field_objects, is_first_turn_of, keyword,
    life, on_field, words, zone_of,
)

# GA 6: the phases. A step "open" is the phase's Opportunity window; main's combat steps are GA 7.3–7.5.
TURN = TurnStructure([
    Phase("wake_up"), Phase("materialize", ("", "open")), Phase("recollection", ("", "open")), Phase("draw"),
    Phase("main", ("", "open", "retaliation", "damage")), Phase("end", ("", "open")),
])
COMBAT = "combat"
UNIQUE_DECISION = "unique"  # GA 11.4: which of a player's same-named unique objects stays


def enter(tx: Transaction, phase: str, step: str = "") -> None:
    """Go to a phase and step (logged)."""
    TURN.enter(tx, phase, step)


def give_opportunity(tx: Transaction, player: str | None) -> None:
    """GA 8.2: give Opportunity to a player (None: nobody has it) and restart the count of passes."""
    stack.give_priority(tx, player)


# -- abilities and triggers (GA 10.2) ----------------------------------------------------------------

def abilities(state: GameState, iid: int) -> list[Mapping[str, Any]]:
    """Return the abilities of a card the rules carry out (coded, or read from standard wording)."""
    return list(printed_abilities(state.definition(iid))[0])


def fire(tx: Transaction, event: str, card: int, controller: str, **details: Any) -> None:
    """Queue the abilities of `card` that trigger on `event` (GA 10.2); a condition is checked as it triggers."""
    state = tx.state
    for number, ability in enumerate(abilities(state, card)):
        if ability.get("trigger") != event or ability.get("inherited"):
            continue
        if ability.get("if") and not condition_holds(state, ability["if"], controller, card):
            continue  # GA 10.1: a restricted ability ("[Class Bonus] On Enter: …") does not exist while it fails
        queue_ability(tx, controller, card, ability, trigger_event(event, card=card, player=details.pop(
            "player", controller), **details), number)


# what the stack and the log call a triggered ability: its card and its keyword (seed On Enter, On Attack, …)
_TRIGGER_LABELS = {"on_enter": "On Enter", "on_attack": "On Attack", "on_hit": "On Hit", "on_kill": "On Kill",
                   "on_death": "On Death", "on_leave": "On Leave", "on_foster": "On Foster",
                   "end_phase_start": "end phase", "recollection_start": "recollection phase"}


def queue_ability(tx: Transaction, controller: str, source: int | None, ability: Mapping[str, Any],
                  event: Mapping[str, Any], number: int = -1) -> None:
    """Record a triggered ability; it goes on the stack at the next check, before anyone gets Opportunity."""
    name = ability.get("name") or ("ability" if source is None else
                                   f"{tx.state.definition(source).name}'s {_TRIGGER_LABELS.get(str(ability.get('trigger')), 'triggered')} ability")
    triggers.queue(tx, controller, {"name": name, "source": source, "ability": dict(ability), "event": dict(event),
                                    "number": number})


def stack_waiting_triggers(tx: Transaction) -> bool:
    """GA 8.3: the turn player's waiting triggers go on the stack first, in the order they choose (one pick at a
    time), then the other player's; True if any."""
    state = tx.state
    if not state.lists.get(triggers.PENDING):
        return False
    player = triggers.next_controller(state, state.active)
    if player is None:
        return False
    mine = triggers.waiting(state, player)
    distinct = {(t["source"], repr(t["ability"])) for t in mine}  # identical ones need no choice
    choice = triggers.choice_decision(state, state.active, "GA 8.3", name="next_trigger") if len(distinct) > 1 else None
    if choice is None:
        stack_trigger(tx, mine[0]["id"])
    else:  # a decision of the rules (no frame): `rules.resolve` stacks the picked one
        procedure.ask(tx, None, choice.player, choice.name, choice.kind, choice.prompt, choice.options, choice.min,
                      choice.max, choice.rule, choice.labels)
    return True


def stack_trigger(tx: Transaction, trigger_id: int) -> None:
    """Put one waiting triggered ability on the stack: its target is chosen now (GA 10.2), optional ones asked."""
    state = tx.state
    item = triggers.remove(tx, trigger_id)
    player = str(item["controller"])
    ability = item["ability"]
    steps = list(ability.get("do", ()))
    ctx = {"controller": player, "source": item["source"], "vars": {}, "props": {}, "event": item["event"],
           "name": item["name"], "spell": _is_spell(state, item["source"])}
    spec = first_choice(steps)
    frame_steps: list[dict[str, Any]] = []
    if spec is not None:
        frame_steps.append({"effect": "_choose_target", "spec": spec})
    frame_steps.append({"effect": "_to_stack", "kind": "ability", "optional": bool(ability.get("optional"))})
    procedure.push(tx, frame_steps, {**ctx, "steps": steps}, atomic=True)


def _is_spell(state: GameState, iid: int | None) -> bool:
    """GA 10.2: a trigger shares its source's types, so a Spell's trigger is a Spell."""
    return iid is not None and iid in state.cards and "spell" in words(state, iid, "subtypes")


# -- zone changes --------------------------------------------------------------------------------

def is_regalia(state: GameState, iid: int) -> bool:
    """GA 3.4: regalia (and champions, GA 3.5) start in the material deck."""
    return "regalia" in words(state, iid, "supertypes")


def put(tx: Transaction, iid: int, where: str, owner: str | None = None) -> None:
    """Move a card to one of its owner's zones, with the regalia and champion replacements (GA 3.4, 3.5)."""
    state = tx.state
    owner = owner or state.cards[iid].owner
    kind = card_type(state, iid)
    if where == "graveyard" and (kind == "champion" or is_regalia(state, iid)):
        where = "banishment"
    elif where in ("hand", "deck", "memory") and is_regalia(state, iid):
        where = "material"
    face_down = where in ("memory", "deck", "material") and not state.cards[iid].props.get("preserved")
    tx.clear_card(iid, keep=("preserved",) if where == "material" else ())
    tx.move(iid, zone_id(owner, where), None)
    if face_down:
        tx.set_field(iid, "face_down", True)


def leave_field(tx: Transaction, iid: int, where: str, died: bool = False, destroyed: bool = False) -> None:
    """An object leaves the field (GA 4): replacements (Renewable, Preserve), then On Leave / On Death / On Kill."""
    state = tx.state
    controller = state.cards[iid].controller
    if where == "banishment" and keyword(state, iid, "renewable") and is_regalia(state, iid):
        where = "material"  # seed Renewable 1: banished from the field -> material deck
    preserve = destroyed and keyword(state, iid, "preserve")
    went_to_graveyard = where == "graveyard" and card_type(state, iid) != "champion" and not is_regalia(state, iid)
    combat = state.data.get(COMBAT)
    killed = died and combat is not None and iid in combat.get("hit", ())
    put(tx, iid, where)
    fire(tx, "on_leave", iid, controller)  # seed On Leave 1: from the field, its source the object that left
    if died and went_to_graveyard:
        fire(tx, "on_death", iid, controller)  # seed On Death 2: only field -> graveyard counts
    if killed and combat is not None:
        for source in (combat["attacker"], combat.get("weapon"), combat.get("intent")):
            if source is not None and source in state.cards:
                fire(tx, "on_kill", source, combat["controller"], killed=iid)
    if preserve and state.cards[iid].zone.endswith(".graveyard"):
        preserve_card(tx, iid)  # seed Preserve 1(a)


def preserve_card(tx: Transaction, iid: int) -> None:
    """Put a card into its owner's material deck Preserved: face up to everyone there (seed Preserve 1, 3)."""
    tx.move(iid, zone_id(tx.state.cards[iid].owner, "material"), None)
    tx.set_prop(iid, "preserved", True)
    tx.reveal(iid, "all")  # seed Preserve 3: it stays face up until it moves to a private zone (a move hides it)
    tx.log(f"{tx.state.definition(iid).name} is Preserved in the material deck", "seed Preserve 1")


def enter_field(tx: Transaction, iid: int, controller: str) -> None:
    """An object enters the field awake (Hindered: rested), with its durability counters; On Enter triggers."""
    state = tx.state
    tx.clear_card(iid)
    tx.move(iid, zone_id(controller, "field"), None)
    tx.set_field(iid, "controller", controller)
    if keyword(state, iid, "hindered"):
        tx.set_field(iid, "tapped", True)  # seed Hindered 1
    printed = state.definition(iid).stat("durability")
    if printed:
        tx.set_counter(iid, "durability", printed)
    tx.set_prop(iid, "entered_turn", state.turn)
    fire(tx, "on_enter", iid, controller)


def level_up(tx: Transaction, card: int, player: str) -> None:
    """GA 9.7b: the new card goes on top of the lineage; the champion keeps its state and counters; On Enter."""
    state = tx.state
    old = champion(state, player)
    counters: dict[str, int] = {}
    tapped = False
    if old is not None:
        counters = dict(state.cards[old].counters)
        tapped = state.cards[old].tapped
        tx.clear_card(old)
        tx.move(old, zone_id(player, "lineage"), None)
    tx.clear_card(card)
    tx.move(card, zone_id(player, "champion"), 0)
    for name, value in counters.items():
        tx.set_counter(card, name, value)
    if tapped:
        tx.set_field(card, "tapped", True)  # levelling up does not wake the champion (2023-06-26 rule)
    tx.log(f"{player}'s champion levels up into {state.definition(card).name}", "GA 9.7b")
    fire(tx, "on_enter", card, player)


# -- state-based checks (GA 11) -------------------------------------------------------------------

def _lose(tx: Transaction, losers: Sequence[str], why: str) -> None:
    """End the game: the losers lose; all of them at once is a draw (GA 1.4)."""
    winner = None if len(losers) == len(tx.state.players) else tx.state.opponent(losers[0])
    reason = why + (" at the same time: a draw (GA 1.4)" if winner is None else "")
    tx.set_data("outcome", {"winner": winner, "reason": reason})
    tx.log(f"game over: {reason}", "GA 1.2")


def state_based_checks(tx: Transaction) -> bool:
    """Run one pass of the state-based checks in GA 11's order; True when one changed the game."""
    state = tx.state
    if state.data.get("outcome") or state.phase == "setup":
        return False
    # GA 11.1 / 1.2: a champion with damage >= life, a player who drew from an empty deck, lose.
    why: dict[str, str] = {p: f"{p} had to draw from an empty main deck" for p in state.data.get("decked") or ()}
    for player in state.players:
        top = champion(state, player)
        if top is not None and damage(state, top) >= life(state, top) and player not in why:
            why[player] = f"{player} lost: {state.definition(top).name} has {damage(state, top)} damage, life {life(state, top)}"
        elif top is None and player in (state.data.get("had_champion") or ()) and player not in why:
            why[player] = f"{player} lost: they controlled a champion and control none"  # GA 1.2
        elif top is not None and player not in (state.data.get("had_champion") or ()):
            tx.set_data("had_champion", sorted({*(state.data.get("had_champion") or ()), player}))
    if why:
        losers = [p for p in state.players if p in why]
        _lose(tx, losers, "; ".join(why[p] for p in losers))
        return True
    changed = False
    for iid in field_objects(state):
        kind = card_type(state, iid)
        if kind == "ally" and (damage(state, iid) >= life(state, iid) or life(state, iid) <= 0):
            if keyword(state, iid, "immortality"):
                continue  # seed Immortality 1: it does not die at 0 life
            tx.log(f"{state.definition(iid).name} dies", "GA 11.2")
            leave_field(tx, iid, "graveyard", died=True, destroyed=True)
            changed = True
        elif kind == "weapon" and state.definition(iid).stat("durability") and durability(state, iid) <= 0:
            if keyword(state, iid, "immortality"):
                continue
            tx.log(f"{state.definition(iid).name} has no durability left and is destroyed", "GA 11.3")
            leave_field(tx, iid, "graveyard", destroyed=True)
            changed = True
    if changed:
        return True
    for player in state.players:  # GA 11.4 Unique: the player chooses the one that stays
        by_name: dict[str, list[int]] = {}
        for iid in field_objects(state, player):
            if "unique" in words(state, iid, "supertypes"):
                by_name.setdefault(state.definition(iid).name, []).append(iid)
        for name, same in by_name.items():
            if len(same) > 1:  # a decision of the rules (no frame): `keep_unique` carries the answer out
                procedure.ask(tx, None, player, UNIQUE_DECISION, "pick",
                              f"{player} controls {len(same)} unique {name}: choose the one you keep "
                              "(the others are sacrificed)", same, 1, 1, "GA 11.4")
                return True
    for iid in field_objects(state):  # GA 11.10 / seed Link 5: an object whose link broke is sacrificed
        if keyword(state, iid, "link") and not _link_holds(state, iid):
            tx.log(f"{state.definition(iid).name}'s link is broken: it is sacrificed", "seed Link 5")
            leave_field(tx, iid, "graveyard", destroyed=True)
            return True
    return _check_combat_roles(tx)


def keep_unique(tx: Transaction, player: str, kept: int) -> None:
    """GA 11.4: sacrifice every other unique object of `player` named like `kept` (Immortality does not stop it,
    and it counts as dying: seed Immortality 2)."""
    state = tx.state
    name = state.definition(kept).name
    for iid in field_objects(state, player):
        if iid != kept and state.definition(iid).name == name and "unique" in words(state, iid, "supertypes"):
            tx.log(f"{player} keeps one unique {name}: the other is sacrificed (Immortality does not stop it)",
                   "GA 11.4, seed Immortality 2")
            leave_field(tx, iid, "graveyard", died=True, destroyed=True)


def _link_holds(state: GameState, iid: int) -> bool:
    """Tell whether a Link object is still linked to an object on the field (seed Link 5)."""
    linked = state.cards[iid].props.get("link")
    return linked is not None and linked in state.cards and on_field(state, linked)


def _check_combat_roles(tx: Transaction) -> bool:
    """GA 11.7: a defender that left the field or became an illegal target (Stealth) stops defending."""
    from tabletop.games.grand_archive.combat import sees_stealth
    state = tx.state
    combat = state.data.get(COMBAT)
    if not combat:
        return False
    kept = [d for d in combat["defenders"] if on_field(state, d) and (
        not keyword(state, d, "stealth") or sees_stealth(state, combat))]
    if kept != list(combat["defenders"]):
        tx.set_data(COMBAT, {**combat, "defenders": kept})
        tx.log("a defender is no longer a legal target and stops defending", "GA 11.7, seed Stealth 3")
        return True
    return False


def check(tx: Transaction) -> bool:
    """The check before each step and each Opportunity: state-based checks, then waiting triggers (GA 8.2)."""
    if tx.state.data.get("outcome"):
        return False
    if state_based_checks(tx):
        return True
    return stack_waiting_triggers(tx)


# -- the turn (GA 6) -------------------------------------------------------------------------------

def begin_turn(tx: Transaction, player: str) -> None:
    """Start `player`'s turn at Wake Up."""
    tx.log(f"turn {tx.state.turn + 1}: {player}", "GA 6")
    TURN.start_turn(tx, player)
    tx.set_data("turn_info", {})


def advance(tx: Transaction) -> bool:
    """Move the turn on when nobody holds Opportunity; False when a player must act (GA 6)."""
    state = tx.state
    if state.data.get("outcome") or stack.priority_holder(state) is not None or state.phase == "setup":
        return False
    me, phase, step = state.active, state.phase, state.step
    first = is_first_turn_of(state, me)
    if phase == "wake_up":
        if not first:  # GA 6.1 (skipped on each player's first turn, GA 5.5)
            for iid in field_objects(state, me):
                if state.cards[iid].tapped:
                    tx.set_field(iid, "tapped", False)
        enter(tx, "materialize")
    elif phase == "materialize" and step == "":
        if first:
            enter(tx, "recollection")
        else:  # GA 6.2: the turn player may materialize once
            enter(tx, "materialize", "open")
            give_opportunity(tx, me)
    elif phase == "recollection" and step == "":
        if first:
            enter(tx, "draw")
        else:
            _foster(tx, me)
            for iid in field_objects(state, me):
                fire(tx, "recollection_start", iid, me)
            enter(tx, "recollection", "open")  # GA 6.3(b)
            give_opportunity(tx, me)
    elif phase == "draw":
        if state.turn != 1:  # GA 5.5: the first player skips their first Draw Phase
            draw_cards(tx, me, 1)
            tx.log(f"{me} draws 1", "GA 6.4")
        enter(tx, "main")
    elif phase == "main" and step == "":
        enter(tx, "main", "open")
        give_opportunity(tx, me)
    elif phase == "end" and step == "":
        _end_start(tx, me)
        enter(tx, "end", "open")
        give_opportunity(tx, me)
    else:
        give_opportunity(tx, me)
    return True


def close_window(tx: Transaction) -> None:
    """Every player passed in succession on an empty stack: the phase or step goes on (GA 6.0, 8.2)."""
    from tabletop.games.grand_archive import combat
    state = tx.state
    me, phase, step = state.active, state.phase, state.step
    give_opportunity(tx, None)
    if phase == "materialize":
        enter(tx, "recollection")
    elif phase == "recollection":
        for iid in list(zone_of(state, me, "memory")):  # GA 6.3(c): cannot be responded to
            put(tx, iid, "hand")
        tx.log(f"{me} returns their memory to their hand", "GA 6.3c")
        enter(tx, "draw")
    elif phase == "main" and step == "open":
        enter(tx, "end")
    elif phase == "main" and step == "retaliation":
        combat.declare_retaliation(tx)
    elif phase == "main" and step == "damage":
        combat.deal_combat_damage(tx)
    elif phase == "end":
        _clean_up(tx)
        begin_turn(tx, state.opponent(me))


def _foster(tx: Transaction, me: str) -> None:
    """seed Foster 1: at the beginning of your recollection, an ally with Foster not dealt damage since the end of
    your previous turn becomes fostered (CR: only once); On Foster triggers."""
    state = tx.state
    for iid in field_objects(state, me):
        if card_type(state, iid) != "ally" or not keyword(state, iid, "foster") or state.cards[iid].props.get("fostered"):
            continue
        hurt = state.cards[iid].props.get("damaged_turn")
        if hurt is not None and hurt >= state.turn - 1:
            continue
        tx.set_prop(iid, "fostered", True)
        tx.log(f"{state.definition(iid).name} becomes fostered", "seed Foster 1")
        fire(tx, "on_foster", iid, me)


def _end_start(tx: Transaction, me: str) -> None:
    """GA 6.6(a): Vigor, Agility and "beginning of the end phase" abilities go on the stack."""
    state = tx.state
    for iid in field_objects(state, me):
        if card_type(state, iid) in ("ally", "champion") and keyword(state, iid, "vigor"):
            queue_ability(tx, me, iid, {"name": "Vigor", "do": [{"effect": "wake_up", "target": "self"}]},
                          trigger_event("end_phase_start", card=iid))  # seed Vigor 1
        fire(tx, "end_phase_start", iid, me)
    for player in [me, state.opponent(me)]:  # Δ CR Agility: each instance, each end phase
        amount = player_bonus(state, player, "agility")
        if amount:
            queue_ability(tx, player, None, {"name": f"Agility {amount}", "do": [
                {"effect": "_agility_return", "count": amount}]}, trigger_event("end_phase_start", player=player))


def _clean_up(tx: Transaction) -> None:
    """GA 6.6(c): allies' damage is removed; "this turn" effects end; Agility and Empower are lost."""
    state = tx.state
    for iid in field_objects(state):
        card = state.cards[iid]
        if card_type(state, iid) == "ally" and card.counters.get("damage"):
            tx.set_counter(iid, "damage", 0)
        mods = card.props.get("mods")
        if mods:
            kept = [m for m in mods if m.get("until") != "turn"]
            tx.set_prop(iid, "mods", kept or None)
        for prop in ("keywords", "shield", "distant"):
            if card.props.get(prop) is not None:
                tx.set_prop(iid, prop, None)
    if state.data.get("player_bonus"):
        tx.set_data("player_bonus", None)


@VOCABULARY.word("_agility_return", count=int)
def _agility_return(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """seed Agility 1: return N cards of your choice from memory to hand (as many as possible)."""
    me = str(procedure.ctx(tx.state, fi)["controller"])
    memory = list(zone_of(tx.state, me, "memory"))
    count = min(step["count"], len(memory))
    if count == 0:
        return True
    if count < len(memory):
        answer = procedure.take_answer(tx, fi)
        if answer is None:
            return procedure.ask(tx, fi, me, "agility", "pick", f"Agility: return {count} memory cards to your hand",
                                 memory, count, count, "seed Agility 1")
        memory = list(answer["picks"])
    for iid in memory[:count]:
        put(tx, iid, "hand")
    return True


# -- the stack (GA 8, 9.8) ---------------------------------------------------------------------------

@VOCABULARY.word("_choose_target", spec=str)
def _choose_target(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """GA 9.5 step 5: the controller declares the target as the activation goes on the stack."""
    ctx = procedure.ctx(tx.state, fi)
    me = str(ctx["controller"])
    options = candidates(tx.state, step["spec"], me, ctx.get("source"), bool(ctx.get("spell")))
    if not options:
        procedure.set_var(tx, fi, "vars", {**ctx["vars"], "target": None})
        return True
    if len(options) == 1:
        procedure.set_var(tx, fi, "vars", {**ctx["vars"], "target": options[0]})
        return True
    answer = procedure.take_answer(tx, fi)
    if answer is None:
        return procedure.ask(tx, fi, me, "target", "pick", f"{ctx.get('name')}: choose a target", options, 1, 1,
                             "GA 9.5")
    procedure.set_var(tx, fi, "vars", {**ctx["vars"], "target": answer["picks"][0]})
    return True


@VOCABULARY.word("_choose_link", options=list)
def _choose_link(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """seed Link 3: the object a Link card links to is declared as it goes on the stack."""
    ctx = procedure.ctx(tx.state, fi)
    options = [i for i in step["options"] if on_field(tx.state, i)]
    if len(options) > 1:
        answer = procedure.take_answer(tx, fi)
        if answer is None:
            return procedure.ask(tx, fi, str(ctx["controller"]), "link", "pick", f"{ctx.get('name')}: choose the "
                                 "object to link to", options, 1, 1, "seed Link 3")
        options = list(answer["picks"])
    procedure.set_var(tx, fi, "vars", {**ctx["vars"], "link": options[0] if options else None})
    return True


@VOCABULARY.word("_to_stack", kind=str, optional=bool)
def _to_stack(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Put the activation or triggered ability on the stack; the activator keeps Opportunity (GA 8.2)."""
    ctx = procedure.ctx(tx.state, fi)
    me = str(ctx["controller"])
    state = tx.state
    if step.get("optional") and step["kind"] == "ability":
        answer = procedure.take_answer(tx, fi)
        if answer is None:
            return procedure.ask(tx, fi, me, "use_ability", "yesno", f"use {ctx.get('name')}?", rule="GA 10.2")
        if not answer["yes"]:
            return True
    if step["kind"] == "ability" and first_choice(ctx["steps"]) is not None and ctx["vars"].get("target") is None:
        tx.log(f"{ctx.get('name')} has no legal target and is not put on the stack", "GA 10.2")
        return True
    props = dict(ctx.get("props") or {})
    card = ctx.get("card")
    if step["kind"] == "card" and ctx.get("spell"):
        empower = player_bonus(state, me, "empower")
        if empower:  # seed Empower 1: consumed by the next Spell activation
            props["empowered"] = empower
            bonuses = dict(state.data.get("player_bonus") or {})
            bonuses[me] = {k: v for k, v in bonuses[me].items() if k != "empower"}
            tx.set_data("player_bonus", bonuses)
    stack.push(tx, {"name": ctx.get("name") or "ability", "controller": me, "kind": ctx.get("item", step["kind"]),
                    "card": card, "source": ctx.get("source"), "steps": list(ctx["steps"]), "vars": dict(ctx["vars"]),
                    "props": props, "event": dict(ctx.get("event") or {}), "spell": bool(ctx.get("spell"))})
    tx.log(f"{me} puts {ctx.get('name')} on the stack", "GA 9.5")
    give_opportunity(tx, state.active if step["kind"] == "ability" else me)
    return True


def resolve_top(tx: Transaction) -> None:
    """GA 8.2 / 9.8: every player passed: the top item resolves as one atomic frame (no checks in between)."""
    give_opportunity(tx, None)
    item = stack.pop(tx)
    ctx = {"controller": item["controller"], "source": item.get("source"), "vars": item.get("vars", {}),
           "props": item.get("props", {}), "event": item.get("event", {}), "name": item["name"],
           "spell": item.get("spell", False), "card": item.get("card"), "kind": item["kind"]}
    steps: list[dict[str, Any]] = [{"effect": "_fizzle_check"}]
    if item["kind"] == "attack":
        steps.append({"effect": "_enter_intent"})
    steps += [dict(s) for s in item.get("steps", ())]
    steps.append({"effect": "_finish"})
    tx.log(f"{item['name']} resolves", "GA 9.8")
    card = item.get("card")
    if card is not None and card in tx.state.cards:
        for line in resolution_text_by_hand(tx.state.definition(card)):  # GA 10: its controller does this by hand
            tx.log(f"{item['controller']} carries out by hand: {line}", "GA 10 (by hand)")
    procedure.push(tx, steps, ctx, atomic=True)


@VOCABULARY.word("_fizzle_check")
def _fizzle_check(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """GA 9.8a: a required target that became illegal makes the activation fizzle."""
    ctx = procedure.ctx(tx.state, fi)
    target = ctx["vars"].get("target")
    link = ctx["vars"].get("link")
    if (target is not None and not is_legal_target(tx.state, target, bool(ctx.get("spell")))) or (
            link is not None and not on_field(tx.state, link)):
        procedure.set_var(tx, fi, "fizzled", True)
        tx.log(f"{ctx.get('name')}'s target is illegal: it fizzles", "GA 9.8a, seed Spellshroud 2")
    if ctx.get("kind") == "materialize" and ctx.get("card") is not None and card_type(
            tx.state, ctx["card"]) == "champion":
        from tabletop.games.grand_archive.costs import can_level_into
        if not can_level_into(tx.state, str(ctx["controller"]), ctx["card"]):
            procedure.set_var(tx, fi, "fizzled", True)
            tx.log(f"{ctx.get('name')} can no longer level up your champion: it fizzles", "GA 9.7a")
    return True


@VOCABULARY.word("_enter_intent")
def _enter_intent(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """GA 9.8f: an attack card resolves into the champion's intent and a combat begins (or it fizzles)."""
    from tabletop.games.grand_archive import combat
    ctx = procedure.ctx(tx.state, fi)
    if ctx.get("fizzled"):
        return True
    return combat.begin_from_intent(tx, fi)


@VOCABULARY.word("_finish")
def _finish(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """GA 9.8d–e: the card goes where it belongs (field, graveyard, banishment, Preserved); Opportunity follows."""
    state = tx.state
    ctx = procedure.ctx(state, fi)
    card, me, kind = ctx.get("card"), str(ctx["controller"]), ctx.get("kind")
    if card is not None and state.cards[card].zone == STACK_ZONE:
        typ = card_type(state, card)
        if ctx.get("fizzled"):
            put(tx, card, "banishment" if kind == "materialize" else "graveyard")
        elif kind == "materialize" and typ == "champion":
            level_up(tx, card, me)
        elif typ in ("ally", "weapon", "item", "domain", "phantasia"):
            enter_field(tx, card, me)
            link = ctx["vars"].get("link")
            if link is not None:
                tx.set_prop(card, "link", link)
        elif kind == "materialize":
            put(tx, card, "banishment")
        elif keyword(state, card, "preserve"):  # seed Preserve 1(b): to the material deck, Preserved
            preserve_card(tx, card)
        else:
            put(tx, card, "graveyard")
    give_opportunity(tx, state.active)
    return True


def run_step(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Run one step: a fizzled activation or a step whose restriction fails does nothing (GA 9.8a, 10.1)."""
    name = step["effect"]
    if not name.startswith("_"):
        ctx = procedure.ctx(tx.state, fi)
        if ctx.get("fizzled") or not step_holds(tx.state, fi, step):
            return True
    return bool(VOCABULARY.handlers[name](tx, fi, step))


PROCEDURES = procedure.Procedures(run_step, check, advance)


def run(tx: Transaction) -> None:
    """Run the game until a player must decide or act, or it ends."""
    procedure.drive(tx, PROCEDURES)

