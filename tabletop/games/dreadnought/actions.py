"""What a DreadNought player may do now, listed in full, and how each action is carried out (DN 5–7).

`legal` lists every action the rules allow the player who may act; `perform` carries out a listed one;
`refusal` says, in the player's words and citing the rule, why an unlisted one is refused.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import combinations
from typing import Any

from tabletop.engine import procedure
from tabletop.engine.commands import Command, PassPriority
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.triggers import trigger_event
from tabletop.engine.zones import zone_id
from tabletop.games.dreadnought import abilities, flow, loops, table
from tabletop.games.dreadnought.commands import (
    Attack, CastDummy, CastUnit, DiscardUnit, EnchantArms, GearChange, GodDraw, MoveUnit, UseAbility)

PHASE_TIMING = {"speed": "speed", "cast": "cast", "fast": "fast", "action": "ac"}


def playable_from_hand(state: GameState, player: str) -> list[int]:
    """Return the cards a player may play as if from hand: the hand and an open speed card (DN 3.6)."""
    speed = [i for i in state.zones[zone_id(player, "speed")].cards if not state.cards[i].face_down]
    return list(state.zones[zone_id(player, "hand")].cards) + speed


def current_timing(state: GameState, player: str) -> str | None:
    """Return the timing label the player may use now: the phase's, or 「Re」 while holding the reaction right."""
    if flow.actor(state) != player:
        return None
    reaction = state.data.get("reaction")
    if reaction and reaction.get("passes", 0) < 2:
        return "re"
    return PHASE_TIMING.get(state.phase)


def legal(state: GameState, player: str) -> list[Command]:
    """Return every action the rules allow `player` now (empty when another player acts); do not mutate it."""
    return state.memo(_legal_key(player), lambda: list(iter_legal(state, player)))


def iter_legal(state: GameState, player: str) -> Iterator[Command]:
    """Yield what `legal` lists, in its order, one at a time (all at once when already listed): a bot asking
    whether it has a choice stops at the second."""
    listed = state.memo_values.get(_legal_key(player))
    if listed is not None:
        yield from listed
        return
    ended = loops.spent(state)
    for command in _legal(state, player):
        if not ended or loops.command_text(command) not in ended:  # DN 9.4: an ended loop is not repeated
            yield command


def _legal_key(player: str) -> str:
    return f"dn.legal.{player}"


def _legal(state: GameState, player: str) -> Iterator[Command]:
    timing = current_timing(state, player)
    if timing is None:
        return
    yield PassPriority(by=player)
    yield from (GodDraw(by=player, card=i) for i in state.zones[zone_id(player, "burst")].cards
                if not state.cards[i].tapped)
    yield from ability_plays(state, player, timing)
    if timing == "speed" and player not in (state.data.get("gear") or ()):
        yield from (GearChange(by=player, card=i) for i in state.zones[zone_id(player, "hand")].cards)
    elif timing == "cast":
        yield from cast_actions(state, player)
    elif timing == "fast":
        yield from (EnchantArms(by=player, card=i, side=s) for i in playable_from_hand(state, player)
                    if state.definition(i).card_type == "arms" for s in table.SIDES if _can_enchant(state, player, s))
    elif timing == "ac":
        yield from attacks(state, player)


def is_listed(state: GameState, command: Command) -> bool:
    """Tell whether `legal` lists a command, looking only at the actions of its kind (the rules' check of a
    submitted command, made on every lookahead copy: the whole list would cost more)."""
    player = command.by
    timing = current_timing(state, player)
    if timing is None:
        return False
    if loops.spent(state) and loops.command_text(command) in loops.spent(state):
        return False
    if isinstance(command, PassPriority):
        return True
    if isinstance(command, UseAbility):
        return command in ability_plays(state, player, timing, only=command.card)
    if isinstance(command, GodDraw):
        return (command.card in state.zones[zone_id(player, "burst")].cards
                and not state.cards[command.card].tapped)
    if isinstance(command, GearChange):
        return (timing == "speed" and player not in (state.data.get("gear") or ())
                and command.card in state.zones[zone_id(player, "hand")].cards)
    if isinstance(command, (CastUnit, CastDummy, DiscardUnit, MoveUnit)):
        return timing == "cast" and command in cast_actions(state, player, only=command.card)
    if isinstance(command, EnchantArms):
        return (timing == "fast" and command.card in playable_from_hand(state, player)
                and state.definition(command.card).card_type == "arms" and command.side in table.SIDES
                and _can_enchant(state, player, command.side))
    if isinstance(command, Attack):
        ready = [u for u in table.all_units(state, player) if not state.cards[u].tapped]
        chosen = set(command.attackers)
        return (timing == "ac" and bool(command.attackers) and len(chosen) == len(command.attackers)
                and list(command.attackers) == [u for u in ready if u in chosen]
                and command.side in attack_targets(state, player))
    return False


