"""Primitive reversible changes: the only things that mutate a GameState.

Each change records enough to undo itself exactly (`revert` is the inverse of `apply`) and
names what it touched, so the history needs no copies of the state.
"""
from __future__ import annotations

import copy
from typing import Any, ClassVar, NamedTuple

from tabletop.engine.state import CardInstance, GameState, LogEntry

MISSING: Any = None  # a prop or data key that does not exist is stored as None


class Change:
    """A primitive, reversible edit of the state.

    `board` says whether it can change the board: cards, zones, totals and lists. The turn,
    phase and step, the game's own scalar facts, the log and the random generator are not the board.
    A board change's `apply` bumps the versions of the parts it edits (`GameState.memo_on`);
    `revert` need not: whoever reverts calls `GameState.touch`, which forgets them all.

    Contract: a change is never modified once made (undo, redo and replays rely on it). The
    subclasses are named tuples (each names its fields in a `NamedTuple` base of its own): immutable, and
    made without running Python code by `tuple.__new__(Kind, fields)`, as the hottest makers do (a game makes
    thousands of changes, where a dataclass would run an `__init__` for each). Trap: as tuples, two changes of
    different kinds with equal fields compare equal; compare `type(change)` too where that matters.
    """

    __slots__ = ()  # the subclasses add no slot either: a change is just its tuple

    board: ClassVar[bool] = True
    # whether it can change who sees a card's face (its zone, face_down, controller, revealed_to)
    shows: ClassVar[bool] = False

    def apply(self, state: GameState) -> None:
        """Make the change."""
        raise NotImplementedError

    def revert(self, state: GameState) -> None:
        """Undo the change; the state must be as `apply` left it."""
        raise NotImplementedError

    def touched(self) -> tuple[set[str], set[int], set[str]]:
        """Return (zone ids, card ids, other keys) this change affects, for redraws."""
        return set(), set(), set()

    def card_ids(self) -> tuple[int, ...]:
        """Return the card ids of `touched()` in a cheap form (asked for every change applied).

        Contract: a change to one card names it `iid`; a change touching other cards overrides this.
        """
        iid = getattr(self, "iid", None)
        return () if iid is None else (iid,)


class _CreateCard(NamedTuple):
    iid: int
    card_id: str
    owner: str
    zone: str
    index: int  # type: ignore[assignment]  # a field, shadowing tuple.index (never called on a change)
    number: int


class CreateCard(_CreateCard, Change):
    """Put a new card instance into a zone (setup, tokens, cards brought from outside the game).

    `number` is the card's creation number (`GameState.next_iid` before it); `iid` is made from it (instance_ids).
    Trap: `Transaction.create_cards` does what `apply` does for a whole deck at once; change both together.
    """

    __slots__ = ()

    def apply(self, state: GameState) -> None:
        state.cards[self.iid] = CardInstance(self.iid, self.card_id, self.owner, self.owner, self.zone)
        state.zones[self.zone].cards.insert(self.index, self.iid)
        state.next_iid = max(state.next_iid, self.number + 1)
        state.roster += 1
        _bump(state.aspects, self.zone)

    def revert(self, state: GameState) -> None:
        state.zones[self.zone].cards.pop(self.index)
        del state.cards[self.iid]
        state.next_iid = self.number
        state.roster += 1

    def touched(self) -> tuple[set[str], set[int], set[str]]:
        return {self.zone}, {self.iid}, set()


class _RemoveCard(NamedTuple):
    iid: int
    zone: str
    index: int  # type: ignore[assignment]  # a field, shadowing tuple.index (never called on a change)
    instance: CardInstance


class RemoveCard(_RemoveCard, Change):
    """Take a card instance off the table for good (a token that left the field); undo puts it back as it was.

    `instance` is a copy of the card as it was removed, never the state's own object (a change is never modified).
    """

    __slots__ = ()
    shows: ClassVar[bool] = True

    def apply(self, state: GameState) -> None:
        removed = state.zones[self.zone].cards.pop(self.index)
        assert removed == self.iid, "RemoveCard applied to a state it was not made for"
        del state.cards[self.iid]
        state.roster += 1
        state.gone_card_ids.add(self.instance.card_id)
        _bump(state.aspects, self.zone)

    def revert(self, state: GameState) -> None:
        state.cards[self.iid] = copy.deepcopy(self.instance)
        state.zones[self.zone].cards.insert(self.index, self.iid)
        state.roster += 1

    def touched(self) -> tuple[set[str], set[int], set[str]]:
        return {self.zone}, {self.iid}, set()


class _MoveCard(NamedTuple):
    iid: int
    source: str
    source_index: int
    target: str
    target_index: int


