"""DreadNought by its rules (rules digest dreadnought.md, seed 002 for the ability system).

The turn belongs to both players: the Speed Phase decides who is first player each turn; Draw, Cast, Fast,
the cross-counter Action Phase and End follow (`flow.py`). Abilities, their timings and validity are in
`abilities.py`, their effect words in `effects.py`, the players' actions in `actions.py`, and every [?] of the
digest is a parameter with a documented default (`parameters.py`). Manual moves stay available.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations
from typing import Any, ClassVar

from tabletop.engine import procedure
from tabletop.engine.cards import CardDefinition
from tabletop.engine.commands import Choose, Command, PassPriority
from tabletop.engine.decision import Decision
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.rules import CardValue, GameConfig, GameRules
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.zones import ZoneSpec, zone_id
from tabletop.games.dreadnought import abilities, actions, construction, flow, loops, table
from tabletop.games.dreadnought.commands import COMMANDS
from tabletop.games.dreadnought.effects import ability_problems
from tabletop.games.dreadnought.parameters import option_problem, parameter

OPENING_HAND = 7   # DN 4.5
MAX_LISTED_PICKS = 256  # the subsets of a pick decision listed one by one (a mulligan: 2^7)


class DreadnoughtRules(GameRules):
    """DreadNought: two casters a player, the turn of both players, combat and the seed's ability system."""

    id: ClassVar[str] = "dreadnought"
    name: ClassVar[str] = "DreadNought"
    stat_keys: ClassVar[tuple[str, ...]] = ("bp", "hp", "sp")  # size (S/M/L) is an attribute, not a number
    tap_words: ClassVar[tuple[str, ...]] = ("check", "checked")
    commands: ClassVar[tuple[type[Command], ...]] = COMMANDS
    deck_sections: ClassVar[Mapping[str, str | None]] = {"main": "deck", "casters": "casters", "extra": "casters"}
    phases: ClassVar[tuple[str, ...]] = flow.PHASES
    lists_every_play: ClassVar[bool] = True
    scenario_setup_keys: ClassVar[tuple[str, ...]] = ("first", "options")
    # DN 9.4: the recorded positions are hashes of the whole table, hidden cards too: no view shows them.
    private_data: ClassVar[tuple[str, ...]] = (loops.POSITIONS,)

    # -- metadata --------------------------------------------------------------------------------
    def zone_specs(self, game_format: str) -> Sequence[ZoneSpec]:
        return table.ZONES

    def filler_card(self) -> CardDefinition:
        return CardDefinition(id="filler", game=self.id, name="Card", card_type="unit", stats={"bp": 100, "sp": 1},
                              attributes={"size": "S", "cluster": []})

    def card_from_mapping(self, data: Mapping[str, Any]) -> CardDefinition:
        card = super().card_from_mapping(data)
        problems = self.effect_problems(data)
        if problems:
            raise ValueError(f"card {card.id!r}: {problems[0]}")
        return card

    def effect_problems(self, data: Mapping[str, Any]) -> list[str]:
        return ability_problems(data)

    # -- setting up ------------------------------------------------------------------------------
    def setup(self, tx: Transaction, config: GameConfig) -> None:
        """DN 4: casters into their slots, HP cards from the deck, draw 7, the secret mulligan, then turn 1.

        The chosen decks are checked first (DN 2.1 casters, 2.3 cluster condition): ValueError names the problem.
        """
        problem = option_problem(config.options)
        if problem is not None:
            raise ValueError(problem)
        for player, sections in config.decks.items():
            problem = construction.deck_problem(player, sections, tx.state.library)
            if problem is not None:
                raise ValueError(problem)
        self.place_decks(tx, config)
        state = tx.state
        tx.set_data("options", dict(config.options) or None)
        fixed_hp = parameter(state, "hp_cards_per_caster")
        for player in state.players:
            deck = zone_id(player, "deck")
            casters = list(state.zones[zone_id(player, "casters")].cards)
            for side, iid in zip(table.SIDES, casters):
                tx.move(iid, zone_id(player, f"caster.{side}"))
                count = state.definition(iid).stat("hp", 3) if fixed_hp is None else int(fixed_hp)
                for hp_card in state.zones[deck].cards[:count]:  # DN 4.3 [?]: the printed HP (a parameter)
                    tx.move(hp_card, zone_id(player, f"hp.{side}"), None)
                    tx.set_field(hp_card, "face_down", True)
                    tx.set_field(hp_card, "tapped", True)
                tx.log(f"{player} sets up {state.definition(iid).name} with "
                       f"{table.hp(state, player, side)} HP", "DN 4.3")
            bursts = state.zones[deck].cards[:int(parameter(state, "burst_setup_count"))]
            for burst in bursts:  # DN 4.4 [?]: the Burst set-up, closed and Normal (a parameter, 0 by default)
                tx.move(burst, zone_id(player, "burst"), None)
                tx.set_field(burst, "face_down", True)
            if bursts:
                tx.log(f"{player} sets up {len(bursts)} Burst card(s)", "DN 4.4")
            for _ in range(OPENING_HAND):
                deck_cards = state.zones[zone_id(player, "deck")].cards
                if deck_cards:
                    tx.move(deck_cards[0], zone_id(player, "hand"), None)
        tx.log("\"DreadNought, Burst on!\": both players open their casters at once", "DN 4.2")
        tx.set_table("turn", 1)
        tx.set_table("active", state.players[0])
        tx.set_table("phase", "setup")
        procedure.push(tx, flow.turn_steps(), {}, kind="flow")
        procedure.push(tx, [*({"effect": "_mulligan", "player": p} for p in state.players),
                            {"effect": "_mulligan_done"}], {}, kind="flow", atomic=True)
        self._drive(tx)

    def after_scenario_setup(self, tx: Transaction, setup: Mapping[str, Any]) -> None:
        problem = option_problem(setup.get("options") or {})
        if problem is not None:
            raise ValueError(problem)
        if setup.get("first"):
            tx.set_data("first", setup["first"])
        if setup.get("options"):
            tx.set_data("options", dict(setup["options"]))
        phase = tx.state.phase or "speed"
        tx.set_table("phase", "")
        procedure.push(tx, flow.turn_steps(phase), {}, kind="flow")
        self._drive(tx)

    # -- playing ---------------------------------------------------------------------------------
    def pending_decision(self, state: GameState) -> Decision | None:
        if self.outcome(state) is not None:
            return None
        found = procedure.pending(state)
        if found is not None:
            return found
        player = flow.actor(state)
        if player is None:
            return None
        reaction = state.data.get("reaction")
        if reaction and reaction.get("passes", 0) < 2:
            what = "react (「Re」) or pass"
        elif state.phase == "action":
            what = "attack, play an 「Ac」, or pass"
        else:
            what = f"{state.phase} actions, then pass"
        return Decision(player, state.phase or "act", "act", prompt=f"{player}: {what}", rule=f"DN 5 ({state.phase})")

    def legal_commands(self, state: GameState, player: str) -> list[Command]:
        if self.outcome(state) is not None:
            return []
        decision = procedure.pending(state)
        if decision is not None:
            return _answers(decision) if decision.player == player else []
        return list(actions.legal(state, player))

    def iter_legal_commands(self, state: GameState, player: str) -> Iterator[Command]:
        """Yield the legal commands one at a time: a bot asking whether it has a choice stops at the second."""
        if self.outcome(state) is not None:
            return iter(())
        decision = procedure.pending(state)
        if decision is not None:
            return iter(_answers(decision) if decision.player == player else ())
        return actions.iter_legal(state, player)

    def resolve(self, tx: Transaction, command: Command) -> None:
        self.refuse_if_over(tx.state)
        self._carry_out(tx, command)
        loop = loops.record(tx, command)  # DN 9.4: a command that brings the table back makes a loop
        if loop:
            loops.start(tx, loop)

    def _carry_out(self, tx: Transaction, command: Command) -> None:
        """Carry out a command (an action, or an answer to the pending decision) and drive the procedures on."""
        if isinstance(command, Choose):
            routed = procedure.answer(tx, command, default_rule="DN")
            if routed is not None:
                raw, answer = routed
                if raw["name"] == "trigger":  # DN 7.6 d: the player picks which triggered ability to play
                    flow.offer_trigger(tx, int(answer.picks[0]))
                elif raw["name"] == "trigger_may":  # DN 7.6 f: a "may" ability may be declined
                    flow.play_trigger(tx, str(raw["key"]), decline=not answer.yes)
                elif raw["name"] == "loop":  # DN 9.4: the number of times a loop goes round
                    loops.answer(tx, raw, int(answer.number or 0), lambda again: self._replay(tx, again))
        else:
            if procedure.is_waiting(tx.state):
                decision = procedure.pending(tx.state)
                raise IllegalCommand(decision.rule if decision else "DN",
                                             f"answer the pending choice first: {decision.prompt if decision else ''}")
            if not actions.is_listed(tx.state, command):
                raise actions.refusal(tx.state, command)
            actions.perform(tx, command)
        self._drive(tx)

    def _replay(self, tx: Transaction, command: Command) -> bool:
        """Play a command of a loop again if it is still allowed; True when it was (DN 9.4)."""
        decision = procedure.pending(tx.state)
        if isinstance(command, Choose) != (decision is not None) or self.outcome(tx.state) is not None:
            return False
        if decision is not None and decision.player != command.by:
            return False
        try:
            self._carry_out(tx, command)
        except IllegalCommand:
            return False
        return True

    def _drive(self, tx: Transaction) -> None:
        try:
            procedure.drive(tx, flow.PROCEDURES)
        except procedure.DidNotSettle:  # DN 1.4, 9.4: a loop no one can end is a draw
            tx.set_data("outcome", {"winner": None, "reason": "a loop no player can end (DN 9.4)"})
            tx.log("a loop no player can end: the game is a draw", "DN 9.4")

    def after_manual(self, tx: Transaction) -> None:
        flow.check_life(tx)

    def advance_command(self, state: GameState, decision: Decision) -> Command | None:
        if decision.kind == "act":
            return PassPriority(by=decision.player)
        return None

    def advance_label(self, state: GameState, decision: Decision) -> str:
        reaction = state.data.get("reaction")
        if reaction and reaction.get("passes", 0) < 2:
            return "Pass (no reaction)"
        return "Pass" if state.phase == "action" else f"End my {state.phase} actions"

    def stack_entries(self, state: GameState) -> list[list[str]]:
        """The Effect Area, top first (DN 3.4)."""
        lines = []
        for entry in reversed(state.data.get("effect_area") or ()):
            ability = abilities.abilities(state, entry["card"])[entry["ability"]]
            lines.append([str(ability.get("name") or state.definition(entry["card"]).name),
                          f"{entry['controller']} · {ability.get('timing')}"])
        return lines

    def stack_targets(self, state: GameState) -> list[tuple[int | None, tuple[int, ...]]]:
        found = []
        for entry in state.data.get("effect_area") or ():
            chosen = [entry["target"]] if entry.get("target") is not None else []
            chosen += [int(target) for target, _share in entry.get("shares") or ()]  # DN 7.5 step 4
            if chosen:
                found.append((entry["card"], tuple(chosen)))
        return found

    # -- reading the table -----------------------------------------------------------------------
    def card_values(self, state: GameState, iid: int) -> dict[str, CardValue]:
        definition = state.definition(iid)
        values = {}
        if table.is_dummy(state, iid) or definition.card_type == "unit":
            printed = table.DUMMY_BP if table.is_dummy(state, iid) else definition.stat("bp")
            current, why = abilities.bp(state, iid)
            values["bp"] = CardValue("bp", printed, current, tuple(why))
        if "sp" in definition.stats:
            values["sp"] = CardValue("sp", definition.stat("sp"), abilities.sp(state, iid))
        if definition.card_type == "caster":
            side = table.side_of(state, iid)
            hp = table.hp(state, state.cards[iid].controller, side) if side else definition.stat("hp")
            values["hp"] = CardValue("hp", definition.stat("hp"), hp)
        return values

    def card_value(self, state: GameState, iid: int, name: str) -> int:
        if name == "bp" and (table.is_dummy(state, iid) or state.definition(iid).card_type == "unit"):
            return abilities.bp_value(state, iid)  # what bots read most, without the other values
        return super().card_value(state, iid, name)

    def card_marks(self, state: GameState, iid: int) -> tuple[str, ...]:
        marks = []
        if table.is_dummy(state, iid):
            marks.append("dummy")
        props = state.cards[iid].props
        marks += [role for role in ("attacking", "blocking") if props.get(role)]
        if (state.data.get("first") and table.zone_name(state, iid).startswith("caster.")
                and state.cards[iid].controller == state.data["first"]):
            marks.append("first player")  # DN 5.1: decided anew each turn
        return tuple(marks)

    def player_fact(self, state: GameState, player: str, key: str) -> Any:
        if key == "hp":
            return sum(table.hp(state, player, s) for s in table.SIDES)
        if key == "first":
            return table.first_player(state) == player
        return super().player_fact(state, player, key)

    def state_summary(self, state: GameState) -> list[str]:
        lines = super().state_summary(state)
        if state.data.get("first"):
            lines.insert(1, f"first player this turn: {state.data['first']}")
        return lines


def _answers(decision: Decision) -> list[Command]:
    """List every answer to a decision: each allowed set of picks, or yes and no."""
    if decision.kind == "yesno":
        return [Choose(by=decision.player, yes=True), Choose(by=decision.player, yes=False)]
    if decision.kind == "number":
        return [Choose(by=decision.player, number=n) for n in range(decision.min, decision.max + 1)]
    found: list[Command] = []
    for count in range(decision.min, decision.max + 1):
        for picks in combinations(decision.options, count):
            found.append(Choose(by=decision.player, picks=tuple(picks)))
            if len(found) >= MAX_LISTED_PICKS:
                return found
    return found
