"""VanguardRules: setup with mulligan, legal commands, resolving them, and reading the table for scenarios."""
from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tabletop.engine import by_hand, durations, procedure, triggers
from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.commands import Choose, Command, PassPriority, UseAbilityByHand
from tabletop.engine.decision import Decision
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.permissions import Permission, Ruling, decide
from tabletop.engine.rules import CardChoice, CardValue, GameConfig, GameRules, is_listed
from tabletop.engine.state import GameState
from tabletop.engine.text_compilation import CompiledText
from tabletop.engine.transaction import Transaction
from tabletop.engine.triggers import trigger_event
from tabletop.engine.zones import ZoneSpec, zone_id
from tabletop.games.vanguard import facts
from tabletop.games.vanguard.abilities import (
    ABILITY_CHANGES, ACT_HOLDERS, PENDING, AbilityIndex, abilities_of, ability_index, can_boost, emit, face_up_g,
    holder_cards, keyword_valid, printed_of, zone_tag_holds,
)
from tabletop.games.vanguard.circles import (
    circles_of, column_partner, info as zone_info, is_rear_circle, zone_specs,
)
from tabletop.games.vanguard.commands import (
    COMMANDS, Activate, Attack, Call, GGuard, Guard, Intercept, Move, PlayOrder, Ride, RideFromRideDeck, Stride,
)
from tabletop.games.vanguard.effects import ability_problems, draw_cards
from tabletop.games.vanguard.flow import (
    act_step, cost_payable, cost_steps, enter, begin_battle, dominated_attackers, dominated_targets, guard_prompt, next_phase,
    play_pending, rule_actions, run,
)
from tabletop.games.vanguard.moves import (
    leave_field_cleanup, move_rear_guard, place_on_circle, put_into_soul, relocate, retire, turn_fact, turn_info,
)
from tabletop.games.vanguard.text_compiler import compile_card
from tabletop.games.vanguard.rear_vanguard import is_rear_vanguard, is_vanguard, rear_vanguards
from tabletop.games.vanguard.by_hand_timing import timing
from tabletop.games.vanguard.table import (
    current_critical, current_grade, current_power, front_row_units, has_state, is_any_on_field,
    is_forbidden_to_attack, is_locked, is_unit, legion_mate_beside, power_parts, seat_circles, shield_total, units_of,
    vanguard_of,
)


_UNKNOWN: Any = object()  # a memo not computed yet (None is a value)
PHASES = ("setup", "stand", "draw", "ride", "main", "battle", "end")
CARD_STATES = ("blaze", "devour", "charge", "hollow", "harmony", "success", "dominated")


# The Vanguard card-text compiler's version: a card database compiles its cards again when it changes
# (carddb/card_compilation.py); raise it whenever a template of text_compiler.py or text_clauses.py changes.
TEXT_COMPILER_VERSION = "vanguard-2"


