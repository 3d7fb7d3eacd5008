"""Current characteristics of cards: field abilities and lasting effects applied in classes.

FFTCG 11.12.4.6: classes apply in order ① control ② text ③ type/Job ④ other ⑤ Power, each a
layer of the engine's LayerSystem. Control changes are one-shot changes of the card's controller
(class ① is thus always first); no card data changes text, so class ② is empty; class ③ holds Job changes
and "becomes a Forward" (a card of several kinds is of each, FFTCG 5.2.2.2).
"Set Power" is a new base, applied before additions (FFTCG 11.3.10): class ⑤ is two layers.
Within a class the LayerSystem applies effects that change their own source first, then
independent effects before those that depend on them, each group in timestamp order
(FFTCG 11.12.4.7, 11.12.4.12–13).

The result is memoized per board version (`GameState.memo`), so it is computed once per change of
the board, not again for each pass of priority.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, NamedTuple, TypeVar

from tabletop.engine.continuous import ContinuousEffect, LayerSystem, apply_generic, copy_card
from tabletop.engine.card_filter import CardFilter, Predicate, Seen
from tabletop.engine.library_index import PerLibrary
from tabletop.engine.stack import STACK
from tabletop.engine.state import GameState
from tabletop.games.fftcg import turn_history
from tabletop.games.fftcg.cards import CHARACTER_TYPES
from tabletop.games.fftcg.effects import PLAYER_EVENTS, TARGET_KEYS, is_mapping
from tabletop.games.fftcg.printed import Characteristics, PrintedFacts, listed, printed_index

T = TypeVar("T")
_ABSENT: Any = object()  # a value not derived yet (None is a value)

LAYER_CONTROL, LAYER_TEXT, LAYER_TYPE, LAYER_OTHER, LAYER_SET_POWER, LAYER_POWER = range(6)
# effect name -> (layer, LayerSystem operation, characteristic it changes)
CONTINUOUS_OPS: dict[str, tuple[int, str, str]] = {
    "grant_keyword": (LAYER_OTHER, "grant", "keywords"),
    "grant_job": (LAYER_TYPE, "add_job", "jobs"),  # FFTCG 11.12.4.6 ③: type and Job before the others
    "become_forward": (LAYER_TYPE, "add_forward", "types"),
    "cannot_attack": (LAYER_OTHER, "flag", "cannot_attack"),
    "cannot_block": (LAYER_OTHER, "flag", "cannot_block"),
    "must_attack": (LAYER_OTHER, "flag", "must_attack"),
    "must_block": (LAYER_OTHER, "flag", "must_block"),
    "cannot_be_broken": (LAYER_OTHER, "flag", "cannot_be_broken"),
    "cannot_be_blocked_by": (LAYER_OTHER, "min_cost", "unblockable_by_cost"),
    "cannot_be_chosen": (LAYER_OTHER, "unchoosable", "unchoosable"),
    "cannot_be_dulled": (LAYER_OTHER, "undullable", "undullable"),
    "cannot_be_broken_by": (LAYER_OTHER, "unchoosable", "unbreakable_by"),
    "set_power": (LAYER_SET_POWER, "set_power", "power"),
    "power": (LAYER_POWER, "add_power", "power"),
    "lose_abilities": (LAYER_OTHER, "lose_abilities", "keywords"),  # (s5) "It loses all its abilities …"
    "lose_keyword": (LAYER_OTHER, "lose_keyword", "keywords"),  # (s6) "It loses First Strike …": in timestamp order
    "attacks_per_turn": (LAYER_OTHER, "most_attacks", "attacks_per_turn"),  # "can attack twice in the same turn"
    "must_be_chosen": (LAYER_OTHER, "unchoosable", "must_be_chosen"),
}


def field_cards(state: GameState, player: str | None = None) -> tuple[int, ...]:
    """Return the cards on the field (of one controller, or of both)."""
    found = state.board_memo_values.get("fftcg.field")  # `field_facts`'s board memo, read inline: asked a thousand times a game
    return (found if found is not None else field_facts(state)).cards.get(player, ())


class FieldProfile(NamedTuple):
    """What a card on the field adds to the facts its field's membership decides (`FieldFacts`), by card id."""

    reads_turn: bool  # an ability of it reads whose turn it is (PrintedFacts.reads)
    field_reads: frozenset[str]  # what its abilities read besides the field (PrintedFacts.reads), for a card with
    # a field ability (none for one without: its other abilities read them, not the characteristics)
    gates: frozenset[int]  # the N of its field abilities working only at "Damage N —" (PrintedFacts.field_gates)
    events: frozenset[str]  # the events its auto-abilities trigger on
    watches: frozenset[str]  # those of them its auto-abilities trigger on when they happen to another card or to a
    # player (`of` not "self", or an event of a player): the others trigger only on its own card's (actions.emit)
    state_triggers: bool  # it has a state-triggered ability (FFTCG 11.8.18)
    power_may_fail: bool  # it prints a Power of 0 or less, or a field ability that may lower a Power (`lowers_power`)
    unique_names: frozenset[str]  # the Card Names one player may control one card of (none for a multi-copy card)
    light_or_dark: bool  # a Light or Dark Character: one player may control one of them (FFTCG 12.4.7)
    replaces: bool  # it prints a replacement ability (FFTCG 11.12.5)
    has_field_abilities: bool  # it prints a field ability (FFTCG 11.12.4)
    plain: bool  # none of the above but its names: no ability, not Light or Dark, a Power above 0


def _profile(facts: PrintedFacts) -> FieldProfile:
    """Return what a card printing `facts` adds to its field's facts."""
    power_may_fail = (facts.power is not None and facts.power <= 0) or any(
        lowers_power(ability) for _, ability in facts.field)
    flags = ("turn" in facts.reads, facts.reads if facts.field else frozenset(), facts.field_gates,
             frozenset(facts.auto),
             frozenset(event for event, abilities in facts.auto.items() if is_watching(event, abilities)),
             bool(facts.state_triggers), power_may_fail)
    more = (facts.light_or_dark, bool(facts.replacements), bool(facts.field))
    return FieldProfile(*flags, frozenset() if facts.multi_copy else facts.names, *more,
                        not any(flags) and not any(more))


def is_watching(event: str, abilities: Sequence[tuple[int, Mapping[str, Any]]]) -> bool:
    """Tell whether one of a card's auto-abilities triggering on `event` may trigger on it when it happens to another
    card or to a player: one reading `of` a filter or a player, or the event is a player's (its phase, PLAYER_EVENTS);
    with `of: self` (the default) it triggers only on its own card's event (actions._event_matches)."""
    if event.endswith("_phase_start") or event in PLAYER_EVENTS:
        return True
    return any(ability.get("of", "self") != "self" for _, ability in abilities)


# card id -> FieldProfile, per library: filled as card ids are first met on a field
_PROFILES: PerLibrary[dict[str, FieldProfile]] = PerLibrary(lambda library: {})


def lowers_power(effect: Mapping[str, Any]) -> bool:
    """Tell whether an effect may lower a Power: it sets Power, or adds an amount that is not a positive number."""
    name = effect["effect"]
    if name == "set_power":
        return True
    if name == "become_forward":   # a card made a Forward with no Power to speak of
        return type(effect.get("power")) is not int or int(effect["power"]) <= 0
    amount = effect.get("amount")
    return name == "power" and (type(amount) is not int or amount < 0)


