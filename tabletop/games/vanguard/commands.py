"""The Vanguard command vocabulary (scenario files and records use these names)."""
from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.commands import CardId, Command


@dataclass(frozen=True, kw_only=True)
class Ride(Command):
    """Ride a unit from your hand onto your vanguard (same grade or one higher; VG 5.3)."""

    card: CardId


@dataclass(frozen=True, kw_only=True)
class RideFromRideDeck(Command):
    """Discard a card, then ride the ride-deck card one grade above your vanguard (Standard, VG 5.3)."""

    card: CardId
    discard: CardId


@dataclass(frozen=True, kw_only=True)
class Stride(Command):
    """Discard cards totalling grade 3 and stride a G unit onto your vanguard circle (Premium, VG 5.3).

    `circle` names the circle strode onto; only "vc" is legal (a rear-guard vanguard's RC is refused).
    """

    card: CardId
    discard: tuple[CardId, ...] = ()
    circle: str = "vc"


@dataclass(frozen=True, kw_only=True)
class Call(Command):
    """Call a unit from your hand to a rear-guard circle (grade up to your vanguard's; VG 5.4)."""

    card: CardId
    circle: str


@dataclass(frozen=True, kw_only=True)
class Move(Command):
    """Move a rear-guard to the other circle of its column, swapping with the unit there (VG 5.4)."""

    card: CardId


@dataclass(frozen=True, kw_only=True)
class Activate(Command):
    """Play an [ACT] ability of one of your cards (its number among the card's abilities, from 0)."""

    card: CardId
    ability: int = 0


@dataclass(frozen=True, kw_only=True)
class PlayOrder(Command):
    """Play a normal order from your hand in your main phase (grade up to your vanguard's; VG 5.4)."""

    card: CardId


@dataclass(frozen=True, kw_only=True)
class Attack(Command):
    """Attack an opposing unit with a standing front-row unit, optionally boosted (VG 6.2)."""

    attacker: CardId
    target: CardId
    booster: CardId | None = None


@dataclass(frozen=True, kw_only=True)
class Guard(Command):
    """Call a card from your hand to your guardian circle (no grade limit; VG 6.3)."""

    card: CardId


@dataclass(frozen=True, kw_only=True)
class Intercept(Command):
    """Move a front-row rear-guard with Intercept to your guardian circle (VG 6.3)."""

    card: CardId


@dataclass(frozen=True, kw_only=True)
class GGuard(Command):
    """Discard a Heal trigger and call a G guardian from your G zone to your guardian circle (Premium, VG 6.3)."""

    card: CardId
    discard: CardId


COMMANDS: tuple[type[Command], ...] = (
    Ride, RideFromRideDeck, Stride, Call, Move, Activate, PlayOrder, Attack, Guard, Intercept, GGuard,
)
