"""Race: a tiny two-player test game for the bots — play a creature a turn, attack, burn life to 0."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from tabletop.engine.cards import CardDefinition
from tabletop.engine.commands import CardId, Choose, Command
from tabletop.engine.decision import Decision
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.rules import GameConfig, GameRules
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.zones import Visibility, ZoneSpec, zone_id

HAND_LIMIT = 5
OPENING_HAND = 3


@dataclass(frozen=True, kw_only=True)
class PlayCard(Command):
    """Put a creature from your hand onto the field (one a turn)."""

    card: CardId


@dataclass(frozen=True, kw_only=True)
class Attack(Command):
    """Deal the total power of your field to the opponent's life (once a turn)."""


@dataclass(frozen=True, kw_only=True)
class EndTurn(Command):
    """End your turn; the opponent draws a card and may have to discard down to the hand limit."""


class RaceRules(GameRules):
    """Race: life 10; whoever reaches 0 life, or must draw from an empty deck, loses."""

    id: ClassVar[str] = "race"
    name: ClassVar[str] = "Race"
    stat_keys: ClassVar[tuple[str, ...]] = ("power",)
    commands: ClassVar[tuple[type[Command], ...]] = (PlayCard, Attack, EndTurn)
    default_totals: ClassVar[dict[str, int]] = {"life": 10}
    phases: ClassVar[tuple[str, ...]] = ("main",)

    def zone_specs(self, game_format: str) -> Sequence[ZoneSpec]:
        return (ZoneSpec("deck", Visibility.HIDDEN), ZoneSpec("hand", Visibility.OWNER, layout="fan"),
                ZoneSpec("field", Visibility.PUBLIC, layout="grid"), ZoneSpec("discard", Visibility.PUBLIC))

    def setup(self, tx: Transaction, config: GameConfig) -> None:
        self.place_decks(tx, config)
        for player in tx.state.players:
            for _ in range(OPENING_HAND):
                self._draw(tx, player)
        tx.set_table("phase", "main")

    def _draw(self, tx: Transaction, player: str) -> None:
        deck = tx.state.zones[zone_id(player, "deck")].cards
        if not deck:
            tx.set_data("outcome", {"winner": tx.state.opponent(player), "reason": f"{player} could not draw"})
            return
        tx.move(deck[0], zone_id(player, "hand"), None)

    def pending_decision(self, state: GameState) -> Decision | None:
        player = state.active
        hand = state.zones[zone_id(player, "hand")].cards
        if len(hand) > HAND_LIMIT:
            return Decision(player, "discard", "pick", "discard a card", tuple(hand), 1, 1, "hand limit")
        return Decision(player, "main", "act", f"{player} plays")

    def advance_command(self, state: GameState, decision: Decision) -> Command | None:
        return EndTurn(by=decision.player) if decision.kind == "act" else None

    def legal_commands(self, state: GameState, player: str) -> list[Command]:
        decision = self.pending_decision(state)
        if decision is None or decision.player != player or decision.kind != "act":
            return []
        commands: list[Command] = [EndTurn(by=player)]
        if not state.data.get("played"):
            commands += [PlayCard(by=player, card=i) for i in state.zones[zone_id(player, "hand")].cards]
        if not state.data.get("attacked") and state.zones[zone_id(player, "field")].cards:
            commands.append(Attack(by=player))
        return commands

    def resolve(self, tx: Transaction, command: Command) -> None:
        state = tx.state
        player = command.by
        decision = self.pending_decision(state)
        if decision is not None and decision.kind == "pick":
            if not isinstance(command, Choose) or len(command.picks) != 1 or command.picks[0] not in decision.options:
                raise IllegalCommand("hand limit", "choose one card in your hand to discard")
            tx.move(int(command.picks[0]), zone_id(player, "discard"))
            return
        if isinstance(command, PlayCard):
            if state.data.get("played"):
                raise IllegalCommand("one creature a turn", "you already played a creature this turn")
            if state.cards[command.card].zone != zone_id(player, "hand"):
                raise IllegalCommand("play from hand", "that card is not in your hand")
            tx.move(command.card, zone_id(player, "field"), None)
            tx.set_data("played", True)
        elif isinstance(command, Attack):
            if state.data.get("attacked"):
                raise IllegalCommand("one attack a turn", "you already attacked this turn")
            power = sum(state.definition(i).stat("power") for i in state.zones[zone_id(player, "field")].cards)
            opponent = state.opponent(player)
            tx.add_total(opponent, "life", -power)
            tx.set_data("attacked", True)
            if state.total(opponent, "life") <= 0:
                tx.set_data("outcome", {"winner": player, "reason": f"{opponent} has no life left"})
        elif isinstance(command, EndTurn):
            nxt = state.opponent(player)
            tx.set_data("played", None)
            tx.set_data("attacked", None)
            tx.set_table("turn", state.turn + 1)
            tx.set_table("active", nxt)
            self._draw(tx, nxt)
        else:
            raise IllegalCommand("race", f"race has no command {command.command_name()}")


def race_cards() -> list[CardDefinition]:
    """Return the race test cards: creatures of power 1 to 4."""
    return [CardDefinition(id=f"c{p}", game="race", name=f"Creature {p}", card_type="creature", stats={"power": p})
            for p in (1, 2, 3, 4)]


def race_deck() -> dict[str, list[str]]:
    """Return a 20-card race deck."""
    return {"main": [f"c{p}" for p in (1, 2, 3, 4) for _ in range(5)]}
