"""Manual-play rules: a game's real table, phases and draws, with card play done by hand.

Games whose full rules module has not been written yet (Yu-Gi-Oh!, Grand Archive, DreadNought)
still play on their own layout: the turn player passes through the phases in order, the draw
phase draws as the game says, deck-out and zero life end the game; cards move by hand
(ManualMove and the other manual commands), which the log marks as outside the rules.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tabletop.engine.commands import Command, PassPriority
from tabletop.engine.decision import Decision
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.rules import GameConfig, GameRules
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.turns import Phase, TurnStructure
from tabletop.engine.zones import zone_id


class ManualPlayRules(GameRules):
    """Phases, draws and losses by the rules; everything else by hand.

    Subclasses set: `turn` (TurnStructure), `draw_phase`/`draw_count`, `opening_hand`,
    `first_turn_skips_draw`, `life_total` (the total whose reaching 0 loses, or ""), and the
    rule citations `draw_rule`, `deck_out_rule`, `life_rule`.
    """

    turn: ClassVar[TurnStructure] = TurnStructure([Phase("main")])
    draw_phase: ClassVar[str] = ""
    draw_count: ClassVar[int] = 1
    opening_hand: ClassVar[int] = 5
    first_turn_skips_draw: ClassVar[bool] = True
    life_total: ClassVar[str] = ""
    draw_rule: ClassVar[str] = ""
    deck_out_rule: ClassVar[str] = ""
    life_rule: ClassVar[str] = ""

    def setup(self, tx: Transaction, config: GameConfig) -> None:
        self.place_decks(tx, config)
        self.place_extra(tx, config)
        for player in tx.state.players:
            self.draw(tx, player, self.opening_hand, self.draw_rule)
        tx.set_table("turn", 1)
        tx.set_table("active", tx.state.players[0])
        self.turn.enter(tx, *self.turn.first())
        self.on_phase_start(tx)

    def place_extra(self, tx: Transaction, config: GameConfig) -> None:
        """Put cards that start on the table (casters, champions) where they belong."""

    def after_scenario_setup(self, tx: Transaction, setup: Mapping[str, Any]) -> None:
        if not tx.state.phase:
            self.turn.enter(tx, *self.turn.first())

    @property
    def phases(self) -> tuple[str, ...]:  # type: ignore[override]
        return self.turn.names

    def draw(self, tx: Transaction, player: str, count: int, rule: str) -> bool:
        """Draw `count` cards; a player who must draw from an empty deck loses. False if they lost."""
        deck = zone_id(player, self.deck_zone)
        hand = zone_id(player, self.hand_zone)
        for _ in range(count):
            cards = tx.state.zones[deck].cards
            if not cards:
                tx.set_data("outcome", {"winner": tx.state.opponent(player),
                                        "reason": f"{player} had to draw from an empty deck ({self.deck_out_rule})"})
                tx.log(f"{player} cannot draw and loses", self.deck_out_rule)
                return False
            tx.move(cards[0], hand, None)
        return True

    def on_phase_start(self, tx: Transaction) -> None:
        """Carry out what happens by rule as a phase starts (the draw)."""
        state = tx.state
        if state.phase != self.draw_phase or not self.draw_phase:
            return
        if self.first_turn_skips_draw and state.turn == 1:
            tx.log(f"{state.active} does not draw on the first turn", self.draw_rule)
            return
        if self.draw(tx, state.active, self.draw_count, self.draw_rule):
            tx.log(f"{state.active} draws {self.draw_count}", self.draw_rule)

    def pending_decision(self, state: GameState) -> Decision | None:
        if self.outcome(state) is not None:
            return None
        step = f" ({state.step})" if state.step else ""
        return Decision(state.active, "main", "act", prompt=f"{state.active}: {state.phase}{step} — play by hand, "
                        "then pass to the next phase")

    def advance_label(self, state: GameState, decision: Decision) -> str:
        following = self.turn.following(state.phase, state.step) if state.phase else None
        if following is None:
            return "End the turn"
        phase, step = following
        return f"Go to {phase.replace('_', ' ')}" + (f" ({step.replace('_', ' ')})" if step else "")

    def legal_commands(self, state: GameState, player: str) -> list[Command]:
        if player != state.active or self.outcome(state) is not None:
            return []
        return [PassPriority(by=player)]

    def resolve(self, tx: Transaction, command: Command) -> None:
        if not isinstance(command, PassPriority):
            raise IllegalCommand(self.name, f"{command.command_name()} is not played by the rules yet in "
                                            f"{self.name}; move the cards by hand")
        if command.by != tx.state.active:
            raise IllegalCommand(self.name, f"only {tx.state.active}, the turn player, moves to the next phase")
        self.turn.advance(tx)
        self.on_phase_start(tx)
        self.check_life(tx)

    def after_manual(self, tx: Transaction) -> None:
        self.check_life(tx)

    def check_life(self, tx: Transaction) -> None:
        """End the game when a player's life total reaches 0 (both at once: a draw)."""
        if not self.life_total or "outcome" in tx.state.data:
            return
        losers = [p for p in tx.state.players if tx.state.total(p, self.life_total) <= 0]
        if not losers:
            return
        winner = None if len(losers) == 2 else tx.state.opponent(losers[0])
        tx.set_data("outcome", {"winner": winner, "reason": f"{' and '.join(losers)} reached 0 {self.life_total} "
                                                            f"({self.life_rule})"})
        tx.log(f"{' and '.join(losers)} reached 0 {self.life_total}", self.life_rule)
