"""Final Fantasy TCG rules (comprehensive rules ver.2.00, digest /shared/rules/fftcg.md).

Decisions on the digest's doubts (§18), each next to its code and tested by a scenario:
- D1: the seed's §3.1.3 ("a player with an empty deck who takes damage loses") and §12.4.3 ("a
  player whose damage exceeds the cards left in the deck loses") say the same thing once damage is
  processed one point at a time: the point that finds the deck empty loses (actions.damage_player).
- D2: amounts split among several cards (a blocked Party's damage) go in steps of 1000 and may be
  0 for a member (combat.split_damage); nothing else in the vocabulary distributes amounts.
- D3: Backups enter the field dull and a player may have at most 5 Backups: not in the seed but in
  the product rules; enforced (here, `_play_character`).
- D4: after the Damage Resolution Step the game goes back to the Attack Declaration Step, as the
  seed's §10.1.4.6 says (combat.after_damage); §15.1.1.9.9's "Preparation step" is not followed.
- D5: Monsters are played like Backups without CP (they are Characters, never attack); no
  multi-element, crystal or priming rules are implemented.
- D6: in the End Phase nobody casts Summons or uses abilities, Back Attack included (FFTCG 9.5.1.1).
- Seed over digest: the CP surplus rule follows §11.2.1.1's "at most 1 surplus per element" (see cp.py).
- Seed over digest: a Character whose name the player already has on the field (no Multi-copy icon)
  cannot be played (§7.7.3: "一般无法采取超出限制放入同名卡牌的行动"); the digest's 4.3 points only to the
  rule process (§12.4.6), which still breaks both cards when a duplicate comes otherwise, by a control
  change (`_name_clash`).
- Seed over digest: a Light or Dark Character cannot be played while the player has a Light or Dark Character on
  the field. The seed states no such refusal in words, but §6.2.6.2 allows a control change to make a second one
  only "because the card does not enter the field"; the digest names only the rule process (§12.4.7), which
  still breaks both when a second one comes by a control change or an effect (light_dark.may_play).
- The First Strike window (§15.2.3.3) forbids Summons and action/special abilities only: a Character with Back
  Attack, playable "in every Main and Attack Phase with priority" (§15.2.5.2), can be played there (`_plays`).
- Seed §6.5.2.1 / §11.10.2 ("当即", at once): an EX Burst is used as soon as its damage processing
  has placed every damage card, even in the middle of the effect that dealt the damage; the rest of
  that effect resolves afterwards (resolution.effect_step).
- FFTCG 13.1 (no player can stop a loop): when the same state comes back after mandatory abilities
  resolved with nothing but passes in between, and neither player has any play, the game is a draw
  (flow.loop_fingerprint); 100 auto-abilities resolved in one turn also count as such a loop.
- FFTCG 11.12.5.7: effects that change who controls an entering card apply without asking; several
  apply in timestamp order (actions.entering_controller). The seed's "choose whether to apply" names
  no chooser; the entering card's controller would always decline and its text says it enters under
  the other player's control, so no question is asked (and no bundled card offers a choice).
- FFTCG 11.12.5 for damage: several damage replacements of a Forward all apply, each once; as
  reductions and prevention end the same in any order, nobody is asked to order them
  (actions._replace_damage).
- FFTCG 13.3 "the same state as when the loop started (for the cards of all zones)": read as which
  cards are in which zones, not their counters or dull state, so a loop that only adds counters
  still cannot be repeated by the player who named the higher number (rules._zones_fingerprint).
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import itertools
import json
import operator
from collections.abc import Callable, Iterator, Mapping, Sequence, Set as AbstractSet
from typing import Any, ClassVar, NamedTuple

from tabletop.engine import by_hand, procedure, stack
from tabletop.engine.card_filter import Seen
from tabletop.engine.cards import CardDefinition
from tabletop.engine.changes import MoveCard
from tabletop.engine.commands import Choose, Command, PassPriority, UseAbilityByHand
from tabletop.engine.decision import Decision
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.permissions import Permission, Ruling, decide
from tabletop.engine.rules import CardChoice, CardValue, GameConfig, GameRules, is_listed
from tabletop.engine.state import GameState
from tabletop.engine.text_compilation import CompiledText
from tabletop.engine.transaction import Transaction
from tabletop.engine.triggers import trigger_event
from tabletop.engine.zones import Visibility, ZoneSpec, zone_id
from tabletop.games.fftcg import actions, combat, flow, light_dark, target_groups
from tabletop.games.fftcg.by_hand_timing import timing, zones_of_use
from tabletop.games.fftcg.cards import card_from_mapping, elements_of, is_character
from tabletop.games.fftcg.commands import (
    FFTCG_COMMANDS, CastSummon, DeclareAttack, DeclareBlock, DeclareParty, PlayCharacter, RepeatLoop,
    SplitDamage, UseAbility,
)
from tabletop.games.fftcg.continuous import (
    FILTER, NEXT_COST, characteristics, condition_holds, cost_of, field_cards, is_current, is_of_type, lost_abilities,
    field_facts, pinned,
)
from tabletop.games.fftcg.cp import (
    X_LIMIT, Source, ability_cost, character_cost, check_payment, elements_paid, find_payment, paid_sources,
    payment_sources, play_cost,
)
from tabletop.games.fftcg.effects import ability_kind, has_mode_targets, validate_effects, with_mode
from tabletop.games.fftcg.printed import Characteristics, PrintedFacts, PrintedIndex, printed_index
from tabletop.games.fftcg.processes import loss_limit, settle
from tabletop.games.fftcg.resolution import (
    check_targets, group_candidates, is_must_choice_kept, mode_count, must_choose, resolve_entry, target_candidates,
    target_count,
)
from tabletop.games.fftcg.text_compiler import compile_card

PLAY_PHASES = ("main1", "main2", "attack")
_UNKNOWN: Any = object()  # a memo not computed yet (None is a value)
MAX_BACKUPS = 5
# the plays whose checks a listed command skips (engine.rules.is_listed)
_CHECKED_PLAYS = frozenset({PlayCharacter, CastSummon, UseAbility})


def _zone_specs(loss: int) -> tuple[ZoneSpec, ...]:
    """Return the seven zones of a game lost at `loss` damage (`loss_limit`): its Damage Zone's label names it."""
    return (
        ZoneSpec("field", Visibility.PUBLIC, layout="grid", row=0, ordered=False, label="Field"),
        ZoneSpec("deck", Visibility.HIDDEN, layout="pile", row=1, column=6, label="Deck"),
        ZoneSpec("hand", Visibility.OWNER, layout="fan", row=2, label="Hand"),
        ZoneSpec("damage", Visibility.PUBLIC, layout="column", row=1, column=0, label=f"Damage ({loss})"),
        ZoneSpec("break", Visibility.PUBLIC, layout="pile", row=1, column=7, ordered=False, label="Break Zone"),
        ZoneSpec("removed", Visibility.PUBLIC, layout="pile", row=1, column=8, ordered=False,
                 label="Removed from game"),
        ZoneSpec("stack", Visibility.PUBLIC, layout="column", shared=True, label="Stack"),
    )


_ZONES = {loss: _zone_specs(loss) for loss in (loss_limit("constructed"), loss_limit("limited"))}  # immutable specs


