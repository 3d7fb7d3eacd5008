"""Freeform rules: configurable zones, turns passed by hand, everything else manual."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from tabletop.engine.cards import CardLibrary
from tabletop.engine.commands import (
    Command, DrawCards, ManualMove, SetState, Shuffle,
)
from tabletop.engine.decision import Decision
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.rules import GameConfig, GameRules
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.zones import Visibility, ZoneSpec, zone_id

DEFAULT_ZONES: tuple[ZoneSpec, ...] = (
    ZoneSpec("deck", Visibility.HIDDEN, layout="pile", label="Deck"),
    ZoneSpec("hand", Visibility.OWNER, layout="fan", label="Hand"),
    ZoneSpec("table", Visibility.PUBLIC, layout="grid", label="Table"),
    ZoneSpec("graveyard", Visibility.PUBLIC, layout="pile", label="Graveyard"),
    ZoneSpec("exile", Visibility.PUBLIC, layout="pile", label="Exile"),
)


@dataclass(frozen=True, kw_only=True)
class PassTurn(Command):
    """End your turn: the other player becomes the active player."""


class FreeformRules(GameRules):
    """A table with no rules: the active player passes the turn, every card moves by hand.

    `config.options["zones"]` may list zones as `{name, visibility, layout, capacity}`;
    `config.options["hand_size"]` is the opening hand (default 7), `["life"]` the starting life.
    """

    id: ClassVar[str] = "freeform"
    name: ClassVar[str] = "Freeform"
    commands: ClassVar[tuple[type[Command], ...]] = (PassTurn,)
    phases: ClassVar[tuple[str, ...]] = ("main",)
    default_totals: ClassVar[Mapping[str, int]] = {"life": 20}

    def __init__(self) -> None:
        self._zones: tuple[ZoneSpec, ...] = DEFAULT_ZONES

    def zone_specs(self, game_format: str) -> Sequence[ZoneSpec]:
        return self._zones

    def create_state(self, config: GameConfig, library: CardLibrary) -> GameState:
        raw = config.options.get("zones")
        self._zones = DEFAULT_ZONES if raw is None else tuple(_zone_spec(z) for z in raw)
        names = {z.name for z in self._zones}
        if not {"deck", "hand"} <= names:
            raise ValueError("freeform zones must include 'deck' and 'hand'")
        state = super().create_state(config, library)
        for player in state.players:
            state.totals[player]["life"] = int(config.options.get("life", 20))
        state.phase = "main"
        return state

    def setup(self, tx: Transaction, config: GameConfig) -> None:
        self.place_decks(tx, config)
        hand_size = int(config.options.get("hand_size", 7))
        for player in tx.state.players:
            deck = zone_id(player, "deck")
            for _ in range(min(hand_size, len(tx.state.zones[deck].cards))):
                tx.move(tx.state.zones[deck].cards[0], zone_id(player, "hand"), None)

    def pending_decision(self, state: GameState) -> Decision | None:
        return Decision(state.active, "main", "act", prompt=f"{state.active} plays")

    def advance_command(self, state: GameState, decision: Decision) -> Command | None:
        return PassTurn(by=decision.player)

    def legal_commands(self, state: GameState, player: str) -> list[Command]:
        if player != state.active:
            return []
        commands: list[Command] = [PassTurn(by=player)]
        if state.zones[zone_id(player, "deck")].cards:
            commands.append(DrawCards(by=player, count=1))
            commands.append(Shuffle(by=player, zone="deck"))
        own_zones = [z for z in state.zones.values() if z.owner == player]
        for zone in own_zones:
            for iid in zone.cards[:1] if zone.name == "deck" else zone.cards:
                for target in own_zones:
                    if target.id != zone.id and not target.is_full():
                        commands.append(ManualMove(by=player, card=iid, to=target.id))
                if zone.name == "table":
                    commands.append(SetState(by=player, card=iid, state="tapped", value=not state.cards[iid].tapped))
        return commands

    def resolve(self, tx: Transaction, command: Command) -> None:
        if isinstance(command, PassTurn):
            state = tx.state
            nxt = state.opponent(command.by)
            tx.set_table("turn", state.turn + 1)
            tx.set_table("active", nxt)
            tx.log(f"{command.by} passed the turn to {nxt}")
            return
        raise IllegalCommand("freeform", f"freeform has no command {command.command_name()}; move cards by hand")


def _zone_spec(raw: Any) -> ZoneSpec:
    if not isinstance(raw, Mapping) or "name" not in raw:
        raise ValueError("a freeform zone is a mapping with at least a 'name'")
    return ZoneSpec(
        name=str(raw["name"]),
        visibility=Visibility(raw.get("visibility", "public")),
        capacity=raw.get("capacity"),
        layout=str(raw.get("layout", "pile")),
        label=str(raw.get("label", raw["name"])).title(),
    )