class FieldFacts:
    """Which cards are on the field and who controls them, and what follows from that alone, worked out in one pass
    over the field's cards each time its membership changes (`field_facts`), or from the facts before when one card
    entered or left (`_after_one_move`); other values kept as long in `derived` (`on_membership`).

    `cards`: the field's cards in zone order, all of them (key None) and those each player controls; `reads_turn`:
    one of their abilities reads whose turn it is (works only in one player's turn, or reads this turn's records);
    `watched`: the events their auto-abilities trigger on when they happen to another card or to a player
    (`FieldProfile.watches`); `state_sources`: the cards with a state-triggered ability,
    in field order; `power_may_fail`: one prints a Power of 0 or less or a field ability that may lower a Power;
    `may_clash`: a player controls two cards sharing a Card Name that is not multi-copy, or two Light/Dark
    Characters (without, no card breaks FFTCG 12.4.6–7); `replacers`: the cards with a replacement ability, in
    field order, `field_sources` those with a field ability and `auto_sources` those with an auto-ability; `gates`:
    the (Damage Zone, N) of their field abilities working only at "Damage N —" (`with_gates`); `parts`: the parts
    of the board their characteristics read but for those gates, `check_parts` those, the Damage Zones the gates
    read and damage. What the next facts are worked out from: `owned` (each owner's field, as it was), `names` (the
    unique Card Names each player controls), `light_dark` (the players controlling a Light/Dark Character),
    `field_reads` (what field abilities read), and `seen` (the board epoch and the versions of the fields'
    controllers, as they were).

    Contract: every value reads nothing but the field's cards, their controllers and their printed facts (a new
    one is made when those change, and at undo, redo and rollback: GameState.memo_on).
    """

    __slots__ = ("cards", "derived", "reads_turn", "watched", "state_sources", "power_may_fail", "may_clash",
                 "replacers", "field_sources", "auto_sources", "parts", "check_parts", "owned", "names", "light_dark",
                 "field_reads", "seen", "gates")

    def __init__(self, state: GameState) -> None:
        players, cards = state.players, state.cards
        profiles, index = _PROFILES(state.library), printed_index(state)
        every: list[int] = []
        mine: dict[str | None, list[int]] = {player: [] for player in players}
        field_reads: set[str] = set()
        gates: set[tuple[str, int]] = set()
        watched: set[str] = set()
        sources: list[int] = []
        replacers: list[int] = []
        field_sources: list[int] = []
        auto_sources: list[int] = []
        reads_turn = power_may_fail = may_clash = False
        names: dict[str, set[str]] = {player: set() for player in players}
        light_dark: set[str] = set()
        parts = _parts(players)
        owned = tuple(list(state.zones[zone].cards) for zone in parts.fields)
        for field in owned:
            for iid in field:
                card = cards[iid]
                controller = card.controller
                every.append(iid)
                mine[controller].append(iid)
                profile = profiles.get(card.card_id)
                if profile is None:
                    profile = profiles[card.card_id] = _profile(index[card.card_id])
                if profile.unique_names:
                    held = names[controller]
                    if not held.isdisjoint(profile.unique_names):
                        may_clash = True
                    held |= profile.unique_names
                if profile.plain:
                    continue  # most cards: nothing more to add
                if profile.reads_turn:
                    reads_turn = True
                if profile.has_field_abilities:
                    field_sources.append(iid)
                    field_reads |= profile.field_reads
                    gates.update((f"{controller}.damage", n) for n in profile.gates)
                if profile.events:
                    watched |= profile.watches
                    auto_sources.append(iid)
                if profile.state_triggers:
                    sources.append(iid)
                if profile.replaces:
                    replacers.append(iid)
                if profile.power_may_fail:
                    power_may_fail = True
                if profile.light_or_dark:
                    may_clash = may_clash or controller in light_dark
                    light_dark.add(controller)
        self.cards: dict[str | None, tuple[int, ...]] = {player: tuple(found) for player, found in mine.items()}
        self.cards[None] = tuple(every)
        self.derived: dict[str, Any] = {}
        self.reads_turn = reads_turn
        self.watched = frozenset(watched)
        self.state_sources = tuple(sources)
        self.replacers = tuple(replacers)
        self.field_sources = tuple(field_sources)
        self.auto_sources = tuple(auto_sources)
        self.power_may_fail = power_may_fail
        self.may_clash = may_clash
        self.owned = owned
        self.names = {player: frozenset(held) for player, held in names.items()}
        self.light_dark = frozenset(light_dark)
        self.field_reads = frozenset(field_reads)
        self.seen = _seen(state, parts)
        self.gates = tuple(sorted(gates))
        self.parts = _field_parts(parts, field_reads)
        self.check_parts = _check_parts(parts, self.field_reads, self.gates)

    def with_gates(self, state: GameState, extra: Hashable) -> Hashable:
        """Return `extra` with whether each "Damage N —" gate of the field's field abilities is met (`gates`), if any:
        what the field abilities working now read of the Damage Zones besides `parts` (memo_on's extra)."""
        if not self.gates:
            return extra
        zones = state.zones
        return extra, tuple(len(zones[zone].cards) >= n for zone, n in self.gates)

    def turn_read(self, state: GameState) -> str | None:
        """Return whose turn it is when a field card's ability works only in one player's turn ("During your
        turn, …"), else None: what the field's characteristics and checks read besides the board (memo_on's extra)."""
        return state.active if self.reads_turn else None


def _seen(state: GameState, parts: _Parts) -> tuple[Any, ...]:
    """Return the board epoch and the versions of the fields' controllers: while they stay, every card that stayed on
    the field has the controller it had (GameState.memo_on's parts)."""
    return (state.board_epoch, *map(state.aspects.get, parts.controllers))


def _after_one_move(state: GameState, before: FieldFacts) -> FieldFacts | None:
    """Return the field's facts worked out from `before` when one card entered the end of an owner's field, or a card
    without abilities (`FieldProfile.plain`) left it while no player controlled two cards that may clash; else None.

    Contract: `before` was made on this board in this epoch (undo, redo and rollback change it, and a change they
    revert bumps no version) and no card staying on the field changed controller since (`seen`); the field's cards,
    compared with `before.owned`, tell the rest.
    """
    parts = _parts(state.players)
    if _seen(state, parts) != before.seen:
        return None
    zones, owned = state.zones, before.owned
    changed = [position for position, zone in enumerate(parts.fields) if zones[zone].cards != owned[position]]
    if len(changed) != 1:
        return None
    position, = changed
    now, was = zones[parts.fields[position]].cards, owned[position]
    if len(now) == len(was) + 1 and now[:-1] == was:
        return _with_card(state, before, now, position, parts)
    if len(now) == len(was) - 1 and not before.may_clash:
        return _without_card(state, before, now, was, position, parts)
    return None


def _copy(before: FieldFacts, owned: tuple[list[int], ...]) -> FieldFacts:
    """Return new facts with the values of `before` (`derived` empty) and the owners' fields `owned`."""
    facts = FieldFacts.__new__(FieldFacts)
    facts.cards, facts.derived, facts.owned, facts.seen = before.cards, {}, owned, before.seen
    facts.names, facts.light_dark, facts.may_clash = before.names, before.light_dark, before.may_clash
    facts.reads_turn, facts.watched, facts.power_may_fail = before.reads_turn, before.watched, before.power_may_fail
    facts.state_sources, facts.replacers = before.state_sources, before.replacers
    facts.field_sources, facts.auto_sources = before.field_sources, before.auto_sources
    facts.field_reads, facts.parts, facts.check_parts = before.field_reads, before.parts, before.check_parts
    facts.gates = before.gates
    return facts


