"""The DreadNought turn as frames of the procedure layer: Speed → Draw → Cast → Fast → Action → End (DN 5),
the battle (DN 6), the Effect Area resolved top first (DN 3.4, 7.5) and the Process Window (DN 7.6–7.7).

Data facts (bookkeeping of the turn): `first` (this turn's first player), `speed_order` (faster, slower),
`acting` (whose action it is: `order`+`index` in the Speed, Cast and Fast Phases, `actor`+`passes` in the
Action Phase), `reaction` (the reaction right: `holder`, `passes`), `effect_area` (entries, top last),
`battle`, `used` (once-per-turn abilities played), `gear` (players who changed gear), `triggered` (trigger counts).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine import procedure
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.triggers import trigger_event
from tabletop.engine.zones import zone_id
from tabletop.games.dreadnought import abilities, table
from tabletop.games.dreadnought.effects import VOCABULARY, break_hp_cards, draw
from tabletop.games.dreadnought.parameters import parameter

PHASES = ("speed", "draw", "cast", "fast", "action", "end")
TURN_STEPS: Mapping[str, list[dict[str, Any]]] = {
    "speed": [{"effect": "_open_speed"}, {"effect": "_act", "phase": "speed"}, {"effect": "_open_speed", "final": True}],
    "draw": [{"effect": "_draw"}],
    "cast": [{"effect": "_act", "phase": "cast"}],
    "fast": [{"effect": "_act", "phase": "fast"}],
    "action": [{"effect": "_action"}],
    "end": [{"effect": "_end"}],
}


def turn_steps(start: str = "speed") -> list[dict[str, Any]]:
    """Return the steps of a turn from one phase on."""
    return [step for name in PHASES[PHASES.index(start):] for step in TURN_STEPS[name]]


# -- who acts --------------------------------------------------------------------------------------

def actor(state: GameState) -> str | None:
    """Return the player who may act now (the reaction right first), or None while nobody acts."""
    reaction = state.data.get("reaction")
    if reaction and reaction.get("passes", 0) < 2:
        return str(reaction["holder"])
    acting = state.data.get("acting")
    if not acting:
        return None
    if "actor" in acting:
        return str(acting["actor"]) if acting.get("passes", 0) < 2 else None
    order, index = acting["order"], acting["index"]
    return str(order[index]) if index < len(order) else None


def trigger_priority(state: GameState) -> str:
    """Return the player whose triggered abilities are played first (DN 7.6 e)."""
    if state.phase == "speed" and state.data.get("speed_order"):
        return str(state.data["speed_order"][0])
    acting = state.data.get("acting") or {}
    if state.phase == "action" and acting.get("actor"):
        return str((state.data.get("battle") or {}).get("attacker") or acting["actor"])
    return table.first_player(state)


# -- the phases ------------------------------------------------------------------------------------

def _enter(tx: Transaction, phase: str) -> None:
    if tx.state.phase != phase:
        tx.set_table("phase", phase)
        tx.set_table("step", "")
        tx.log(f"{phase} phase", f"DN 5 ({phase})")


@VOCABULARY.word("_open_speed", final=bool)
def open_speed(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Open the speed cards and compare SP, burning ties (DN 5.1 steps 1–2 and 5)."""
    state = tx.state
    _enter(tx, "speed")
    if not step.get("final"):
        tx.set_data("first", None)
        empty = [p for p in state.players if not state.zones[zone_id(p, "speed")].cards
                 and state.zones[zone_id(p, "hand")].cards]
        if empty and parameter(state, "speed_card_source") == "hand":
            procedure.insert_steps(tx, fi, [*({"effect": "_set_speed", "player": p} for p in empty), dict(step)])
            return True  # DN 5.1 [?]: each player sets a speed card from hand first, then they are opened
    for player in state.players:
        speed = zone_id(player, "speed")
        if not state.zones[speed].cards and not _refill_speed(tx, player):
            procedure.insert_steps(tx, fi, [dict(step)])
            return True  # an HP card is taken as the speed card first, then SP is compared again
    for _ in range(200):
        cards = {p: state.zones[zone_id(p, "speed")].cards[0] for p in state.players}
        for iid in cards.values():
            tx.set_field(iid, "face_down", False)
        values = {p: abilities.sp(state, iid) for p, iid in cards.items()}
        p1, p2 = state.players
        if values[p1] != values[p2]:
            faster = p1 if values[p1] > values[p2] else p2
            order = [faster, state.opponent(faster)]
            tx.set_data("speed_order", order)
            tx.log(f"SP {values[p1]} against {values[p2]}: {faster} is faster", "DN 5.1")
            if step.get("final"):
                tx.set_data("first", faster)
                tx.set_table("active", faster)
                tx.log(f"{faster} is first player this turn", "DN 5.1")
            return True
        tx.log(f"both speed cards show SP {values[p1]}: speed burn", "DN 5.1")
        for player, iid in cards.items():
            tx.move(iid, zone_id(player, "discard"))
        for player in state.players:
            if not _refill_speed(tx, player):
                procedure.insert_steps(tx, fi, [dict(step)])
                return True
    return True