def _can_enchant(state: GameState, player: str, side: str) -> bool:
    return (table.caster(state, player, side) is not None
            and not state.zones[zone_id(player, f"arms.{side}")].cards)  # DN 5.4: at most one per caster


def cast_actions(state: GameState, player: str, only: int | None = None) -> Iterator[Command]:
    """Yield the cast actions (DN 5.3 a–d), those of one card when `only` names it."""
    payers = [c for s in table.SIDES if (c := table.caster(state, player, s)) is not None and not state.cards[c].tapped]
    payers += [i for i in state.zones[zone_id(player, "burst")].cards if not state.cards[i].tapped]
    room = {side: table.room(state, player, side) for side in table.SIDES}
    helpers: list[int] | None = None   # the 《Cost》 helpers, read only for a unit with a log-cost
    for iid in playable_from_hand(state, player):
        if only is not None and iid != only:
            continue
        definition = state.definition(iid)
        if definition.card_type == "unit":
            points = table.SIZES.get(str(definition.attributes.get("size", "S")), 1)
            for side in table.SIDES:
                if points > room[side]:
                    continue
                if definition.cost and helpers is None:
                    helpers = [h for h in abilities.cost_helpers(state, player)
                               if abilities.cost_reduction(state, h, "log_less")]
                for helper in [None, *(helpers or ())]:
                    need = max(0, (definition.cost or 0) - abilities.cost_reduction(state, helper, "log_less"))
                    for pay in combinations([p for p in payers if p != helper], need):
                        yield CastUnit(by=player, card=iid, side=side, pay=tuple(pay), cost_help=helper)
    for iid in state.zones[zone_id(player, "hand")].cards:
        if only is not None and iid != only:
            continue
        for side in table.SIDES:
            if room[side] >= 1:
                yield CastDummy(by=player, card=iid, side=side)
    for side in table.SIDES:
        other = "right" if side == "left" else "left"
        for iid in table.units(state, player, side):
            if only is not None and iid != only:
                continue
            yield DiscardUnit(by=player, card=iid)
            if table.size(state, iid) <= room[other]:
                yield MoveUnit(by=player, card=iid, side=other)


def attack_targets(state: GameState, player: str) -> list[str]:
    """Return the enemy battle areas that hold a unit or a caster with HP ≥ 1 (DN 6.1.3)."""
    enemy = state.opponent(player)
    return [s for s in table.SIDES if flow.blockers(state, enemy, s)]


def attacks(state: GameState, player: str) -> Iterator[Command]:
    """Yield every attack: any non-empty group of Normal-state units, at one enemy battle area (DN 6.1.1–3)."""
    ready = [u for u in table.all_units(state, player) if not state.cards[u].tapped]
    sides = attack_targets(state, player)
    for count in range(1, len(ready) + 1):
        for group in combinations(ready, count):
            for side in sides:
                yield Attack(by=player, attackers=tuple(group), side=side)


def _ability_cards(state: GameState, player: str) -> list[int]:
    cards = [i for i in abilities.sources(state) if state.cards[i].controller == player]
    return cards + list(state.zones[zone_id(player, "hand")].cards)