class VanguardRules(GameRules):
    """Cardfight!! Vanguard, Standard (ride deck, energy) and Premium (G zone, stride, gifts)."""

    id: ClassVar[str] = "vanguard"
    lists_every_play: ClassVar[bool] = True
    name: ClassVar[str] = "Cardfight!! Vanguard"
    formats: ClassVar[tuple[str, ...]] = ("standard", "premium")
    stat_keys: ClassVar[tuple[str, ...]] = ("grade", "power", "shield", "critical")
    commands: ClassVar[tuple[type[Command], ...]] = COMMANDS
    tap_words: ClassVar[tuple[str, ...]] = ("rest",)
    card_states: ClassVar[tuple[str, ...]] = CARD_STATES
    default_totals: ClassVar[Mapping[str, int]] = {"energy": 0, "accel": 0}
    phases: ClassVar[tuple[str, ...]] = PHASES
    deck_sections: ClassVar[Mapping[str, str]] = {"main": "deck", "ride": "ride_deck", "g": "gzone", "gzone": "gzone"}
    scenario_setup_keys: ClassVar[tuple[str, ...]] = ("turn_info", "battle_number", "first_turn", "markers",
                                                      "first_player")

    # -- metadata --------------------------------------------------------------------------------
    def zone_specs(self, game_format: str) -> Sequence[ZoneSpec]:
        specs = zone_specs(game_format)
        if game_format == "premium":
            specs.append(ZoneSpec("heart", capacity=1, layout="slot", label="Heart card"))
        return specs

    def filler_card(self) -> CardDefinition:
        return CardDefinition(id="filler", game=self.id, name="Card", card_type="unit",
                              stats={"grade": 1, "power": 8000, "shield": 5000, "critical": 1})

    def card_from_mapping(self, data: Mapping[str, Any]) -> CardDefinition:
        """Read a card; imported field spellings (`Normal Unit`, `Twin Drive`, `["Persona Ride"]`) are normalised."""
        card = super().card_from_mapping(data)
        problems = self.effect_problems(data)
        if problems:
            raise ValueError(f"card {card.id!r}: {problems[0]}")
        keywords = {str(k).lower().replace(" ", "_"): v for k, v in card.keywords.items() if str(k).lower() != "none"}
        if keywords != dict(card.keywords):
            card = CardDefinition(card.id, card.game, card.name, card.card_type, card.cost, card.stats, card.text,
                                  keywords, card.attributes, card.effects)
        return card

    def effect_problems(self, data: Mapping[str, Any]) -> list[str]:
        """Check the card's effects only: imported cards' keyword spellings are normalised, not refused."""
        return ability_problems(data.get("effects"))

    def compile_text(self, card: CardDefinition) -> CompiledText:
        """Compile the card's printed text into Vanguard abilities (text_compiler.py: templates, not guesses)."""
        return dataclasses.replace(compile_card(card), compiler=TEXT_COMPILER_VERSION)

    # -- setting up ------------------------------------------------------------------------------
    def setup(self, tx: Transaction, config: GameConfig) -> None:
        """VG 4: first vanguard face down, shuffle, draw 5, random first player, mulligans, stand up."""
        state = tx.state
        for player, sections in config.decks.items():
            for section, card_ids in sections.items():
                if section not in self.deck_sections:
                    raise ValueError(f"{self.name} decks have no section {section!r}")
                target = zone_id(player, self.deck_sections[section])
                if target not in state.zones:
                    raise ValueError(f"{state.format} decks have no section {section!r}")
                made = tx.create_cards(card_ids, player, target)
                if section in ("g", "gzone"):
                    for iid in made:
                        tx.set_field(iid, "face_down", True)
            first = self._first_vanguard(state, player)
            if first is None:
                raise ValueError(f"{player}'s deck has no grade 0 unit to start as the vanguard (VG 4.1)")
            tx.move(first, zone_id(player, "vc"), 0)
            tx.set_field(first, "face_down", True)
            tx.shuffle(zone_id(player, "deck"))
            draw_cards(tx, player, 5)
        first_player = state.players[tx.random_below(2)]
        tx.set_table("active", first_player)
        tx.set_table("phase", "setup")
        tx.set_table("turn", 1)
        tx.set_data("first_player", first_player)
        tx.set_data("mulligan", [first_player, state.opponent(first_player)])
        tx.log(f"{first_player} goes first", "VG 4.3")

    def _first_vanguard(self, state: GameState, player: str) -> int | None:
        sources = ("ride_deck", "deck") if state.format == "standard" else ("deck",)
        for source in sources:  # a Standard deck without a ride deck starts from a main-deck grade 0
            for iid in state.zones[zone_id(player, source)].cards:
                d = state.definition(iid)
                if facts.grade(d) == 0 and facts.is_unit_card(d):
                    return iid
        return None

    def _after_mulligans(self, tx: Transaction) -> None:
        """VG 4.6: stand up the vanguards; the first player's turn 1 begins."""
        state = tx.state
        for player in state.players:
            for iid in state.zones[zone_id(player, "vc")].cards:
                tx.set_field(iid, "face_down", False)
        enter(tx, "stand")
        tx.set_data("turn_start_grade", 0)
        tx.log("stand up, vanguard!", "VG 4.6")
        for player in state.players:
            v = vanguard_of(state, player)
            if v is not None:
                emit(tx, trigger_event("game_start", player=player))

    def after_scenario_setup(self, tx: Transaction, setup: Mapping[str, Any]) -> None:
        state = tx.state
        if not state.phase:
            tx.set_table("phase", "main")
        if state.phase == "battle" and not state.step:
            tx.set_table("step", "attack")
        if state.phase == "ride" and not state.step:
            tx.set_table("step", "")
        for player, facts_ in (setup.get("turn_info") or {}).items():
            for key, value in facts_.items():
                turn_info(tx, str(player), str(key), value)
        if "first_player" in setup:  # VG 4.3: who went first ("if you went second")
            tx.set_data("first_player", str(setup["first_player"]))
        if "battle_number" in setup:
            tx.set_data("battle_number", int(setup["battle_number"]))
        if "markers" in setup:  # Imaginary Gift markers by circle: {p1.vc: {force1: 1}} (VG 9.6)
            tx.set_data("markers", {str(z): {str(k): int(n) for k, n in m.items()} for z, m in setup["markers"].items()})
        v = vanguard_of(state, state.active)
        tx.set_data("turn_start_grade", facts.grade(state.definition(v)) if v is not None else 0)
        for iid in list(state.cards):
            if state.cards[iid].zone.endswith(".gzone") and not state.cards[iid].props.get("g_face_up"):
                tx.set_field(iid, "face_down", True)
        run(tx)

    def set_card_fact(self, tx: Transaction, iid: int, key: str, value: Any) -> None:
        if key == "locked":
            tx.set_field(iid, "face_down", bool(value))
            tx.set_prop(iid, "locked", bool(value) or None)
        elif key == "power_bonus":
            tx.set_prop(iid, "mods", [{"stat": "power", "amount": int(value), "until": "turn", "why": "setup"}])
        elif key == "face_up" and tx.state.cards[iid].zone.endswith(".gzone"):
            tx.set_prop(iid, "g_face_up", True)
            tx.reveal(iid, "all")
        elif key == "states":
            super().set_card_fact(tx, iid, key, value)
            durations = {s: "turn" for s in value if s in ("blaze", "devour", "charge", "harmony", "success")}
            tx.set_prop(iid, "state_until", durations or None)
        elif key == "links":
            tx.set_prop(iid, "links", list(value))
        elif key == "legion":  # the Legion mate's card number (both cards of the pair name each other)
            tx.set_prop(iid, "legion", int(value))
        elif key == "dominated_by":
            tx.set_field(iid, "controller", str(value))
            states = sorted(set(tx.state.cards[iid].props.get("states", [])) | {"dominated"})
            tx.set_prop(iid, "states", states)
        elif key == "gained":
            tx.set_prop(iid, "gained", [{"ability": a, "until": "turn"} for a in value])
            tx.set_data("abilities_gained", True)
        else:
            super().set_card_fact(tx, iid, key, value)

    # -- decisions -------------------------------------------------------------------------------
    def pending_decision(self, state: GameState) -> Decision | None:
        """Return who must decide what now; the guard step's prompt says what the defender guards against (VG 6.3)."""
        decision = self.unworded_decision(state)
        if decision is None or decision is not _unworded_guard(decision.player):
            return decision
        return state.memo("vanguard.guard_decision", lambda: dataclasses.replace(decision, prompt=guard_prompt(state)))

    def unworded_decision(self, state: GameState) -> Decision | None:
        """Return who must decide what now, the guard step's prompt left unworded (it reads powers and shields:
        the engine's forced passes and the bots never read it)."""
        values = state.memo_values  # state.memo, inlined: asked several times per step
        found = values.get("vanguard.decision", _UNKNOWN)
        if found is _UNKNOWN:
            found = values["vanguard.decision"] = self._pending_decision(state)
        return found  # type: ignore[no-any-return]

    def _pending_decision(self, state: GameState) -> Decision | None:
        if state.data.get("outcome") is not None:  # self.outcome, inlined: an outcome exactly when this fact is set
            return None
        stored = procedure.pending(state)
        if stored is not None:
            return stored
        if state.phase == "setup":
            player = state.data["mulligan"][0]
            hand = tuple(state.zones[zone_id(player, "hand")].cards)
            return Decision(player, "mulligan", "pick", "choose cards to return (mulligan)", hand, 0, len(hand), "VG 4.5")
        step = act_step(state)
        if step is not None:
            if step["effect"] == "_guard_step":
                return _unworded_guard(state.data["battle"]["defender"])
            return _act_decision(str(procedure.ctx(state, procedure.depth(state) - 1)["controller"]), "dominate_attack",
                                 "attack with a dominated unit", "seed 《射干玉》 支配 ③")
        return _phase_decision(state.active, state.phase)

    def advance_command(self, state: GameState, decision: Decision) -> Command | None:
        if decision.name == "mulligan":
            return Choose(by=decision.player, picks=())
        if decision.kind == "act":
            return _pass(decision.player)
        return None

    def card_choices(self, state: GameState, command: Command) -> tuple[CardChoice, ...]:
        """Return what a stride may be paid with: the cards of the hand, grades adding up to 3 (VG 5.3)."""
        if not isinstance(command, Stride):
            return ()
        return (CardChoice("pay another way",
                           f"Stride {state.definition(command.card).name}: check cards of your hand whose grades add up to 3",
                           {"discard": tuple(state.zones[zone_id(command.by, "hand")].cards)}),)

    def advance_label(self, state: GameState, decision: Decision) -> str:
        """Name the pass by where it leads (VG 5; no battle on the first turn, VG 4.7; the guard step, VG 6.3)."""
        if decision.name == "guard":
            return "Done guarding" if state.zones[zone_id(decision.player, "gc")].cards else "No guard"
        if decision.name == "ride":
            return "Go to the main phase"
        if decision.name == "main":
            return "End the turn (no battle on turn 1)" if state.turn == 1 else "Go to the battle phase"
        if decision.name == "attack":
            return "End the battle phase"
        return ""

    # -- legal commands --------------------------------------------------------------------------
    def legal_commands(self, state: GameState, player: str) -> list[Command]:
        return list(self._listed(state, player))

    def can_do_more_than_advance(self, state: GameState, decision: Decision, advance: Command) -> bool:
        # the seat's list is wanted next anyway: built whole, not copied
        listed = self._listed(state, decision.player, decision)
        # the pass is one shared object (_pass): `is` first spares the dataclass __eq__ (`!=` has no identity shortcut)
        return len(listed) != 1 or listed[0] is not advance and listed[0] != advance

    def _listed(self, state: GameState, player: str, decision: Decision | None = _UNKNOWN) -> tuple[Command, ...]:
        """Return the legal commands of a player, memoised: asked twice per decision with auto-pass (the engine's
        forced-pass check, then the seat). `decision`: the pending one, when the caller has it already."""
        key = ("vanguard.legal", player)
        values = state.memo_values
        found = values.get(key)
        if found is None:
            if decision is _UNKNOWN:
                decision = self.unworded_decision(state)
            found = values[key] = tuple(self._legal_commands(state, player, decision))
        return found  # type: ignore[no-any-return]

    def _legal_commands(self, state: GameState, player: str, decision: Decision | None) -> list[Command]:
        if decision is None or decision.player != player:
            return []
        kind = decision.kind
        if kind != "act":  # the usual case, a play timing, read first
            if kind == "pick":
                return self._pick_commands(decision)
            if kind == "order":  # every order of the offered cards ("in any order")
                return [Choose(by=player, picks=order) for order in itertools.islice(
                    itertools.permutations(decision.options), 120)]
            if kind == "yesno":
                return list(_yes_no(player))
            if kind == "number":
                return [Choose(by=player, number=n) for n in range(decision.min, decision.max + 1)]
        commands: list[Command] = [_pass(player)]
        name = decision.name
        if name == "main":
            commands += self._main_commands(state, player)
        elif name == "attack":
            commands += self._attack_commands(state, player)
        elif name == "guard":
            commands += self._guard_commands(state, player)
        elif name == "ride":
            commands += self._ride_commands(state, player)
        elif name == "dominate_attack":
            commands = [Attack(by=player, attacker=a, target=t) for a in dominated_attackers(state, player)
                        for t in dominated_targets(state, a)]
        # abilities by hand of the player's units: [ACT] in the main phase (VG 7.5), [AUTO] announced as triggered
        # whenever the player may act (VG 7.4)
        if by_hand.cards_by_hand(state.library):  # most libraries have none: no units to gather
            usable = (by_hand.ACTION, by_hand.AUTO) if name == "main" else (by_hand.AUTO,)
            commands += by_hand.offers(state, player, units_of(state, player), usable, timing)
        return commands

    def _pick_commands(self, decision: Decision) -> list[Command]:
        options = list(decision.options)
        result: list[Command] = []
        if decision.min == 0:
            result.append(Choose(by=decision.player, picks=()))
        if decision.min <= 1 <= decision.max:
            result += [_pick_command(decision.player, o) for o in options]
        if decision.min > 1:
            result.append(Choose(by=decision.player, picks=tuple(options[: decision.min])))
            result.append(Choose(by=decision.player, picks=tuple(options[-decision.min:])))
        return result

    def _ride_commands(self, state: GameState, player: str) -> list[Command]:
        result: list[Command] = []
        if turn_fact(state, player, "rode", False):
            return self._stride_commands(state, player)
        v = vanguard_of(state, player)
        grade = current_grade(state, v) if v is not None else 0
        hand = state.zones[zone_id(player, "hand")].cards
        index = ability_index(state)
        cards = state.cards
        for iid in hand:
            printed = index[cards[iid].card_id]
            if printed.is_unit and printed.grade in (grade, grade + 1):
                result.append(Ride(by=player, card=iid))
        ride_deck = zone_id(player, "ride_deck")
        if ride_deck in state.zones and hand:
            discards: dict[str, int] = {}
            for h in hand:
                discards.setdefault(state.cards[h].card_id, h)
            for iid in state.zones[ride_deck].cards:
                if index[cards[iid].card_id].grade == grade + 1:
                    result += [RideFromRideDeck(by=player, card=iid, discard=h) for h in discards.values()]
        return result + self._stride_commands(state, player)

    def _stride_commands(self, state: GameState, player: str) -> list[Command]:
        if state.format != "premium" or turn_fact(state, player, "strode", False) or not self._can_stride(state, player):
            return []
        hand = state.zones[zone_id(player, "hand")].cards
        picks: list[int] = []
        total = 0
        for h in sorted(hand, key=lambda c: -facts.grade(state.definition(c))):
            if total >= 3:
                break
            picks.append(h)
            total += facts.grade(state.definition(h))
        if total < 3:
            return []
        # every G unit that may stride (the window offers a card only the commands that name it); the discard is the
        # obvious payment: the highest grades until they add up to 3
        return [Stride(by=player, card=g, discard=tuple(picks)) for g in state.zones[zone_id(player, "gzone")].cards
                if state.cards[g].face_down and _can_stride_with(state.definition(g))]

    def _can_stride(self, state: GameState, player: str) -> bool:
        v = vanguard_of(state, player)
        o = vanguard_of(state, state.opponent(player))
        if v is None or state.cards[v].props.get("heart") is not None:
            return False
        both = current_grade(state, v) >= 3 and o is not None and current_grade(state, o) >= 3
        return both or int(state.data.get("turn_start_grade", 0)) >= 3

    def _main_commands(self, state: GameState, player: str) -> list[Command]:
        """Return the main phase's calls, orders, moves and [ACT] abilities of a player (VG 5.4), in that order.

        One pass over the player's own rear-guard circles finds the circles open to calls and the Move commands:
        a circle holding a dominated unit (seed Dominate 3) or a rear-guard vanguard (seed 《光辉骑士团》 二) takes
        no call, and neither such a unit nor its column partner moves.
        """
        result: list[Command] = []
        index = ability_index(state)
        cards = state.cards
        seat = seat_circles(state, player)
        vc = seat.vc
        # vanguard_of and current_grade, inlined: a dominated vanguard is not the player's (ruling 18)
        grade = index[cards[vc[0]].card_id].grade if vc and cards[vc[0]].controller == player else 0
        granters = index.vanguard_granters
        # rear_vanguards' first tests, inlined: none unless the VC's unit prints such a CONT or an effect gave abilities
        made = rear_vanguards(state, player) if granters and vc and (
            cards[vc[0]].card_id in granters or state.data.get("abilities_gained")) else ()
        names: list[str] = []
        moves: list[Command] = []
        for held, partner, name in seat.rears:
            if not held:
                names.append(name)
                continue
            top = held[0]
            if not (top in made or "dominated" in cards[top].props.get("states", ())):  # has_state, inlined
                names.append(name)
            if partner is None or partner and (
                    partner[0] in made or "dominated" in cards[partner[0]].props.get("states", ())):
                continue  # no other circle, or no swap with a dominated unit or a rear-guard vanguard
            for iid in held:  # the player's own rear-guards (units_of: not locked) move
                card = cards[iid]
                if card.controller == player and card.owner == player and "locked" not in card.props \
                        and iid not in made:
                    moves.append(_move_command(player, iid))
        opened = state.totals.get(player, {}).get("accel", 0)
        if opened > 0:  # Accel circles take calls once open (circles_of); they have no column partner to move to
            for held, _, name in seat.accels[:opened]:
                if not held or not (held[0] in made or "dominated" in cards[held[0]].props.get("states", ())):
                    names.append(name)
        circles = tuple(names)
        # every copy is listed: the window offers a card only the commands that name it (bots drop the twins)
        for iid in seat.hand:
            printed = index[cards[iid].card_id]
            if printed.grade > grade:
                continue
            if printed.is_unit:
                result += _calls(player, iid, circles)
            elif printed.kind == "order" and state.definition(iid).effects and self._order_payable(state, player, iid):
                result.append(PlayOrder(by=player, card=iid))
        result += moves
        for iid in self._actors(state, player, index):
            for number, ability in enumerate(abilities_of(state, iid)):
                if ability.get("kind") == "act" and self._can_activate(state, player, iid, number, ability):
                    result.append(Activate(by=player, card=iid, ability=number))
        return result

    def _actors(self, state: GameState, player: str, index: AbilityIndex) -> Sequence[int]:
        """Return the units of a player that may have an [ACT] ability, in field order: those printing one or a
        CONT gaining other cards' abilities, and, once an effect gave or copied abilities, those it changed."""
        if state.data.get("abilities_gained"):
            cards = state.cards
            return [iid for iid in units_of(state, player) if index[cards[iid].card_id].has_act
                    or index[cards[iid].card_id].gains or not ABILITY_CHANGES.isdisjoint(cards[iid].props)]
        printing = holder_cards(state, ACT_HOLDERS)  # a deleted unit has fewer abilities, never more
        if not printing or not is_any_on_field(state, printing):
            return ()  # the usual case: no unit on the field prints one
        return [iid for iid in units_of(state, player) if iid in printing]

    def _attack_commands(self, state: GameState, player: str) -> list[Command]:
        # They read the board alone: memoised until it changes.
        key = ("vanguard.attacks", player)
        found = state.board_memo_values.get(key)
        if found is None:
            found = state.board_memo_values[key] = tuple(self._attacks(state, player))
        return list(found)

    def _attacks(self, state: GameState, player: str) -> list[Command]:
        result: list[Command] = []
        targets = front_row_units(state, state.opponent(player))
        cards = state.cards
        index = ability_index(state)
        behind_vanguard = state.zones[zone_id(player, "rc.back_center")].cards
        for attacker in front_row_units(state, player):
            card = cards[attacker]
            if card.tapped or "dominated" in card.props.get("states", ()) or is_forbidden_to_attack(state, attacker):
                continue
            boosters: list[int | None] = [None]
            zone = zone_info(card.zone)
            behind = behind_vanguard if not zone.is_rear else (
                state.zones[zone.partner].cards if zone.partner else ())  # the other circle of the column
            for b in behind:
                booster = cards[b]
                # is_unit and can_boost, inlined (on a circle already: a unit unless locked)
                if (not booster.tapped and not booster.props.get("locked")
                        and (index[booster.card_id].boost or "boost" in booster.props.get("gained_keywords", ()))
                        and "dominated" not in booster.props.get("states", ())):
                    boosters.append(b)
            result += [_attack_command(player, attacker, t, b) for t in targets for b in boosters]
        return result

    def _guard_commands(self, state: GameState, player: str) -> list[Command]:
        result: list[Command] = []
        index = ability_index(state)
        cards = state.cards
        restricted = bool(state.lists.get("restrictions"))
        for iid in state.zones[zone_id(player, "hand")].cards:   # every copy: see _main_commands
            if index[cards[iid].card_id].is_unit:
                if not restricted or guard_permission(state, player, iid).allowed:
                    result.append(_guard_command(player, iid))
        target = state.data["battle"]["target"]
        for iid in front_row_units(state, player):
            card = cards[iid]
            if (zone_info(card.zone).is_rear and index[card.card_id].intercept and iid != target
                    and "dominated" not in card.props.get("states", ()) and not is_rear_vanguard(state, iid)):
                result.append(Intercept(by=player, card=iid))
        if state.format == "premium":
            result += self._gguard_commands(state, player)
        return result

    def _gguard_commands(self, state: GameState, player: str) -> list[Command]:
        if state.format != "premium" or not self._can_gguard(state, player):
            return []
        # every face-down G guardian (each copy: the window offers a card the commands naming it) and one Heal
        # trigger of each kind in hand to discard, as for the ride deck's discard
        heals: dict[str, int] = {}
        for h in state.zones[zone_id(player, "hand")].cards:
            if facts.trigger(state.definition(h)) == "heal":
                heals.setdefault(state.cards[h].card_id, h)
        gs = [g for g in state.zones[zone_id(player, "gzone")].cards
              if state.cards[g].face_down and "g_guardian" in state.definition(g).keywords]
        return [GGuard(by=player, card=g, discard=h) for g in gs for h in heals.values()]

    def _can_gguard(self, state: GameState, player: str) -> bool:
        """VG 6.3 G guardian: both vanguards grade 3+ (a dominated vanguard is none, ruling 18), ≤3 face-up."""
        v = vanguard_of(state, player)
        o = vanguard_of(state, state.opponent(player)) or next(
            (u for u in units_of(state, state.opponent(player)) if state.cards[u].zone.endswith(".vc")), None)
        return (v is not None and o is not None and current_grade(state, v) >= 3 and current_grade(state, o) >= 3
                and face_up_g(state, player) <= 3)

    def _can_activate(self, state: GameState, player: str, iid: int, index: int, ability: dict[str, Any]) -> bool:
        if not zone_tag_holds(state, iid, ability.get("zone")) or not keyword_valid(state, iid, ability, player):
            return False
        if ability.get("once_per_turn") and f"{iid}:{index}" in state.data.get("used_this_turn", []):
            return False
        return cost_payable(state, player, iid, ability.get("cost") or [])

    def _order_payable(self, state: GameState, player: str, iid: int) -> bool:
        """Tell whether the costs of an order's effects can be paid whole (VG 5.4: play it paying its cost)."""
        return cost_payable(state, player, None, [step for ability in state.definition(iid).effects
                                                  for step in ability.get("cost") or ()])

    # -- resolving -------------------------------------------------------------------------------
    def resolve(self, tx: Transaction, command: Command) -> None:
        state = tx.state
        decision = self.unworded_decision(state)
        if decision is None:
            raise IllegalCommand("VG 1", "the game is over")
        kind = type(command)
        if kind is Choose:
            self._answer(tx, decision, command)  # type: ignore[arg-type]  # a Choose, by its type
        elif decision.kind != "act":
            raise IllegalCommand(decision.rule or "VG 7.2", f"answer the pending choice first ({decision.prompt})")
        elif kind is PassPriority:
            self._pass(tx, decision)
        elif kind is UseAbilityByHand:
            self._use_by_hand(tx, command, decision)  # type: ignore[arg-type]  # a UseAbilityByHand, by its type
        elif kind is Attack and decision.name == "dominate_attack":
            self._dominated_attack(tx, command)  # type: ignore[arg-type]  # an Attack, by its type
        else:
            found = _PLAYED_IN.get(kind)
            if found is None:
                raise IllegalCommand("VG", f"unknown command {command.command_name()}")
            timing, rule, reason, handler, checker = found
            if not is_listed(state, command):  # a listed command passed these checks as it was listed
                self._need(decision, timing, rule, reason)
                if checker:
                    getattr(self, checker)(state, command)
            getattr(self, handler)(tx, command)
        run(tx)

    def _need(self, decision: Decision, name: str, rule: str, reason: str) -> None:
        if decision.name != name:
            raise IllegalCommand(rule, reason)

    def _answer(self, tx: Transaction, decision: Decision, command: Choose) -> None:
        state = tx.state
        if decision.kind == "act":
            raise IllegalCommand(decision.rule or "VG 7.1", "nothing to choose now; play a command or pass")
        picks = [self._pending_uid(state, p) for p in command.picks] if decision.name == "order_triggers" else None
        if decision.name == "mulligan":  # VG 4.5: asked by the setup itself, not stored
            self._mulligan(tx, decision.player, list(procedure.check_answer(decision, command, None, "VG 7.3").picks))
            return
        routed = procedure.answer(tx, command, picks, "VG 7.3")
        if routed is not None:  # the one decision of the rules, not of a frame: which stand-by ability first (VG 7.2)
            play_pending(tx, routed[1].picks[0])

    def _pending_uid(self, state: GameState, pick: Any) -> Any:
        player = procedure.pending(state).player  # type: ignore[union-attr]
        mine = triggers.waiting(state, player)
        if any(item["id"] == pick for item in mine):
            return pick
        for item in mine:
            ability = item["ability"]
            names = {ability.get("name"), ability.get("keyword"), ability.get("keyword_ability")}
            if item["source"] == pick or (isinstance(pick, str) and pick in names):
                return item["id"]
        return pick

    def _mulligan(self, tx: Transaction, player: str, picks: list[Any]) -> None:
        """VG 4.5: put the chosen cards on the deck bottom, draw as many, then shuffle."""
        state = tx.state
        for iid in picks:
            tx.move(iid, zone_id(player, "deck"), None)
        draw_cards(tx, player, len(picks))
        tx.shuffle(zone_id(player, "deck"))
        tx.log(f"{player} mulliganed {len(picks)} card(s)", "VG 4.5")
        remaining = list(state.data["mulligan"])[1:]
        tx.set_data("mulligan", remaining)
        if not remaining:
            self._after_mulligans(tx)

    def _pass(self, tx: Transaction, decision: Decision) -> None:
        state = tx.state
        if decision.name == "guard":
            battle = dict(state.data["battle"])
            battle["guard_done"] = True
            tx.set_data("battle", battle, copy=False)  # a new mapping sharing never-mutated parts
        elif decision.name == "dominate_attack":
            raise IllegalCommand("seed 《射干玉》 支配 ④", "every dominated unit that can attack must attack")
        else:
            next_phase(tx)

    # -- ride ------------------------------------------------------------------------------------
    def _ride_check(self, state: GameState, player: str, card: int, zone: str, plus_one: bool) -> None:
        if turn_fact(state, player, "rode", False):
            raise IllegalCommand("VG 5.3", "you have already ridden this turn")
        if state.cards[card].zone != zone_id(player, zone):
            raise IllegalCommand("VG 5.3", f"that card is not in your {zone.replace('_', ' ')}")
        d = state.definition(card)
        if not facts.is_unit_card(d):
            raise IllegalCommand("VG 5.3", f"{d.name} is not a unit card and cannot be ridden")
        v = vanguard_of(state, player)
        grade = current_grade(state, v) if v is not None else 0
        allowed = (grade + 1,) if plus_one else (grade, grade + 1)
        if facts.grade(d) not in allowed:
            raise IllegalCommand("VG 5.3", f"you can ride only grade {' or '.join(map(str, allowed))} onto a grade {grade} vanguard")

    def _check_ride(self, state: GameState, command: Ride) -> None:
        self._ride_check(state, command.by, command.card, "hand", False)

    def _ride(self, tx: Transaction, command: Ride) -> None:
        ride(tx, command.by, command.card)

    def _check_ride_from_deck(self, state: GameState, command: RideFromRideDeck) -> None:
        if state.format != "standard":
            raise IllegalCommand("VG 5.3", "only Standard has a ride deck")
        self._ride_check(state, command.by, command.card, "ride_deck", True)
        if state.cards[command.discard].zone != zone_id(command.by, "hand"):
            raise IllegalCommand("VG 5.3", "riding from the ride deck costs a card discarded from your hand")

    def _ride_from_deck(self, tx: Transaction, command: RideFromRideDeck) -> None:
        relocate(tx, command.discard, "drop", None)
        ride(tx, command.by, command.card)

    def _stride(self, tx: Transaction, command: Stride) -> None:
        """VG 5.3 Premium stride: cost grade 3 discarded, G unit on VC, the old vanguard becomes the heart card."""
        state = tx.state
        player = command.by
        if state.format != "premium":
            raise IllegalCommand("VG 5.3", "stride exists only in Premium")
        if command.circle != "vc":
            what = "a rear-guard vanguard's circle" if self._holds_rear_vanguard(state, player, command.circle) else \
                command.circle
            raise IllegalCommand("seed 《光辉骑士团》 二 / VG 5.3",
                                 f"Stride happens only on the front-centre vanguard circle, not on {what}")
        if turn_fact(state, player, "strode", False):
            raise IllegalCommand("VG 5.3", "you have already strode this turn")
        if state.cards[command.card].zone != zone_id(player, "gzone") or not state.cards[command.card].face_down:
            raise IllegalCommand("VG 5.3", "stride a face-down G unit from your G zone")
        if not _can_stride_with(state.definition(command.card)):
            raise IllegalCommand("VG 5.3 / 9.1", "a G guardian has no Stride ability: it only guards")
        if not self._can_stride(state, player):
            raise IllegalCommand("VG 5.3", "stride needs both vanguards grade 3+, or yours grade 3+ at the start of the turn")
        if any(state.cards[c].zone != zone_id(player, "hand") for c in command.discard) or \
                sum(facts.grade(state.definition(c)) for c in command.discard) < 3:
            raise IllegalCommand("VG 5.3", "stride costs cards from your hand with grades totalling 3 or more")
        for c in command.discard:
            relocate(tx, c, "drop", None)
        old = vanguard_of(state, player)
        assert old is not None  # _can_stride refused a player without a vanguard
        tapped = state.cards[old].tapped
        tx.move(old, zone_id(player, "heart"), 0)
        place_on_circle(tx, command.card, zone_id(player, "vc"), "ride", player, rested=tapped)
        tx.set_prop(command.card, "heart", old)
        turn_info(tx, player, "strode", True)
        tx.log(f"{player} strides {state.definition(command.card).name}", "VG 5.3")

    def _holds_rear_vanguard(self, state: GameState, player: str, circle: str) -> bool:
        zid = zone_id(player, circle)
        cards: Sequence[int] = state.zones[zid].cards if zid in state.zones else ()
        return bool(cards) and is_rear_vanguard(state, cards[0])

    # -- main phase ------------------------------------------------------------------------------
    def _check_call(self, state: GameState, command: Call) -> None:
        player = command.by
        circle = zone_id(player, command.circle)
        if circle not in state.zones or not is_rear_circle(circle) or circle not in circles_of(state, player):
            raise IllegalCommand("VG 5.4", f"{command.circle} is not one of your rear-guard circles")
        if state.cards[command.card].zone != zone_id(player, "hand"):
            raise IllegalCommand("VG 5.4", "you can call only cards from your hand")
        d = state.definition(command.card)
        if not facts.is_unit_card(d):
            raise IllegalCommand("VG 5.4", f"{d.name} is not a unit and cannot be called")
        v = vanguard_of(state, player)
        grade = current_grade(state, v) if v is not None else 0
        if facts.grade(d) > grade:
            raise IllegalCommand("VG 5.4", f"grade {facts.grade(d)} is higher than your vanguard's grade {grade}")
        occupant = state.zones[circle].cards
        if occupant and has_state(state, occupant[0], "dominated"):
            raise IllegalCommand("seed 《射干玉》 支配 ruling 3", "you cannot put a card on a circle holding a dominated unit")
        if occupant and is_rear_vanguard(state, occupant[0]):
            raise IllegalCommand("seed 《光辉骑士团》 二", "that unit is a vanguard, not a rear-guard: it is not retired "
                                                   "to make room for a call")

    def _call(self, tx: Transaction, command: Call) -> None:
        state = tx.state
        player = command.by
        circle = zone_id(player, command.circle)
        occupant = state.zones[circle].cards
        if occupant:
            retire(tx, occupant[0], by_effect=False)
        place_on_circle(tx, command.card, circle, "call", player)
        tx.log(f"{player} calls {state.definition(command.card).name} to {command.circle}", "VG 5.4")

    def _move(self, tx: Transaction, command: Move) -> None:
        state = tx.state
        iid = command.card
        zid = state.cards[iid].zone
        if state.cards[iid].controller != command.by or not is_rear_circle(zid) or state.cards[iid].owner != command.by:
            raise IllegalCommand("VG 5.4", "you can move only your own rear-guards")
        partner = column_partner(zid)
        if partner is None:
            raise IllegalCommand("VG 5.4", "that circle has no other circle in its column")
        refused = move_rear_guard(tx, iid, partner)
        if refused is not None:
            raise refused
        tx.log(f"{command.by} moves {state.definition(iid).name}", "VG 5.4")

    def _activate(self, tx: Transaction, command: Activate) -> None:
        state = tx.state
        abilities = abilities_of(state, command.card) if command.card in state.cards else []
        if state.cards[command.card].controller != command.by or not 0 <= command.ability < len(abilities):
            raise IllegalCommand("VG 7.5", "that card has no such ability of yours")
        ability = abilities[command.ability]
        if ability.get("kind") != "act":
            raise IllegalCommand("VG 7.5", "that ability is not an [ACT] ability")
        if not keyword_valid(state, command.card, ability, command.by):
            if ability.get("keyword") == "seek_mate":
                raise IllegalCommand("Legion (DECISIONS.md)", "Seek Mate needs your opponent's vanguard at grade 3 or "
                                     "more, 4 cards in your drop zone, and this vanguard not yet in a Legion it formed")
            if ability.get("keyword") == "homare":
                raise IllegalCommand("seed 一 1.3 / 《刀剑乱舞》 誉", "its homare condition does not hold: you have already "
                                     "paid a Homare cost this turn, and only one may be paid per turn in total")
            raise IllegalCommand("seed 一 1.3", f"its {ability.get('keyword')} condition does not hold, so it is not valid")
        if not self._can_activate(state, command.by, command.card, command.ability, ability):
            raise IllegalCommand("VG 7.5", "you cannot pay its cost now (or it was already used this turn)")
        used = list(state.data.get("used_this_turn", []))
        used.append(f"{command.card}:{command.ability}")
        tx.set_data("used_this_turn", used)
        steps = cost_steps(ability)
        if ability.get("keyword") == "homare":
            steps.append({"effect": "homare_paid"})
        if ability.get("if"):
            steps.append({"effect": "_condition", "cond": ability["if"]})
        steps += list(ability.get("do", ()))
        name = ability.get("name") or ability.get("keyword") or state.definition(command.card).name
        tx.log(f"{command.by} activates {name}", "VG 7.5")
        procedure.push(tx, steps, {"source": command.card, "controller": command.by, "name": name, "vars": {}})

    def _use_by_hand(self, tx: Transaction, command: UseAbilityByHand, decision: Decision) -> None:
        """Resolve an ability by hand at once (VG 7.4–7.5): its controller carries it out, costs included."""
        state = tx.state
        text = by_hand.ability_text(state, command, "VG 7.5")
        if command.card not in units_of(state, command.by):
            raise IllegalCommand("VG 7.5", "only the abilities of your units on circles are used this way")
        kind = timing(text)
        if kind == by_hand.CONTINUOUS:
            raise IllegalCommand("VG 7.6", "a [CONT] ability works by itself; it is not used")
        if kind == by_hand.ACTION:
            self._need(decision, "main", "VG 7.5", "an [ACT] ability is used in your main phase")
        name = f"{state.definition(command.card).name}: {by_hand.short_text(text, 40)} (by hand)"
        verb = "announces that it triggered:" if kind == by_hand.AUTO else "activates"
        tx.log(f"{command.by} {verb} {name}; its cost is paid by hand", by_hand.RULE)
        procedure.push(tx, [{"effect": "by_hand", "text": text}],
                       {"source": command.card, "controller": command.by, "name": name, "vars": {}})

    def _order(self, tx: Transaction, command: PlayOrder) -> None:
        state = tx.state
        d = state.definition(command.card)
        if state.cards[command.card].zone != zone_id(command.by, "hand") or facts.kind(d) != "order":
            raise IllegalCommand("VG 5.4", "play an order card from your hand")
        v = vanguard_of(state, command.by)
        if v is not None and facts.grade(d) > current_grade(state, v):
            raise IllegalCommand("VG 5.4", "an order's grade must not exceed your vanguard's")
        if not self._order_payable(state, command.by, command.card):
            raise IllegalCommand("VG 5.4", "you cannot pay that order's cost now")
        tx.move(command.card, zone_id(command.by, "order"), None)
        turn_info(tx, command.by, "orders_played", int(turn_fact(state, command.by, "orders_played")) + 1)
        steps: list[dict[str, Any]] = []
        for ability in d.effects:
            steps += cost_steps(ability) + list(ability.get("do", ()))
        # VG 5.4: put in the drop zone after resolution - unless its effect already put it elsewhere ("put this
        # card into your soul", "bind this card")
        steps.append({"effect": "to_drop", "target": "self", "if": {"self_in_zone": "order"}})
        procedure.push(tx, steps, {"source": command.card, "controller": command.by, "name": d.name, "vars": {}})

    # -- battle ----------------------------------------------------------------------------------
    def _check_attack(self, state: GameState, command: Attack) -> None:
        player = command.by
        a, t, b = command.attacker, command.target, command.booster
        if a not in front_row_units(state, player) or has_state(state, a, "dominated"):
            raise IllegalCommand("VG 6.2", "only a unit in your front row can attack")
        if state.cards[a].tapped:
            raise IllegalCommand("VG 6.2", "a rested unit cannot attack")
        if is_forbidden_to_attack(state, a):
            raise IllegalCommand("VG 6.2", "an effect says that unit cannot attack")
        if t not in front_row_units(state, state.opponent(player)):
            raise IllegalCommand("VG 6.2", "you can attack only a unit in your opponent's front row")
        if b is not None:
            zid = state.cards[a].zone
            partner = column_partner(zid) if is_rear_circle(zid) else zone_id(player, "rc.back_center")
            if (state.cards[b].zone != partner or state.cards[b].tapped or not is_unit(state, b)
                    or not can_boost(state, b) or has_state(state, b, "dominated")):
                raise IllegalCommand("VG 6.2", "a booster must be a standing back-row unit with Boost behind the attacker")

    def _attack(self, tx: Transaction, command: Attack) -> None:
        begin_battle(tx, command.attacker, command.target, command.booster, command.by)

    def _dominated_attack(self, tx: Transaction, command: Attack) -> None:
        state = tx.state
        if command.attacker not in dominated_attackers(state, command.by):
            raise IllegalCommand("seed 《射干玉》 支配 ③", "choose a standing dominated unit that can attack")
        if command.target not in dominated_targets(state, command.attacker):
            raise IllegalCommand("seed 《射干玉》 支配 ruling 12", "a dominated unit attacks only its owner's units that are not dominated")
        if command.booster is not None:
            raise IllegalCommand("seed 《射干玉》 支配 ruling 12", "a dominated unit cannot be boosted")
        fi = procedure.depth(state) - 1
        procedure.set_var(tx, fi, "dominated_attack_done", True)
        begin_battle(tx, command.attacker, command.target, None, command.by)
        procedure.set_var(tx, procedure.depth(state) - 1, "dominated_battle", True)

    def _check_guard(self, state: GameState, command: Guard) -> None:
        if state.cards[command.card].zone != zone_id(command.by, "hand"):
            raise IllegalCommand("VG 6.3", "guard with a card from your hand")
        if not facts.is_unit_card(state.definition(command.card)):
            raise IllegalCommand("VG 6.3", "only unit cards can be called to the guardian circle")
        if state.lists.get("restrictions"):  # as _guard_commands: without a "cannot" effect, nothing forbids it
            guard_permission(state, command.by, command.card).require()

    def _guard(self, tx: Transaction, command: Guard) -> None:
        state = tx.state
        place_on_circle(tx, command.card, zone_id(command.by, "gc"), "guard", command.by)
        tx.log(f"{command.by} guards with {state.definition(command.card).name}", "VG 6.3")

    def _intercept(self, tx: Transaction, command: Intercept) -> None:
        state = tx.state
        iid = command.card
        if (iid not in front_row_units(state, command.by) or not is_rear_circle(state.cards[iid].zone)
                or not printed_of(state, iid).intercept):
            raise IllegalCommand("VG 6.3", "only a front-row rear-guard with Intercept can intercept")
        if has_state(state, iid, "dominated"):
            raise IllegalCommand("seed 《射干玉》 支配 ruling 12", "a dominated unit cannot intercept")
        if is_rear_vanguard(state, iid):
            raise IllegalCommand("seed 《光辉骑士团》 二 / VG 6.3", "that unit is a vanguard, and only a rear-guard can intercept")
        if iid == state.data["battle"]["target"]:
            raise IllegalCommand("VG 6.3", "the attacked unit cannot intercept")
        leave_field_cleanup(tx, iid)
        tx.move(iid, zone_id(command.by, "gc"), None)
        tx.log(f"{command.by} intercepts with {state.definition(iid).name}", "VG 6.3")
        emit(tx, trigger_event("intercepts", card=iid, player=command.by))  # "when this unit intercepts"

    def _gguard(self, tx: Transaction, command: GGuard) -> None:
        state = tx.state
        if state.format != "premium":
            raise IllegalCommand("VG 6.3", "G guardian exists only in Premium")
        if not self._can_gguard(state, command.by):
            raise IllegalCommand("seed 《射干玉》 支配 ruling 18 / VG 6.3",
                                 "G guardian needs your vanguard and your opponent's own vanguard both grade 3+, "
                                 "and at most 3 face-up G guardians")
        card = state.cards[command.card]
        if card.zone != zone_id(command.by, "gzone") or not card.face_down:
            raise IllegalCommand("VG 6.3", "G guardian puts a face-down G guardian from your G zone on the guardian circle")
        if "g_guardian" not in state.definition(command.card).keywords:
            raise IllegalCommand("VG 6.3 / 9.1", f"{state.definition(command.card).name} is not a G guardian: "
                                 "only a G unit with G guardian guards from the G zone")
        if facts.trigger(state.definition(command.discard)) != "heal" or \
                state.cards[command.discard].zone != zone_id(command.by, "hand"):
            raise IllegalCommand("VG 6.3", "G guardian costs a Heal trigger discarded from your hand")
        relocate(tx, command.discard, "drop", None)
        place_on_circle(tx, command.card, zone_id(command.by, "gc"), "guard", command.by)

    # -- reading the table -----------------------------------------------------------------------
    def card_values(self, state: GameState, iid: int) -> dict[str, CardValue]:
        d = state.definition(iid)
        base, current, why = power_parts(state, iid)
        values = {"power": CardValue("power", facts.power(d), current, tuple(why)),
                  "critical": CardValue("critical", facts.critical(d), current_critical(state, iid)),
                  "grade": CardValue("grade", facts.grade(d), facts.grade(d)),
                  "shield": CardValue("shield", facts.shield(d), facts.shield(d))}
        return values

    def card_value(self, state: GameState, iid: int, name: str) -> int:
        """Return one current value; power and critical are each computed alone (bots read them often)."""
        if name == "power":
            return current_power(state, iid)
        if name == "critical":
            return current_critical(state, iid)
        return super().card_value(state, iid, name)

    def card_fact(self, state: GameState, iid: int, key: str) -> Any:
        if key == "locked":
            return is_locked(state, iid)
        if key == "links":
            return sorted(state.cards[iid].props.get("links", []))
        if key == "deleted":
            return bool(state.cards[iid].props.get("deleted"))
        if key == "vanguard":  # on VC, or a rear-guard vanguard (seed 《光辉骑士团》 二)
            return is_vanguard(state, iid)
        return super().card_fact(state, iid, key)

    def card_marks(self, state: GameState, iid: int) -> tuple[str, ...]:
        """Show a rear-guard vanguard as "vanguard" (seed 《光辉骑士团》 二) and a deleted unit as "deleted" (VG 9.8:
        face down but not locked)."""
        marks = ("vanguard",) if is_rear_vanguard(state, iid) else ()
        return (*marks, "deleted") if state.cards[iid].props.get("deleted") else marks

    def player_fact(self, state: GameState, player: str, key: str) -> Any:
        if key == "shield":
            return shield_total(state, player)
        if key in ("calls", "soul_not_ride", "homare_paid"):
            return turn_fact(state, player, key, 0 if key == "calls" else False)
        return super().player_fact(state, player, key)

    def stack_entries(self, state: GameState) -> list[list[str]]:
        """Return the stand-by abilities (pending list), oldest first: the ability's name and its card's."""
        result = []
        for item in state.lists.get(PENDING, ()):
            source = item["source"]
            names = [str(item["ability"].get("name") or item["ability"].get("keyword_ability")
                         or item["ability"].get("keyword") or "ability")]
            if source is not None and source in state.cards:
                names.append(state.definition(source).name if state.is_visible_to(source, None) else "a hidden card")
            result.append(names)
        return result

    def after_manual(self, tx: Transaction) -> None:
        if tx.state.phase != "setup":
            rule_actions(tx)


