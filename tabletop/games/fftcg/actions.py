"""FFTCG keyword actions (FFTCG 15.1) and the events they raise: moving cards, drawing, damage, break.

Every move of a card between zones makes it a new object (FFTCG 7.4): its props and counters go,
and it gets a new timestamp `ts` (FFTCG 11.12.4.10) that lasting effects and stack entries use
to tell whether they still see the same card. Triggered abilities wait in the engine's pending
trigger list (engine/triggers.py); replacement effects go through engine/replacement.py.
"""
from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tabletop.engine import procedure, triggers
from tabletop.engine.triggers import TriggerEvent, trigger_event
from tabletop.engine.replacement import Replacement, ReplacementStep, run_replacements
from tabletop.engine.transaction import Transaction
from tabletop.engine.card_filter import Seen
from tabletop.games.fftcg import turn_history
from tabletop.games.fftcg.continuous import (
    NEXT_COST, next_cost_change,
    FILTER, characteristics, condition_holds, had_lost_abilities, is_current, is_of_type, lost_abilities,
    field_effect, field_facts, field_has, matches,
)
from tabletop.games.fftcg.effects import PLAYER_EVENTS, ability_kind
from tabletop.games.fftcg.printed import printed_index

# events whose own card's abilities trigger although it has just left the field (last known information)
LEAVING_EVENTS = ("broken", "leaves_field", "put_into_break_zone", "returned_to_hand")
INSTEAD_ZONES = {"remove_from_game": "removed", "return_to_hand": "hand"}


def next_clock(tx: Transaction) -> int:
    """Return a new timestamp."""
    value = int(tx.state.data.get("clock", 0)) + 1
    tx.set_data("clock", value, copy=False)  # a number: nothing to copy
    return value


def enter_zone(tx: Transaction, iid: int, zone: str, index: int | None = 0) -> Any:
    """Move a card to one of its owner's zones (`zone` is the bare name) as a new object; return the timestamp
    of the object it was (a leaving event names it, so a delayed ability knows which object left, FFTCG 11.8.17.3)."""
    card = tx.state.cards[iid]
    props = card.props
    was = props.get("ts")
    tx.move(iid, f"{card.owner}.{zone}", index)
    # the timestamp is replaced, not removed and added again; most cards moving (from a deck or a hand) carry nothing
    # else to shed, and clearing them would record nothing
    if len(props) > ("ts" in props) or card.counters or card.tapped or card.face_down or card.controller != card.owner:
        tx.clear_card(iid, keep=("ts",))
    tx.set_prop(iid, "ts", next_clock(tx))
    return was


def name_of(tx_or_state: Any, iid: int) -> str:
    """Return a card's name."""
    state = getattr(tx_or_state, "state", tx_or_state)
    return state.definition(iid).name


# -- events and triggers ---------------------------------------------------------------------------

def may_trigger(state: Any, event: str) -> bool:
    """Tell whether an event may trigger an ability: some card of the library has an auto-ability it triggers, or a
    delayed ability waits. An event of no other use (not leaves_field) need not be made nor emitted without."""
    return event in printed_index(state).auto_events or bool(state.lists.get("delayed"))