class FFTCGRules(GameRules):
    """Final Fantasy TCG for two players, Constructed (7 damage) or Limited (6 damage)."""

    id: ClassVar[str] = "fftcg"
    lists_every_play: ClassVar[bool] = True
    name: ClassVar[str] = "Final Fantasy TCG"
    formats: ClassVar[tuple[str, ...]] = ("constructed", "limited")
    stat_keys: ClassVar[tuple[str, ...]] = ("power",)
    commands: ClassVar[tuple[type[Command], ...]] = FFTCG_COMMANDS
    tap_words: ClassVar[tuple[str, ...]] = ("dull",)
    phases: ClassVar[tuple[str, ...]] = ("active", "draw", "main1", "attack", "main2", "end")
    scenario_setup_keys: ClassVar[tuple[str, ...]] = ("first_player", "start", "priority", "shuffle")

    # -- metadata --------------------------------------------------------------------------------
    def zone_specs(self, game_format: str) -> Sequence[ZoneSpec]:
        """Return the seven zones (FFTCG 7.1–7.2): six per player and the shared stack."""
        return _ZONES[loss_limit(game_format)]

    def filler_card(self) -> CardDefinition:
        """Return the card used where a scenario gives a count: an inert Fire Backup named Filler."""
        return CardDefinition(id="filler", game=self.id, name="Filler", card_type="backup", cost=9,
                              attributes={"element": ["fire"], "multi_copy": True})

    def card_from_mapping(self, data: Mapping[str, Any]) -> CardDefinition:
        """Read an FFTCG card mapping (see cards.py and effects.py for the fields)."""
        return card_from_mapping(data)

    def effect_problems(self, data: Mapping[str, Any]) -> list[str]:
        return validate_effects(data)

    def compile_text(self, card: CardDefinition) -> CompiledText | None:
        """Return what the card's printed text compiles to in the FFTCG effect vocabulary (text_compiler.py)."""
        return compile_card(card)

    # -- setting up ------------------------------------------------------------------------------
    def setup(self, tx: Transaction, config: GameConfig) -> None:
        """Shuffle, pick the first player at random, draw 5 each, then the mulligans (FFTCG 8.2)."""
        self.place_decks(tx, config)
        first = tx.state.players[tx.random_below(2)]
        tx.log(f"{first} goes first", "FFTCG 8.2.1.2")
        flow.open_game(tx, first)

    def set_card_fact(self, tx: Transaction, iid: int, key: str, value: Any) -> None:
        """Set a scenario card field: dull, entered_this_turn, damage, frozen, power_bonus, controller, attacking, blocking."""
        if "ts" not in tx.state.cards[iid].props:
            tx.set_prop(iid, "ts", actions.next_clock(tx))
        if key == "entered_this_turn":  # false: there since before either player's latest turn (FFTCG 15.2.2.3)
            tx.set_prop(iid, "since", tx.state.turn if value else tx.state.turn - 2)
            tx.set_prop(iid, "entered", tx.state.turn if value else None)
        elif key == "damage":
            tx.set_prop(iid, "damage", int(value) or None)
        elif key == "frozen":
            tx.set_prop(iid, "frozen", bool(value) or None)
        elif key == "attacked":
            tx.set_prop(iid, "attacked", tx.state.turn if value else None)
        elif key == "power_bonus":
            entry = {"controller": tx.state.cards[iid].controller, "source": None, "name": "scenario"}
            from tabletop.games.fftcg.words import add_lasting

            add_lasting(tx, entry, {"effect": "power", "amount": int(value)}, [iid])
        elif key == "controller":
            if value not in tx.state.players:
                raise KeyError(f"no player {value!r}")
            tx.set_field(iid, "controller", value)
        elif key in ("attacking", "blocking"):
            tx.set_prop(iid, f"scenario_{key}", bool(value) or None)
        else:
            super().set_card_fact(tx, iid, key, value)

    def after_scenario_setup(self, tx: Transaction, setup: Mapping[str, Any]) -> None:
        """Stamp the cards, set who holds priority or must declare, and settle the table."""
        state = tx.state
        first = str(setup.get("first_player", state.players[0]))
        if setup.get("shuffle"):  # FFTCG 8.2.1.1: each player shuffles their deck
            for player in state.players:
                tx.shuffle(f"{player}.deck")
        if first == "random":  # FFTCG 8.2.1.2: the first player is chosen at random
            first = state.players[tx.random_below(2)]
            tx.log(f"{first} goes first", "FFTCG 8.2.1.2")
        tx.set_data("first_player", first)
        for iid in sorted(state.cards):
            card = state.cards[iid]
            if "ts" not in card.props:
                tx.set_prop(iid, "ts", actions.next_clock(tx))
            if card.zone.endswith(".field") and "since" not in card.props:  # as `entered_this_turn: false`
                tx.set_prop(iid, "since", state.turn - 2)
        if setup.get("start"):
            tx.set_table("phase", "")
            flow.open_game(tx, first)
            return
        if not state.phase:
            tx.set_table("phase", "main1")
        attackers = [i for i in sorted(state.cards) if state.cards[i].props.get("scenario_attacking")]
        blockers = [i for i in sorted(state.cards) if state.cards[i].props.get("scenario_blocking")]
        for iid in attackers + blockers:
            tx.set_prop(iid, "scenario_attacking", None)
            tx.set_prop(iid, "scenario_blocking", None)
        if attackers:
            for iid in attackers:
                tx.set_prop(iid, "attacked", state.turn)
            tx.set_data("attack", {"attackers": pinned(state, attackers),
                                   "blocker": pinned(state, blockers)[0] if blockers else None,
                                   "blocked": bool(blockers)})
        phase, step = state.phase, state.step
        if phase == "attack" and not step:
            tx.set_table("step", "preparation")
            step = "preparation"
        if phase in ("active", "draw"):
            flow.begin_turn(tx, state.active, state.turn)
        elif phase == "attack" and step == "declare" and not attackers:
            tx.set_data("stage", "attack")
        elif phase == "attack" and step == "block" and not blockers:
            tx.set_data("stage", "block")
        elif phase == "attack" and step == "damage":
            combat.begin_damage(tx)
        else:
            flow.give_priority(tx, str(setup.get("priority", state.active)))
        flow.run(tx)

    # -- deciding --------------------------------------------------------------------------------
    def pending_decision(self, state: GameState) -> Decision | None:
        """Return who must decide what now; a block or a damage split says what it is about (FFTCG 10.1.3, 10.1.4.2.1)."""
        decision = self.unworded_decision(state)
        if (decision is None or decision.name not in _WORDED_LATER
                or decision is not _unworded(decision.player, decision.name)):
            return decision
        return state.memo("fftcg.worded_decision",
                          lambda: dataclasses.replace(decision, prompt=_WORDED_LATER[decision.name](state)))

    def unworded_decision(self, state: GameState) -> Decision | None:
        """Return who must decide what now (memoized per state version), the block and damage-split prompts left
        unworded (they read Powers: the engine's forced passes and the bots never read them)."""
        values = state.memo_values  # state.memo inlined: asked several times at every pass
        found = values.get("fftcg.decision", _UNKNOWN)
        if found is _UNKNOWN:
            found = values["fftcg.decision"] = self._decision(state)
        return found  # type: ignore[no-any-return]

    def _decision(self, state: GameState) -> Decision | None:
        data = state.data
        if data.get("outcome"):
            return None
        if data.get(procedure.DECISION):  # procedure.pending's own test, asked first: most decisions are stages
            return procedure.pending(state)
        stage = data.get("stage")
        if stage == "priority":
            return _act(data.get("priority") or state.active, "priority", bool(data.get("fs_window")))
        if stage == "attack":
            return _act(state.active, "attack")
        if stage == "block":
            return _unworded(state.opponent(state.active), "block")
        if stage == "split":
            return _unworded(state.opponent(state.active), "split_damage")
        if stage == "hand_limit":
            hand = state.zones[f"{state.active}.hand"].cards
            excess = len(hand) - 5
            return Decision(state.active, "hand_limit", "pick", f"discard {excess} card(s) down to 5",
                            tuple(hand), excess, excess, "FFTCG 9.5.1.2")
        return None

    def advance_command(self, state: GameState, decision: Decision) -> Command | None:
        """Pass priority, declare no attack, declare no block, or keep the opening hand."""
        if decision.name in ("priority", "attack"):
            return _pass(decision.player)
        if decision.name == "block":
            return DeclareBlock(by=decision.player, blocker=None)
        if decision.name == "mulligan":
            return Choose(by=decision.player, yes=False)
        return None

    def advance_label(self, state: GameState, decision: Decision) -> str:
        """Name the pass as FFTCG players say it: no more attacks ends the Attack Phase (FFTCG 10.1.2)."""
        if decision.name == "attack":
            return "Declare no attack (go to Main Phase 2)"
        if decision.name == "block":
            return "Don't block"
        return "Pass priority" if decision.name == "priority" else ""

    def card_choices(self, state: GameState, command: Command) -> tuple[CardChoice, ...]:
        """Return what a play may be paid with (FFTCG 5.2) and target (11.3), or which Forwards may join a Party (15.1.1.9)."""
        player = command.by
        if isinstance(command, DeclareParty):
            ready = self._ready_attackers(state, player)
            return (CardChoice("choose the Party's Forwards", "Declare a Party: check two or more Forwards of one element",
                               {"attackers": ready}, once=True, count=(2, len(ready))),)
        if not isinstance(command, (PlayCharacter, CastSummon, UseAbility)):
            return ()
        name = state.definition(command.card).name
        kept = {command.card, getattr(command, "name_discard", None), *getattr(command, "cost_discards", ()),
                *getattr(command, "cost_cards", ())}
        index = printed_index(state)
        backups = tuple(i for i in field_cards(state, player) if i not in kept and not state.cards[i].tapped
                        and index[state.cards[i].card_id].card_type == "backup")
        choices = [CardChoice("pay another way", f"Pay for {name}: check the cards to discard and Backups to dull",
                              {"discards": tuple(i for i in state.zones[f"{player}.hand"].cards if i not in kept),
                               "backups": backups})]
        if isinstance(command, UseAbility) and command.name_discard is not None:   # FFTCG 11.7.1: any card of that name
            same = tuple(_same_name_characters(state, player, command.card))
            choices.append(CardChoice("discard another card of the same name",
                                      f"{name}: check the Character card named {name} to discard", {"name_discard": same},
                                      count=(1, 1)))
        if isinstance(command, UseAbility) and command.cost_discards:  # "Discard N cards:" (FFTCG 11.6.2)
            needed = len(command.cost_discards)
            hand = tuple(i for i in state.zones[f"{player}.hand"].cards if i not in {command.card, command.name_discard})
            choices.append(CardChoice("discard other cards for the cost", f"{name}: check the {needed} card(s) to "
                                      "discard for its cost", {"cost_discards": hand}, count=(needed, needed)))
        if isinstance(command, UseAbility) and command.cost_cards:  # "put 1 Backup into the Break Zone:" (11.6.2)
            choices.append(_cost_cards_choice(state, command, name))
        ability = self._ability_played(state, command)
        low, high = target_count(ability) if ability is not None else (0, 0)
        if high and ability is not None:
            count = f"{low} to {high}" if low != high else str(high)
            choices.insert(0, CardChoice("choose the targets", f"{name}: check {count} target(s)",
                                         {"targets": tuple(target_candidates(state, ability, player, command.card))},
                                         once=True, count=(low, high)))
        return tuple(choices)

    @staticmethod
    def _ability_played(state: GameState, command: PlayCharacter | CastSummon | UseAbility) -> Mapping[str, Any] | None:
        """Return the ability a Summon cast or an ability use puts on the stack (None for a Character)."""
        definition = state.definition(command.card)
        if isinstance(command, CastSummon):
            summon = _summon_ability(definition)
            return None if summon is None else with_mode(summon, command.mode)
        if isinstance(command, UseAbility) and 0 <= command.ability < len(definition.effects):
            return with_mode(definition.effects[command.ability], command.mode)
        return None

    # -- legal commands --------------------------------------------------------------------------
    def legal_commands(self, state: GameState, player: str) -> list[Command]:
        """Return the commands `player` may submit now, each play with an obvious payment filled in.

        Not memoized here: `Game.legal_commands` keeps the list per state version (the window and bots may ask more
        than once at the same state), and the plays it lists are memoized per board (`_plays_allowed`), which the
        engine's auto-pass reads through `can_do_more_than_advance`.
        """
        decision = self.unworded_decision(state)
        if decision is None or decision.player != player:
            return []
        if procedure.is_waiting(state):
            return self._answers(state, decision)
        stage = state.data.get("stage")
        if stage == "priority":
            return [_pass(player), *self._plays(state, player)]
        chars = characteristics(state)
        if stage == "attack":
            ready = self._ready_attackers(state, player)
            commands: list[Command] = [DeclareAttack(by=player, attacker=i) for i in ready]
            if not any(chars[i].must_attack for i in ready):
                commands.insert(0, _pass(player))
            # FFTCG 15.1.1.9: two or more of them that share an element, smallest first (2^n - n - 1 groups of n:
            # 26 of 5 Forwards); at most PARTIES_LIMIT, the window's "choose the Party's Forwards" picks any other
            groups = (group for size in range(2, len(ready) + 1) for group in itertools.combinations(ready, size)
                      if combat.is_party_allowed(state, group))
            commands += [DeclareParty(by=player, attackers=group) for group in itertools.islice(groups, PARTIES_LIMIT)]
            return commands
        if stage == "block":
            choices = combat.block_choices(state, player, self._forwards(state, player, chars), chars)
            return [DeclareBlock(by=player, blocker=i) for i in choices]
        if stage == "split":
            members = flow.attackers_alive(state)
            blocker = flow.blocker_alive(state)
            total = flow.power_now(state, blocker) if blocker is not None else 0
            return [SplitDamage(by=player, cards=tuple(members), amounts=amounts)
                    for amounts in itertools.islice(_splits(total, len(members)), SPLITS_LIMIT)]
        if stage == "hand_limit":
            return [Choose(by=player, picks=combo)
                    for combo in itertools.islice(itertools.combinations(decision.options, decision.min), 10)]
        return []

    def can_do_more_than_advance(self, state: GameState, decision: Decision, advance: Command) -> bool:
        """Tell whether the deciding seat has a choice besides passing, declaring no attack or no block.

        Exactly what `legal_commands` lists besides the advance command, found without building the plays'
        payments and targets: a play with priority (FFTCG 11.1), a Forward able to attack (10.1.2.1) or to
        block (10.1.3). Every other decision (an answer, a damage split, the hand limit) has no advance command.
        """
        data = state.data
        stage = data.get("stage")
        if data.get(procedure.DECISION) or stage not in ("priority", "attack", "block"):  # procedure.is_waiting
            return True
        player = decision.player
        if stage == "priority":
            plays, main = self._plays_allowed(state, player)  # as `_has_play`, one call less: asked at every pass
            return bool(plays or main)
        if stage == "attack":
            return bool(self._ready_attackers(state, player))
        return next(self._blockers(state, player), None) is not None

    def _blockers(self, state: GameState, player: str) -> Iterator[int]:
        """Yield the Forwards of `player` that may block now (FFTCG 10.1.3)."""
        chars, cards = characteristics(state), state.cards
        # a dull Forward is refused (FFTCG 10.1.3.1): left out without wording why
        return (i for i in self._forwards(state, player, chars)
                if not cards[i].tapped and combat.block_refusal(state, i, player, chars) is None)

    @staticmethod
    def _forwards(state: GameState, player: str, chars: dict[int, Characteristics]) -> list[int]:
        """Return the Forwards `player` controls (`chars`: the field's characteristics, `characteristics`)."""
        # only Forwards attack or block: the refusals say why for other cards, but the lists need not ask
        index, cards = printed_index(state), state.cards
        # a card an effect made a Forward (FFTCG 11.12.4.6 ③) attacks and blocks too
        return [i for i in field_cards(state, player) if index[cards[i].card_id].card_type == "forward"
                or "forward" in (chars[i].types or ())]

    def _ready_attackers(self, state: GameState, player: str) -> tuple[int, ...]:
        """Return the Forwards of `player` that may attack now (FFTCG 10.1.2.1).

        Memoized per state version: the engine's forced-pass check and then the seat's list of commands ask at the
        same state.
        """
        key = ("fftcg.ready_attackers", player)
        found = state.memo_values.get(key)  # state.memo inlined, with a tuple key
        if found is None:
            chars, cards = characteristics(state), state.cards
            # a dull Forward is refused (FFTCG 10.1.2.1): left out without wording why
            found = state.memo_values[key] = tuple(
                i for i in self._forwards(state, player, chars)
                if not cards[i].tapped and combat.attack_refusal(state, i, player, chars) is None)
        return found  # type: ignore[no-any-return]

    def _answers(self, state: GameState, decision: Decision) -> list[Command]:
        player = decision.player
        if decision.kind == "yesno":
            return [Choose(by=player, yes=True), Choose(by=player, yes=False)]
        if decision.kind == "number":
            return [Choose(by=player, number=n) for n in (0, 1, 5)]
        if decision.kind == "order":
            options = list(decision.options)
            return [Choose(by=player, picks=tuple(options)), Choose(by=player, picks=tuple(reversed(options)))]
        picks: list[Command] = []
        for size in range(decision.max, decision.min - 1, -1):
            for combo in itertools.islice(itertools.combinations(decision.options, size), 6):
                picks.append(Choose(by=player, picks=combo))
            if len(picks) >= 6:
                break
        return picks

    def _plays(self, state: GameState, player: str) -> list[Command]:
        """Return the plays `player` could make with priority now, each with an obvious payment."""
        plays, main = self._plays_allowed(state, player)
        if not main:
            return [command for _, command in plays]
        return [command for _, command in sorted((*plays, *main), key=operator.itemgetter(0))]

    def _has_play(self, state: GameState, player: str) -> bool:
        """Tell whether `_plays` lists anything, without sorting or copying the plays."""
        plays, main = self._plays_allowed(state, player)
        return bool(plays or main)

    def _plays_allowed(self, state: GameState, player: str) -> tuple[Sequence[tuple[int, Command]],
                                                                     Sequence[tuple[int, Command]]]:
        """Return the plays allowed now, each with its place in the list of plays: those any play timing allows,
        and those only a Main Phase allows (see `_potential_plays`)."""
        if state.phase not in PLAY_PHASES:
            return (), ()
        # The plays depend on the board, the turn and the loop bans; the phase only decides which
        # of them are allowed now (FFTCG 9.3.1.5: Characters in a Main Phase with an empty stack),
        # so the Characters only a Main Phase allows are worked out only when they are allowed.
        # (Keyed on parts of the board instead, they were recomputed about as often and cost more. Kept while the
        # parts or the values they read stay the same (the hand, the field, the dull state and arrival of the cards
        # that pay CP or use a dull icon), 24-45 % fewer were computed, yet a game executed 2-3 % more bytecodes:
        # the ones saved are the cheap ones, whose board memos other questions fill anyway. Nor does an exact proof
        # that a list stays empty, kept across board changes (each card dearer than every CP the seat can make, each
        # ability dull or used from elsewhere): found and checked again, it costs as much as the empty list it
        # spares. The lists that cost are those a seat then decides on, each unlike the one before.)
        # state.memo(board=True), inlined with tuple keys: asked at every pass of every seat
        values = state.board_memo_values
        data = state.data
        outside_fs_window = not data.get("fs_window")  # a bool for the key: `not`, no call of bool()
        # the First Strike window's refusals leave abilities out of what is computed in it (FFTCG 15.2.3.3): keyed apart
        # an ability limited to "while <self> is attacking" is in only while an attack goes on: keyed apart
        # one entry per key: [the plays any timing allows, those less the Main Phase's abilities (an Attack Phase),
        # the Characters only a Main Phase allows], the last two worked out when first asked for
        key = ("fftcg.plays", player, state.turn, state.active, len(data.get("loop_banned") or ()),
               outside_fs_window, not data.get("attack") or not printed_index(state).plays_read_battle)
        entry = values.get(key)
        if entry is None:
            # the Characters only a Main Phase allows are worked out with the others (one pass over the hand) when
            # a Main Phase allows them now; never to the player who is not the turn player (FFTCG 11.4.1), whose entry
            # says so at once (the key holds the turn player)
            turn_player = player == state.active
            main_now = (turn_player and outside_fs_window and state.phase != "attack"
                        and self._is_main_timing(state, player))
            plays, main = self._potential_plays(state, player, True, main_now)
            entry = values[key] = [plays, None, main if main_now else None if turn_player else ()]
            if outside_fs_window and state.phase != "attack":  # the Main Phase timing just asked: not again below
                return plays, main if main_now else ()
        plays = entry[0]
        if not outside_fs_window:  # FFTCG 15.2.3.3: no Summons or abilities; Back Attack still (15.2.5.2)
            return [play for play in plays if isinstance(play[1], PlayCharacter)], ()
        if state.phase == "attack":
            # computed as in a Main Phase (the Main Phase and the Attack Phase of a turn share them, as the board
            # mostly stays the same), less the abilities limited to a Main Phase (FFTCG 11.6)
            allowed = entry[1]
            if allowed is None:
                allowed = entry[1] = _outside_main_phase(state, plays) if plays else plays
            return allowed, ()
        main = entry[2]
        if main is None:
            if not self._is_main_timing(state, player):
                return plays, ()
            main = entry[2] = self._potential_plays(state, player, False, True)[1]
        # (worked out only when a Main Phase allowed them, as it does while the key and the board stay the same and
        # the phase is a Main Phase: its other conditions, the turn player and the empty stack, are theirs)
        return plays, main

    def _potential_plays(self, state: GameState, player: str, any_timing: bool, main_only: bool
                         ) -> tuple[list[tuple[int, Command]], list[tuple[int, Command]]]:
        """Return the plays of `player` in a Main Phase or Attack Phase, each with its place in the list of plays:
        those any play timing allows (when `any_timing`), and the Characters only a Main Phase allows (not Back Attack;
        when `main_only`, for the turn player: FFTCG 11.4.1). A list not asked for is empty.

        Places: the hand's cards in hand order, then the abilities of the field's cards.
        """
        commands: list[tuple[int, Command]] = []
        main: list[tuple[int, Command]] = []
        index, cards = printed_index(state), state.cards
        hand = state.zones[f"{player}.hand"].cards
        # then a card's cost is play_cost of its printed cost (as cost_of and character_cost find)
        printed_costs = not index.prints_cost_changes and not state.lists.get(NEXT_COST)
        # _card_refusal's refusals of a card in hand: 5 Backups (D3), a name twice, a second Light/Dark Character
        on_field: _PlaysField | None = None
        for place, iid in enumerate(hand):
            facts = index[cards[iid].card_id]
            if facts.character:
                if facts.back_attack:
                    if not any_timing:
                        continue
                    found = commands
                elif main_only:
                    found = main
                else:
                    continue
                if facts.card_type == "backup":
                    if on_field is None:
                        on_field = _field_for_plays(state, player, index)
                    if on_field.backups_full:
                        continue
                if not facts.multi_copy:
                    if on_field is None:
                        on_field = _field_for_plays(state, player, index)
                    if _name_clash(facts, on_field):
                        continue
                if facts.light_or_dark and not light_dark.may_play(state, player, facts):
                    continue
                payment = find_payment(state, player, play_cost(facts, facts.cost) if printed_costs else
                                       character_cost(state, iid, cost_of(state, iid), facts),
                                       set(hand) if facts.backup_cp_only else {iid})
                if payment is not None:
                    found.append((place, PlayCharacter(by=player, card=iid, discards=payment[0], backups=payment[1])))
            elif facts.card_type == "summon" and any_timing:
                ability = facts.summon_ability
                if ability is not None and _cast_limit(state, player, ability, facts.name) is not None:
                    continue
                # the payment first: it is memoized, and without one the targets need not be looked for
                payment = find_payment(state, player, play_cost(facts, facts.cost) if printed_costs else
                                       character_cost(state, iid, cost_of(state, iid), facts),
                                       set(hand) if facts.backup_cp_only else {iid})
                if payment is None:
                    continue
                commands += [(place, CastSummon(by=player, card=iid, discards=payment[0], backups=payment[1],
                                                targets=targets, mode=mode))
                             for targets, mode in _choices(state, ability, player, iid)]
        if not any_timing:
            return commands, main
        place = len(hand)
        # each card's action and special abilities used where it is (the others are refused there, `_ability_refusal`):
        # the field's, the hand's whose cost discards them (FFTCG 12.1), the Break Zone's used there
        users = (on_field if on_field is not None else _field_for_plays(state, player, index)).users
        if index.has_hand_actions:
            users += tuple((iid, facts.hand_actions) for iid in hand
                           if (facts := index[cards[iid].card_id]).hand_actions)
        if index.has_break_zone_actions:
            users += tuple((iid, index[cards[iid].card_id].actions) for iid in _break_zone_users(state, player, index))
        for iid, abilities in users:
            tapped = cards[iid].tapped
            for number, ability in abilities:
                if tapped and (ability.get("cost") or {}).get("dull"):
                    continue  # FFTCG 11.6.2.2, as `_ability_refusal` says: the most frequent refusal, without a call
                uses = self._ability_uses(state, player, iid, number, ability)
                if uses:
                    commands += [(place, command) for command in uses]
                    place += 1
        # abilities by hand: used, or announced as triggered, with priority (FFTCG 11.6, 11.8), from the field, or
        # from the hand or the Break Zone where their text says so
        if index.has_by_hand:  # most libraries: every ability compiled, or none printed
            commands += [(place, command) for command in by_hand.offers(
                state, player, (*field_cards(state, player), *hand, *state.zones[zone_id(player, "break")].cards),
                (by_hand.ACTION, by_hand.AUTO), timing, functools.partial(_is_usable_where, state))]
        return commands, main

    def _ability_uses(self, state: GameState, player: str, iid: int, index: int,
                      ability: Mapping[str, Any]) -> list[Command]:
        """Return the uses of an action or special ability now: one per choice of targets and mode, paid obviously.

        The caller has left out an ability whose cost dulls a dull card (FFTCG 11.6.2.2).
        """
        cost = ability.get("cost") or {}  # read only: card data is never changed
        if self._ability_refusal(state, player, iid, ability, as_in_main_phase=True) is not None:
            return []  # a use limited to the Main Phase is left out of the Attack Phase by `_plays_allowed`
        name_discard = None
        exclude = {iid}
        if ability_kind(ability, False) == "special":
            same = _same_name_characters(state, player, iid)   # the first: the window lets the player pick another
            if not same:
                return []
            name_discard = same[0]
            exclude.add(name_discard)
        uses: list[Command] = []
        cost_cards = _obvious_cost_cards(state, player, iid, cost)  # the window lets the player pick others
        unpaid_by = exclude | set(cost_cards)
        choices: list[tuple[tuple[int, ...], int | None]] | None = None  # the same for every X: worked out once
        for x in range(X_LIMIT + 1 if cost.get("x") else 1):  # FFTCG 4.5: each X the player can pay
            payment = find_payment(state, player, ability_cost(cost, x), unpaid_by)
            if payment is None:
                break
            # "Discard N cards": the first cards of the hand the payment leaves (the window lets the player pick others)
            discarded = int(cost.get("discard", 0))
            cost_discards: tuple[int, ...] = ()
            if discarded:
                spare = [i for i in state.zones[f"{player}.hand"].cards if i not in exclude and i not in payment[0]
                         and _may_discard_for_cost(state, player, i, cost)]
                cost_discards = tuple(spare[:discarded])
                if len(cost_discards) < discarded:
                    break
            if choices is None:
                choices = _choices(state, ability, player, iid)
            uses += [UseAbility(by=player, card=iid, ability=index, discards=payment[0], backups=payment[1],
                                targets=targets, mode=mode, name_discard=name_discard, cost_discards=cost_discards,
                                x=x, cost_cards=cost_cards)
                     for targets, mode in choices]
        return uses

    # -- resolving commands ----------------------------------------------------------------------
    def resolve(self, tx: Transaction, command: Command) -> None:
        """Validate a command, carry it out and run the game on to the next decision."""
        state = tx.state
        data = state.data
        stage = data.get("stage")
        if type(command) is PassPriority and stage == "priority" and not data.get(procedure.DECISION):
            # the most frequent command (every forced pass), taken as the general path below takes it
            if flow.pass_priority(tx, command.by):
                flow.run(tx)
                if data.get("loop_repeat"):
                    self._check_endless_loop(tx)
            elif data.get("passes") and not data.get("outcome"):
                # the pass only handed priority over: the decision now is the other seat's, as `_decision` words it
                state.memo_values["fftcg.decision"] = _act(data["priority"], "priority", bool(data.get("fs_window")))
            return
        pending = procedure.pending(state)
        if pending is not None and not isinstance(command, Choose):
            raise IllegalCommand(pending.rule, f"answer first: {pending.prompt or pending.name}")
        # read before the first change below, which ends the listing's memo
        listed = type(command) in _CHECKED_PLAYS and is_listed(state, command)
        if not isinstance(command, PassPriority) and data.get("loop_seen") is not None:  # set_data's no-op test
            tx.set_data("loop_seen", None)  # a player did something: any repetition so far was not a loop
        quiet = None  # for the "no attack" and "no block" answers, which may change no part of the board
        if isinstance(command, Choose):
            self._choose(tx, command)
        elif isinstance(command, PassPriority):
            if stage == "priority":
                if not flow.pass_priority(tx, command.by):
                    return  # nothing to settle, and nothing repeated (`loop_repeat` is set only as `run` resolves)
            elif stage == "attack":
                quiet = flow.quiet_board(state)
                combat.no_attack(tx, command.by)
            elif stage == "block":
                quiet = flow.quiet_board(state)
                combat.declare_block(tx, command.by, None)
            else:
                raise IllegalCommand("FFTCG 11.1", "there is nothing to pass now")
        elif isinstance(command, PlayCharacter):
            self._play_character(tx, command, listed)
        elif isinstance(command, CastSummon):
            self._cast_summon(tx, command, listed)
        elif isinstance(command, UseAbility):
            self._use_ability(tx, command, listed=listed)
        elif isinstance(command, UseAbilityByHand):
            self._use_ability_by_hand(tx, command)
        elif isinstance(command, RepeatLoop):
            self._repeat_loop(tx, command)
        elif isinstance(command, (DeclareAttack, DeclareParty)):
            if stage != "attack":
                raise IllegalCommand("FFTCG 10.1.2", "attacks are declared only in the Attack Declaration Step")
            attackers = [command.attacker] if isinstance(command, DeclareAttack) else list(command.attackers)
            if isinstance(command, DeclareParty) and len(attackers) < 2:
                raise IllegalCommand("FFTCG 15.1.1.9", "a Party has two or more Forwards")
            combat.declare_attack(tx, command.by, attackers)
        elif isinstance(command, DeclareBlock):
            if stage != "block":
                raise IllegalCommand("FFTCG 10.1.3", "blocks are declared only in the Block Declaration Step")
            if command.blocker is None:
                quiet = flow.quiet_board(state)
            combat.declare_block(tx, command.by, command.blocker)
        elif isinstance(command, SplitDamage):
            if stage != "split":
                raise IllegalCommand("FFTCG 10.1.4.2.1", "there is no Party damage to split now")
            combat.split_damage(tx, command.by, list(command.cards), list(command.amounts))
        else:
            raise IllegalCommand("", f"{self.name} has no command {command.command_name()}")
        flow.run_unless_quiet(tx, quiet)
        if state.data.get("loop_repeat"):
            self._check_endless_loop(tx)

    def _check_endless_loop(self, tx: Transaction) -> None:
        """FFTCG 13.1: the same state came back through mandatory abilities and only passes; if no player
        could do anything but pass, nobody can stop the loop and the game is a draw."""
        state = tx.state
        tx.set_data("loop_repeat", None)
        if state.data.get("outcome") or procedure.is_waiting(state) or state.data.get("stage") != "priority":
            return
        if not any(self._has_play(state, player) for player in state.players):
            flow.draw_by_loop(tx)

    def _choose(self, tx: Transaction, command: Choose) -> None:
        """Answer the stored decision (checked by the procedure layer) and carry the answer out by its name."""
        state = tx.state
        pending = procedure.pending(state)
        if pending is None:
            if state.data.get("stage") == "hand_limit":
                self._discard_to_limit(tx, command)
                return
            raise IllegalCommand("", "there is no choice to answer now")
        name = pending.name
        if name == "loop_count" and (command.number is None or command.number < 0):
            raise IllegalCommand("FFTCG 4.1", "name a whole number, 0 or more")
        if name == "mulligan" and command.picks and sorted(map(int, command.picks)) != sorted(pending.options):
            raise IllegalCommand("FFTCG 8.2.1.4", "a mulligan puts all 5 cards of your hand on the bottom")
        if name == "order_triggers" and sorted(map(str, command.picks)) != sorted(pending.options):
            raise IllegalCommand("FFTCG 11.8.7", "put every one of your triggered abilities in order: "
                                                 + ", ".join(pending.options))
        routed = procedure.answer(tx, command)
        if routed is None:
            return  # a resolving entry's question ("you may", a discard): its frame reads the answer
        raw, answer = routed
        picks = list(answer.picks)
        if name == "loop_count":
            self._answer_loop_count(tx, int(answer.number or 0))
        elif name == "mulligan":
            flow.answer_mulligan(tx, command.by, bool(answer.yes), [int(p) for p in picks])
        elif name == "ex_burst":
            flow.answer_ex_burst(tx, bool(answer.yes))
        elif name == "order_triggers":
            flow.queue_triggers(tx, pending.player, [int(p) for p in picks])
        elif name == "targets":
            flow.answer_targets(tx, [int(p) for p in picks])
        elif name == "mode":
            flow.answer_mode(tx, int(picks[0]))
        elif name == "replacement":
            chosen = dict(state.data.get("replacement_choice") or {})
            chosen[str(raw["card"])] = picks[0]
            tx.set_data("replacement_choice", chosen)

    def after_manual(self, tx: Transaction) -> None:
        """Keep the game answerable after a move by hand: a card moved to another zone is a new object (FFTCG 7.4),
        so it leaves the battle; a discard to the hand limit made needless ends in the clean-up (FFTCG 9.5.1.2)."""
        state = tx.state
        for change in list(tx.changes):
            if isinstance(change, MoveCard) and change.source != change.target:
                tx.set_prop(change.iid, "ts", actions.next_clock(tx))
        if state.data.get("stage") == "hand_limit" and len(state.zones[f"{state.active}.hand"].cards) <= 5:
            flow.clean_up(tx)

    def _discard_to_limit(self, tx: Transaction, command: Choose) -> None:
        state = tx.state
        hand = state.zones[f"{state.active}.hand"].cards
        excess = len(hand) - 5
        picks = [int(p) for p in command.picks]
        if len(picks) != excess or len(set(picks)) != excess or any(p not in hand for p in picks):
            raise IllegalCommand("FFTCG 9.5.1.2", f"discard exactly {excess} card(s) from your hand, down to 5")
        for iid in picks:
            actions.enter_zone(tx, iid, "break")
        tx.log(f"{state.active} discarded {excess} card(s) to the hand limit", "FFTCG 9.5.1.2")
        flow.clean_up(tx)

    # -- playing cards ---------------------------------------------------------------------------
    def _priority_check(self, state: GameState, player: str) -> None:
        if state.data.get("stage") != "priority" or state.data.get("priority") != player:
            raise IllegalCommand("FFTCG 11.1.1", "you can play cards only while you hold priority")

    def _character_refusal(self, state: GameState, player: str, iid: int) -> IllegalCommand | None:
        refusal = self._card_refusal(state, player, iid)
        if refusal is not None:
            return refusal
        return self._timing_refusal(state, player, "back_attack" in state.definition(iid).keywords)

    def _timing_refusal(self, state: GameState, player: str, back_attack: bool) -> IllegalCommand | None:
        """Return why a Character (with or without Back Attack) cannot be played now, or None."""
        if state.phase == "end":
            return IllegalCommand("FFTCG 9.5.1.1", "no card can be played now (End Phase)")
        if back_attack and state.phase in PLAY_PHASES:
            # FFTCG 15.2.5.2: any Main or Attack Phase with priority, either turn, stack or not; the First
            # Strike window forbids only Summons and abilities (15.2.3.3), so Back Attack is played there too
            return None
        if state.data.get("fs_window"):
            return IllegalCommand("FFTCG 15.2.3.3", "only Characters with Back Attack can be played in the First "
                                                    "Strike window")
        if player != state.active:
            return IllegalCommand("FFTCG 11.4.1", "only the turn player can play Characters")
        if state.phase not in ("main1", "main2"):
            return IllegalCommand("FFTCG 9.3.1.5", "Characters are played only in a Main Phase")
        if not stack.is_empty(state):
            return IllegalCommand("FFTCG 9.3.1.5", "Characters are played only while the stack is empty")
        return None

    def _is_main_timing(self, state: GameState, player: str) -> bool:
        """Tell whether `player` may play a Character without Back Attack now (`_timing_refusal` finds nothing)."""
        return (player == state.active and state.phase in ("main1", "main2") and not state.data.get("fs_window")
                and stack.is_empty(state))

    def _card_refusal(self, state: GameState, player: str, iid: int) -> IllegalCommand | None:
        """Return why this card cannot be played as a Character at all (whatever the timing), or None."""
        card = state.cards.get(iid)
        if card is None or card.zone != f"{player}.hand":
            return IllegalCommand("FFTCG 11.4", "you can only play a Character from your hand")
        definition = state.definition(iid)
        if not is_character(definition):
            return IllegalCommand("FFTCG 11.4", f"{definition.name} is not a Character")
        index = printed_index(state)
        if definition.card_type == "backup" and _has_all_backups(state, player, index):  # doubt D3: product rules
            return IllegalCommand("FFTCG 5.2.3 (D3)", "you already have 5 Backups on the field")
        printed = index[card.card_id]
        shared = _name_clash(printed, _field_for_plays(state, player, index)) if not printed.multi_copy else None
        if shared:
            return IllegalCommand("FFTCG 7.7.3", f"you already have {shared} on the field: only cards with "
                                                 "the Multi-copy icon may be there more than once")
        if printed.light_or_dark and not light_dark.may_play(state, player, printed):  # FFTCG 6.2.6.2, 12.4.7 (seed)
            return IllegalCommand("FFTCG 12.4.7", f"you already have a Light or Dark Character on the field, so "
                                                  f"{printed.name} cannot be played: only one may be there")
        return None

    def _play_character(self, tx: Transaction, command: PlayCharacter, listed: bool = False) -> None:
        """Play a Character from the hand (FFTCG 11.4); `listed`: the command is known legal (`is_listed`)."""
        state = tx.state
        if not listed:
            self._priority_check(state, command.by)
            refusal = self._character_refusal(state, command.by, command.card)
            if refusal is not None:
                raise refusal
            _refuse_discarded_cp(state, command.card, command.discards)
        sources = self._payment_sources(state, command, listed)
        paid, paid_with = elements_paid(sources), paid_sources(sources)
        self._pay(tx, command.by, command.discards, command.backups)
        definition = state.definition(command.card)
        # doubt D3: Backups (and Monsters, D5) enter dull
        # a Character played from the hand is cast too
        actions.record_cast(tx, command.by, command.card, paid, paid_with)
        actions.use_next_cost_change(tx, command.card)
        actions.put_onto_field(tx, command.card, command.by, dull=definition.card_type in ("backup", "monster"), by="cast")
        tx.log(f"{command.by} played {definition.name}" +
               (" (Back Attack)" if command.by != state.active or state.phase == "attack" else ""), "FFTCG 11.4")
        flow.acted(tx, command.by)

    @staticmethod
    def _payment_sources(state: GameState, command: PlayCharacter | CastSummon, listed: bool) -> list[Source]:
        """Return the CP sources of a play's payment, which record_cast reads: checked against the card's cost (FFTCG
        11.4.6-11.4.7), or, for a listed play (`is_listed`), whose payment the listing found legal, only read."""
        if listed:
            return payment_sources(state, command.by, command.discards, command.backups, (command.card,))
        cost = character_cost(state, command.card, cost_of(state, command.card))
        return check_payment(state, command.by, cost, command.discards, command.backups, {command.card})

    def _pay(self, tx: Transaction, player: str, discards: Sequence[int], backups: Sequence[int]) -> None:
        actions.pay_cp(tx, player, discards, backups)

    def _cast_summon(self, tx: Transaction, command: CastSummon, listed: bool = False) -> None:
        """Cast a Summon from the hand onto the stack (FFTCG 11.3); `listed`: the command is known legal
        (`is_listed`)."""
        state = tx.state
        if not listed:
            self._priority_check(state, command.by)
            card = state.cards.get(command.card)
            if card is None or card.zone != f"{command.by}.hand" or state.definition(command.card).card_type != "summon":
                raise IllegalCommand("FFTCG 11.3", "you can only cast a Summon from your hand")
            _refuse_outside_play_phases(state)
        definition = state.definition(command.card)
        ability = _summon_ability(definition)
        targets, sizes = list(command.targets), None
        if ability is not None:
            if not listed:
                limited = _cast_limit(state, command.by, ability, definition.name)
                if limited is not None:
                    raise limited
                _check_mode(state, ability, command.mode, command.by)
            moded = with_mode(ability, command.mode)
            if not listed or target_groups.groups_of(moded) is not None:  # the checks, or each group's size
                targets, sizes = check_targets(state, moded, command.by, command.card, targets)
        if not listed:
            _refuse_discarded_cp(state, command.card, command.discards)
        sources = self._payment_sources(state, command, listed)
        paid, paid_with = elements_paid(sources), paid_sources(sources)
        tx.move(command.card, "stack", None)
        tx.set_prop(command.card, "ts", actions.next_clock(tx))
        self._pay(tx, command.by, command.discards, command.backups)
        index = definition.effects.index(ability) if ability is not None else -1
        entry = {"kind": "summon", "source": command.card, "ts": state.cards[command.card].props["ts"],
                 "controller": command.by, "card_id": definition.id, "ability": index,
                 "targets": pinned(state, targets), "mode": command.mode, "name": definition.name}
        if sizes is not None:  # several target groups (target_groups.py)
            entry["target_groups"] = sizes
        if ability is None:
            entry["inline"] = {"effect": "draw", "count": 0}
        stack.push(tx, entry, copy=False)  # built here from fresh parts
        actions.record_cast(tx, command.by, command.card, paid, paid_with)
        actions.use_next_cost_change(tx, command.card)
        tx.log(f"{command.by} cast {definition.name}" + (
            " choosing " + ", ".join(actions.name_of(tx, t) for t in targets) if targets else ""), "FFTCG 11.3")
        actions.announce_chosen(tx, entry)
        actions.emit(tx, trigger_event("summon_cast", command.card))
        flow.acted(tx, command.by)

    def _ability_refusal(self, state: GameState, player: str, iid: int, ability: Mapping[str, Any],
                         as_in_main_phase: bool = False) -> IllegalCommand | None:
        """Return why `player` cannot use this ability of a card now, or None.

        `as_in_main_phase`: judge an Attack Phase as a Main Phase ("… during your Main Phase" is not refused:
        the caller leaves such uses out itself).
        """
        card = state.cards.get(iid)
        cost = ability.get("cost") or {}
        if iid in lost_abilities(state):  # "It loses all its abilities until the end of the turn"
            return IllegalCommand("FFTCG 11.12.4", f"{state.definition(iid).name} has lost all its abilities")
        if cost.get("discard_self"):  # used from the hand: its cost discards it (FFTCG 12.1)
            if card is None or card.zone != f"{player}.hand":
                return IllegalCommand("FFTCG 12.1", "this ability is used from your hand (its cost discards the card)")
        elif ability.get("from_break_zone"):  # "… if <self> is in the Break Zone" (FFTCG 11.6 narrowed by the text)
            if card is None or card.zone != f"{player}.break":
                return IllegalCommand("FFTCG 11.6", "this ability is used while the card is in your Break Zone")
        elif card is None or not card.zone.endswith(".field") or card.controller != player:
            return IllegalCommand("FFTCG 11.6", "you can only use abilities of cards you control on the field")
        if ability_kind(ability, False) not in ("action", "special"):
            return IllegalCommand("FFTCG 11.6", "that is not an action or special ability")
        if state.phase not in PLAY_PHASES or state.data.get("fs_window"):
            return IllegalCommand("FFTCG 9.5.1.1" if state.phase == "end" else "FFTCG 15.2.3.3",
                                  "abilities cannot be used now")
        if state.data.get("loop_banned") or ability.get("only"):  # the ability's number, only when it matters
            index = state.definition(iid).effects.index(ability)
            refusal = _loop_ban(state, player, iid, index) or _use_limit(state, player, iid, index, ability,
                                                                       as_in_main_phase)
            if refusal is not None:
                return refusal
        taken = max(int(cost.get("mill", 0)), int(cost.get("remove_top", 0)))
        if taken and taken > len(state.zones[f"{player}.deck"].cards):
            return IllegalCommand("FFTCG 11.6.2", "its cost takes more cards from the top of your deck than it holds "
                                                  "(a cost is paid whole)")
        refusal = _cost_cards_refusal(state, player, iid, cost)
        if refusal is not None:
            return refusal
        counters = cost.get("remove_counters")
        if counters and card.counters.get(str(counters["counter"]), 0) < int(counters["count"]):
            return IllegalCommand("FFTCG 4.9", f"its cost removes {counters['count']} {counters['counter']} Counters from "
                                               f"{state.definition(iid).name}, which has fewer")
        damaged = int(ability.get("damage_on_self_at_least") or 0)
        if damaged and int(card.props.get("damage", 0)) < damaged:
            return IllegalCommand("FFTCG 11.6", f"{state.definition(iid).name}'s ability can only be used once it has "
                                                f"received {damaged} damage or more")
        needed = ability.get("counters_at_least")
        if needed and card.counters.get(str(needed["counter"]), 0) < int(needed["count"]):
            return IllegalCommand("FFTCG 4.9", f"{state.definition(iid).name}'s ability can only be used with "
                                               f"{needed['count']} or more {needed['counter']} Counters on it")
        if ability.get("condition") and not condition_holds(state, ability["condition"], player, source=iid):
            return IllegalCommand("FFTCG 11.6", f"{state.definition(iid).name}'s ability can only be used when its "
                                                "text's condition holds")
        if cost.get("dull"):
            if card.tapped:
                return IllegalCommand("FFTCG 11.6.2.2", f"{state.definition(iid).name} is dull and cannot pay the "
                                                        "dull icon")
            # FFTCG 15.2.2.3: controlled since the start of its controller's latest turn, which for the
            # player who is not the turn player was the turn before this one; otherwise only Haste allows it
            latest = state.turn if player == state.active else state.turn - 1
            if int(card.props.get("since", 0)) >= latest:
                keywords = characteristics(state)[iid].keywords
                permission = decide(  # FFTCG 11.6.2.2, Haste 15.2.2.3
                    Permission(False, "FFTCG 11.6.2.2",
                               f"{state.definition(iid).name} came onto the field (or under your control) after your "
                               "latest turn began and has no Haste, so it cannot use a dull-icon ability yet"),
                    can=[Ruling("FFTCG 15.2.2.3", "Haste")] if "haste" in keywords else [])
                if not permission.allowed:
                    return IllegalCommand(permission.rule, permission.reason)
        return None

    def _checked_use(self, state: GameState, command: UseAbility
                     ) -> tuple[CardDefinition, Mapping[str, Any], str, list[int], list[int] | None, dict[str, Any]]:
        """Refuse a use of an ability that breaks a rule; return the card's definition, the ability, its kind, the
        targets in group order with each group's size (check_targets) and the ability's cost."""
        self._priority_check(state, command.by)
        card = state.cards.get(command.card)
        if card is None:
            raise IllegalCommand("FFTCG 11.6", "there is no such card")
        definition = state.definition(command.card)
        if not 0 <= command.ability < len(definition.effects):
            raise IllegalCommand("FFTCG 11.6", f"{definition.name} has no ability number {command.ability}")
        ability = definition.effects[command.ability]
        refusal = self._ability_refusal(state, command.by, command.card, ability)
        if refusal is not None:
            raise refusal
        kind = ability_kind(ability, False)
        exclude = {command.card}
        if kind == "special":  # FFTCG 11.7.1–11.7.2: discard a Character card of the same name as part of the cost
            other = state.cards.get(command.name_discard) if command.name_discard is not None else None
            if other is None or other.iid not in _same_name_characters(state, command.by, command.card):
                raise IllegalCommand("FFTCG 11.7.1", f"a special ability also costs discarding a Character card "
                                                     f"named {definition.name} from your hand")
            exclude.add(other.iid)
        _check_mode(state, ability, command.mode, command.by)
        targets, sizes = check_targets(state, with_mode(ability, command.mode), command.by, command.card,
                                       list(command.targets))
        cost = dict(ability.get("cost") or {})
        if command.x < 0:
            raise IllegalCommand("FFTCG 4.1", "a player cannot choose a negative number")
        if command.x and not cost.get("x"):
            raise IllegalCommand("FFTCG 4.5", "this ability's cost has no X")
        need = ability_cost(cost, command.x)
        _check_cost_discards(state, command, int(cost.get("discard", 0)), exclude)
        _check_cost_cards(state, command, cost)
        check_payment(state, command.by, need, command.discards, command.backups,
                      exclude | set(command.cost_discards) | set(command.cost_cards))
        return definition, ability, kind, targets, sizes, cost

    def _use_ability(self, tx: Transaction, command: UseAbility, quiet: bool = False,
                     listed: bool = False) -> dict[str, Any]:
        """Use an action or special ability (FFTCG 11.6–11.7): pay its cost and put it on the stack (`quiet`: only
        pay, and return the entry); `listed`: the command is known legal (`is_listed`)."""
        state = tx.state
        if listed:
            definition = state.definition(command.card)
            ability = definition.effects[command.ability]
            kind = ability_kind(ability, False)
            moded = with_mode(ability, command.mode)
            targets, sizes = (list(command.targets), None) if target_groups.groups_of(moded) is None else check_targets(
                state, moded, command.by, command.card, list(command.targets))  # each group's size
            cost = dict(ability.get("cost") or {})
        else:
            definition, ability, kind, targets, sizes, cost = self._checked_use(state, command)
        card = state.cards[command.card]
        entry = {"kind": kind, "source": command.card, "ts": card.props.get("ts"), "controller": command.by,
                 "card_id": definition.id, "ability": command.ability, "targets": pinned(state, targets),
                 "mode": command.mode, "name": ability.get("name") or f"{definition.name}: ability {command.ability}",
                 "x": command.x}
        if card.counters:  # read as it goes on the stack (digest 5.8): a cost may take the card away with them
            entry["counters"] = dict(card.counters)
        if sizes is not None:  # several target groups (target_groups.py)
            entry["target_groups"] = sizes
        if cost.get("dull"):
            tx.set_field(command.card, "tapped", True)
        if "once_per_turn" in (ability.get("only") or ()):  # this object used it this turn (see _use_limit)
            tx.set_prop(command.card, f"used:{command.ability}", [state.turn, card.props.get("ts")])
        self._pay(tx, command.by, command.discards, command.backups)
        if command.name_discard is not None:
            actions.enter_zone(tx, command.name_discard, "break")
        for cost_card in command.cost_discards:  # FFTCG 11.6.2: discarded as the cost, not for CP
            tx.log(f"{command.by} discarded {actions.name_of(tx, cost_card)} (cost)", "FFTCG 15.1.1.4")
            actions.enter_zone(tx, cost_card, "break")
        if command.cost_discards:  # "If the discarded card is …": read as the effect resolves (resolution.py)
            entry["discarded"] = list(command.cost_discards)
        for key, zone in (("mill", "break"), ("remove_top", "removed")):  # the top cards of the deck (FFTCG 11.6.2)
            for iid in state.zones[f"{command.by}.deck"].cards[:int(cost.get(key, 0))]:
                actions.enter_zone(tx, iid, zone)
                tx.log(f"{actions.name_of(tx, iid)} was put from the top of {command.by}'s deck into the "
                       f"{'Break Zone' if zone == 'break' else 'removed zone'} (cost)", "FFTCG 11.6.2")
        _pay_cost_cards(tx, command, cost)
        counters = cost.get("remove_counters")
        if counters:  # FFTCG 4.9: counters on the card itself, removed as the cost is paid
            have = state.cards[command.card].counters.get(str(counters["counter"]), 0)
            tx.set_counter(command.card, str(counters["counter"]), have - int(counters["count"]))
        # a cost that puts it into the Break Zone is not a break (FFTCG 15.1.1.3.2); or it returns it to its owner's
        # hand, or removes it from the game
        for key, zone in (("break_self", "break"), ("return_self", "hand"), ("remove_self", "removed")):
            if cost.get(key):
                actions.move_from_field(tx, [command.card], zone, "cost", "FFTCG 11.6.2")
        if cost.get("discard_self"):  # discarded from the hand, which reveals it (FFTCG 11.6.2, 12.1)
            tx.log(f"{command.by} discarded {definition.name} (cost)", "FFTCG 12.1")
            actions.enter_zone(tx, command.card, "break")
        if not quiet:
            stack.push(tx, entry, copy=False)  # built here from fresh parts
            tx.log(f"{command.by} used {entry['name']}", "FFTCG 11.6")
            actions.announce_chosen(tx, entry)
            flow.acted(tx, command.by)
        return entry

    def _use_ability_by_hand(self, tx: Transaction, command: UseAbilityByHand) -> None:
        """Put an ability by hand on the stack like an action ability (FFTCG 11.6); its cost is paid by hand too."""
        state = tx.state
        self._priority_check(state, command.by)
        text = by_hand.ability_text(state, command, "FFTCG 11.6")
        card = state.cards[command.card]
        if card.controller != command.by or not _is_usable_where(state, command.card, text):
            raise IllegalCommand("FFTCG 11.6", "only the abilities of the cards you control on the field can be used, "
                                               "or from your hand or Break Zone where the card's text says so")
        kind = timing(text)
        if kind == by_hand.CONTINUOUS:
            raise IllegalCommand("FFTCG 11.12", "a field ability works by itself; it is not used")
        name = f"{state.definition(command.card).name}: {by_hand.short_text(text, 40)} (by hand)"
        entry: dict[str, Any] = {"kind": "action", "source": command.card, "ts": card.props.get("ts"), "controller": command.by,
                 "inline": {"kind": "action", "effect": "by_hand", "text": text}, "targets": [], "name": name}
        stack.push(tx, entry)
        verb = "announced that it triggered:" if kind == by_hand.AUTO else "used"
        tx.log(f"{command.by} {verb} {name}; its cost is paid by hand", "by hand")
        flow.acted(tx, command.by)

    def _repeat_loop(self, tx: Transaction, command: RepeatLoop) -> None:
        """FFTCG 13.2–13.3: a player who can stop a loop names a count; it runs that often, then stops."""
        state = tx.state
        self._priority_check(state, command.by)  # FFTCG 11.1.1: abilities are used only while holding priority
        if command.times < 0:
            raise IllegalCommand("FFTCG 4.1", "a player cannot choose a negative number")
        if not stack.is_empty(state):
            raise IllegalCommand("FFTCG 13.2", "a loop is shortened from an empty stack")
        card = state.cards.get(command.card)
        definition = state.definition(command.card) if card is not None else None
        if definition is None or not 0 <= command.ability < len(definition.effects):
            raise IllegalCommand("FFTCG 13.2", "name an action ability of a card you control")
        refusal = self._ability_refusal(state, command.by, command.card, definition.effects[command.ability])
        if refusal is not None:
            raise refusal
        if command.shared:
            if command.by != state.active:
                raise IllegalCommand("FFTCG 13.3", "when both players can stop a loop, the turn player names a "
                                                   "number first")
            tx.set_data("loop_offer", {"card": command.card, "ability": command.ability, "times": command.times,
                                       "by": command.by})
            procedure.ask(tx, None, state.opponent(command.by), "loop_count", "number",
                          f"{command.by} would repeat the loop {command.times} time(s): name your number "
                          "(the lower one is used)", low=0, high=1_000_000, rule="FFTCG 13.3")
            return
        self._run_loop(tx, command.by, command.card, command.ability, command.times)
        _ban_loop(tx, command.card, command.ability, None)
        tx.log(f"{command.by} ran the loop {command.times} time(s) and stopped it", "FFTCG 13.2")
        flow.acted(tx, command.by)

    def _answer_loop_count(self, tx: Transaction, number: int) -> None:
        """FFTCG 13.3: run the loop the lower number of times; the higher number's player may not repeat it."""
        state = tx.state
        offer = state.data["loop_offer"]
        tx.set_data("loop_offer", None)
        turn_player, other = offer["by"], state.opponent(offer["by"])
        times = min(int(offer["times"]), number)
        zones = _zones_fingerprint(state)  # the state the loop started from (every zone)
        self._run_loop(tx, turn_player, offer["card"], offer["ability"], times)
        higher = turn_player if offer["times"] > number else other if number > offer["times"] else None
        stopper = other if number < offer["times"] else turn_player
        if higher is not None and offer["card"] in state.cards:
            _ban_loop(tx, offer["card"], offer["ability"], higher, zones)
        tx.log(f"{turn_player} named {offer['times']}, {other} named {number}: the loop ran {times} time(s) and "
               f"{stopper} stopped it", "FFTCG 13.3")
        flow.acted(tx, turn_player)

    def _run_loop(self, tx: Transaction, player: str, card: int, ability: int, times: int) -> None:
        state = tx.state
        use = UseAbility(by=player, card=card, ability=ability)
        for _ in range(times):
            entry = self._use_ability(tx, use, quiet=True)
            if not resolve_entry(tx, entry, flow.PROCEDURES):
                raise IllegalCommand("FFTCG 13.2", "this loop asks a player to choose each time; play it step by step")
            settle(tx)
            if procedure.is_waiting(state) or state.data.get("outcome"):
                break

    # -- reading the table -----------------------------------------------------------------------
    def card_values(self, state: GameState, iid: int) -> dict[str, CardValue]:
        """Return Power with the effects that changed it (Forwards on the field), printed elsewhere."""
        definition = state.definition(iid)
        if not is_of_type(state, iid, "forward"):
            return {}
        printed = definition.stat("power")
        current = characteristics(state).get(iid)
        if current is None or current.power is None:
            return {"power": CardValue("power", printed, printed)}
        return {"power": CardValue("power", printed, current.power, tuple(current.modifiers))}

    def card_fact(self, state: GameState, iid: int, key: str) -> Any:
        """Return a card fact: zone, dull, power, damage, frozen, keywords, controller, attacking, cost, seen_by."""
        card = state.card(iid)
        if key == "damage":
            return int(card.props.get("damage", 0))
        if key == "frozen":
            return bool(card.props.get("frozen"))
        if key == "keywords":
            current = characteristics(state).get(iid)
            return sorted(current.keywords if current else state.definition(iid).keywords)
        if key == "attacking":
            return iid in flow.attackers_alive(state)
        if key == "cost":
            return cost_of(state, iid)
        if key == "element":
            return elements_of(state.definition(iid))
        if key == "seen_by":  # FFTCG 7.6: who sees the card's face where it is now
            return [p for p in state.players if state.is_visible_to(iid, p)]
        return super().card_fact(state, iid, key)

    def stack_entries(self, state: GameState) -> list[list[str]]:
        """Return each stack entry's names (ability or card name, card id), top first."""
        return flow.stack_names(state)

    def stack_targets(self, state: GameState) -> list[tuple[int | None, tuple[int, ...]]]:
        """Return each targeting Summon or ability on the stack with its targets still the chosen objects (FFTCG 11.11.2)."""
        return [(entry.get("source"), tuple(iid for iid, ts in entry["targets"] if is_current(state, iid, ts)))
                for entry in stack.items(state) if entry.get("targets")]


