"""The Vanguard effects vocabulary: what card data may ask for, one handler per effect name.

A step is `{effect: NAME, ...parameters}`; `target` names cards: `self`, `$var` (chosen earlier by
`choose ... as: var`), `event_card`, `attacker`, `booster`, `your_vanguard`, `your_vanguards`,
`your_front_row`, `your_units`, `your_rear_guards`, `opponent_rear_guards`, `opponent_units`.
Any step may carry `if: CONDITION` (skipped when it does not hold).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tabletop.engine import by_hand, durations
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction, frozen_copy
from tabletop.engine.triggers import trigger_event
from tabletop.engine.zones import zone_id
from tabletop.engine import procedure
from tabletop.engine.card_filter import CardFilter, Seen
from tabletop.engine.vocabulary import Vocabulary
from tabletop.games.vanguard import facts
from tabletop.games.vanguard.abilities import (
    CLAN_ACTIONS, CONDITION_KEYWORDS, CONDITIONS, COUNT_KEYS, COUNTED_ZONES, EVENTS, PREFIX_KEYWORDS, PROPER_KEYWORDS,
    STELLAR_CIRCLE,
    abilities_of, add_pending, condition_holds, emit, emit_event, has_keyword, keyword_number, zone_tag_holds,
)
from tabletop.games.vanguard.circles import (
    REAR_CIRCLES, circle_name, column_for, column_partner, is_back_row, is_front_row, is_rear_circle,
)
from tabletop.games.vanguard.moves import (
    add_state, controller_changed, identity, move_rear_guard, new_identity, place_on_circle, put_into_soul, relocate,
    remove_state, retire, retire_all, turn_fact, turn_info, unlink_harmony,
)
from tabletop.games.vanguard.rear_vanguard import BECOME_VANGUARD
from tabletop.games.vanguard.table import (
    front_row_units, guardians_of, has_state, in_same_column, is_closed_to_calls, is_locked, is_unit, legion_mate,
    rear_guards_of, units_of, vanguard_of, vanguards_of,
)

Handler = Callable[[Transaction, int, dict[str, Any]], bool]
# The vocabulary; "target" and "if" are accepted by every word.
VOCABULARY = Vocabulary("vanguard", common={"target": object, "if": object})
effect = VOCABULARY.word


# -- reading a frame ---------------------------------------------------------------------------

def controller(state: GameState, fi: int) -> str:
    """Return the player resolving frame `fi`."""
    return str(procedure.ctx(state, fi)["controller"])


def source(state: GameState, fi: int) -> int | None:
    """Return the card whose ability frame `fi` resolves."""
    return procedure.ctx(state, fi).get("source")


def variables(state: GameState, fi: int) -> dict[str, Any]:
    """Return the chosen-card variables of a frame."""
    return procedure.ctx(state, fi).get("vars", {})


def set_variable(tx: Transaction, fi: int, name: str, value: Any) -> None:
    """Store a variable (chosen cards) in a frame."""
    # only the new value is copied: the others are the frame's already (state values, never mutated)
    procedure.set_var(tx, fi, "vars", {**variables(tx.state, fi), name: frozen_copy(value)}, copy=False)


class SetContext:
    """What a card-set name is read against: the state, the resolving player and the ability's source."""

    __slots__ = ("state", "me", "opp", "src", "ctx", "battle")

    def __init__(self, state: GameState, ctx: Mapping[str, Any]) -> None:
        self.state = state
        self.me = str(ctx["controller"])
        self.opp = state.opponent(self.me)
        self.src = ctx.get("source")
        self.ctx = ctx
        self.battle = state.data.get("battle") or {}

    def zone(self, player: str, name: str) -> list[int]:
        """Return the cards of one of a player's zones (a copy)."""
        return list(self.state.zones[zone_id(player, name)].cards)


def _one(value: Any) -> list[int]:
    return [] if value is None else [value]


def _rear_circle_cards(c: SetContext, player: str) -> list[int]:
    return [i for name in REAR_CIRCLES for i in c.state.zones[zone_id(player, name)].cards]


# Card-set names a step's `target`, `from`, `per` or `card` may use (besides `$var`).
SETS: dict[str, Callable[[SetContext], list[int]]] = {
    "self": lambda c: _one(c.src),
    "event_card": lambda c: _one(c.ctx.get("event", {}).get("card")),
    "attacker": lambda c: _one(c.battle.get("attacker")),
    "booster": lambda c: _one(c.battle.get("booster")),
    "attacked": lambda c: _one(c.battle.get("target")),
    "your_vanguard": lambda c: _one(vanguard_of(c.state, c.me)),
    "your_vanguards": lambda c: vanguards_of(c.state, c.me),
    "your_units": lambda c: list(units_of(c.state, c.me)),
    "your_front_row": lambda c: front_row_units(c.state, c.me),
    "your_back_row": lambda c: [u for u in units_of(c.state, c.me) if is_back_row(c.state.cards[u].zone, c.me)],
    "your_front_row_rear_guards": lambda c: [u for u in front_row_units(c.state, c.me)
                                             if is_rear_circle(c.state.cards[u].zone)],
    "your_guardians": lambda c: guardians_of(c.state, c.me),
    "opponent_guardians": lambda c: guardians_of(c.state, c.opp),
    "your_other_guardians": lambda c: [g for g in guardians_of(c.state, c.me) if g != c.src],
    # seed Dominate 2: "your rear-guards" are the ones you control, not your own dominated by the opponent
    "your_rear_guards": lambda c: rear_guards_of(c.state, c.me),
    "your_other_rear_guards": lambda c: [u for u in rear_guards_of(c.state, c.me) if u != c.src],
    "your_rc_cards": lambda c: _rear_circle_cards(c, c.me),
    "opponent_units": lambda c: list(units_of(c.state, c.opp)),
    "opponent_rear_guards": lambda c: rear_guards_of(c.state, c.opp),
    "opponent_front_row": lambda c: front_row_units(c.state, c.opp),
    "opponent_back_row_rear_guards": lambda c: [u for u in rear_guards_of(c.state, c.opp)
                                                if is_back_row(c.state.cards[u].zone, c.opp)],
    "opponent_vanguard": lambda c: _one(vanguard_of(c.state, c.opp)),
    "opponent_vanguards": lambda c: vanguards_of(c.state, c.opp),
    "your_hand": lambda c: c.zone(c.me, "hand"),
    "your_soul": lambda c: c.zone(c.me, "soul"),
    "your_drop": lambda c: c.zone(c.me, "drop"),
    "your_bind": lambda c: c.zone(c.me, "bind"),
    "opponent_bind": lambda c: c.zone(c.opp, "bind"),
    "your_deck": lambda c: c.zone(c.me, "deck"),
    "your_damage": lambda c: c.zone(c.me, "damage"),
    "your_damage_face_up": lambda c: [i for i in c.zone(c.me, "damage") if not c.state.cards[i].face_down],
    "your_damage_face_down": lambda c: [i for i in c.zone(c.me, "damage") if c.state.cards[i].face_down],
    "your_locked": lambda c: [i for i in _rear_circle_cards(c, c.me) if is_locked(c.state, i)],
    "opponent_locked": lambda c: [i for i in _rear_circle_cards(c, c.opp) if is_locked(c.state, i)],
}


def card_set(state: GameState, fi: int, spec: str) -> list[int]:
    """Return the cards a target spec or a `from:` set names (`$var`: the cards chosen as `var`)."""
    ctx = procedure.ctx(state, fi)
    if spec.startswith("$"):
        value = ctx.get("vars", {}).get(spec[1:], [])
        return [v for v in (value if isinstance(value, list) else [value]) if v in state.cards]
    reader = SETS.get(spec)
    if reader is None:
        raise KeyError(spec)
    return reader(SetContext(state, ctx))


def cards_in_set(state: GameState, me: str, src: int | None, spec: str, filt: Mapping[str, Any] | None = None
                 ) -> list[int]:
    """Return the cards a set name (not a `$var`) names for player `me` and source card `src`, filtered."""
    return filter_cards(state, SETS[spec](SetContext(state, {"controller": me, "source": src})), filt, src, me)