# A play command's type -> the play timing it needs (the decision's name), the rule and refusal when it is not
# that timing, the name of the VanguardRules method carrying it out, and the name of the one refusing it when it is
# not allowed ("": the first checks it itself). Checks are made only for a command not listed (`is_listed`).
_PLAYED_IN: Mapping[type[Command], tuple[str, str, str, str, str]] = {
    Ride: ("ride", "VG 5.3", "you can ride only in your ride phase", "_ride", "_check_ride"),
    RideFromRideDeck: ("ride", "VG 5.3", "you can ride only in your ride phase", "_ride_from_deck",
                       "_check_ride_from_deck"),
    Stride: ("ride", "VG 5.3", "you can ride only in your ride phase", "_stride", ""),
    Call: ("main", "VG 5.4", "that is done in your main phase", "_call", "_check_call"),
    Move: ("main", "VG 5.4", "that is done in your main phase", "_move", ""),
    Activate: ("main", "VG 5.4", "that is done in your main phase", "_activate", ""),
    PlayOrder: ("main", "VG 5.4", "that is done in your main phase", "_order", ""),
    Attack: ("attack", "VG 6.2", "you can attack only in your battle phase's attack step", "_attack", "_check_attack"),
    Guard: ("guard", "VG 6.3", "you can guard only in the guard step when attacked", "_guard", "_check_guard"),
    Intercept: ("guard", "VG 6.3", "you can guard only in the guard step when attacked", "_intercept", ""),
    GGuard: ("guard", "VG 6.3", "you can guard only in the guard step when attacked", "_gguard", ""),
}