_ACT_PROMPTS = {  # decision name -> (prompt, rule); the priority prompt names its holder
    "priority": ("{player} has priority", "FFTCG 11.1"),
    "attack": ("declare an attacker, a Party, or pass to end attacks", "FFTCG 10.1.2"),
}


def _is_usable_where(state: GameState, iid: int, text: str) -> bool:
    """Tell whether an ability by hand may be used, or announced, with its card where that card is (FFTCG 11.6)."""
    return state.cards[iid].zone.rsplit(".", 1)[-1] in zones_of_use(text, state.definition(iid).name)


def _splits(total: int, members: int) -> Iterator[tuple[int, ...]]:
    """Yield every split of `total` among `members` in steps of 1000 (FFTCG 10.1.4.2.1): all to one member first."""
    if total % 1000 or members == 0:
        return
    units = total // 1000
    for index in range(members):
        yield tuple(total if i == index else 0 for i in range(members))
    for bars in itertools.combinations(range(units + members - 1), members - 1):   # stars and bars
        edges = (-1, *bars, units + members - 1)
        amounts = tuple((edges[i + 1] - edges[i] - 1) * 1000 for i in range(members))
        if amounts.count(0) < members - 1:   # the all-to-one splits came first
            yield amounts


def _block_prompt(state: GameState) -> str:
    """Say what the defender may block: the attacking Forwards and their Power (FFTCG 10.1.3, 15.1.1.9)."""
    attackers = flow.attackers_alive(state)
    if not attackers:
        return "declare a blocker or no block"
    names = " and ".join(f"{state.definition(i).name} ({flow.power_now(state, i)})" for i in attackers)
    what = f"{names} attack as a Party: block the Party" if len(attackers) > 1 else f"{names} attacks: block it"
    return f"{what} with an active Forward, or don't block and take 1 damage"   # FFTCG 10.1.3.4, 10.1.4.1


