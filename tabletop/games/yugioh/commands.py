"""Yu-Gi-Oh! commands: summons, Sets, positions, activations, attacks."""
from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.commands import CardId, Command


@dataclass(frozen=True, kw_only=True)
class NormalSummon(Command):
    """Normal Summon a monster from your hand in face-up Attack Position, Tributing `tributes` (YGO 5.7)."""

    card: CardId
    tributes: tuple[CardId, ...] = ()


@dataclass(frozen=True, kw_only=True)
class SetMonster(Command):
    """Set a monster from your hand face-down in Defense Position, Tributing `tributes` (YGO 5.7)."""

    card: CardId
    tributes: tuple[CardId, ...] = ()


@dataclass(frozen=True, kw_only=True)
class FlipSummon(Command):
    """Flip Summon your face-down Defense Position monster to face-up Attack Position (YGO 5.7)."""

    card: CardId


@dataclass(frozen=True, kw_only=True)
class ChangePosition(Command):
    """Change your face-up monster between Attack and Defense Position (YGO 5.3)."""

    card: CardId


@dataclass(frozen=True, kw_only=True)
class SetSpellTrap(Command):
    """Set a Spell or Trap from your hand face-down in your Spell & Trap Zone (or a Field Spell in the Field Zone)."""

    card: CardId


@dataclass(frozen=True, kw_only=True)
class ActivateCard(Command):
    """Activate a Spell or Trap from your hand or your field, or a Pendulum Monster from your hand as a Scale (YGO 7)."""

    card: CardId


@dataclass(frozen=True, kw_only=True)
class ActivateEffect(Command):
    """Declare an uncoded effect of your face-up card: an Ignition Effect, or a Quick Effect (`quick`); carried out
    by hand when its chain link resolves."""

    card: CardId
    quick: bool = False


@dataclass(frozen=True, kw_only=True)
class DeclareAttack(Command):
    """Attack with your face-up Attack Position monster: a monster your opponent controls, or directly (no target)."""

    attacker: CardId
    target: CardId | None = None


@dataclass(frozen=True, kw_only=True)
class SpecialSummon(Command):
    """Special Summon a monster by its built-in procedure (Synchro, Xyz, Link) from your Extra Deck, using `materials`."""

    card: CardId
    materials: tuple[CardId, ...] = ()


@dataclass(frozen=True, kw_only=True)
class PendulumSummon(Command):
    """Pendulum Summon monsters from your hand and face-up from your Extra Deck at once (YGO 5.7)."""

    cards: tuple[CardId, ...]


@dataclass(frozen=True, kw_only=True)
class FusionSummonByHand(Command):
    """While you carry out by hand an effect whose text Fusion Summons (a real Fusion Spell), Fusion Summon by the
    rules: choose a Fusion Monster of your Extra Deck and its materials from your hand or field (YGO 5.7)."""


COMMANDS: tuple[type[Command], ...] = (NormalSummon, SetMonster, FlipSummon, ChangePosition, SetSpellTrap,
                                       ActivateCard, ActivateEffect, DeclareAttack, SpecialSummon, PendulumSummon,
                                       FusionSummonByHand)
