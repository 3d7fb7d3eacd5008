"""Moving Vanguard cards between zones: placing on circles, retiring, identity reset (VG 7.7), releases."""
from __future__ import annotations

from typing import Any

from tabletop.engine.errors import IllegalCommand
from tabletop.engine.transaction import Transaction
from tabletop.engine.zones import zone_id
from tabletop.games.vanguard import facts
from tabletop.games.vanguard.abilities import emit_event, printed_of
from tabletop.games.vanguard.circles import circle_name, info, is_circle, is_rear_circle, zone_owner
from tabletop.games.vanguard.rear_vanguard import is_rear_vanguard, rear_vanguards
from tabletop.games.vanguard.table import has_state, is_locked


def new_identity(tx: Transaction, iid: int) -> None:
    """Give a card a fresh identity number: effects that remembered the old one no longer find it (VG 7.7)."""
    seq = int(tx.state.data.get("seq", 0)) + 1
    tx.set_data("seq", seq)
    tx.set_prop(iid, "seq", seq)


def renew(tx: Transaction, iid: int) -> None:
    """Make a card that changed zones a new card (VG 7.7): props and counters cleared, standing, face up, its
    owner's, with a fresh identity number."""
    tx.clear_card(iid, keep=("seq",))  # the identity number is replaced just after, not removed first
    new_identity(tx, iid)


def identity(tx_state: Any, iid: int) -> int:
    """Return a card's current identity number."""
    return int(tx_state.cards[iid].props.get("seq", 0))


def turn_info(tx: Transaction, player: str, key: str, value: Any) -> None:
    """Set one of a player's per-turn facts (calls made, soul charged other than by riding…)."""
    info = dict(tx.state.data.get("turn_info", {}))
    mine = dict(info.get(player, {}))
    mine[key] = value
    info[player] = mine
    tx.set_data("turn_info", info, copy=False)  # new mappings around the caller's scalar


def turn_fact(state: Any, player: str, key: str, default: Any = 0) -> Any:
    """Return one of a player's per-turn facts."""
    return state.data.get("turn_info", {}).get(player, {}).get(key, default)


def unlink_harmony(tx: Transaction, iid: int) -> None:
    """End every Harmony link of a card (it left, was locked or changed controller; seed 《百慕大三角》)."""
    state = tx.state
    partners = list(state.cards[iid].props.get("links", ()))
    for partner in partners:
        links = [p for p in state.cards[partner].props.get("links", ()) if p != iid]
        tx.set_prop(partner, "links", links or None)
        if not links:
            remove_state(tx, partner, "harmony")
    tx.set_prop(iid, "links", None)
    remove_state(tx, iid, "harmony")


def add_state(tx: Transaction, iid: int, name: str, until: str | None = None) -> bool:
    """Put a unit into a named state; False when it already is in it (seed 一 1.2: cannot enter again)."""
    states = list(tx.state.cards[iid].props.get("states", ()))
    if name in states:
        return False
    tx.set_prop(iid, "states", sorted(states + [name]))
    if until:
        durations = dict(tx.state.cards[iid].props.get("state_until", {}))
        durations[name] = until
        tx.set_prop(iid, "state_until", durations)
    emit_event(tx, "enters_state", card=iid, state=name, zone=tx.state.cards[iid].zone)
    return True


def remove_state(tx: Transaction, iid: int, name: str) -> None:
    """Take a unit out of a named state."""
    states = [s for s in tx.state.cards[iid].props.get("states", ()) if s != name]
    tx.set_prop(iid, "states", states or None)
    durations = {k: v for k, v in tx.state.cards[iid].props.get("state_until", {}).items() if k != name}
    tx.set_prop(iid, "state_until", durations or None)


def leave_field_cleanup(tx: Transaction, iid: int) -> None:
    """Before a card leaves a circle: end links, release domination, forget its Legion mate."""
    props = tx.state.cards[iid].props
    if props.get("links") or "harmony" in props.get("states", ()) or "harmony" in props.get("state_until", ()):
        unlink_harmony(tx, iid)  # the usual card has no Harmony link to end (each of its changes would be a no-op)