# Shared commands: one immutable object per value, as legal-command lists are rebuilt at every decision and a
# command costs more to build than to look up (positional arguments: lru_cache's own key is the cheapest lookup).
@functools.lru_cache(maxsize=8192)
def _move_command(player: str, card: int) -> Move:
    """Return the shared Move command of a card."""
    return Move(by=player, card=card)


@functools.lru_cache(maxsize=8192)
def _guard_command(player: str, card: int) -> Guard:
    """Return the shared Guard command of a card."""
    return Guard(by=player, card=card)


def _pick_command(player: str, option: Any) -> Choose:
    """Return the shared Choose command picking one option; an unhashable option gets a new one."""
    if type(option) not in (int, str):
        return Choose(by=player, picks=(option,))
    return _hashable_pick(player, option)


@functools.lru_cache(maxsize=8192)
def _hashable_pick(player: str, option: int | str) -> Choose:
    return Choose(by=player, picks=(option,))


@functools.lru_cache(maxsize=8192)
def _attack_command(player: str, attacker: int, target: int, booster: int | None) -> Attack:
    """Return the shared Attack command of an attacker, target and booster."""
    return Attack(by=player, attacker=attacker, target=target, booster=booster)


@functools.lru_cache(maxsize=8192)
def _calls(player: str, card: int, circles: tuple[str, ...]) -> tuple[Call, ...]:
    """Return the shared Call commands of a card to each of the circles."""
    return tuple(Call(by=player, card=card, circle=circle) for circle in circles)