def emit(tx: Transaction, happened: TriggerEvent) -> None:
    """Queue the auto-abilities an event triggers (FFTCG 11.8) in the engine's pending trigger list."""
    state = tx.state
    event = happened["type"]
    if event == "leaves_field" and state.lists.get(WHILE_ON_FIELD):
        _end_while_on_field(tx, happened)
    printed = printed_index(state)
    if event not in printed.auto_events and not state.lists.get("delayed"):  # may_trigger, inlined
        if event == "leaves_field":
            _emit_returned_to_hand(tx, happened)
        return  # no card of the library has an auto-ability it triggers, and no delayed ability waits (most events)
    card, player = happened.get("card"), happened.get("player")
    field = field_facts(state)
    if event in field.watched:  # a field card may trigger on another card's or a player's event
        candidates = list(field.auto_sources)  # the field's cards that may trigger, in field order
        if card is not None and card not in candidates:
            candidates.append(card)  # "when X is broken / leaves the field": X's own abilities, last known
    elif card is not None and event in printed[state.cards[card].card_id].auto:
        candidates = [card]  # only its own abilities ("when <self> …") trigger on it: the others' are of themselves
    else:
        candidates = []  # no card that could trigger on it
    if printed.has_break_zone_events:
        candidates += [i for i in _break_zone_watchers(state).get(event, ()) if i not in candidates]
    lost = lost_abilities(state) if candidates else frozenset()
    for source in candidates:
        facts = printed[state.cards[source].card_id]
        abilities = facts.auto.get(event)
        if not abilities or source in lost:
            continue
        definition = facts.definition
        for index, ability in abilities:
            controller = state.cards[source].controller
            if ability.get("from_break_zone"):  # "This effect will trigger only if <self> is in the Break Zone"
                if state.cards[source].zone != f"{state.cards[source].owner}.break":
                    continue
                controller = state.cards[source].owner
            if not _event_matches(state, ability.get("of", "self"), event, source, card, player, controller):
                continue
            on_field = state.cards[source].zone.endswith(".field")
            if not on_field and not ability.get("from_break_zone") and not (source == card and event in LEAVING_EVENTS):
                continue
            if "entered_by" in ability and happened.get("by") != ability["entered_by"]:
                continue  # "enters the field due to your cast / your Summons or abilities"
            if "nth" in ability and happened.get("nth") != ability["nth"]:
                continue  # "when you cast the second card you've cast" (this turn)
            if int(happened.get("count", 1)) < int(ability.get("count_at_least", 1)) or (
                    ability.get("due_to") is not None and happened.get("effect_of") != (
                        controller if ability["due_to"] == "you" else state.opponent(controller))):
                continue  # "discards 2 or more cards due to your Summons or abilities"
            if "entered_from" in ability and happened.get("came_from") != ability["entered_from"]:
                continue  # (s6) "enters the field from the Break Zone"
            if not on_field and had_lost_abilities(state, source, happened.get("was_ts")):
                continue
            if not condition_holds(state, ability.get("condition"), controller, ability.get("damage"), source):
                continue  # FFTCG 11.8.13: a false condition means it does not trigger
            if "once_per_turn" in (ability.get("only") or ()):  # "This effect will trigger only once per turn"
                stamp = [state.turn, state.cards[source].props.get("ts")]
                if state.cards[source].props.get(f"triggered:{index}") == stamp:
                    continue
                tx.set_prop(source, f"triggered:{index}", stamp)
            triggers.queue(tx, controller, {
                "kind": "auto", "source": source, "ts": state.cards[source].props.get("ts"),
                "card_id": definition.id, "ability": index,
                "name": ability.get("name") or f"{definition.name}: {event.replace('_', ' ')}", "event_card": card,
                "event_ts": state.cards[card].props.get("ts") if card is not None else None})
    waiting = state.lists.get("delayed")
    for position, delayed in reversed(list(enumerate(waiting))) if waiting else ():
        if delayed.get("turn") not in (None, state.turn):  # "When it is put … this turn": that turn is over
            tx.list_remove("delayed", position)
            continue
        if delayed["trigger"] != event:
            continue
        watched = delayed.get("card")
        if watched is not None and (card is None or card != watched[0]):
            continue
        if watched is not None and not _is_watched_object(state, happened, watched[1]):
            tx.list_remove("delayed", position)  # FFTCG 11.8.17.3: its card left its zone; the ability lost it
            continue
        triggers.queue(tx, delayed["controller"], {
            "kind": "delayed", "source": delayed["source"], "ts": delayed.get("source_ts"),
            "card_id": delayed["card_id"], "ability": -1,
            "inline": delayed.get("ability") or {"effect": "draw", "count": 0, "then": delayed["do"]}, "name": delayed["name"],
            "event_card": card, "event_ts": state.cards[card].props.get("ts") if card is not None else None,
            **({"kept": delayed["kept"]} if "kept" in delayed else {})})
        if delayed.get("once", True):
            tx.list_remove("delayed", position)
    if event == "leaves_field":
        _emit_returned_to_hand(tx, happened)


def _emit_returned_to_hand(tx: Transaction, happened: TriggerEvent) -> None:
    """After a card left the field: if it went to its owner's hand, announce that too ("When a Forward opponent
    controls is returned from the field to its owner's hand", FFTCG 15.1.1.5)."""
    card = happened.get("card")
    if card is not None and tx.state.cards[card].zone.endswith(".hand"):
        emit(tx, trigger_event("returned_to_hand", card, was_ts=happened.get("was_ts")))


# Effects lasting "for as long as <self> is on the field" (FFTCG 11.12.4.1: for the stated duration): each
# {source: [card, ts], cards: [[card, ts], …], end: return|control}, ended as that object leaves the field
WHILE_ON_FIELD = "fftcg.while_on_field"


# Cards whose control an effect took "until the end of the turn": [card, ts], given back at the clean-up
CONTROL_THIS_TURN = "fftcg.control_this_turn"


def end_control_this_turn(tx: Transaction) -> None:
    """Give the cards taken "until the end of the turn" back to their owner, each still the object taken and on the
    field (FFTCG 9.5.1.3: "until the end of the turn" effects end at the clean-up; 7.4)."""
    state = tx.state
    for position, (iid, ts) in reversed(list(enumerate(state.lists.get(CONTROL_THIS_TURN, ())))):
        tx.list_remove(CONTROL_THIS_TURN, position)
        _give_back(tx, iid, ts)


def _give_back(tx: Transaction, iid: int, ts: Any) -> None:
    """Give a card an effect took control of back to its owner, while it is that object on the field."""
    state = tx.state
    card = state.cards[iid]
    if is_current(state, iid, ts) and card.zone.endswith(".field") and card.controller != card.owner:
        tx.set_field(iid, "controller", card.owner)
        tx.set_prop(iid, "since", state.turn)
        tx.log(f"{card.owner} regained control of {name_of(tx, iid)}: the effect ended", "FFTCG 11.12.4.1")


