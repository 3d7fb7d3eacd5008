"""Abilities by hand: the printed abilities a card-text compiler left uncompiled, used and carried out by hand.

A game offers `UseAbilityByHand` at the times the ability's printed timing allows (an action ability when its
controller could act, an automatic one when its controller announces that it triggered), puts it on its stack or
resolves it as it does its own abilities, and where the ability resolves asks its controller to carry the text out
with manual moves (`ask_carried_out`): the game waits until they answer Done. Everything is logged as by hand and
undoable like any other command.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from tabletop.engine import procedure
from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.commands import UseAbilityByHand
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.library_index import PerLibrary
from tabletop.engine.state import GameState
from tabletop.engine.text_compilation import BY_HAND
from tabletop.engine.transaction import Transaction

DONE = "done"
RULE = "by hand"  # what a refusal or the log names: the player carries out what the rules cannot
# the timing of an ability by hand, read from its printed text by the game (`timing` of each game)
ACTION, AUTO, CONTINUOUS = "action", "auto", "continuous"


def printed_by_hand(definition: CardDefinition) -> tuple[str, ...]:
    """Return the printed text of each of a card's abilities that its game's rules carry out only by hand."""
    found = definition.attributes.get(BY_HAND) or ()
    return tuple(str(text) for text in found) if isinstance(found, (list, tuple)) else ()


def short_text(text: str, limit: int = 60) -> str:
    """Return an ability's text cut to fit a menu entry or a log line (whole words, then an ellipsis)."""
    flat = re.sub(r"\s+", " ", text).strip()
    if len(flat) <= limit:
        return flat
    return flat[:limit].rsplit(" ", 1)[0] + "…"


def _cards_by_hand(library: CardLibrary) -> frozenset[str]:
    """Return the ids of the library's cards with an ability by hand."""
    return frozenset(card_id for card_id in library if library[card_id].attributes.get(BY_HAND))


_CARDS_BY_HAND: PerLibrary[frozenset[str]] = PerLibrary(_cards_by_hand)


def cards_by_hand(library: CardLibrary) -> frozenset[str]:
    """Return the ids of the library's cards with an ability by hand (none in most libraries: a game may skip
    gathering the cards to offer)."""
    entry = library.derived.get(_CARDS_BY_HAND)  # PerLibrary's lookup, inlined: asked at every decision
    return entry[1] if entry is not None and entry[0] == library.version else _CARDS_BY_HAND(library)


def offers(state: GameState, player: str, cards: Iterable[int], usable: tuple[str, ...],
           timing_of: Callable[[str], str],
           is_usable_where: Callable[[int, str], bool] | None = None) -> list[UseAbilityByHand]:
    """Return a `UseAbilityByHand` for each ability by hand of `cards` whose timing is one of `usable`.

    `is_usable_where(card, text)`: whether the ability may be used with its card where it is (default: anywhere).
    """
    library = state.library
    by_hand = cards_by_hand(library)
    if not by_hand:
        return []  # most libraries: every ability compiled, or none printed
    found = []
    instances = state.cards
    for iid in cards:
        card_id = instances[iid].card_id
        if card_id not in by_hand:
            continue  # most cards have none
        definition = library[card_id]
        for index, text in enumerate(printed_by_hand(definition)):
            if timing_of(text) in usable and (is_usable_where is None or is_usable_where(iid, text)):
                found.append(UseAbilityByHand(by=player, card=iid, ability=index))
    return found


def ability_text(state: GameState, command: UseAbilityByHand, rule: str) -> str:
    """Return the printed text a `UseAbilityByHand` names; IllegalCommand citing `rule` when there is none."""
    card = state.cards.get(command.card)
    if card is None:
        raise IllegalCommand(rule, "there is no such card")
    texts = printed_by_hand(state.definition(command.card))
    if not 0 <= command.ability < len(texts):
        raise IllegalCommand(rule, f"{state.definition(command.card).name} has no ability to use by hand "
                                   f"numbered {command.ability}")
    return texts[command.ability]


def carry_out(tx: Transaction, frame: int, player: str, name: str, text: str, done_line: str, rule: str = RULE) -> bool:
    """Run a step of an ability by hand: ask `player` to carry `text` out (False: the step waits), then, once they
    answered Done, log `done_line` citing `rule` (True)."""
    if procedure.take_answer(tx, frame) is None:
        return ask_carried_out(tx, frame, player, name, text)
    tx.log(done_line, rule)
    return True


def ask_carried_out(tx: Transaction, frame: int, player: str, name: str, text: str, key: str | None = None) -> bool:
    """Ask `player` to carry out an ability's text by hand and answer Done; returns False (the step waits)."""
    extra = {"key": key} if key is not None else {}
    return procedure.ask(tx, frame, player, "by_hand", "pick",
                         f"{name}: do by hand what it says — “{short_text(text, 200)}” — then choose Done",
                         [DONE], 1, 1, RULE, labels=["Done"], **extra)

