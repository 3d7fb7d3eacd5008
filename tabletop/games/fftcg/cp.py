"""Paying CP: checking a payment a player chose, and finding an obvious one to offer.

FFTCG 5.2.1.3 / 11.2.1.1 / 11.4.6.1: discarding a card from hand makes 2 CP of its element,
dulling an active Backup you control makes 1 CP of its element; Light and Dark cards cannot be
discarded for CP; a Character's cost needs at least 1 CP of its element unless it is Light or
Dark; no surplus CP except up to 1 per element needed, and only when discarding.

Decision (the seed's §5.2.1.3.1 "at most 1 surplus, only when discarding" and §11.2.1.1 "at most 1
surplus per element"): a payment is legal when it covers the cost and no single discard or Backup
could be left out with the cost still covered. This allows exactly the surpluses both sentences
allow (two Fire discards for a cost of 3; a Fire and a Water discard for 《火》《水》) and refuses every
other (three discards for 3; a discard plus an unneeded Backup).
"""
from __future__ import annotations

import itertools

from collections.abc import Collection, Mapping, Sequence
from typing import Any, NamedTuple

from tabletop.engine.errors import IllegalCommand
from tabletop.engine.state import GameState
from tabletop.games.fftcg.cards import ELEMENTS
from tabletop.games.fftcg.continuous import (
    active_field_abilities, condition_holds, field_cards, field_effect, field_has, matches,
)
from tabletop.games.fftcg.printed import PrintedFacts, printed_index


class Cost(NamedTuple):
    """A CP cost: the amount, and how many of its CP (`element_amount`) must be of `elements` (empty: any); or,
    for an ability cost of several elements, `needs`: each element with the CP of it the cost needs at least."""

    amount: int
    elements: tuple[str, ...] = ()
    element_amount: int = 1
    needs: tuple[tuple[str, int], ...] = ()


# The largest X offered for a cost with X: more CP than a hand and a field of Backups make.
X_LIMIT = 30


def ability_cost(cost: Mapping[str, Any], x: int = 0) -> Cost:
    """Return the CP cost of an action or special ability: `cp` (plus X when it says `x`, FFTCG 4.5), of which
    `element_cp` (default all) of `element`, or of which each element of `elements` ({fire: 1, water: 1}) that
    many (FFTCG 11.6.2.1)."""
    amount = int(cost.get("cp", 0)) + (x if cost.get("x") else 0)
    if cost.get("elements"):
        return Cost(amount, needs=tuple(sorted((str(e), int(n)) for e, n in cost["elements"].items())))
    if not cost.get("element"):
        return Cost(amount)
    return Cost(amount, (str(cost["element"]),), int(cost.get("element_cp", amount)))


_new_tuple = tuple.__new__


class Source(NamedTuple):
    """One way of making CP: a discard (2 CP) or a dulled Backup (1 CP), with its elements."""

    iid: int
    value: int
    elements: tuple[str, ...]


def character_cost(state: GameState, iid: int, amount: int, facts: PrintedFacts | None = None) -> Cost:
    """Return the cost of playing a card from hand (FFTCG 11.4.6.1): Light/Dark need no element, nor a card whose
    text lets its cost be paid with CP of any Element while that text's condition holds (`facts`: its printed facts,
    when the caller has them)."""
    index = printed_index(state)
    facts = facts if facts is not None else index[state.cards[iid].card_id]
    if not index.library_has(_ANY_ELEMENT_COST.facet):  # most libraries: no card's cost may be paid with any Element
        return play_cost(facts, amount)
    if facts.own_any_element_cost and any(condition_holds(state, a.get("condition"), state.cards[iid].owner,
                                                          a.get("damage"), iid) for a in facts.own_any_element_cost):
        return Cost(amount)
    if field_has(state, _ANY_ELEMENT_COST) and any(
            a["effect"] == "any_element_cost" and a["applies_to"] != "self" and a["controller"] == state.cards[iid].owner
            and matches(state, iid, {**a["applies_to"], "zone": "hand"}, a["controller"], a["source"])
            for a in active_field_abilities(state)):  # "The cost required to cast your Job X can be paid with CP of any …"
        return Cost(amount)
    return play_cost(facts, amount)