def _split_prompt(state: GameState) -> str:
    """Say whose damage the blocking player splits, how much, and among whom (FFTCG 10.1.4.2.1)."""
    blocker = flow.blocker_alive(state)
    members = " and ".join(state.definition(i).name for i in flow.attackers_alive(state))
    if blocker is None or not members:
        return "split your blocker's damage among the Party in 1000s"
    return f"Split {state.definition(blocker).name}'s {flow.power_now(state, blocker)} damage among {members} in steps of 1000"


_WORDED_LATER: dict[str, Callable[[GameState], str]] = {"block": _block_prompt, "split_damage": _split_prompt}
_RULES = {"block": "FFTCG 10.1.3", "split_damage": "FFTCG 10.1.4.2.1"}


@functools.lru_cache(maxsize=None)
def _unworded(player: str, name: str) -> Decision:
    """Return the decision to block or to split a blocker's damage before `pending_decision` words its prompt."""
    return Decision(player, name, "act", "", rule=_RULES[name])


@functools.lru_cache(maxsize=None)
def _act(player: str, name: str, fs_window: bool = False) -> Decision:
    """Return the decision to act of a stage (one immutable object serves every time it is due)."""
    prompt, rule = _ACT_PROMPTS[name]
    window = " (First Strike window: no Summons or abilities)" if fs_window else ""
    return Decision(player, name, "act", prompt.format(player=player) + window, rule=rule)