def ability_plays(state: GameState, player: str, timing: str, only: int | None = None) -> Iterator[Command]:
    """Yield every play of an activated ability or code effect of `timing` (DN 7.5: targets and costs), of one
    card when `only` names it."""
    used = set(state.data.get("used") or ())
    helpers: list[int] | None = None   # the 《Cost》 helpers, read only for an ability with a discard cost
    hand: list[int] | None = None      # the cards a discard cost may take, read only for such an ability
    cards = _ability_cards(state, player)
    for iid in cards if only is None else [c for c in cards if c == only]:
        if not abilities.has_timing(state, iid, timing):
            continue
        found = abilities.abilities(state, iid)
        for number, ability in enumerate(found):
            if ability.get("timing") != timing or not abilities.is_valid(state, iid, ability):
                continue
            if timing in abilities.ONCE_PER_TURN and f"{iid}:{number}" in used:
                continue
            cost = ability.get("cost") or {}
            holder = abilities.ability_holder(state, iid)
            if cost.get("check_self") and state.cards[holder].tapped:
                continue
            divided = ability.get("distribute")
            chosen_one = ability.get("target") and not divided
            choices = abilities.targets(state, player, iid, ability) if chosen_one else [None]
            spreads = abilities.distributions(state, player, iid, ability)
            if cost.get("discard") and helpers is None:
                helpers = [h for h in abilities.cost_helpers(state, player)
                           if abilities.cost_reduction(state, h, "discard_less")]
                hand = playable_from_hand(state, player)
            for helper in [None, *(helpers or ())] if cost.get("discard") else [None]:
                need = max(0, int(cost.get("discard", 0)) - abilities.cost_reduction(state, helper, "discard_less"))
                payable = [c for c in hand or () if c not in (iid, helper)] if need else []
                for paid in combinations(payable, need):
                    for modes in abilities.mode_choices(ability):
                        for target in choices:
                            for chosen, shares in spreads:
                                yield UseAbility(by=player, card=iid, ability=number, modes=modes, target=target,
                                                 targets=chosen, shares=shares, discard=tuple(paid), cost_help=helper)


# -- carrying out ----------------------------------------------------------------------------------

def perform(tx: Transaction, command: Command) -> None:
    """Carry out a listed action."""
    state = tx.state
    player = command.by
    if isinstance(command, PassPriority):
        _pass(tx, player)
    elif isinstance(command, GearChange):
        for iid in list(state.zones[zone_id(player, "speed")].cards):
            tx.move(iid, zone_id(player, "discard"))
        tx.move(command.card, zone_id(player, "speed"))
        tx.set_field(command.card, "face_down", True)
        tx.set_data("gear", [*(state.data.get("gear") or ()), player])
        tx.log(f"{player} changes gear: a new speed card is placed closed", "DN 5.1")
    elif isinstance(command, CastUnit):
        if command.cost_help is not None:
            pay_cost_help(tx, command.cost_help)
        for payer in command.pay:
            tx.set_field(payer, "tapped", True)
        tx.move(command.card, zone_id(player, f"units.{command.side}"), None)
        tx.set_field(command.card, "face_down", False)
        tx.set_field(command.card, "tapped", False)
        tx.log(f"{player} casts {state.definition(command.card).name}" +
               (f", paying log-cost {len(command.pay)}" if command.pay else ""), "DN 5.3 a")
        flow.count_triggers(tx, trigger_event("cast", command.card, player))
    elif isinstance(command, CastDummy):
        tx.move(command.card, zone_id(player, f"units.{command.side}"), None)
        tx.set_field(command.card, "face_down", True)
        tx.set_field(command.card, "tapped", True)
        tx.log(f"{player} casts a dummy", "DN 5.3 b")
    elif isinstance(command, DiscardUnit):
        tx.log(f"{player} discards a unit (not a break)", "DN 5.3 c")
        tx.move(command.card, zone_id(player, "discard"))
        tx.clear_card(command.card)
    elif isinstance(command, MoveUnit):
        tx.move(command.card, zone_id(player, f"units.{command.side}"), None)
        tx.log(f"{player} moves {table.public_name(state, command.card)}", "DN 5.3 d")
    elif isinstance(command, EnchantArms):
        tx.move(command.card, zone_id(player, f"arms.{command.side}"))
        tx.set_field(command.card, "face_down", False)
        tx.log(f"{player} enchants {state.definition(command.card).name} onto the {command.side} caster", "DN 5.4")
    elif isinstance(command, GodDraw):
        tx.move(command.card, zone_id(player, "hand"), None)
        tx.set_field(command.card, "face_down", False)
        tx.log(f"{player} god-draws a Burst card", "DN 5.7")
    elif isinstance(command, Attack):
        _attack(tx, command)
    elif isinstance(command, UseAbility):
        play_ability(tx, command)