_ANY_ELEMENT_COST = field_effect("any_element_cost")
_ANY_ELEMENT_CP = field_effect("any_element_cp")


def play_cost(facts: PrintedFacts, amount: int) -> Cost:
    """Return the cost of playing a card with these printed facts from hand (see `character_cost`)."""
    # Cost(amount) and Cost(amount, facts.elements) made by tuple.__new__: asked for every card of a hand
    return _new_tuple(Cost, (amount, () if facts.light_or_dark else facts.elements, 1, ()))


ELEMENT_NAMES = {"fire": "Fire", "ice": "Ice", "wind": "Wind", "earth": "Earth", "lightning": "Lightning",
                 "water": "Water", "light": "Light", "dark": "Dark"}


def check_payment(state: GameState, player: str, cost: Cost, discards: Sequence[int], backups: Sequence[int],
                  exclude: Collection[int] = ()) -> list[Source]:
    """Return the CP sources of a payment, one per discard then Backup (what `elements_paid` and `paid_sources` read);
    refuse one that does not follow the CP rules. `exclude` are cards that cannot pay (the card played)."""
    sources = payment_sources(state, player, discards, backups, exclude)
    made = sum(s.value for s in sources)
    if made < cost.amount:
        raise IllegalCommand("FFTCG 11.4.7", f"the payment makes {made} CP but the cost is {cost.amount} "
                                             "(the whole cost is paid at once)")
    if cost.needs:
        _check_several_elements(state, cost, sources, made)
        return sources
    wanted = set(cost.elements)
    need = min(cost.element_amount, cost.amount) if wanted else 0
    of_element = sum(s.value for s in sources if not wanted.isdisjoint(s.elements))
    if of_element < need:  # FFTCG 11.4.6.1, digest 11.4
        names = " or ".join(ELEMENT_NAMES[e] for e in cost.elements)
        raise IllegalCommand("FFTCG 11.4.6.1", f"at least {cost.element_amount} CP of the cost must be {names} CP")
    for source in sources:  # could this source be left out with the cost still covered?
        element_part = source.value if not wanted.isdisjoint(source.elements) else 0
        if made - source.value >= cost.amount and of_element - element_part >= need:
            what = "discarding" if source.value == 2 else "dulling"
            raise IllegalCommand("FFTCG 5.2.1.3.1", f"{what} {state.definition(source.iid).name} makes CP the "
                                 "cost does not need (only 1 surplus CP is allowed, and only from a discard)")
    return sources


def _check_several_elements(state: GameState, cost: Cost, sources: list[Source], made: int) -> None:
    """Refuse a payment of a cost of several elements that lacks one of them, or makes CP it does not need: each
    element may be overpaid by 1 CP, only by a discard (FFTCG 11.6.2.1)."""
    if not meets_needs(sources, cost.needs):
        names = " and ".join(f"{n} {ELEMENT_NAMES[e]}" for e, n in cost.needs)
        raise IllegalCommand("FFTCG 11.6.2.1", f"the cost needs at least {names} CP")
    for source in sources:
        if made - source.value >= cost.amount and meets_needs([s for s in sources if s is not source], cost.needs):
            what = "discarding" if source.value == 2 else "dulling"
            raise IllegalCommand("FFTCG 11.6.2.1", f"{what} {state.definition(source.iid).name} makes CP the cost "
                                 "does not need (at most 1 surplus CP per element, and only from a discard)")