class MoveCard(_MoveCard, Change):
    """Move a card from one position in a zone to a position in another (or the same) zone."""

    __slots__ = ()
    shows: ClassVar[bool] = True

    def apply(self, state: GameState) -> None:
        # Transaction.move does the same inline (undo, redo and replays come here): keep the two alike
        removed = state.zones[self.source].cards.pop(self.source_index)
        assert removed == self.iid, "MoveCard applied to a state it was not made for"
        state.zones[self.target].cards.insert(self.target_index, self.iid)
        state.cards[self.iid].zone = self.target
        aspects = state.aspects
        aspects[self.source] = aspects.get(self.source, 0) + 1
        aspects[self.target] = aspects.get(self.target, 0) + 1

    def revert(self, state: GameState) -> None:
        state.zones[self.target].cards.pop(self.target_index)
        state.zones[self.source].cards.insert(self.source_index, self.iid)
        state.cards[self.iid].zone = self.source

    def touched(self) -> tuple[set[str], set[int], set[str]]:
        return {self.source, self.target}, {self.iid}, set()


class _CardEdit(NamedTuple):
    iid: int
    name: str
    old: Any
    new: Any


class SetCardField(_CardEdit, Change):
    """Set `controller`, `tapped` or `face_down` of a card instance (its maker, `Transaction.set_field`, checks the
    name: a check here would cost a call per change)."""

    __slots__ = ()
    shows: ClassVar[bool] = True

    def apply(self, state: GameState) -> None:
        card = state.cards[self.iid]
        setattr(card, self.name, self.new)
        _bump(state.aspects, card.zone + ":" + self.name)

    def revert(self, state: GameState) -> None:
        setattr(state.cards[self.iid], self.name, self.old)

    def touched(self) -> tuple[set[str], set[int], set[str]]:
        return set(), {self.iid}, set()


class _SetCardProp(NamedTuple):
    iid: int
    key: str
    old: Any
    new: Any


class SetCardProp(_SetCardProp, Change):
    """Set (or, with None, remove) a game-defined prop of a card instance."""

    __slots__ = ()

    def apply(self, state: GameState) -> None:
        card = state.cards[self.iid]
        if self.new is None:  # _assign and _bump, inlined: a frequent change
            card.props.pop(self.key, None)
        else:
            card.props[self.key] = self.new
        part = card.zone + ":" + self.key
        aspects = state.aspects
        aspects[part] = aspects.get(part, 0) + 1

    def revert(self, state: GameState) -> None:
        _assign(state.cards[self.iid].props, self.key, self.old)

    def touched(self) -> tuple[set[str], set[int], set[str]]:
        return set(), {self.iid}, set()


class SetCardCounter(_CardEdit, Change):
    """Set the number of counters of one name on a card (0 removes them): `old` and `new` are the numbers."""

    __slots__ = ()

    def apply(self, state: GameState) -> None:
        card = state.cards[self.iid]
        _assign(card.counters, self.name, self.new or None)
        _bump(state.aspects, card.zone + ":counters")

    def revert(self, state: GameState) -> None:
        _assign(state.cards[self.iid].counters, self.name, self.old or None)

    def touched(self) -> tuple[set[str], set[int], set[str]]:
        return set(), {self.iid}, set()


class _SetRevealed(NamedTuple):
    iid: int
    old: frozenset[str]
    new: frozenset[str]


class SetRevealed(_SetRevealed, Change):
    """Set which players (or "all") have been shown a card's face while it stays where it is."""

    __slots__ = ()
    shows: ClassVar[bool] = True

    def apply(self, state: GameState) -> None:
        card = state.cards[self.iid]
        card.revealed_to = set(self.new)
        _bump(state.aspects, card.zone + ":revealed")

    def revert(self, state: GameState) -> None:
        state.cards[self.iid].revealed_to = set(self.old)

    def touched(self) -> tuple[set[str], set[int], set[str]]:
        return set(), {self.iid}, set()


class _SetTotal(NamedTuple):
    player: str
    name: str
    old: int
    new: int
    existed: bool = True   # False: the total was made by this change (a manual adjustment of a new name)


class SetTotal(_SetTotal, Change):
    """Set one of a player's totals (life, damage, energy…)."""

    __slots__ = ()

    def apply(self, state: GameState) -> None:
        state.totals.setdefault(self.player, {})[self.name] = self.new
        _bump(state.aspects, "total:" + self.player)

    def revert(self, state: GameState) -> None:
        if self.existed:
            state.totals[self.player][self.name] = self.old
        else:
            del state.totals[self.player][self.name]

    def touched(self) -> tuple[set[str], set[int], set[str]]:
        return set(), set(), {f"total:{self.player}.{self.name}"}


TABLE_FIELDS = ("turn", "active", "phase", "step")


class _Edit(NamedTuple):
    name: str
    old: Any
    new: Any


class SetTableField(_Edit, Change):
    """Set the turn number, the active player, the phase or the step (`Transaction.set_table` checks the name)."""

    __slots__ = ()
    board: ClassVar[bool] = False

    def apply(self, state: GameState) -> None:
        setattr(state, self.name, self.new)

    def revert(self, state: GameState) -> None:
        setattr(state, self.name, self.old)

    def touched(self) -> tuple[set[str], set[int], set[str]]:
        return set(), set(), {self.name}


