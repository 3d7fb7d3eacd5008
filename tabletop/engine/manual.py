"""Manual override: the engine's own commands that move anything anywhere, outside the rules."""
from __future__ import annotations

from tabletop.engine.commands import (
    AdjustTotal, Command, DrawCards, MakeToken, ManualMove, Reveal, SetCounter, SetState, Shuffle,
)
from tabletop.engine.command_labels import zone_label
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.rules import GameRules
from tabletop.engine.tokens import read_traits
from tabletop.engine.transaction import Transaction
from tabletop.engine.zones import zone_id

MANUAL = "manual"  # the "rule" named by refusals of manual commands


def find_zone(tx: Transaction, player: str, name: str) -> str:
    """Return the zone id for `name`, a full id (`p2.drop`) or one of `player`'s zones (`drop`)."""
    if name in tx.state.zones:
        return name
    zid = zone_id(player, name)
    if zid in tx.state.zones:
        return zid
    raise IllegalCommand(MANUAL, f"there is no zone called {name!r}")


def resolve_manual(rules: GameRules, tx: Transaction, command: Command) -> None:
    """Carry out a manual command and log it as play outside the rules."""
    state = tx.state
    if isinstance(command, ManualMove):
        _card(tx, command.card)
        target = find_zone(tx, command.by, command.to)
        zone = state.zones[target]
        if zone.is_full() and state.cards[command.card].zone != target:
            raise IllegalCommand(MANUAL, f"{zone.name} already holds {zone.spec.capacity} card(s)")
        index = None if command.index < 0 else command.index
        tx.move(command.card, target, index)
        if command.face_down is not None:
            tx.set_field(command.card, "face_down", command.face_down)
        shown = state.is_visible_to(command.card, None)
        name = state.definition(command.card).name if shown else "a card"
        tx.log(f"{command.by} moved {name} to {zone_label(state, target)} by hand")
    elif isinstance(command, SetCounter):
        _card(tx, command.card)
        tx.set_counter(command.card, command.name, command.value)
        tx.log(f"{command.by} set {command.name} counters on {_name(tx, command.card)} to {command.value}")
    elif isinstance(command, SetState):
        _card(tx, command.card)
        if command.state in rules.tap_words or command.state == "tapped":
            tx.set_field(command.card, "tapped", command.value)
        elif command.state == "face_down":
            tx.set_field(command.card, "face_down", command.value)
        elif command.state in rules.card_states:
            states = set(state.cards[command.card].props.get("states", []))
            states = states | {command.state} if command.value else states - {command.state}
            tx.set_prop(command.card, "states", sorted(states) or None)
        else:
            raise IllegalCommand(MANUAL, f"{rules.name} cards have no state {command.state!r}")
        name = _name(tx, command.card)
        if command.state == "face_down":
            tx.log(f"{command.by} turned {name} face {'down' if command.value else 'up'}")
        else:  # in the game's own word: "p1 marked Test Knight dull", "… no longer rest"
            word = rules.tap_words[0] if command.state == "tapped" else command.state
            tx.log(f"{command.by} marked {name} {'' if command.value else 'no longer '}{word}")
    elif isinstance(command, AdjustTotal):
        if command.player not in state.players:
            raise IllegalCommand(MANUAL, f"there is no player {command.player!r}")
        tx.add_total(command.player, command.name, command.delta)
        tx.log(f"{command.by} changed {command.player}'s {command.name} by {command.delta:+d}")
    elif isinstance(command, Shuffle):
        target = find_zone(tx, command.by, command.zone)
        tx.shuffle(target)
        tx.log(f"{command.by} shuffled {zone_label(state, target)}")
    elif isinstance(command, DrawCards):
        if command.count < 0:
            raise IllegalCommand(MANUAL, "cannot draw a negative number of cards")
        deck = find_zone(tx, command.by, rules.deck_zone)
        hand = find_zone(tx, command.by, rules.hand_zone)
        drawn = 0
        for _ in range(command.count):
            if not state.zones[deck].cards:
                break
            tx.move(state.zones[deck].cards[0], hand, None)
            drawn += 1
        tx.log(f"{command.by} drew {drawn} card(s) by hand")
    elif isinstance(command, Reveal):
        _card(tx, command.card)
        if command.to != "all" and command.to not in state.players:
            raise IllegalCommand(MANUAL, f"cannot reveal to {command.to!r}")
        # the log is everyone's: it names the card when all now see it, or both the revealer and the one shown
        known = command.to == "all" or state.is_visible_to(command.card, command.by)
        tx.reveal(command.card, command.to)
        tx.log(f"{command.by} revealed {state.definition(command.card).name if known else 'a card'} to {command.to}")
    elif isinstance(command, MakeToken):
        make_token(rules, tx, command)
    else:
        raise IllegalCommand(MANUAL, f"{command.command_name()} is not a manual command")


def make_token(rules: GameRules, tx: Transaction, command: MakeToken) -> None:
    """Make a token by hand: its definition joins the library (once: the same facts name the same card), the token
    enters the zone owned by that zone's player, and the game applies its rules to it (`GameRules.token_made`)."""
    state = tx.state
    name = command.name.strip()
    if not name:
        raise IllegalCommand(MANUAL, "a token needs a name")
    target = find_zone(tx, command.by, command.to)
    zone = state.zones[target]
    if zone.is_full():
        raise IllegalCommand(MANUAL, f"{zone.name} already holds {zone.spec.capacity} card(s)")
    try:
        definition = rules.token_definition(name, read_traits(command.traits, rules.token_traits))
    except ValueError as error:
        raise IllegalCommand(MANUAL, str(error)) from None
    if state.library.get(definition.id) != definition:   # a library is shared by the tables made from it: add once
        state.library.add(definition)
    iid = tx.create_token(definition.id, zone.owner or command.by, target, 0)
    tx.set_field(iid, "tapped", command.tapped)
    rules.token_made(tx, iid)
    tx.log(f"{command.by} made a token, {name}, in {target} by hand")


def _card(tx: Transaction, iid: int) -> None:
    if iid not in tx.state.cards:
        raise IllegalCommand(MANUAL, f"there is no card #{iid}")


def _name(tx: Transaction, iid: int) -> str:
    return tx.state.definition(iid).name if tx.state.is_visible_to(iid, None) else "a hidden card"
