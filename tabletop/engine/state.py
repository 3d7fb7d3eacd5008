"""The game state: plain data that only `Change` objects mutate."""
from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, NamedTuple, TypeVar

from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.zones import Visibility, Zone, ZoneSpec, zone_id

T = TypeVar("T")
_ABSENT: Any = object()  # a memo not computed yet (None is a value)
# Visibility's members, read once: on CPython 3.11 a member read through its class (`Visibility.HIDDEN`) goes
# through the enum metaclass's `__getattr__` hook, about 15 times a global read (`sees` is asked at every step)
_HIDDEN, _OWNER = Visibility.HIDDEN, Visibility.OWNER

# Card-instance fields a Change may set directly; everything else lives in `props`.
CARD_FIELDS = ("controller", "tapped", "face_down")
# The prop marking a token: a card instance made during play (Transaction.create_token), which may leave the game.
TOKEN = "token"


@dataclass
class CardInstance:
    """One physical card in a game: which definition, where it is, and its current state.

    `props` holds a game's per-card facts (damage, power_bonus, entered_turn, states…);
    values are JSON data. The instance id (`iid`) never changes, whatever zone the card moves to.
    """

    iid: int
    card_id: str
    owner: str
    controller: str
    zone: str
    tapped: bool = False
    face_down: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    props: dict[str, Any] = field(default_factory=dict)
    revealed_to: set[str] = field(default_factory=set)

    @property
    def is_token(self) -> bool:
        """Tell whether the card is a token (made during play; it may leave the game, a deck's card never does)."""
        return bool(self.props.get(TOKEN))

    def snapshot(self) -> dict[str, Any]:
        """Return the instance as JSON data."""
        return {
            "iid": self.iid, "card": self.card_id, "owner": self.owner, "controller": self.controller,
            "zone": self.zone, "tapped": self.tapped, "face_down": self.face_down,
            "counters": dict(sorted(self.counters.items())), "props": _sorted(self.props),
            "revealed_to": sorted(self.revealed_to),
        }


def visibility_key(card: CardInstance) -> tuple[str, bool, str, set[str] | frozenset[str]]:
    """Return what decides who sees a card's face: zone, face down, controller, revealed to.

    Contract: changes replace `revealed_to` rather than mutating it, so the key stays true to the
    moment it was taken.
    """
    return card.zone, card.face_down, card.controller, card.revealed_to


class LogEntry(NamedTuple):
    """One line of the game log; `rule` cites the rule applied, `manual` marks play outside the rules.

    Immutable: a named tuple, made by `tuple.__new__` with no Python code run (`Transaction.log`: a step logs
    several lines).
    """

    text: str
    rule: str = ""
    manual: bool = False
    turn: int = 0

    def snapshot(self) -> dict[str, Any]:
        """Return the entry as JSON data."""
        return {"text": self.text, "rule": self.rule, "manual": self.manual, "turn": self.turn}


