"""Reading the Vanguard table: units, their controllers and positions, current power and critical."""
from __future__ import annotations

import functools
from itertools import chain
from typing import Any

from tabletop.engine.state import CardInstance, GameState
from tabletop.engine.zones import Zone, zone_id
from tabletop.games.vanguard import facts
from tabletop.games.vanguard.circles import (
    ACCEL_CIRCLES, CIRCLES, REAR_CIRCLES, info, is_circle, is_front_row, is_rear_circle, position,
    same_column, zone_owner,
)
from tabletop.games.vanguard.rear_vanguard import is_rear_vanguard, rear_vanguards


def states_of(state: GameState, iid: int) -> list[str]:
    """Return the named states of a card (blaze, hollow, dominated…)."""
    return list(state.cards[iid].props.get("states", ()))


def has_state(state: GameState, iid: int, name: str) -> bool:
    """Tell whether a card is in a named state."""
    return name in state.cards[iid].props.get("states", ())


def in_state(state: GameState, iids: tuple[int, ...], name: str) -> list[int]:
    """Return the cards of `iids` in a named state, in order (the usual answer: none)."""
    cards = state.cards
    return [iid for iid in iids if name in cards[iid].props.get("states", ())]


def is_locked(state: GameState, iid: int) -> bool:
    """Tell whether a card is a locked card (face down on RC; not a unit, VG 9.8)."""
    return bool(state.cards[iid].props.get("locked"))


def is_unit(state: GameState, iid: int) -> bool:
    """Tell whether a card is a unit: on VC/RC/GC and not locked (VG 3.2)."""
    card = state.cards[iid]
    zone = info(card.zone)
    return (zone.is_circle or zone.name == "gc") and not card.props.get("locked")


def field_cards(state: GameState, player: str | None = None) -> tuple[int, ...]:
    """Return every card on VCs and RCs (optionally only those `player` controls, dominated ones included).

    Memoised until the board changes; the tuple is shared, so it is immutable.
    """
    values = state.board_memo_values
    found = values.get(_FIELD)
    if found is None:
        found = values[_FIELD] = tuple(chain.from_iterable(_layout(state).field_cards))
    if player is None:
        return found  # type: ignore[no-any-return]
    key = ("vanguard.field", player)
    mine = values.get(key)
    if mine is None:
        cards = state.cards
        mine = values[key] = tuple([i for i in found if cards[i].controller == player])
    return mine  # type: ignore[no-any-return]


_FIELD = "vanguard.field"


def is_any_on_field(state: GameState, ids: frozenset[int], guardians: bool = False) -> bool:
    """Tell whether any of the cards `ids` is on a VC or RC (`guardians`: or on a GC).

    For a few cards (those printing some ability) cheaper than `field_cards`, rebuilt after every board change.
    """
    layout = _layout(state)
    zones = layout.reacting_ids if guardians else layout.field_ids
    cards = state.cards
    for iid in ids:
        if cards[iid].zone in zones:
            return True
    return False


def _field_zones(state: GameState) -> tuple[Zone, ...]:
    """Return the Zone objects of every VC and RC of both players, Accel circles included (an Accel circle
    that is not open holds no card)."""
    return _layout(state).field


def player_zones(state: GameState, name: str) -> dict[str, Zone]:
    """Return each player's Zone object of one name."""
    return _layout(state).by_name[name]


class _Layout:
    """The Zone objects of a table, found once: the zones of a game never change."""

    __slots__ = ("zones", "field", "field_cards", "field_ids", "reacting_ids", "front_row", "by_name", "vitals",
                 "seats", "lasting_cards")

    def __init__(self, state: GameState) -> None:
        self.zones = state.zones  # kept so that the id() key of the cache is never reused while cached
        names = ("vc", *REAR_CIRCLES, *ACCEL_CIRCLES)
        self.field = tuple(state.zones[zone_id(p, n)] for p in state.players for n in names
                           if zone_id(p, n) in state.zones)
        self.field_cards = tuple(zone.cards for zone in self.field)  # the lists themselves: Changes edit them in place
        self.field_ids = frozenset(zone.id for zone in self.field)
        # the field's circles and each player's GC: where a unit that can react to an event is
        self.reacting_ids = self.field_ids | {zone.id for zone in state.zones.values() if zone.spec.name == "gc"}
        # each player's own front-row circles' card lists, in field order (see _front_row_zones)
        self.front_row = {p: tuple(zone.cards for zone in self.field if zone.id in _front_row_zones(p))
                          for p in state.players}
        self.by_name: dict[str, dict[str, Zone]] = {}
        for zone in state.zones.values():
            if zone.owner is not None:
                self.by_name.setdefault(zone.spec.name, {})[zone.owner] = zone
        # per player: the card lists of the damage zone, deck and VC (what the loss and vanguard rule actions read)
        self.vitals = tuple((self.by_name["damage"][p].cards, self.by_name["deck"][p].cards,
                             self.by_name["vc"][p].cards) for p in state.players)
        self.seats = {p: SeatCircles(state, p) for p in state.players}
        # the card lists of the zones whose cards may carry lasting effects, in seat order: each player's circles
        # (Accel ones too: one not open holds no card), GC and heart card
        self.lasting_cards = tuple(state.zones[zid].cards for p in state.players
                                   for name in (*CIRCLES, *ACCEL_CIRCLES, "gc", "heart")
                                   if (zid := zone_id(p, name)) in state.zones)