def _end_while_on_field(tx: Transaction, happened: TriggerEvent) -> None:
    """End the effects lasting while the card that left the field was there: the cards they removed from the game
    return to their owner's field, the cards they took control of go back to their owner."""
    state = tx.state
    for position, item in reversed(list(enumerate(state.lists[WHILE_ON_FIELD]))):
        if item["source"] != [happened.get("card"), happened.get("was_ts")]:
            continue
        tx.list_remove(WHILE_ON_FIELD, position)
        for iid, ts in item["cards"]:
            if not is_current(state, iid, ts):
                continue  # it moved since: a new object the effect no longer follows (FFTCG 7.4)
            card = state.cards[iid]
            if item["end"] == "return" and card.zone == f"{card.owner}.removed":
                tx.log(f"{name_of(tx, iid)} returns to the field: the effect that removed it ended", "FFTCG 11.12.4.1")
                put_onto_field(tx, iid, card.owner, state.definition(iid).card_type == "backup")
            elif item["end"] == "control":
                _give_back(tx, iid, ts)


def use_next_cost_change(tx: Transaction, iid: int) -> None:
    """Use up the "your next <card>" cost change the card cast now had (continuous.NEXT_COST)."""
    found = next_cost_change(tx.state, iid)
    if found is not None:
        tx.list_remove(NEXT_COST, found[0])


def record_cast(tx: Transaction, player: str, card: int, paid: int, paid_with: list[list[str]] | None = None) -> None:
    """Record that `player` cast `card` paying CP of `paid` different Elements, each source of CP of the Elements in
    `paid_with` (turn_history), and announce it as the card_cast event with how many cards they have cast this turn
    ("when you cast the second card you've cast")."""
    turn_history.record(tx, player, "cast", card, paid, paid_with)
    if may_trigger(tx.state, "card_cast"):
        emit(tx, trigger_event("card_cast", card, nth=len(turn_history.this_turn(tx.state, player, "cast"))))


def discarded_by_effect(tx: Transaction, player: str, count: int, effect_of: str) -> None:
    """Announce that `player` discarded `count` cards from their hand at once due to a Summon or ability `effect_of`
    controls (the "discarded_by_effect" event; turn_history records it for an opponent's: "if your opponent has
    discarded a card from their hand due to your Summons or abilities this turn")."""
    if player != effect_of:
        turn_history.record(tx, effect_of, "made_discard")
    if may_trigger(tx.state, "discarded_by_effect"):
        emit(tx, trigger_event("discarded_by_effect", None, player, count=count, effect_of=effect_of))


def _is_watched_object(state: Any, happened: TriggerEvent, ts: Any) -> bool:
    """Tell whether an event happened to the object a delayed ability watches: the card as it is now, or, for a
    card that just left its zone, the object it was (`was_ts`) — not a new object the card became since."""
    if "was_ts" in happened:
        return bool(happened["was_ts"] == ts)
    return is_current(state, happened["card"], ts)


def _break_zone_watchers(state: Any) -> dict[str, tuple[int, ...]]:
    """Return, by event, the Break Zones' cards with an auto ability triggering only while they are there (kept while
    the Break Zones stay the same)."""
    def watchers() -> dict[str, tuple[int, ...]]:
        printed = printed_index(state)
        found: dict[str, list[int]] = {}
        for owner in state.players:
            for iid in state.zones[f"{owner}.break"].cards:
                for event in printed[state.cards[iid].card_id].break_zone_events:
                    found.setdefault(event, []).append(iid)
        return {event: tuple(cards) for event, cards in found.items()}
    return state.memo_on("fftcg.break_watchers", _break_zones(state.players), watchers)  # type: ignore[no-any-return]