class _PlaysField(NamedTuple):
    """What the listing of a player's plays reads of their field: facts of which cards they control there and of
    those cards' printed facts alone (kept while the field's membership stays, `_field_for_plays`; read only)."""

    backups_full: bool  # the most Backups the field may hold (doubt D3)
    names: AbstractSet[str]  # the names of their field's cards (printed, and "also Card Name X in all situations")
    exclusive: AbstractSet[str]  # the names their "You cannot play <self> or Card Name X while …" name
    users: tuple[tuple[int, Any], ...]  # each card with action or special abilities used on the field, with them


def _field_for_plays(state: GameState, player: str, index: PrintedIndex) -> _PlaysField:
    """Return what the listing of `player`'s plays reads of their field (`index`: the game's printed facts).

    Kept in the field's membership facts (as continuous.on_membership keeps a value: while which cards are on the
    field and who controls them stay the same), as it reads nothing else but printed facts: a dict of both players'
    values, filled as each is asked.
    """
    # on_membership(state, "fftcg.plays_field", dict), inlined as field_cards reads field_facts: asked at every
    # listing of plays
    field = state.board_memo_values.get("fftcg.field")
    if field is None:
        field = field_facts(state)
    found: dict[str, _PlaysField] | None = field.derived.get("fftcg.plays_field")
    if found is None:
        found = field.derived["fftcg.plays_field"] = {}
    facts = found.get(player)
    if facts is None:
        cards = state.cards
        backups = 0
        names: set[str] = set()
        exclusive: set[str] = set()
        users = []
        for i in field.cards.get(player, ()):  # field_cards(state, player)
            printed = index[cards[i].card_id]
            if printed.card_type == "backup":
                backups += 1
            names |= printed.names
            if printed.exclusive:
                exclusive |= printed.exclusive
            if printed.field_actions:
                users.append((i, printed.field_actions))
        facts = found[player] = _PlaysField(backups >= MAX_BACKUPS, names, exclusive, tuple(users))
    return facts


