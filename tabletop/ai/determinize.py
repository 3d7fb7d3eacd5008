"""Determinisation: a full game state rebuilt from one player's view, hidden cards imagined.

This is how a bot looks ahead without cheating: the engine needs every card's identity, so
each card the viewer cannot see is replaced by a card drawn from what the viewer knows is
unseen (its own deck list minus its visible cards; for the opponent, a guessed list or the
cards of theirs already seen). The generator state is re-seeded too, so the copy's shuffles
and deck order reveal nothing about the real game's.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from tabletop.ai.bot import Knowledge
from tabletop.engine.cards import CardLibrary
from tabletop.engine.game import Game
from tabletop.engine.rules import GameConfig
from tabletop.engine.state import CardInstance, GameState
from tabletop.engine.transaction import frozen_copy
from tabletop.engine.view import View
from tabletop.engine.zones import Visibility

FILLER = "filler"


def unseen_pools(view: View, knowledge: Knowledge) -> dict[str, list[str]]:
    """Return, per owner, the card ids the viewer believes are among that owner's hidden cards."""
    seen: dict[str, Counter[str]] = {p: Counter() for p in _owners(view)}
    for cards in view.zones.values():
        for card in cards:
            if card.card_id is not None:
                seen[card.owner][card.card_id] += 1   # _owners names every card's owner
    pools: dict[str, list[str]] = {}
    for owner, visible in seen.items():
        deck = knowledge.own_deck if owner == knowledge.player else knowledge.opponent_deck
        if deck:
            listed = Counter(card_id for section in deck.values() for card_id in section)
            pools[owner] = sorted((listed - visible).elements())
        else:
            pools[owner] = []
    return pools


def _owners(view: View) -> Iterable[str]:
    return {card.owner for cards in view.zones.values() for card in cards} | set(view.totals)


def determinize(view: View, knowledge: Knowledge, rng: random.Random,
                reserved_iids: Iterable[int] = ()) -> GameState:
    """Return a complete GameState consistent with `view`, hidden cards sampled with `rng`.

    Visible cards keep their instance ids (so the viewer's legal commands apply to the copy);
    imagined cards get fresh ids above every id in the view and in `reserved_iids`, so a command
    naming a real hidden card never silently hits an imagined one. Raises KeyError when the view
    names a zone the rules do not create (knowledge does not match the game).
    """
    rules = knowledge.rules
    library = knowledge.library
    shown = [card.definition for cards in view.zones.values() for card in cards
             if card.definition is not None and card.card_id not in library]
    if shown:   # cards from outside the pool: a copy, so the knowledge stays as it was
        library = CardLibrary(knowledge.library.values())
        for definition in shown:
            library.add(definition)
    config = GameConfig(game=view.game_id, format=knowledge.format, seed=rng.getrandbits(63),
                        options=dict(knowledge.options))
    state = rules.create_state(config, library)
    state.turn, state.active, state.phase, state.step = view.turn, view.active, view.phase, view.step
    state.totals = {p: dict(t) for p, t in view.totals.items()}
    # copies the copy's own changes cannot reach back through (JSON-like data: quicker than deepcopy)
    state.data = frozen_copy(view.data)
    state.lists = frozen_copy(view.lists)
    pools = unseen_pools(view, knowledge)
    for pool in pools.values():
        rng.shuffle(pool)
    fallback = _fallbacks(view)
    known = [c.iid for cards in view.zones.values() for c in cards if c.iid is not None]
    next_iid = max([0, *known, *reserved_iids]) + 1
    for zid, cards in view.zones.items():
        zone = state.zone(zid)
        for card in cards:
            if card.iid is not None and card.card_id is not None:
                iid, card_id = card.iid, card.card_id
                props = frozen_copy(card.props) if card.props else {}
            else:
                iid, next_iid = next_iid, next_iid + 1
                card_id = _imagine(card.owner, pools, fallback, rng)
                props = {}
            instance = CardInstance(iid, card_id, card.owner, card.controller, zid, card.tapped,
                                    card.face_down, dict(card.counters), props)
            state.cards[iid] = instance
            zone.cards.append(iid)
            if card.card_id is not None and not _shown_by_zone(state, iid, view.viewer):
                instance.revealed_to.add(view.viewer or "all")
    state.next_iid = next_iid
    return state


def _shown_by_zone(state: GameState, iid: int, viewer: str | None) -> bool:
    card = state.cards[iid]
    policy = state.zones[card.zone].spec.visibility
    if policy is Visibility.HIDDEN:
        return False
    if policy is Visibility.OWNER:
        return viewer is not None and viewer == state.zones[card.zone].owner
    return not card.face_down or viewer == card.controller


def _fallbacks(view: View) -> dict[str, list[str]]:
    seen: dict[str, list[str]] = {}
    for cards in view.zones.values():
        for card in cards:
            if card.card_id is not None:
                seen.setdefault(card.owner, []).append(card.card_id)
    return {owner: sorted(ids) for owner, ids in seen.items()}


def _imagine(owner: str, pools: dict[str, list[str]], fallback: Mapping[str, Sequence[str]],
             rng: random.Random) -> str:
    pool = pools.get(owner)
    if pool:
        return pool.pop()
    seen = fallback.get(owner)
    return rng.choice(seen) if seen else FILLER


def determinized_game(view: View, knowledge: Knowledge, rng: random.Random,
                      reserved_iids: Iterable[int] = ()) -> Game:
    """Return a Game around a determinised state, ready for `submit` and `undo` lookahead."""
    state = determinize(view, knowledge, rng, reserved_iids)
    config = GameConfig(game=view.game_id, format=knowledge.format, options=dict(knowledge.options),
                        seats={p: "human" for p in state.players})
    game = Game(knowledge.rules, state, config, {})
    game.reseeds_new_branches = False   # lookahead undoes to compare moves: the copy stays reproducible and quick
    return game
