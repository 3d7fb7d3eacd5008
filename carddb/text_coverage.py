"""How much of a game's card pool its text compiler enforces: the share of cards whose every ability compiles."""
from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from tabletop.engine.cards import CardDefinition
from tabletop.engine.rules import GameRules

TOP_CLAUSES = 30


@dataclass(frozen=True)
class TypeCoverage:
    """The cards of one card type: how many there are and how many are fully enforced."""

    card_type: str
    cards: int
    enforced: int

    @property
    def share(self) -> float:
        """Return the enforced share, 0..1 (1 for no cards)."""
        return self.enforced / self.cards if self.cards else 1.0


@dataclass(frozen=True)
class TextCoverage:
    """A game's coverage: by card type, overall, the most frequent clauses left by hand, the compile time."""

    game: str
    by_type: tuple[TypeCoverage, ...]
    unknown_clauses: tuple[tuple[str, int], ...] = ()
    seconds: float = 0.0
    abilities_by_hand: int = 0

    @property
    def cards(self) -> int:
        """Return how many cards were compiled."""
        return sum(t.cards for t in self.by_type)

    @property
    def enforced(self) -> int:
        """Return how many cards have every ability compiled (a card without abilities: its text prints none)."""
        return sum(t.enforced for t in self.by_type)

    def lines(self) -> list[str]:
        """Return the report as lines for a terminal."""
        share = self.enforced / self.cards if self.cards else 1.0
        result = [f"{self.game}: {self.enforced} of {self.cards} cards fully enforced ({share:.1%}); "
                  f"{self.abilities_by_hand} printed abilities by hand; "
                  f"compiled in {self.seconds:.2f} s (CPU)",
                  "by card type:"]
        result += [f"  {t.card_type:12} {t.enforced:5} of {t.cards:5}  {t.share:6.1%}" for t in self.by_type]
        if self.unknown_clauses:
            result.append(f"the {len(self.unknown_clauses)} most frequent clauses not compiled "
                          "(card names as <name>, numbers as N):")
            result += [f"  {count:5}  {clause}" for clause, count in self.unknown_clauses]
        return result


def text_coverage(rules: GameRules, cards: Iterable[CardDefinition]) -> TextCoverage | None:
    """Compile every card's text with the game's compiler and count; None when the game has no compiler."""
    cards = list(cards)
    started = time.process_time()  # the compiler's CPU time: on a busy machine, what it would take alone
    compiled = [(card, rules.compile_text(card)) for card in cards]
    seconds = time.process_time() - started
    if any(result is None for _, result in compiled):
        return None
    totals: Counter[str] = Counter()
    enforced: Counter[str] = Counter()
    clauses: Counter[str] = Counter()
    by_hand = 0
    for card, result in compiled:
        assert result is not None
        totals[card.card_type] += 1
        enforced[card.card_type] += result.is_fully_enforced
        clauses.update(result.unknown_clauses)
        by_hand += len(result.by_hand)
    by_type = tuple(TypeCoverage(kind, totals[kind], enforced[kind]) for kind in sorted(totals))
    return TextCoverage(rules.id, by_type, tuple(clauses.most_common(TOP_CLAUSES)), seconds, by_hand)
