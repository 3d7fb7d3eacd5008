"""DreadNought's commands: the speed, cast, fast and action actions of digest §5–6 and the ability plays of §7."""
from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.commands import CardId, Command


@dataclass(frozen=True, kw_only=True)
class GearChange(Command):
    """Discard your speed card and put a card from your hand closed into the Speed Area (DN 5.1, once a turn)."""

    card: CardId


@dataclass(frozen=True, kw_only=True)
class CastUnit(Command):
    """Cast a unit from hand or an open speed card into a unit slot, checking `pay` for its log-cost (DN 5.3 a).

    `cost_help` is a card whose 《Cost》 ability lowers that log-cost (DN 7.2: just before a card's cost is determined).
    """

    card: CardId
    side: str
    pay: tuple[CardId, ...] = ()
    cost_help: CardId | None = None


@dataclass(frozen=True, kw_only=True)
class CastDummy(Command):
    """Put a card from hand closed and checked into a unit slot as a 50 BP size-S dummy (DN 5.3 b)."""

    card: CardId
    side: str


@dataclass(frozen=True, kw_only=True)
class DiscardUnit(Command):
    """Discard one of your units; this is not a break (DN 5.3 c)."""

    card: CardId


@dataclass(frozen=True, kw_only=True)
class MoveUnit(Command):
    """Move one of your units to your other unit slot (DN 5.3 d)."""

    card: CardId
    side: str


@dataclass(frozen=True, kw_only=True)
class EnchantArms(Command):
    """Enchant an Arms from hand onto one of your casters, at most one each (DN 5.4)."""

    card: CardId
    side: str


@dataclass(frozen=True, kw_only=True)
class UseAbility(Command):
    """Play an activated ability (《Speed》《Cast》《Fast》「Ac」「Re」) of a card, or a code's effect (DN 7.5).

    `ability` is the ability's number on the card; `modes` the numbers of the effects chosen from its list, when it
    has one (DN 7.5 step 2); `target` the card it chooses, if it chooses one, or `targets` and their `shares` of
    what it divides (DN 7.5 step 4); `discard` the cards paid for a discard cost; `cost_help` a card whose 《Cost》
    ability changes this play's cost (once per payment, DN 7.5).
    """

    card: CardId
    ability: int = 0
    modes: tuple[int, ...] = ()
    target: CardId | None = None
    targets: tuple[CardId, ...] = ()
    shares: tuple[int, ...] = ()
    discard: tuple[CardId, ...] = ()
    cost_help: CardId | None = None


@dataclass(frozen=True, kw_only=True)
class Attack(Command):
    """Attack one enemy battle area with units checked as the cost (DN 6.1)."""

    attackers: tuple[CardId, ...]
    side: str


@dataclass(frozen=True, kw_only=True)
class GodDraw(Command):
    """Take a Normal-state Burst card into your hand (DN 5.7)."""

    card: CardId


COMMANDS: tuple[type[Command], ...] = (
    GearChange, CastUnit, CastDummy, DiscardUnit, MoveUnit, EnchantArms, UseAbility, Attack, GodDraw)