def meets_needs(sources: Sequence[Source], needs: Sequence[tuple[str, int]]) -> bool:
    """Tell whether the sources make at least the CP of each element `needs` names; a source of several elements
    makes its CP of one of them (tried each way)."""
    relevant = [s for s in sources if any(e == need for e in s.elements for need, _ in needs)]

    def covers(index: int, missing: dict[str, int]) -> bool:
        if all(value <= 0 for value in missing.values()):
            return True
        if index == len(relevant):
            return False
        source = relevant[index]
        for element in source.elements:
            if missing.get(element, 0) > 0 and covers(index + 1, {**missing, element: missing[element] - source.value}):
                return True
        return covers(index + 1, missing)

    return covers(0, dict(needs))


def payment_sources(state: GameState, player: str, discards: Sequence[int], backups: Sequence[int],
                    exclude: Collection[int]) -> list[Source]:
    """Return the CP sources of a payment, one per discard then Backup, refusing a card that cannot pay (the checks of
    each card alone: `check_payment` checks the whole payment too; a listed play's payment passes them all)."""
    seen: set[int] = set()
    sources = []
    index = printed_index(state)
    widened: Mapping[int, tuple[str, ...]] | None = None  # `widened_backups`, asked for the first Backup
    hand = f"{player}.hand"
    for iid in discards:
        if iid in seen or iid in exclude:
            raise IllegalCommand("FFTCG 11.2.1.1", "each card can pay only once, and not for itself")
        seen.add(iid)
        card = state.cards.get(iid)
        if card is None or card.zone != hand:
            raise IllegalCommand("FFTCG 11.2.1.1", "only cards in your hand can be discarded for CP")
        facts = index[card.card_id]
        if facts.light_or_dark:
            raise IllegalCommand("FFTCG 5.2.1.3", f"{facts.name} is a Light or Dark card and cannot be "
                                                  "discarded for CP")
        if not facts.elements:
            raise IllegalCommand("FFTCG 5.2.1.3", f"{facts.name} has no element and makes no CP")
        sources.append(Source(iid, 2, facts.elements))
    for iid in backups:
        if iid in seen or iid in exclude:
            raise IllegalCommand("FFTCG 11.2.1.1", "each card can pay only once, and not for itself")
        seen.add(iid)
        card = state.cards.get(iid)
        facts = index[card.card_id] if card is not None else None
        if (card is None or facts is None or facts.card_type != "backup" or card.controller != player
                or not card.zone.endswith(".field")):
            raise IllegalCommand("FFTCG 5.2.1.3", "only a Backup you control on the field can be dulled for CP")
        if card.tapped:
            raise IllegalCommand("FFTCG 5.2.1.3", f"{facts.name} is already dull and makes no CP")
        if widened is None:
            widened = widened_backups(state) if index.prints_any_element_cp else _NOT_WIDENED
        sources.append(Source(iid, 1, widened.get(iid, facts.elements)))
    return sources


def find_payment(state: GameState, player: str, cost: Cost, exclude: Collection[int] = ()) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """Return an obvious legal payment (discards, backups), Backups first; None when there is none.

    The answer depends only on the player's active Backups and hand, so it is kept while they stay the same.
    """
    if cost.amount <= 0:
        return (), ()
    payers_key = ("fftcg.payers", player)
    payers = state.board_memo_values.get(payers_key)  # state.memo(board=True) inlined: asked for every card of a hand
    if payers is None:
        payers = state.board_memo_values[payers_key] = _payers(state, player)
    if len(payers[0]) + 2 * len(payers[1]) < cost.amount:
        return None  # not enough CP even with every card (as _find_payment finds): the common case
    key = ("fftcg.pay", player, cost, frozenset(exclude))  # a Cost is a tuple of its fields
    last = state.keyed_values.get(key)  # state.memo_keyed inlined, keyed by the payers: asked for every card of a hand
    if last is not None and last[0] == payers:
        return last[1]  # type: ignore[no-any-return]
    if cost.needs:
        found = _find_several_elements(cost, payers, exclude)
    else:
        found = _find_payment(cost, payers, exclude)
    state.keyed_values[key] = (payers, found)
    return found


