"""Transaction: the one API rules code uses to change a state; it applies and records each change."""
from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from tabletop.engine import rng
from tabletop.engine.changes import (
    TABLE_FIELDS, AppendLog, Change, CreateCard, ListInsert, ListRemove, ListReplace, MoveCard, RemoveCard, SetCardField,
    SetCardProp, SetCardCounter, SetData, SetRevealed, SetRng, SetTableField, SetTotal, ShuffleZone,
)
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.instance_ids import instance_id, instance_ids
from tabletop.engine.state import CARD_FIELDS, TOKEN, CardInstance, GameState, LogEntry


class Transaction:
    """Applies changes to a state as rules code asks for them, and can roll them all back.

    Contract: code that resolves a command changes the state only through this object, so the
    list in `changes` is exactly what undo has to revert. On IllegalCommand the caller rolls back.
    """

    def __init__(self, state: GameState, manual: bool = False, watch_hidden: bool = False) -> None:
        self.state = state
        self.changes: list[Change] = []
        self.manual = manual
        # positions in `changes` rules code remembers within this transaction (e.g. where a check last
        # found nothing, so that only the changes after it need a look); a rollback forgets them
        self.marks: dict[str, int] = {}
        # card id -> what decided who saw its face before this transaction first touched it
        self._seen_before: dict[int, tuple[str, bool, str, set[str] | frozenset[str]]] | None = (
            {} if watch_hidden else None)

    def apply(self, change: Change) -> None:
        """Apply one change and record it."""
        state = self.state
        if change.shows and self._seen_before is not None:  # only these can change who sees a card (visibility_key)
            seen = self._seen_before
            for iid in change.card_ids():
                if iid not in seen:
                    card = state.cards.get(iid)
                    if card is not None:  # visibility_key, inlined
                        seen[iid] = (card.zone, card.face_down, card.controller, card.revealed_to)
        change.apply(state)
        # what `state.touch(board)` does, but the changed parts' versions are bumped by the change itself
        state.version += 1
        if state.memo_values:  # an empty memo stays (GameState.memo_values)
            state.memo_values = {}
        if change.board:
            state.board_version += 1
            if state.board_memo_values:  # an empty memo stays (GameState.memo_values)
                state.board_memo_values = {}
        self.changes.append(change)

    def record_bookkeeping(self, change: Change) -> None:
        """Record a change not of the board that the caller has just applied (what `apply` does after applying).

        For the hottest changes, applied inline by their makers (`procedure.set_pc`; `set_data`, `set_table` and
        `log` inline this too).
        """
        state = self.state
        state.version += 1
        if state.memo_values:  # an empty memo stays (GameState.memo_values)
            state.memo_values = {}
        self.changes.append(change)

    def record_board_change(self, change: Change, part: str) -> None:
        """Record a change of one part of the board that the caller has just applied (what `apply` does after
        applying), for the hottest changes that cannot change who sees a card (`Change.shows` false for them)."""
        state = self.state
        aspects = state.aspects
        aspects[part] = aspects.get(part, 0) + 1
        state.version += 1
        if state.memo_values:  # an empty memo stays (GameState.memo_values)
            state.memo_values = {}
        state.board_version += 1
        if state.board_memo_values:  # an empty memo stays (GameState.memo_values)
            state.board_memo_values = {}
        self.changes.append(change)

    def shows_newly(self, player: str) -> bool:
        """Tell whether `player` now sees a card face they did not see before (needs watch_hidden)."""
        seen = self._seen_before
        if not seen:
            return False
        state = self.state
        cards, sees = state.cards, state.sees
        for iid, before in seen.items():
            card = cards.get(iid)
            if card is not None:
                now = (card.zone, card.face_down, card.controller, card.revealed_to)  # visibility_key, inlined
                # what the player saw before is asked first: most moved cards were seen (their hand, the table)
                if now != before and not sees(player, before) and sees(player, now):
                    return True
        return False

    def rollback(self) -> None:
        """Revert every recorded change, newest first."""
        while self.changes:
            self.changes.pop().revert(self.state)
        self.marks.clear()
        self.state.touch()

    # -- cards ---------------------------------------------------------------------------------
    def create_card(self, card_id: str, owner: str, zone: str, index: int | None = None) -> int:
        """Create a card instance in a zone (at the bottom unless `index` is given); return its id."""
        state = self.state
        if card_id not in state.library.by_id:
            raise KeyError(f"unknown card {card_id!r}")
        cards = state.zones[zone].cards
        position = len(cards) if index is None else index
        number = state.next_iid
        iid = instance_id(state.iid_key, number)
        change = _new_tuple(CreateCard, (iid, card_id, owner, zone, position, number))
        change.apply(state)  # `apply`, inlined (a new card changes who sees nothing: `CreateCard.shows` is false)
        state.version += 1
        if state.memo_values:  # an empty memo stays (GameState.memo_values)
            state.memo_values = {}
        state.board_version += 1
        if state.board_memo_values:  # an empty memo stays (GameState.memo_values)
            state.board_memo_values = {}
        self.changes.append(change)
        return iid

    def create_cards(self, card_ids: Sequence[str], owner: str, zone: str) -> list[int]:
        """Create card instances at the bottom of a zone, in order (a deck put on the table); return their ids.

        The changes made are those of `create_card` for each card in turn (one CreateCard each).
        """
        state = self.state
        by_id = state.library.by_id
        for card_id in card_ids:
            if card_id not in by_id:
                raise KeyError(f"unknown card {card_id!r}")
        number = state.next_iid
        made = instance_ids(state.iid_key, number, len(card_ids))
        if not made:
            return made
        zone_cards = state.zones[zone].cards
        cards, changes, index = state.cards, self.changes, len(zone_cards)
        # what `CreateCard.apply` does for each card in turn, done for the lot: the instances made in order, the
        # zone's bottom extended by them, the creation count and roster moved on by the number of cards
        for iid, card_id in zip(made, card_ids):
            cards[iid] = CardInstance(iid, card_id, owner, owner, zone)
            changes.append(_new_tuple(CreateCard, (iid, card_id, owner, zone, index, number)))
            index += 1
            number += 1
        zone_cards.extend(made)
        state.next_iid = number
        state.roster += len(made)
        aspects = state.aspects
        aspects[zone] = aspects.get(zone, 0) + 1
        state.touch()  # the versions `apply` bumps for each change, bumped once for the lot (touch: every one)
        return made

    def create_token(self, card_id: str, owner: str, zone: str, index: int | None = None) -> int:
        """Create a token: a card instance made during play, marked so (`CardInstance.is_token`); return its id."""
        iid = self.create_card(card_id, owner, zone, index)
        self.set_prop(iid, TOKEN, True)
        return iid

    def remove_token(self, iid: int) -> None:
        """Take a token off the table for good (undoable); a card of a deck is never removed (cards are conserved).

        Contract: rules code that keeps a card id (a target, an attack) checks `iid in state.cards` after this.
        """
        card = self.state.cards[iid]
        if not card.is_token:
            raise ValueError(f"card #{iid} is not a token: only tokens leave the game")
        zone = self.state.zones[card.zone].cards
        self.apply(RemoveCard(iid, card.zone, zone.index(iid), copy.deepcopy(card)))

    def move(self, iid: int, target: str, index: int | None = 0) -> None:
        """Move a card to `target` at `index` (0 = top; None = bottom). Capacity is the caller's rule."""
        state = self.state
        card = state.cards[iid]
        source = card.zone
        source_cards = state.zones[source].cards
        source_index = source_cards.index(iid)
        target_cards = state.zones[target].cards
        target_len = len(target_cards) - (1 if source == target else 0)
        # the top (0) and the bottom (None) are most moves' places: no min and max for them
        position = target_len if index is None else 0 if index == 0 else max(0, min(index, target_len))
        if source == target and position == source_index:
            return
        # `apply(MoveCard(…))` inlined, MoveCard.apply with it: cards move a hundred times a game
        seen = self._seen_before
        if seen is not None and iid not in seen:  # visibility_key, as `apply` takes it
            seen[iid] = (source, card.face_down, card.controller, card.revealed_to)
        del source_cards[source_index]
        target_cards.insert(position, iid)
        card.zone = target
        aspects = state.aspects
        aspects[source] = aspects.get(source, 0) + 1
        aspects[target] = aspects.get(target, 0) + 1
        state.version += 1
        if state.memo_values:  # an empty memo stays (GameState.memo_values)
            state.memo_values = {}
        state.board_version += 1
        if state.board_memo_values:  # an empty memo stays (GameState.memo_values)
            state.board_memo_values = {}
        self.changes.append(_new_tuple(MoveCard, (iid, source, source_index, target, position)))
        if card.revealed_to:
            self.apply(SetRevealed(iid, frozenset(card.revealed_to), frozenset()))

    def set_field(self, iid: int, name: str, value: Any) -> None:
        """Set `controller`, `tapped` or `face_down`; a no-op when unchanged."""
        if name not in CARD_FIELDS:
            raise ValueError(f"not a card field: {name}")
        state = self.state
        card = state.cards[iid]
        old = getattr(card, name)
        if old == value:
            return
        if name != "tapped":
            self.apply(SetCardField(iid, name, old, value))
            return
        # dulling and activating, the frequent ones: SetCardField.apply inlined as in set_prop (the dull state is not
        # part of what decides who sees a card's face, so there is nothing to watch)
        change = _new_tuple(SetCardField, (iid, name, old, value))
        card.tapped = value
        self.record_board_change(change, card.zone + ":tapped")

    def set_prop(self, iid: int, key: str, value: Any) -> None:
        """Set a card prop (None removes it); a no-op when unchanged."""
        state = self.state
        card = state.cards[iid]
        props = card.props
        old = props.get(key)
        if old != value:
            # `old` uncopied: state values are never mutated in place (as set_data records its old value)
            change = _new_tuple(SetCardProp, (iid, key, old, value))
            # SetCardProp.apply, inlined: a frequent change (timestamps, damage…)
            if value is not None:
                props[key] = value
            else:
                del props[key]  # `old` is not None, so the key is there
            self.record_board_change(change, card.zone + ":" + key)

    def set_counter(self, iid: int, name: str, value: int) -> None:
        """Set the number of counters named `name` on a card."""
        if value < 0:
            raise IllegalCommand("", f"a card cannot have {value} counters")
        old = self.state.cards[iid].counters.get(name, 0)
        if old != value:
            self.apply(SetCardCounter(iid, name, old, value))

    def clear_card(self, iid: int, keep: tuple[str, ...] = ()) -> None:
        """Remove every prop (except `keep` and the token mark) and counter, and stand the card up face up.

        Games call this when a card changing zones becomes a new object.
        """
        card = self.state.cards[iid]
        for key in sorted(card.props):
            if key not in keep and key != TOKEN:   # a token stays a token wherever it goes
                self.set_prop(iid, key, None)
        for name in sorted(card.counters):
            self.set_counter(iid, name, 0)
        if card.tapped:  # set_field's own no-op tests, made here (most cards are already so)
            self.set_field(iid, "tapped", False)
        if card.face_down:
            self.set_field(iid, "face_down", False)
        if card.controller != card.owner:
            self.set_field(iid, "controller", card.owner)

    def reveal(self, iid: int, to: str) -> None:
        """Show a card's face to a player (or "all") without moving it; moving it hides it again."""
        card = self.state.cards[iid]
        new = frozenset(card.revealed_to | {to})
        if new != card.revealed_to:
            self.apply(SetRevealed(iid, frozenset(card.revealed_to), new))

    # -- totals, table, data -------------------------------------------------------------------
    def set_total(self, player: str, name: str, value: int) -> None:
        """Set one of a player's totals."""
        totals = self.state.totals.get(player, {})
        old = totals.get(name, 0)
        if old != value:
            self.apply(SetTotal(player, name, old, value, existed=name in totals))

    def add_total(self, player: str, name: str, delta: int) -> None:
        """Add `delta` to one of a player's totals."""
        self.set_total(player, name, self.state.total(player, name) + delta)

    def set_table(self, name: str, value: Any) -> None:
        """Set turn, active, phase or step."""
        if name not in TABLE_FIELDS:
            raise ValueError(f"not a table field: {name}")
        state = self.state
        old = getattr(state, name)
        if old != value:
            setattr(state, name, value)  # change.apply and record_bookkeeping, inlined as in set_data
            state.version += 1
            if state.memo_values:  # an empty memo stays (GameState.memo_values)
                state.memo_values = {}
            self.changes.append(_new_tuple(SetTableField, (name, old, value)))

    def enter_step(self, phase: str, step: str, text: str) -> None:
        """Set the phase and step and log a public line: the changes of `set_table("phase")`, `set_table("step")`
        (each a no-op when unchanged) and `log(text)`, in that order, made in one call (every step of a turn)."""
        state = self.state
        changes = self.changes
        old = state.phase
        if old != phase:
            state.phase = phase
            changes.append(_new_tuple(SetTableField, ("phase", old, phase)))
        old = state.step
        if old != step:
            state.step = step
            changes.append(_new_tuple(SetTableField, ("step", old, step)))
        entry = _new_tuple(LogEntry, (text, "", self.manual, state.turn))
        state.log.append(entry)
        changes.append(_new_tuple(AppendLog, (entry,)))
        # each change's version bump, made once for all: versions are only ever compared for equality
        state.version += 1
        if state.memo_values:  # an empty memo stays (GameState.memo_values)
            state.memo_values = {}

    def set_data(self, key: str, value: Any, copy: bool = True) -> None:
        """Set one of the game's scalar facts (None removes it); `copy` as for `list_insert`.

        The old value is recorded as it is, uncopied: it is a state value, and state values are never mutated in
        place (the frames' program counter aside, which `procedure.StepFrame` reverts in place, newest first).
        """
        state = self.state
        data = state.data
        old = data.get(key)
        if old != value:
            if copy and type(value) not in _ATOMS:  # scalars, most facts, need no copy
                value = _frozen(value)
            # change.apply and record_bookkeeping, inlined: the most frequent change of all (priority, passes…)
            if value is None:
                del data[key]  # `old` is not None, so the key is there
            else:
                data[key] = value
            state.version += 1
            if state.memo_values:  # an empty memo stays (GameState.memo_values)
                state.memo_values = {}
            self.changes.append(_new_tuple(SetData, (key, old, value)))  # SetData(key, old, value), no Python code run

    # -- lists ---------------------------------------------------------------------------------
    def list_insert(self, name: str, index: int, item: Any, copy: bool = True) -> None:
        """Insert an item into a list (index -1 or len = append).

        The item is deep-copied so that the caller cannot change the state by changing it later.
        `copy=False` shares it instead: the caller guarantees that nothing in it is ever mutated
        (state items never are), e.g. an item built from fresh literals and parts of other items.
        """
        stored = _frozen(item) if copy else item  # copied first: a copy that fails leaves the lists as they were
        items = self.state.lists.setdefault(name, [])
        position = len(items) if index < 0 else index
        items.insert(position, stored)  # ListInsert.apply, inlined (the stack and the triggers add items at every play)
        self.record_board_change(_new_tuple(ListInsert, (name, position, stored)), "list:" + name)

    def list_append(self, name: str, item: Any, copy: bool = True) -> None:
        """Append an item to a list (`copy` as for `list_insert`)."""
        self.list_insert(name, -1, item, copy)

    def list_remove(self, name: str, index: int) -> Any:
        """Remove and return the item at `index` of a list."""
        lists = self.state.lists
        items = lists[name]
        position = index % len(items)
        item = items.pop(position)  # ListRemove.apply, inlined as list_insert inlines ListInsert.apply
        if not items:
            del lists[name]
        self.record_board_change(_new_tuple(ListRemove, (name, position, item)), "list:" + name)
        return item

    def list_replace(self, name: str, index: int, item: Any, copy: bool = True) -> None:
        """Replace the item at `index` of a list (a no-op when equal; `copy` as for `list_insert`)."""
        items = self.state.lists[name]
        position = index % len(items)
        if items[position] != item:
            self.apply(ListReplace(name, position, items[position], _frozen(item) if copy else item))

    # -- randomness ----------------------------------------------------------------------------
    def random_below(self, n: int) -> int:
        """Draw a number in 0..n-1 from the game's seeded generator."""
        new_state, value = rng.below(self.state.rng_state, n)
        self.apply(SetRng(self.state.rng_state, new_state))
        return value

    def shuffle(self, zone: str) -> None:
        """Shuffle a zone with the game's seeded generator; a card looked at in it is known to no one after."""
        cards = self.state.zones[zone].cards
        new_state, order = rng.permutation(self.state.rng_state, len(cards))
        self.apply(SetRng(self.state.rng_state, new_state))
        if order != sorted(order):
            self.apply(ShuffleZone(zone, tuple(order)))
        self._forget_looks(cards)

    def _forget_looks(self, iids: list[int]) -> None:
        """Hide again every card of `iids` that was shown to someone where it lies."""
        cards = self.state.cards
        for iid in iids:
            seen = cards[iid].revealed_to
            if seen:
                self.apply(SetRevealed(iid, frozenset(seen), frozenset()))

    def reseed(self, seed: int) -> None:
        """Give the generator a new state from `seed` (a new branch of play after an undo; see Game.submit)."""
        self.apply(SetRng(self.state.rng_state, rng.seed_state(seed)))

    def mix_unknown(self, zone: str) -> None:
        """Shuffle, in their places, the cards of a zone that no one has been shown; the others stay put.

        What a new branch after an undo does to a hidden zone the undo put cards back into: the cards
        the undone steps showed go back among the unknown ones, so what the undo showed is no preview.
        """
        cards = self.state.zones[zone].cards
        places = [i for i, iid in enumerate(cards) if not self.state.cards[iid].revealed_to]
        new_state, mixed = rng.permutation(self.state.rng_state, len(places))
        self.apply(SetRng(self.state.rng_state, new_state))
        order = list(range(len(cards)))
        for place, source in zip(places, mixed):
            order[place] = places[source]
        if order != sorted(order):
            self.apply(ShuffleZone(zone, tuple(order)))

    # -- log -----------------------------------------------------------------------------------
    def log(self, text: str, rule: str = "") -> None:
        """Add a public line to the game log (it must not reveal hidden cards)."""
        state = self.state
        entry = _new_tuple(LogEntry, (text, rule, self.manual, state.turn))  # LogEntry(…), no Python code run
        state.log.append(entry)  # AppendLog.apply and record_bookkeeping, inlined as in set_data
        state.version += 1
        if state.memo_values:  # an empty memo stays (GameState.memo_values)
            state.memo_values = {}
        self.changes.append(_new_tuple(AppendLog, (entry,)))  # AppendLog(entry), no Python code run


_ATOMS = frozenset({str, int, float, bool, type(None)})
_new_tuple = tuple.__new__


def _frozen(value: Any) -> Any:
    """Return a copy of JSON-like data that later edits of the original cannot reach (scalars as they are)."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is dict:
        return {key: item if type(item) in _ATOMS else _frozen(item) for key, item in value.items()}
    if kind is list:
        return [item if type(item) in _ATOMS else _frozen(item) for item in value]
    if kind is tuple:
        return tuple(_frozen(item) for item in value)
    return copy.deepcopy(value)


def frozen_copy(value: Any) -> Any:
    """Return a copy of JSON-like data that later edits of the original cannot reach (what `copy=True` stores).

    For rules code that builds a new state value around parts it copies itself before a `copy=False` change.
    """
    return _frozen(value)
