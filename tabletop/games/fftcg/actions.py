"""FFTCG keyword actions (FFTCG 15.1) and the events they raise: moving cards, drawing, damage, break.

Every move of a card between zones makes it a new object (FFTCG 7.4): its props and counters go,
and it gets a new timestamp `ts` (FFTCG 11.12.4.10) that lasting effects and stack entries use
to tell whether they still see the same card.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tabletop.engine.transaction import Transaction
from tabletop.games.fftcg.continuous import condition_holds, field_cards, is_current, matches
from tabletop.games.fftcg.effects import ability_kind


def next_clock(tx: Transaction) -> int:
    """Return a new timestamp."""
    value = int(tx.state.data.get("clock", 0)) + 1
    tx.set_data("clock", value)
    return value


def enter_zone(tx: Transaction, iid: int, zone: str, index: int | None = 0) -> None:
    """Move a card to one of its owner's zones (`zone` is the bare name) as a new object."""
    card = tx.state.cards[iid]
    tx.move(iid, f"{card.owner}.{zone}", index)
    tx.clear_card(iid)
    tx.set_prop(iid, "ts", next_clock(tx))


def name_of(tx_or_state: Any, iid: int) -> str:
    """Return a card's name."""
    state = getattr(tx_or_state, "state", tx_or_state)
    return state.definition(iid).name


# -- events and triggers ---------------------------------------------------------------------------

def emit(tx: Transaction, event: str, card: int | None = None, player: str | None = None) -> None:
    """Collect the auto-abilities an event triggers (FFTCG 11.8) into the waiting list `triggers`."""
    state = tx.state
    candidates = field_cards(state)
    if card is not None and card not in candidates:
        candidates.append(card)  # "when X is broken / leaves the field": X's own abilities, last known
    for source in candidates:
        definition = state.definition(source)
        controller = state.cards[source].controller
        for index, ability in enumerate(definition.effects):
            if ability.get("trigger") != event or ability_kind(ability, definition.card_type == "summon") != "auto":
                continue
            if ability.get("ex_burst") and definition.card_type == "summon":
                continue
            if not _event_matches(state, ability.get("of", "self"), event, source, card, player, controller):
                continue
            on_field = state.cards[source].zone.endswith(".field")
            if not on_field and not (source == card and event in ("broken", "leaves_field")):
                continue
            if not condition_holds(state, ability.get("condition"), controller, ability.get("damage")):
                continue  # FFTCG 11.8.13: a false condition means it does not trigger
            tx.list_append("triggers", {
                "kind": "auto", "source": source, "ts": state.cards[source].props.get("ts"),
                "controller": controller, "card_id": definition.id, "ability": index,
                "name": ability.get("name") or f"{definition.name}: {event.replace('_', ' ')}",
                "event_card": card})
    for position, delayed in reversed(list(enumerate(state.lists.get("delayed", [])))):
        if delayed["trigger"] != event:
            continue
        watched = delayed.get("card")
        if watched is not None and (card is None or card != watched[0]):
            continue
        tx.list_append("triggers", {
            "kind": "delayed", "source": delayed["source"], "ts": delayed.get("source_ts"),
            "controller": delayed["controller"], "card_id": delayed["card_id"], "ability": -1,
            "inline": {"effect": "draw", "count": 0, "then": delayed["do"]}, "name": delayed["name"],
            "event_card": card})
        if delayed.get("once", True):
            tx.list_remove("delayed", position)


def _event_matches(state: Any, of: Any, event: str, source: int, card: int | None, player: str | None,
                   controller: str) -> bool:
    if event.endswith("_phase_start"):
        return player == controller  # "at the beginning of your … phase"
    if card is None:
        return False
    if of == "self":
        return card == source
    zone = state.cards[card].zone.split(".")[-1]
    if zone in ("field", "hand", "break"):
        return matches(state, card, {**of, "zone": zone}, controller, source)
    return matches_loose(state, card, of, controller, source)


def matches_loose(state: Any, card: int, of: Mapping[str, Any], controller: str, source: int) -> bool:
    """Match a filter ignoring the zone (for cards on the stack or just moved)."""
    definition = state.definition(card)
    kind = of.get("type")
    if kind == "character" and definition.card_type not in ("forward", "backup", "monster"):
        return False
    if kind not in (None, "character") and definition.card_type != kind:
        return False
    who = of.get("controller", "any")
    owner = state.cards[card].controller
    return not ((who == "you" and owner != controller) or (who == "opponent" and owner == controller))


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
    for _ in range(amount):
        deck = state.zones[f"{player}.deck"].cards
        if not deck:
            tx.set_data(f"lose.{player}", "took damage with an empty deck")
            break
        top = deck[0]
        enter_zone(tx, top, "damage", None)
        definition = state.definition(top)
        tx.log(f"{player} took 1 damage: {definition.name}", "FFTCG 6.5.2")
        if definition.attributes.get("ex_burst") and _ex_ability(definition) is not None:
            tx.list_append("ex_queue", {"card": top, "player": player})
    for source in sources:
        emit(tx, "deals_damage_to_player", source, player)


def _ex_ability(definition: Any) -> int | None:
    for index, ability in enumerate(definition.effects):
        kind = ability_kind(ability, definition.card_type == "summon")
        if (definition.card_type == "summon" and kind == "resolve") or ability.get("ex_burst"):
            return index
    return None


