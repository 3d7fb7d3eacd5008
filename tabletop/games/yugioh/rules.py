"""Yu-Gi-Oh! table: 5 main monster zones, 2 shared extra monster zones, 5 spell/trap zones,
the field zone, decks, GY, banished and the chain; phases Draw → Standby → Main 1 → Battle →
Main 2 → End (digest §5). Card play is by hand until the Yu-Gi-Oh! rules module exists.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from tabletop.engine.state import GameState
from tabletop.engine.turns import Phase, TurnStructure
from tabletop.engine.zones import Visibility, ZoneSpec
from tabletop.games.manual_play import ManualPlayRules

# Row 0 is the row nearest the middle of the table: monsters in front, spells and traps behind.
_ZONES: tuple[ZoneSpec, ...] = (
    *(ZoneSpec(f"mmz.{i}", capacity=1, layout="slot", row=0, column=i, label=f"Monster {i}") for i in range(1, 6)),
    *(ZoneSpec(f"stz.{i}", capacity=1, layout="slot", row=1, column=i,
               label=("Pendulum / " if i in (1, 5) else "") + f"Spell & Trap {i}") for i in range(1, 6)),
    ZoneSpec("field", capacity=1, layout="slot", row=0, column=0, label="Field Zone"),
    ZoneSpec("gy", Visibility.PUBLIC, layout="pile", row=0, column=6, label="GY"),
    ZoneSpec("banished", Visibility.PUBLIC, layout="pile", row=0, column=7, label="Banished"),
    ZoneSpec("extra", Visibility.HIDDEN, layout="pile", row=1, column=0, label="Extra Deck"),
    ZoneSpec("deck", Visibility.HIDDEN, layout="pile", row=1, column=6, label="Deck"),
    ZoneSpec("hand", Visibility.OWNER, layout="fan", label="Hand"),
    # YGO 3.1: the two Extra Monster Zones are shared, between the players' monster rows.
    ZoneSpec("emz.left", capacity=1, layout="slot", row=-1, column=2, shared=True, label="Extra Monster"),
    ZoneSpec("emz.right", capacity=1, layout="slot", row=-1, column=4, shared=True, label="Extra Monster"),
    ZoneSpec("chain", layout="column", shared=True, label="Chain"),
)


class YugiohRules(ManualPlayRules):
    """Yu-Gi-Oh! with its table, phases, 8000 LP and draw rules enforced; the rest by hand."""

    id: ClassVar[str] = "yugioh"
    name: ClassVar[str] = "Yu-Gi-Oh!"
    stat_keys: ClassVar[tuple[str, ...]] = ("atk", "def", "level")
    default_totals: ClassVar[Mapping[str, int]] = {"lp": 8000}  # YGO 4.3
    deck_sections: ClassVar[Mapping[str, str | None]] = {"main": "deck", "extra": "extra", "side": None}
    turn: ClassVar[TurnStructure] = TurnStructure([Phase(p) for p in ("draw", "standby", "main1", "battle", "main2", "end")])
    draw_phase: ClassVar[str] = "draw"
    opening_hand: ClassVar[int] = 5          # YGO 4.3: no mulligan
    first_turn_skips_draw: ClassVar[bool] = True  # YGO 4.4
    life_total: ClassVar[str] = "lp"
    draw_rule: ClassVar[str] = "YGO 5.1"
    deck_out_rule: ClassVar[str] = "YGO 5.1: a player who cannot draw loses"
    life_rule: ClassVar[str] = "YGO 1: a player whose LP reach 0 loses"

    def zone_specs(self, game_format: str) -> Sequence[ZoneSpec]:
        return _ZONES

    def stack_entries(self, state: GameState) -> list[list[str]]:
        """Return the chain's cards, top (last chain link) first."""
        return [[state.cards[i].card_id, state.definition(i).name] for i in state.zones["chain"].cards]
