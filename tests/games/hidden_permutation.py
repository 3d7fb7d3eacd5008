"""The hidden-information property: a view does not change when the cards hidden from its viewer trade places.

`permuted_state` gives the cards hidden from a viewer each other's instance ids and each other's identities
(printed card and per-card facts), every reference to such an id in the game's data, lists and log following
its card; what stays with each place is what the viewer sees of it (owner, controller, zone, position, tapped,
face down, counters). A view that is unchanged by every such permutation holds nothing of the hidden cards.
"""
from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from tabletop.engine.game import Game
from tabletop.engine.instance_ids import ID_FLOOR
from tabletop.engine.state import CardInstance, GameState, LogEntry
from tabletop.engine.view import View, view_for


def hidden_from(state: GameState, viewer: str | None) -> list[int]:
    """Return the instance ids of the cards whose face `viewer` does not see, in id order."""
    return sorted(iid for iid in state.cards if not state.is_visible_to(iid, viewer))


def permuted_state(state: GameState, viewer: str | None, rnd: random.Random) -> GameState:
    """Return a copy of `state` whose cards hidden from `viewer` traded ids, and identities, at random."""
    hidden = hidden_from(state, viewer)
    new_ids = dict(zip(hidden, rnd.sample(hidden, len(hidden))))
    identities = dict(zip(hidden, rnd.sample(hidden, len(hidden))))
    new = copy.copy(state)
    cards: dict[int, CardInstance] = {}
    for iid, card in state.cards.items():
        if iid in new_ids:
            source = state.cards[identities[iid]]
            card = CardInstance(new_ids[iid], source.card_id, card.owner, card.controller, card.zone, card.tapped,
                                card.face_down, dict(card.counters), copy.deepcopy(source.props),
                                set(card.revealed_to))
        cards[card.iid] = card
    new.cards = cards
    new.zones = {zid: copy.copy(zone) for zid, zone in state.zones.items()}
    for zone in new.zones.values():
        zone.cards = [new_ids.get(iid, iid) for iid in zone.cards]
    new.data = _renamed(state.data, new_ids)
    new.lists = _renamed(state.lists, new_ids)
    new.log = [LogEntry(_renamed_text(e.text, new_ids), e.rule, e.manual, e.turn) for e in state.log]
    return new


def _renamed(value: Any, new_ids: dict[int, int]) -> Any:
    """Return `value` with every instance id (a whole number from ID_FLOOR) replaced by its new one."""
    if type(value) is int:
        return new_ids.get(value, value)
    if isinstance(value, dict):
        return {_renamed(k, new_ids): _renamed(v, new_ids) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_renamed(v, new_ids) for v in value)
    if isinstance(value, str) and value.isdigit() and int(value) >= ID_FLOOR:
        return str(new_ids.get(int(value), int(value)))
    return value


def _renamed_text(text: str, new_ids: dict[int, int]) -> str:
    """Return a log line with each hidden id written in it replaced by its new one (in one pass)."""
    words = text.split(" ")
    return " ".join(_renamed(w, new_ids) if w.isdigit() else
                    ("#" + _renamed(w[1:], new_ids) if w[1:].isdigit() and w.startswith("#") else w) for w in words)


def differing_part(first: View, second: View) -> str:
    """Return where two views differ ("zones", "data.KEY", "lists.KEY", "log"), or "" when they are equal."""
    if first.zones != second.zones:
        return "zones"
    for part in ("data", "lists"):
        mine, theirs = getattr(first, part), getattr(second, part)
        for key in sorted(set(mine) | set(theirs)):
            if mine.get(key) != theirs.get(key):
                return f"{part}.{key}"
    if first.log != second.log:
        return "log"
    return "" if first == second else "other"


def leaks_in(game: Game, rnd: random.Random, private: tuple[str, ...] = ()) -> Counter[str]:
    """Return, per part of the view, how many viewers of the game as it stands see a hidden card there."""
    found: Counter[str] = Counter()
    state = game.state
    for viewer in (*state.players, None):
        if len(hidden_from(state, viewer)) < 2:
            continue
        seen = view_for(state, viewer, private)
        part = differing_part(seen, view_for(permuted_state(state, viewer, rnd), viewer, private))
        if part:
            found[part] += 1
    return found
