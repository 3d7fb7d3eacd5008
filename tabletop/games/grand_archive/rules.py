"""Grand Archive by its rules (digest ../shared/rules/grand-archive.md): the table, the turn with Opportunity,
card activation and materialization with their costs, the effects stack, combat, state-based checks and the
keywords of the seed. Manual moves stay available beside the rules. Decisions are in DECISIONS.md."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tabletop.engine import procedure, stack
from tabletop.engine.cards import CardDefinition
from tabletop.engine.commands import Choose, Command, PassPriority
from tabletop.engine.decision import Decision
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.rules import CardValue, GameConfig, GameRules
from tabletop.engine.state import GameState
from tabletop.engine.stack import PassResult
from tabletop.engine.text_compilation import CompiledText
from tabletop.engine.transaction import Transaction
from tabletop.engine.zones import ZoneSpec, zone_id
from tabletop.games.grand_archive import combat, costs, flow
from tabletop.games.grand_archive.commands import (
    ActivateAbility, ActivateCard, DeclareAttack, Materialize, ReturnPreserved,
)
from tabletop.games.grand_archive.effects import (
    candidates, effect_problems, first_choice, printed_abilities, resolution_steps,
)
from tabletop.games.grand_archive.table import (
    STACK_ZONE, is_fast_card, ZONES, card_type, champion, condition_holds, damage, durability, elements, enabled_elements,
    field_objects, keyword, keyword_number, level, life, lineage, obeys, power, words, zone_of,
)
from tabletop.games.grand_archive.text_compiler import card_keywords, compile_card_text

RULES_VERSION = "Grand Archive Comprehensive Rules v1.1.1 (mirror commit 216a218, 2026-08-21)"  # digest D1
# The ActivateCard flags that activate a card another way (seed Brew 1, Prepare 1, Imbue 1), each named like its keyword.
ACTIVATION_VARIANTS = ("brew", "prepare", "imbue")


def _refuse(rule: str, reason: str) -> IllegalCommand:
    """Return the refusal of a command, citing its rule."""
    return IllegalCommand(rule, reason)


def activated_abilities(state: GameState, iid: int) -> list[tuple[int, Mapping[str, Any]]]:
    """Return (number, ability) of a card's activated abilities (the ones with a cost, GA 10.1)."""
    return [(n, a) for n, a in enumerate(printed_abilities(state.definition(iid))[0]) if a.get("cost")]


def _value_names(definition: CardDefinition) -> tuple[str, ...]:
    """Return the values a card shows (GA 3.8): power, life and damage of units, durability, a champion's level."""
    kind = definition.card_type
    names: tuple[str, ...] = ()
    if kind == "champion":
        names += ("level",)
    if "power" in definition.stats or kind in ("ally", "champion", "weapon", "attack"):
        names += ("power",)
    if kind in ("ally", "champion"):
        names += ("life", "damage")
    if "durability" in definition.stats:
        names += ("durability",)
    return names


