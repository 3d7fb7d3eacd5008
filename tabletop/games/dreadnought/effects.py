"""DreadNought's effect words: what an ability's `do` steps may say, each with its parameters' types.

Step words run on the procedure layer (`handler(tx, frame, step)`); the continuous words (`bp_bonus`,
`hp_value_bonus`, `forbid_triggers`, `discard_less`, `log_less`) have no handler and are read where they apply
(`abilities.py`). `to` names whom a step affects: target, self, blocker, attackers, own_units_in_area, own_units, enemy_units.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine import procedure
from tabletop.engine.card_filter import Seen
from tabletop.engine.transaction import Transaction
from tabletop.engine.vocabulary import Vocabulary
from tabletop.engine.zones import zone_id
from tabletop.games.dreadnought import abilities, table

VOCABULARY = Vocabulary("dreadnought")
WHOM = ("target", "self", "blocker", "attackers", "own_units_in_area", "own_units", "enemy_units")


def whom(tx: Transaction, fi: int, step: Mapping[str, Any]) -> list[int]:
    """Return the cards a step affects that are still where it expects them (units and casters in play)."""
    state = tx.state
    context = procedure.ctx(state, fi)
    source, controller = context.get("source"), context["controller"]
    to = step.get("to", "target")
    battle = state.data.get("battle") or {}
    if to == "target":
        found = [context["target"]] if context.get("target") is not None else []
    elif to == "self":
        found = [abilities.ability_holder(state, source)] if source is not None else []
    elif to == "blocker":
        found = [battle["blocker"]] if battle.get("blocker") is not None else []
    elif to == "attackers":
        found = list(battle.get("attackers", ()))
    elif to == "own_units_in_area":
        side = context.get("side") or (table.side_of(state, abilities.ability_holder(state, source))
                                       if source is not None else None)
        found = table.units(state, controller, side) if side else []
    elif to == "enemy_units":
        found = table.all_units(state, state.opponent(controller))
    else:
        found = table.all_units(state, controller)
    alive = set(abilities.existing(state))
    return [iid for iid in found if iid in alive]  # DN 7.5: a card that left play is no longer affected


def draw(tx: Transaction, player: str, count: int) -> None:
    """Draw cards; what the empty deck cannot give is taken from the casters' HP cards (DN 1.3)."""
    deck = zone_id(player, "deck")
    for drawn in range(count):
        if not tx.state.zones[deck].cards:
            owed = count - drawn
            tx.log(f"{player}'s deck is empty: {player} takes {owed} HP card(s) instead", "DN 1.3")
            procedure.push(tx, [{"effect": "_take_hp", "to": "hand"}] * owed, {"controller": player},
                           kind="flow", atomic=True)
            return
        tx.move(tx.state.zones[deck].cards[0], zone_id(player, "hand"), None)