@functools.lru_cache(maxsize=256)
def _act_decision(player: str, name: str, prompt: str, rule: str) -> Decision:
    """Return the play-timing decision of a player (one shared immutable object per seat and timing)."""
    return Decision(player, name, "act", prompt, rule=rule)


@functools.lru_cache(maxsize=256)
def _unworded_guard(player: str) -> Decision:
    """Return the defender's guard-step decision before its prompt is worded (`pending_decision` words it)."""
    return _act_decision(player, "guard", "", "VG 6.3")


@functools.lru_cache(maxsize=256)
def _phase_decision(player: str, phase: str) -> Decision:
    """Return the turn player's play-timing decision of a phase (VG 5; the battle phase's is "attack")."""
    names = {"ride": "ride", "main": "main", "battle": "attack"}
    return _act_decision(player, names.get(phase, phase), _PHASE_PROMPTS.get(phase, f"{player}: {phase}"), "VG 5")


_PHASE_PROMPTS = {   # what the turn player may do in a phase, as the window's Decision dock says it (VG 5.3–5.5)
    "ride": "Ride a unit onto your vanguard (or stride, in Premium), or go to the main phase",
    "main": "Call units, move rear-guards and use abilities; then go to the battle phase",
    "battle": "Attack with a standing front-row unit (a back-row unit may boost it), or end the battle phase",
}