class GrandArchiveRules(GameRules):
    """Grand Archive, Standard 2-player: every listed command is a legal play (lists_every_play)."""

    id: ClassVar[str] = "grand-archive"
    name: ClassVar[str] = "Grand Archive"
    stat_keys: ClassVar[tuple[str, ...]] = ("power", "life", "durability", "level")
    tap_words: ClassVar[tuple[str, ...]] = ("rested", "rest")
    card_states: ClassVar[tuple[str, ...]] = ("fostered", "distant", "preserved")
    deck_sections: ClassVar[Mapping[str, str | None]] = {"main": "deck", "material": "material", "side": None}
    commands: ClassVar[tuple[type[Command], ...]] = (ActivateCard, Materialize, ReturnPreserved, DeclareAttack,
                                                     ActivateAbility)
    lists_every_play: ClassVar[bool] = True

    @property
    def phases(self) -> tuple[str, ...]:  # type: ignore[override]
        return flow.TURN.names

    def zone_specs(self, game_format: str) -> Sequence[ZoneSpec]:
        return ZONES

    def effect_problems(self, data: Mapping[str, Any]) -> list[str]:
        return effect_problems(data)

    def compile_text(self, card: CardDefinition) -> CompiledText:
        """Return what a card's printed text compiles to: a bundled card's coded effects are its text compiled by
        hand (fully enforced); any other card's text goes through `text_compiler.compile_card_text`."""
        if card.effects:
            return CompiledText(keywords=card_keywords(card)[0], effects=card.effects)
        return compile_card_text(card)

    # -- setting up (GA 5) ---------------------------------------------------------------------
    def setup(self, tx: Transaction, config: GameConfig) -> None:
        self.place_decks(tx, config)
        tx.set_table("turn", 1)
        tx.set_table("active", tx.state.players[0])
        flow.enter(tx, *flow.TURN.first())
        tx.log(f"rules: {RULES_VERSION}", "GA 0")
        starting = []
        for player in tx.state.players:  # GA 5.4: a Level 0 champion from the material deck onto the field
            for iid in zone_of(tx.state, player, "material"):
                definition = tx.state.definition(iid)
                if definition.card_type == "champion" and definition.stat("level") == 0:
                    tx.move(iid, zone_id(player, "champion"))
                    tx.log(f"{player} puts {definition.name} onto the field", "GA 5.4")
                    starting.append((player, iid))
                    break
        # GA 5.4: in turn order, each On Enter resolves (the starting hand); nobody has Opportunity meanwhile.
        for player, iid in reversed(starting):
            for ability in printed_abilities(tx.state.definition(iid))[0]:
                if ability.get("trigger") == "on_enter":
                    procedure.push(tx, list(ability.get("do", ())), {"controller": player, "source": iid, "vars": {},
                                                                     "props": {}, "name": "On Enter"}, atomic=True)
        flow.run(tx)

    def after_scenario_setup(self, tx: Transaction, setup: Mapping[str, Any]) -> None:
        if not tx.state.phase:
            flow.enter(tx, *flow.TURN.first())
        for iid in field_objects(tx.state):  # objects placed by hand enter with their printed durability
            printed = tx.state.definition(iid).stat("durability")
            if printed and "durability" not in tx.state.cards[iid].counters:
                tx.set_counter(iid, "durability", printed)
        if tx.state.step and stack.priority_holder(tx.state) is None:
            flow.give_opportunity(tx, tx.state.active)
        flow.run(tx)

    def set_card_fact(self, tx: Transaction, iid: int, key: str, value: Any) -> None:
        if key == "damage":
            tx.set_counter(iid, "damage", int(value))
            tx.set_prop(iid, "damaged_turn", tx.state.turn if value else None)
        elif key in ("preserved", "fostered", "distant"):
            tx.set_prop(iid, key, bool(value) or None)
        elif key == "keywords":
            tx.set_prop(iid, "keywords", dict(value))
        elif key == "durability":
            tx.set_counter(iid, "durability", int(value))
        else:
            super().set_card_fact(tx, iid, key, value)

    # -- deciding ------------------------------------------------------------------------------
    def pending_decision(self, state: GameState) -> Decision | None:
        if self.outcome(state) is not None:
            return None
        decision = procedure.pending(state)
        if decision is not None:
            return decision
        holder = stack.priority_holder(state)
        if holder is None:
            return None
        where = state.phase + (f" ({state.step})" if state.step not in ("", "open") else "")
        return Decision(holder, "opportunity", "act", f"{holder} has Opportunity — {where}", rule="GA 8.2")

    def advance_label(self, state: GameState, decision: Decision) -> str:
        return "Pass Opportunity"

    def legal_commands(self, state: GameState, player: str) -> list[Command]:
        # Asked twice per decision with auto-pass (the forced-pass check, then the seat): kept until a change.
        return list(state.memo(f"grand-archive.legal.{player}", lambda: tuple(self._legal(state, player))))

    def _legal(self, state: GameState, player: str) -> list[Command]:
        """Return the commands `player` may submit now (the pending decision's answers, or every play with Opportunity)."""
        decision = self.pending_decision(state)
        if decision is None or decision.player != player:
            return []
        if decision.kind == "yesno":
            return [Choose(by=player, yes=True), Choose(by=player, yes=False)]
        if decision.kind == "pick":
            return _pick_commands(decision)
        commands: list[Command] = [PassPriority(by=player)]
        for iid in zone_of(state, player, "hand"):
            # a Brew, Prepare or Imbue activation needs the keyword (refused without it): only tried with it
            variants: list[dict[str, bool]] = [{}]
            variants += [{word: True} for word in ACTIVATION_VARIANTS if keyword(state, iid, word) is not None]
            for variant in variants:
                command = ActivateCard(by=player, card=iid, **variant)
                if self._activation_problem(state, command) is None:
                    commands.append(command)
        for iid in field_objects(state, player) + zone_of(state, player, "lineage"):
            for number, _ in activated_abilities(state, iid):
                ability = ActivateAbility(by=player, card=iid, ability=number)
                if self._ability_problem(state, ability) is None:
                    commands.append(ability)
        if self._slow_problem(state, player) is None and not state.data.get(flow.COMBAT) and state.turn > 1:
            for attacker, weapon in combat.attackers(state, player):
                sources = [attacker] + ([weapon] if weapon is not None else [])
                for target in combat.attack_targets(state, attacker, sources):
                    commands.append(DeclareAttack(by=player, attacker=attacker, target=target, weapon=weapon))
        if self._materialize_window_problem(state, player) is None:
            for iid in zone_of(state, player, "material"):
                if self._materialize_problem(state, Materialize(by=player, card=iid)) is None:
                    commands.append(Materialize(by=player, card=iid))
                if state.cards[iid].props.get("preserved"):
                    commands.append(ReturnPreserved(by=player, card=iid))
        return commands

    # -- checks of a command (each names the rule that refuses it) -------------------------------
    def _holder_problem(self, state: GameState, player: str) -> IllegalCommand | None:
        """GA 8.2: only the player with Opportunity acts, and not while a choice is pending."""
        if procedure.is_waiting(state):
            return _refuse("GA 8.2", "answer the pending choice first")
        if stack.priority_holder(state) != player:
            return _refuse("GA 8.2", f"{player} does not have Opportunity")
        return None

    def _slow_problem(self, state: GameState, player: str) -> IllegalCommand | None:
        """GA 8.1: slow speed needs the turn player's Main phase, Opportunity and an empty stack (not in combat)."""
        problem = self._holder_problem(state, player)
        if problem is not None:
            return problem
        if state.active != player or state.phase != "main" or state.step != "open" or not stack.is_empty(state):
            return _refuse("GA 8.1", "slow speed: only in your Main phase with an empty stack, outside combat")
        return None

    def _activation_problem(self, state: GameState, command: ActivateCard) -> IllegalCommand | None:
        """Return why a card may not be activated now (GA 9.5, 8.1, 3.6, 9.1; Brew, Prepare, Imbue, Link), or None."""
        me, card = command.by, command.card
        if card not in state.cards or state.cards[card].zone != zone_id(me, "hand"):
            return _refuse("GA 9.5", "cards are activated from your hand")
        kind = card_type(state, card)
        problem = self._holder_problem(state, me) if is_fast_card(state, card) else self._slow_problem(state, me)
        if problem is not None:
            return problem
        if state.definition(card).cost is None:
            return _refuse("GA 9.3", "a card without a reserve cost cannot be activated")
        missing = elements(state, card) - enabled_elements(state, me)
        if missing:
            return _refuse("GA 3.6", f"{', '.join(sorted(missing))} is not enabled by your champion's lineage")
        if kind == "attack":
            top = champion(state, me)
            if top is None or state.cards[top].tapped or state.turn == 1 or state.data.get(flow.COMBAT):
                return _refuse("GA 7.1", "an attack card needs your awake champion, outside combat, not on turn 1")
        if command.brew and not costs.brew_ingredients(state, me, card):
            return _refuse("seed Brew 1", "Brew needs the card's keyword and its ingredients on your field")
        if command.prepare and not costs.can_prepare(state, me, card):
            return _refuse("seed Prepare 1", "Prepare needs the keyword and that many preparation counters")
        if command.imbue and (not keyword_number(state, card, "imbue") or command.brew):
            return _refuse("seed Imbue 1", "only a card with Imbue reveals its reserved cards")
        if not command.brew and not costs.can_pay_reserve(state, me, card):
            return _refuse("GA 9.1", f"not enough cards to reserve {costs.reserve_cost(state, me, card)}")
        spec = first_choice(resolution_steps(state, card))
        spell = "spell" in words(state, card, "subtypes")
        if spec is not None and not candidates(state, spec, me, card, spell):
            return _refuse("GA 9.5", "the card needs a legal target and there is none")
        if keyword(state, card, "link") and not self._link_options(state, me, card):
            return _refuse("seed Link 3", "a Link card needs an object to link to")
        return None

    def _link_options(self, state: GameState, me: str, card: int) -> list[int]:
        """seed Link 1: the objects the card may link to (its `link_to` type: ally, champion…), your own."""
        kind = str(state.definition(card).attributes.get("link_to", "ally"))
        return [i for i in field_objects(state, me) if card_type(state, i) == kind]

    def _ability_problem(self, state: GameState, command: ActivateAbility) -> IllegalCommand | None:
        """Return why an activated ability may not be activated now (GA 10.1, 10.6; Lineage Release), or None."""
        me, iid = command.by, command.card
        problem = self._holder_problem(state, me)
        if problem is not None:
            return problem
        if iid not in state.cards or state.cards[iid].controller != me:
            return _refuse("GA 10.1", "you activate only your own cards' abilities")
        effects = printed_abilities(state.definition(iid))[0]
        if not 0 <= command.ability < len(effects) or not effects[command.ability].get("cost"):
            return _refuse("GA 10.1", "that card has no such activated ability")
        ability = effects[command.ability]
        cost = ability["cost"]
        zone = state.cards[iid].zone
        if cost.get("banish_from_inner_lineage"):
            if zone != zone_id(me, "lineage"):
                return _refuse("seed Lineage Release 1", "Lineage Release works only from the inner lineage")
        elif zone not in (zone_id(me, "field"), zone_id(me, "champion")):
            return _refuse("GA 10.3", "abilities work from the field")
        if card_type(state, iid) == "ally" and not obeys(state, iid):
            return _refuse("GA 10.6, seed Pride 1", "this ally does not obey you (your champion's level is too low)")
        if cost.get("rest") and state.cards[iid].tapped:
            return _refuse("GA 10.1", "the cost rests this object and it is already rested")
        if len(costs.reserve_options(state, me, iid)) < int(cost.get("reserve", 0)):
            return _refuse("GA 9.1, 10.1", "not enough cards to reserve for the ability's cost")
        if ability.get("if") and not condition_holds(state, ability["if"], me, iid):
            return _refuse("GA 10.1", "the ability's restriction does not hold (class, level or memory)")
        spec = first_choice(list(ability.get("do", ())))
        if spec is not None and not candidates(state, spec, me, iid, "spell" in words(state, iid, "subtypes")):
            return _refuse("GA 10.1", "the ability needs a legal target and there is none")
        return None

    def _materialize_window_problem(self, state: GameState, player: str) -> IllegalCommand | None:
        """GA 6.2, 9.6: the turn player materializes once, in their Materialize phase, with an empty stack."""
        problem = self._holder_problem(state, player)
        if problem is not None:
            return problem
        if (state.phase, state.step) != ("materialize", "open") or state.active != player or not stack.is_empty(state):
            return _refuse("GA 6.2", "materialize only in your Materialize phase with an empty stack")
        if (state.data.get("turn_info") or {}).get("materialized"):
            return _refuse("GA 9.6", "you have already materialized this phase")
        return None

    def _materialize_problem(self, state: GameState, command: Materialize) -> IllegalCommand | None:
        """Return why a card may not be materialized now (GA 9.6, 9.7a, 3.6, 9.2), or None."""
        me, card = command.by, command.card
        problem = self._materialize_window_problem(state, me)
        if problem is not None:
            return problem
        if card not in state.cards or state.cards[card].zone != zone_id(me, "material"):
            return _refuse("GA 9.6", "materialize a card from your material deck")
        if state.definition(card).cost is None or state.definition(card).attributes.get("cost_kind") != "memory":
            return _refuse("GA 9.6", "a card without a memory cost cannot be materialized")
        if card_type(state, card) == "champion":
            if not costs.can_level_into(state, me, card):
                return _refuse("GA 9.7a, seed Lineage 1", "a champion materializes one printed level above yours, "
                                                          "from the champion its Lineage names")
        else:
            missing = elements(state, card) - enabled_elements(state, me)
            if missing:
                return _refuse("GA 3.6", f"{', '.join(sorted(missing))} is not enabled by your champion's lineage")
        if not costs.can_pay_memory(state, me, card):
            return _refuse("GA 9.2", "not enough cards in memory to pay its memory cost")
        return None

    # -- carrying out ----------------------------------------------------------------------------
    def resolve(self, tx: Transaction, command: Command) -> None:
        self.refuse_if_over(tx.state)
        state = tx.state
        if isinstance(command, Choose):
            stored = procedure.stored(state)
            if stored is None or stored["player"] != command.by:
                raise _refuse("GA 8.2", f"{command.by} has no choice to answer now")
            routed = procedure.answer(tx, command)
            if routed is not None:  # a decision of the rules: the unique object kept, or the next waiting trigger
                raw, answer = routed
                if raw["name"] == flow.UNIQUE_DECISION:
                    flow.keep_unique(tx, command.by, int(answer.picks[0]))
                else:
                    flow.stack_trigger(tx, int(answer.picks[0]))
        elif isinstance(command, PassPriority):
            problem = self._holder_problem(state, command.by)
            if problem is not None:
                raise problem
            result = stack.pass_priority(tx)
            if result is PassResult.RESOLVE:
                flow.resolve_top(tx)
            elif result is PassResult.END:
                flow.close_window(tx)
        elif isinstance(command, ActivateCard):
            self._activate(tx, command)
        elif isinstance(command, ActivateAbility):
            self._activate_ability(tx, command)
        elif isinstance(command, DeclareAttack):
            self._declare_attack(tx, command)
        elif isinstance(command, Materialize):
            self._materialize(tx, command)
        elif isinstance(command, ReturnPreserved):
            self._return_preserved(tx, command)
        else:
            raise _refuse("Grand Archive", f"{command.command_name()} is not a Grand Archive command")
        flow.run(tx)

    def _activate(self, tx: Transaction, command: ActivateCard) -> None:
        """GA 9.5: announce the card onto the stack, then choose its target and link and pay (a frame)."""
        problem = self._activation_problem(tx.state, command)
        if problem is not None:
            raise problem
        state, me, card = tx.state, command.by, command.card
        name = state.definition(card).name
        props: dict[str, Any] = {"cost": costs.reserve_cost(state, me, card)}
        if command.brew:
            props["brewed"] = True
        if command.imbue:
            props["imbue"] = True
        if command.prepare:
            top = champion(state, me)
            assert top is not None
            need = keyword_number(state, card, "prepare")
            tx.set_counter(top, "preparation", state.cards[top].counters.get("preparation", 0) - need)
            props["prepared"] = True
            tx.log(f"{me} removes {need} preparation counters: {name} is prepared", "seed Prepare 1")
        kind = card_type(state, card)
        tx.move(card, STACK_ZONE, 0)  # GA 9.5 step 1: announced onto the stack
        tx.log(f"{me} activates {name}", "GA 9.5")
        if kind == "attack":
            top = champion(state, me)
            assert top is not None
            tx.set_field(top, "tapped", True)  # GA 7.1: an attack card rests the champion as it is activated
        costs.push_activation(tx, me, card, props, self._link_options(state, me, card))

    def _activate_ability(self, tx: Transaction, command: ActivateAbility) -> None:
        """GA 10.1: pay the ability's cost, then choose its target and put it on the stack."""
        problem = self._ability_problem(tx.state, command)
        if problem is not None:
            raise problem
        state, me, iid = tx.state, command.by, command.card
        ability = printed_abilities(state.definition(iid))[0][command.ability]
        cost = ability["cost"]
        name = state.definition(iid).name
        if cost.get("rest"):
            tx.set_field(iid, "tapped", True)
        if cost.get("sacrifice"):
            flow.leave_field(tx, iid, "graveyard")
        if cost.get("banish"):
            flow.leave_field(tx, iid, "banishment")
        if cost.get("banish_from_inner_lineage"):
            flow.put(tx, iid, "banishment")
            tx.log(f"{me} banishes {name} from the inner lineage (Lineage Release)", "seed Lineage Release 1")
        tx.log(f"{me} activates {name}'s ability", "GA 10.1")
        steps = list(ability.get("do", ()))
        frame: list[dict[str, Any]] = []
        spec = first_choice(steps)
        if spec is not None:
            frame.append({"effect": "_choose_target", "spec": spec})
        if cost.get("reserve"):  # GA 9.1: "(N)" in an ability's cost is a reserve cost, paid from the hand
            frame.append({"effect": "_pay_reserve"})
        frame.append({"effect": "_to_stack", "kind": "card"})
        procedure.push(tx, frame, {"controller": me, "source": iid, "name": f"{name}'s ability",
                                   "vars": {}, "props": {"cost": int(cost.get("reserve", 0))}, "steps": steps,
                                   "item": "ability",
                                   "spell": "spell" in words(state, iid, "subtypes")}, atomic=True)

    def _declare_attack(self, tx: Transaction, command: DeclareAttack) -> None:
        """GA 7.1-7.2: check the attacker, weapon and target, then begin the combat."""
        state, me = tx.state, command.by
        problem = self._slow_problem(state, me)
        if problem is not None:
            raise problem
        if state.turn == 1:
            raise _refuse("GA 5.5", "the first player cannot attack on turn 1")
        if state.data.get(flow.COMBAT):
            raise _refuse("GA 7.1", "only one combat at a time")
        if (command.attacker, command.weapon) not in combat.attackers(state, me):
            raise _refuse("GA 7.1", "that unit cannot attack now (rested, no power, does not obey, or no such weapon)")
        sources = [command.attacker] + ([command.weapon] if command.weapon is not None else [])
        if command.target not in combat.attack_targets(state, command.attacker, sources):
            raise _refuse("GA 7.2c, seed Taunt 2, Stealth 1", "not a legal attack target (Taunt, Stealth or not an "
                                                             "opponent's unit)")
        combat.declare_attack(tx, me, command.attacker, command.weapon, command.target)

    def _materialize(self, tx: Transaction, command: Materialize) -> None:
        """GA 9.6: announce the card onto the stack, then pay its memory cost (a frame)."""
        problem = self._materialize_problem(tx.state, command)
        if problem is not None:
            raise problem
        state, me, card = tx.state, command.by, command.card
        info = dict(state.data.get("turn_info") or {})
        tx.set_data("turn_info", {**info, "materialized": True})
        name = state.definition(card).name
        tx.set_field(card, "face_down", False)
        tx.move(card, STACK_ZONE, 0)
        tx.log(f"{me} materializes {name}", "GA 9.6")
        procedure.push(tx, [{"effect": "_pay_memory"}, {"effect": "_to_stack", "kind": "card"}],
                       {"controller": me, "source": card, "card": card, "name": name, "vars": {}, "props": {},
                        "steps": [], "item": "materialize"}, atomic=True)

    def _return_preserved(self, tx: Transaction, command: ReturnPreserved) -> None:
        """seed Preserve 4: return a Preserved card to hand instead of materializing (not a materialization)."""
        state, me, card = tx.state, command.by, command.card
        problem = self._materialize_window_problem(state, me)
        if problem is not None:
            raise problem
        if card not in state.cards or state.cards[card].zone != zone_id(me, "material") or not state.cards[
                card].props.get("preserved"):
            raise _refuse("seed Preserve 4", "only a Preserved card of your material deck returns")
        info = dict(state.data.get("turn_info") or {})
        tx.set_data("turn_info", {**info, "materialized": True})
        tx.set_prop(card, "preserved", None)
        tx.move(card, zone_id(me, "hand"), None)
        tx.log(f"{me} returns the Preserved {state.definition(card).name} to their hand (not a materialization)",
               "seed Preserve 4")

    def after_manual(self, tx: Transaction) -> None:
        flow.state_based_checks(tx)

    # -- reading the table ---------------------------------------------------------------------
    def card_values(self, state: GameState, iid: int) -> dict[str, CardValue]:
        definition = state.definition(iid)
        values = {name: CardValue(name, 0 if name == "damage" else definition.stat(name), self._current(state, iid, name))
                  for name in _value_names(definition)}
        if definition.card_type == "champion":  # the window badges the first two: a champion shows its LV and life first
            values = {"level": values["level"], "life": values["life"], **values}
        return values

    def card_value(self, state: GameState, iid: int, name: str) -> int:
        """Return one current value of a card, computed alone (the bots' evaluation reads them one by one)."""
        if name not in _value_names(state.definition(iid)):
            raise KeyError(name)
        return self._current(state, iid, name)

    def _current(self, state: GameState, iid: int, name: str) -> int:
        """Return a card's current power, life, damage, durability or level (GA 3.8, 7.6, 9.7d)."""
        if name == "power":
            return power(state, iid)
        if name == "life":
            return life(state, iid)
        if name == "damage":
            return damage(state, iid)
        definition = state.definition(iid)
        if name == "durability":  # a weapon off the field has its printed durability
            return durability(state, iid) if state.cards[iid].zone.endswith(".field") else definition.stat(name)
        on_top = state.cards[iid].zone.endswith(".champion")  # level: a card below the top has its printed one
        return level(state, state.cards[iid].controller) if on_top else definition.stat("level")

    def card_marks(self, state: GameState, iid: int) -> tuple[str, ...]:
        card = state.cards[iid]
        marks = [k for k in ("fostered", "distant", "preserved", "imbued") if card.props.get(k)]
        fight = state.data.get(flow.COMBAT)
        if fight and iid == fight["attacker"]:
            marks.append("attacking")
        if fight and iid in fight["defenders"]:
            marks.append("defending")
        if card_type(state, iid) == "ally" and card.zone.endswith(".field") and not obeys(state, iid):
            marks.append("does not obey")
        return tuple(marks)

    def card_fact(self, state: GameState, iid: int, key: str) -> Any:
        card = state.cards[iid]
        if key in ("fostered", "distant", "preserved"):
            return bool(card.props.get(key))
        if key == "damage":
            return damage(state, iid)
        if key == "keyword_list":
            return sorted(k for k in state.definition(iid).keywords if keyword(state, iid, k))
        return super().card_fact(state, iid, key)

    def player_fact(self, state: GameState, player: str, key: str) -> Any:
        if key == "level":
            return level(state, player)
        if key == "lineage":
            return [state.cards[i].card_id for i in lineage(state, player)]
        if key == "champion_damage":
            top = champion(state, player)
            return 0 if top is None else damage(state, top)
        if key == "elements":
            return sorted(enabled_elements(state, player))
        if key == "opportunity":
            return stack.priority_holder(state) == player
        if key == "combat":
            return state.data.get(flow.COMBAT) is not None
        return super().player_fact(state, player, key)

    def stack_entries(self, state: GameState) -> list[list[str]]:
        lines = []
        for item in stack.items(state):
            words_ = [item["name"], f"by {item['controller']}"]
            target = (item.get("vars") or {}).get("target")
            if target is not None and target in state.cards:
                words_.append(f"→ {state.definition(target).name}")
            words_ += [str(step["text"]) for step in item.get("steps", ()) if step.get("effect") == "by_hand"]
            lines.append(words_)
        return lines

    def stack_targets(self, state: GameState) -> list[tuple[int | None, tuple[int, ...]]]:
        found: list[tuple[int | None, tuple[int, ...]]] = []
        for item in stack.items(state):
            target = (item.get("vars") or {}).get("target")
            if target is not None:
                found.append((item.get("card") or item.get("source"), (target,)))
        return found

    def state_summary(self, state: GameState) -> list[str]:
        lines = super().state_summary(state)
        for player in state.players:
            top = champion(state, player)
            if top is not None:
                lines.append(f"{player}: champion {state.definition(top).name} LV {level(state, player)}, "
                             f"damage {damage(state, top)}/{life(state, top)}, memory {len(zone_of(state, player, 'memory'))}")
        return lines


def _pick_commands(decision: Decision) -> list[Command]:
    """Representative answers to a pick: none, each single option, the first and last `min` options, all."""
    options = list(decision.options)
    found: list[Command] = []
    if decision.min == 0:
        found.append(Choose(by=decision.player, picks=()))
    if decision.min <= 1 <= decision.max:
        found += [Choose(by=decision.player, picks=(o,)) for o in options]
    if decision.min > 1:
        found.append(Choose(by=decision.player, picks=tuple(options[:decision.min])))
        if options[-decision.min:] != options[:decision.min]:
            found.append(Choose(by=decision.player, picks=tuple(options[-decision.min:])))
    if decision.max == len(options) > 1 and decision.min < len(options) and len(options) != decision.min:
        found.append(Choose(by=decision.player, picks=tuple(options)))
    return found