class SeatCircles:
    """One player's own circles as the main phase reads them, found once per table: the card lists of their VC
    and hand, and per rear-guard circle (`rears`: the regular ones in REAR_CIRCLES order; `accels`: the format's
    Accel circles in opening order, those `circles_of` adds one by one) a triple of its card list, the card list
    of the other circle of its column (None for an Accel circle) and its name (`rc.front_left`).

    The lists are the zones' own (Changes edit them in place): never change them.
    """

    __slots__ = ("vc", "hand", "rears", "accels")

    def __init__(self, state: GameState, player: str) -> None:
        zones = state.zones
        self.vc = zones[zone_id(player, "vc")].cards
        self.hand = zones[zone_id(player, "hand")].cards
        self.rears = tuple((zones[zid].cards, zones[partner].cards if partner in zones else None, name)
                           for name in REAR_CIRCLES if (zid := zone_id(player, name)) in zones
                           for partner in (info(zid).partner,))
        self.accels = tuple((zones[zid].cards, None, name)
                            for name in ACCEL_CIRCLES if (zid := zone_id(player, name)) in zones)


def seat_circles(state: GameState, player: str) -> SeatCircles:
    """Return a player's own circles as the main phase reads them (see SeatCircles)."""
    return _layout(state).seats[player]


def lasting_effect_cards(state: GameState) -> tuple[list[int], ...]:
    """Return the card lists (the zones' own: never change them) of the zones whose cards may carry lasting
    effects, in seat order: each player's circles, GC and heart card (a card that leaves them becomes new)."""
    return _layout(state).lasting_cards


def vital_cards(state: GameState) -> tuple[tuple[list[int], list[int], list[int]], ...]:
    """Return the card lists (the zones' own: never change them) of each player's damage zone, deck and VC, in
    seat order."""
    return _layout(state).vitals


def _layout(state: GameState) -> _Layout:
    # Zones are only added while the table is set up: their number tells a layout built too early.
    found = state.keyed_values.get("vanguard.layout")  # memo_keyed, the usual case inlined
    if found is not None and found[0] == len(state.zones):
        return found[1]  # type: ignore[no-any-return]
    return state.memo_keyed("vanguard.layout", len(state.zones), lambda: _Layout(state))


def units_of(state: GameState, player: str) -> tuple[int, ...]:
    """Return the units `player` controls on VC/RC (seed Dominate 4: the dominator's dominated units count)."""
    key = ("vanguard.units", player)
    values = state.board_memo_values
    found = values.get(key)
    if found is None:
        cards = state.cards
        found = values[key] = tuple([i for i in field_cards(state) if cards[i].controller == player
                                     and "locked" not in cards[i].props])
    return found  # type: ignore[no-any-return]


def rear_guards_of(state: GameState, player: str) -> list[int]:
    """Return the rear-guards `player` controls (a unit on RC made a vanguard is not one, seed 《光辉骑士团》 二)."""
    made = rear_vanguards(state, player)
    return [i for i in units_of(state, player) if is_rear_circle(state.cards[i].zone) and i not in made]


def vanguard_of(state: GameState, player: str) -> int | None:
    """Return `player`'s own vanguard on their VC, or None (a dominated vanguard is not theirs; ruling 18)."""
    cards = state.zones[zone_id(player, "vc")].cards
    if cards and state.cards[cards[0]].controller == player:
        return cards[0]
    return None


def vanguards_of(state: GameState, player: str) -> list[int]:
    """Return every vanguard `player` controls: their VC, a dominated opposing one, and their rear-guard
    vanguards (seed 《光辉骑士团》 二)."""
    return [i for i in units_of(state, player) if state.cards[i].zone.endswith(".vc")] + list(rear_vanguards(state, player))


def front_row_units(state: GameState, player: str) -> list[int]:
    """Return `player`'s units in their own front row (seed Dominate 9) that attack and are attacked on their own:
    a Legion mate beside the vanguard is neither (it attacks with its leader and is attacked as the Legion)."""
    key = ("vanguard.front_row", player)
    found = state.board_memo_values.get(key)
    if found is None:  # units_of filtered by the front row: only the player's own front-row circles hold them
        cards = state.cards
        found = state.board_memo_values[key] = tuple([
            on[0] for on in _layout(state).front_row[player]
            if on and (card := cards[on[0]]).controller == player and "locked" not in card.props])
    return list(found)