@functools.lru_cache(maxsize=None)
def _break_zones(players: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(f"{player}.break" for player in players)


def pay_cp(tx: Transaction, player: str, discards: Iterable[int], backups: Iterable[int]) -> None:
    """Pay CP: dull the Backups, discard the cards (FFTCG 11.2; the payment was checked, cp.check_payment)."""
    discards, backups = list(discards), list(backups)
    for iid in backups:
        tx.set_field(iid, "tapped", True)
    for iid in discards:
        enter_zone(tx, iid, "break")
    if discards or backups:
        definition = tx.state.definition  # name_of's own lookup, made once for every card of the payment
        tx.log(f"{player} paid with " + ", ".join(
            [f"discarding {definition(i).name}" for i in discards]
            + [f"dulling {definition(i).name}" for i in backups]), "FFTCG 11.2")


def announce_chosen(tx: Transaction, entry: Mapping[str, Any]) -> None:
    """Emit "chosen" for each card a Summon or ability chose as it went on the stack ("When <self> is chosen by a
    Summon or an ability"; and by the card's controller's opponent: chosen_by_opponent, …_ability; FFTCG 11.8)."""
    state = tx.state
    chooser = entry["controller"]
    for iid, ts in entry.get("targets") or ():
        if not is_current(state, iid, ts):
            continue
        if may_trigger(state, "chosen"):
            emit(tx, trigger_event("chosen", iid, chooser))
        if state.cards[iid].controller != chooser:
            if may_trigger(state, "chosen_by_opponent"):
                emit(tx, trigger_event("chosen_by_opponent", iid, chooser))
            if entry["kind"] != "summon" and may_trigger(state, "chosen_by_opponent_ability"):
                emit(tx, trigger_event("chosen_by_opponent_ability", iid, chooser))


def _event_matches(state: Any, of: Any, event: str, source: int, card: int | None, player: str | None,
                   controller: str) -> bool:
    if event.endswith("_phase_start") or event in PLAYER_EVENTS:  # events of a player, not of a card
        whose = of.get("controller", "you") if isinstance(of, Mapping) else "you"  # "your" phase by default
        return whose == "any" or player == (controller if whose == "you" else state.opponent(controller))
    if card is None:
        return False
    if of == "self":
        return card == source
    zone = state.cards[card].zone.split(".")[-1]
    if zone in ("field", "hand", "break"):
        return matches(state, card, {**of, "zone": zone}, controller, source)
    return matches_loose(state, card, of, controller, source)


# what a card is wherever it lies, printed (an effect's changes are gone once it left the field)
_LOOSE_KEYS = ("type", "controller", "element", "name", "job", "category", "cost_at_most", "cost_at_least")


def matches_loose(state: Any, card: int, of: Mapping[str, Any], controller: str, source: int) -> bool:
    """Match a filter's type, controller and printed facts only, wherever the card is (on the stack, just moved)."""
    return FILTER.holds(Seen(state, controller, source), card, {k: of[k] for k in _LOOSE_KEYS if k in of})


# -- drawing and damage to players -----------------------------------------------------------------

def draw(tx: Transaction, player: str, count: int) -> None:
    """Draw cards; drawing from an empty deck marks the player as losing (FFTCG 3.1.2, 12.4.2)."""
    state = tx.state
    for _ in range(count):
        deck = state.zones[f"{player}.deck"].cards
        if not deck:
            tx.set_data(f"lose.{player}", "had to draw from an empty deck")
            return
        enter_zone(tx, deck[0], "hand", None)
    tx.log(f"{player} drew {count} card(s)", "FFTCG 9.2")


def damage_player(tx: Transaction, player: str, amount: int, sources: Iterable[int] = ()) -> None:
    """Damage processing (FFTCG 6.5): put the top deck card face up in the Damage Zone, N times.

    EX Burst cards are queued and offered only after every damage card is placed (FFTCG 6.5.2.1).
    Taking damage with an empty deck loses the game (FFTCG 3.1.3; see doubt D1 in rules.py).
    """
    state = tx.state
    shield = next((index for index, item in enumerate(state.lists.get("effects", ()))
                   if item["effect"] == "prevent_player_damage" and item["player"] == player), None)
    if shield is not None and amount > 0:  # "During this turn, the next damage dealt to you becomes 0 instead"
        tx.log(f"{player} would take {amount} damage and takes none instead "
               f"({state.lists['effects'][shield].get('label', 'effect')})", "FFTCG 11.12.5")
        tx.list_remove("effects", shield)
        return
    for _ in range(amount):
        deck = state.zones[f"{player}.deck"].cards
        if not deck:
            tx.set_data(f"lose.{player}", "took damage with an empty deck")
            break
        top = deck[0]
        enter_zone(tx, top, "damage", None)
        definition = state.definition(top)
        tx.log(f"{player} took 1 damage: {definition.name}", "FFTCG 6.5.2")
        turn_history.record(tx, player, "damaged")
        if may_trigger(state, "damage_received"):  # "When you receive a point of damage"
            emit(tx, trigger_event("damage_received", None, player))
        index = ex_ability(definition) if definition.attributes.get("ex_burst") else None
        # "Damage 3 -- EX BURST …": the card has that EX Burst only while its player has 3 or more damage (FFTCG
        # 15.2.6), this card counted
        if index is not None and len(state.zones[f"{player}.damage"].cards) >= int(
                definition.effects[index].get("damage", 0)):
            tx.list_append("ex_queue", {"card": top, "player": player})
    if sources and may_trigger(state, "deals_damage_to_player"):
        for source in sources:
            emit(tx, trigger_event("deals_damage_to_player", source, player))


def ex_ability(definition: Any) -> int | None:
    """Return the index of the ability a card uses as its EX Burst, or None."""
    for index, ability in enumerate(definition.effects):
        kind = ability_kind(ability, definition.card_type == "summon")
        if (definition.card_type == "summon" and kind == "resolve") or ability.get("ex_burst"):
            return index
    return None


# -- replacement effects (FFTCG 11.12.5) ------------------------------------------------------------

def _with_replacements(state: Any) -> Sequence[int]:
    """Return the field's cards with a replacement ability that works (not one that lost all its abilities,
    continuous.lost_abilities), in field order."""
    replacers = field_facts(state).replacers
    if not replacers:
        return replacers
    lost = lost_abilities(state)
    return [iid for iid in replacers if iid not in lost] if lost else replacers


def _break_replacements(state: Any, iid: int) -> list[Replacement]:
    """Return the replacement effects of field abilities and lasting effects that would replace a card's break."""
    found: list[Replacement] = []
    printed = printed_index(state)
    for source in _with_replacements(state):
        facts = printed[state.cards[source].card_id]
        controller = state.cards[source].controller
        for index, ability in facts.replacements:
            if ability.get("event", "break") != "break":
                continue
            applies = ability.get("applies_to", "self")
            if source == iid if applies == "self" else matches(state, iid, applies, controller, source):
                found.append(Replacement(f"field:{source}:{index}", controller, "break", data={
                    "instead": ability["instead"],
                    "label": f"{facts.name}: {ability['instead'].replace('_', ' ')} instead"}))
    for item in state.lists.get("effects", []):
        if item["effect"] == "replace_break" and any(c == iid and is_current(state, c, ts) for c, ts in item["cards"]):
            found.append(Replacement(f"effect:{item['id']}", item["controller"], "break", data={
                "instead": item["instead"],
                "label": f"{item.get('label', 'effect')}: {item['instead'].replace('_', ' ')} instead"}))
    return _keyed(found)


def _keyed(found: list[Replacement]) -> list[Replacement]:
    """Give each replacement the key a player types: the replacing action, numbered when repeated."""
    seen: dict[str, int] = {}
    keyed = []
    for replacement in found:
        instead = str(replacement.data["instead"])
        count = seen.get(instead, 0) + 1
        seen[instead] = count
        key = instead if count == 1 else f"{instead}_{count}"
        keyed.append(Replacement(key, replacement.controller, replacement.kind, replacement.self_replacement,
                                 replacement.controls_entry, replacement.data))
    return keyed


def break_step(state: Any, iid: int, self_instead: str | None = None, controller: str | None = None) -> ReplacementStep:
    """Apply the replacements of breaking a card as far as the recorded choices go (FFTCG 11.12.5.6–7).

    The event `{"kind": "break"}` becomes a move to another zone when a replacement applies, so no
    other break replacement applies to it any more. A resolving effect's own `instead`
    (self-replacement) comes first; the affected card's controller orders the rest.
    """
    options = _break_replacements(state, iid)
    if self_instead is not None:
        options.insert(0, Replacement("self", controller or state.cards[iid].controller, "break", self_replacement=True,
                                      data={"instead": self_instead, "label": f"{self_instead.replace('_', ' ')} "
                                                                              "instead (the effect's own text)"}))
    chosen = state.data.get("replacement_choice", {}).get(str(iid))
    return run_replacements({"kind": "break", "card": iid, "to": "break"}, options,
                            lambda r, e: e["kind"] == "break",
                            lambda r, e: {"kind": "move", "card": iid, "to": INSTEAD_ZONES[r.data["instead"]],
                                          "label": r.data["label"]},
                            state.cards[iid].controller, [chosen] if chosen else ())


def needs_replacement_choice(state: Any, iids: Iterable[int], self_instead: str | None = None) -> tuple[int, ReplacementStep] | None:
    """Return the first card about to be broken whose controller must order replacements, if any."""
    for iid in iids:
        step = break_step(state, iid, self_instead)
        if not step.done:
            return iid, step
    return None


def ask_replacement(tx: Transaction, iid: int, step: ReplacementStep) -> None:
    """Ask the affected card's controller which replacement applies first (FFTCG 11.12.5.7)."""
    state = tx.state
    assert step.chooser is not None  # asked only for a step that is not done
    labels = {r.id: r.data["label"] for r in _break_replacements(state, iid)}
    procedure.ask(tx, None, step.chooser, "replacement", "pick",
                  f"{state.definition(iid).name} would be broken: choose the replacement effect that applies ("
                  + "; ".join(f"{key} = {labels.get(key, key)}" for key in step.options) + ")",
                  step.options, 1, 1, "FFTCG 11.12.5.7", card=iid)


def break_cards(tx: Transaction, iids: Iterable[int], by: Iterable[int] = (), self_instead: str | None = None) -> None:
    """Break cards (FFTCG 15.1.1.3): field → owner's Break Zone, unless a replacement applies instead.

    A replaced break does not happen, so "when broken" abilities do not trigger (FFTCG 11.8.15).
    With two or more replacements, the choice recorded by the card's controller applies
    (FFTCG 11.12.5.7); the other one then no longer applies to the new event.
    """
    state = tx.state
    chosen = dict(state.data.get("replacement_choice", {}))
    broken: list[tuple[int, Any]] = []
    for iid in iids:
        if not state.cards[iid].zone.endswith(".field"):
            continue
        if _is_unbreakable(state, iid):  # FFTCG 1.3: "cannot be broken" beats a break
            tx.log(f"{name_of(tx, iid)} cannot be broken", "FFTCG 1.3")
            continue
        step = break_step(state, iid, self_instead)
        if not step.done:  # contract: callers ask first (needs_replacement_choice); else the first applies
            tx.set_data("replacement_choice", {**chosen, str(iid): step.options[0]})
            step = break_step(state, iid, self_instead)
        chosen.pop(str(iid), None)
        name = name_of(tx, iid)
        if step.event["kind"] == "move":
            was = enter_zone(tx, iid, step.event["to"])
            tx.log(f"{name} would be broken; {step.event['label']}", "FFTCG 11.12.5")
            emit(tx, trigger_event("leaves_field", iid, was_ts=was))
            continue
        was = enter_zone(tx, iid, "break")
        credit = ", ".join(name_of(tx, s) for s in by)
        tx.log(f"{name} was broken" + (f" by {credit}" if credit else ""), "FFTCG 15.1.1.3")
        broken.append((iid, was))
    tx.set_data("replacement_choice", chosen or None)
    for iid, was in broken:
        emit(tx, trigger_event("broken", iid, was_ts=was))
        emit(tx, trigger_event("put_into_break_zone", iid, was_ts=was))
        emit(tx, trigger_event("leaves_field", iid, was_ts=was))


_MOVE_TO = {"remove_from_game": "removed", "return_to_hand": "hand"}

_CANNOT_BE_BROKEN = field_effect("cannot_be_broken")


def _is_unbreakable(state: Any, iid: int) -> bool:
    """Tell whether a card on the field "cannot be broken" now (FFTCG 1.3). Only a field ability of a field card or a
    lasting effect of that word gives it (continuous.CONTINUOUS_OPS): without one, its characteristics are not read
    (in a break of several cards they would be worked out again after each card left)."""
    if not field_has(state, _CANNOT_BE_BROKEN) and not any(
            item["effect"] == "cannot_be_broken" for item in state.lists.get("effects", ())):
        return False
    return bool(characteristics(state)[iid].cannot_be_broken)


def _put_replacement(state: Any, iid: int) -> str | None:
    """Return what a lasting replace_break with `put: true` puts a card into instead of the Break Zone when it is put
    there without being broken (the first such effect in timestamp order; a break is replaced in break_step)."""
    for item in state.lists.get("effects", []):
        if item["effect"] == "replace_break" and item.get("put") and any(
                c == iid and is_current(state, c, ts) for c, ts in item["cards"]):
            return str(item["instead"])
    return None


def move_from_field(tx: Transaction, iids: Iterable[int], zone: str, why: str, rule: str) -> None:
    """Put cards from the field into another zone without breaking them (no "broken" trigger)."""
    moved = []
    for iid in iids:
        if not tx.state.cards[iid].zone.endswith(".field"):
            continue
        name = name_of(tx, iid)
        instead = _put_replacement(tx.state, iid) if zone == "break" else None
        if instead is not None:  # "If it is put from the field into the Break Zone this turn, remove it … instead"
            was = enter_zone(tx, iid, _MOVE_TO[instead])
            tx.log(f"{name} would be put into the Break Zone ({why}); {instead.replace('_', ' ')} instead",
                    "FFTCG 11.12.5")
            emit(tx, trigger_event("leaves_field", iid, was_ts=was))
            continue
        was = enter_zone(tx, iid, zone)
        tx.log(f"{name} was put into the {zone.replace('break', 'Break Zone')} ({why})", rule)
        moved.append((iid, was))
    for iid, was in moved:
        if zone == "break":
            emit(tx, trigger_event("put_into_break_zone", iid, was_ts=was))
        emit(tx, trigger_event("leaves_field", iid, was_ts=was))


def entering_controller(state: Any, iid: int, controller: str) -> str:
    """Return who controls a card entering the field after "enters under your control instead" effects.

    FFTCG 11.12.5.7: such effects apply before any other replacement; with several, they apply
    in timestamp order (the engine does not ask; no bundled card has two). The filter sees the
    card where it is now, with the player putting it onto the field as its controller.
    """
    if not _with_replacements(state):
        return controller  # the usual field: no replacement effect at all (none need be looked at)
    options = sorted(_entry_replacements(state, iid, controller), key=lambda r: int(r.data["ts"]))
    if not options:
        return controller  # the usual case: no "enters under your control instead" effect applies
    step = run_replacements({"kind": "enter", "card": iid, "controller": controller}, options,
                            lambda r, e: e["controller"] != r.controller,
                            lambda r, e: {**e, "controller": r.controller}, controller,
                            [r.id for r in options])
    return str(step.event["controller"])


def _entry_replacements(state: Any, iid: int, controller: str) -> list[Replacement]:
    found = []
    zone = state.cards[iid].zone.split(".")[-1]
    printed = printed_index(state)
    for source in _with_replacements(state):
        owner = state.cards[source].controller
        for index, ability in printed[state.cards[source].card_id].replacements:
            if ability.get("event") != "enters_field":
                continue
            applies = dict(ability.get("applies_to") or {})
            who = applies.pop("controller", "any")
            if (who == "you" and controller != owner) or (who == "opponent" and controller == owner):
                continue
            if zone in ("hand", "break", "field") and not matches(state, iid, {**applies, "zone": zone}, owner, source):
                continue
            found.append(Replacement(f"field:{source}:{index}", owner, "enters_field", controls_entry=True,
                                     data={"ts": state.cards[source].props.get("ts", 0)}))
    return found


def put_onto_field(tx: Transaction, iid: int, controller: str, dull: bool = False, by: str | None = None) -> None:
    """Put a card onto the field under `controller` (FFTCG 11.4.8); enter-the-field abilities trigger. `by`: "cast"
    when its player played it paying its cost, "effect" when a Summon or ability of `controller` put it there."""
    final = entering_controller(tx.state, iid, controller)
    came_from = tx.state.cards[iid].zone.rsplit(".", 1)[-1]  # "break", "hand", "deck", "removed"…
    enter_zone(tx, iid, "field", None)
    tx.set_field(iid, "controller", final)
    if final != controller:
        tx.log(f"{name_of(tx, iid)} enters the field under {final}'s control instead", "FFTCG 11.12.5.7")
    tx.set_prop(iid, "since", tx.state.turn)
    turn_history.record(tx, final, "entered", iid)
    tx.set_prop(iid, "entered", tx.state.turn)  # "a Forward that entered the field this turn" (not a control change)
    facts = printed_index(tx.state)[tx.state.cards[iid].card_id]
    if dull or any(a.get("effect") == "enters_dull" for _, a in facts.field):  # "<self> enters the field dull"
        tx.set_field(iid, "tapped", True)
    emit(tx, trigger_event("enters_field", iid, by=by, came_from=came_from) if by else trigger_event(
        "enters_field", iid, came_from=came_from))


# who deals damage to a Forward: (summons | abilities | forwards, the player whose Summon, ability or Forward it is)
Dealer = tuple[str, str]


def is_dealt_by(replacing: Mapping[str, Any], dealer: Dealer | None, damaged_controller: str) -> bool:
    """Tell whether a damage replacement's `by` / `player` fit who deals the damage ("If <self> is dealt damage by your
    opponent's abilities": `by: abilities, player: opponent`, the opponent of the damaged card's controller — the
    player its text's "your" is; "by a Forward": `by: forwards`, a Forward dealing it itself, FFTCG 11.11.8)."""
    by = replacing.get("by")
    if by is None:
        return True
    if dealer is None:
        return False
    kind, player = dealer
    if not (kind == by or (by == "any" and kind in ("summons", "abilities"))):
        return False
    return replacing.get("player") != "opponent" or player != damaged_controller


def _damage_replacements(state: Any, iid: int, dealer: Dealer | None) -> list[tuple[str, Mapping[str, Any]]]:
    """Return (source name, ability) of each field ability that replaces damage dealt to a Forward by `dealer`."""
    found = []
    printed = printed_index(state)
    for source in _with_replacements(state):
        facts = printed[state.cards[source].card_id]
        controller = state.cards[source].controller
        for _, ability in facts.replacements:
            if ability.get("event") != "damage" or not is_dealt_by(ability, dealer, state.cards[iid].controller):
                continue
            if not condition_holds(state, ability.get("condition"), controller, ability.get("damage"), source):
                continue  # "If <condition>, <self> gains "If <self> is dealt damage …"" (FFTCG 11.12.2)
            if ability.get("in_party_with_self") and not _in_one_party(state, source, iid):
                continue  # "a Forward forming a party with <self>": the attacking Party both are in
            applies = ability.get("applies_to", "self")
            if source == iid if applies == "self" else matches(state, iid, applies, controller, source):
                found.append((facts.name, ability))
    return found


def _in_one_party(state: Any, first: int, second: int) -> bool:
    """Tell whether two cards attack together in the current attacking Party (two or more attackers)."""
    pairs = (state.data.get("attack") or {}).get("attackers") or []
    attacking = {pair[0] for pair in pairs if is_current(state, pair[0], pair[1])}
    return len(pairs) >= 2 and first in attacking and second in attacking


def _damage_increase(tx: Transaction, dealers: list[int], iid: int) -> int:
    """Return how much the damage Characters deal to a Forward increases by ("If <self> deals damage to a Forward, the
    damage increases by 1000 instead": a field replacement; "If it deals damage to a Forward this turn, …": a lasting
    effect on chosen cards). Applied after the reductions, which the damaged card's controller would put first (its
    smallest result; FFTCG 11.12.5.7); each once (11.12.5.5)."""
    state = tx.state
    found: list[tuple[str, int]] = []
    printed = printed_index(state)
    for source in _with_replacements(state):
        facts = printed[state.cards[source].card_id]
        for _, ability in facts.replacements:
            applies = ability.get("applies_to", "self")
            if ability.get("event") == "deals_damage" and any(
                    source == dealer if applies == "self" else matches(state, dealer, applies,
                                                                       state.cards[source].controller, source)
                    for dealer in dealers if dealer in state.cards):
                found.append((facts.name, int(ability["amount"])))
    for item in state.lists.get("effects", ()):
        if item["effect"] == "damage_increase" and not item.get("taken") and any(
                c in dealers and is_current(state, c, ts) for c, ts in item["cards"]):
            found.append((str(item.get("label", "effect")), int(item["amount"])))
    if not found:
        return 0
    total = sum(amount for _, amount in found)
    tx.log(f"the damage to {name_of(tx, iid)} increases by {total} instead ({', '.join(sorted({n for n, _ in found}))})",
           "FFTCG 11.12.5")
    return total


def _replace_damage(tx: Transaction, iid: int, amount: int, reducible: bool, dealer: Dealer | None) -> int:
    """Apply the damage replacements of the field (FFTCG 11.12.5) and return the damage still dealt.

    Each applies once (11.12.5.5). Reductions and prevention give the same result in any order,
    so the affected card's controller is not asked to order them (11.12.5.7). Damage that "cannot be reduced" is
    neither reduced nor prevented ("cannot" wins, FFTCG 1.3): no one-shot reduction is used up by it.
    """
    if not reducible:
        return amount
    found = _damage_replacements(tx.state, iid, dealer)
    if not found and not tx.state.lists.get("effects"):
        return amount  # no replacement of the field applies and no lasting effect could
    damaged_controller = tx.state.cards[iid].controller
    # "During this turn, the next damage dealt to it is reduced by N instead": one-shot, used up by this damage
    once = [(index, item) for index, item in enumerate(tx.state.lists.get("effects", ()))
            if item["effect"] == "replace_next_damage" and any(c == iid and is_current(tx.state, c, ts)
                                                               for c, ts in item["cards"])
            and is_dealt_by(item, dealer, damaged_controller)]
    for index, item in reversed(once):
        tx.list_remove("effects", index)
    found += [(str(item.get("label", "effect")), item) for _, item in once]
    # "During this turn, if it is dealt damage (less than its power), the damage becomes 0 instead": lasting, not used up
    # ("less than its power": judged as the field's prevent_below_power is, after the reductions)
    found += [(str(item.get("label", "effect")), {"instead": "prevent_below_power" if item.get("less_than_power")
                                                  else "prevent"})
              for item in tx.state.lists.get("effects", ())
              if item["effect"] == "prevent_damage" and any(c == iid and is_current(tx.state, c, ts) for c, ts in item["cards"])
              and is_dealt_by(item, dealer, damaged_controller)]
    # (s6) "During this turn, the damage dealt to it is increased by 1000 instead" (or to every Forward: `every`)
    found += [(str(item.get("label", "effect")), {"instead": "increase", "amount": item["amount"]})
              for item in tx.state.lists.get("effects", ())
              if item["effect"] == "damage_increase" and item.get("taken") and (item.get("every") or any(
                  c == iid and is_current(tx.state, c, ts) for c, ts in item["cards"]))]
    if not found:
        return amount
    name = name_of(tx, iid)
    sources = ", ".join(sorted({source for source, _ in found}))
    if any(ability["instead"] == "prevent" for _, ability in found):
        reduced = amount
    else:
        reduced = min(amount, sum(int(ability["amount"]) for _, ability in found if ability["instead"] == "reduce"))
    # increases after the reductions: the order the affected card's controller would choose (FFTCG 11.12.5.7)
    more = sum(int(ability["amount"]) for _, ability in found if ability["instead"] == "increase")
    power = characteristics(tx.state)[iid].power if any(
        ability["instead"] == "prevent_below_power" for _, ability in found) else None
    if power is not None and amount - reduced < power:  # "less than its power": the reductions first, the
        reduced = amount  # order its controller would choose (FFTCG 11.12.5.7)
    if reduced >= amount:  # FFTCG 11.12.5.4: the replaced event does not happen
        tx.log(f"{name} would be dealt {amount} damage and is dealt no damage instead ({sources})", "FFTCG 11.12.5")
        return 0
    changed = f"reduced by {reduced}" if not more else f"increased by {more}" if not reduced else (
        f"reduced by {reduced} and increased by {more}")
    tx.log(f"{name} would be dealt {amount} damage: {changed} instead ({sources})", "FFTCG 11.12.5")
    return amount - reduced + more


def deal_character_damage(tx: Transaction, iid: int, amount: int, sources: Iterable[int], by_card: bool = False,
                          reducible: bool = True, dealer: Dealer | None = None) -> None:
    """Deal damage to a Forward; the rule processes break it when damage ≥ Power (FFTCG 12.4.5). `by_card`: the
    `sources` deal it themselves (battle, "each Forward deals damage …"), not an ability of theirs (FFTCG 11.11.8).
    `reducible`: False for damage that "cannot be reduced". `dealer`: the Summon or ability dealing it (see Dealer);
    with `by_card`, the first source's controller's Forward."""
    card = tx.state.cards[iid]
    sources = list(sources)
    if amount <= 0 or not is_of_type(tx.state, iid, "forward"):
        return
    if by_card and sources and sources[0] in tx.state.cards:
        dealer = ("forwards", tx.state.cards[sources[0]].controller)
    amount = _replace_damage(tx, iid, amount, reducible, dealer)
    if amount <= 0:
        return
    if by_card:
        amount += _damage_increase(tx, sources, iid)
    tx.set_prop(iid, "damage", int(card.props.get("damage", 0)) + amount)
    credit = sorted(set(card.props.get("damage_by", [])) | set(sources))
    tx.set_prop(iid, "damage_by", credit)
    tx.log(f"{name_of(tx, iid)} was dealt {amount} damage", "FFTCG 10.1.4.2")
    if may_trigger(tx.state, "dealt_damage"):  # "When <self> is dealt damage"
        emit(tx, trigger_event("dealt_damage", iid))
