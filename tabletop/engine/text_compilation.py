"""What a card's printed text compiles to: the shared result of every game's card-text compiler."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from tabletop.engine.cards import CardDefinition

# Where a compiled card keeps the printed abilities that did not compile (their text, one per ability):
# `CardDefinition.attributes[BY_HAND]`. The window offers them "by hand"; coverage counts them.
BY_HAND = "by_hand"
# Where a card compiled from its text keeps `CompiledText.compiler`; absent on cards whose effects were written by hand.
COMPILED_BY = "compiled_by"


@dataclass(frozen=True)
class CompiledText:
    """A card's printed text in its game's vocabulary: the keywords and effects understood, and what was not.

    Contract: an ability is compiled whole or not at all (templates, not guesses). `by_hand` holds the
    printed text of each ability that did not compile; `unknown_clauses` the normalised clauses that
    stopped it (for `tabletop db coverage`), so `is_fully_enforced` is true only when nothing is left.
    """

    keywords: Mapping[str, Any] = field(default_factory=dict)
    effects: tuple[Mapping[str, Any], ...] = ()
    by_hand: tuple[str, ...] = ()
    unknown_clauses: tuple[str, ...] = ()
    # The compiler and its version ("fftcg-1"): a card database keeps it with a compiled card
    # (`CardDefinition.attributes[COMPILED_BY]`) and compiles again when the game's compiler is newer.
    compiler: str = ""

    @property
    def is_fully_enforced(self) -> bool:
        """Tell whether every printed ability of the card compiled."""
        return not self.by_hand

    def applied_to(self, card: CardDefinition) -> CardDefinition:
        """Return `card` playing this compiled text: its effects, its keywords added, the abilities left by hand
        (`attributes[BY_HAND]`, only when some are) and the compiler (`attributes[COMPILED_BY]`)."""
        attributes = {k: v for k, v in card.attributes.items() if k not in (BY_HAND, COMPILED_BY)}
        if self.by_hand:
            attributes[BY_HAND] = list(self.by_hand)
        attributes[COMPILED_BY] = self.compiler
        return replace(card, effects=tuple(dict(e) for e in self.effects),
                       keywords={**card.keywords, **self.keywords}, attributes=attributes)
