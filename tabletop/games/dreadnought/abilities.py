"""DreadNought abilities (digest §7, seed 002): their timings, when each is valid, and the values they change.

An ability in a card file is a mapping: `timing` (auto, trigger, ac, re, speed, cast, fast, cost), `do` (steps
of the effect words in `effects.py`), and as the timing needs: `target` (a card filter: the ability chooses
one such card, DN 7.5 step 3), `cost` (`{check_self: true}`, `{discard: N}`), `when` (a trigger's
condition: cast_self, attacks_self, unit_broken), `may` (a trigger that may be declined), `area` (an
ability valid only in that area while open, DN 7.4), `from_hand` (an activated ability played from hand),
`condition` (an 《Auto》 ability's checked condition, 『奮起』), `modes` and `choose` (a list of effects, each a
list of steps, of which the player chooses `choose` as the ability is played, DN 7.5 step 2), `distribute`
(`{amount, step, up_to}`: an activated ability divides the amount, in steps, among up to that many of its
targets as it is played, DN 7.5 step 4; its `damage_shares` step deals them), `name`.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations
from typing import Any

from tabletop.engine.card_filter import CardFilter, Seen
from tabletop.engine.cards import CardLibrary
from tabletop.engine.library_index import PerLibrary
from tabletop.engine.state import GameState
from tabletop.engine.zones import zone_id
from tabletop.games.dreadnought import table
from tabletop.games.dreadnought.parameters import parameter

TIMINGS = ("auto", "trigger", "ac", "re", "speed", "cast", "fast", "cost")
ACTIVATED = ("ac", "re", "speed", "cast", "fast")
ONCE_PER_TURN = ("speed", "cast", "fast")          # DN 7.5: once per turn per card
REACTABLE = ("ac", "re")                           # DN 7.3: only 「Ac」「Re」 can be reacted to
TRIGGER_EVENTS = ("cast_self", "attacks_self", "unit_broken")
ABILITY_KEYS = ("timing", "do", "target", "cost", "when", "may", "area", "from_hand", "condition", "name", "modes",
                "choose", "distribute")


def abilities(state: GameState, iid: int) -> tuple[Mapping[str, Any], ...]:
    """Return a card's abilities as printed (a dummy has none, DN 5.3 b)."""
    return state.definition(iid).effects


def mode_choices(ability: Mapping[str, Any]) -> list[tuple[int, ...]]:
    """Return every allowed choice of an ability's effects from its list (DN 7.5 step 2); [()] when it has none."""
    modes = ability.get("modes") or ()
    if not modes:
        return [()]
    return list(combinations(range(len(modes)), int(ability.get("choose", 1))))