@functools.lru_cache(maxsize=16)
def _yes_no(player: str) -> tuple[Choose, Choose]:
    """Return a player's yes and no answers (shared immutable commands)."""
    return Choose(by=player, yes=True), Choose(by=player, yes=False)


@functools.lru_cache(maxsize=16)
def _pass(player: str) -> PassPriority:
    """Return a player's pass (one shared immutable command per seat)."""
    return PassPriority(by=player)


def ride(tx: Transaction, player: str, card: int) -> None:
    """VG 5.3 ride: the new vanguard goes on top in the old one's rest state; the old one joins the soul."""
    state = tx.state
    vc = zone_id(player, "vc")
    old = vanguard_of(state, player)
    tapped = state.cards[old].tapped if old is not None else False
    persona = old is not None and state.format == "standard" and facts.has_persona_ride(state.definition(old)) and \
        state.definition(old).name == state.definition(card).name
    turn_info(tx, player, "rode", True)
    tx.log(f"{player} rides {state.definition(card).name}", "VG 5.3")
    if old is not None:
        mate = legion_mate_beside(state, old)
        put_into_soul(tx, old, player, by_ride=True, rider=card)
        if mate is not None:  # riding over a Legion puts its mate into the soul with it (DECISIONS.md, Legion)
            put_into_soul(tx, mate, player, by_ride=True, rider=card)
    place_on_circle(tx, card, vc, "ride", player, rested=tapped)
    if persona:  # VG 5.3 Persona Ride: draw 1, front row +10000 this turn, before other ride abilities
        draw_cards(tx, player, 1)
        tx.list_append("player_mods", {"player": player, "stat": "power", "amount": 10000, "scope": "front_row",
                                       "duration": durations.UNTIL_END_OF_TURN, "why": "Persona Ride"})
        tx.log(f"{player} persona rides", "VG 5.3")
        turn_info(tx, player, "persona_rode", True)
    gift = facts.gift(state.definition(card))
    if state.format == "premium" and gift and facts.grade(state.definition(card)) >= 3:
        receive_gift(tx, player, gift)