def _pass(tx: Transaction, player: str) -> None:
    state = tx.state
    reaction = state.data.get("reaction")
    if reaction and reaction.get("passes", 0) < 2:
        tx.set_data("reaction", {"holder": state.opponent(player), "passes": reaction.get("passes", 0) + 1})
        return
    acting = dict(state.data["acting"])
    if "actor" in acting:
        tx.set_data("acting", {"actor": state.opponent(player), "passes": acting.get("passes", 0) + 1})
        tx.log(f"{player} passes", "DN 5.5")
    else:
        tx.set_data("acting", {**acting, "index": acting["index"] + 1})
        tx.log(f"{player} has finished the {state.phase} phase's actions", f"DN 5 ({state.phase})")


def _attack(tx: Transaction, command: Attack) -> None:
    state = tx.state
    for iid in command.attackers:
        tx.set_field(iid, "tapped", True)  # DN 6.1.2: checked as the cost
        tx.set_prop(iid, "attacking", True)
    defender = state.opponent(command.by)
    tx.set_data("battle", {"attacker": command.by, "defender": defender, "attackers": list(command.attackers),
                           "side": command.side, "blocker": None})
    names = ", ".join(table.public_name(state, i) for i in command.attackers)
    tx.log(f"{command.by} attacks {defender}'s {command.side} battle area with {names}", "DN 6.1")
    for iid in command.attackers:
        flow.count_triggers(tx, trigger_event("attacks", iid, command.by))
    procedure.push(tx, [{"effect": "_block"}, {"effect": "_react", "first": defender}, {"effect": "_resolve_area"},
                        {"effect": "_damage"}, {"effect": "_next_action"}], {}, kind="flow")


def play_ability(tx: Transaction, command: UseAbility) -> None:
    """Play an ability: onto the Effect Area (or its card, from outside the Battle Area), targets, costs (DN 7.5)."""
    state = tx.state
    player, iid = command.by, command.card
    ability = abilities.abilities(state, iid)[command.ability]
    timing = str(ability["timing"])
    moved = table.side_of(state, iid) is None
    if moved:  # DN 7.5 step 1: played from outside the Battle Area, the card itself moves
        tx.move(iid, table.EFFECT_AREA, 0)
        tx.set_field(iid, "face_down", False)
    cost = ability.get("cost") or {}
    if cost.get("check_self"):
        tx.set_field(abilities.ability_holder(state, iid), "tapped", True)
    if command.cost_help is not None:
        pay_cost_help(tx, command.cost_help)
    for paid in command.discard:
        tx.move(paid, zone_id(player, "discard"))
        tx.clear_card(paid)
    if timing in abilities.ONCE_PER_TURN:
        tx.set_data("used", [*(state.data.get("used") or ()), f"{iid}:{command.ability}"])
    entry = {"card": iid, "ability": command.ability, "controller": player, "target": command.target, "moved": moved,
             "modes": list(command.modes), "shares": [list(pair) for pair in zip(command.targets, command.shares)]}
    tx.set_data("effect_area", [*(state.data.get("effect_area") or ()), entry])
    name = ability.get("name") or state.definition(iid).name
    tx.log(f"{player} plays {name} ({timing})", "DN 7.5")
    if timing not in abilities.REACTABLE:  # DN 7.3: resolves without any reaction
        procedure.push(tx, [{"effect": "_resolve_area"}], {}, kind="flow")
    elif state.data.get("reaction"):      # a reaction: the right passes to the other player
        tx.set_data("reaction", {"holder": state.opponent(player), "passes": 0})
    else:                                  # an action: the opponent may react first
        procedure.push(tx, [{"effect": "_react", "first": state.opponent(player)}, {"effect": "_resolve_area"},
                            {"effect": "_next_action"}], {}, kind="flow")


def pay_cost_help(tx: Transaction, helper: int) -> None:
    """Play a card's 《Cost》 ability for the cost being determined: pay its own cost (DN 7.2, once per payment)."""
    helper_cost = next((a.get("cost") or {} for a in abilities.abilities(tx.state, helper)
                        if a.get("timing") == "cost"), {})
    if helper_cost.get("check_self"):
        tx.set_field(helper, "tapped", True)
    tx.log(f"{tx.state.definition(helper).name}'s 《Cost》 ability changes the cost", "DN 7.2")