def filtered(state: GameState, fi: int, cards: list[int], filt: Mapping[str, Any] | None) -> list[int]:
    """Keep the cards that pass a filter (see `filter_cards`), for the ability frame `fi`."""
    if not filt:
        return cards
    return filter_cards(state, cards, filt, source(state, fi), controller(state, fi))


def _grade(seen: Seen, iid: int, value: Any) -> bool:
    return facts.grade(seen.state.definition(iid)) == int(value)


def _grade_at_most(seen: Seen, iid: int, value: Any) -> bool:
    return facts.grade(seen.state.definition(iid)) <= int(value)


def _grade_at_least(seen: Seen, iid: int, value: Any) -> bool:
    return facts.grade(seen.state.definition(iid)) >= int(value)  # "grade 2 or greater" (VG 9.3 grade)


def _standing(seen: Seen, iid: int, value: Any) -> bool:
    return not value or not seen.state.cards[iid].tapped


def _rested(seen: Seen, iid: int, value: Any) -> bool:
    return not value or seen.state.cards[iid].tapped


def _same_column(seen: Seen, iid: int, value: Any) -> bool:
    return not value or (seen.source is not None and in_same_column(seen.state, seen.source, iid, seen.you))


def _trigger(seen: Seen, iid: int, value: Any) -> bool:
    return bool(facts.trigger(seen.state.definition(iid)) == value)


def _keyword(seen: Seen, iid: int, value: Any) -> bool:
    return has_keyword(seen.state, iid, str(value))  # seed 一: printed (valid or not) or gained (Fidus)


def _unit(seen: Seen, iid: int, value: Any) -> bool:
    return not value or facts.is_unit_card(seen.state.definition(iid))


def _in_zone(seen: Seen, iid: int, value: Any) -> bool:
    zones = value if isinstance(value, list) else [value]
    return seen.state.cards[iid].zone.split(".", 1)[1] in zones


def _order(seen: Seen, iid: int, value: Any) -> bool:
    """An order card (VG 5.4 orders); `normal`: a normal order (not a Blitz or Set order)."""
    card = seen.state.definition(iid)
    if facts.kind(card) != "order":
        return not value
    kind = card.card_type.lower().removesuffix(" order") if card.card_type.lower() != "order" else str(
        facts.attribute(card, "order_type") or "normal")  # real cards: "blitz order"; card files: order_type
    return value != "normal" or kind == "normal"


# Vanguard's card filter keys (beside the shared name and not_self).
FILTER = CardFilter("vanguard", {
    "grade": _grade, "grade_at_most": _grade_at_most, "grade_at_least": _grade_at_least, "standing": _standing, "rested": _rested,
    "same_column": _same_column, "trigger": _trigger, "keyword": _keyword, "unit": _unit, "in_zone": _in_zone,
    "order": _order,
}, shared=("name", "not_self"))


def filter_cards(state: GameState, cards: list[int], filt: Mapping[str, Any] | None, src: int | None,
                 me: str) -> list[int]:
    """Keep the cards that pass a filter read by player `me` for the ability of card `src`."""
    return FILTER.select(Seen(state, me, src), cards, filt)


def targets(state: GameState, fi: int, step: Mapping[str, Any], default: str = "self") -> list[int]:
    """Return the cards a step acts on."""
    return card_set(state, fi, str(step.get("target", default)))


def _mod(tx: Transaction, iid: int, stat: str, amount: int, until: str | None, why: str) -> None:
    mods = list(tx.state.cards[iid].props.get("mods", ()))
    mods.append({"stat": stat, "amount": amount, "until": until or "turn", "why": why})
    tx.set_prop(iid, "mods", mods)


def _why(state: GameState, fi: int) -> str:
    src = source(state, fi)
    return procedure.ctx(state, fi).get("name") or (state.definition(src).name if src in state.cards else "effect")


# -- resources ---------------------------------------------------------------------------------

def draw_cards(tx: Transaction, player: str, count: int) -> int:
    """Draw up to `count` cards (an empty deck is a loss at the next check timing, VG 1.2)."""
    deck = zone_id(player, "deck")
    drawn = 0
    for _ in range(count):
        cards = tx.state.zones[deck].cards
        if not cards:
            break
        tx.move(cards[0], zone_id(player, "hand"), None)
        drawn += 1
    return drawn


