"""A small rules game for the window tests: circles in rows and columns, a shared stack, and one
decision of every kind (pick, yes/no, number, order; picks of cards, of labelled numbers and of circles) so
the decision panel can be driven."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from tabletop.engine.cards import CardDefinition
from tabletop.engine.commands import CardId, Choose, Command, PassPriority
from tabletop.engine.decision import Decision
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.rules import CardValue, GameConfig, GameRules
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.zones import Visibility, ZoneSpec, zone_id

QUIZ_CARDS = [
    CardDefinition(id=f"q{n}", game="quiz", name=f"Quiz Unit {n}", card_type="unit", cost=n % 4,
                   stats={"power": 1000 * n}, text="Test unit.", keywords={"boost": True})
    for n in range(1, 9)
]


@dataclass(frozen=True, kw_only=True)
class CallUnit(Command):
    """Put a unit from your hand onto an empty circle."""

    card: CardId
    circle: str


@dataclass(frozen=True, kw_only=True)
class AskQuestions(Command):
    """Start the four questions (pick, yes/no, number, order)."""


class QuizRules(GameRules):
    """Rules of the quiz game: call units to circles; questions answered in turn."""

    id: ClassVar[str] = "quiz"
    name: ClassVar[str] = "Quiz"
    stat_keys: ClassVar[tuple[str, ...]] = ("power",)
    commands: ClassVar[tuple[type[Command], ...]] = (CallUnit, AskQuestions)
    phases: ClassVar[tuple[str, ...]] = ("stand", "main", "end")
    card_states: ClassVar[tuple[str, ...]] = ("boosted",)

    def zone_specs(self, game_format: str) -> Sequence[ZoneSpec]:
        return (
            ZoneSpec("deck", Visibility.HIDDEN, label="Deck"),
            ZoneSpec("hand", Visibility.OWNER, layout="fan", label="Hand"),
            ZoneSpec("vc", capacity=1, layout="circle", row=0, column=1, label="VC"),
            ZoneSpec("rc.left", capacity=1, layout="circle", row=0, column=0, label="RC"),
            ZoneSpec("rc.right", capacity=1, layout="circle", row=0, column=2, label="RC"),
            ZoneSpec("rc.back", capacity=1, layout="circle", row=1, column=1, label="RC"),
            ZoneSpec("drop", label="Drop"),
            ZoneSpec("stack", layout="column", shared=True, label="Stack"),
        )

    def setup(self, tx: Transaction, config: GameConfig) -> None:
        self.place_decks(tx, config)
        for player in tx.state.players:
            for _ in range(4):
                tx.move(tx.state.zones[zone_id(player, "deck")].cards[0], zone_id(player, "hand"), None)
        tx.set_table("phase", "main")

    def pending_decision(self, state: GameState) -> Decision | None:
        question = state.data.get("question")
        me = state.active
        if question == "pick":
            hand = tuple(state.zones[zone_id(me, "hand")].cards)
            return Decision(me, "discard", "pick", "Pick one or two cards to discard", hand, 1, 2, rule="QUIZ 1.1")
        if question == "yesno":
            return Decision(me, "confirm", "yesno", "Draw a card?", rule="QUIZ 1.2")
        if question == "number":
            return Decision(me, "bid", "number", "Bid 0 to 5", min=0, max=5, rule="QUIZ 1.3")
        if question == "order":
            return Decision(me, "order_triggers", "order", "Order the triggers", ("first", "second", "third"), 3, 3)
        if question == "ability":  # options that are numbers, not cards: ids 1 and 2 are cards of this game too
            return Decision(me, "play_next", "pick", "Choose the ability to play next", (1, 2), 1, 1,
                            labels=("Test Card 1: Rally", "Test Card 2: Draw"))
        if question == "place":  # options that are places: each stands for a circle of the table
            return Decision(me, "circle", "pick", "Choose a circle", ("left", "right"), 1, 1,
                            labels=("RC left", "RC right"), zones=(zone_id(me, "rc.left"), zone_id(me, "rc.right")))
        return Decision(me, "priority", "act", "Main phase", rule="QUIZ 2")

    def legal_commands(self, state: GameState, player: str) -> list[Command]:
        if state.data.get("question") or player != state.active:
            return []
        commands: list[Command] = [PassPriority(by=player), AskQuestions(by=player)]
        for iid in state.zones[zone_id(player, "hand")].cards:
            for name in ("vc", "rc.left", "rc.right", "rc.back"):
                if not state.zones[zone_id(player, name)].cards:
                    commands.append(CallUnit(by=player, card=iid, circle=name))
        return commands

    def resolve(self, tx: Transaction, command: Command) -> None:
        state = tx.state
        question = state.data.get("question")
        if isinstance(command, CallUnit):
            target = zone_id(command.by, command.circle)
            if state.zones[target].cards:
                raise IllegalCommand("QUIZ 3.1", "that circle already holds a unit")
            tx.move(command.card, target)
            tx.log(f"{command.by} called {state.definition(command.card).name}", "QUIZ 3.1")
        elif isinstance(command, AskQuestions):
            tx.set_data("question", "pick")
        elif isinstance(command, Choose) and question == "pick":
            for iid in command.picks:
                tx.move(int(iid), zone_id(command.by, "drop"))
            tx.set_data("answers", [len(command.picks)])
            tx.set_data("question", "yesno")
        elif isinstance(command, Choose) and question == "yesno":
            tx.set_data("answers", [*state.data["answers"], command.yes])
            tx.set_data("question", "number")
        elif isinstance(command, Choose) and question == "number":
            tx.set_data("answers", [*state.data["answers"], command.number])
            tx.set_data("question", "order")
        elif isinstance(command, Choose) and question == "order":
            tx.set_data("answers", [*state.data["answers"], list(command.picks)])
            tx.set_data("question", "ability")
        elif isinstance(command, Choose) and question == "ability":
            tx.set_data("answers", [*state.data["answers"], list(command.picks)])
            tx.set_data("question", "place")
        elif isinstance(command, Choose) and question == "place":
            tx.set_data("answers", [*state.data["answers"], list(command.picks)])
            tx.set_data("question", None)
        elif isinstance(command, PassPriority):
            nxt = state.opponent(command.by)
            tx.set_table("turn", state.turn + 1)
            tx.set_table("active", nxt)
        else:
            raise IllegalCommand("QUIZ 0", f"not now: {command.command_name()}")

    def card_values(self, state: GameState, iid: int) -> dict[str, CardValue]:
        printed = state.definition(iid).stat("power")
        bonus = 5000 if state.cards[iid].zone.endswith(".vc") else 0
        return {"power": CardValue("power", printed, printed + bonus, ("vanguard bonus",) if bonus else ())}

    def stack_entries(self, state: GameState) -> list[list[str]]:
        return [[str(item.get("name", "?"))] for item in state.lists.get("stack", [])]