def legion_mate_beside(state: GameState, iid: int) -> int | None:
    """Return the Legion mate beside a vanguard that leads a Legion (on its vanguard circle), or None."""
    mate = legion_mate(state, iid)
    card = state.cards[iid]
    if mate is None or not card.zone.endswith(".vc") or state.cards[mate].zone != card.zone:
        return None
    return mate


@functools.cache  # a pure function of the seat's name
def _front_row_zones(player: str) -> frozenset[str]:
    """Return the ids of the circles in `player`'s own front row (those `is_front_row` holds for)."""
    names = [*CIRCLES, *ACCEL_CIRCLES]
    return frozenset(zone_id(player, n) for n in names if is_front_row(zone_id(player, n), player))


def in_same_column(state: GameState, a: int, b: int, viewer: str) -> bool:
    """Tell whether two cards on circles are in the same column for `viewer`."""
    return same_column(state.cards[a].zone, state.cards[b].zone, viewer)


def legion_mate(state: GameState, iid: int) -> int | None:
    """Return the other unit of a card's Legion pair, or None: the pair holds while both cards are on circles and
    name each other (seed Dominate 21 "units in the Legion state"; a card that left a circle is a new card and
    names no mate, VG 7.7)."""
    mate = state.cards[iid].props.get("legion")
    if mate is None or mate not in state.cards or not is_circle(state.cards[iid].zone):
        return None
    other = state.cards[mate]
    return mate if other.props.get("legion") == iid and is_circle(other.zone) else None


def is_closed_to_calls(state: GameState, zid: str) -> bool:
    """Tell whether a rear-guard circle cannot take a called card: it holds a dominated unit (seed Dominate 3)
    or a rear-guard vanguard (a vanguard is no rear-guard to retire for the call; seed 《光辉骑士团》 二)."""
    cards = state.zones[zid].cards
    return bool(cards) and (has_state(state, cards[0], "dominated") or is_rear_vanguard(state, cards[0]))


def is_my_turn(state: GameState, player: str) -> bool:
    """Tell whether `player` is the turn player."""
    return state.active == player


def is_forbidden_to_attack(state: GameState, iid: int) -> bool:
    """Tell whether a "cannot attack" effect applies to a unit now (the `cannot_attack` word; seed 《射干玉》 支配 ④:
    such a unit is not "able to attack")."""
    return any(m["stat"] == "cannot_attack" for m in state.cards[iid].props.get("mods", ()))


def _mods(state: GameState, iid: int, stat: str) -> list[tuple[int, str]]:
    return [(int(m["amount"]), str(m.get("why", ""))) for m in state.cards[iid].props.get("mods", ())
            if m["stat"] == stat]


def base_power(state: GameState, iid: int) -> int:
    """Return a unit's power before modifiers: printed, or heart card's power + a G unit's printed power."""
    card = state.cards[iid]
    if card.props.get("deleted"):
        return 0
    printed = facts.power(state.definition(iid))
    heart = card.props.get("heart")
    if heart is not None and heart in state.cards:
        return printed + facts.power(state.definition(heart))
    return printed


def power_parts(state: GameState, iid: int) -> tuple[int, int, list[str]]:
    """Return (base, current, reasons) of a card's power with every modifier applied (memoised until a change)."""
    base, current, why = _memo_power(state, iid)
    return base, current, list(why)


READING = "vanguard.cont_conditions"
# state.reading[READING]: sources whose CONT conditions are being read now (abilities._cont_grants): a CONT's own
# condition does not see its own bonus (a Burst "if your vanguard's power ≥ N" on the vanguard itself would
# otherwise never settle).


def reading_key(state: GameState) -> str:
    """Return a memo key suffix naming the sources being read: values computed without their bonuses differ."""
    sources = state.reading.get(READING)
    return ".reading." + ",".join(map(str, sorted(sources))) if sources else ""


def _memo_power(state: GameState, iid: int) -> tuple[int, int, list[str]]:
    """Return power_parts' memoised value (callers must not change the list)."""
    # While a CONT condition is being read its own bonus is left out: that value is memoised apart.
    key = f"vanguard.power.{iid}{reading_key(state)}" if state.reading.get(READING) else ("vanguard.power", iid)
    values = state.memo_values  # state.memo, inlined
    found = values.get(key)
    if found is None:
        found = values[key] = _power_parts(state, iid)
    return found  # type: ignore[no-any-return]