@effect("draw", "count")
def _draw(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Draw cards."""
    n = draw_cards(tx, controller(tx.state, fi), int(step.get("count", 1)))
    tx.log(f"{controller(tx.state, fi)} drew {n}", "")
    return True


def _amount(state: GameState, fi: int, step: Mapping[str, Any], default: int) -> int:
    """Return a step's amount; with `per: SET` it is multiplied by the number of cards in that set."""
    amount = int(step.get("amount", default))
    if "per" in step:
        amount *= len(card_set(state, fi, str(step["per"])))
    return amount


def _modify(tx: Transaction, fi: int, step: dict[str, Any], stat: str, default: int, until: str) -> bool:
    amount = _amount(tx.state, fi, step, default)
    for iid in targets(tx.state, fi, step):
        _mod(tx, iid, stat, amount, step.get("until", until), _why(tx.state, fi))
    return True


@effect("power", "amount", "until", "per")
def _power(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Give Power +amount (until: turn | battle; `per: SET` multiplies by that set's size)."""
    return _modify(tx, fi, step, "power", 0, "turn")


@effect("critical", "amount", "until", "per")
def _critical(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Give Critical +amount."""
    return _modify(tx, fi, step, "critical", 1, "turn")


@effect("shield", "amount", "until", "per")
def _shield(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Give Shield +amount (until the end of the battle unless told)."""
    return _modify(tx, fi, step, "shield", 0, "battle")


# The units a player-level bonus reaches (table.py `_scope_holds`).
PLAYER_POWER_SCOPES = ("units", "front_row", "rear_guards")


@effect("player_power", "amount", "scope", "until", "my_turn")
def _player_power(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Give the resolving player a bonus for their units of `scope`: Power +amount, `until` turn or fight (the rest
    of the game), with `my_turn` only during their own turns.

    An Over trigger's additional effect that gives its player, for the rest of the fight, a power bonus for their
    rear-guards during their turns (VG 6.5 Over: the printed additional effect of a drive-checked Over trigger; a
    fight is the whole game, VG 1) is a bonus of the player, not of units: units called later get it too.
    """
    scope = str(step.get("scope", "units"))
    until = durations.PERMANENT if step.get("until") == "fight" else durations.UNTIL_END_OF_TURN
    me = controller(tx.state, fi)
    tx.list_append("player_mods", {"player": me, "stat": "power", "amount": int(step.get("amount", 0)), "scope": scope,
                                   "my_turn": bool(step.get("my_turn")), "duration": until, "why": _why(tx.state, fi)})
    return True


RESIST = "resist"


def resists(state: GameState, iid: int, chooser: str) -> bool:
    """Tell whether a unit cannot be chosen by `chooser`'s card effects: it is their opponent's, and a valid CONT of
    its own says `resist` (a CONT saying its opponent's effects cannot choose it, VG 7.5)."""
    card = state.cards[iid]
    if card.controller == chooser or not is_unit(state, iid):
        return False
    return any(ability.get("kind") == "cont" and any(s.get("effect") == RESIST for s in ability.get("do", ()))
               and zone_tag_holds(state, iid, ability.get("zone"))
               and condition_holds(state, ability.get("if"), iid, card.controller)
               for ability in abilities_of(state, iid))


# Printed text's "reveal the top card of your deck": the card stays on top, public, until an effect moves it.
@effect("reveal_top", "count", "as")
def _reveal_top(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Reveal the top `count` cards of your deck and remember them as `as` (they stay in the deck)."""
    me = controller(tx.state, fi)
    top = list(tx.state.zones[zone_id(me, "deck")].cards[: int(step.get("count", 1))])
    set_variable(tx, fi, str(step.get("as", "revealed")), top)
    tx.log(f"{me} reveals {', '.join(tx.state.definition(c).name for c in top) or 'nothing'} from the top of the deck",
           "VG 9.5")
    return True


# Printed text's "look at N cards from the top of your deck": only their player sees them; they stay in the deck.
@effect("look_top", "count", "as")
def _look_top(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Look at the top `count` cards of your deck (only you see them) and remember them as `as`; they stay in
    the deck until an effect moves them ("choose a card from among them, ...", "put the rest ...")."""
    me = controller(tx.state, fi)
    top = list(tx.state.zones[zone_id(me, "deck")].cards[: int(step.get("count", 1))])
    set_variable(tx, fi, str(step.get("as", "looked")), top)
    tx.log(f"{me} looks at {len(top)} card(s) from the top of the deck", "VG 9.5")
    return True


@effect("put_on_deck", "where", "except")
def _put_on_deck(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Put the cards of `target` still in their owner's deck (but those of `except`) on its top or bottom
    (`where`); with more than one, their owner puts them "in any order" (asked, top-most first)."""
    kept = set(card_set(tx.state, fi, str(step["except"]))) if step.get("except") else set()
    cards = [c for c in targets(tx.state, fi, step) if c not in kept and tx.state.cards[c].zone.endswith(".deck")]
    if not cards:
        return True
    answer = procedure.take_answer(tx, fi)
    if answer is None and len(cards) > 1:
        where = "top" if step.get("where") == "top" else "bottom"
        return procedure.ask(tx, fi, tx.state.cards[cards[0]].owner, "deck_order", "order",
                             f"order the cards for the {where} of the deck, top-most first", cards,
                             len(cards), len(cards), "VG 9.5", [tx.state.definition(c).name for c in cards])
    ordered = [c for c in (answer["picks"] if answer else cards) if c in cards]
    if step.get("where") == "top":
        for iid in reversed(ordered):
            relocate(tx, iid, "deck", 0)
    else:
        for iid in ordered:
            relocate(tx, iid, "deck", None)
    return True


# Where `put_rest` may put the revealed cards still in the deck (VG 9.5: hand, soul, drop are the owner's zones).
REST_ZONES = ("hand", "soul", "drop")


@effect("put_rest", "of", "to", "except")
def _put_rest(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Put the cards of `of` that are still in their owner's deck (but those of `except`) into the owner's `to`
    zone (hand, soul or drop): "... and if it isn't, put it into your hand", "discard the rest"."""
    to = str(step.get("to", "drop"))
    kept = set(card_set(tx.state, fi, str(step["except"]))) if step.get("except") else set()
    for iid in card_set(tx.state, fi, str(step["of"])):
        if not tx.state.cards[iid].zone.endswith(".deck") or to not in REST_ZONES or iid in kept:
            continue
        if to == "soul":
            put_into_soul(tx, iid, tx.state.cards[iid].owner)
        else:
            relocate(tx, iid, to, None)
    return True


@effect("cannot_attack", "until")
def _cannot_attack(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Forbid units to attack (until: turn, the default, or battle)."""
    for iid in targets(tx.state, fi, step):
        _mod(tx, iid, "cannot_attack", 1, step.get("until", "turn"), _why(tx.state, fi))
    return True


@effect("move", "circle")
def _move(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Move rear-guards to another rear-guard circle of their controller, swapping with the unit there (VG 5.4):
    `circle` names it (back_left, rc.front_right…); without it, the other circle of the unit's column."""
    state = tx.state
    for iid in targets(state, fi, step):
        here = state.cards[iid].zone
        if not is_rear_circle(here) or is_locked(state, iid):
            continue
        named = step.get("circle")
        to = column_partner(here) if named is None else zone_id(state.cards[iid].controller, _rear_circle_name(str(named)))
        if to is None or to == here or to not in state.zones or not is_rear_circle(to):
            continue
        if move_rear_guard(tx, iid, to) is None:
            tx.log(f"{state.definition(iid).name} moved to {circle_name(to)}", "VG 5.4")
    return True


def _rear_circle_name(name: str) -> str:
    """Return a rear-guard circle's zone name from a card's spelling (back_left or rc.back_left)."""
    return name if name.startswith("rc.") else f"rc.{name}"


@effect("stand")
def _stand(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Stand units (Rush: "when stood by your card's effect" triggers, seed 《搏击新星》)."""
    by = controller(tx.state, fi)
    for iid in targets(tx.state, fi, step):
        if tx.state.cards[iid].tapped and is_unit(tx.state, iid):
            tx.set_field(iid, "tapped", False)
            emit_event(tx, "stood", card=iid, by=by, zone=tx.state.cards[iid].zone)
    return True


@effect("rest")
def _rest(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Rest units."""
    for iid in targets(tx.state, fi, step):
        tx.set_field(iid, "tapped", True)
    return True


@effect("retire")
def _retire(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Retire rear-guards by a card effect (Devour's retirements are effect retirements, seed 《太刀风》)."""
    retire_all(tx, [iid for iid in targets(tx.state, fi, step)
                    if tx.state.cards[iid].zone.split(".", 1)[1].startswith(("rc.", "gc"))], by_effect=True)
    return True


@effect("counter_blast", "count")
def _counter_blast(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Turn face-up damage cards face down (first ones found)."""
    cards = card_set(tx.state, fi, "your_damage_face_up")[: int(step.get("count", 1))]
    for c in cards:
        tx.set_field(c, "face_down", True)
    return True


@effect("counter_charge", "count")
def _counter_charge(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Turn face-down damage cards face up."""
    for c in card_set(tx.state, fi, "your_damage_face_down")[: int(step.get("count", 1))]:
        tx.set_field(c, "face_down", False)
    tx.log(f"{controller(tx.state, fi)} counter charged {step.get('count', 1)}")
    return True


@effect("soul_blast", "count")
def _soul_blast(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Put soul cards into the drop zone."""
    for c in card_set(tx.state, fi, "your_soul")[: int(step.get("count", 1))]:
        relocate(tx, c, "drop", None)
    return True


@effect("soul_charge", "count")
def _soul_charge(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Put the top cards of your deck into your soul (counts for Darkness)."""
    me = controller(tx.state, fi)
    for _ in range(int(step.get("count", 1))):
        deck = tx.state.zones[zone_id(me, "deck")].cards
        if deck:
            put_into_soul(tx, deck[0], me)
    return True


@effect("energy_charge", "count")
def _energy_charge(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Raise your energy (at most 10 by the Energy Generator)."""
    me = controller(tx.state, fi)
    tx.set_total(me, "energy", min(10, tx.state.total(me, "energy") + int(step.get("count", 1))))
    return True


@effect("energy_blast", "count")
def _energy_blast(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Lower your energy."""
    me = controller(tx.state, fi)
    tx.set_total(me, "energy", max(0, tx.state.total(me, "energy") - int(step.get("count", 1))))
    return True


@effect("discard", "count")
def _discard(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Choose cards from your hand and discard them."""
    me = controller(tx.state, fi)
    hand = tx.state.cards_in(zone_id(me, "hand"))
    count = min(int(step.get("count", 1)), len(hand))
    if count == 0:
        return True
    answer = procedure.take_answer(tx, fi)
    if answer is None:
        if len(hand) == count:
            picks = hand
        else:
            return procedure.ask(tx, fi, me, "discard", "pick", f"discard {count}", hand, count, count)
    else:
        picks = answer["picks"]
    for c in picks:
        relocate(tx, c, "drop", None)
    for c in picks:  # "when this card is discarded from hand" (VG 9.5: a discard puts a hand card into the drop)
        emit_event(tx, "discarded", card=c, player=me)
    return True


@effect("by_hand", text=str)
def _by_hand(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """An ability the rules cannot carry out: its controller does its text by hand, then answers Done."""
    me = controller(tx.state, fi)
    name = str(procedure.ctx(tx.state, fi).get("name", "an ability"))
    return by_hand.carry_out(tx, fi, me, name, str(step.get("text", "")), f"{me} carried out {name} by hand")


@effect("heal", "count")
def _heal(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Choose damage cards and put them into the drop zone."""
    me = controller(tx.state, fi)
    damage = tx.state.cards_in(zone_id(me, "damage"))
    count = min(int(step.get("count", 1)), len(damage))
    if count == 0:
        return True
    answer = procedure.take_answer(tx, fi)
    if answer is None:
        if len(damage) == count or len({tx.state.cards[c].card_id for c in damage}) == 1:
            picks = damage[:count]
        else:
            return procedure.ask(tx, fi, me, "heal", "pick", f"heal {count}", damage, count, count)
    else:
        picks = answer["picks"]
    for c in picks:
        relocate(tx, c, "drop", None)
    tx.log(f"{me} healed {count} damage")
    return True


@effect("damage_vanguard", "count")
def _damage_vanguard(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Deal damage to your own vanguard (Rescue, seed 《天使之羽》): damage checks without triggers."""
    me = controller(tx.state, fi)
    for _ in range(int(step.get("count", 1))):
        deck = tx.state.zones[zone_id(me, "deck")].cards
        if deck:
            tx.move(deck[0], zone_id(me, "damage"), None)
    return True


@effect("rescue", "count")
def _rescue(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Rescue X: heal X, then deal X damage to one of your vanguards (seed 《天使之羽》); "Rescue-" reads X from
    other cards (`count: {count: ZONE, ...}`, see abilities.keyword_number)."""
    x = keyword_number(tx.state, controller(tx.state, fi), step.get("count"), 1)
    procedure.insert_steps(tx, fi, [{"effect": "heal", "count": x}, {"effect": "damage_vanguard", "count": x}])
    return True


@effect("choose", "from", "filter", "count", "min", "as", "by")
def _choose(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Choose cards from a set and remember them as `as` (min defaults to count)."""
    me = controller(tx.state, fi)
    chooser = tx.state.opponent(me) if step.get("by") == "opponent" else me
    pool = [c for c in filtered(tx.state, fi, card_set(tx.state, fi, str(step["from"])), step.get("filter"))
            if not resists(tx.state, c, chooser)]
    count = int(step.get("count", 1))
    low = min(int(step.get("min", count)), len(pool))
    high = min(count, len(pool))
    answer = procedure.take_answer(tx, fi)
    if answer is None:
        if high == 0 or (low == high == len(pool)):
            picks = pool[:high]
        else:
            # choosing from your deck is a search: you look through the whole deck (issue 27)
            searched = zone_id(chooser, "deck") if step["from"] == "your_deck" and chooser == me else None
            return procedure.ask(tx, fi, chooser, "choose", "pick", f"choose {low}-{high} ({step['from']})", pool, low, high,
                                 searches=searched)
    else:
        picks = list(answer["picks"])
    set_variable(tx, fi, str(step.get("as", "chosen")), picks)
    return True


@effect("enter_state", "state", "until")
def _enter_state(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Put units into a named state (a unit already in it does not enter again, seed 一 1.2)."""
    for iid in targets(tx.state, fi, step):
        if is_unit(tx.state, iid):
            add_state(tx, iid, str(step["state"]), step.get("until"))
    return True


@effect("cannot_be_hit", "until")
def _cannot_be_hit(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Make units unhittable this battle (`until: turn` for longer); remembers which card granted it (seed
    《次元警察》 Daikaiser)."""
    src = source(tx.state, fi)
    until = durations.UNTIL_END_OF_TURN if step.get("until") == "turn" else durations.THIS_BATTLE
    for iid in targets(tx.state, fi, step):
        tx.list_append("cannot_be_hit", {"card": iid, "from": src, "duration": until,
                                         "from_seq": identity(tx.state, src) if src in tx.state.cards else 0})
    return True


@effect("negate_cannot_be_hit")
def _negate_cannot_be_hit(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Retire opposing guardians and negate only the "cannot be hit" each of them granted (seed 《次元警察》)."""
    for iid in targets(tx.state, fi, step):
        grants = tx.state.lists.get("cannot_be_hit", [])
        for index in range(len(grants) - 1, -1, -1):
            if grants[index]["from"] == iid:
                tx.list_remove("cannot_be_hit", index)
        retire(tx, iid, by_effect=True)
    return True


@effect("return_to_hand")
def _return_to_hand(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Return cards to their owner's hand, all at once; then "when returned to hand" abilities trigger (event
    `returned_to_hand`, naming the zone the card came from)."""
    returned = []
    for iid in targets(tx.state, fi, step):
        card = tx.state.cards[iid]
        returned.append(trigger_event("returned_to_hand", card=iid, player=card.owner, zone=card.zone))
        relocate(tx, iid, "hand", None)
    for event in returned:
        emit(tx, event)
    return True


@effect("to_soul")
def _to_soul(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Put cards into their owner's soul (seed Dominate 10). As a cost ("put this unit into your soul") it is
    paid only by a card going to the controller's own soul: a dominated unit goes to its owner's soul and the
    ability does not resolve (seed Dominate 17)."""
    me = controller(tx.state, fi)
    unpaid = False
    for iid in targets(tx.state, fi, step):
        owner = tx.state.cards[iid].owner
        put_into_soul(tx, iid, owner)
        unpaid = unpaid or owner != me
    if step.get("cost") and unpaid:
        tx.log("the cost was not paid: the unit went to its owner's soul", "seed 《射干玉》 支配 ruling 17")
        procedure.abort(tx, fi)
    return True


@effect("shuffle_into_deck")
def _shuffle_into_deck(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Put cards into their owners' decks, then shuffle; with a dominated unit both players shuffle (seed
    Dominate 20)."""
    me = controller(tx.state, fi)
    shufflers = {me}
    for iid in targets(tx.state, fi, step):
        shufflers.add(tx.state.cards[iid].owner)
        relocate(tx, iid, "deck", None)
    for player in sorted(shufflers):
        tx.shuffle(zone_id(player, "deck"))
    tx.log(f"{' and '.join(sorted(shufflers))} shuffle{'s' if len(shufflers) == 1 else ''} their deck",
           "seed 《射干玉》 支配 ruling 20" if len(shufflers) > 1 else "")
    return True


@effect("superior_ride", "from", "filter")
def _superior_ride(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Choose a card and ride it by an effect, whatever its grade (VG 5.4 superior ride)."""
    me = controller(tx.state, fi)
    answer = procedure.take_answer(tx, fi)
    pool = filtered(tx.state, fi, card_set(tx.state, fi, str(step.get("from", "your_hand"))), step.get("filter"))
    if not pool:
        return True
    if answer is None and len(pool) > 1:
        return procedure.ask(tx, fi, me, "choose", "pick", "choose a card to ride", pool, 1, 1)
    card = pool[0] if answer is None else answer["picks"][0]
    from tabletop.games.vanguard.rules import ride
    ride(tx, me, card)
    return True


@effect("to_deck_bottom")
def _to_deck_bottom(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Put cards on the bottom of their owner's deck."""
    for iid in targets(tx.state, fi, step):
        relocate(tx, iid, "deck", None)
    return True


@effect("to_drop")
def _to_drop(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Put cards into their owner's drop zone (not a retirement)."""
    for iid in targets(tx.state, fi, step):
        relocate(tx, iid, "drop", None)
    return True


@effect("bind", "face_down")
def _bind(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Put cards into their owner's bind zone."""
    for iid in targets(tx.state, fi, step):
        relocate(tx, iid, "bind", None, face_down=bool(step.get("face_down")))
    return True


@effect("bind_to_hand")
def _bind_to_hand(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Put cards from your bind zone into your hand (the Afterimage event, seed 《射干玉》)."""
    me = controller(tx.state, fi)
    moved = False
    for iid in targets(tx.state, fi, step):
        if tx.state.cards[iid].zone == zone_id(me, "bind"):
            relocate(tx, iid, "hand", None)
            moved = True
    if moved:
        emit_event(tx, "bind_to_hand", player=me)
    return True


@effect("lock")
def _lock(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Lock rear-guards: face down, no longer units; a locked G unit goes to the G zone (seed 《链环傀儡》)."""
    for iid in targets(tx.state, fi, step):
        if is_locked(tx.state, iid):
            continue
        unlink_harmony(tx, iid)
        if has_state(tx.state, iid, "dominated"):
            release(tx, iid)  # seed Dominate 11
        emit_event(tx, "locked", card=iid, zone=tx.state.cards[iid].zone)
        tx.set_field(iid, "face_down", True)
        tx.set_prop(iid, "locked", True)
        tx.set_prop(iid, "mods", None)
        tx.set_prop(iid, "states", None)
        if facts.kind(tx.state.definition(iid)) == "g_unit":
            relocate(tx, iid, "gzone", None)
    return True


# "Cannot unlock" rule changes in force: {controller, source, end_turns: {player: the turn of that player's next end
# phase when it was made}, and the specified cards: `cards` ([card, identity] pairs) or `set` (a card-set name read
# at the end phase)}.
NO_UNLOCK = "no_unlock"


def next_end_phase_turn(state: GameState, player: str) -> int:
    """Return the turn whose end phase is `player`'s next one (this turn's, while its end phase has not begun)."""
    if state.active == player:
        return state.turn if state.phase != "end" else state.turn + 2
    return state.turn + 1


@effect("cannot_unlock")
def _cannot_unlock(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """The specified locked cards cannot be unlocked in their controller's next end phase: a rule change, so it
    holds the specified cards locked before or after it is made, and two of them name the same end phase
    (seed 《链环傀儡》 二、不能解咒)."""
    state = tx.state
    spec = str(step.get("target", "self"))
    rule: dict[str, Any] = {"controller": controller(state, fi), "source": source(state, fi),
                            "end_turns": {p: next_end_phase_turn(state, p) for p in state.players}}
    if spec.startswith("$"):
        rule["cards"] = [[iid, identity(state, iid)] for iid in targets(state, fi, step)]
    else:
        rule["set"] = spec
    tx.list_append(NO_UNLOCK, rule)
    return True


def is_unlock_forbidden(state: GameState, iid: int) -> bool:
    """Tell whether a "cannot unlock" rule change holds a locked card in this end phase of its controller."""
    owner = state.cards[iid].controller
    for rule in state.lists.get(NO_UNLOCK, ()):
        if rule["end_turns"].get(owner) != state.turn:
            continue
        if "cards" in rule:
            if [iid, identity(state, iid)] in rule["cards"]:
                return True
        elif iid in cards_in_set(state, rule["controller"], rule["source"], rule["set"]):
            return True
    return False


def end_unlock_rules(tx: Transaction) -> None:
    """Forget the "cannot unlock" rule changes that have applied in every end phase they name (this one or before)."""
    rules = tx.state.lists.get(NO_UNLOCK, ())
    for index in range(len(rules) - 1, -1, -1):
        if max(rules[index]["end_turns"].values()) <= tx.state.turn:
            tx.list_remove(NO_UNLOCK, index)


def unlock(tx: Transaction, iid: int) -> None:
    """Unlock a locked card: face up, a new card (VG 7.7); a locked order goes to the drop zone."""
    tx.set_field(iid, "face_down", False)
    tx.set_prop(iid, "locked", None)
    new_identity(tx, iid)
    if facts.kind(tx.state.definition(iid)) == "order":
        relocate(tx, iid, "drop", None)


@effect("unlock")
def _unlock(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Unlock locked cards."""
    for iid in targets(tx.state, fi, step):
        if is_locked(tx.state, iid):
            unlock(tx, iid)
    return True


@effect("delete", "until")
def _delete(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Delete units: face down, still units, no printed abilities and no original power (VG 9.8).

    With `until: turn` the unit turns face up again when "this turn" effects end.
    """
    for iid in targets(tx.state, fi, step):
        if has_state(tx.state, iid, "dominated"):
            release(tx, iid)
        tx.set_field(iid, "face_down", True)
        tx.set_prop(iid, "deleted", step.get("until") or True)
    return True


@effect("declare", "what", "as")
def _declare(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Declare a grade (0-4) and remember it as `as` (seed 一 clan action 宣言)."""
    answer = procedure.take_answer(tx, fi)
    if answer is None:
        return procedure.ask(tx, fi, controller(tx.state, fi), "declare", "number", "declare a grade (0-4)", low=0, high=4)
    set_variable(tx, fi, str(step.get("as", "declared")), int(answer["number"]))
    tx.log(f"{controller(tx.state, fi)} declares grade {answer['number']}", "seed 一 宣言")
    return True


@effect("forbid_guard", "player", "grade", "until")
def _forbid_guard(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """A player (`player: opponent | you`) cannot call cards of a grade to GC (a "cannot" beats any "can")."""
    me = controller(tx.state, fi)
    who = tx.state.opponent(me) if step.get("player", "opponent") == "opponent" else me
    grade = step.get("grade")
    if isinstance(grade, str) and grade.startswith("$"):
        grade = variables(tx.state, fi).get(grade[1:])
    if grade is None:
        return True
    until = durations.THIS_BATTLE if step.get("until") == "battle" else durations.UNTIL_END_OF_TURN
    tx.list_append("restrictions", {"player": who, "action": "guard", "grade": int(grade), "duration": until,
                                    "why": _why(tx.state, fi)})
    return True


@effect("timed", "at", "do", "of")
def _timed(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Create a timed triggered effect: `at: end_of_turn | end_of_battle`, `do: [steps]`.

    It triggers at that moment and resolves without checking the keyword condition again (seed 一 1.3);
    the remembered cards (`$vars`) keep their identity numbers, so cards that changed zones are not found.
    With `of: CARD`, "at the end of your turn" given to a unit: the end of the turn of whoever controls that
    unit then; whoever made it resolves it (seed Dominate 7).
    """
    ctx = procedure.ctx(tx.state, fi)
    remembered = {name: [[c, identity(tx.state, c)] for c in (v if isinstance(v, list) else [v]) if c in tx.state.cards]
                  for name, v in ctx.get("vars", {}).items()}
    src = ctx.get("source")
    if src is not None and src in tx.state.cards:
        remembered["self"] = [[src, identity(tx.state, src)]]
    of = card_set(tx.state, fi, str(step["of"]))[:1] if step.get("of") else []
    tx.list_append("timed", {"at": step.get("at", "end_of_turn"), "player": ctx["controller"], "source": src,
                             "do": step["do"], "remembered": remembered, "turn": tx.state.turn,
                             "name": ctx.get("name", "timed effect"),
                             "of": [of[0], identity(tx.state, of[0])] if of else None})
    return True


@effect("call", "from", "filter", "count", "min", "as", "rested", "open")
def _call(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Call cards (superior call) from a zone to your rear-guard circles, remembering them as `as`; with `open`
    only to open circles ("call this card to an open (RC)": no unit there is retired, VG 5.4)."""
    me = controller(tx.state, fi)
    answer = procedure.take_answer(tx, fi)
    ctx = procedure.ctx(tx.state, fi)
    if answer is None and "calling" not in ctx:
        pool = filtered(tx.state, fi, card_set(tx.state, fi, str(step["from"])), step.get("filter"))
        count = int(step.get("count", 1))
        low, high = min(int(step.get("min", count)), len(pool)), min(count, len(pool))
        if high == 0:
            set_variable(tx, fi, str(step.get("as", "called")), [])
            return True
        if low == high == len(pool):
            procedure.set_var(tx, fi, "calling", pool[:high])
        else:
            return procedure.ask(tx, fi, me, "choose", "pick", f"choose cards to call from {step['from']}", pool, low, high)
    elif answer is not None and "calling" not in ctx:
        procedure.set_var(tx, fi, "calling", list(answer["picks"]))
        answer = None
    calling = list(procedure.ctx(tx.state, fi)["calling"])
    done = list(procedure.ctx(tx.state, fi).get("called", []))
    remaining = [c for c in calling if c not in done]
    if not remaining:
        procedure.set_var(tx, fi, "calling", None)
        procedure.set_var(tx, fi, "called", None)
        set_variable(tx, fi, str(step.get("as", "called")), done)
        return True
    card = remaining[0]
    taken = {tx.state.cards[c].zone for c in done}   # cards called together go to different circles
    circles = [c for c in _circles_to_call_to(tx.state, me) if c not in taken
               and not (step.get("open") and tx.state.zones[c].cards)]
    if not circles:  # every circle holds a unit no call may replace: the card stays where it is (VG 1.7)
        procedure.set_var(tx, fi, "calling", [c for c in calling if c != card])
        return False
    if answer is None and len(circles) > 1:
        return procedure.ask(tx, fi, me, "circle", "pick", f"choose a circle for {tx.state.definition(card).name}",
                          [circle_name(c)[3:] for c in circles], 1, 1, labels=_circle_labels(tx.state, circles),
                          zones=circles)
    target = circles[0] if answer is None else zone_id(me, "rc." + str(answer["picks"][0]))
    occupant = tx.state.zones[target].cards
    if occupant:
        retire(tx, occupant[0], by_effect=False)
    place_on_circle(tx, card, target, "call", me, rested=bool(step.get("rested")))
    procedure.set_var(tx, fi, "called", done + [card])
    return False if procedure.ctx(tx.state, fi).get("calling") else True


def _circle_labels(state: GameState, circles: list[str]) -> list[str]:
    """Name circles for a player choosing where to call: the circle, and the unit the call would retire there."""
    labels = []
    for circle in circles:
        label = state.zones[circle].spec.label or circle_name(circle)
        cards = state.zones[circle].cards
        labels.append(f"{label} (retires {state.definition(cards[0]).name})" if cards else f"{label} (open)")
    return labels


def _circles_to_call_to(state: GameState, player: str) -> list[str]:
    """Return the rear-guard circles an effect's call may use: open ones and those whose unit it may retire (VG 5.4)."""
    return [zone_id(player, n) for n in REAR_CIRCLES if not is_closed_to_calls(state, zone_id(player, n))]


@effect("gain_ability", "ability", "until")
def _gain_ability(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Give units an ability (a mapping of this vocabulary) until the end of the turn."""
    for iid in targets(tx.state, fi, step):
        gained = list(tx.state.cards[iid].props.get("gained", ()))
        gained.append({"ability": step["ability"], "until": step.get("until", "turn")})
        tx.set_prop(iid, "gained", gained)
    tx.set_data("abilities_gained", True)  # from now on state triggers are looked for on every card
    return True


@effect("gain_keyword", "keyword", "until")
def _gain_keyword(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Give units a keyword (Fidus gains Brave by its ACT, seed 一)."""
    for iid in targets(tx.state, fi, step):
        names = sorted(set(tx.state.cards[iid].props.get("gained_keywords", ())) | {str(step["keyword"])})
        tx.set_prop(iid, "gained_keywords", names)
    return True


@effect("gain_abilities_of", "card", "filter")
def _gain_abilities_of(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Gain every printed ability of other cards until they are lost (seed 《黑暗不法者》 Gastille); in a CONT
    the gain holds while the CONT does (abilities.py `_gained_by_cont`)."""
    sources = filtered(tx.state, fi, card_set(tx.state, fi, str(step["card"])), step.get("filter"))
    for iid in targets(tx.state, fi, step):
        copied = list(tx.state.cards[iid].props.get("copied", ()))
        copied += [tx.state.cards[s].card_id for s in sources]
        tx.set_prop(iid, "copied", copied)
    tx.set_data("abilities_gained", True)
    return True


@effect("revelation")
def _revelation(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Revelation: look at the top card; keep it or put it into the soul, then rest a standing rear-guard (seed 《创世》)."""
    me = controller(tx.state, fi)
    deck = tx.state.zones[zone_id(me, "deck")].cards
    if not deck:
        return True
    answer = procedure.take_answer(tx, fi)
    if answer is None:
        tx.reveal(deck[0], me)
        return procedure.ask(tx, fi, me, "revelation", "yesno", "put the top card of your deck into your soul?")
    if answer.get("yes"):
        put_into_soul(tx, deck[0], me)
        procedure.insert_steps(tx, fi, [
            {"effect": "choose", "from": "your_rear_guards", "filter": {"standing": True}, "count": 1, "as": "rested"},
            {"effect": "rest", "target": "$rested"}])
    return True


@effect("harmonize")
def _harmonize(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Link this unit and the newly placed unit in Harmony (seed 《百慕大三角》), if both still qualify."""
    state = tx.state
    me_card = source(state, fi)
    other = procedure.ctx(state, fi).get("event", {}).get("card")
    me = controller(state, fi)
    seq = procedure.ctx(state, fi).get("event_seq")
    if me_card is None or other is None or other not in state.cards:
        return True
    if not (is_unit(state, me_card) and is_unit(state, other)) or seq is not None and identity(state, other) != seq:
        return True
    if state.cards[me_card].controller != me or state.cards[other].controller != me:
        return True
    if procedure.ctx(state, fi).get("source_seq") not in (None, identity(state, me_card)):
        return True
    for a, b in ((me_card, other), (other, me_card)):
        links = list(state.cards[a].props.get("links", ()))
        if b not in links:
            tx.set_prop(a, "links", links + [b])
        if not has_state(state, a, "harmony"):
            add_state(tx, a, "harmony", "turn")
    return True


@effect("time_leap")
def _time_leap(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Time Leap (seed 《齿轮编年史》): bind the rear-guard, search the deck for up to 1 card of grade +1 and call it
    to that circle, shuffle; at the end of the turn put that card on the deck bottom and, if done, call the bound
    card back.

    Seed: "从自己的牌堆中探寻至多1张等级比被封锁的卡的等级高1级的卡" - the controller picks which card, or none.
    "选择你的指定数量的后防者，时翔": several chosen rear-guards leap one after the other, in the order chosen,
    each with its own search, shuffle and end-of-turn return (DECISIONS.md).
    """
    me = controller(tx.state, fi)
    answer = procedure.take_answer(tx, fi)
    if answer is None:
        chosen = targets(tx.state, fi, step)
        if not chosen:
            return True
        if len(chosen) > 1:
            for number, card in enumerate(chosen):
                set_variable(tx, fi, f"leap_{number}", [card])
            procedure.insert_steps(tx, fi, [{"effect": "time_leap", "target": f"$leap_{number}"}
                                         for number in range(len(chosen))])
            return True
        bound = chosen[0]
        grade = facts.grade(tx.state.definition(bound))
        procedure.set_var(tx, fi, "leap_circle", tx.state.cards[bound].zone)
        relocate(tx, bound, "bind", None)
        set_variable(tx, fi, "bound", [bound])
        pool = [c for c in tx.state.cards_in(zone_id(me, "deck")) if facts.grade(tx.state.definition(c)) == grade + 1
                and facts.is_unit_card(tx.state.definition(c))]
        if pool:
            return procedure.ask(tx, fi, me, "time_leap", "pick", f"search your deck for up to 1 grade {grade + 1} "
                              "card to call (Time Leap)", pool, 0, 1, rule=TIME_LEAP, searches=zone_id(me, "deck"))
        picks: list[int] = []
    else:
        picks = list(answer["picks"])
    circle = str(procedure.ctx(tx.state, fi)["leap_circle"])
    procedure.set_var(tx, fi, "leap_circle", None)
    called = picks[0] if picks else None
    if called is not None:
        place_on_circle(tx, called, circle, "call", me)
    tx.shuffle(zone_id(me, "deck"))
    if called is not None:
        set_variable(tx, fi, "leapt", [called])
        procedure.insert_steps(tx, fi, [{"effect": "timed", "at": "end_of_turn", "do": [
            {"effect": "to_deck_bottom", "target": "$leapt"},
            {"effect": "call_bound_back", "target": "$bound", "circle": circle, "if": {"chosen": "leapt"}}]}])
    return True


TIME_LEAP = "seed 《齿轮编年史》 时翔"


@effect("call_bound_back", "circle")
def _call_bound_back(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Call the card a Time Leap bound back to its owner's RC (only if it is still that card).

    Onto the circle it left (`circle`) when that is open; else, as any call, onto the rear-guard circle the owner
    picks (a unit there retires).
    """
    answer = procedure.take_answer(tx, fi)
    for iid in targets(tx.state, fi, step):
        if not tx.state.cards[iid].zone.endswith(".bind"):
            continue   # already called back (before a pick) or no longer that card
        owner = tx.state.cards[iid].owner
        circles = _circles_to_call_to(tx.state, owner)
        if step.get("circle") in circles and not tx.state.zones[str(step["circle"])].cards:
            circles = [str(step["circle"])]
        if not circles:
            continue
        if answer is None and len(circles) > 1:
            # seed 《齿轮编年史》: "CALL到持有者的R上" - which R is the owner's call, as for any call
            return procedure.ask(tx, fi, owner, "circle", "pick",
                              f"choose a circle to call {tx.state.definition(iid).name} back to (Time Leap)",
                              [circle_name(c)[3:] for c in circles], 1, 1, rule=TIME_LEAP,
                              labels=_circle_labels(tx.state, circles), zones=circles)
        circle = circles[0] if answer is None else zone_id(owner, "rc." + str(answer["picks"][0]))
        answer = None
        if tx.state.zones[circle].cards:
            retire(tx, tx.state.zones[circle].cards[0], by_effect=False)
        place_on_circle(tx, iid, circle, "call", owner)
    return True


@effect("magia", "count", "filter")
def _magia(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Magia (seed 《黯月》): call cards from your soul; at the end of the turn they go back to the soul."""
    procedure.insert_steps(tx, fi, [
        {"effect": "call", "from": "your_soul", "filter": step.get("filter"), "count": step.get("count", 1), "as": "magia"},
        {"effect": "timed", "at": "end_of_turn", "do": [{"effect": "to_soul", "target": "$magia"}]}])
    return True


@effect("if", "cond", "then", "else")
def _if(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Run `then` steps when `cond` holds, else `else` steps."""
    ctx = procedure.ctx(tx.state, fi)
    holds = condition_holds(tx.state, step.get("cond"), ctx.get("source"), str(ctx["controller"]), ctx.get("vars", {}))
    procedure.insert_steps(tx, fi, list(step.get("then" if holds else "else", ())))
    return True


@effect("dominate_attack", "target", "follow")
def _dominate_attack(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Dominate form A (seed 《射干玉》 ①–⑤): dominate the units, then attack with each one able to, then release."""
    me = controller(tx.state, fi)
    units = [u for u in targets(tx.state, fi, step, "opponent_rear_guards") if tx.state.cards[u].owner != me]
    for u in units:
        dominate(tx, u, me)
    set_variable(tx, fi, "dominated", [u for u in units if has_state(tx.state, u, "dominated")])
    procedure.insert_steps(tx, fi, list(step.get("follow", ())) + [{"effect": "_dominate_loop"}])
    return True


@effect("dominate_guard")
def _dominate_guard(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Dominate form B: dominate the units and move them to their owner's GC guarding for you (seed ①②)."""
    me = controller(tx.state, fi)
    for u in [u for u in targets(tx.state, fi, step, "opponent_rear_guards") if tx.state.cards[u].owner != me]:
        dominate(tx, u, me)
        unlink_harmony(tx, u)
        tx.move(u, zone_id(tx.state.cards[u].owner, "gc"), None)
    return True


def dominate(tx: Transaction, iid: int, player: str) -> None:
    """Put a unit into the dominated state under `player` (seed Dominate 1; Legion mates too, ruling 21)."""
    if has_state(tx.state, iid, "dominated") or is_locked(tx.state, iid):
        return
    controller_changed(tx, iid, player)
    add_state(tx, iid, "dominated")
    mate = legion_mate(tx.state, iid)
    if mate is not None:
        dominate(tx, mate, player)


def release(tx: Transaction, iid: int) -> None:
    """Release a dominated unit: its owner controls it again (seed Dominate 5/11)."""
    remove_state(tx, iid, "dominated")
    controller_changed(tx, iid, tx.state.cards[iid].owner)


@effect("lose")
def _lose(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """The controller loses the game during resolution (VG 1.6)."""
    me = controller(tx.state, fi)
    tx.set_data("outcome", {"winner": tx.state.opponent(me), "reason": f"{me} lost by a card effect"})
    return True


@effect("shuffle")
def _shuffle(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Shuffle your deck."""
    tx.shuffle(zone_id(controller(tx.state, fi), "deck"))
    return True


@effect("seek_mate", mate=str)
def _seek_mate(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Seek Mate (DECISIONS.md, Legion): return four cards from your drop zone to your deck, search it for the named
    mate and put it beside your vanguard (they form a Legion), then shuffle."""
    procedure.insert_steps(tx, fi, [
        {"effect": "choose", "from": "your_drop", "count": 4, "as": "returned"},
        {"effect": "to_deck_bottom", "target": "$returned"},
        {"effect": "choose", "from": "your_deck", "filter": {"name": step["mate"]}, "count": 1, "min": 1, "as": "mate"},
        {"effect": "legion", "target": "$mate"}, {"effect": "shuffle"}])
    return True


@effect("legion")
def _legion(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Put the mate beside the vanguard that sought it, on its vanguard circle: the two are a Legion (both name each
    other) and the mate is placed (Harmony links it, seed 《百慕大三角》 和声). The vanguard has formed its Legion."""
    state = tx.state
    me, leader = controller(state, fi), source(state, fi)
    vc = zone_id(me, "vc")
    if leader is None or state.cards[leader].zone != vc:
        return True
    tx.set_prop(leader, "legion_done", True)
    found = targets(state, fi, step)
    if not found:
        tx.log(f"{me} found no Legion mate in the deck", "Legion")
        return True
    mate = found[0]
    place_on_circle(tx, mate, vc, "legion", me, index=1)
    tx.set_prop(leader, "legion", mate)
    tx.set_prop(mate, "legion", leader)
    tx.log(f"Legion: {state.definition(leader).name} and {state.definition(mate).name}", "Legion")
    return True


@effect("search", "filter", "count", "to")
def _search(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Search your deck for cards passing a filter, put them into your hand, then shuffle."""
    me = controller(tx.state, fi)
    procedure.insert_steps(tx, fi, [
        {"effect": "choose", "from": "your_deck", "filter": step.get("filter"), "count": step.get("count", 1), "min": 0,
         "as": "found"},
        {"effect": "return_to_hand", "target": "$found"}, {"effect": "shuffle"}])
    del me
    return True


@effect("homare_paid")
def _homare_paid(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Record that a Homare cost was paid this turn (seed 《刀剑乱舞》 誉)."""
    turn_info(tx, controller(tx.state, fi), "homare_paid", True)
    return True


@effect("trigger_reversal", "effect_steps")
def _trigger_reversal(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Replace every part of the opponent's trigger effects this turn, the V-series power included (seed 《链环傀儡》 四)."""
    tx.set_data("trigger_reversal", {"player": tx.state.opponent(controller(tx.state, fi)),
                                     "steps": step.get("effect_steps", []), "by": controller(tx.state, fi)})
    return True


# Keys an ability mapping may have (`keyword_ability`, `name` label keyword-made and named abilities).
ABILITY_KEYS = ("kind", "when", "zone", "keyword", "keyword_ability", "x", "cost", "optional", "once_per_turn",
                "trigger_if", "if", "do", "filter", "circle", "name")
# Filter keys of an ability's trigger (`filter:` next to `when:`) and of a step's card choice.
TRIGGER_FILTERS = ("by_effect", "by_your_effect", "state", "boosted_race", "booster_race", "rider_grade",
                   "rider_same_clan", "same_column", "same_name", "name", "rider_name", "from", "grade", "trigger_unit")
SET_PARAMS = ("target", "from", "per", "card", "of", "except")  # `of`: timed's and put_rest's card set
# Effects that only a CONT ability says, read where they apply, never run as a step, with their parameters:
# `become_vanguard`: your units on your RCs passing `filter` are also vanguards (rear_vanguard.py).
# `stellar_circle`: your back-row centre circle is a Stellar circle (abilities.is_stellar_circle).
# `resist`: the unit cannot be chosen by the opponent's card effects (`resists`, read by `choose`).
CONT_EFFECTS: dict[str, tuple[str, ...]] = {BECOME_VANGUARD: ("filter",), STELLAR_CIRCLE: (), RESIST: ()}
ZONE_TAGS = ("V", "R", "VR", "GC", "ANY", "HAND", "DROP", "SOUL", "BIND", "GZONE", "DAMAGE")


def validate_effects(mapping: Mapping[str, Any]) -> list[str]:
    """Check a card mapping's `keywords` and `effects` against this vocabulary; return one line per problem."""
    problems: list[str] = []
    card_id = mapping.get("id", "?")
    keywords = mapping.get("keywords") or {}
    names = list(keywords) if isinstance(keywords, Mapping) else [k if isinstance(k, str) else next(iter(k)) for k in keywords]
    known = set(CONDITION_KEYWORDS) | set(PREFIX_KEYWORDS) | set(PROPER_KEYWORDS) | set(CLAN_ACTIONS) | {
        "boost", "intercept", "twin_drive", "triple_drive", "sentinel", "persona_ride", "gift", "trigger",
        "forerunner", "legion", "stride", "g_guardian"}
    for name in names:
        if str(name).lower().replace(" ", "_") not in known:
            problems.append(f"{card_id}: unknown keyword {name!r}")
        elif isinstance(keywords, Mapping):
            problems += _number_problems(f"{card_id}: keywords.{name}", keywords[name])
    return problems + [f"{card_id}: {problem}" for problem in ability_problems(mapping.get("effects"))]


def ability_problems(effects: Any) -> list[str]:
    """Check a card's `effects` (its abilities) against this vocabulary; return one line per problem."""
    if effects is None:
        return []
    if not isinstance(effects, list):
        return ["'effects' must be a list"]
    return [problem for index, ability in enumerate(effects) for problem in _check_ability(f"effects[{index}]", ability)]


def _check_ability(where: str, ability: Any) -> list[str]:
    if not isinstance(ability, Mapping):
        return [f"{where}: an ability must be a mapping"]
    problems = [f"{where}: abilities have no field {key!r}" for key in ability if key not in ABILITY_KEYS]
    kind = ability.get("kind")
    if kind not in ("auto", "act", "cont"):
        problems.append(f"{where}: kind must be auto, act or cont, not {kind!r}")
    if kind == "auto" and not ability.get("when"):
        problems.append(f"{where}: an auto ability needs 'when'")
    elif kind == "auto" and ability["when"] not in EVENTS:
        problems.append(f"{where}: unknown event {ability['when']!r} for 'when'")
    if ability.get("keyword") and ability["keyword"] not in CONDITION_KEYWORDS + PREFIX_KEYWORDS:
        problems.append(f"{where}: unknown ability keyword {ability['keyword']!r}")
    if "zone" in ability and str(ability["zone"]).upper() not in ZONE_TAGS:
        problems.append(f"{where}: unknown zone tag {ability['zone']!r}")
    problems += _check_keys(f"{where}.filter", ability.get("filter"), TRIGGER_FILTERS, "filter")
    problems += _number_problems(f"{where}.x", ability.get("x"))
    for part in ("trigger_if", "if"):
        problems += _check_keys(f"{where}.{part}", ability.get(part), CONDITIONS, "condition")
    for part in ("cost", "do"):
        problems += _check_steps(f"{where}.{part}", ability.get(part) or [], cont=kind == "cont" and part == "do")
    return problems


def _number_problems(where: str, value: Any) -> list[str]:
    """Check a keyword number read from other cards (`{count: ZONE, player, grade}`); a plain number passes."""
    if not isinstance(value, Mapping):
        return []
    problems = _check_keys(where, value, COUNT_KEYS, "number key")
    if value.get("count") not in COUNTED_ZONES:
        problems.append(f"{where}: 'count' names a zone: {', '.join(COUNTED_ZONES)}")
    if value.get("player", "you") not in ("you", "opponent"):
        problems.append(f"{where}: 'player' is you or opponent")
    return problems


def _check_keys(where: str, value: Any, allowed: tuple[str, ...], what: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, Mapping):
        return [f"{where}: a {what} is a mapping"]
    return [f"{where}: unknown {what} {key!r}" for key in value if key not in allowed]


def _check_steps(where: str, steps: Any, cont: bool = False) -> list[str]:
    if not isinstance(steps, list):
        return [f"{where}: must be a list of steps"]
    problems = []
    for i, step in enumerate(steps):
        here = f"{where}[{i}]"
        if not isinstance(step, Mapping) or "effect" not in step:
            problems.append(f"{here}: a step is a mapping with 'effect'")
            continue
        name = step["effect"]
        if name in CONT_EFFECTS:
            if not cont:
                problems.append(f"{here}: effect {name!r} is continuous: it goes only in a cont ability's do")
            problems += [f"{here}: effect {name!r} has no parameter {key!r}" for key in step
                         if key not in CONT_EFFECTS[name] + ("effect",)]
            if step.get("filter") is not None:
                problems += FILTER.unknown_keys(f"{here}.filter", step["filter"])
            continue
        if name == "rescue":
            problems += _number_problems(f"{here}.count", step.get("count"))
        wrong = VOCABULARY.check_step(here, step)
        if wrong:
            problems += wrong
            continue
        allowed = set(VOCABULARY.params(name)) | {"effect", "target", "if"}
        for key in SET_PARAMS:
            value = step.get(key)
            if key in allowed and value is not None and not (isinstance(value, str) and (value.startswith("$") or value in SETS)):
                problems.append(f"{here}: {key} {value!r} names no card set")
        if step.get("filter") is not None:
            problems += FILTER.unknown_keys(f"{here}.filter", step["filter"])
        for part in ("if", "cond"):
            problems += _check_keys(f"{here}.{part}", step.get(part), CONDITIONS, "condition")
        if isinstance(step.get("cost"), list):  # `pay`: a cost met during resolution
            problems += _check_steps(f"{here}.cost", step["cost"])
        for nested in ("do", "then", "else", "follow", "effect_steps"):
            if nested in step:
                problems += _check_steps(f"{here}.{nested}", step[nested])
        if "ability" in step:
            problems += _check_ability(f"{here}.ability", step["ability"])
    return problems


def run_step(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Run one step of frame `fi`; a step whose `if:` fails is skipped."""
    if "if" in step:
        ctx = procedure.ctx(tx.state, fi)
        if not condition_holds(tx.state, step["if"], ctx.get("source"), str(ctx["controller"]), ctx.get("vars", {}),
                               ctx.get("event")):
            return True
    handler = VOCABULARY.handlers.get(step["effect"])  # a word: a string (checked when the card was loaded)
    if handler is None:
        raise KeyError(f"unknown effect {step['effect']!r}")
    return handler(tx, fi, step)


def schedule_pending(tx: Transaction, player: str, source: int | None, steps: list[dict[str, Any]], name: str,
                     remembered: dict[str, Any] | None = None) -> None:
    """Put a timed effect into the stand-by state."""
    add_pending(tx, player, source, {"kind": "timed", "do": steps, "name": name, "remembered": remembered or {}},
                trigger_event("timed"), timed=True)


__all__ = ["VOCABULARY", "validate_effects", "run_step", "draw_cards", "dominate", "release", "unlock",
           "is_unlock_forbidden", "end_unlock_rules",
           "schedule_pending", "turn_fact", "column_for", "is_front_row", "remove_state", "add_state"]
