"""The Grand Archive command vocabulary (scenario files and records use these names)."""
from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.commands import CardId, Command


@dataclass(frozen=True, kw_only=True)
class ActivateCard(Command):
    """Activate a card from your hand (GA 9.5): its targets and its reserve payment are chosen next.

    `brew` pays by Brew's alternative cost (seed Brew 1); `prepare` removes Prepare N counters (seed Prepare 1);
    `imbue` reveals the reserved cards for Imbue (seed Imbue 1).
    """

    card: CardId
    brew: bool = False
    prepare: bool = False
    imbue: bool = False


@dataclass(frozen=True, kw_only=True)
class Materialize(Command):
    """Materialize a champion or regalia card from your material deck, paying its memory cost (GA 9.6)."""

    card: CardId


@dataclass(frozen=True, kw_only=True)
class ReturnPreserved(Command):
    """Instead of materializing, return a Preserved card from your material deck to your hand (seed Preserve 4)."""

    card: CardId


@dataclass(frozen=True, kw_only=True)
class DeclareAttack(Command):
    """Declare an attack (GA 7.2): the attacker rests; a champion may wield a weapon; the target defends."""

    attacker: CardId
    target: CardId
    weapon: CardId | None = None


@dataclass(frozen=True, kw_only=True)
class ActivateAbility(Command):
    """Activate an activated ability of a card: on the field, or Lineage Release in the inner lineage (GA 10.1)."""

    card: CardId
    ability: int = 0
