"""Grand Archive table (digest §4) and turn (§6): Wake Up → Materialize → Recollection → Draw →
Main → End. Waking up, recollection and the draw happen by rule; the rest is by hand until the
Grand Archive rules module exists.

Doubt decided: the field is one shared zone by rule (GA 4.1); the table shows it as each
controller's half (`p1.field`, `p2.field`), so moving a card across is a change of control.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from tabletop.engine.rules import GameConfig
from tabletop.engine.transaction import Transaction
from tabletop.engine.turns import Phase, TurnStructure
from tabletop.engine.zones import Visibility, ZoneSpec, zone_id
from tabletop.games.manual_play import ManualPlayRules

_ZONES: tuple[ZoneSpec, ...] = (
    ZoneSpec("champion", capacity=1, layout="slot", row=0, column=0, label="Champion"),
    ZoneSpec("field", layout="grid", row=0, column=1, label="Field"),
    ZoneSpec("intent", layout="slot", row=0, column=4, label="Intent"),
    ZoneSpec("memory", Visibility.OWNER, layout="fan", row=1, column=1, label="Memory"),
    ZoneSpec("material", Visibility.OWNER, layout="pile", row=1, column=0, label="Material Deck"),
    ZoneSpec("deck", Visibility.HIDDEN, layout="pile", row=1, column=5, label="Main Deck"),
    ZoneSpec("graveyard", layout="pile", row=0, column=5, label="Graveyard"),
    ZoneSpec("banishment", layout="pile", row=0, column=6, label="Banishment"),
    ZoneSpec("lineage", layout="pile", row=1, column=6, label="Lineage"),
    ZoneSpec("hand", Visibility.OWNER, layout="fan", label="Hand"),
    ZoneSpec("stack", layout="column", shared=True, label="Effects Stack"),
)


class GrandArchiveRules(ManualPlayRules):
    """Grand Archive with its table, phases, wake-up, recollection and draw by rule; the rest by hand."""

    id: ClassVar[str] = "grand-archive"
    name: ClassVar[str] = "Grand Archive"
    stat_keys: ClassVar[tuple[str, ...]] = ("power", "life", "durability", "level")
    tap_words: ClassVar[tuple[str, ...]] = ("rested", "rest")
    deck_sections: ClassVar[Mapping[str, str | None]] = {"main": "deck", "material": "material", "side": None}
    turn: ClassVar[TurnStructure] = TurnStructure(
        [Phase(p) for p in ("wake_up", "materialize", "recollection", "draw", "main", "end")])
    draw_phase: ClassVar[str] = "draw"
    opening_hand: ClassVar[int] = 0   # GA 5.4: the Lv 0 champion's On Enter ability gives the hand (by hand here)
    first_turn_skips_draw: ClassVar[bool] = True  # GA 5.5: the first player skips their first Draw Phase
    draw_rule: ClassVar[str] = "GA 6.4"
    deck_out_rule: ClassVar[str] = "GA 1: a player who must draw from an empty deck loses"

    def zone_specs(self, game_format: str) -> Sequence[ZoneSpec]:
        return _ZONES

    def place_extra(self, tx: Transaction, config: GameConfig) -> None:
        # GA 5.4: each player puts a Level 0 champion from the material deck onto the field.
        for player in tx.state.players:
            material = zone_id(player, "material")
            for iid in tx.state.zones[material].cards:
                definition = tx.state.definition(iid)
                if definition.card_type == "champion" and definition.stat("level") == 0:
                    tx.move(iid, zone_id(player, "champion"))
                    tx.log(f"{player} puts {definition.name} onto the field", "GA 5.4")
                    break

    def on_phase_start(self, tx: Transaction) -> None:
        state = tx.state
        player = state.active
        if state.phase == "wake_up":
            # GA 6.1: wake all rested objects the turn player controls.
            for zone in ("champion", "field"):
                for iid in state.zones[zone_id(player, zone)].cards:
                    tx.set_field(iid, "tapped", False)
        elif state.phase == "recollection" and state.turn > 2:
            # GA 6.3(c): return all cards in memory to hand; skipped on each player's first turn (GA 5.5).
            for iid in list(state.zones[zone_id(player, "memory")].cards):
                tx.move(iid, zone_id(player, "hand"), None)
        elif state.phase == "draw" and state.turn == 2:
            if self.draw(tx, player, 1, self.draw_rule):
                tx.log(f"{player} draws 1", self.draw_rule)
            return
        super().on_phase_start(tx)
