"""The FFTCG command vocabulary (the names scenario files and records use).

CP is paid with `discards` (cards from hand, 2 CP each) and `backups` (your active Backups to
dull, 1 CP each); `legal_commands` offers each play with an obvious payment filled in.
"""
from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.commands import CardId, Command


@dataclass(frozen=True, kw_only=True)
class PlayCharacter(Command):
    """Play a Forward, Backup or Monster from your hand (a special action; Back Attack any time you may)."""

    card: CardId
    discards: tuple[CardId, ...] = ()
    backups: tuple[CardId, ...] = ()


@dataclass(frozen=True, kw_only=True)
class CastSummon(Command):
    """Cast a Summon from your hand onto the stack, choosing its targets (and mode) and paying its cost."""

    card: CardId
    discards: tuple[CardId, ...] = ()
    backups: tuple[CardId, ...] = ()
    targets: tuple[CardId, ...] = ()
    mode: int | None = None


@dataclass(frozen=True, kw_only=True)
class UseAbility(Command):
    """Use an action or special ability (index into the card's effects) of a card you control."""

    card: CardId
    ability: int = 0
    discards: tuple[CardId, ...] = ()
    backups: tuple[CardId, ...] = ()
    targets: tuple[CardId, ...] = ()
    mode: int | None = None
    name_discard: CardId | None = None
    cost_discards: tuple[CardId, ...] = ()  # the cards a cost "discard N cards" discards (not CP: FFTCG 11.6.2)
    x: int = 0  # the X of a cost with X (FFTCG 4.5: its controller chooses it)
    # the cards a cost puts from the field into the Break Zone or removes from the Break Zone (FFTCG 11.6.2)
    cost_cards: tuple[CardId, ...] = ()


@dataclass(frozen=True, kw_only=True)
class DeclareAttack(Command):
    """Declare one of your active Forwards as the attacker."""

    attacker: CardId


@dataclass(frozen=True, kw_only=True)
class DeclareParty(Command):
    """Declare two or more of your Forwards of one element as an attacking Party."""

    attackers: tuple[CardId, ...]


@dataclass(frozen=True, kw_only=True)
class DeclareBlock(Command):
    """Block the attack with one of your active Forwards, or (blocker null) do not block."""

    blocker: CardId | None = None


@dataclass(frozen=True, kw_only=True)
class SplitDamage(Command):
    """As the blocking player, split your blocker's damage among the Party members in steps of 1000."""

    cards: tuple[CardId, ...]
    amounts: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class RepeatLoop(Command):
    """Shorten an endless loop of an action ability by naming how many more times it runs.

    FFTCG 13.2: when only you can stop it, it runs that often. With `shared` (both players can
    stop it, FFTCG 13.3) the turn player names first, the other player then names a number too,
    and the lower number is used.
    """

    card: CardId
    ability: int = 0
    times: int = 1
    shared: bool = False


FFTCG_COMMANDS: tuple[type[Command], ...] = (
    PlayCharacter, CastSummon, UseAbility, DeclareAttack, DeclareParty, DeclareBlock, SplitDamage, RepeatLoop,
)