def receive_gift(tx: Transaction, player: str, gift: str) -> None:
    """VG 9.6: receive an Imaginary Gift before other ride abilities (type I unless chosen otherwise)."""
    state = tx.state
    kind = state.data.get("gift_types", {}).get(player, {}).get(gift, "1")
    if gift == "force":
        markers = dict(state.data.get("markers", {}))
        vc = zone_id(player, "vc")
        circle = dict(markers.get(vc, {}))
        circle[f"force{kind}"] = int(circle.get(f"force{kind}", 0)) + 1
        markers[vc] = circle
        tx.set_data("markers", markers)
    elif gift == "accel":
        if state.total(player, "accel") < 4:
            tx.add_total(player, "accel", 1)
    elif gift == "protect" and "protect" in state.library:
        tx.create_card("protect", player, zone_id(player, "hand"))
    tx.log(f"{player} receives Imaginary Gift {gift.title()} {'I' * int(kind)}", "VG 9.6")


def guard_permission(state: GameState, player: str, card: int) -> Permission:
    """Tell whether `player` may call `card` to GC: any "cannot" effect forbids it (VG 1.7, cannot beats can)."""
    grade = facts.grade(state.definition(card))
    cannot = [Ruling("VG 1.7", f"{r['why']}: you cannot call grade {grade} cards to your guardian circle this turn")
              for r in state.lists.get("restrictions", ())
              if r["player"] == player and r["action"] == "guard" and r["grade"] == grade]
    return decide(Permission(True), cannot=cannot)


def create_library(cards: list[CardDefinition]) -> CardLibrary:
    """Return a library of the given cards (helper for tests and benchmarks)."""
    return CardLibrary(cards)


__all__ = ["VanguardRules"]


def _can_stride_with(definition: CardDefinition) -> bool:
    """Tell whether a G unit may stride: one with the Stride ability (red), not a G guardian (green; VG 9.1)."""
    return "stride" in definition.keywords or "g_guardian" not in definition.keywords