def _pick_from_hand(tx: Transaction, fi: int, player: str, name: str, prompt: str, low: int, high: int | None,
                    rule: str) -> list[int] | None:
    """Return the cards of the hand a player picked, or None after asking (the step waits); `high` None: any number."""
    answer = procedure.take_answer(tx, fi)
    if answer is None:
        hand = list(tx.state.zones[zone_id(player, "hand")].cards)
        procedure.ask(tx, fi, player, name, "pick", prompt, hand, low, len(hand) if high is None else high, rule)
        return None
    return [int(i) for i in answer["picks"]]


def _put_closed(tx: Transaction, cards: list[int], zone: str) -> None:
    """Move cards into a zone closed (face down)."""
    for iid in cards:
        tx.move(iid, zone)
        tx.set_field(iid, "face_down", True)


@VOCABULARY.word("_set_speed", player=str)
def set_speed(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Put a card of the player's hand closed into the Speed Area (DN 5.1 [?], `speed_card_source: hand`)."""
    player = step["player"]
    picks = _pick_from_hand(tx, fi, player, "speed_card", "choose the card to set as your speed card", 1, 1, "DN 5.1")
    if picks is None:
        return False
    _put_closed(tx, picks, zone_id(player, "speed"))
    tx.log(f"{player} sets a speed card closed", "DN 5.1")
    return True


def _refill_speed(tx: Transaction, player: str) -> bool:
    """Put the top card of the deck into an empty Speed Area (DN 5.1 [?]: `speed_card_source`); False when
    the deck is empty and an HP card must be taken instead (DN 1.3): that step is pushed."""
    deck = tx.state.zones[zone_id(player, "deck")].cards
    if deck:
        tx.move(deck[0], zone_id(player, "speed"))
        return True
    if not any(table.hp(tx.state, player, s) for s in table.SIDES):
        return True  # nothing to take: the player's casters are at 0 HP and the check ends the game
    procedure.push(tx, [{"effect": "_take_hp", "to": "speed"}], {"controller": player}, kind="flow", atomic=True)
    return False


@VOCABULARY.word("_act", phase=str)
def act_phase(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Let the players act one after the other, the faster (or first) player first, each until they pass."""
    state = tx.state
    acting = state.data.get("acting")
    if acting is None:
        _enter(tx, step["phase"])
        order = state.data.get("speed_order") if step["phase"] == "speed" else None
        order = order or [table.first_player(state), table.last_player(state)]
        tx.set_data("acting", {"order": list(order), "index": 0})
        return False
    if acting["index"] >= len(acting["order"]):
        tx.set_data("acting", None)
        return True
    return False


@VOCABULARY.word("_draw")
def draw_phase(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Each player draws, the first player first (DN 5.2 [?]: `draw_count`)."""
    _enter(tx, "draw")
    count = int(parameter(tx.state, "draw_count"))
    for player in (table.first_player(tx.state), table.last_player(tx.state)):
        draw(tx, player, count)
    tx.log(f"each player draws {count}", "DN 5.2")
    return True


@VOCABULARY.word("_action")
def action_phase(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """The cross-counter Action Phase: one action each in turn from the first player; two passes in a row end it (DN 5.5)."""
    if tx.state.data.get("acting") is None:
        _enter(tx, "action")
    return _take_turns(tx, "acting", "actor", table.first_player(tx.state))


def _take_turns(tx: Transaction, key: str, who: str, first: str) -> bool:
    """Open players' turns of acting under data `key` (the `who` key names who acts, `first` first); True, and
    closed, once both have passed in a row (DN 5.5: the Action Phase and the reaction right alike)."""
    taking = tx.state.data.get(key)
    if taking is None:
        tx.set_data(key, {who: first, "passes": 0})
        return False
    if taking.get("passes", 0) >= 2:
        tx.set_data(key, None)
        return True
    return False


@VOCABULARY.word("_end")
def end_phase(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Discard speed cards, dummies and enchantments; what else ends with the turn is a parameter (DN 5.6)."""
    state = tx.state
    _enter(tx, "end")
    for player in state.players:
        for iid in list(state.zones[zone_id(player, "speed")].cards):
            _to_discard(tx, iid)
        for side in table.SIDES:
            for iid in list(state.zones[zone_id(player, f"arms.{side}")].cards):
                _to_discard(tx, iid)
            for iid in table.units(state, player, side):
                if table.is_dummy(state, iid):
                    _to_discard(tx, iid)
    uncheck = parameter(state, "uncheck_at_end")
    resets = parameter(state, "damage_resets")
    for iid in abilities.existing(state):
        card = state.cards[iid]
        if uncheck and card.tapped:
            tx.set_field(iid, "tapped", False)
        if resets and card.counters.get("damage"):
            tx.set_counter(iid, "damage", 0)
        for key in ("bp_turn", "sp_turn"):
            if key in card.props:
                tx.set_prop(iid, key, None)
    if parameter(state, "bursts_uncheck"):
        for player in state.players:
            for iid in state.zones[zone_id(player, "burst")].cards:
                tx.set_field(iid, "tapped", False)
    for key in ("used", "gear", "first", "speed_order"):
        tx.set_data(key, None)
    tx.set_table("turn", state.turn + 1)
    return True


def _to_discard(tx: Transaction, iid: int) -> None:
    tx.move(iid, zone_id(tx.state.cards[iid].owner, "discard"))
    tx.clear_card(iid)


# -- the Effect Area and reactions -----------------------------------------------------------------

@VOCABULARY.word("_react", first=str)
def react(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Give the reaction right, the named player first; when both pass in a row it closes (DN 5.5, 6.1.5)."""
    return _take_turns(tx, "reaction", "holder", step["first"])


@VOCABULARY.word("_resolve_area")
def resolve_area(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Resolve the top entry of the Effect Area, then the next, until it is empty (DN 3.4 [I] LIFO)."""
    area = list(tx.state.data.get("effect_area") or ())
    if not area:
        return True
    entry = area.pop()
    tx.set_data("effect_area", area or None)
    procedure.insert_steps(tx, fi, [{"effect": "_resolve_area"}])
    run_entry(tx, entry)
    return True


def run_entry(tx: Transaction, entry: Mapping[str, Any]) -> None:
    """Push the frame that carries out an Effect Area entry; a card moved there goes to the discard pile after."""
    ability = abilities.abilities(tx.state, entry["card"])[entry["ability"]]
    steps = abilities.chosen_steps(ability, entry.get("modes") or ())
    if entry.get("moved"):
        steps.append({"effect": "_leave_area", "card": entry["card"]})
    name = ability.get("name") or tx.state.definition(entry["card"]).name
    tx.log(f"{name} of {entry['controller']} resolves", "DN 7.5")
    procedure.push(tx, steps, {"controller": entry["controller"], "source": entry["card"],
                               "target": entry.get("target"), "side": entry.get("side"),
                               "shares": entry.get("shares") or None})


@VOCABULARY.word("_leave_area", card=int)
def leave_area(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Put a card that waited in the Effect Area into its owner's discard pile ([I])."""
    if table.zone_name(tx.state, step["card"]) == table.EFFECT_AREA:
        _to_discard(tx, step["card"])
    return True


@VOCABULARY.word("_next_action")
def next_action(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """An action was taken: the other player takes the next one (DN 5.5)."""
    acting = tx.state.data.get("acting") or {}
    if "actor" in acting:
        tx.set_data("acting", {"actor": tx.state.opponent(acting["actor"]), "passes": 0})
    return True


# -- the battle ------------------------------------------------------------------------------------

def blockers(state: GameState, defender: str, side: str) -> list[int]:
    """Return what may block in a battle area: a unit in either state, or its caster with HP ≥ 1 (DN 6.1.4)."""
    found = table.units(state, defender, side)
    caster = table.caster(state, defender, side)
    if caster is not None and table.hp(state, defender, side) >= 1:
        found.append(caster)
    return found


@VOCABULARY.word("_block")
def choose_blocker(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """The defending side may God Draw, then chooses exactly one blocker (DN 6.1.4, 5.7)."""
    state = tx.state
    battle = dict(state.data["battle"])
    defender = battle["defender"]
    options = blockers(state, defender, battle["side"])
    if not options:
        return True
    bursts = [i for i in state.zones[zone_id(defender, "burst")].cards if not state.cards[i].tapped]
    answer = procedure.take_answer(tx, fi)
    if answer is None:
        labels = [state.definition(i).name for i in options] + ["God Draw (take a Burst card first)"] * len(bursts)
        return procedure.ask(tx, fi, defender, "block", "pick", "choose the one card that blocks", options + bursts,
                             1, 1, "DN 6.1.4", labels=labels)
    picked = int(answer["picks"][0])
    if picked in bursts:  # DN 5.7: just before choosing a blocker; then the choice is asked again
        tx.move(picked, zone_id(defender, "hand"), None)
        tx.set_field(picked, "face_down", False)
        tx.log(f"{defender} god-draws a Burst card", "DN 5.7")
        return choose_blocker(tx, fi, step)
    battle["blocker"] = picked
    tx.set_data("battle", battle)
    tx.set_prop(picked, "blocking", True)
    tx.log(f"{table.public_name(state, picked)} blocks", "DN 6.1.4")
    return True


def attack_damage(state: GameState) -> int:
    """Return the attack damage: the sum of the attacking units' BP still in play (DN 6.1.6)."""
    battle = state.data.get("battle") or {}
    alive = set(abilities.existing(state))
    return sum(abilities.bp_value(state, iid) for iid in battle.get("attackers", ()) if iid in alive)


@VOCABULARY.word("_damage")
def battle_damage(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """The blocker receives the attack damage; breaks and the attack bonus follow (DN 6.1.6, 6.2–6.4)."""
    state = tx.state
    battle = state.data.get("battle") or {}
    blocker = battle.get("blocker")
    damage = attack_damage(state)
    if blocker is not None and blocker in abilities.existing(state):
        defender, side = battle["defender"], battle["side"]
        tx.log(f"{damage} attack damage to {table.public_name(state, blocker)}", "DN 6.1.6")
        if state.definition(blocker).card_type == "caster" and not table.is_dummy(state, blocker):
            if damage >= abilities.hp_value(state, blocker):
                break_hp_cards(tx, defender, side, int(parameter(state, "hp_break_per_attack")))
        elif damage >= abilities.bp_value(state, blocker):
            last = table.units(state, defender, side) == [blocker]
            break_unit(tx, blocker)
            if last:  # DN 6.4: the attack bonus, at the same time and mandatory
                tx.log("the last unit of the area is broken: attack bonus", "DN 6.4")
                break_hp_cards(tx, defender, side, 1)
    for iid in [*battle.get("attackers", ()), blocker]:
        if iid is not None:
            tx.set_prop(iid, "attacking", None)
            tx.set_prop(iid, "blocking", None)
    tx.set_data("battle", None)
    return True


def break_unit(tx: Transaction, iid: int) -> None:
    """Break a unit: its break triggers count, then it goes to the discard pile (DN 9.1)."""
    tx.log(f"{table.public_name(tx.state, iid)} is broken", "DN 9.1")
    count_triggers(tx, trigger_event("unit_broken", iid, tx.state.cards[iid].controller))
    _to_discard(tx, iid)


# -- triggers and the Process Window ---------------------------------------------------------------

def count_triggers(tx: Transaction, event: Mapping[str, Any]) -> None:
    """Raise the trigger count of every valid triggered ability whose condition the event meets (DN 7.6 a)."""
    state = tx.state
    found = list(abilities.valid_abilities(state, "trigger"))
    card = event.get("card")
    if card is not None and card not in abilities.sources(state):
        found += [(card, n, a) for n, a in enumerate(abilities.abilities(state, card))
                  if a.get("timing") == "trigger" and abilities.is_valid(state, card, a)]
    counts = list(state.data.get("triggered") or ())
    for iid, number, ability in found:
        when = ability.get("when")
        if when in ("cast_self", "attacks_self") and (event["type"] != when.removesuffix("_self") or card != iid):
            continue
        if when == "unit_broken" and event["type"] != "unit_broken":
            continue
        key = f"{iid}:{number}"
        for index, entry in enumerate(counts):
            if entry["key"] == key:
                counts[index] = {**entry, "count": entry["count"] + 1}
                break
        else:
            counts.append({"key": key, "card": iid, "ability": number, "count": 1,
                           "controller": state.cards[iid].controller})
    tx.set_data("triggered", counts or None)


def waiting_triggers(state: GameState, player: str) -> list[Mapping[str, Any]]:
    """Return a player's triggered abilities with a count of 1 or more."""
    return [e for e in state.data.get("triggered") or () if e["controller"] == player and e["count"] > 0]


def _lower_count(tx: Transaction, key: str) -> None:
    counts = [dict(e, count=e["count"] - 1) if e["key"] == key else e for e in tx.state.data.get("triggered") or ()]
    tx.set_data("triggered", [e for e in counts if e["count"] > 0] or None)


def is_optional(state: GameState, entry: Mapping[str, Any]) -> bool:
    """Tell whether a triggered ability may be declined ("may", or the D3 parameter)."""
    ability = abilities.abilities(state, entry["card"])[entry["ability"]]
    return bool(ability.get("may")) or bool(parameter(state, "triggers_optional"))


def process_window(tx: Transaction) -> bool:
    """Play one waiting triggered ability, the priority player's first (DN 7.6 b–f, 7.7); True when one was handled.

    With several waiting, the player picks the card (a card's own abilities go in printed order, [I]); a "may"
    ability then asks whether to play it.
    """
    state = tx.state
    first = trigger_priority(state)
    for player in (first, state.opponent(first)):
        waiting = waiting_triggers(state, player)
        if not waiting:
            continue
        cards = list(dict.fromkeys(e["card"] for e in waiting))
        if len(cards) == 1:
            offer_trigger(tx, cards[0])
            return True
        labels = [_trigger_label(state, next(e for e in waiting if e["card"] == c)) for c in cards]
        procedure.ask(tx, None, player, "trigger", "pick", "play one of your triggered abilities", cards, 1, 1,
                      "DN 7.6 d", labels=labels)
        return True
    return False


def offer_trigger(tx: Transaction, card: int) -> None:
    """Play the first waiting triggered ability of a card, or ask first when it may be declined (DN 7.6 f)."""
    entry = next(e for e in tx.state.data.get("triggered") or () if e["card"] == card and e["count"] > 0)
    if not is_optional(tx.state, entry):
        play_trigger(tx, entry["key"])
        return
    procedure.ask(tx, None, entry["controller"], "trigger_may", "yesno",
                  f"play {_trigger_label(tx.state, entry)}'s triggered ability?", rule="DN 7.6 f", key=entry["key"])


def _trigger_label(state: GameState, entry: Mapping[str, Any]) -> str:
    return f"{state.definition(entry['card']).name} (×{entry['count']})"


def play_trigger(tx: Transaction, key: str, decline: bool = False) -> None:
    """Play a triggered ability (count − 1); it resolves at once with no reaction (DN 7.6 b–c, f)."""
    state = tx.state
    entry = next(e for e in state.data.get("triggered") or () if e["key"] == key)
    _lower_count(tx, key)
    name = state.definition(entry["card"]).name
    if decline:
        tx.log(f"{entry['controller']} does not play {name}'s triggered ability", "DN 7.6 f")
        return
    if abilities.is_forbidden(state, entry["card"]):
        tx.log(f"{name}'s triggered ability cannot be played: its count drops by 1", "DN 7.6 f")
        return
    ability = abilities.abilities(state, entry["card"])[entry["ability"]]
    steps = list(ability.get("do", ()))
    if ability.get("modes"):  # DN 7.5 step 2: the effects are chosen before the target (step 3), carried out after
        steps = [{"effect": "_choose_modes", "ability": entry["ability"]}, *steps,
                 {"effect": "_chosen_modes", "ability": entry["ability"]}]
    if ability.get("target"):
        steps.insert(1 if ability.get("modes") else 0, {"effect": "_choose_target", "ability": entry["ability"]})
    tx.log(f"{entry['controller']} plays {name}'s triggered ability", "DN 7.6 b")
    procedure.push(tx, steps, {"controller": entry["controller"], "source": entry["card"]})


@VOCABULARY.word("_choose_modes", ability=int)
def choose_modes(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """A triggered ability with a list of effects: its player chooses them as it is played (DN 7.5 step 2)."""
    context = procedure.ctx(tx.state, fi)
    ability = abilities.abilities(tx.state, context["source"])[step["ability"]]
    count = int(ability.get("choose", 1))
    answer = procedure.take_answer(tx, fi)
    if answer is None:
        options = [f"effect {n + 1}" for n in range(len(ability["modes"]))]
        return procedure.ask(tx, fi, context["controller"], "modes", "pick", f"choose {count} of the effects",
                             options, count, count, "DN 7.5")
    procedure.set_var(tx, fi, "modes", sorted(int(str(p).removeprefix("effect ")) - 1 for p in answer["picks"]))
    return True


@VOCABULARY.word("_chosen_modes", ability=int)
def chosen_modes(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Carry out the effects chosen from a triggered ability's list, in printed order (DN 7.5 step 2)."""
    context = procedure.ctx(tx.state, fi)
    ability = abilities.abilities(tx.state, context["source"])[step["ability"]]
    procedure.insert_steps(tx, fi, abilities.chosen_steps({"modes": ability["modes"]}, context.get("modes") or ()))
    return True


@VOCABULARY.word("_choose_target", ability=int)
def choose_target(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """A triggered ability chooses its target as it is played; with none, the play is illegal (DN 7.5 step 3)."""
    context = procedure.ctx(tx.state, fi)
    ability = abilities.abilities(tx.state, context["source"])[step["ability"]]
    options = abilities.targets(tx.state, context["controller"], context["source"], ability)
    if not options:
        tx.log("no card meets the target conditions: the triggered ability is not played", "DN 7.5")
        procedure.abort(tx, fi)
        return True
    answer = procedure.take_answer(tx, fi)
    if answer is None:
        return procedure.ask(tx, fi, context["controller"], "target", "pick", "choose the target", options, 1, 1,
                             "DN 7.5")
    procedure.set_var(tx, fi, "target", int(answer["picks"][0]))
    return True


# -- mulligan (DN 4.5) -----------------------------------------------------------------------------

@VOCABULARY.word("_mulligan", player=str)
def mulligan(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Set aside 0–7 cards of the hand face down, secretly, and draw as many (DN 4.5)."""
    player = step["player"]
    picks = _pick_from_hand(tx, fi, player, "mulligan", "mulligan: choose the cards to set aside and redraw (none "
                            "to keep your hand)", 0, None, "DN 4.5")
    if picks is None:
        return False
    _put_closed(tx, picks, zone_id(player, "aside"))
    draw(tx, player, len(picks))
    tx.log(f"{player} sets aside {len(picks)} card(s) and draws as many", "DN 4.5")
    return True


@VOCABULARY.word("_mulligan_done")
def mulligan_done(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """When both players have finished, the set-aside cards go face up to the discard pile (DN 4.5)."""
    for player in tx.state.players:
        for iid in list(tx.state.zones[zone_id(player, "aside")].cards):
            _to_discard(tx, iid)
    return True


# -- game processing (DN 9) ------------------------------------------------------------------------

def rule_actions(tx: Transaction) -> bool:
    """Break units whose damage reached their BP or whose BP is 0 or less (DN 9.1); True when one broke."""
    broken = tx.state.memo("dn.broken", lambda: _broken(tx.state), board=True)
    for iid in broken:  # DN 7.6 a: broken together, each counted
        break_unit(tx, iid)
    return bool(broken)


def _broken(state: GameState) -> list[int]:
    """Return the units the rule check breaks now (it reads the board alone)."""
    lowered = abilities.may_lower_bp(state) and any(
        step.get("effect") == "bp_bonus" and int(step["amount"]) < 0 for _holder, step in abilities.auto_effects(state))
    broken = []
    for player in state.players:
        for iid in table.all_units(state, player):
            card = state.cards[iid]
            if not (lowered or card.counters.get("damage") or int(card.props.get("bp_turn", 0)) < 0):
                continue  # printed BP is above 0 and nothing lowered or damaged it
            value = abilities.bp_value(state, iid)
            if value <= 0 or card.counters.get("damage", 0) >= value:
                broken.append(iid)
    return broken


def check_life(tx: Transaction) -> bool:
    """A player whose every caster is at 0 HP loses; both at once is a draw (DN 1.2)."""
    state = tx.state
    if state.data.get("outcome"):
        return False
    losers = state.memo("dn.losers", lambda: [
        p for p in state.players if any(table.caster(state, p, s) is not None for s in table.SIDES)
        and not any(table.hp(state, p, s) for s in table.SIDES)], board=True)
    if not losers:
        return False
    winner = None if len(losers) == 2 else state.opponent(losers[0])
    tx.set_data("outcome", {"winner": winner, "reason": f"every caster of {' and '.join(losers)} is at 0 HP (DN 1.2)"})
    tx.log(f"every caster of {' and '.join(losers)} is at 0 HP", "DN 1.2")
    procedure.withdraw(tx)
    return True


def check(tx: Transaction) -> bool:
    """The check before each step: game processing first, then the Process Window (DN 7.7)."""
    if rule_actions(tx) or check_life(tx):
        return True
    return process_window(tx)


def advance(tx: Transaction) -> bool:
    """With no procedure left, the next turn begins at its Speed Phase (DN 5.0)."""
    if tx.state.data.get("outcome"):
        return False
    procedure.push(tx, turn_steps(), {}, kind="flow")
    return True


def run_step(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Run one step by its word."""
    return bool(VOCABULARY.handlers[step["effect"]](tx, fi, step))


PROCEDURES = procedure.Procedures(run_step, check, advance, act_steps=frozenset({"_act", "_action", "_react"}))