def _has_all_backups(state: GameState, player: str, index: PrintedIndex) -> bool:
    """Tell whether a player has the most Backups the field may hold (doubt D3); `index`: the game's printed facts."""
    return _field_for_plays(state, player, index).backups_full


def _name_clash(facts: PrintedFacts, on_field: _PlaysField) -> str | None:
    """Return a name that keeps a card from being played beside the player's field (`_field_for_plays`), or None: one
    of its names there, or — "You cannot play <self> or Card Name X while already in control of either Character" — a
    name its own or a field card's such ability names (FFTCG 7.7.3 narrowed by the text).

    FFTCG 7.7.3 (seed): a play that would put a second card of a name without the Multi-copy icon onto the
    field is not allowed. The digest (4.3) names only the rule process (12.4.6) that breaks both when it
    happens anyway (a control change, an effect's put onto the field), which stays for those.
    """
    names = on_field.names
    clash = (facts.names | facts.exclusive) & names or facts.names & on_field.exclusive
    return min(clash) if clash else None


@functools.lru_cache(maxsize=None)
def _pass(player: str) -> PassPriority:
    """Return a player's pass (commands are immutable, so one object serves every time)."""
    return PassPriority(by=player)


def _refuse_outside_play_phases(state: GameState) -> None:
    if state.phase == "end":  # FFTCG 9.5.1.1, doubt D6
        raise IllegalCommand("FFTCG 9.5.1.1", "Summons cannot be cast in the End Phase")
    if state.data.get("fs_window"):
        raise IllegalCommand("FFTCG 15.2.3.3", "Summons cannot be cast between First Strike and normal damage")
    if state.phase not in PLAY_PHASES:
        raise IllegalCommand("FFTCG 9.3.1.6", "Summons are cast only in a Main Phase or the Attack Phase")


