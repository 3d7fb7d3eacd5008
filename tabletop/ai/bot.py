"""The bot protocol and what a seat legitimately knows before the game starts."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from tabletop.engine.cards import CardLibrary
from tabletop.engine.commands import Command
from tabletop.engine.decision import Decision
from tabletop.engine.rules import GameRules
from tabletop.engine.view import View


class Bot(Protocol):
    """A computer player: given what its player sees, it picks one of the commands it may submit.

    Contract: `view` is `view_for(state, player)` — the bot never receives the game state, so it
    cannot read a hidden card. The returned command is one of `legal_commands`, or (when that
    list is empty) an answer built from `decision` alone.
    """

    def choose(self, view: View, decision: Decision, legal_commands: Sequence[Command]) -> Command:
        """Return the command to submit for `decision`."""
        ...


@dataclass
class Knowledge:
    """What a seat knows without looking at the table: the rules, the card pool and its own deck.

    `rules` is the bot's private instance (used only on determinised copies); `library` is the
    card pool (the card database is public); `own_deck[section]` lists the seat's own card ids.
    `opponent_deck`, when given, is a guess at the opponent's list (e.g. a known bundled deck);
    without it the opponent's hidden cards are imagined from the cards of theirs already seen.
    """

    player: str
    rules: GameRules
    library: CardLibrary
    format: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)
    own_deck: Mapping[str, Sequence[str]] = field(default_factory=dict)
    opponent_deck: Mapping[str, Sequence[str]] | None = None