def distributions(state: GameState, controller: str, source: int, ability: Mapping[str, Any]
                  ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Return every way to divide an ability's amount among its targets (DN 7.5 step 4): (targets, shares), each
    share a positive multiple of the step; [((), ())] when it divides nothing, [] when it has no legal target."""
    spread = ability.get("distribute")
    if not spread:
        return [((), ())]
    amount, step, most = int(spread["amount"]), int(spread.get("step", 1)), int(spread.get("up_to", 1))
    units = amount // step
    found = []
    for count in range(1, min(most, units) + 1):
        for chosen in combinations(targets(state, controller, source, ability), count):
            for cuts in combinations(range(1, units), count - 1):
                bounds = (0, *cuts, units)
                found.append((chosen, tuple((bounds[i + 1] - bounds[i]) * step for i in range(count))))
    return found


def chosen_steps(ability: Mapping[str, Any], modes: Sequence[int]) -> list[Mapping[str, Any]]:
    """Return the steps an ability carries out: its `do`, then the chosen effects of its list in printed order."""
    listed = ability.get("modes") or ()
    return [*ability.get("do", ()), *(step for index in sorted(modes) for step in listed[index])]


def _battle_side(state: GameState, iid: int) -> str | None:
    return table.side_of(state, iid)


def is_valid(state: GameState, iid: int, ability: Mapping[str, Any]) -> bool:
    """Tell whether a card's ability is valid where the card is now (DN 7.4, seed 常在型能力).

    A unit's abilities work in a unit slot, a caster's in a caster slot, an arms' are the enchanted caster's
    (so only while that caster is in its slot); an ability naming an area works only there, open to all.
    """
    card = state.cards[iid]
    where = table.zone_name(state, iid)
    if ability.get("area"):
        return where == ability["area"] and not card.face_down
    if card.face_down:
        return False
    if ability.get("from_hand"):
        return where == "hand"
    kind = state.definition(iid).card_type
    if kind == "unit":
        return where.startswith("units.")
    if kind == "caster":
        return where.startswith("caster.")
    if kind == "arms":
        side = _battle_side(state, iid)
        return where.startswith("arms.") and side is not None and table.caster(state, card.controller, side) is not None
    if kind == "code":  # code effects are played from hand or an open speed card (DN 3.6)
        return where in ("hand", "speed")
    return False


def ability_holder(state: GameState, iid: int) -> int:
    """Return the card that has an ability: an arms' abilities belong to the caster it enchants (DN 7.4)."""
    if state.definition(iid).card_type == "arms":
        side = _battle_side(state, iid)
        found = table.caster(state, state.cards[iid].controller, side) if side else None
        return found if found is not None else iid
    return iid


def sources(state: GameState) -> list[int]:
    """Return the cards whose abilities might be valid: the Battle Areas and the Speed Areas (do not mutate)."""
    def compute() -> list[int]:
        zones = state.zones
        return [iid for player in state.players for name in SOURCE_ZONES for iid in zones[zone_id(player, name)].cards]
    return state.memo("dn.sources", compute, board=True)


SOURCE_ZONES = tuple(f"{name}.{side}" for side in table.SIDES for name in ("caster", "units", "arms")) + ("speed",)
"""The zones of a player whose cards' abilities might be valid, in the order `sources` lists them."""


def _cards_by_timing(library: CardLibrary) -> dict[str, frozenset[str]]:
    """Return, per timing label, the ids of the cards with a printed ability of that timing."""
    found: dict[str, set[str]] = {}
    for card in library.values():
        for ability in card.effects:
            found.setdefault(str(ability.get("timing")), set()).add(card.id)
    return {timing: frozenset(ids) for timing, ids in found.items()}


CARDS_BY_TIMING = PerLibrary(_cards_by_timing)


def has_timing(state: GameState, iid: int, timing: str) -> bool:
    """Tell whether a card has a printed ability of a timing (valid or not): a quick test before reading them."""
    return state.cards[iid].card_id in CARDS_BY_TIMING(state.library).get(timing, ())


def valid_abilities(state: GameState, timing: str) -> list[tuple[int, int, Mapping[str, Any]]]:
    """Return (card, number, ability) for every valid ability of a timing on the table."""
    def compute() -> list[tuple[int, int, Mapping[str, Any]]]:
        found = []
        having = CARDS_BY_TIMING(state.library).get(timing, frozenset())
        for iid in sources(state):
            if state.cards[iid].card_id not in having:
                continue
            for number, ability in enumerate(abilities(state, iid)):
                if ability.get("timing") == timing and is_valid(state, iid, ability):
                    found.append((iid, number, ability))
        return found
    return state.memo(f"dn.valid.{timing}", compute, board=True)  # validity reads the board alone


# -- the filter language (one for every game: engine.card_filter) ------------------------------------

def _own(seen: Seen, iid: int, value: Any) -> bool:
    return (seen.state.cards[iid].controller == seen.you) == bool(value)


def _type(seen: Seen, iid: int, value: Any) -> bool:
    if table.is_dummy(seen.state, iid):
        return value == "unit"
    return seen.state.definition(iid).card_type == value


def _same_area(seen: Seen, iid: int, value: Any) -> bool:
    if seen.source is None:
        return False
    home = table.side_of(seen.state, seen.source)
    mine = seen.state.cards[iid].controller == seen.state.cards[seen.source].controller
    return (mine and home is not None and table.side_of(seen.state, iid) == home) == bool(value)


def _size(seen: Seen, iid: int, value: Any) -> bool:
    return str(seen.state.definition(iid).attributes.get("size")) == str(value)


def _battle_role(role: str) -> Any:
    def holds(seen: Seen, iid: int, value: Any) -> bool:
        return bool(seen.state.cards[iid].props.get(role)) == bool(value)
    return holds


def _is_self(seen: Seen, iid: int, value: Any) -> bool:
    return (iid == seen.source) == bool(value)


def _normal(seen: Seen, iid: int, value: Any) -> bool:
    return (not seen.state.cards[iid].tapped) == bool(value)


FILTER = CardFilter("dreadnought", {
    "type": _type, "own": _own, "same_area": _same_area, "size": _size, "normal": _normal, "is_self": _is_self,
    "blocking": _battle_role("blocking"), "attacking": _battle_role("attacking"),
})


def existing(state: GameState) -> list[int]:
    """Return the units and casters that exist in the Battle Areas (DN 3.2), the cards abilities target."""
    found = []
    for player in state.players:
        for side in table.SIDES:
            found.extend(state.zones[zone_id(player, f"caster.{side}")].cards)
            found.extend(state.zones[zone_id(player, f"units.{side}")].cards)
    return found


def targets(state: GameState, controller: str, source: int, ability: Mapping[str, Any]) -> list[int]:
    """Return the cards an ability may choose (DN 7.5 step 3)."""
    return FILTER.select(Seen(state, controller, source), existing(state), ability.get("target"))


# -- continuous values (《Auto》) ---------------------------------------------------------------------

def _condition_holds(state: GameState, iid: int, condition: Mapping[str, Any] | None) -> bool:
    """Check an 《Auto》 ability's condition (『奮起』: checked constantly while valid, DN 7.4)."""
    if not condition:
        return True
    holder = ability_holder(state, iid)
    side = table.side_of(state, holder)
    player = state.cards[holder].controller
    for key, value in condition.items():
        if key == "area_caster_hp_at_most" and (side is None or table.hp(state, player, side) > int(value)):
            return False
        if key == "units_in_area_at_least" and (side is None or len(table.units(state, player, side)) < int(value)):
            return False
        if key == "blocking" and bool(state.cards[holder].props.get("blocking")) != bool(value):
            return False
    return True


def auto_effects(state: GameState) -> list[tuple[int, Mapping[str, Any]]]:
    """Return (holder card, step) for every continuous step of a valid 《Auto》 ability whose condition holds."""
    def compute() -> list[tuple[int, Mapping[str, Any]]]:
        found: list[tuple[int, Mapping[str, Any]]] = []
        for iid, _number, ability in valid_abilities(state, "auto"):
            if _condition_holds(state, iid, ability.get("condition")):
                holder = ability_holder(state, iid)
                found.extend((holder, step) for step in ability.get("do", ()))
        return found
    return state.memo("dn.auto", compute, board=True)  # conditions read the board alone (roles are card props)


def _applies(state: GameState, holder: int, step: Mapping[str, Any], iid: int) -> bool:
    controller = state.cards[holder].controller
    return FILTER.holds(Seen(state, controller, holder), iid, step.get("to") or {})


def bp(state: GameState, iid: int) -> tuple[int, list[str]]:
    """Return a unit's current BP and what changed it (printed, 《Auto》 bonuses, until-end-of-turn changes)."""
    changes = battle_bps(state).get(iid)
    if changes is None:
        changes = _bp_changes(state, iid)
    return _bp_with(state, iid, changes), _bp_why(state, iid, changes)


def bp_value(state: GameState, iid: int) -> int:
    """Return a unit's current BP alone (what the rules and the bots read most)."""
    changes = battle_bps(state).get(iid)
    return _bp_with(state, iid, changes if changes is not None else _bp_changes(state, iid))


def battle_bps(state: GameState) -> dict[int, list[tuple[int, int]]]:
    """Return the 《Auto》 BP changes (amount, holder) of every card in a unit slot, read once per board version
    (do not mutate)."""
    def compute() -> dict[int, list[tuple[int, int]]]:
        units = [iid for player in state.players for iid in table.all_units(state, player)]
        changes: dict[int, list[tuple[int, int]]] = {iid: [] for iid in units}  # (amount, holder) per unit
        if not units:
            return changes
        for holder, step in _bp_bonuses(state):  # each step's filter read against every unit at once
            seen = Seen(state, state.cards[holder].controller, holder)
            for iid in FILTER.select(seen, units, step.get("to") or {}):
                changes[iid].append((int(step["amount"]), holder))
        return changes
    return state.memo("dn.bps", compute, board=True)


def _bp_bonuses(state: GameState) -> list[tuple[int, Mapping[str, Any]]]:
    """Return (holder, step) for the 《Auto》 steps that change BP."""
    return [(holder, step) for holder, step in auto_effects(state) if step.get("effect") == "bp_bonus"]


def _bp_changes(state: GameState, iid: int) -> list[tuple[int, int]]:
    return [(int(step["amount"]), holder) for holder, step in _bp_bonuses(state) if _applies(state, holder, step, iid)]


def _bp_with(state: GameState, iid: int, changes: list[tuple[int, int]]) -> int:
    """Return a unit's BP: printed (a dummy's 50), the 《Auto》 `changes` (amount, holder), this turn's change."""
    if table.is_dummy(state, iid):
        return table.DUMMY_BP
    return (state.definition(iid).stat("bp") + sum(amount for amount, _holder in changes)
            + int(state.cards[iid].props.get("bp_turn", 0)))


def _bp_why(state: GameState, iid: int, changes: list[tuple[int, int]]) -> list[str]:
    """Return what changed a unit's printed BP, as `_bp_with` adds it up."""
    if table.is_dummy(state, iid):
        return []
    why = [f"{amount:+d} {state.definition(holder).name}" for amount, holder in changes]
    turn = int(state.cards[iid].props.get("bp_turn", 0))
    if turn:
        why.append(f"{turn:+d} this turn")
    return why


def _lowering_cards(library: CardLibrary) -> frozenset[str]:
    """Return the card ids with a printed 《Auto》 step that lowers BP."""
    return frozenset(card.id for card in library.values() for ability in card.effects
                     if ability.get("timing") == "auto"
                     and any(step.get("effect") == "bp_bonus" and int(step["amount"]) < 0 for step in ability.get("do", ())))


LOWERING_CARDS = PerLibrary(_lowering_cards)


def may_lower_bp(state: GameState) -> bool:
    """Tell whether a card whose abilities might be valid has an 《Auto》 step lowering BP (read from the printed
    abilities alone, so that the rule check need not work out which abilities are valid)."""
    lowering = LOWERING_CARDS(state.library)
    return bool(lowering) and any(state.cards[iid].card_id in lowering for iid in sources(state))


def sp(state: GameState, iid: int) -> int:
    """Return a speed card's current SP (its printed SP and this turn's changes)."""
    return state.definition(iid).stat("sp") + int(state.cards[iid].props.get("sp_turn", 0))


def hp_value(state: GameState, iid: int) -> int:
    """Return a caster's HP value, the attack damage that breaks an HP card when it blocks (DN 6.3 [?])."""
    value = int(parameter(state, "caster_hp_value"))
    for holder, step in auto_effects(state):
        if step.get("effect") == "hp_value_bonus" and holder == iid:
            value += int(step["amount"])
    return value


def is_forbidden(state: GameState, iid: int) -> bool:
    """Tell whether an effect forbids playing a card's triggered abilities (DN 7.6 f)."""
    return any(step.get("effect") == "forbid_triggers" and _applies(state, holder, step, iid)
               for holder, step in auto_effects(state))


def cost_reduction(state: GameState, helper: int | None, effect: str) -> int:
    """Return how much a 《Cost》 ability of `helper` lowers a cost: `discard_less` a discard cost, `log_less` a
    log-cost (0 when it has none valid)."""
    if helper is None:
        return 0
    return sum(int(step.get("amount", 0)) for _i, _n, ability in _cost_abilities(state, helper)
               for step in ability.get("do", ()) if step.get("effect") == effect)


def _cost_abilities(state: GameState, iid: int) -> Iterator[tuple[int, int, Mapping[str, Any]]]:
    for number, ability in enumerate(abilities(state, iid)):
        if ability.get("timing") == "cost" and is_valid(state, iid, ability):
            yield iid, number, ability


def cost_helpers(state: GameState, player: str) -> list[int]:
    """Return the player's cards with a valid 《Cost》 ability whose own cost can be paid now."""
    found = []
    for iid in sources(state):
        if state.cards[iid].controller != player:
            continue
        for _i, _n, ability in _cost_abilities(state, iid):
            if not (ability.get("cost") or {}).get("check_self") or not state.cards[iid].tapped:
                found.append(iid)
                break
    return found
