"""Grand Archive combat (GA 7): attackers and targets, declaration, Intercept, retaliation, damage, end of combat."""
from __future__ import annotations

from typing import Any

from tabletop.engine import procedure
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.triggers import trigger_event
from tabletop.engine.zones import zone_id
from tabletop.games.grand_archive.effects import VOCABULARY, deal_damage
from tabletop.games.grand_archive.flow import (
    COMBAT, enter, fire, give_opportunity, put, queue_ability,
)
from tabletop.games.grand_archive.table import (
    card_type, champion, durability, field_objects, is_unit, keyword, keyword_number, lineage, obeys, on_field, power,
    zone_of,
)


def _sources(combat: dict[str, Any]) -> list[int]:
    """Return the cards the attack uses: the attacker, the wielded weapon, the attack card in the intent."""
    return [i for i in (combat.get("attacker"), combat.get("weapon"), combat.get("intent")) if i is not None]


def _any_keyword(state: GameState, cards: list[int], name: str) -> bool:
    """Tell whether any of the cards has a keyword."""
    return any(i in state.cards and keyword(state, i, name) for i in cards)


def sees_stealth(state: GameState, combat: dict[str, Any]) -> bool:
    """seed True Sight 1 (Δ CR: also attack cards): the attack may target Stealth units."""
    return _any_keyword(state, _sources(combat), "true_sight")


def attackers(state: GameState, player: str) -> list[tuple[int, int | None]]:
    """GA 7.1: (attacker, weapon) pairs: awake allies with power that obey (GA 10.6); the champion with a weapon
    that has durability, or with power of its own."""
    found: list[tuple[int, int | None]] = []
    top = champion(state, player)
    for iid in field_objects(state, player):
        if state.cards[iid].tapped:
            continue
        if card_type(state, iid) == "ally" and power(state, iid) > 0 and obeys(state, iid):
            found.append((iid, None))
    if top is not None and not state.cards[top].tapped:
        if power(state, top) > 0:
            found.append((top, None))
        for iid in field_objects(state, player):
            if card_type(state, iid) == "weapon" and durability(state, iid) > 0:
                found.append((top, iid))
    return found


def attack_targets(state: GameState, attacker: int, sources: list[int]) -> list[int]:
    """GA 7.2c: the opponent's units the attack may target: not Stealth without True Sight (seed Stealth 1); an awake
    Taunt unit must be chosen if able, unless the attack is Unblockable (seed Taunt 2, Unblockable 1)."""
    foe = state.opponent(state.cards[attacker].controller)
    sight = _any_keyword(state, sources, "true_sight")
    units = [i for i in field_objects(state, foe) if is_unit(state, i)
             and (sight or not keyword(state, i, "stealth"))]
    if _any_keyword(state, sources, "cleave"):  # seed Cleave 1: the attack targets the player: listed once
        top = champion(state, foe)
        return [top] if units and top is not None else units[:1]
    if not _any_keyword(state, sources, "unblockable"):
        taunting = [i for i in units if keyword(state, i, "taunt") and not state.cards[i].tapped]
        if taunting:
            return taunting
    return units


def _defenders(state: GameState, attacker: int, sources: list[int], target: int) -> list[int]:
    """The defenders: the target, or with Cleave every attackable unit of that player, fixed now (seed Cleave 3)."""
    if not _any_keyword(state, sources, "cleave"):
        return [target]
    foe = state.cards[target].controller
    sight = _any_keyword(state, sources, "true_sight")
    return [i for i in field_objects(state, foe) if is_unit(state, i) and (sight or not keyword(state, i, "stealth"))]


def begin_combat(tx: Transaction, player: str, attacker: int, weapon: int | None, intent: int | None,
                 target: int) -> None:
    """GA 7.2: the roles are set, combat begins, On Attack and Intercept trigger; the turn player gets Opportunity."""
    state = tx.state
    sources = [i for i in (attacker, weapon, intent) if i is not None]
    defenders = _defenders(state, attacker, sources, target)
    tx.set_data(COMBAT, {"controller": player, "attacker": attacker, "weapon": weapon, "intent": intent,
                         "target": target, "defenders": defenders, "retaliators": [], "hit": [],
                         "cleave": _any_keyword(state, sources, "cleave")})
    enter(tx, "main", "retaliation")
    names = ", ".join(state.definition(d).name for d in defenders)
    tx.log(f"{player} attacks {names} with {state.definition(attacker).name}"
           + (f" wielding {state.definition(weapon).name}" if weapon is not None else ""), "GA 7.2")
    for source in sources:
        fire(tx, "on_attack", source, player)
    foe = state.opponent(player)
    if (target == champion(state, foe) and not _any_keyword(state, sources, "cleave")
            and not _any_keyword(state, sources, "unblockable")):
        for iid in field_objects(state, foe):  # seed Intercept 1: whenever your champion is attacked
            if card_type(state, iid) == "ally" and keyword(state, iid, "intercept") and not state.cards[iid].tapped:
                queue_ability(tx, foe, iid, {"name": "Intercept", "do": [{"effect": "_intercept"}]},
                              trigger_event("attacked", card=target))
    give_opportunity(tx, state.active)