# -- refusals --------------------------------------------------------------------------------------

def refusal(state: GameState, command: Command) -> IllegalCommand:
    """Return why an unlisted command is refused, citing the rule in the player's words."""
    player = command.by
    if flow.actor(state) != player:
        who = flow.actor(state)
        return IllegalCommand("DN 5", f"it is not your action now{f' ({who} acts)' if who else ''}")
    timing = current_timing(state, player)
    if loops.command_text(command) in loops.spent(state):
        return IllegalCommand("DN 9.4", "that play made a loop this phase, which has ended: it cannot be repeated")
    phase_rules: Mapping[type, tuple[str, str, str]] = {
        GearChange: ("speed", "DN 5.1", "Gear Change is a speed action, once per turn, with a card from your hand"),
        CastUnit: ("cast", "DN 5.3", "units are cast in the Cast Phase, from hand or an open speed card, into a "
                                     "unit slot with room (at most 2 units, sizes totalling 3), paying the log-cost"),
        CastDummy: ("cast", "DN 5.3 b", "a dummy is cast in the Cast Phase from hand into a unit slot with room"),
        DiscardUnit: ("cast", "DN 5.3 c", "you discard one of your units in the Cast Phase"),
        MoveUnit: ("cast", "DN 5.3 d", "a unit moves in the Cast Phase to your other unit slot if it fits there"),
        EnchantArms: ("fast", "DN 5.4", "Arms are enchanted in the Fast Phase onto a caster without one"),
        Attack: ("ac", "DN 6.1", "attack in the Action Phase with Normal-state units at an enemy battle area "
                               "holding a unit or a caster with HP 1 or more"),
        GodDraw: (timing or "", "DN 5.7", "only a Normal-state Burst card can be god-drawn"),
    }
    if isinstance(command, UseAbility):
        return _ability_refusal(state, command, timing)
    wanted = phase_rules.get(type(command))
    if wanted is None:
        return IllegalCommand("DN", f"{command.command_name()} is not a DreadNought action")
    return IllegalCommand(wanted[1], wanted[2] if timing == wanted[0] else f"not now: {wanted[2]}")


def _ability_refusal(state: GameState, command: UseAbility, timing: str | None) -> IllegalCommand:
    found = abilities.abilities(state, command.card) if command.card in state.cards else ()
    if not 0 <= command.ability < len(found):
        return IllegalCommand("DN 7.2", "that card has no such ability")
    ability: Mapping[str, Any] = found[command.ability]
    label = {"ac": "「Ac」", "re": "「Re」"}.get(str(ability.get("timing")), f"《{str(ability.get('timing')).title()}》")
    if ability.get("timing") != timing:
        return IllegalCommand("DN 7.2", f"a {label} ability cannot be played now")
    if not abilities.is_valid(state, command.card, ability) or state.cards[command.card].controller != command.by:
        return IllegalCommand("DN 7.4", "that ability is not valid where its card is now")
    if f"{command.card}:{command.ability}" in (state.data.get("used") or ()) and timing in abilities.ONCE_PER_TURN:
        return IllegalCommand("DN 7.5", f"each {label} ability is played once per turn per card")
    if tuple(command.modes) not in abilities.mode_choices(ability):
        count = int(ability.get("choose", 1))
        return IllegalCommand("DN 7.5", f"choose {count} of the ability's {len(ability.get('modes') or ())} effects"
                              if ability.get("modes") else "this ability has no list of effects to choose from")
    spread = ability.get("distribute")
    if spread and (tuple(command.targets), tuple(command.shares)) not in abilities.distributions(
            state, command.by, command.card, ability):
        return IllegalCommand("DN 7.5", f"divide {spread['amount']} among 1 to {spread.get('up_to', 1)} different "
                              f"legal targets, in steps of {spread.get('step', 1)}, as the play is made")
    if ability.get("target") and not spread and \
            command.target not in abilities.targets(state, command.by, command.card, ability):
        return IllegalCommand("DN 7.5", "no legal target: the ability must choose a card that meets its conditions")
    return IllegalCommand("DN 8", "the cost is not paid as the ability asks (check, discards, one 《Cost》 ability)")
