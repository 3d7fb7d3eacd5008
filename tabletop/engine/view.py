"""Views: what one player may see of the state — the one place hidden information is redacted."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from tabletop.engine.cards import CardDefinition
from tabletop.engine.instance_ids import ID_FLOOR
from tabletop.engine.procedure import DECISION, FRAMES
from tabletop.engine.state import GameState


@dataclass(frozen=True)
class CardView:
    """A card as a viewer sees it; `card_id`, `definition` and the id are None when it is hidden.

    Contract: a hidden card's instance id is hidden too, so a viewer cannot follow a card
    through a shuffle or into the opponent's hand.
    """

    iid: int | None
    card_id: str | None
    definition: CardDefinition | None
    owner: str
    controller: str
    tapped: bool
    face_down: bool
    counters: dict[str, int] = field(default_factory=dict)
    props: dict[str, Any] = field(default_factory=dict)

    @property
    def is_hidden(self) -> bool:
        """Tell whether the viewer sees only the back of this card."""
        return self.card_id is None


@dataclass(frozen=True)
class View:
    """The table as `viewer` sees it (None = a spectator who sees only public faces)."""

    viewer: str | None
    game_id: str
    turn: int
    active: str
    phase: str
    step: str
    zones: dict[str, tuple[CardView, ...]]
    totals: dict[str, dict[str, int]]
    data: dict[str, Any]
    lists: dict[str, list[Any]]
    log: tuple[str, ...]

    def zone(self, zid: str) -> tuple[CardView, ...]:
        """Return the cards of a zone, top first."""
        return self.zones[zid]

    def seen_card(self, iid: int) -> CardView | None:
        """Return card `iid` as the viewer sees it, or None when the viewer does not see its face now."""
        return next((c for cards in self.zones.values() for c in cards if c.iid == iid), None)

    def visible_card_ids(self) -> set[str]:
        """Return the ids of every card definition whose face the viewer sees."""
        return {c.card_id for cards in self.zones.values() for c in cards if c.card_id is not None}


def view_for(state: GameState, viewer: str | None, private_data: tuple[str, ...] = ()) -> View:
    """Return what `viewer` sees; `private_data` names state.data keys never shown in a view."""
    zones: dict[str, tuple[CardView, ...]] = {}
    hidden: set[int] = set()   # the ids of the cards hidden from the viewer that the data may name (see _without)
    for zid, zone in state.zones.items():
        entries = []
        for iid in zone.cards:
            card = state.cards[iid]
            if state.is_visible_to(iid, viewer):
                entries.append(CardView(iid, card.card_id, state.library[card.card_id], card.owner,
                                        card.controller, card.tapped, card.face_down,
                                        dict(card.counters), dict(card.props)))
                continue
            if iid >= ID_FLOOR:
                hidden.add(iid)
            if card.counters:
                entries.append(CardView(None, None, None, card.owner, card.controller, card.tapped,
                                        card.face_down, dict(card.counters), {}))
            else:
                entries.append(_card_back(card.owner, card.controller, card.tapped, card.face_down))
        zones[zid] = tuple(entries)
    data = {k: v for k, v in state.data.items() if k not in private_data}
    asked = data.get(DECISION)
    if asked and asked.get("player") != viewer:
        data[DECISION] = {k: asked[k] for k in _DECISION_SEEN_BY_ALL if k in asked}
    frames = data.get(FRAMES)
    if frames:  # copied: a frame's program counter is stepped in place (procedure.StepFrame), a view keeps this one
        data[FRAMES] = tuple(dict(frame) for frame in frames)
    if hidden:
        data = {k: _without(v, hidden) for k, v in data.items()}
    return View(viewer, state.game_id, state.turn, state.active, state.phase, state.step, zones,
                {p: dict(t) for p, t in state.totals.items()}, data,
                {k: list(_without(v, hidden)) for k, v in state.lists.items()}, tuple(e.text for e in state.log))


def _without(value: Any, hidden: set[int]) -> Any:
    """Return `value` with every instance id of `hidden` in it replaced by None (the same object when none is).

    Ids are told from other numbers by their size (instance_ids.ID_FLOOR): a frame's step counter or a
    power is never taken for a card. A game of an old record, numbered in creation order, is not redacted here.
    """
    kind = type(value)
    if kind is int:
        return None if value in hidden else value
    if kind is dict:
        items = {k: _without(v, hidden) for k, v in value.items()}
        changed = any(items[k] is not v for k, v in value.items())
        if any(type(k) is int and k in hidden for k in items):
            items, changed = {(None if type(k) is int and k in hidden else k): v for k, v in items.items()}, True
        return items if changed else value
    if kind is list or kind is tuple:
        parts = [_without(v, hidden) for v in value]
        if any(new is not old for new, old in zip(parts, value)):
            return parts if kind is list else tuple(parts)
    return value


# What another player's decision shows: who decides what, and how much; not the options (a mulligan's hand).
_DECISION_SEEN_BY_ALL = ("player", "name", "kind", "prompt", "min", "max", "rule")


@lru_cache(maxsize=64)
def _card_back(owner: str, controller: str, tapped: bool, face_down: bool) -> CardView:
    """Return the view of a hidden card with no counters: one shared object per look (views are read, never edited)."""
    return CardView(None, None, None, owner, controller, tapped, face_down)