def declare_attack(tx: Transaction, player: str, attacker: int, weapon: int | None, target: int) -> None:
    """GA 7.2(a): rest the attacker as a cost, then begin the combat."""
    tx.set_field(attacker, "tapped", True)
    begin_combat(tx, player, attacker, weapon, None, target)


def begin_from_intent(tx: Transaction, fi: int) -> bool:
    """GA 9.8f: the attack card goes to the intent and the champion attacks; it fizzles when no combat can begin."""
    state = tx.state
    ctx = procedure.ctx(state, fi)
    me, card = str(ctx["controller"]), int(ctx["card"])
    top = champion(state, me)
    if state.phase != "main" or state.active != me or state.data.get(COMBAT) or top is None:
        procedure.set_var(tx, fi, "fizzled", True)
        tx.log(f"{ctx.get('name')}: no combat can begin now; it fizzles", "GA 9.8f")
        return True
    targets = attack_targets(state, top, [top, card])
    if not targets:
        procedure.set_var(tx, fi, "fizzled", True)
        tx.log(f"{ctx.get('name')} has nothing to attack; it fizzles", "GA 9.8f")
        return True
    if len(targets) > 1:
        answer = procedure.take_answer(tx, fi)
        if answer is None:
            return procedure.ask(tx, fi, me, "attack_target", "pick", f"{ctx.get('name')}: choose what to attack",
                                 targets, 1, 1, "GA 7.2c")
        targets = list(answer["picks"])
    tx.move(card, zone_id(me, "intent"), None)
    begin_combat(tx, me, top, None, card, targets[0])
    return True