def ex_ability(definition: Any) -> int | None:
    """Return the index of the ability a card uses as its EX Burst, or None."""
    return _ex_ability(definition)


# -- leaving the field -----------------------------------------------------------------------------

def replacements_for(state: Any, iid: int) -> list[dict[str, Any]]:
    """Return the replacement effects that would apply if this card were broken (FFTCG 11.12.5)."""
    found: list[dict[str, Any]] = []
    for source in field_cards(state):
        definition = state.definition(source)
        controller = state.cards[source].controller
        for index, ability in enumerate(definition.effects):
            if ability_kind(ability, False) != "replacement":
                continue
            applies = ability.get("applies_to", "self")
            hit = source == iid if applies == "self" else matches(state, iid, applies, controller, source)
            if hit:
                found.append({"key": f"field:{source}:{index}", "instead": ability["instead"],
                              "label": f"{definition.name}: {ability['instead'].replace('_', ' ')} instead",
                              "controller": controller})
    for item in state.lists.get("effects", []):
        if item["effect"] == "replace_break" and any(c == iid and is_current(state, c, ts) for c, ts in item["cards"]):
            found.append({"key": f"effect:{item['id']}", "instead": item["instead"],
                          "label": f"{item.get('label', 'effect')}: {item['instead'].replace('_', ' ')} instead",
                          "controller": item["controller"]})
    seen: dict[str, int] = {}
    for option in found:  # keys a player can type: the replacing action, numbered when repeated
        count = seen.get(option["instead"], 0) + 1
        seen[option["instead"]] = count
        option["key"] = option["instead"] if count == 1 else f"{option['instead']}_{count}"
    return found


def needs_replacement_choice(state: Any, iids: Iterable[int]) -> tuple[int, list[dict[str, Any]]] | None:
    """Return the first card about to be broken whose controller must order replacements, if any."""
    chosen = state.data.get("replacement_choice", {})
    for iid in iids:
        options = replacements_for(state, iid)
        if len(options) >= 2 and str(iid) not in chosen:
            return iid, options
    return None


def break_cards(tx: Transaction, iids: Iterable[int], by: Iterable[int] = ()) -> None:
    """Break cards (FFTCG 15.1.1.3): field → owner's Break Zone, unless a replacement applies instead.

    A replaced break does not happen, so "when broken" abilities do not trigger (FFTCG 11.8.15).
    With two or more replacements, the choice recorded by the card's controller applies
    (FFTCG 11.12.5.7); the other one then no longer applies to the new event.
    """
    state = tx.state
    chosen = dict(state.data.get("replacement_choice", {}))
    broken: list[int] = []
    for iid in iids:
        if not state.cards[iid].zone.endswith(".field"):
            continue
        options = replacements_for(state, iid)
        if options:
            pick = next((o for o in options if o["key"] == chosen.get(str(iid))), options[0])
            chosen.pop(str(iid), None)
            name = name_of(tx, iid)
            zone = "removed" if pick["instead"] == "remove_from_game" else "hand"
            enter_zone(tx, iid, zone)
            tx.log(f"{name} would be broken; {pick['label']}", "FFTCG 11.12.5")
            emit(tx, "leaves_field", iid)
            continue
        name = name_of(tx, iid)
        enter_zone(tx, iid, "break")
        credit = ", ".join(name_of(tx, s) for s in by)
        tx.log(f"{name} was broken" + (f" by {credit}" if credit else ""), "FFTCG 15.1.1.3")
        broken.append(iid)
    tx.set_data("replacement_choice", chosen or None)
    for iid in broken:
        emit(tx, "broken", iid)
        emit(tx, "leaves_field", iid)


def move_from_field(tx: Transaction, iids: Iterable[int], zone: str, why: str, rule: str) -> None:
    """Put cards from the field into another zone without breaking them (no "broken" trigger)."""
    moved = []
    for iid in iids:
        if not tx.state.cards[iid].zone.endswith(".field"):
            continue
        name = name_of(tx, iid)
        enter_zone(tx, iid, zone)
        tx.log(f"{name} was put into the {zone.replace('break', 'Break Zone')} ({why})", rule)
        moved.append(iid)
    for iid in moved:
        emit(tx, "leaves_field", iid)


def put_onto_field(tx: Transaction, iid: int, controller: str, dull: bool = False) -> None:
    """Put a card onto the field under `controller` (FFTCG 11.4.8); enter-the-field abilities trigger."""
    enter_zone(tx, iid, "field", None)
    tx.set_field(iid, "controller", controller)
    tx.set_prop(iid, "since", tx.state.turn)
    if dull:
        tx.set_field(iid, "tapped", True)
    emit(tx, "enters_field", iid)


def deal_character_damage(tx: Transaction, iid: int, amount: int, sources: Iterable[int]) -> None:
    """Deal damage to a Forward; the rule processes break it when damage ≥ Power (FFTCG 12.4.5)."""
    card = tx.state.cards[iid]
    if amount <= 0 or tx.state.library[card.card_id].card_type != "forward":
        return
    tx.set_prop(iid, "damage", int(card.props.get("damage", 0)) + amount)
    credit = sorted(set(card.props.get("damage_by", [])) | set(sources))
    tx.set_prop(iid, "damage_by", credit)
    tx.log(f"{name_of(tx, iid)} was dealt {amount} damage", "FFTCG 10.1.4.2")