@dataclass
class GameState:
    """Everything about a game in progress, as plain data.

    `totals[player]` holds numbers such as life; `data` holds a game's own scalar facts
    (priority holder, attacker…); `lists` holds its ordered collections (the stack, pending
    triggers, continuous effects) whose items are JSON mappings never mutated in place.
    """

    game_id: str
    players: tuple[str, ...]
    library: CardLibrary
    format: str = ""
    zones: dict[str, Zone] = field(default_factory=dict)
    cards: dict[int, CardInstance] = field(default_factory=dict)
    turn: int = 1
    active: str = "p1"
    phase: str = ""
    step: str = ""
    totals: dict[str, dict[str, int]] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)
    lists: dict[str, list[Any]] = field(default_factory=dict)
    log: list[LogEntry] = field(default_factory=list)
    rng_state: int = 0
    next_iid: int = 1   # the creation number of the next card; its id is instance_id(iid_key, next_iid)
    iid_key: int = 0    # scrambles instance ids (instance_ids.py); 0: ids in creation order (old records, bots' copies)
    # Bumped by every change applied or reverted (never restored by undo), so a value derived from
    # the state and stored under one version is valid exactly while the version stays the same.
    # `board_version` is bumped only by changes of the board (Change.board) and by undo/redo.
    version: int = field(default=0, init=False, compare=False, repr=False)
    board_version: int = field(default=0, init=False, compare=False, repr=False)
    # Versions of parts of the board (see `memo_on`): each board change bumps the parts it edits as it
    # is applied (a part never changed is absent, or 0 once `memo_on` read it); `board_epoch` is bumped by
    # `touch` (undo, redo, rollback), which forgets them all.
    aspects: dict[str, int] = field(default_factory=dict, init=False, compare=False, repr=False)
    board_epoch: int = field(default=0, init=False, compare=False, repr=False)
    # Bumped whenever a card instance is created or its creation undone (never restored): a value that
    # depends only on which cards exist and their printed definitions stays valid while it is the same.
    roster: int = field(default=0, init=False, compare=False, repr=False)
    # The definitions of cards that left the game (tokens removed): a saved record still needs them. Never shrunk by
    # undo (a definition too many in a record is harmless; one too few makes the record unplayable).
    gone_card_ids: set[str] = field(default_factory=set, init=False, compare=False, repr=False)
    # the values `memo` keeps for the current version and board version: replaced by empty ones as they change
    # (keyed by any hashable: games inline `memo` with tuple keys on their hot paths). A change finding one empty
    # leaves it (there is nothing in it to forget): so a memo dict stands for one version only while it holds a value,
    # and a value is stored into it only when computed at the version it was read at (no change in between)
    memo_values: dict[Hashable, Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    board_memo_values: dict[Hashable, Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    # `memo_keyed`'s values: key -> (signature, value); hot paths may read it as memo_keyed does
    keyed_values: dict[Hashable, tuple[Any, Any]] = field(default_factory=dict, init=False, compare=False, repr=False)
    # What a computation in progress marks while it reads the state (a game's recursion guards): empty again
    # when it returns, never part of the game. Kept per state, so a bot thinking on its own copy shares nothing.
    reading: dict[str, set[Any]] = field(default_factory=dict, init=False, compare=False, repr=False)
    _on_parts: dict[Hashable, tuple[Any, Any]] = field(default_factory=dict, init=False, compare=False, repr=False)

    # -- derived values ------------------------------------------------------------------------
    def touch(self, board: bool = True) -> None:
        """Mark the state as changed (`board`: the board too, every part of it): memoized values are forgotten."""
        self.version += 1
        self.memo_values = {}
        if board:
            self.board_version += 1
            self.board_epoch += 1
            self.board_memo_values = {}

    def memo(self, key: str, compute: Callable[[], T], board: bool = False) -> T:
        """Return `compute()` computed at most once per state version (callers must not mutate it).

        With `board`, once per board version: only for values read from the board alone (cards,
        zones, totals, lists; not the turn, phase, step, the game's data facts, log or generator). Contract: every mutation goes
        through a Change, and whoever applies or reverts one calls `touch`.
        """
        values = self.board_memo_values if board else self.memo_values
        value = values.get(key, _ABSENT)
        if value is _ABSENT:
            value = values[key] = compute()
        return value  # type: ignore[no-any-return]

    def memo_keyed(self, key: Hashable, signature: Any, compute: Callable[[], T]) -> T:
        """Return `compute()`, reused while `signature` (hashable) equals the one it was computed for.

        `key` names the value: a string, or a tuple of its arguments (cheaper to build than a formatted name).

        Contract: the value depends on nothing but what `signature` captures; unlike `memo`, it
        survives changes and undo, so the signature must list every input the value reads.
        """
        last = self.keyed_values.get(key)  # asked many times a step: no helper call
        if last is not None and last[0] == signature:
            return last[1]  # type: ignore[no-any-return]
        value = compute()
        self.keyed_values[key] = (signature, value)
        return value

    def memo_on(self, key: Hashable, parts: tuple[str, ...], compute: Callable[[], T], extra: Hashable = None) -> T:
        """Return `compute()`, reused while the board `parts` it reads (and `extra`) stay as they were.

        Parts name what a board change edits (`Change.apply` bumps them):
        - a zone id: cards entered, left or were reordered in that zone (a card carries its state along);
        - "ZONE:NAME": a card in that zone had its field (tapped, controller, face_down), prop, "counters"
          or "revealed" `NAME` set;
        - "list:NAME": that list changed; "total:PLAYER": one of that player's totals changed.
        Contract: the value reads nothing of the board beyond `parts`, and nothing else but `extra`
        (hashable: turn, phase, data facts it reads). Undo, redo and rollback forget every such value.
        """
        aspects = self.aspects
        # the parts' versions in one C call (itemgetter): a bound `dict.get` mapped over the parts costs about
        # twice as much; a part never changed yet is entered as 0 changes the first time it is read
        try:
            versions = itemgetter(*parts)(aspects) if parts else ()
        except KeyError:
            for part in parts:
                aspects.setdefault(part, 0)
            versions = itemgetter(*parts)(aspects)
        signature = (self.board_epoch, extra, versions)
        last = self._on_parts.get(key)  # asked hundreds of times a game: no helper call
        if last is not None and last[0] == signature:
            return last[1]  # type: ignore[no-any-return]
        value = compute()
        self._on_parts[key] = (signature, value)
        return value

    # -- lookups -------------------------------------------------------------------------------
    def add_zone(self, spec: ZoneSpec, owner: str | None) -> Zone:
        """Create an empty zone (setup only; zones are never removed)."""
        zone = Zone(zone_id(None if spec.shared else owner, spec.name), spec, None if spec.shared else owner)
        self.zones[zone.id] = zone
        return zone

    def zone(self, zid: str) -> Zone:
        """Return a zone by id (`p1.hand`, `stack`); KeyError names the zone."""
        try:
            return self.zones[zid]
        except KeyError:
            raise KeyError(f"no zone {zid!r}") from None

    def player_zone(self, player: str, name: str) -> Zone:
        """Return one of a player's zones by the game's name for it."""
        return self.zone(zone_id(player, name))

    def card(self, iid: int) -> CardInstance:
        """Return a card instance by id."""
        try:
            return self.cards[iid]
        except KeyError:
            raise KeyError(f"no card #{iid}") from None

    def conserved_cards(self) -> list[int]:
        """Return the ids of the cards that never leave the game: every card but the tokens made during play."""
        return [iid for iid, card in self.cards.items() if not card.is_token]

    def definition(self, iid: int) -> CardDefinition:
        """Return the printed definition of a card instance."""
        return self.library.by_id[self.cards[iid].card_id]  # no CardLibrary.__getitem__ call: asked all the time

    def opponent(self, player: str) -> str:
        """Return the other player of a two-player game."""
        return self.players[1] if player == self.players[0] else self.players[0]

    def total(self, player: str, name: str, default: int = 0) -> int:
        """Return one of a player's totals (life, damage…)."""
        return self.totals.get(player, {}).get(name, default)

    def cards_in(self, zid: str) -> list[int]:
        """Return the instance ids in a zone, top first (a copy)."""
        return list(self.zone(zid).cards)

    # -- visibility ----------------------------------------------------------------------------
    def is_visible_to(self, iid: int, viewer: str | None) -> bool:
        """Tell whether `viewer` (a player, or None for a spectator) sees this card's face."""
        card = self.cards[iid]
        return self.sees(viewer, visibility_key(card))

    def sees(self, viewer: str | None, key: tuple[str, bool, str, set[str] | frozenset[str]]) -> bool:
        """Tell whether `viewer` sees the face of a card whose `visibility_key` is `key`."""
        zid, face_down, controller, revealed_to = key
        if viewer is not None and viewer in revealed_to:
            return True
        if "all" in revealed_to:
            return True
        zone = self.zones[zid]
        policy = zone.spec.visibility
        if policy is _HIDDEN:
            return False
        if policy is _OWNER:
            return viewer is not None and viewer == zone.owner
        if face_down:
            return viewer is not None and viewer == controller
        return True

    # -- comparison ----------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """Return the whole state as JSON data (cards in id order, zones in id order)."""
        return {
            "game": self.game_id, "format": self.format, "players": list(self.players),
            "turn": self.turn, "active": self.active, "phase": self.phase, "step": self.step,
            "zones": {zid: list(z.cards) for zid, z in sorted(self.zones.items())},
            "cards": [self.cards[i].snapshot() for i in sorted(self.cards)],
            "totals": {p: dict(sorted(t.items())) for p, t in sorted(self.totals.items())},
            "data": _sorted(self.data), "lists": _sorted(self.lists),
            "log": [entry.snapshot() for entry in self.log],
            "rng": self.rng_state, "next_iid": self.next_iid,
        }

    def fingerprint(self) -> str:
        """Return a hash of the whole state; equal states have equal fingerprints."""
        text = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.sha256(text.encode()).hexdigest()


def _sorted(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _sorted(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (list, tuple)):
        return [_sorted(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    return value