def _find_several_elements(cost: Cost, payers: tuple[Any, ...], exclude: Collection[int]
                           ) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """Find an obvious payment of a cost of several elements: for each element its Backups then its discards,
    then any Backups and discards, then leave out what the rest makes unnecessary (FFTCG 11.6.2.1)."""
    all_backups, all_hand = payers
    pool = [Source(i, 1, e) for i, e in all_backups if i not in exclude] + \
        [Source(i, 2, e) for i, e in all_hand if i not in exclude]
    chosen: list[Source] = []
    for element, count in cost.needs:
        for source in pool:
            if meets_needs(chosen, [(element, count)]):
                break
            if element in source.elements and source not in chosen:
                chosen.append(source)
    for source in pool:
        if sum(s.value for s in chosen) >= cost.amount:
            break
        if source not in chosen:
            chosen.append(source)
    made = sum(s.value for s in chosen)
    if made < cost.amount or not meets_needs(chosen, cost.needs):
        return None
    for source in sorted(chosen, key=lambda s: s.value):
        rest = [s for s in chosen if s is not source]
        if made - source.value >= cost.amount and meets_needs(rest, cost.needs):
            chosen, made = rest, made - source.value
    return tuple(s.iid for s in chosen if s.value == 2), tuple(s.iid for s in chosen if s.value == 1)


def _find_payment(cost: Cost, payers: tuple[Any, ...], exclude: Collection[int]
                  ) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """Find an obvious payment of a cost of one element (or none): the element first (its Backups, then its discards),
    then any Backups, then any discards, in the order of `_payers`; then leave out what the rest makes unnecessary."""
    all_backups, all_hand = payers
    amount = cost.amount
    wanted = frozenset(cost.elements)
    need = min(cost.element_amount, amount) if wanted else 0
    backups: list[int] = []  # the Backups to dull and the cards to discard, each in the order taken
    discards: list[int] = []
    kinds = ((all_backups, backups, 1), (all_hand, discards, 2))  # each kind's sources, those taken, the CP each makes
    made = 0  # CP the sources taken make
    if need:  # the element first: its Backups, then its discards, till they make the CP of it needed
        for sources, chosen, value in kinds:
            for i, elements in sources:
                if i not in exclude and not wanted.isdisjoint(elements):
                    chosen.append(i)
                    made += value
                    if made >= need:
                        break
            if made >= need:
                break
        else:
            return None  # too little CP of the element, whatever else pays
    for sources, chosen, value in kinds if made < amount else ():  # then any Backups, then any discards
        for i, _ in sources:
            if i not in exclude and i not in chosen:  # (a Backup is never a card of the hand)
                chosen.append(i)
                made += value
                if made >= amount:
                    break
        if made >= amount:
            break
    else:
        if made < amount:
            return None
    if made > amount and backups:
        # leave out what the rest makes unnecessary (the surplus rule, FFTCG 5.2.1.3.1): each source makes 1 or 2 CP and
        # the taking stopped at the cost (and at the element's CP needed), so the surplus is 1 CP: at most one Backup
        # goes, the first in the order taken whose CP of the element the rest does not need
        matching = {i for i, elements in (*all_backups, *all_hand) if need and not wanted.isdisjoint(elements)}
        of_element = sum(1 for i in backups if i in matching) + sum(2 for i in discards if i in matching)
        for index, i in enumerate(backups):
            if of_element - (i in matching) >= need:
                del backups[index]
                break
    # The payment passes check_payment without asking it: every source comes from `_payers` (a discardable
    # card of the hand, an active Backup the player controls, each once, none excluded), it covers the
    # cost and its element, and no source can be left out (one that could not when its turn came cannot
    # later either: leaving others out only lowers what the rest makes).
    return tuple(discards), tuple(backups)


