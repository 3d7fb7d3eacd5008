"""DreadNought table (digest §3) and turn (§5): Speed → Draw → Cast → Fast → Action → End.
Setup by rule (casters in their slots, HP cards from the deck, 7 cards); casters at 0 HP lose
(§1.2). Card play is by hand until the DreadNought rules module exists.

Doubts decided: the draw count of the Draw Phase is unknown (§5.2 [?]); it is 1 here and the
turn belongs to both players, so the log names no first player until the Speed Phase decides it
by hand. HP is the count of cards in a caster's HP slot.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from tabletop.engine.commands import Choose, Command
from tabletop.engine.decision import Decision
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.rules import GameConfig
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.turns import Phase, TurnStructure
from tabletop.engine.zones import Visibility, ZoneSpec, zone_id
from tabletop.games.manual_play import ManualPlayRules

SIDES = ("left", "right")

_ZONES: tuple[ZoneSpec, ...] = (
    *(spec for index, side in enumerate(SIDES) for spec in (
        ZoneSpec(f"caster.{side}", capacity=1, layout="slot", row=1, column=1 + 3 * index, label=f"Caster ({side})"),
        ZoneSpec(f"hp.{side}", Visibility.HIDDEN, layout="pile", row=1, column=2 + 3 * index, label="HP"),
        ZoneSpec(f"units.{side}", capacity=2, layout="grid", row=0, column=1 + 3 * index, label=f"Units ({side})"),
        ZoneSpec(f"arms.{side}", capacity=1, layout="slot", row=0, column=2 + 3 * index, label="Arms"),
    )),
    ZoneSpec("speed", capacity=1, layout="slot", row=1, column=0, label="Speed"),
    ZoneSpec("burst", Visibility.HIDDEN, layout="pile", row=0, column=0, label="Burst"),
    ZoneSpec("deck", Visibility.HIDDEN, layout="pile", row=1, column=7, label="Deck"),
    ZoneSpec("discard", layout="pile", row=0, column=7, label="Discard"),
    ZoneSpec("casters", Visibility.HIDDEN, layout="pile", label="Casters (setup)"),
    ZoneSpec("hand", Visibility.OWNER, layout="fan", label="Hand"),
    ZoneSpec("effects", layout="column", shared=True, label="Effect Area"),
)


class DreadnoughtRules(ManualPlayRules):
    """DreadNought with its table, setup and HP loss by rule; the rest by hand."""

    id: ClassVar[str] = "dreadnought"
    name: ClassVar[str] = "DreadNought"
    stat_keys: ClassVar[tuple[str, ...]] = ("bp", "hp", "sp")  # size (S/M/L) is an attribute, not a number
    tap_words: ClassVar[tuple[str, ...]] = ("check", "checked")
    deck_sections: ClassVar[Mapping[str, str | None]] = {"main": "deck", "casters": "casters", "extra": "casters"}
    turn: ClassVar[TurnStructure] = TurnStructure(
        [Phase(p) for p in ("speed", "draw", "cast", "fast", "action", "end")])
    draw_phase: ClassVar[str] = "draw"
    opening_hand: ClassVar[int] = 7          # DN 4.5
    first_turn_skips_draw: ClassVar[bool] = False
    draw_rule: ClassVar[str] = "DN 5.2"
    deck_out_rule: ClassVar[str] = "DN 1.3"

    def zone_specs(self, game_format: str) -> Sequence[ZoneSpec]:
        return _ZONES

    def place_extra(self, tx: Transaction, config: GameConfig) -> None:
        # DN 4.1–4.3: casters into their slots, then HP cards from the top of the deck.
        for player in tx.state.players:
            casters = list(tx.state.zones[zone_id(player, "casters")].cards)
            for side, iid in zip(SIDES, casters):
                tx.move(iid, zone_id(player, f"caster.{side}"))
                deck = zone_id(player, "deck")
                for _ in range(tx.state.definition(iid).stat("hp", 3)):
                    if tx.state.zones[deck].cards:
                        tx.move(tx.state.zones[deck].cards[0], zone_id(player, f"hp.{side}"), None)
                tx.log(f"{player} sets up {tx.state.definition(iid).name}", "DN 4.3")

    def draw(self, tx: Transaction, player: str, count: int, rule: str) -> bool:
        """Draw; from an empty deck the player takes HP cards instead, choosing which (DN 1.3)."""
        deck = zone_id(player, "deck")
        for drawn in range(count):
            if not tx.state.zones[deck].cards:
                owed = count - drawn
                tx.set_data("hp_draws", {"player": player, "count": owed})
                tx.log(f"{player}'s deck is empty: {player} takes {owed} HP card(s) instead", "DN 1.3")
                self._settle_hp_draws(tx)
                return "outcome" not in tx.state.data
            tx.move(tx.state.zones[deck].cards[0], zone_id(player, "hand"), None)
        return True

    def _hp_choices(self, state: GameState, player: str) -> tuple[int, ...]:
        return tuple(state.zones[zone_id(player, f"hp.{s}")].cards[0]
                     for s in SIDES if state.zones[zone_id(player, f"hp.{s}")].cards)

    def _settle_hp_draws(self, tx: Transaction) -> None:
        """Take owed HP cards automatically while only one caster has any; else wait for the choice."""
        owed = tx.state.data.get("hp_draws")
        while owed:
            choices = self._hp_choices(tx.state, owed["player"])
            if len(choices) > 1:
                return
            if choices:
                tx.move(choices[0], zone_id(owed["player"], "hand"), None)
            owed = {**owed, "count": owed["count"] - 1} if choices and owed["count"] > 1 else None
            tx.set_data("hp_draws", owed)
        self.check_life(tx)

    def pending_decision(self, state: GameState) -> Decision | None:
        owed = state.data.get("hp_draws")
        if owed and self.outcome(state) is None:
            return Decision(owed["player"], "take_hp", "pick", prompt=f"your deck is empty: take an HP card "
                            f"({owed['count']} to take)", options=self._hp_choices(state, owed["player"]),
                            min=1, max=1, rule="DN 1.3")
        return super().pending_decision(state)

    def legal_commands(self, state: GameState, player: str) -> list[Command]:
        decision = self.pending_decision(state)
        if decision is not None and decision.name == "take_hp":
            return [Choose(by=player, picks=(iid,)) for iid in decision.options] if player == decision.player else []
        return super().legal_commands(state, player)

    def resolve(self, tx: Transaction, command: Command) -> None:
        owed = tx.state.data.get("hp_draws")
        if not owed:
            super().resolve(tx, command)
            return
        choices = self._hp_choices(tx.state, owed["player"])
        if not isinstance(command, Choose) or len(command.picks) != 1 or command.picks[0] not in choices:
            raise IllegalCommand("DN 1.3", "your deck is empty: take the top HP card of one of your casters")
        tx.move(int(command.picks[0]), zone_id(owed["player"], "hand"), None)
        tx.set_data("hp_draws", {**owed, "count": owed["count"] - 1} if owed["count"] > 1 else None)
        self._settle_hp_draws(tx)

    def check_life(self, tx: Transaction) -> None:
        # DN 1.2: a player loses when every caster they have is at 0 HP; both at once is a draw.
        state = tx.state
        if "outcome" in state.data:
            return
        losers = [p for p in state.players
                  if any(state.zones[zone_id(p, f"caster.{s}")].cards for s in SIDES)
                  and all(not state.zones[zone_id(p, f"hp.{s}")].cards for s in SIDES)]
        if not losers:
            return
        winner = None if len(losers) == 2 else state.opponent(losers[0])
        tx.set_data("outcome", {"winner": winner, "reason": f"every caster of {' and '.join(losers)} is at 0 HP (DN 1.2)"})
        tx.log(f"every caster of {' and '.join(losers)} is at 0 HP", "DN 1.2")

    def player_fact(self, state, player, key):  # type: ignore[no-untyped-def]
        if key == "hp":
            return sum(len(state.zones[zone_id(player, f"hp.{s}")].cards) for s in SIDES)
        return super().player_fact(state, player, key)