def _with_card(state: GameState, before: FieldFacts, now: list[int], owner_index: int, parts: _Parts) -> FieldFacts:
    """Return `before` with the last card of the owner's field `now` (the owner at `owner_index`) new on it."""
    iid = now[-1]
    card = state.cards[iid]
    controller = card.controller
    profiles = _PROFILES(state.library)
    profile = profiles.get(card.card_id)
    if profile is None:
        profile = profiles[card.card_id] = _profile(printed_index(state)[card.card_id])
    owned = list(before.owned)
    owned[owner_index] = list(now)
    facts = _copy(before, tuple(owned))
    # the cards of the owners seated after this one come after it in field order
    later = set().union(*owned[owner_index + 1:])
    cards = dict(before.cards)
    every = cards[None]
    end = sum(map(len, owned[:owner_index + 1])) - 1  # its place among all the field's cards
    cards[None] = (*every[:end], iid, *every[end:])
    cards[controller] = _inserted(cards[controller], iid, later)
    facts.cards = cards
    if profile.unique_names:
        held = before.names[controller]
        facts.may_clash = facts.may_clash or not held.isdisjoint(profile.unique_names)
        facts.names = {**before.names, controller: held | profile.unique_names}
    if profile.plain:
        return facts
    facts.reads_turn = facts.reads_turn or profile.reads_turn
    facts.power_may_fail = facts.power_may_fail or profile.power_may_fail
    if profile.has_field_abilities:
        facts.field_sources = _inserted(facts.field_sources, iid, later)
        gates = {(f"{controller}.damage", n) for n in profile.gates}
        if not profile.field_reads <= facts.field_reads or not gates.issubset(facts.gates):
            facts.field_reads = facts.field_reads | profile.field_reads
            facts.gates = tuple(sorted(gates.union(facts.gates)))
            facts.parts = _field_parts(parts, facts.field_reads)
            facts.check_parts = _check_parts(parts, facts.field_reads, facts.gates)
    if profile.events:
        if not profile.watches <= facts.watched:
            facts.watched = facts.watched | profile.watches
        facts.auto_sources = _inserted(facts.auto_sources, iid, later)
    if profile.state_triggers:
        facts.state_sources = _inserted(facts.state_sources, iid, later)
    if profile.replaces:
        facts.replacers = _inserted(facts.replacers, iid, later)
    if profile.light_or_dark:
        facts.may_clash = facts.may_clash or controller in facts.light_dark
        facts.light_dark = facts.light_dark | {controller}
    return facts


def _inserted(found: tuple[int, ...], iid: int, later: set[int]) -> tuple[int, ...]:
    """Return cards in field order with `iid` put before those of `later` (the cards after it on the field)."""
    position = len(found)
    while position and found[position - 1] in later:  # from the end: few or none are later
        position -= 1
    return (*found[:position], iid, *found[position:])


def _without_card(state: GameState, before: FieldFacts, now: list[int], was: list[int],
                  owner_index: int, parts: _Parts) -> FieldFacts | None:
    """Return `before` without the card that left its owner's field (`was` -> `now`), unless it read whose turn it is,
    may fail a Power or is Light or Dark (another card may add that fact too: only a pass over the field tells; None).
    What its field and auto-abilities added is worked out again from the cards with some. No player controlled two
    cards that may clash."""
    gone = set(was).difference(now)
    if len(gone) != 1:
        return None
    iid, = gone
    position = was.index(iid)
    if now != was[:position] + was[position + 1:]:
        return None
    profiles = _PROFILES(state.library)
    profile = profiles.get(state.cards[iid].card_id)
    if profile is None or profile.reads_turn or profile.power_may_fail or profile.light_or_dark:
        return None
    owned = list(before.owned)
    owned[owner_index] = list(now)
    facts = _copy(before, tuple(owned))
    # its controller is the one it had in `before`: none of those staying changed (`seen`), and it has left
    controller = next(player for player in state.players if iid in before.cards[player])
    cards = dict(before.cards)
    cards[None] = _removed(cards[None], iid)
    cards[controller] = _removed(cards[controller], iid)
    facts.cards = cards
    # no clash: each unique name was held by one card of its controller
    facts.names = {**before.names, controller: before.names[controller] - profile.unique_names}
    if profile.plain:
        return facts
    kept = state.cards  # those staying have the controllers they had (`seen`)
    if profile.has_field_abilities:
        facts.field_sources = _removed(before.field_sources, iid)
        staying = [(kept[i].controller, profiles[kept[i].card_id]) for i in facts.field_sources]
        facts.field_reads = frozenset().union(*(p.field_reads for _, p in staying))
        facts.gates = tuple(sorted({(f"{c}.damage", n) for c, p in staying for n in p.gates}))
        facts.parts = _field_parts(parts, facts.field_reads)
        facts.check_parts = _check_parts(parts, facts.field_reads, facts.gates)
    if profile.events:
        facts.auto_sources = _removed(before.auto_sources, iid)
        facts.watched = frozenset().union(*(profiles[kept[i].card_id].watches for i in facts.auto_sources))
    if profile.state_triggers:
        facts.state_sources = _removed(before.state_sources, iid)
    if profile.replaces:
        facts.replacers = _removed(before.replacers, iid)
    return facts


def _removed(found: tuple[int, ...], iid: int) -> tuple[int, ...]:
    position = found.index(iid)
    return found[:position] + found[position + 1:]


# the last field facts made for a state (GameState.keyed_values; its signature unused): what `_after_one_move`
# starts from. Kept in the state, so a bot's copy has its own.
_LAST_FIELD_FACTS = "fftcg.last_field_facts"


def _field_facts_now(state: GameState) -> FieldFacts:
    """Return the field's facts after its membership changed: from the last ones when one card moved, else anew."""
    last = state.keyed_values.get(_LAST_FIELD_FACTS)
    found = _after_one_move(state, last[1]) if last is not None else None
    if found is None:
        found = FieldFacts(state)
    state.keyed_values[_LAST_FIELD_FACTS] = (None, found)
    return found


def field_facts(state: GameState) -> FieldFacts:
    """Return the facts the field's membership decides (kept while its cards and their controllers stay)."""
    # state.memo(board=True) inlined: asked about a thousand times a game; new facts only when the
    # field's cards or their controllers changed (GameState.memo_on), so what they derived is kept till then
    found = state.board_memo_values.get("fftcg.field")
    if found is None:
        found = state.board_memo_values["fftcg.field"] = state.memo_on(
            "fftcg.field", _parts(state.players).membership, lambda: _field_facts_now(state))
    return found  # type: ignore[no-any-return]


def on_membership(state: GameState, name: str, compute: Callable[[], T]) -> T:
    """Return `compute()`, kept while which cards are on the field and who controls them stay the same.

    Contract: the value reads nothing but the field's cards, their controllers and their printed facts.
    """
    found = state.board_memo_values.get("fftcg.field")  # `field_facts`'s board memo, read inline as in `field_cards`
    derived = (found if found is not None else field_facts(state)).derived
    value = derived.get(name, _ABSENT)
    if value is _ABSENT:
        value = derived[name] = compute()
    return value  # type: ignore[no-any-return]


class _Parts:
    """Names of the parts of the board (GameState.memo_on) that field-derived facts read, for one seating."""

    def __init__(self, players: tuple[str, ...]) -> None:
        fields = tuple(f"{p}.field" for p in players)
        self.fields: tuple[str, ...] = fields  # the owners' fields, in seat order (the field's order)
        self.controllers: tuple[str, ...] = tuple(f"{z}:controller" for z in fields)
        # which cards are on the field and who controls them
        self.membership: tuple[str, ...] = (*fields, *(f"{z}:controller" for z in fields))
        # the field's cards as objects (FFTCG 7.4: a new timestamp each time one enters a zone) and lasting effects
        self.objects: tuple[str, ...] = (*self.membership, *(f"{z}:ts" for z in fields), "list:effects")
        self.dull: tuple[str, ...] = tuple(f"{z}:tapped" for z in fields)
        self.sizes: dict[str, tuple[str, ...]] = {zone: tuple(f"{p}.{zone}" for p in players)
                                                  for zone in ("damage", "hand", "break")}
        self.damage: tuple[str, ...] = tuple(f"{z}:damage" for z in fields)


@functools.lru_cache(maxsize=None)
def _parts(players: tuple[str, ...]) -> _Parts:
    return _Parts(players)