@VOCABULARY.word("_take_hp", to=str)
def take_hp(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Take one HP card of a caster of the player's choice instead of a card of the empty deck (DN 1.3)."""
    player = procedure.ctx(tx.state, fi)["controller"]
    choices = [tx.state.zones[zone_id(player, f"hp.{s}")].cards[0] for s in table.SIDES if table.hp(tx.state, player, s)]
    if not choices:
        return True  # nothing left to take: the casters are at 0 HP (DN 1.3, the check ends the game)
    picked: int | None = choices[0] if len(choices) == 1 else None
    if picked is None:
        answer = procedure.take_answer(tx, fi)
        if answer is None:
            return procedure.ask(tx, fi, player, "take_hp", "pick", "your deck is empty: take an HP card of one "
                                 "of your casters", choices, 1, 1, "DN 1.3")
        picked = int(answer["picks"][0])
    target = zone_id(player, "speed" if step.get("to") == "speed" else "hand")
    tx.move(picked, target, None)
    tx.set_field(picked, "tapped", False)
    return True


@VOCABULARY.word("bp", amount=int, to=str)
def add_bp(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Change BP until the end of the turn."""
    for iid in whom(tx, fi, step):
        tx.set_prop(iid, "bp_turn", int(tx.state.cards[iid].props.get("bp_turn", 0)) + step["amount"])
    return True


@VOCABULARY.word("damage", amount=int, to=str)
def deal_damage(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Deal damage to units (a unit whose damage reaches its BP is broken by the rule check, DN 9.1)."""
    for iid in whom(tx, fi, step):
        if tx.state.definition(iid).card_type != "caster" or table.is_dummy(tx.state, iid):
            tx.set_counter(iid, "damage", tx.state.cards[iid].counters.get("damage", 0) + step["amount"])
    return True


@VOCABULARY.word("damage_shares")
def deal_damage_shares(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Deal each target the share of the damage it was given as the ability was played (DN 7.5 step 4)."""
    alive = set(abilities.existing(tx.state))
    for iid, share in procedure.ctx(tx.state, fi).get("shares") or ():
        if iid in alive and (tx.state.definition(iid).card_type != "caster" or table.is_dummy(tx.state, iid)):
            tx.set_counter(iid, "damage", tx.state.cards[iid].counters.get("damage", 0) + int(share))
    return True


@VOCABULARY.word("check", to=str)
def check_cards(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Put cards into Check state."""
    for iid in whom(tx, fi, step):
        tx.set_field(iid, "tapped", True)
    return True


@VOCABULARY.word("draw", count=int)
def draw_step(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """The controller draws cards."""
    draw(tx, procedure.ctx(tx.state, fi)["controller"], step.get("count", 1))
    return True


@VOCABULARY.word("look_top", may_bottom=bool)
def look_top(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Look at the top card of your deck; you may put it on the bottom."""
    player = procedure.ctx(tx.state, fi)["controller"]
    deck = tx.state.zones[zone_id(player, "deck")].cards
    if not deck or not step.get("may_bottom", True):
        return True
    answer = procedure.take_answer(tx, fi)
    if answer is None:
        tx.reveal(deck[0], player)   # looked at: seen by its player only, until it moves
        return procedure.ask(tx, fi, player, "bottom", "yesno",
                             f"put {tx.state.definition(deck[0]).name} on the bottom of your deck?", rule="DN 7.5")
    if answer.get("yes"):
        tx.move(deck[0], zone_id(player, "deck"), None)
    return True


@VOCABULARY.word("recycle", filter=dict)
def recycle(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Put a card of your discard pile that passes the filter on the bottom of your deck."""
    context = procedure.ctx(tx.state, fi)
    player = context["controller"]
    seen = Seen(tx.state, player, context.get("source"))
    found = abilities.FILTER.select(seen, tx.state.zones[zone_id(player, "discard")].cards, step.get("filter"))
    if not found:
        return True
    answer = procedure.take_answer(tx, fi) if len(found) > 1 else {"picks": [found[0]]}
    if answer is None:
        return procedure.ask(tx, fi, player, "recycle", "pick", "put a card of your discard pile on the bottom "
                             "of your deck", found, 1, 1, "DN 7.5")
    tx.move(int(answer["picks"][0]), zone_id(player, "deck"), None)
    return True


@VOCABULARY.word("move_self")
def move_self(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Move this unit to your other unit slot, if it fits there (DN 3.1)."""
    source = procedure.ctx(tx.state, fi).get("source")
    if source is None or not table.zone_name(tx.state, source).startswith("units."):
        return True
    player = tx.state.cards[source].controller
    other = [s for s in table.SIDES if s != table.side_of(tx.state, source)][0]
    if table.fits(tx.state, player, other, table.size(tx.state, source)):
        tx.move(source, zone_id(player, f"units.{other}"), None)
    return True


@VOCABULARY.word("speed_boost", amount=int)
def speed_boost(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Your speed card gets more SP until the end of the turn."""
    player = procedure.ctx(tx.state, fi)["controller"]
    for iid in tx.state.zones[zone_id(player, "speed")].cards:
        tx.set_prop(iid, "sp_turn", int(tx.state.cards[iid].props.get("sp_turn", 0)) + step["amount"])
    return True


@VOCABULARY.word("break_hp", count=int, to=str)
def break_hp(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Break HP cards of casters: each goes closed and checked to its owner's Burst Area (DN 6.3, 6.5)."""
    for iid in whom(tx, fi, step):
        side = table.side_of(tx.state, iid)
        if side is not None and tx.state.definition(iid).card_type == "caster":
            break_hp_cards(tx, tx.state.cards[iid].controller, side, step.get("count", 1))
    return True


def break_hp_cards(tx: Transaction, player: str, side: str, count: int) -> None:
    """Move HP cards of one caster to the Burst Area, closed and checked (DN 6.3)."""
    for _ in range(count):
        cards = tx.state.zones[zone_id(player, f"hp.{side}")].cards
        if not cards:
            return
        iid = cards[0]
        tx.move(iid, zone_id(player, "burst"))
        tx.set_field(iid, "face_down", True)
        tx.set_field(iid, "tapped", True)
        tx.log(f"an HP card of {player}'s {side} caster is broken", "DN 6.3")


VOCABULARY.add("bp_bonus", None, amount=int, to=dict)
VOCABULARY.add("hp_value_bonus", None, amount=int)
VOCABULARY.add("forbid_triggers", None, to=dict)
VOCABULARY.add("discard_less", None, amount=int)
VOCABULARY.add("log_less", None, amount=int)


def ability_problems(data: Mapping[str, Any]) -> list[str]:
    """Return one line per problem with a card mapping's abilities (timing, keys, steps, filters)."""
    problems: list[str] = []
    raw = data.get("effects") or []
    if not isinstance(raw, list):
        return ["effects must be a list"]
    for number, ability in enumerate(raw):
        where = f"effects[{number}]"
        if not isinstance(ability, Mapping):
            problems.append(f"{where}: an ability is a mapping")
            continue
        if ability.get("timing") not in abilities.TIMINGS:
            problems.append(f"{where}: timing must be one of {', '.join(abilities.TIMINGS)}")
        problems += [f"{where}: unknown key {key!r}" for key in ability if key not in abilities.ABILITY_KEYS]
        if ability.get("timing") == "trigger" and ability.get("when") not in abilities.TRIGGER_EVENTS:
            problems.append(f"{where}: a trigger needs 'when' ({', '.join(abilities.TRIGGER_EVENTS)})")
        if "target" in ability:
            problems += abilities.FILTER.unknown_keys(f"{where}.target", ability["target"])
        modes = ability.get("modes") or []
        if not isinstance(modes, list) or not all(isinstance(m, list) for m in modes):
            problems.append(f"{where}: modes must be a list of effects, each a list of steps")
            modes = []
        choose = ability.get("choose", 1)
        if modes and not (isinstance(choose, int) and 1 <= choose <= len(modes)):
            problems.append(f"{where}: choose must be a number from 1 to {len(modes)} (the effects listed)")
        spread = ability.get("distribute")
        if spread is not None and not (isinstance(spread, Mapping) and ability.get("target")
                                       and ability.get("timing") in abilities.ACTIVATED
                                       and all(isinstance(spread.get(k, 1), int) and spread.get(k, 1) > 0
                                               for k in ("amount", "step", "up_to")) and "amount" in spread):
            problems.append(f"{where}: distribute is {{amount, step, up_to}} (positive numbers) on an activated "
                            "ability with a target")
        steps = [(f"{where}.do[{i}]", step) for i, step in enumerate(ability.get("do") or [])]
        steps += [(f"{where}.modes[{m}][{i}]", step) for m, mode in enumerate(modes) for i, step in enumerate(mode)]
        for at, step in steps:
            problems += VOCABULARY.check_step(at, step)
            if isinstance(step, Mapping) and isinstance(step.get("to"), Mapping):
                problems += abilities.FILTER.unknown_keys(f"{at}.to", step["to"])
            elif isinstance(step, Mapping) and isinstance(step.get("to"), str) and step["to"] not in WHOM:
                problems.append(f"{at}: 'to' must be one of {', '.join(WHOM)}")
    return problems