def _same_name_characters(state: GameState, player: str, iid: int) -> list[int]:
    """Return the Character cards in `player`'s hand named as card `iid`: what a special ability discards (FFTCG 11.7.1)."""
    index = printed_index(state)
    names = index[state.cards[iid].card_id].names  # its Card Names "in all situations" too
    return [h for h in state.zones[f"{player}.hand"].cards
            if not index[state.cards[h].card_id].names.isdisjoint(names) and is_character(state.definition(h))]


def _summon_ability(definition: CardDefinition) -> Mapping[str, Any] | None:
    for ability in definition.effects:
        if ability_kind(ability, True) == "resolve":
            return ability
    return None


def _check_cost_discards(state: GameState, command: UseAbility, count: int, exclude: set[int]) -> None:
    """Refuse a use whose cost's "discard N cards" is not paid with N other cards of the player's hand
    (FFTCG 11.6.2: the whole cost is paid; cards discarded for it produce no CP)."""
    chosen = list(command.cost_discards)
    if len(chosen) != count or len(set(chosen)) != len(chosen):
        raise IllegalCommand("FFTCG 11.6.2", f"this ability's cost discards {count} card(s) from your hand "
                                             f"(got {len(chosen)})" if count else "this ability's cost discards no card")
    cost = state.definition(command.card).effects[command.ability].get("cost") or {}
    for iid in chosen:
        card = state.cards.get(iid)
        if card is None or card.zone != f"{command.by}.hand" or iid in exclude or iid in command.discards:
            raise IllegalCommand("FFTCG 11.6.2", "the cost's discards must be other cards of your hand than those "
                                                 "discarded for CP")
        if not _may_discard_for_cost(state, command.by, iid, cost):
            raise IllegalCommand("FFTCG 11.6.2", f"{state.definition(iid).name} is not a card this cost discards")


# -- costs choosing cards outside the hand: put_characters / remove_break, the command's cost_cards (FFTCG 11.6.2) ----
def _cost_card_candidates(state: GameState, player: str, iid: int, cost: Mapping[str, Any]) -> list[int]:
    """Return the cards `player` may pick for the cost: the Characters they control passing `put_characters_of`
    (the card itself too, unless the cost already puts it there: "put <self> and 1 Monster"), their active ones
    passing `dull_characters_of` (not the card itself when its [Dull] is paid too), or their Break Zone's cards
    (`remove_break`)."""
    if cost.get("remove_counters_from"):  # a Character on the field carrying the counters, either player's
        counters = cost["remove_counters_from"]
        seen = Seen(state, player, iid)
        return [i for i in field_cards(state) if state.cards[i].counters.get(str(counters["counter"]), 0) >= int(
            counters["count"]) and FILTER.holds(seen, i, cost["remove_counters_from_of"])]
    if cost.get("remove_break"):  # not the card itself, when its ability is used from there
        of = cost.get("remove_break_of")
        seen = Seen(state, player, iid)
        return [i for i in state.zones[f"{player}.break"].cards if i != iid and (of is None or FILTER.holds(seen, i, of))]
    dulling = "dull_characters_of" in cost
    of = (cost.get("dull_characters_of") if dulling else cost.get("put_characters_of") or
          cost.get("remove_characters_of"))
    if of is None:
        return []
    seen = Seen(state, player, iid)
    itself = cost.get("dull") if dulling else cost.get("break_self")
    return [i for i in field_cards(state, player) if not (itself and i == iid)
            and not (dulling and state.cards[i].tapped) and FILTER.holds(seen, i, of)]


def _break_zone_users(state: GameState, player: str, index: PrintedIndex) -> tuple[int, ...]:
    """Return the cards of `player`'s Break Zone with an action ability used from there (`from_break_zone`), kept while
    that Break Zone stays the same (`index`: the game's printed facts; asked when its library prints such abilities)."""
    zone = f"{player}.break"

    def users() -> tuple[int, ...]:
        cards = state.cards
        return tuple(i for i in state.zones[zone].cards if index[cards[i].card_id].break_zone_actions)
    return state.memo_on(("fftcg.break_zone_users", player), (zone,), users)


_COST_CARD_KEYS = ("put_characters", "remove_break", "dull_characters", "remove_characters")
_COST_CARD_NAMES = frozenset((*_COST_CARD_KEYS, "remove_counters_from"))


def _cost_cards_needed(cost: Mapping[str, Any]) -> int:
    if _COST_CARD_NAMES.isdisjoint(cost):
        return 0  # most costs: CP and a dull icon
    needed = 0
    for key in _COST_CARD_KEYS:  # a loop, not sum() over a generator: asked for every ability's cost at every step
        if key in cost:
            needed += int(cost[key])
    if "remove_counters_from" in cost:  # one Character's counters
        needed += 1
    return needed


def _obvious_cost_cards(state: GameState, player: str, iid: int, cost: Mapping[str, Any]) -> tuple[int, ...]:
    """Return the cards a listed use picks for its cost: those that pay no CP first (dull ones to put into the Break
    Zone, Characters other than Backups to dull), then in zone order."""
    needed = _cost_cards_needed(cost)
    if not needed:
        return ()
    candidates = _cost_card_candidates(state, player, iid, cost)
    if "dull_characters" in cost:
        candidates.sort(key=lambda i: state.definition(i).card_type == "backup")
    else:
        candidates.sort(key=lambda i: not state.cards[i].tapped)
    return tuple(candidates[:needed])


def _cost_cards_refusal(state: GameState, player: str, iid: int, cost: Mapping[str, Any]) -> IllegalCommand | None:
    """Refuse an ability whose cost needs more Characters or Break Zone cards than the player has (paid whole)."""
    needed = _cost_cards_needed(cost)
    if needed and len(_cost_card_candidates(state, player, iid, cost)) < needed:
        what = ("cards in your Break Zone to remove from the game" if cost.get("remove_break") else
                f"Character with {cost['remove_counters_from']['count']} {cost['remove_counters_from']['counter']} "
                "Counter(s) on it" if cost.get("remove_counters_from") else
                "active Characters you control of the kind it dulls" if cost.get("dull_characters") else
                "Characters you control of the kind it removes from the game" if cost.get("remove_characters") else
                "Characters you control of the kind it puts into the Break Zone")
        return IllegalCommand("FFTCG 11.6.2", f"its cost needs {needed} {what} (a cost is paid whole)")
    return None


