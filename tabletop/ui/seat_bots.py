"""Seat bots: the AI a seat is given (by difficulty) and the empty chair of goldfish mode."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tabletop.ai.bot import Bot, Knowledge
from tabletop.ai.bots import make_bot
from tabletop.engine.cards import CardDefinition
from tabletop.engine.commands import Choose, Command
from tabletop.engine.decision import Decision
from tabletop.engine.game import Game
from tabletop.engine.view import View
from tabletop.games import find_game

# Difficulty -> (what the window calls it, the bot that plays it). Harder is a longer Monte-Carlo budget.
DIFFICULTIES: dict[str, tuple[str, str]] = {
    "easy": ("Easy", "heuristic"),
    "normal": ("Normal", "montecarlo:300"),
    "hard": ("Hard", "montecarlo:1000"),
}
DEFAULT_DIFFICULTY = "normal"


def seat_difficulty(game: Game, player: str) -> str:
    """Return the difficulty the game's config gives a seat's AI (`options["ai"]`; Normal when it names none)."""
    chosen = (game.config.options.get("ai") or {}).get(player)
    return chosen if chosen in DIFFICULTIES else DEFAULT_DIFFICULTY


def make_seat_bot(game: Game, player: str, seed: int) -> Bot:
    """Return the AI for a seat: it knows the rules, the card pool and its own deck, and sees only its view."""
    config = game.config
    knowledge = Knowledge(player=player, rules=find_game(config.game), library=game.state.library,
                          format=config.format, options=dict(config.options),
                          own_deck={section: list(ids) for section, ids in config.decks.get(player, {}).items()})
    return make_bot(DIFFICULTIES[seat_difficulty(game, player)][1], knowledge, seed)


def unplayable_by_ai(cards: Iterable[CardDefinition]) -> int:
    """Return how many of the given card definitions have rules text their data does not code.

    Such a card's abilities are carried out by hand, which the AI does not do.
    """
    return sum(1 for card in cards if card.text and not card.effects and not card.keywords)


class GoldfishOpponent:
    """The empty chair of goldfish mode: passes whenever it may and gives the smallest answers.

    `advance` is the game's "pass / next phase" command for a decision (rules.advance_command).
    """

    def __init__(self, advance: Any) -> None:
        self.advance = advance

    def choose(self, view: View, decision: Decision, legal_commands: list[Command]) -> Command:
        """Return a pass, or the least answer to a decision."""
        if decision.kind == "act":
            command = self.advance(decision)
            if command is not None:
                return command
            return legal_commands[0] if legal_commands else Choose(by=decision.player)
        if decision.kind == "yesno":
            return Choose(by=decision.player, yes=False)
        if decision.kind == "number":
            return Choose(by=decision.player, number=decision.min)
        if decision.kind == "order":
            return Choose(by=decision.player, picks=tuple(decision.options))
        return Choose(by=decision.player, picks=tuple(decision.options[:decision.min]))