class _SetData(NamedTuple):
    key: str
    old: Any
    new: Any


class SetData(_SetData, Change):
    """Set (or, with None, remove) one of the game's own scalar facts (`old` None: absent; `new` None: removed).

    The most frequent change of all (priority, passes, timestamps' clock…); hot readers read `change[0]`, the key.
    """

    __slots__ = ()
    board: ClassVar[bool] = False

    def apply(self, state: GameState) -> None:
        _assign(state.data, self.key, self.new)

    def revert(self, state: GameState) -> None:
        _assign(state.data, self.key, self.old)

    def touched(self) -> tuple[set[str], set[int], set[str]]:
        return set(), set(), {f"data:{self.key}"}


class ListChange(Change):
    """A change to one of the game's ordered lists (named by its field `name`)."""

    __slots__ = ()
    name: str

    def touched(self) -> tuple[set[str], set[int], set[str]]:
        return set(), set(), {f"list:{self.name}"}


class _ListItem(NamedTuple):
    name: str
    index: int  # type: ignore[assignment]  # a field, shadowing tuple.index (never called on a change)
    item: Any


class ListInsert(_ListItem, ListChange):
    """Insert an item into one of the game's ordered lists (the stack, pending triggers…)."""

    __slots__ = ()

    def apply(self, state: GameState) -> None:
        # Transaction.list_insert does the same inline (undo, redo and replays come here): keep the two alike
        state.lists.setdefault(self.name, []).insert(self.index, self.item)
        _bump(state.aspects, "list:" + self.name)

    def revert(self, state: GameState) -> None:
        items = state.lists[self.name]
        items.pop(self.index)
        if not items:
            del state.lists[self.name]


class ListRemove(_ListItem, ListChange):
    """Remove the item at an index from one of the game's ordered lists."""

    __slots__ = ()

    def apply(self, state: GameState) -> None:
        # Transaction.list_remove does the same inline (undo, redo and replays come here): keep the two alike
        items = state.lists[self.name]
        items.pop(self.index)
        if not items:
            del state.lists[self.name]
        _bump(state.aspects, "list:" + self.name)

    def revert(self, state: GameState) -> None:
        state.lists.setdefault(self.name, []).insert(self.index, self.item)


class _ListReplace(NamedTuple):
    name: str
    index: int  # type: ignore[assignment]  # a field, shadowing tuple.index (never called on a change)
    old: Any
    new: Any


class ListReplace(_ListReplace, ListChange):
    """Replace the item at an index of one of the game's ordered lists (one change, not a remove and an insert)."""

    __slots__ = ()

    def _put(self, state: GameState, item: Any) -> None:
        state.lists[self.name][self.index] = item

    def apply(self, state: GameState) -> None:
        self._put(state, self.new)
        _bump(state.aspects, "list:" + self.name)

    def revert(self, state: GameState) -> None:
        self._put(state, self.old)


class _ShuffleZone(NamedTuple):
    zone: str
    order: tuple[int, ...]


class ShuffleZone(_ShuffleZone, Change):
    """Reorder a zone: after it, position i holds the card that was at `order[i]`."""

    __slots__ = ()

    def apply(self, state: GameState) -> None:
        cards = state.zones[self.zone].cards
        cards[:] = [cards[i] for i in self.order]
        _bump(state.aspects, self.zone)

    def revert(self, state: GameState) -> None:
        cards = state.zones[self.zone].cards
        restored = [0] * len(cards)
        for new_position, old_position in enumerate(self.order):
            restored[old_position] = cards[new_position]
        cards[:] = restored

    def touched(self) -> tuple[set[str], set[int], set[str]]:
        return {self.zone}, set(), set()


class _SetRng(NamedTuple):
    old: int
    new: int


class SetRng(_SetRng, Change):
    """Advance the random number generator's state."""

    __slots__ = ()
    board: ClassVar[bool] = False

    def apply(self, state: GameState) -> None:
        state.rng_state = self.new

    def revert(self, state: GameState) -> None:
        state.rng_state = self.old


class _AppendLog(NamedTuple):
    entry: LogEntry


class AppendLog(_AppendLog, Change):
    """Add a line to the game log."""

    __slots__ = ()
    board: ClassVar[bool] = False

    def apply(self, state: GameState) -> None:
        state.log.append(self[0])

    def revert(self, state: GameState) -> None:
        state.log.pop()

    def touched(self) -> tuple[set[str], set[int], set[str]]:
        return set(), set(), {"log"}


def _bump(aspects: dict[str, int], part: str) -> None:
    aspects[part] = aspects.get(part, 0) + 1


def _assign(mapping: dict[str, Any], key: str, value: Any) -> None:
    if value is None:
        mapping.pop(key, None)
    else:
        mapping[key] = value