def relocate(tx: Transaction, iid: int, zone: str, index: int | None = 0, face_down: bool = False,
             owner: str | None = None) -> None:
    """Move a card to one of its owner's zones (seed Dominate 10) as a new card (VG 7.7).

    A G unit that would go anywhere but the field or the G zone goes to the G zone face up (VG 8.3).
    """
    state = tx.state
    card = state.cards[iid]
    home = owner or card.owner
    # the G zone first: only Premium's table has one (its test is the cheapest)
    if (zone not in ("gzone", "vc", "gc") and zone_id(home, "gzone") in state.zones
            and printed_of(state, iid).kind == "g_unit" and not is_circle(zone_id(home, zone))):
        zone, face_down, index = "gzone", False, None
    target = zone_id(home, zone)
    was_on_field = is_circle(card.zone) or card.zone.endswith(".gc")
    if was_on_field:
        leave_field_cleanup(tx, iid)
    heart = card.props.get("heart")
    tx.move(iid, target, index)
    renew(tx, iid)
    if face_down:
        tx.set_field(iid, "face_down", True)
    if zone == "gzone" and not face_down:
        tx.reveal(iid, "all")
    if heart is not None and heart in state.cards and state.cards[heart].zone.endswith(".heart"):
        relocate(tx, heart, "soul")


def place_on_circle(tx: Transaction, iid: int, circle: str, how: str, by: str, rested: bool = False,
                    index: int = 0) -> None:
    """Put a card onto a circle (call, superior call, ride) as a new unit, and trigger "placed" abilities.

    `how` is "call" (normal or superior call: counts for Unite), "ride", "move", "guard" or "legion" (a Legion
    mate beside the vanguard: `index` 1 of the vanguard circle).
    """
    state = tx.state
    card = state.cards[iid]
    origin = card.zone.split(".", 1)[-1]  # "when placed on (RC) from hand" reads where it came from
    if card.zone != circle:
        if is_circle(card.zone) or card.zone.endswith(".gc"):
            leave_field_cleanup(tx, iid)
        tx.move(iid, circle, index)
        renew(tx, iid)
    at = info(circle)
    player = at.owner
    # set_field's own no-op tests, made here: a card made new (renew) stands and is its owner's already
    if card.controller != player:
        tx.set_field(iid, "controller", player)
    if card.tapped != rested:
        tx.set_field(iid, "tapped", rested)
    tx.set_prop(iid, "placed_turn", state.turn)
    if how in ("call", "guard"):
        turn_info(tx, player, "calls", int(turn_fact(state, player, "calls")) + 1)
    details: dict[str, Any] = {"from": origin}
    if at.is_rear and iid in rear_vanguards(state, player):
        details["as_vanguard"] = True  # placed as a vanguard: "placed on VC" abilities trigger (seed 《光辉骑士团》 二)
    emit_event(tx, "placed", iid, player, zone=circle, how=how, **details)


def retire(tx: Transaction, iid: int, by_effect: bool) -> None:
    """Retire a rear-guard or guardian to its owner's drop zone and trigger "retired" abilities."""
    retire_all(tx, [iid], by_effect)


def retire_all(tx: Transaction, iids: list[int], by_effect: bool) -> None:
    """Retire rear-guards or guardians at once: every card goes to its owner's drop zone, then each "retired" event
    happens, so each card's abilities see all of them in the drop zone (one effect retires them together).

    A rear-guard vanguard is no rear-guard and is not retired (seed 《光辉骑士团》 二; DECISIONS.md).
    """
    state = tx.state
    retired: list[tuple[int, str, bool, str]] = []
    for iid in iids:
        card = state.cards[iid]
        if is_rear_vanguard(state, iid):
            continue
        locked = is_locked(state, iid)
        from_zone = card.zone
        controller = card.controller
        relocate(tx, iid, "drop", None)
        if is_rear_circle(from_zone):
            turn_info(tx, controller, "rear_guard_retired", True)  # "if your rear-guard was retired this turn"
            retired.append((iid, controller, locked, from_zone))
    for iid, controller, locked, from_zone in retired:
        emit_event(tx, "retired", iid, controller, by_effect=by_effect, locked=locked, zone=from_zone)