def _power_parts(state: GameState, iid: int) -> tuple[int, int, list[str]]:
    card = state.cards[iid]
    props = card.props
    if props.get("deleted") or props.get("heart") is not None:
        base = base_power(state, iid)
    else:  # base_power, the usual case inlined: the printed power, read once per definition
        base = abilities.ability_index(state)[card.card_id].power
    total = base
    why: list[str] = []
    if props.get("mods"):
        for amount, reason in _mods(state, iid, "power"):
            total += amount
            why.append(f"{amount:+d} {reason}".strip())
    controller = card.controller
    zone = info(card.zone)
    if (zone.is_circle or zone.name == "gc") and not props.get("locked"):  # is_unit, inlined
        for mod in state.lists.get("player_mods") or ():
            if mod["player"] == controller and mod["stat"] == "power" and _scope_holds(state, iid, mod):
                total += int(mod["amount"])
                why.append(f"{int(mod['amount']):+d} {mod.get('why', '')}".strip())
        if state.active == controller:  # _gift_power gives nothing outside its owner's turn
            total += _gift_power(state, card)
        for amount, reason in abilities.continuous_bonuses(state, iid, "power"):
            total += amount
            why.append(f"{amount:+d} {reason}")
        battle = state.data.get("battle")
        if battle and battle.get("attacker") == iid and battle.get("booster") is not None:
            booster = battle["booster"]
            if booster in state.cards and is_unit(state, booster):
                boost = current_power(state, booster)
                total += boost
                why.append(f"{boost:+d} boost")
        if battle and battle.get("attacker") == iid and battle.get("legion_mate") is not None:
            mate = legion_mate_beside(state, iid)
            if mate is not None and mate == battle["legion_mate"]:  # a Legion attacks with both units' power
                legion = current_power(state, mate)
                total += legion
                why.append(f"{legion:+d} Legion")
    return base, total, why


def _scope_holds(state: GameState, iid: int, mod: dict[str, Any]) -> bool:
    if mod.get("my_turn") and state.active != mod["player"]:
        return False
    scope = mod.get("scope", "all")
    if scope == "front_row":
        return is_front_row(state.cards[iid].zone, mod["player"])
    if scope == "rear_guards":
        return is_rear_circle(state.cards[iid].zone)
    return True


def _gift_power(state: GameState, card: CardInstance) -> int:
    """Force I (+10000 per marker) and Accel I (+10000) during the owner's turn; none on dominated units (ruling 22)."""
    if "dominated" in card.props.get("states", ()) or state.active != card.controller:  # has_state, inlined
        return 0
    markers = state.data.get("markers", {}).get(card.zone, {})
    bonus = 10000 * int(markers.get("force1", 0))
    if "accel" in card.zone:
        bonus += 10000
    return bonus


def current_power(state: GameState, iid: int) -> int:
    """Return a card's current power."""
    return _memo_power(state, iid)[1]


def current_critical(state: GameState, iid: int) -> int:
    """Return a card's current critical."""
    value = facts.critical(state.definition(iid)) + sum(a for a, _ in _mods(state, iid, "critical"))
    value += sum(a for a, _ in abilities.continuous_bonuses(state, iid, "critical"))
    card = state.cards[iid]
    if state.active == card.controller and not has_state(state, iid, "dominated"):
        value += int(state.data.get("markers", {}).get(card.zone, {}).get("force2", 0))
    return max(0, value)


def current_grade(state: GameState, iid: int) -> int:
    """Return a card's grade."""
    return abilities.ability_index(state)[state.cards[iid].card_id].grade  # facts.grade, read once per card


def guardians_of(state: GameState, player: str) -> list[int]:
    """Return the guardians `player` controls (their GC, plus dominated ones on the opponent's GC)."""
    result = []
    for owner in state.players:
        for iid in state.zones[zone_id(owner, "gc")].cards:
            if state.cards[iid].controller == player:
                result.append(iid)
    return result


def shield_total(state: GameState, player: str) -> int:
    """Return the total shield of `player`'s guardians."""
    total = 0
    for iid in guardians_of(state, player):
        total += facts.shield(state.definition(iid)) + sum(a for a, _ in _mods(state, iid, "shield"))
        total += sum(a for a, _ in abilities.continuous_bonuses(state, iid, "shield"))
    return total


def column_opponents(state: GameState, iid: int) -> list[int]:
    """Return opposing units in the same column as a unit (for Scheming)."""
    me = state.cards[iid].controller
    other = state.opponent(me)
    return [u for u in units_of(state, other)
            if position(state.cards[u].zone) is not None and in_same_column(state, iid, u, me)]


def owner_of_zone(zid: str) -> str:
    """Return the owner of a zone id."""
    return zone_owner(zid)


# Imported last: abilities imports this module (and is always loaded first, by the package), so its functions
# are read at call time, never while this module loads.
from tabletop.games.vanguard import abilities  # noqa: E402