def _payers(state: GameState, player: str) -> tuple[tuple[tuple[int, tuple[str, ...]], ...], ...]:
    """Return (active Backups, discardable hand cards) of a player, each with its elements."""
    cards, index = state.cards, printed_index(state)
    backups = []
    # most libraries print no "can produce CP of any Element": then no Backup's elements are widened
    widened = widened_backups(state) if index.prints_any_element_cp else _NOT_WIDENED
    for i in field_cards(state, player):
        card = cards[i]
        if not card.tapped:
            facts = index[card.card_id]
            if facts.card_type == "backup":
                backups.append((i, widened.get(i, facts.elements)))
    return tuple(backups), tuple([(i, elements) for i in state.zones[f"{player}.hand"].cards
                                  if (elements := index[cards[i].card_id].cp_elements)])


def widened_backups(state: GameState) -> Mapping[int, tuple[str, ...]]:
    """Return the Backups a field ability lets produce CP of more Elements, each with all the Elements its CP may be of
    ("If <self> is on the field, <self> can produce CP of any Element" / "… can produce Wind CP", "The Job Moogle
    Backups you control can …": a dulled Backup's 1 CP is of one of them, FFTCG 5.2.1.3 widened by the text)."""
    if not field_has(state, _ANY_ELEMENT_CP):
        return _NOT_WIDENED  # no card on the field has such an ability: the common case, without the field abilities
    found: dict[int, tuple[str, ...]] = {}
    index = printed_index(state)
    for ability in active_field_abilities(state):
        if ability["effect"] != "any_element_cp":
            continue
        applies, controller = ability["applies_to"], ability["controller"]
        cards = [ability["source"]] if applies == "self" else [
            i for i in field_cards(state, controller) if matches(state, i, applies, controller, ability["source"])]
        more = tuple(ability.get("elements") or ELEMENTS)
        for iid in cards:
            had = found.get(iid, index[state.cards[iid].card_id].elements)
            found[iid] = had + tuple(e for e in more if e not in had)
    return found


_NOT_WIDENED: Mapping[int, tuple[str, ...]] = {}


def elements_paid(sources: Sequence[Source]) -> int:
    """Return how many different Elements a legal payment's CP can be of (its `sources`, from `check_payment`): each
    discard or Backup makes CP of one of its Elements, the most different ones counted ("paid with CP of 3 or more
    different Elements")."""
    taken: dict[str, int] = {}  # element -> the source making CP of it

    def place(index: int, tried: set[str]) -> bool:
        for element in sources[index].elements:
            if element not in tried:
                tried.add(element)
                if element not in taken or place(taken[element], tried):
                    taken[element] = index
                    return True
        return False

    return sum(place(index, set()) for index in range(len(sources)))


def paid_sources(sources: Sequence[Source]) -> list[list[str]]:
    """Return the Elements each source of a legal payment's CP (its `sources`, from `check_payment`) can be of, one
    list per discard or Backup ("If the cost paid to cast <self> included Ice CP", "… was only paid with Earth CP")."""
    return [list(source.elements) for source in sources]


def every_payment(state: GameState, player: str, cost: Cost, exclude: Collection[int] = ()
                  ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Return every legal payment (discards, backups) of a cost: each covers it with no card to spare (the surplus
    rule above), fewest cards first; for a payment chosen as an effect resolves ("you may pay [1]")."""
    if cost.amount <= 0:
        return [((), ())]
    active, cards = _payers(state, player)
    backups = tuple(i for i, _ in active if i not in exclude)
    hand = tuple(i for i, _ in cards if i not in exclude)
    found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for discarded in range(0, min(len(hand), (cost.amount + 1) // 2) + 1):
        for dulled in range(0, min(len(backups), cost.amount - 2 * discarded + 1) + 1):
            if 2 * discarded + dulled < cost.amount:
                continue
            for discards in itertools.combinations(hand, discarded):
                for chosen in itertools.combinations(backups, dulled):
                    try:
                        check_payment(state, player, cost, discards, chosen, exclude)
                    except IllegalCommand:
                        continue
                    found.append((discards, chosen))
    return found