def put_into_soul(tx: Transaction, iid: int, player: str, by_ride: bool = False, rider: int | None = None) -> None:
    """Put a card into `player`'s soul; anything but a ride counts for Darkness (seed 《黑暗不法者》).

    A ridden-upon G unit goes face up to the G zone instead (VG 8.3), straight from the circle, so
    its "this card" still finds it there (seed 《黑暗不法者》 伽斯提尔·恶灵 and Forerunner).
    """
    if by_ride:
        if is_circle(tx.state.cards[iid].zone):
            leave_field_cleanup(tx, iid)
        into_soul: int | None = iid
        if facts.kind(tx.state.definition(iid)) == "g_unit" and zone_id(player, "gzone") in tx.state.zones:
            into_soul = tx.state.cards[iid].props.get("heart")
            tx.move(iid, zone_id(player, "gzone"), None)
            tx.clear_card(iid, keep=("seq", "copied", "gained"))
            tx.reveal(iid, "all")
            if into_soul is not None and into_soul in tx.state.cards:  # the heart card goes to the soul by the ride
                tx.move(into_soul, zone_id(player, "soul"), None)
                renew(tx, into_soul)
        else:
            tx.move(iid, zone_id(player, "soul"), None)
            renew(tx, iid)
        emit_event(tx, "rode_upon", card=iid, player=player, other=rider)
        if into_soul is not None and into_soul in tx.state.cards:
            # a ride is a way of being put into the soul, one Darkness does not count (seed 《黑暗不法者》)
            emit_event(tx, "put_into_soul", card=into_soul, player=player, by_ride=True)
        return
    relocate(tx, iid, "soul", None, owner=player)
    turn_info(tx, player, "soul_not_ride", True)
    emit_event(tx, "put_into_soul", card=iid, player=player)


def move_rear_guard(tx: Transaction, iid: int, to: str) -> IllegalCommand | None:
    """Move a rear-guard to another rear-guard circle, swapping with the unit there (VG 5.4); it stays the same
    card. Return the refusal when it cannot move (a dominated unit or a rear-guard vanguard there, seed 《射干玉》
    支配 ruling 3 and 《光辉骑士团》 二) — a command raises it, an effect skips the move — or None when it moved."""
    state = tx.state
    here = state.cards[iid].zone
    other = list(state.zones[to].cards)   # a copy: the zone's own list changes with the first move
    if other and has_state(state, other[0], "dominated"):
        return IllegalCommand("seed 《射干玉》 支配 ruling 3", "you cannot move onto a circle holding a dominated unit")
    made = rear_vanguards(state, zone_owner(to))
    if iid in made or (other and other[0] in made):
        return IllegalCommand("seed 《光辉骑士团》 二 / VG 5.4",
                              "a unit on RC that is a vanguard is not a rear-guard: it does not move or swap")
    tx.move(iid, to, 0)
    if other:
        tx.move(other[0], here, 0)
    return None


def is_field_zone(zid: str) -> bool:
    """Tell whether a zone id is a VC, RC or GC."""
    return is_circle(zid) or circle_name(zid) == "gc"


def controller_changed(tx: Transaction, iid: int, player: str) -> None:
    """Change a unit's controller (domination): its Harmony links end (seed 《百慕大三角》)."""
    if tx.state.cards[iid].controller != player:
        unlink_harmony(tx, iid)
        tx.set_field(iid, "controller", player)


def dominated(tx_state: Any, iid: int) -> bool:
    """Tell whether a unit is dominated."""
    return has_state(tx_state, iid, "dominated")