def _check_cost_cards(state: GameState, command: UseAbility, cost: Mapping[str, Any]) -> None:
    """Refuse a use whose `cost_cards` are not N distinct cards the cost may take, apart from the Backups dulled for CP."""
    needed = _cost_cards_needed(cost)
    chosen = list(command.cost_cards)
    if len(chosen) != needed or len(set(chosen)) != len(chosen):
        raise IllegalCommand("FFTCG 11.6.2", f"this ability's cost takes {needed} card(s) besides CP (got {len(chosen)})")
    allowed = set(_cost_card_candidates(state, command.by, command.card, cost)) - set(command.backups)
    for iid in chosen:
        if iid not in allowed:
            raise IllegalCommand("FFTCG 11.6.2", f"{state.definition(iid).name} is not a card this cost takes (nor one "
                                                 "of the Backups dulled for CP)")


def _pay_cost_cards(tx: Transaction, command: UseAbility, cost: Mapping[str, Any]) -> None:
    """Put the cost's Characters into the Break Zone (not a break, FFTCG 15.1.1.3.2), dull them, or remove its Break
    Zone cards."""
    if cost.get("dull_characters"):
        for iid in command.cost_cards:
            tx.set_field(iid, "tapped", True)
            tx.log(f"{command.by} dulled {actions.name_of(tx, iid)} (cost)", "FFTCG 11.6.2")
    if cost.get("put_characters"):
        actions.move_from_field(tx, command.cost_cards, "break", "cost", "FFTCG 11.6.2")
    if cost.get("remove_characters"):
        actions.move_from_field(tx, command.cost_cards, "removed", "cost", "FFTCG 11.6.2")
    if cost.get("remove_self_from_break"):  # the card itself, in the Break Zone its ability is used from
        tx.log(f"{command.by} removed {actions.name_of(tx, command.card)} in their Break Zone from the game (cost)",
               "FFTCG 11.6.2")
        actions.enter_zone(tx, command.card, "removed")
    counters = cost.get("remove_counters_from") or {}
    for iid in command.cost_cards if counters else ():  # FFTCG 4.9: removed as the cost is paid
        name = str(counters["counter"])
        tx.set_counter(iid, name, tx.state.cards[iid].counters.get(name, 0) - int(counters["count"]))
        tx.log(f"{command.by} removed {counters['count']} {name} Counter(s) from {actions.name_of(tx, iid)} (cost)",
               "FFTCG 11.6.2")
    for iid in command.cost_cards if cost.get("remove_break") else ():
        tx.log(f"{command.by} removed {actions.name_of(tx, iid)} in their Break Zone from the game (cost)",
               "FFTCG 11.6.2")
        actions.enter_zone(tx, iid, "removed")


def _cost_cards_choice(state: GameState, command: UseAbility, name: str) -> CardChoice:
    """Offer the cards a use's cost may take instead of the listed ones."""
    cost = state.definition(command.card).effects[command.ability].get("cost") or {}
    needed = len(command.cost_cards)
    what = ("remove from your Break Zone" if cost.get("remove_break") else "dull" if cost.get("dull_characters") else
            "remove counters from" if cost.get("remove_counters_from") else
            "remove from the game" if cost.get("remove_characters") else "put into the Break Zone")
    candidates = tuple(i for i in _cost_card_candidates(state, command.by, command.card, cost) if i not in command.backups)
    return CardChoice("choose other cards for the cost", f"{name}: check the {needed} card(s) its cost will {what}",
                      {"cost_cards": candidates}, count=(needed, needed))


def _may_discard_for_cost(state: GameState, player: str, iid: int, cost: Mapping[str, Any]) -> bool:
    """Tell whether a card of the hand fits a cost's "discard N <cards>" (its `discard_of` filter, if any)."""
    of = cost.get("discard_of")
    return of is None or FILTER.holds(Seen(state, player), iid, of)


def _use_limit(state: GameState, player: str, iid: int, index: int, ability: Mapping[str, Any],
               as_in_main_phase: bool = False) -> IllegalCommand | None:
    """Refuse a use the ability's own text forbids (its `only`: "You can only use this ability during your turn",
    "… during your Main Phase", "… once per turn"; FFTCG 11.6: an action ability is used as its text allows).

    `as_in_main_phase`: the phase is not looked at (see `_ability_refusal`)."""
    only = ability.get("only") or ()
    name = state.definition(iid).name
    if ("your_turn" in only or "main_phase" in only) and state.active != player:
        return IllegalCommand("FFTCG 11.6", f"{name}'s ability can only be used during your turn")
    if "main_phase" in only and not as_in_main_phase and state.phase not in ("main1", "main2"):
        return IllegalCommand("FFTCG 11.6", f"{name}'s ability can only be used during your Main Phase")
    if "while_attacking" in only and not FILTER.holds(Seen(state, player), iid, {"attacking": True}):
        return IllegalCommand("FFTCG 11.6", f"{name}'s ability can only be used while {name} is attacking")
    if "while_blocking" in only and not FILTER.holds(Seen(state, player), iid, {"blocking": True}):
        return IllegalCommand("FFTCG 11.6", f"{name}'s ability can only be used while {name} is blocking")
    if "opponent_turn" in only and state.active == player:
        return IllegalCommand("FFTCG 11.6", f"{name}'s ability can only be used during your opponent's turn")
    if "once_per_turn" in only and state.cards[iid].props.get(f"used:{index}") == [state.turn,
                                                                                  state.cards[iid].props.get("ts")]:
        return IllegalCommand("FFTCG 11.6", f"{name}'s ability can only be used once per turn and was used this turn")
    return None


def _outside_main_phase(state: GameState, plays: Sequence[tuple[int, Command]]) -> list[tuple[int, Command]]:
    """Return the plays less the uses of abilities limited to a Main Phase (FFTCG 11.6: "… during your Main Phase")."""
    return [play for play in plays if type(play[1]) is not UseAbility or "main_phase" not in (
        state.definition(play[1].card).effects[play[1].ability].get("only") or ())]


def _refuse_discarded_cp(state: GameState, card: int, discards: Sequence[int]) -> None:
    """Refuse CP from discarded cards for a card whose text allows only Backups' CP (FFTCG 11.2 narrowed by its text)."""
    if discards and printed_index(state)[state.cards[card].card_id].backup_cp_only:
        raise IllegalCommand("FFTCG 11.2", f"{state.definition(card).name} can only be paid with CP produced by "
                                           "Backups (its text says so)")


def _cast_limit(state: GameState, player: str, ability: Mapping[str, Any], name: str) -> IllegalCommand | None:
    """Refuse a cast the Summon's own text forbids ("You can only cast <self> during your turn": its `only`,
    narrowing FFTCG 12.2's "on either player's turn")."""
    if "your_turn" in (ability.get("only") or ()) and state.active != player:
        return IllegalCommand("FFTCG 12.2", f"{name} can only be cast during your turn (its text says so)")
    return None


def _modes(state: GameState, ability: Mapping[str, Any], player: str) -> list[int | None]:
    """Return the modes a player may choose for an ability now ("choose one of…"), or [None] when it has none."""
    count = mode_count(state, ability, player)
    return list(range(count)) if count else [None]


def _check_mode(state: GameState, ability: Mapping[str, Any], mode: int | None, player: str) -> None:
    for step in [ability, *ability.get("then", [])]:
        if step.get("effect") == "choose_one":
            count = mode_count(state, ability, player)
            if mode is not None and count <= mode < len(step["modes"]):
                raise IllegalCommand("FFTCG 11.3.3", "several actions may be selected only when the text's condition "
                                                     f"holds: choose a mode from 0 to {count - 1}")
            if mode is None or not 0 <= mode < len(step["modes"]):
                raise IllegalCommand("FFTCG 11.3.3", f"choose a mode from 0 to {len(step['modes']) - 1}")
            return


# Target choices listed per play, and Parties per attack, at most: every choice a player may make on any real board,
# bounded all the same (the AI weighs each one; a Party past it is still taken, and the window lets one be picked).
TARGET_CHOICES_LIMIT = 64
PARTIES_LIMIT = 64
SPLITS_LIMIT = 64   # splits of a blocker's damage among a Party listed (all of 8000 among 3 members: 45)


def _choices(state: GameState, ability: Mapping[str, Any] | None, player: str,
             source: int) -> list[tuple[tuple[int, ...], int | None]]:
    """Return every (targets, mode) a player may announce for a play (FFTCG 11.3.3-11.3.4); [] when it cannot be played.

    Targets most first: each group of the ability's count among the cards it may choose ("up to N": every smaller
    group too, down to none); `[((), None)]` for a play that chooses nothing. The window offers exactly these.
    """
    if ability is None:
        return [((), None)]
    modes = _modes(state, ability, player)
    if has_mode_targets(ability):  # each mode chooses its own cards (effects.with_mode)
        return [(group, mode) for mode in modes for group, _ in _choices(state, with_mode(ability, mode), player, source)]
    low, high = target_count(ability)
    if high == 0:
        return [((), mode) for mode in modes]
    several = target_groups.groups_of(ability)
    if several is not None:  # each group's cards among its own candidates, in group order (target_groups.py)
        chosen = target_groups.choices(several, group_candidates(state, ability, player, source))
        return [(group, mode) for group in itertools.islice(chosen, TARGET_CHOICES_LIMIT) for mode in modes]
    candidates = target_candidates(state, ability, player, source)
    if len(candidates) < low:   # FFTCG 11.3.4: a required target that does not exist; "up to" may choose none
        return []
    must = must_choose(state, candidates, player, source)  # FFTCG 11.11.5.1
    groups: Iterator[tuple[int, ...]] = itertools.chain.from_iterable(
        itertools.combinations(candidates, size) for size in range(min(high, len(candidates)), low - 1, -1))
    if must:  # no card must be chosen: every group keeps what it must
        groups = (group for group in groups if is_must_choice_kept(must, group, high))
    return [(group, mode) for group in itertools.islice(groups, TARGET_CHOICES_LIMIT) for mode in modes]


def _zones_fingerprint(state: GameState) -> str:
    """Return a fingerprint of which cards are in which zone (FFTCG 13.3 "the same state")."""
    text = json.dumps(sorted((zid, list(zone.cards)) for zid, zone in state.zones.items()))
    return hashlib.sha256(text.encode()).hexdigest()


def _ban_loop(tx: Transaction, card: int, ability: int, player: str | None, zones: str | None = None) -> None:
    """Forbid starting a loop again: for good (FFTCG 13.2), or for one player while the zones are as they were (13.3)."""
    banned = list(tx.state.data.get("loop_banned") or [])
    banned.append({"card": card, "ts": tx.state.cards[card].props.get("ts"), "ability": ability, "player": player,
                   "zones": zones})
    tx.set_data("loop_banned", banned)


def _loop_ban(state: GameState, player: str, iid: int, ability: int) -> IllegalCommand | None:
    for ban in state.data.get("loop_banned") or []:
        if (ban["card"], ban["ts"], ban["ability"]) != (iid, state.cards[iid].props.get("ts"), ability):
            continue
        if ban["player"] is None:
            return IllegalCommand("FFTCG 13.2", "you stopped this loop and may not start it again")
        if ban["player"] == player and ban["zones"] == _zones_fingerprint(state):
            return IllegalCommand("FFTCG 13.3", "you named the higher number; you may not repeat this loop from "
                                                "the same state")
    return None