def _field_parts(parts: _Parts, reads: set[str] | frozenset[str]) -> tuple[str, ...]:
    """Return the parts of the board the field's characteristics read: the field's cards and lasting effects,
    their dull state and the sizes of hands, Damage Zones and Break Zones only while an ability of a field card with
    a field ability reads them (`reads`; the characteristics come from field abilities and lasting effects, whose
    amounts are fixed as they start); not what a "Damage N —" gate reads (`FieldFacts.with_gates`)."""
    found = parts.objects
    if "dull" in reads:
        found += parts.dull
    for zone in ("damage", "hand", "break"):
        if zone in reads:
            found += parts.sizes[zone]
    if "history" in reads:  # what happened this turn (whose turn it is: `FieldFacts.turn_read`, read with it)
        found += (f"list:{turn_history.HISTORY}",)
    return found


def _check_parts(parts: _Parts, reads: frozenset[str], gates: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    """Return the parts of the board the field's checks read (processes._field_check): those its characteristics read,
    the Damage Zones too while a field ability works only at "Damage N —", and damage."""
    return _field_parts(parts, reads | {"damage"} if gates else reads) + parts.damage


def pinned(state: GameState, iids: Sequence[int]) -> list[list[int]]:
    """Return [card, ts] pairs that remember which object was chosen."""
    return [[iid, state.cards[iid].props.get("ts", 0)] for iid in iids]


def is_current(state: GameState, iid: int, ts: Any) -> bool:
    """Tell whether a card is still the same object (it has not changed zones since `ts`)."""
    card = state.cards.get(iid)
    return card is not None and card.props.get("ts") == ts


def is_working(state: GameState, item: Mapping[str, Any]) -> bool:
    """Tell whether a lasting effect works now: one lasting "as long as <self> is on the field" (s6:
    `while_source_on_field`) only while the card that made it is still that object (FFTCG 11.12.4.1)."""
    source = item.get("source")
    return not item.get("while_source_on_field") or (source is not None and is_current(state, source,
                                                                                       item.get("source_ts")))


def condition_holds(state: GameState, condition: Mapping[str, Any] | None, player: str, damage: int | None = None,
                    source: int | None = None) -> bool:
    """Tell whether an ability's `condition` (and "Damage N —") holds for its controller; `source`: the card whose
    ability it is ("… other than <self>" does not count it)."""
    if damage is not None and len(state.zones[f"{player}.damage"].cards) < damage:
        return False
    if not condition:
        return True

    for key, value in condition.items():  # every key must hold; the first that does not decides
        if key == "control":
            holds = _controls(state, player, value, source)
        elif key == "opponent_control":
            holds = _controls(state, state.opponent(player), value, source)
        elif key == "control_each":  # "If you control Card Name X and Card Name Y": each of them
            holds = all(_controls(state, player, one, source) for one in value)
        elif key == "break_zone":
            holds = _in_break_zone(state, player, value)
        elif key in ("elements_among", "elements_differ"):
            holds = _elements_among(state, player, value, key == "elements_differ")
        elif key in _HISTORY_CONDITIONS:
            holds = _happened(state, player, value, _HISTORY_CONDITIONS[key])
        elif key == "paid_elements":
            holds = _paid_with(state, source, value)
        else:
            holds = _CONDITION_CHECKS[key](state, player, int(value))
        if not holds:
            return False
    return True


def _printed_count(state: GameState, player: str, kind: str) -> int:
    """Return how many cards of a printed card type a player controls on the field."""
    return sum(state.definition(i).card_type == kind for i in field_cards(state, player))


def _forward_count(state: GameState, player: str) -> int:
    """Return how many Forwards a player controls: a condition may be read while the characteristics are computed, so
    the Forwards made so by a lasting effect count, not those a field ability makes (reading those here would loop)."""
    return _printed_count(state, player, "forward") + len(_made_forwards(state) & set(field_cards(state, player)))


def _hand_size(state: GameState, player: str) -> int:
    return len(state.zones[f"{player}.hand"].cards)


def _damage_points(state: GameState, player: str) -> int:
    return len(state.zones[f"{player}.damage"].cards)


# a condition key -> its test (state, the ability's controller, the key's number)
_CONDITION_CHECKS: dict[str, Callable[[GameState, str, int], bool]] = {
    "backups_at_least": lambda state, player, n: _printed_count(state, player, "backup") >= n,
    "forwards_at_least": lambda state, player, n: _forward_count(state, player) >= n,
    "damage_at_least": lambda state, player, n: _damage_points(state, player) >= n,
    "hand_at_most": lambda state, player, n: _hand_size(state, player) <= n,
    "hand_at_least": lambda state, player, n: _hand_size(state, player) >= n,
    "opponent_hand_at_most": lambda state, player, n: _hand_size(state, state.opponent(player)) <= n,
    "opponent_hand_at_least": lambda state, player, n: _hand_size(state, state.opponent(player)) >= n,
    "opponent_damage_at_least": lambda state, player, n: _damage_points(state, state.opponent(player)) >= n,
    "your_turn": lambda state, player, n: (state.active == player) == bool(n),   # "During your turn, …"
    # "If your opponent controls 3 or more Forwards more than you", "if you have at least 2 points of damage more
    # than your opponent"
    "opponent_forwards_ahead": lambda state, player, n: (
        _forward_count(state, state.opponent(player)) - _forward_count(state, player) >= n),
    "damage_ahead": lambda state, player, n: (
        _damage_points(state, player) - _damage_points(state, state.opponent(player)) >= n),
}


# a condition on what happened this turn -> the event it counts (turn_history)
_HISTORY_CONDITIONS = {"cast_this_turn": "cast", "entered_this_turn": "entered", "damaged_this_turn": "damaged",
                       "made_discard_this_turn": "made_discard"}


def _paid_with(state: GameState, source: int | None, spec: Mapping[str, Any]) -> bool:
    """Tell whether the card was cast this turn with its cost paid with CP of at least `at_least` and at most `at_most`
    different Elements ("If the cost to cast <self> was paid with CP of 3 or more different Elements"), with CP of the
    Element `includes` among it, or `only` with CP of the Element `only`."""
    paid = turn_history.paid_elements(state, source) if source is not None else None
    if paid is None or not int(spec.get("at_least", 0)) <= paid <= int(spec.get("at_most", paid)):
        return False
    sources = (turn_history.paid_with(state, source) if source is not None else None) or []
    # "included Ice CP": a source of it could make Ice CP (its player says which Element a source makes); "was only
    # paid with Earth CP": every source could make Earth CP, and some CP was paid
    return (("includes" not in spec or any(spec["includes"] in elements for elements in sources))
            and ("only" not in spec or (bool(sources) and all(spec["only"] in elements for elements in sources))))


def _happened(state: GameState, player: str, spec: Any, event: str) -> bool:
    """Tell whether `event` happened to `player` this turn at least `at_least` times (a number, or a filter of printed
    facts with `at_least` the records' cards must pass: "if you have cast a Summon this turn")."""
    if not isinstance(spec, Mapping):
        return len(turn_history.this_turn(state, player, event)) >= int(spec)
    return _times_happened(state, player, {k: v for k, v in spec.items() if k != "at_least"}, event) >= int(
        spec.get("at_least", 1))


def _times_happened(state: GameState, player: str, filt: Mapping[str, Any], event: str) -> int:
    """Return how many times `event` happened to `player` this turn about a card passing the filter of printed facts
    (empty: any card)."""
    seen = Seen(state, player)
    return sum(1 for item in turn_history.this_turn(state, player, event)
               if not filt or FILTER.holds(seen, item["card"], filt))


def _elements_among(state: GameState, player: str, spec: Mapping[str, Any], differ: bool) -> bool:
    """Tell whether the Characters `player` controls passing the filter of printed facts show at least `at_least`
    (default 1) and at most `at_most` different Elements ("If there are 3 or more different Elements among Forwards you
    control"), or, `differ`, share no Element two by two ("the Backups you control are all of different Elements")."""
    filt = {k: v for k, v in spec.items() if k not in ("at_least", "at_most")}
    index = printed_index(state)
    seen = Seen(state, player)
    elements = [index[state.cards[i].card_id].elements for i in field_cards(state, player) if FILTER.holds(seen, i, filt)]
    shown = {element for one in elements for element in one}
    if differ:
        return len(shown) == sum(len(one) for one in elements)
    return int(spec.get("at_least", 0 if "at_most" in spec else 1)) <= len(shown) <= int(spec.get("at_most", len(shown)))


def _in_break_zone(state: GameState, player: str, spec: Mapping[str, Any]) -> bool:
    """Tell whether `player`'s Break Zone holds at least `at_least` (default 1) and at most `at_most` cards passing
    the filter of printed facts ("If you have 5 or more Job Samurai Forwards in your Break Zone")."""
    filt = {k: v for k, v in spec.items() if k not in ("at_least", "at_most")}
    seen = Seen(state, player)
    count = sum(1 for iid in state.zones[f"{player}.break"].cards if FILTER.holds(seen, iid, filt))
    return int(spec.get("at_least", 1)) <= count <= int(spec.get("at_most", count))


def _controls(state: GameState, player: str, spec: Mapping[str, Any], source: int | None) -> bool:
    """Tell whether `player` controls at least `at_least` (default 1, or 0 with `at_most`) and at most `at_most`
    Characters passing the filter ("If you control 2 or more Job Knight Forwards", "If you control 1 or less Backups":
    none is 1 or less). The filter reads printed facts only (type, element, Job, Category, name, cost): no current
    Power, so no loop with field abilities."""
    filt = {k: v for k, v in spec.items() if k not in ("at_least", "at_most")}
    count = sum(1 for iid in field_cards(state, player) if matches(state, iid, filt, player, source))
    if filt.get("type") == "forward":  # the Forwards a lasting effect made count, as in `forwards_at_least`
        rest = {k: v for k, v in filt.items() if k != "type"}
        count += sum(1 for iid in _made_forwards(state) & set(field_cards(state, player))
                     if matches(state, iid, rest, player, source))
    return int(spec.get("at_least", 0 if "at_most" in spec else 1)) <= count <= int(spec.get("at_most", count))


def _made_forwards(state: GameState) -> set[int]:
    """Return the cards not printed as Forwards that a lasting "becomes a Forward" effect made Forwards."""
    return {iid for item in state.lists.get("effects", ()) if item["effect"] == "become_forward"
            for iid, ts in item["cards"] if is_current(state, iid, ts) and state.definition(iid).card_type != "forward"}


class FieldEffect(NamedTuple):
    """A field ability's effect `field_has` looks for, with the names it reads it under (made once, not per call)."""

    effect: str
    facet: str  # PrintedIndex.library_has's name for it
    memo: str  # on_membership's


def field_effect(effect: str) -> FieldEffect:
    """Return what `field_has` needs to look for a field ability of this effect; made once, by its caller's module."""
    return FieldEffect(effect, "field:" + effect, "fftcg.has:" + effect)


def field_has(state: GameState, wanted: FieldEffect) -> bool:
    """Tell whether a card on the field has a field ability of this effect (kept while the field's cards stay)."""
    if not printed_index(state).library_has(wanted.facet):
        return False
    effect = wanted.effect
    return on_membership(state, wanted.memo, lambda: any(
        a.get("effect") == effect for i in field_cards(state) for _, a in printed_index(state)[state.cards[i].card_id].field))


def active_field_abilities(state: GameState) -> list[dict[str, Any]]:
    """Return the field abilities working now, each with its source, timestamp and controller."""
    # a condition may read whose turn it is ("During your turn, …"): the board memo is kept per active player
    key = ("fftcg.field_abilities", state.active)
    found = state.board_memo_values.get(key)  # state.memo(board=True) inlined, with a tuple key
    if found is None:
        found = state.board_memo_values[key] = _active_field_abilities(state)
    return found  # type: ignore[no-any-return]


def lost_abilities(state: GameState) -> frozenset[int]:
    """Return the cards on the field that lost all their abilities ("It loses all its abilities until the end of the
    turn"): their printed abilities do not work — no field, auto, action or replacement ability (FFTCG 11.12.4)."""
    effects = state.lists.get("effects")
    if not effects:
        return _NO_CARDS
    return frozenset(iid for item in effects if item["effect"] == "lose_abilities" and is_working(state, item)
                     for iid, ts in item["cards"] if is_current(state, iid, ts))


_NO_CARDS: frozenset[int] = frozenset()


def had_lost_abilities(state: GameState, iid: int, ts: Any) -> bool:
    """Tell whether the object a card was (`ts`: as it left the field) had lost all its abilities: its "when <self> is
    broken / leaves the field" abilities do not trigger (they are read as it was, FFTCG 11.8.16)."""
    return any(item["effect"] == "lose_abilities" and [iid, ts] in [list(c) for c in item["cards"]]
               for item in state.lists.get("effects", ()))


def _active_field_abilities(state: GameState) -> list[dict[str, Any]]:
    effects = []
    index = printed_index(state)
    lost = lost_abilities(state)
    for iid in field_facts(state).field_sources:
        if iid in lost:
            continue
        card = state.cards[iid]
        facts = index[card.card_id]
        for number, ability in facts.field:
            if not condition_holds(state, ability.get("condition"), card.controller, ability.get("damage"), iid):
                continue
            effects.append({**ability, "source": iid, "index": number, "ts": card.props.get("ts", 0),
                            "controller": card.controller, "applies_to": ability.get("applies_to", "self"),
                            "label": facts.name})
    return effects


def characteristics(state: GameState) -> dict[int, Characteristics]:
    """Return the current characteristics of every card on the field (memoized; do not mutate).

    With no field ability on the field and no lasting effect, they are the printed ones, kept with the field's facts
    while its cards and their controllers stay (`on_membership`); else kept while the parts of the board they read
    (`FieldFacts.parts`) and whose turn a field ability reads stay."""
    found = state.board_memo_values.get("fftcg.chars")  # state.memo(board=True) inlined: asked at every check
    if found is None:
        facts = field_facts(state)
        if not facts.field_sources and not state.lists.get("effects"):
            # no field ability and no lasting effect: the printed values, kept while the field's cards stay
            found = on_membership(state, "fftcg.printed_chars", lambda: _printed_characteristics(state))
        else:
            # a field ability working "during your turn" makes the characteristics depend on whose turn it is
            found = state.memo_on("fftcg.chars", facts.parts, lambda: _characteristics(state),
                                  extra=facts.with_gates(state, facts.turn_read(state)))
        state.board_memo_values["fftcg.chars"] = found
    return found  # type: ignore[no-any-return]


def _printed_characteristics(state: GameState) -> dict[int, Characteristics]:
    """Return the printed characteristics of every card on the field (a new dict)."""
    index, cards = printed_index(state), state.cards
    return {iid: index[cards[iid].card_id].characteristics for iid in field_cards(state)}


def _characteristics(state: GameState) -> dict[int, Characteristics]:
    effects = [_field_effect(state, e) for e in active_field_abilities(state) if e["effect"] in CONTINUOUS_OPS]
    for item in state.lists.get("effects", []):
        if item["effect"] in CONTINUOUS_OPS and is_working(state, item):
            effects += _lasting_effects(state, item)
    index, cards = printed_index(state), state.cards
    printed = _printed_characteristics(state)
    if not effects:
        return printed
    # the printed values (Characteristics) as they are: a card an effect reaches is turned into a dict then
    # (`changeable`); the filters read either form (`_read`)
    base: dict[int, Any] = dict(printed)
    reached: list[int] = []  # the cards turned into dicts: all those changed, some only for a trial (depends_on)

    def changeable(iid: int, c: Any) -> dict[str, Any]:
        if not isinstance(c, Characteristics):
            return copy_card(c)
        reached.append(iid)
        facts = index[cards[iid].card_id]
        return {"power": c.power, "keywords": set(c.keywords), "cannot_attack": False, "cannot_block": False,
                "must_attack": False, "unblockable_by_cost": None, "unchoosable": [], "modifiers": [],
                "must_block": False, "cannot_be_broken": False, "undullable": [], "unbreakable_by": [],
                "attacks_per_turn": 1, "must_be_chosen": [], "jobs": list(facts.jobs), "types": [facts.card_type]}

    def applies(chars: Mapping[int, Any], effect: ContinuousEffect, iid: int) -> bool:
        selector = effect.selector
        return matches(state, iid, selector["filter"], selector["controller"], effect.source, chars)

    result = LayerSystem(6, applies, _OPERATIONS, changeable).compute(base, effects)
    for iid in dict.fromkeys(reached):
        c = result[iid]
        if c is not base[iid]:  # changed by some effect (copied on write into a dict, `changeable`)
            printed[iid] = Characteristics(c["power"], frozenset(c["keywords"]), c["cannot_attack"],
                                           c["cannot_block"], c["must_attack"], c["unblockable_by_cost"],
                                           tuple(c["unchoosable"]), tuple(c["modifiers"]), c["must_block"],
                                           tuple(c["jobs"]), tuple(c["types"]), c["cannot_be_broken"],
                                           tuple(c["undullable"]), tuple(c["unbreakable_by"]), c["attacks_per_turn"],
                                           tuple(c["must_be_chosen"]))
    return printed


def is_of_type(state: GameState, iid: int, kind: str) -> bool:
    """Tell whether a card is of a card type now: its printed type, or one an effect gave it on the field
    ("becomes a Forward", FFTCG 11.12.4.6 ③; a card of several kinds is of each, 5.2.2.2)."""
    if state.definition(iid).card_type == kind or kind in printed_index(state)[state.cards[iid].card_id].also_types:
        return True
    card = state.cards.get(iid)
    if card is None or not card.zone.endswith(".field"):
        return False
    current = characteristics(state).get(iid)
    return current is not None and current.types is not None and kind in current.types


def _field_effect(state: GameState, ability: Mapping[str, Any]) -> ContinuousEffect:
    """Return the continuous effect of an active field ability (`active_field_abilities`).

    Kept (GameState.memo_keyed) while its card prints the same ability and is the same object under the same
    controller: every value it holds is the printed ability's, its source's, timestamp's and controller's — but an
    amount counted now (a number of effects.VALUE_KEYS), worked out anew each time."""
    amount = ability.get("amount")
    if is_mapping(amount):
        return _new_field_effect(state, ability)
    source = ability["source"]
    return state.memo_keyed(("fftcg.field_effect", source, ability["index"]),
                            (state.cards[source].card_id, ability["ts"], ability["controller"]),
                            lambda: _new_field_effect(state, ability))


def _new_field_effect(state: GameState, ability: Mapping[str, Any]) -> ContinuousEffect:
    layer, op, key = CONTINUOUS_OPS[ability["effect"]]
    applies = ability["applies_to"]
    targets = (ability["source"],) if applies == "self" else None
    filt = applies if applies != "self" else {}
    reads = frozenset(name for name, keys in (("power", ("power_at_most", "power_at_least")), ("keywords", ("keyword",)))
                      if any(k in filt for k in keys))
    return ContinuousEffect(f"field:{ability['source']}:{ability['index']}", layer, int(ability["ts"]), op, key,
                            _value(state, ability), ability["source"], targets,
                            {"filter": filt, "controller": ability["controller"]}, reads=reads)


def _lasting_effects(state: GameState, item: Mapping[str, Any]) -> list[ContinuousEffect]:
    """Return a lasting effect's continuous effects: one, or — "your opponent" read as each card's controller's
    (`player: card_opponent`, s6: 'It gains "This Character cannot be chosen by your opponent's abilities."') — one
    for each card it still affects."""
    if item.get("player") != "card_opponent":
        return [_lasting_effect(state, item)]
    return [_lasting_effect(state, {**item, "id": f"{item['id']}:{iid}", "cards": [[iid, ts]], "player": "you",
                                    "controller": state.opponent(state.cards[iid].controller)})
            for iid, ts in item["cards"] if is_current(state, iid, ts)]


def _lasting_effect(state: GameState, item: Mapping[str, Any]) -> ContinuousEffect:
    """Return the continuous effect of a lasting effect's item (of the state's "effects" list).

    Kept (GameState.memo_keyed) while the item is the same and the cards it affects still are the objects it chose:
    every value it holds is the item's or those cards' — but an amount counted now, worked out anew each time."""
    # locked when the effect began (FFTCG 11.12.4.2): only the same objects, still on the field
    targets = tuple(iid for iid, ts in item["cards"] if is_current(state, iid, ts))
    if is_mapping(item.get("amount")):
        return _new_lasting_effect(state, item, targets)
    return state.memo_keyed(("fftcg.lasting_effect", item["id"]), (item, targets),
                            lambda: _new_lasting_effect(state, item, targets))


def _new_lasting_effect(state: GameState, item: Mapping[str, Any], targets: tuple[int, ...]) -> ContinuousEffect:
    layer, op, key = CONTINUOUS_OPS[item["effect"]]
    return ContinuousEffect(f"effect:{item['id']}", layer, int(item["ts"]), op, key, _value(state, item),
                            item.get("source"), targets, {"filter": {}, "controller": item["controller"]})


def _value(state: GameState, effect: Mapping[str, Any]) -> dict[str, Any]:
    who, controller = effect.get("player"), str(effect.get("controller"))
    # whose plays a cannot_be_chosen effect means, as a player name (None: anyone's)
    player = None if who is None else controller if who == "you" else state.opponent(controller)
    amount = effect.get("amount")
    if is_mapping(amount):  # a field ability's number, counted as the characteristics are (effects.VALUE_KEYS)
        amount = number_of(state, amount, controller, effect.get("source"))
    return {"amount": amount, "value": effect.get("value"), "keyword": effect.get("keyword"),
            "job": effect.get("job"), "power": effect.get("power"),
            "cost_at_least": effect.get("cost_at_least"), "by": effect.get("by", "any"), "count": effect.get("count"),
            "player": player, "label": str(effect.get("label", ""))}


def _set_power(chars: dict[str, Any], effect: ContinuousEffect) -> None:
    if chars["power"] is not None:
        chars["power"] = int(effect.value["value"])
        chars["modifiers"].append(f"{effect.value['label']}: set to {effect.value['value']}")


def _add_power(chars: dict[str, Any], effect: ContinuousEffect) -> None:
    if chars["power"] is not None:
        chars["power"] += int(effect.value["amount"])
        chars["modifiers"].append(f"{effect.value['label']}: {int(effect.value['amount']):+d}")


def _grant(chars: dict[str, Any], effect: ContinuousEffect) -> None:
    apply_generic(chars, ContinuousEffect(effect.id, effect.layer, effect.timestamp, "grant", effect.key,
                                          effect.value["keyword"]))


def _add_job(chars: dict[str, Any], effect: ContinuousEffect) -> None:
    job = str(effect.value["job"]).lower()
    if job not in chars["jobs"]:
        chars["jobs"] = [*chars["jobs"], job]
        chars["modifiers"].append(f"{effect.value['label']}: Job {effect.value['job']}")


def _add_forward(chars: dict[str, Any], effect: ContinuousEffect) -> None:
    """"Becomes a Forward with N power": also a Forward, its Power N (a Forward already keeps its own)."""
    if "forward" not in chars["types"]:
        chars["types"] = [*chars["types"], "forward"]
        if chars["power"] is None:
            chars["power"] = int(effect.value["power"])
        chars["modifiers"].append(f"{effect.value['label']}: a Forward with power {chars['power']}")


def _printed_jobs(state: GameState, iid: int) -> tuple[str, ...]:
    return printed_index(state)[state.cards[iid].card_id].jobs


def _flag(chars: dict[str, Any], effect: ContinuousEffect) -> None:
    chars[effect.key] = True


def _min_cost(chars: dict[str, Any], effect: ContinuousEffect) -> None:
    limit = int(effect.value["cost_at_least"])
    current = chars["unblockable_by_cost"]
    chars["unblockable_by_cost"] = limit if current is None else min(current, limit)


def _most_attacks(chars: dict[str, Any], effect: ContinuousEffect) -> None:
    """"Can attack twice (4 times) in the same turn": the most attacks any such effect allows (FFTCG 10.1.2.1.2)."""
    chars["attacks_per_turn"] = max(int(chars["attacks_per_turn"]), int(effect.value["count"]))


def _unchoosable(chars: dict[str, Any], effect: ContinuousEffect) -> None:
    chars[effect.key].append((effect.value["by"], effect.value["player"]))


def _lose_abilities(chars: dict[str, Any], effect: ContinuousEffect) -> None:
    """"It loses all its abilities": the keywords and granted abilities it has so far (by timestamp) are gone; its own
    printed abilities stop working too (`lost_abilities`)."""
    chars.update(keywords=set(), cannot_attack=False, cannot_block=False, must_attack=False, must_block=False,
                 cannot_be_broken=False, unblockable_by_cost=None, unchoosable=[], undullable=[], attacks_per_turn=1,
                 must_be_chosen=[])
    chars["modifiers"].append(f"{effect.value['label']}: loses all its abilities")


def _lose_keyword(chars: dict[str, Any], effect: ContinuousEffect) -> None:
    """"It loses Haste until the end of the turn": the keyword goes, whoever gave it before (by timestamp)."""
    keyword = str(effect.value["keyword"])
    if keyword in chars["keywords"]:
        chars["keywords"] = set(chars["keywords"]) - {keyword}
        chars["modifiers"].append(f"{effect.value['label']}: loses {keyword.replace('_', ' ')}")


_OPERATIONS = {"set_power": _set_power, "add_power": _add_power, "grant": _grant, "add_job": _add_job, "add_forward": _add_forward,
               "flag": _flag,
               "min_cost": _min_cost, "unchoosable": _unchoosable, "undullable": _unchoosable,
               "lose_abilities": _lose_abilities, "lose_keyword": _lose_keyword, "most_attacks": _most_attacks}


def _read(current: Any, key: str) -> Any:
    return current.get(key) if isinstance(current, Mapping) else getattr(current, key)


def _controller(seen: Seen, iid: int, value: Any) -> bool:
    card = seen.state.cards[iid]
    holder = card.controller if card.zone.endswith(".field") else card.owner  # off the field: its owner's
    return value == "any" or (holder == seen.you) == (value == "you")


def _type(seen: Seen, iid: int, value: Any) -> bool:
    """A card type, "character" (Forward, Backup or Monster), or a list of them ("Forward or Monster"); the card's
    current types count (an effect may have made it a Forward, FFTCG 11.12.4.6 ③)."""
    state = seen.state
    kind = state.library.by_id[state.cards[iid].card_id].card_type  # state.definition, inlined: the most read filter key
    if kind == value:
        return True  # the printed type named alone: the usual case
    wanted = value if isinstance(value, list) else (value,)
    for one in wanted:  # loops, not any() over generators: read for every card a filter looks at
        if (kind in CHARACTER_TYPES) if one == "character" else kind == one:
            return True
    also = printed_index(state)[state.cards[iid].card_id].also_types  # "is also a Monster in all situations"
    if also:
        for one in wanted:
            if one in also or (one == "character" and also & set(CHARACTER_TYPES)):
                return True
    current = seen.current.get(iid) if seen.current is not None else None
    types = _read(current, "types") if current is not None else None
    if types:
        for one in wanted:
            if one in types:
                return True
    return False


def _also(seen: Seen, iid: int, value: Any) -> bool:
    """"A Monster that is also a Forward": of that type too, besides the filter's `type` (read as `type` is)."""
    return _type(seen, iid, value)


def _name(seen: Seen, iid: int, value: Any) -> bool:
    """A Card Name: the printed one, or one the card also has "in all situations" (PrintedFacts.names)."""
    return value in printed_index(seen.state)[seen.state.cards[iid].card_id].names


def _element(seen: Seen, iid: int, value: Any) -> bool:
    return value in printed_index(seen.state)[seen.state.cards[iid].card_id].elements


def _attribute(key: str) -> Predicate:
    def test(seen: Seen, iid: int, value: Any) -> bool:
        return str(value).lower() in listed(seen.state.definition(iid).attributes.get(key))
    return test


def _job(seen: Seen, iid: int, value: Any) -> bool:
    """A Job filter reads the card's current Jobs (an effect may have given it one, FFTCG 11.12.4.6 ③)."""
    current = seen.current.get(iid) if seen.current is not None else None
    jobs = _read(current, "jobs") if current is not None else None
    return str(value).lower() in (jobs if jobs is not None else _printed_jobs(seen.state, iid))


def _dull(seen: Seen, iid: int, value: Any) -> bool:
    return seen.state.cards[iid].tapped == bool(value)


def _power(at_least: bool) -> Predicate:
    def test(seen: Seen, iid: int, value: Any) -> bool:
        current = seen.current.get(iid) if seen.current is not None else None
        power = _read(current, "power") if current is not None else seen.state.definition(iid).stat("power")
        return power is not None and (power >= int(value) if at_least else power <= int(value))
    return test


def _damaged(seen: Seen, iid: int, value: Any) -> bool:
    """A "damaged Forward" has damage on it this turn (FFTCG 15.2.5: damage stays until the end of the turn)."""
    return (int(seen.state.cards[iid].props.get("damage") or 0) > 0) == bool(value)


def _entered_this_turn(seen: Seen, iid: int, value: Any) -> bool:
    """A card "that entered the field this turn" (put onto it this turn, actions.put_onto_field)."""
    return (seen.state.cards[iid].props.get("entered") == seen.state.turn) == bool(value)


def _in_battle(role: str) -> Predicate:
    """An "attacking" or "blocking" Forward: one the current attack names (combat.py's `attack` data); `blocking:
    self`: the Forward blocking the attack the filter's card is one of the attackers of ("Forward blocking <self>")."""
    def test(seen: Seen, iid: int, value: Any) -> bool:
        attack = seen.state.data.get("attack") or {}
        pairs = attack.get("attackers") or [] if role == "attackers" else [attack.get("blocker")]
        found = any(pair is not None and pair[0] == iid and is_current(seen.state, iid, pair[1]) for pair in pairs)
        if value == "self":
            return found and any(pair[0] == seen.source and is_current(seen.state, pair[0], pair[1])
                                 for pair in attack.get("attackers") or [])
        return found == bool(value)
    return test


def _keyword(seen: Seen, iid: int, value: Any) -> bool:
    current = seen.current.get(iid) if seen.current is not None else None
    keywords = _read(current, "keywords") if current is not None else set(seen.state.definition(iid).keywords)
    return value in keywords


def _any_of(seen: Seen, iid: int, value: Any) -> bool:
    """One of several filters: "Job Samurai or Card Name Samurai" (each a filter of its own)."""
    return any(FILTER.holds(seen, iid, one) for one in value)


def _none_of(seen: Seen, iid: int, value: Any) -> bool:
    """None of several filters: "other than Card Name Cyan"."""
    return not any(FILTER.holds(seen, iid, one) for one in value)


def _where_or_how_many(seen: Seen, iid: int, value: Any) -> bool:
    return True  # the zone is where `matches` looks; a target's count and up_to say how many, not which


# FFTCG's card filter keys (effects.FILTER_KEYS, the card-file check; a target adds count and up_to).
FILTER = CardFilter("fftcg", {
    "type": _type, "controller": _controller, "element": _element, "job": _job,
    "category": _attribute("category"), "dull": _dull, "power_at_most": _power(False), "power_at_least": _power(True),
    "keyword": _keyword, "zone": _where_or_how_many, "count": _where_or_how_many, "up_to": _where_or_how_many,
    "damaged": _damaged, "attacking": _in_battle("attackers"), "blocking": _in_battle("blocker"),
    "any_of": _any_of, "none_of": _none_of, "entered_this_turn": _entered_this_turn, "also": _also, "name": _name,
})
if set(FILTER.keys) != set(TARGET_KEYS):
    raise ImportError("FFTCG's card filter and its card-file check (effects.TARGET_KEYS) must name the same keys")


def matches(state: GameState, iid: int, filt: Mapping[str, Any], you: str, source: int | None,
            chars: Mapping[int, Any] | None = None) -> bool:
    """Tell whether a card in the filter's zone (its owner's; the field by default) passes a card filter, seen by
    player `you` (the ability's controller). `chars` gives current Power and keywords (Characteristics, or the
    LayerSystem's mappings)."""
    card = state.cards[iid]
    zone = filt.get("zone", "field")
    if card.zone != (STACK if zone == STACK else f"{card.owner}.{zone}"):  # its owner's zones, or the shared stack
        return False
    return FILTER.holds(Seen(state, you, source, chars), iid, filt)


def number_of(state: GameState, spec: Any, controller: str, source: int | None, x: int = 0,
              counters: Mapping[str, int] | None = None) -> int:
    """Return a number an ability uses: a printed one, or one computed now (effects.VALUE_KEYS): X paid with the cost,
    the field's cards passing a filter, the points of damage a player has received, the cards in a hand, the source's
    counters or its Power, times N, plus or minus N, divided by N with a fraction rounded up (FFTCG 4.2); never below 0
    (FFTCG 4.1), then made a loss when `negative`. `counters`: the source's counters as the ability was used (else
    those it has now)."""
    if not is_mapping(spec):
        return int(spec)
    if "x" in spec:
        base = x * int(spec["x"])
    elif "damage_points" in spec:
        whose = controller if spec["damage_points"] == "you" else state.opponent(controller)
        base = len(state.zones[f"{whose}.damage"].cards)
    elif "hand_cards" in spec:
        whose = controller if spec["hand_cards"] == "you" else state.opponent(controller)
        base = len(state.zones[f"{whose}.hand"].cards)
    elif "counters_on_self" in spec:
        held = counters if counters is not None else state.cards[source].counters if source in state.cards else {}
        base = int(held.get(str(spec["counters_on_self"]), 0))
    elif "highest_cost" in spec:  # "for each CP required to cast the highest cost Dark Forward you control"
        base = max((state.definition(iid).cost or 0 for iid in field_cards(state)
                    if matches(state, iid, spec["highest_cost"], controller, source)), default=0)
    elif "cast_this_turn" in spec:  # "for each card you have cast this turn" (turn_history)
        base = _times_happened(state, controller, spec["cast_this_turn"], "cast")
    elif "paid_elements" in spec:  # "for each CP of a different Element you paid to cast <self>"
        base = (turn_history.paid_elements(state, source) or 0) if source is not None else 0
    elif "power" in spec:  # the source's Power now (a negative one deals none, FFTCG 4.3); the caller passes no
        # source once it is another object
        current = characteristics(state).get(source) if source is not None else None
        base = max(0, current.power or 0) if current is not None else 0
    elif spec["count"].get("zone", "field") != "field":  # (s6) "for each Card Name X in your Break Zone"
        zone = spec["count"]["zone"]
        base = sum(1 for player in state.players for iid in state.zones[f"{player}.{zone}"].cards
                   if matches(state, iid, spec["count"], controller, source))
    else:
        counted = spec["count"]
        base = sum(1 for iid in field_cards(state) if matches(state, iid, counted, controller, source))
        if counted.get("type") == "forward":  # the Forwards a lasting effect made count, as in `_controls`
            rest = {k: v for k, v in counted.items() if k != "type"}
            base += sum(1 for iid in _made_forwards(state) if matches(state, iid, rest, controller, source))
    base //= int(spec.get("per", 1))  # "for every 2 …": each whole 2 counted (s6)
    total = base * int(spec.get("times", 1)) + int(spec.get("plus", 0)) - int(spec.get("minus", 0))
    divide = int(spec.get("divide", 1))
    number = max(0, -(-total // divide))
    return -number if spec.get("negative") else number


# "During this turn, the cost required to cast your next <card> is reduced by N (it cannot become 0)": each
# {turn, player, amount, filter, floor} until that player casts such a card this turn (words.next_cost_change)
NEXT_COST = "fftcg.next_cost"


def next_cost_change(state: GameState, iid: int) -> tuple[int, Mapping[str, Any]] | None:
    """Return the first of this turn's "your next <card>" cost changes of the card's owner that the card passes, with
    its place in the list, or None."""
    owner = state.cards[iid].owner
    seen = Seen(state, owner)
    for position, item in enumerate(state.lists.get(NEXT_COST, ())):
        if item["turn"] == state.turn and item["player"] == owner and (
                not item["filter"] or FILTER.holds(seen, iid, item["filter"])):
            return position, item
    return None


def _with_next_cost_change(state: GameState, iid: int, cost: int) -> int:
    """Return `cost` changed by the next-card cost change that applies to the card, never below its floor ("it cannot
    become 0": at least 1) unless it was already lower."""
    found = next_cost_change(state, iid)
    if found is None:
        return cost
    item = found[1]
    return min(cost, max(int(item["floor"]), cost + int(item["amount"])))


def cost_of(state: GameState, iid: int) -> int:
    """Return what a card in hand costs to play now: printed cost plus field cost changes, at least 0."""
    card = state.cards[iid]
    index = printed_index(state)
    facts = index[card.card_id]
    cost = facts.cost  # the printed cost (0 when none)
    if not index.prints_cost_change and not state.lists.get(NEXT_COST):
        return cost  # no card of the library changes a cost (its own included) and no next-card change waits
    floor = 0  # "(it cannot become 0)": the highest floor of the changes applied, if the cost was that high
    player = card.owner
    # FFTCG 11.12.4.4: a field ability works where it can; one changing the card's own cost works from the hand
    for ability in facts.own_cost_changes:
        if condition_holds(state, ability.get("condition"), player, ability.get("damage"), iid):
            cost += number_of(state, ability["amount"], player, iid)
            floor = max(floor, int(ability.get("floor", 0)))
    changes = state.board_memo_values.get("fftcg.cost_changes")  # state.memo(board=True) inlined
    if changes is None:
        changes = state.board_memo_values["fftcg.cost_changes"] = [
            a for a in active_field_abilities(state) if a["effect"] == "cost_change"]
    if state.lists.get(NEXT_COST):
        cost = _with_next_cost_change(state, iid, cost)
    if changes:
        for ability in changes:
            applies = ability.get("applies_to")
            if isinstance(applies, Mapping) and matches(state, iid, {**applies, "zone": "hand"}, ability["controller"],
                                                        None):
                if applies.get("controller", "you") == "you" and player != ability["controller"]:
                    continue
                cost += int(ability["amount"])
                floor = max(floor, int(ability.get("floor", 0)))
    return max(min(floor, facts.cost), cost, 0)