@VOCABULARY.word("_intercept")
def _intercept(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """seed Intercept 1–2: the controller may redirect the attack to this awake ally; it fails if the ally does not
    obey (Pride) or is no legal target (Δ CR: not one already defending)."""
    state = tx.state
    ctx = procedure.ctx(state, fi)
    ally, me = ctx.get("source"), str(ctx["controller"])
    combat = state.data.get(COMBAT)
    if combat is None or ally is None or not on_field(state, ally) or state.cards[ally].tapped:
        return True
    answer = procedure.take_answer(tx, fi)
    if answer is None:
        return procedure.ask(tx, fi, me, "intercept", "yesno", f"Redirect the attack to {state.definition(ally).name}?",
                             rule="seed Intercept 1")
    if not answer["yes"]:
        return True
    if not obeys(state, ally):
        tx.log(f"{state.definition(ally).name} does not obey: the redirect fails", "seed Intercept 2, Pride 1")
        return True
    if ally in combat["defenders"] or (keyword(state, ally, "stealth") and not sees_stealth(state, combat)):
        tx.log(f"{state.definition(ally).name} cannot become the defender", "seed Intercept 1")
        return True
    tx.set_data(COMBAT, {**combat, "target": ally, "defenders": [ally]})
    tx.log(f"{me} redirects the attack to {state.definition(ally).name}", "seed Intercept 1")
    return True


def retaliation_candidates(state: GameState, combat: dict[str, Any]) -> list[int]:
    """GA 7.3c: awake defending units with power (Steadfast: even rested, seed Steadfast 1), and the defending
    player's awake allies with Ambush (seed Ambush 1)."""
    foe = state.opponent(combat["controller"])
    found = []
    for iid in field_objects(state, foe):
        if not is_unit(state, iid) or power(state, iid) + keyword_number(state, iid, "retort") <= 0:
            continue
        awake = not state.cards[iid].tapped or keyword(state, iid, "steadfast")
        if iid in combat["defenders"] and awake:
            found.append(iid)
        elif card_type(state, iid) == "ally" and keyword(state, iid, "ambush") and not state.cards[iid].tapped:
            found.append(iid)
    return found


def declare_retaliation(tx: Transaction) -> None:
    """GA 7.3c–d: the defending player chooses who retaliates; then the Damage step's Opportunity."""
    procedure.push(tx, [{"effect": "_choose_retaliators"}], {"controller": tx.state.active}, kind="flow", atomic=True)


@VOCABULARY.word("_choose_retaliators")
def _choose_retaliators(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """GA 7.3c: the defending player picks the units that retaliate; the non-Steadfast ones rest."""
    state = tx.state
    combat = state.data[COMBAT]
    options = retaliation_candidates(state, combat) if on_field(state, combat["attacker"]) else []
    chosen: list[int] = []
    if options:
        answer = procedure.take_answer(tx, fi)
        if answer is None:
            return procedure.ask(tx, fi, state.opponent(combat["controller"]), "retaliate", "pick",
                                 "Choose the units that retaliate", options, 0, len(options), "GA 7.3c")
        chosen = list(answer["picks"])
    for iid in chosen:
        if not keyword(state, iid, "steadfast"):
            tx.set_field(iid, "tapped", True)
    if chosen:
        tx.log("retaliating: " + ", ".join(state.definition(i).name for i in chosen), "GA 7.3c")
    tx.set_data(COMBAT, {**combat, "retaliators": chosen})
    enter(tx, "main", "damage")
    give_opportunity(tx, state.active)
    return True


def deal_combat_damage(tx: Transaction) -> None:
    """GA 7.4c: after every player passed in the Damage step: Critical, damage, then end of combat (checks between)."""
    procedure.push(tx, [{"effect": "_critical"}, {"effect": "_combat_damage"}, {"effect": "_end_combat"}],
                   {"controller": tx.state.active}, kind="flow")


def attack_power(state: GameState, combat: dict[str, Any]) -> int:
    """GA 7.4d: attacker + intent + wielded weapon; Ranged N while distant (seed Ranged 1); the inner lineage's
    inherited "attacks get +N" (seed Inherited 1)."""
    attacker = combat["attacker"]
    total = sum(power(state, i) for i in _sources(combat) if i in state.cards)
    if state.cards[attacker].props.get("distant"):
        total += keyword_number(state, attacker, "ranged")
    if combat.get("intent") is not None:
        owner = combat["controller"]
        for card in lineage(state, owner):
            for ability in state.definition(card).effects:
                if ability.get("inherited"):
                    total += sum(int(s.get("amount", 0)) for s in ability.get("do", ()) if s["effect"] == "attack_power")
    return total


VOCABULARY.add("attack_power", None, amount=int)  # static: read by attack_power (an inherited effect)


@VOCABULARY.word("_critical")
def _critical(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """seed Critical 1–3: the damage doubles unless an opponent discards N cards (instances add up; once)."""
    state = tx.state
    combat = state.data[COMBAT]
    need = sum(keyword_number(state, i, "critical") for i in _sources(combat) if i in state.cards)
    if not need or not combat["defenders"] or not on_field(state, combat["attacker"]):
        return True
    foe = state.opponent(combat["controller"])
    hand = list(zone_of(state, foe, "hand"))
    if len(hand) < need:
        tx.set_data(COMBAT, {**combat, "double": True})
        return True
    answer = procedure.take_answer(tx, fi)
    stage = procedure.ctx(state, fi).get("critical_stage")
    if answer is None:
        if stage == "discard":
            return procedure.ask(tx, fi, foe, "critical_discard", "pick", f"Critical {need}: choose the {need} cards "
                                 "to discard", hand, need, need, "seed Critical 1")
        return procedure.ask(tx, fi, foe, "critical", "yesno", f"Critical {need}: discard {need} cards to keep the "
                             "damage from doubling?", rule="seed Critical 1")
    if stage is None and answer.get("yes"):
        procedure.set_var(tx, fi, "critical_stage", "discard")
        return _critical(tx, fi, step)
    picks = list(answer.get("picks") or ()) if stage == "discard" else []
    for iid in picks:
        put(tx, iid, "graveyard")
    if not picks:
        tx.set_data(COMBAT, {**combat, "double": True})
    tx.log(f"{foe} discards {need} to Critical" if picks else "Critical doubles the damage", "seed Critical 1")
    return True


@VOCABULARY.word("_combat_damage")
def _combat_damage(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """GA 7.4c–f: simultaneous damage: the attacker to each defender, each retaliator (+Retort) to the attacker;
    the weapon loses 1 durability (once, even with Cleave); On Hit triggers."""
    state = tx.state
    combat = state.data[COMBAT]
    attacker = combat["attacker"]
    defenders = [d for d in combat["defenders"] if on_field(state, d)]
    amount = attack_power(state, combat) * (2 if combat.get("double") else 1) if on_field(state, attacker) else 0
    back = [(r, power(state, r) + keyword_number(state, r, "retort")) for r in combat["retaliators"]
            if on_field(state, r)]
    hit = []
    for defender in defenders:
        if amount > 0 and deal_damage(tx, defender, amount):
            hit.append(defender)
            tx.log(f"{state.definition(attacker).name} deals {amount} to {state.definition(defender).name}", "GA 7.4")
            for source in _sources(combat):
                fire(tx, "on_hit", source, combat["controller"], player=state.cards[defender].controller)
    for retaliator, value in back:
        if value > 0 and on_field(state, attacker):
            dealt = deal_damage(tx, attacker, value)
            tx.log(f"{state.definition(retaliator).name} retaliates for {dealt}", "GA 7.4")
    weapon = combat.get("weapon")
    if weapon is not None and on_field(state, weapon) and defenders and on_field(state, attacker):
        tx.set_counter(weapon, "durability", max(0, durability(state, weapon) - 1))
    tx.set_data(COMBAT, {**state.data[COMBAT], "hit": hit})
    return True


@VOCABULARY.word("_end_combat")
def _end_combat(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """GA 7.5: roles end, the intent's cards go to the graveyard, play returns to Main with Opportunity."""
    state = tx.state
    for player in state.players:
        for iid in list(zone_of(state, player, "intent")):
            put(tx, iid, "graveyard")
    tx.set_data(COMBAT, None)
    enter(tx, "main", "open")
    give_opportunity(tx, state.active)
    return True
