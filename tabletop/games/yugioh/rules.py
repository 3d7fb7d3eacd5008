"""Yu-Gi-Oh! (current Master Rule, digest ../shared/rules/yugioh.md) enforced: the turn, 8000 LP and the ways to lose,
Normal/Tribute Summons and Sets, Flip Summons, positions, Synchro/Xyz/Link and Pendulum Summons with the April 2020
zone rule, Spells and Traps on the chain with Spell Speeds, battle and damage calculation.

Priority and the chain live on the engine's stack (engine/stack.py); choices (the hand limit, a replay, an effect
carried out by hand) are decisions of the procedure layer (engine/procedure.py). A player who holds priority with
no activation the rules allow passes at once, except the turn player in an open game state (who moves the game on).
Effects of cards are not coded: an activated card or declared effect becomes a chain link that its controller
carries out by hand (manual moves) when it resolves.
"""
from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

from tabletop.engine import procedure, stack, triggers
from tabletop.engine.commands import Choose, Command, PassPriority
from tabletop.engine.decision import Decision
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.rules import CardValue, GameConfig, GameRules
from tabletop.engine.state import TOKEN, GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.tokens import TokenTrait
from tabletop.engine.turns import Phase, TurnStructure
from tabletop.engine.zones import ZoneSpec
from tabletop.games.yugioh import battle, chain, effects, table
from tabletop.games.yugioh.cards import ATTRIBUTES, FACTS, CardFacts
from tabletop.games.yugioh.commands import (
    COMMANDS, ActivateCard, ActivateEffect, ChangePosition, DeclareAttack, FlipSummon, FusionSummonByHand, NormalSummon,
    PendulumSummon, SetMonster, SetSpellTrap, SpecialSummon,
)

HAND_LIMIT = 6            # YGO 5.6
OPENING_HAND = 5          # YGO 4.3: no mulligan
_XYZ_COUNT = re.compile(r"(\d+)\+? Level (\d+)")
_PHASE_WORDS = {("draw", ""): "Draw Phase", ("standby", ""): "Standby Phase", ("main1", ""): "Main Phase 1",
                ("battle", "start"): "Battle Phase", ("battle", "battle"): "Battle Step", ("battle", "end"): "End Step",
                ("main2", ""): "Main Phase 2", ("end", ""): "End Phase"}
_SUMMONING = "YGO 5.3: you can summon, Set or change positions only in your own Main Phase, in an open game state"


class YugiohRules(GameRules):
    """Yu-Gi-Oh! by the Master Rule: the turn, summons, positions, battle and the chain enforced; uncoded effects
    carried out by hand (the engine's manual moves stay available, as in every game)."""

    id: ClassVar[str] = "yugioh"
    name: ClassVar[str] = "Yu-Gi-Oh!"
    stat_keys: ClassVar[tuple[str, ...]] = ("atk", "def", "level", "rank", "link", "scale")
    commands: ClassVar[tuple[type[Command], ...]] = COMMANDS
    tap_words: ClassVar[tuple[str, ...]] = ("defense",)   # a card turned sideways is in Defense Position (9.4)
    default_totals: ClassVar[Mapping[str, int]] = {"lp": 8000}  # YGO 4.3
    deck_sections: ClassVar[Mapping[str, str | None]] = {"main": "deck", "extra": "extra", "side": None}
    lists_every_play: ClassVar[bool] = True
    # a Token made by hand (an uncoded effect carried out by hand): its printed ATK, DEF, Level, Attribute and Type
    token_traits: ClassVar[tuple[TokenTrait, ...]] = (
        TokenTrait("atk", "ATK", 0, 0, 99_999), TokenTrait("def", "DEF", 0, 0, 99_999),
        TokenTrait("level", "Level", 1, 1, 12),
        TokenTrait("attribute", "Attribute", "dark", choices=tuple(sorted(ATTRIBUTES)), stat=False),
        TokenTrait("race", "Type", "Fiend", stat=False))
    turn: ClassVar[TurnStructure] = TurnStructure([
        Phase("draw"), Phase("standby"), Phase("main1"), Phase("battle", ("start", "battle", "damage", "end")),
        Phase("main2"), Phase("end")])

    @property
    def phases(self) -> tuple[str, ...]:  # type: ignore[override]
        return self.turn.names

    def zone_specs(self, game_format: str) -> Sequence[ZoneSpec]:
        return table.ZONES

    def effect_problems(self, data: Mapping[str, Any]) -> list[str]:
        return effects.effect_problems(data)

    # -- setting up ----------------------------------------------------------------------------
    def setup(self, tx: Transaction, config: GameConfig) -> None:
        """YGO 4.3: shuffled Decks, 8000 LP, 5 cards each (no mulligan); the first player's turn starts."""
        self.place_decks(tx, config)
        effects.draw_cards(tx, list(tx.state.players), OPENING_HAND)
        tx.set_table("turn", 1)
        tx.set_table("active", tx.state.players[0])
        self.turn.enter(tx, *self.turn.first())
        self.on_phase_start(tx)
        stack.give_priority(tx, tx.state.active)
        self._settle(tx)

    def on_phase_start(self, tx: Transaction) -> None:
        """The Draw Phase draws 1, except the first player's first turn (YGO 4.4, 5.1; AS-Y05: an empty Deck loses)."""
        state = tx.state
        if state.phase != "draw":
            return
        if state.turn == 1:
            tx.log(f"{state.active} does not draw on the first turn of the Duel", "YGO 4.4")
            return
        effects.draw_cards(tx, [state.active], 1)

    def check_life(self, tx: Transaction) -> None:
        """End the Duel when a player's LP reach 0: that player loses, both at once a draw (YGO 1.3 a, AS-Y01)."""
        state = tx.state
        if "outcome" in state.data:
            return
        losers = [p for p in state.players if state.total(p, "lp") <= 0]
        if losers:
            winner = None if len(losers) == len(state.players) else state.opponent(losers[0])
            tx.set_data("outcome", {"winner": winner, "reason": f"{' and '.join(losers)} reached 0 LP (YGO 1.3 a)"})
            tx.log(f"{' and '.join(losers)} reached 0 LP", "YGO 1.3 a")

    def after_scenario_setup(self, tx: Transaction, setup: Mapping[str, Any]) -> None:
        if not tx.state.phase:
            self.turn.enter(tx, *self.turn.first())
        for iid in list(tx.state.cards):   # a Token a scenario places is one made during play (YGO 2.4, R9)
            if table.card_facts(tx.state, iid).is_("token"):
                tx.set_prop(iid, TOKEN, True)
                tx.set_data(table.TOKENS_MADE, True)
        if stack.priority_holder(tx.state) is None:
            stack.give_priority(tx, tx.state.active)

    def set_card_fact(self, tx: Transaction, iid: int, key: str, value: Any) -> None:
        """Set a card's state from a scenario entry: besides the common fields, `defense`, `this_turn` (summoned or
        Set this turn), `attacked`, `scale` (placed as a Pendulum Scale), `face_up_extra`, `proper` (properly
        summoned), `emz: left|right`
        (moved to that Extra Monster Zone) and `materials: N` (N filler Xyz materials under it)."""
        card = tx.state.cards[iid]
        if key == "this_turn":
            tx.set_prop(iid, "turn", tx.state.turn if value else None)
        elif key == "attacked":
            tx.set_prop(iid, "attacked", tx.state.turn if value else None)
        elif key in ("scale", "face_up_extra", "proper"):
            tx.set_prop(iid, key, bool(value) or None)
            if key == "face_up_extra" and value:
                tx.reveal(iid, "all")
        elif key == "emz":
            if f"emz.{value}" not in table.EMZ:
                raise KeyError(f"no Extra Monster Zone {value!r} (left or right)")
            tx.move(iid, f"emz.{value}")
        elif key == "materials":
            for _ in range(int(value)):
                material = tx.create_card("filler", card.owner, f"{card.owner}.materials")
                tx.set_prop(material, "under", iid)
        else:
            super().set_card_fact(tx, iid, key, value)

    def card_fact(self, state: GameState, iid: int, key: str) -> Any:
        """Return a card's fact for scenarios: besides the common ones, `position` (attack, defense, set),
        `materials` (how many Xyz materials are under it) and `face_up_extra`."""
        card = state.cards[iid]
        if key == "position":
            return "set" if card.face_down else "defense" if card.tapped else "attack"
        if key == "materials":
            return sum(1 for m in state.zones[f"{card.controller}.materials"].cards
                       if state.cards[m].props.get("under") == iid)
        if key == "face_up_extra":
            return bool(card.props.get("face_up_extra"))
        return super().card_fact(state, iid, key)

    # -- reading the game ----------------------------------------------------------------------
    def pending_decision(self, state: GameState) -> Decision | None:
        # asked many times per step (resolve, the listing, the seat): kept until the state changes
        return state.memo("yugioh.pending", lambda: self._pending(state))

    def _pending(self, state: GameState) -> Decision | None:
        """Return who must decide what now: a stored decision, else the priority holder acts or passes."""
        if self.outcome(state) is not None:
            return None
        stored = procedure.pending(state)
        if stored is not None:
            return stored
        holder = stack.priority_holder(state) or state.active
        links = len(stack.items(state))
        where = f"chain of {links}" if links else f"{state.phase}" + (f" ({state.step})" if state.step else "")
        return Decision(holder, "priority", "act", prompt=f"{holder}: {where} — act or pass", rule="YGO 7.2")

    def advance_label(self, state: GameState, decision: Decision) -> str:
        if decision.name == chain.BY_HAND:
            return "Done: resolve the next link"
        if not stack.is_empty(state) or decision.player != state.active:
            return "Pass"
        if state.phase == "battle" and state.data.get("attack"):
            return "Go on with the attack"
        following = self._following(state)
        if following is None:
            return "End the turn"
        phase, step = following
        if state.phase == "main1" and phase == "end":
            return "Go to the End Phase (no battle on the first turn)"
        return f"Go to the {_PHASE_WORDS[phase, step]}"

    def stack_entries(self, state: GameState) -> list[list[str]]:
        """Return the chain's links, last first: link number, card name and Spell Speed."""
        return [[f"Chain Link {link['number']}", link["name"], f"Spell Speed {link['speed']} · {link['controller']}"]
                for link in chain.links_shown(state)]

    def stack_targets(self, state: GameState) -> list[tuple[int | None, tuple[int, ...]]]:
        return [(link["card"], tuple(t for t in link.get("targets", ()) if table.exists(state, t)))
                for link in chain.links_shown(state)]

    def card_marks(self, state: GameState, iid: int) -> tuple[str, ...]:
        card = state.cards[iid]
        marks = []
        if table.is_monster_zone(card.zone):
            marks.append("DEF" if card.tapped else "ATK")
            under = [m for m in state.zones[f"{card.controller}.materials"].cards
                     if state.cards[m].props.get("under") == iid]
            if under:
                marks.append(f"{len(under)} material" + ("s" if len(under) > 1 else ""))
        if card.props.get("scale"):
            marks.append(f"Scale {table.card_facts(state, iid).scale}")
        return tuple(marks)

    def attached_to(self, state: GameState, iid: int) -> int | None:
        """Return the Xyz Monster an Xyz material is under (YGO 3.1: materials are kept under their monster)."""
        under = state.cards[iid].props.get("under")
        return under if isinstance(under, int) and table.exists(state, under) else None

    # -- the commands a player may give --------------------------------------------------------
    def legal_commands(self, state: GameState, player: str) -> list[Command]:
        # asked several times per decision (the seat, auto-pass, the bots): kept until the state changes
        return list(state.memo(f"yugioh.legal.{player}", lambda: tuple(self._legal(state, player))))

    def iter_legal_commands(self, state: GameState, player: str) -> Iterator[Command]:
        """Yield the legal commands one at a time (the listed ones when already listed): a bot asking whether it has
        a choice stops at the second, before the Special Summons' material combinations are tried."""
        listed = state.memo_values.get(f"yugioh.legal.{player}")
        return iter(listed) if listed is not None else self._legal(state, player)

    def _legal(self, state: GameState, player: str) -> Iterator[Command]:
        """Yield the commands `player` may submit now: the pending decision's answers, or every play."""
        if self.outcome(state) is not None:
            return
        decision = self.pending_decision(state)
        if decision is None or decision.player != player:
            return
        if decision.kind == "act" and decision.name == chain.BY_HAND:
            if chain.fusion_by_hand_refusal(state, player) is None:
                yield FusionSummonByHand(by=player)
            yield PassPriority(by=player)
        elif decision.kind == "pick":
            yield from (Choose(by=player, picks=picks) for size in range(decision.min, decision.max + 1)
                        for picks in itertools.combinations(decision.options, size))
        elif decision.kind == "yesno":
            yield from (Choose(by=player, yes=True), Choose(by=player, yes=False))
        elif decision.kind == "order":
            yield from (Choose(by=player, picks=order) for order in itertools.permutations(decision.options))
        else:
            if player == state.active and chain.is_open(state):
                yield from self._summons(state, player)
                yield from self._attacks(state, player)
            if stack.priority_holder(state) == player and not procedure.is_waiting(state):
                yield from self._activations(state, player)
            yield PassPriority(by=player)

    def has_activation(self, state: GameState, player: str) -> bool:
        """Tell whether the rules allow `player` any activation now, stopping at the first one found (asked at every
        pass of priority: most often the answer is no, or found among the first cards)."""
        if stack.priority_holder(state) != player or procedure.is_waiting(state):
            return False
        return bool(state.memo(f"yugioh.has_activation.{player}",
                               lambda: next(self._activations(state, player), None) is not None))

    def _activations(self, state: GameState, player: str) -> Iterator[Command]:
        """Yield each activation allowed now, checking only the cards that could be activated at a Spell Speed allowed
        now and whose printed kind allows it where they are (the others are refused by speed, kind or the summon window
        alone, YGO 5.7, 7.1, 7.6, 9.1: a pre-filter that keeps the full checks off most cards)."""
        speed_1 = chain.can_act_at_speed_1(state, player)
        lowest = 3 if state.step == "damage" else max(2, chain.top_speed(state))

        def allowed(speed: int) -> bool:
            return speed_1 or speed >= lowest

        hand = state.zones[f"{player}.hand"].cards
        facts = FACTS(state.library)   # card id -> printed facts, read here for every card in play
        reads = chain.QUICK_READS(state.library)   # card id -> what its text says about Quick Effects
        cards = state.cards
        mine = table.spells_traps(state, player)
        off_turn = player != state.active
        # YGO 5.7: while a monster is being summoned, only an effect negating the Summon (a Scale is no effect)
        window = bool(state.data.get("summoning")) and stack.is_empty(state)
        for iid in hand:   # a Trap is Set first; a monster is activated only as a Pendulum Scale; a Quick-Play Spell
            card_id = cards[iid].card_id   # from the hand only in your turn (YGO 7.6, 9.3)
            fact = facts[card_id]
            if fact.is_("trap") or fact.is_monster and not fact.is_("pendulum") or off_turn and fact.is_("quick-play") \
                    or window and not fact.is_monster and not reads[card_id].negates_summons:
                continue
            if allowed(1 if fact.is_monster else fact.spell_speed) and chain.card_refusal(state, player, iid) is None:
                yield ActivateCard(by=player, card=iid)
        for iid in mine:
            card_id = cards[iid].card_id
            if cards[iid].face_down and allowed(facts[card_id].spell_speed) \
                    and not (window and not reads[card_id].negates_summons) \
                    and chain.card_refusal(state, player, iid) is None:
                yield ActivateCard(by=player, card=iid)
        if allowed(2):
            for iid in hand:   # a hand trap's Quick Effect (YGO 7.1)
                card_id = cards[iid].card_id
                if reads[card_id].from_hand and facts[card_id].is_monster \
                        and not (window and not reads[card_id].negates_summons) \
                        and chain.effect_refusal(state, player, iid, True) is None:
                    yield ActivateEffect(by=player, card=iid, quick=True)
        for iid in table.monsters(state, player) + mine:
            card = cards[iid]
            fact = facts[card.card_id]
            if card.face_down or card.props.get("effect_used") == state.turn \
                    or window and not reads[card.card_id].negates_summons:
                continue
            if fact.is_monster and table.is_monster_zone(card.zone):
                if not fact.is_("effect"):
                    continue
                kinds: tuple[bool, ...] = (False, True) if reads[card.card_id].quick else (False,)
            elif fact.kinds & {"continuous", "field"} or fact.is_("pendulum") and card.props.get("scale"):
                kinds = (False,)   # a Spell or Trap's effect has the Spell Speed of its card, never "quick"
            else:
                continue
            for quick in kinds:
                if allowed(chain.effect_speed(fact, quick)) and chain.effect_refusal(state, player, iid, quick) is None:
                    yield ActivateEffect(by=player, card=iid, quick=quick)

    def _summons(self, state: GameState, player: str) -> Iterator[Command]:
        if state.phase not in chain.MAIN_PHASES or stack.priority_holder(state) != player:
            return
        hand = state.zones[f"{player}.hand"].cards
        mine = table.monsters(state, player)
        if state.data.get("normal_summon") != state.turn:
            for iid in hand:
                fact = table.card_facts(state, iid)
                if self._normal_refusal(state, player, iid, ()) == "kind":
                    continue
                for tributes in itertools.combinations(mine, fact.tributes_needed):
                    if not self._normal_refusal(state, player, iid, tributes):
                        yield NormalSummon(by=player, card=iid, tributes=tributes)
                        yield SetMonster(by=player, card=iid, tributes=tributes)
        for iid in mine:
            if not self._flip_refusal(state, player, iid):
                yield FlipSummon(by=player, card=iid)
            if not self._position_refusal(state, player, iid):
                yield ChangePosition(by=player, card=iid)
        for iid in hand:
            if not self._set_refusal(state, player, iid):
                yield SetSpellTrap(by=player, card=iid)
        yield from self._special_summons(state, player)
        yield from self._pendulum_summons(state, player)

    def _special_summons(self, state: GameState, player: str) -> list[Command]:
        found: list[Command] = []
        pool = [i for i in table.monsters(state, player) if not state.cards[i].face_down]
        if not pool:
            return found
        pool_facts = {m: table.card_facts(state, m) for m in pool}
        by_kind: dict[str, list[tuple[int, ...]]] = {}   # copies of a card take the same materials
        for iid in state.zones[f"{player}.extra"].cards:
            card = state.cards[iid]
            if card.props.get("face_up_extra") or not table.card_facts(state, iid).kinds & {"synchro", "xyz", "link"}:
                continue
            if card.card_id not in by_kind:   # the materials' own rule first: most combinations fail it
                fact = table.card_facts(state, iid)
                by_kind[card.card_id] = [m for size in range(1, min(len(pool), 5) + 1)
                                         for m in itertools.combinations(pool, size)
                                         if _material_problem(state, iid, fact, [pool_facts[x] for x in m]) is None
                                         and self._special_refusal(state, player, iid, m) is None]
            found += [SpecialSummon(by=player, card=iid, materials=m) for m in by_kind[card.card_id]]
        return found

    def _pendulum_summons(self, state: GameState, player: str) -> list[Command]:
        if self._scales(state, player) is None or state.data.get("pendulum_summon") == state.turn:
            return []
        eligible = [i for i in self._pendulum_candidates(state, player)
                    if self._pendulum_refusal(state, player, (i,)) is None]
        found: list[Command] = [PendulumSummon(by=player, cards=(i,)) for i in eligible]
        if len(eligible) > 1 and self._pendulum_refusal(state, player, tuple(eligible)) is None:
            found.append(PendulumSummon(by=player, cards=tuple(eligible)))
        return found

    def _attacks(self, state: GameState, player: str) -> list[Command]:
        if (state.phase, state.step) != ("battle", "battle") or state.data.get("attack") \
                or stack.priority_holder(state) != player:
            return []
        foes: list[int | None] = list(table.monsters(state, state.opponent(player))) or [None]
        return [DeclareAttack(by=player, attacker=a, target=t) for a in table.monsters(state, player) for t in foes
                if battle.attack_refusal(state, player, a, t) is None]

    # -- refusals ------------------------------------------------------------------------------
    def _open_main(self, state: GameState, player: str) -> bool:
        return chain.can_act_at_speed_1(state, player)

    def _normal_refusal(self, state: GameState, player: str, iid: int, tributes: Sequence[int]) -> str | None:
        fact = table.card_facts(state, iid)
        if not fact.is_monster or fact.is_extra_deck or fact.kinds & {"ritual", "token"}:
            return "kind"
        if state.cards[iid].zone != f"{player}.hand":
            return "you can Normal Summon or Set only a monster from your hand"
        if len(tributes) != fact.tributes_needed:
            return (f"a Level {fact.level} monster needs {fact.tributes_needed} Tribute"
                    + ("s" if fact.tributes_needed != 1 else ""))
        mine = table.monsters(state, player)
        if len(set(tributes)) != len(tributes) or any(t not in mine for t in tributes):
            return "Tributes must be different monsters you control"
        if not table.free_mmz(state, player, tributes):
            return "you have no free Main Monster Zone (YGO 3.4)"
        return None

    def _flip_refusal(self, state: GameState, player: str, iid: int) -> str | None:
        card = state.cards[iid]
        if iid not in table.monsters(state, player) or not card.face_down:
            return "only your face-down Defense Position monster can be Flip Summoned"
        if card.props.get("turn") == state.turn:
            return "a monster cannot be Flip Summoned the turn it was Set"
        if card.props.get("changed") == state.turn:
            return "a monster's position may change only once per turn"
        return None

    def _position_refusal(self, state: GameState, player: str, iid: int) -> str | None:
        card = state.cards[iid]
        if iid not in table.monsters(state, player) or card.face_down:
            return "only your face-up monster can change its position by hand (a face-down one is Flip Summoned)"
        if table.card_facts(state, iid).is_("link"):
            return "a Link Monster is always in Attack Position"
        if card.props.get("turn") == state.turn:
            return "a monster cannot change its position the turn it was summoned"
        if card.props.get("changed") == state.turn:
            return "a monster's position may change only once per turn"
        if card.props.get("attacked") == state.turn:
            return "a monster that attacked this turn cannot change its position"
        return None

    def _set_refusal(self, state: GameState, player: str, iid: int) -> str | None:
        fact = table.card_facts(state, iid)
        if state.cards[iid].zone != f"{player}.hand" or fact.is_monster:
            return "you can Set only a Spell or Trap from your hand"
        if not fact.is_("field") and not table.free_stz(state, player):
            return "all of your Spell & Trap Zones are occupied (YGO 3.4)"
        return None

    def _special_refusal(self, state: GameState, player: str, iid: int, materials: Sequence[int]) -> str | None:
        card = state.cards[iid]
        fact = table.card_facts(state, iid)
        if card.zone != f"{player}.extra" or card.props.get("face_up_extra") or not fact.kinds & {"synchro", "xyz", "link"}:
            return "a Synchro, Xyz or Link Monster is Special Summoned from your Extra Deck by its procedure"
        mine = table.monsters(state, player)
        if len(set(materials)) != len(materials) or any(m not in mine or state.cards[m].face_down for m in materials):
            return "materials must be different face-up monsters you control"
        problem = _material_problem(state, iid, fact, [table.card_facts(state, m) for m in materials])
        if problem:
            return problem
        if not table.summon_zones(state, player, iid, materials):
            return "no zone it may be placed in: an Extra Monster Zone or, for Link Monsters, a linked zone (YGO 3.6)"
        return None

    def _scales(self, state: GameState, player: str) -> tuple[int, int] | None:
        cards = [state.zones[f"{player}.{z}"].cards for z in table.PENDULUM_ZONES]
        if not all(c and state.cards[c[0]].props.get("scale") for c in cards):
            return None
        low, high = sorted(table.card_facts(state, c[0]).scale for c in cards)
        return low, high

    def _pendulum_candidates(self, state: GameState, player: str) -> list[int]:
        hand = [i for i in state.zones[f"{player}.hand"].cards if table.card_facts(state, i).is_monster]
        return hand + table.face_up_extra(state, player)

    def _pendulum_refusal(self, state: GameState, player: str, cards: Sequence[int]) -> str | None:
        scales = self._scales(state, player)
        if scales is None:
            return "a Pendulum Summon needs a Scale in both of your Pendulum Zones (YGO 5.7)"
        if state.data.get("pendulum_summon") == state.turn:
            return "you can Pendulum Summon only once per turn (YGO 5.7)"
        candidates = self._pendulum_candidates(state, player)
        if not cards or len(set(cards)) != len(cards) or any(c not in candidates for c in cards):
            return "Pendulum Summon monsters from your hand or face-up from your Extra Deck"
        low, high = scales
        for c in cards:
            fact = table.card_facts(state, c)
            if fact.is_extra_deck and not state.cards[c].zone.endswith(".extra") or fact.kinds & {"ritual", "token"} \
                    or not low < fact.level < high:
                return f"only monsters whose Level is between the Scales {low} and {high} can be Pendulum Summoned"
        from_hand = [c for c in cards if state.cards[c].zone.endswith(".hand")]
        from_extra = [c for c in cards if c not in from_hand]
        mmz = table.free_mmz(state, player)
        extra_places = set(table.usable_emz(state, player)[:1]) | (table.linked_zones(state, player) & set(mmz))
        if len(from_hand) + len(from_extra) > len(mmz) + min(1, len(table.usable_emz(state, player))) \
                or len(from_extra) > len(extra_places) or len(from_hand) > len(mmz):
            return "not enough zones: from the hand to Main Monster Zones, from the Extra Deck to an EMZ or a linked zone (YGO 3.6, 3.7)"
        return None

    # -- carrying commands out -----------------------------------------------------------------
    def resolve(self, tx: Transaction, command: Command) -> None:
        state = tx.state
        decision = self.pending_decision(state)
        if decision is None:
            raise IllegalCommand("", "the game is over")
        if decision.player != command.by:
            raise IllegalCommand(decision.rule, f"{decision.player} must decide now")
        if isinstance(command, Choose):
            self._answer(tx, command)
        elif isinstance(command, PassPriority):
            if decision.name == chain.BY_HAND:
                chain.finish_by_hand(tx)
                self._resolve_chain(tx)
            elif decision.kind != "act":
                raise IllegalCommand(decision.rule, f"answer the choice first: {decision.prompt}")
            else:
                self._pass(tx, command.by)
        elif isinstance(command, FusionSummonByHand):
            chain.fusion_summon_by_hand(tx, command.by)
        elif procedure.is_waiting(state):
            raise IllegalCommand(decision.rule, f"answer the choice first: {decision.prompt}")
        else:
            self._act(tx, command)
        self._run(tx)

    def _run(self, tx: Transaction) -> None:
        """Run the frames of effects until a choice is needed, go on resolving the chain, and settle priority."""
        procedure.drive(tx, self._procedures)
        self._rule_processes(tx)
        if tx.state.data.get("resolving") and not procedure.stack(tx.state) and not procedure.is_waiting(tx.state):
            self._resolve_chain(tx)
        self._settle(tx)

    def _act(self, tx: Transaction, command: Command) -> None:
        state = tx.state
        player = command.by
        if isinstance(command, ActivateCard):
            self._card(state, command.card)
            refusal = chain.card_refusal(state, player, command.card)
            if refusal:
                raise IllegalCommand("YGO 7.6", refusal)
            chain.activate_card(tx, player, command.card)
            return
        if isinstance(command, ActivateEffect):
            self._card(state, command.card)
            refusal = chain.effect_refusal(state, player, command.card, command.quick)
            if refusal:
                raise IllegalCommand("YGO 7.1", refusal)
            chain.declare_effect(tx, player, command.card, command.quick)
            return
        if isinstance(command, DeclareAttack):
            self._declare_attack(tx, command)
        elif not self._open_main(state, player):
            raise IllegalCommand("YGO 5.3", _SUMMONING)
        elif isinstance(command, (NormalSummon, SetMonster)):
            self._normal_summon(tx, command)
        elif isinstance(command, FlipSummon):
            self._card(state, command.card)
            refusal = self._flip_refusal(state, player, command.card)
            if refusal:
                raise IllegalCommand("YGO 5.7", refusal)
            tx.set_field(command.card, "face_down", False)
            tx.set_field(command.card, "tapped", False)
            tx.set_prop(command.card, "changed", state.turn)
            tx.log(f"{player} Flip Summons {state.definition(command.card).name}", "YGO 5.7")
            self._summoning(tx, [command.card], ["flip_summoned", "flipped"])
        elif isinstance(command, ChangePosition):
            self._card(state, command.card)
            refusal = self._position_refusal(state, player, command.card)
            if refusal:
                raise IllegalCommand("YGO 5.3", refusal)
            defense = not state.cards[command.card].tapped
            tx.set_field(command.card, "tapped", defense)
            tx.set_prop(command.card, "changed", state.turn)
            tx.log(f"{player} changes {state.definition(command.card).name} to "
                   f"{'Defense' if defense else 'Attack'} Position", "YGO 5.3")
        elif isinstance(command, SetSpellTrap):
            self._set_spell_trap(tx, command)
        elif isinstance(command, SpecialSummon):
            self._special_summon(tx, command)
        elif isinstance(command, PendulumSummon):
            self._pendulum_summon(tx, command)
        else:
            raise IllegalCommand(self.name, f"{command.command_name()} is not a Yu-Gi-Oh! command; move cards by hand")
        stack.give_priority(tx, state.opponent(player))   # YGO 7.2: the opponent may respond to any action

    @property
    def _procedures(self) -> procedure.Procedures:
        """Return what the procedure layer's driver runs: effect steps, each followed by the check for 0 LP."""
        return procedure.Procedures(self._run_step, _nothing, _nothing)

    def _rule_processes(self, tx: Transaction) -> None:
        """Apply what happens by rule, with no chain (digest §8): 0 LP (R1), a Token moved off the field by hand
        ceases to exist (R9), and an Equip Card whose monster left the field or broke its equip restriction goes to
        the GY (R3: not an effect, nothing can negate it)."""
        self.check_life(tx)
        state = tx.state
        for token in table.stray_tokens(state):
            table.vanish(tx, token)
        for player in state.players:
            for card in table.spells_traps(state, player):
                if state.cards[card].props.get("equipped_to") is not None and effects.equip_breaks(state, card):
                    table.leave_field(tx, card, "gy", "YGO R3: the Equip Card is sent to the GY by rule")

    def token_made(self, tx: Transaction, iid: int) -> None:
        """A Token made by hand is Special Summoned face-up to a Main Monster Zone (YGO 5.7 Tokens; 3.7: the Extra
        Monster Zones take only monsters from the Extra Deck); off the field it would cease to exist at once (R9)."""
        card = tx.state.cards[iid]
        if ".mmz." not in card.zone:
            raise IllegalCommand("YGO 5.7", "a Token is made in a Main Monster Zone (off the field it ceases to exist, "
                                            "R9; an Extra Monster Zone takes only monsters from the Extra Deck, 3.7)")
        tx.set_data(table.TOKENS_MADE, True)   # from now on a Token off the field is looked for (R9)
        tx.set_prop(iid, "turn", tx.state.turn)   # summoned this turn: its position cannot change (5.3)

    def after_manual(self, tx: Transaction) -> None:
        self._rule_processes(tx)

    def card_value(self, state: GameState, iid: int, name: str) -> int:
        """Return one current value alone (the bots' evaluation reads ATK at every position it scores): a monster's ATK
        on the field with what changes it (`table.current_atk`), any other value as printed."""
        printed = state.definition(iid).stats[name]
        if name == "atk" and table.is_monster_zone(state.cards[iid].zone):
            return table.current_atk(state, iid)
        return printed

    def card_values(self, state: GameState, iid: int) -> dict[str, CardValue]:
        values = super().card_values(state, iid)
        if "atk" in values and table.is_monster_zone(state.cards[iid].zone):
            current = table.current_atk(state, iid)
            if current != values["atk"].printed:
                values["atk"] = CardValue("atk", values["atk"].printed, current, ("Equip Cards",))
        return values

    def _run_step(self, tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
        tx.set_data("moment", int(tx.state.data.get("moment") or 0) + 1)   # each step is a thing that happened (7.5)
        done = bool(effects.VOCABULARY.handlers[step["effect"]](tx, fi, step))
        self.check_life(tx)   # YGO 1.3 a: a player at 0 LP loses at once, even while paying a cost
        return done

    def _summoning(self, tx: Transaction, cards: list[int], events: list[str]) -> None:
        """Open the window before a summon succeeds, where the opponent may only negate it (digest 5.7 summon timing):
        its "summoned" events happen when it succeeds (`_summon_succeeds`)."""
        tx.set_data("summoning", {"cards": cards, "events": events})

    def _summon_succeeds(self, tx: Transaction) -> None:
        """The summon was not negated: it succeeds, its events happen (triggers wait for the next chain), and the
        opponent may respond to it (YGO 5.7, 7.2)."""
        summoning = tx.state.data["summoning"]
        tx.set_data("summoning", None)
        for iid in summoning["cards"]:
            for kind in summoning["events"]:
                if table.exists(tx.state, iid) and table.is_on_field(tx.state, iid):
                    self._emit(tx, kind, iid)
        stack.give_priority(tx, tx.state.opponent(tx.state.active))

    def _emit(self, tx: Transaction, kind: str, card: int | None, player: str | None = None) -> None:
        """Mark a new moment (digest 7.5) and let the trigger effects the event sets off wait for the next chain."""
        tx.set_data("moment", int(tx.state.data.get("moment") or 0) + 1)
        owner = player or (tx.state.cards[card].controller if card is not None else None)
        effects.emit(tx, triggers.trigger_event(kind, card, owner))

    def _card(self, state: GameState, iid: int) -> None:
        if iid not in state.cards:
            raise IllegalCommand("", f"there is no card #{iid}")

    def _normal_summon(self, tx: Transaction, command: NormalSummon | SetMonster) -> None:
        state, player, iid = tx.state, command.by, command.card
        self._card(state, iid)
        if state.data.get("normal_summon") == state.turn:
            raise IllegalCommand("YGO 5.7", "you may Normal Summon or Set only once per turn")
        refusal = self._normal_refusal(state, player, iid, command.tributes)
        if refusal:
            raise IllegalCommand("YGO 5.7", "that card cannot be Normal Summoned or Set" if refusal == "kind" else refusal)
        for tribute in command.tributes:
            table.leave_field(tx, tribute, "gy", "YGO 5.7: Tributed")
        zone = table.free_mmz(state, player)[0]
        is_set = isinstance(command, SetMonster)
        self._place(tx, iid, zone, face_down=is_set, defense=is_set)
        tx.set_data("normal_summon", state.turn)
        name = "a monster" if is_set else state.definition(iid).name
        how = "Sets" if is_set else ("Tribute Summons" if command.tributes else "Normal Summons")
        tx.log(f"{player} {how} {name}", "YGO 5.7")
        if not is_set:
            self._summoning(tx, [iid], ["normal_summoned"] + (["tribute_summoned"] if command.tributes else []))

    def _place(self, tx: Transaction, iid: int, zone: str, face_down: bool = False, defense: bool = False) -> None:
        """Put a monster in a Monster Zone as a new card this turn."""
        tx.clear_card(iid)
        if tx.state.cards[iid].zone.endswith(".extra"):
            tx.set_prop(iid, "face_up_extra", None)
        tx.move(iid, zone)
        tx.set_field(iid, "controller", tx.state.cards[iid].owner)
        tx.set_field(iid, "face_down", face_down)
        tx.set_field(iid, "tapped", defense)
        tx.set_prop(iid, "turn", tx.state.turn)

    def _set_spell_trap(self, tx: Transaction, command: SetSpellTrap) -> None:
        state, player, iid = tx.state, command.by, command.card
        self._card(state, iid)
        refusal = self._set_refusal(state, player, iid)
        if refusal:
            raise IllegalCommand("YGO 5.3", refusal)
        if table.card_facts(state, iid).is_("field"):
            chain.replace_field_spell(tx, player)
            tx.move(iid, f"{player}.field")
        else:
            tx.move(iid, table.free_stz(state, player)[0])
        tx.set_field(iid, "face_down", True)
        tx.set_prop(iid, "turn", state.turn)
        tx.log(f"{player} Sets a Spell/Trap", "YGO 5.3")

    def _special_summon(self, tx: Transaction, command: SpecialSummon) -> None:
        state, player, iid = tx.state, command.by, command.card
        self._card(state, iid)
        refusal = self._special_refusal(state, player, iid, command.materials)
        if refusal:
            raise IllegalCommand("YGO 5.7", refusal)
        fact = table.card_facts(state, iid)
        zones = table.summon_zones(state, player, iid, command.materials)
        if not fact.is_("link"):   # Fusion/Synchro/Xyz: a Main Monster Zone first, keeping the EMZ for Links
            zones = [z for z in zones if ".mmz." in z] + [z for z in zones if ".mmz." not in z]
        kind = "Synchro" if fact.is_("synchro") else "Xyz" if fact.is_("xyz") else "Link"
        if fact.is_("xyz"):
            for material in command.materials:
                for under in [m for m in state.zones[f"{player}.materials"].cards
                              if state.cards[m].props.get("under") == material]:
                    tx.set_prop(under, "under", None)
                    tx.move(under, f"{state.cards[under].owner}.gy")
                tx.clear_card(material)
                tx.move(material, f"{player}.materials")
                tx.set_prop(material, "under", iid)
        else:
            for material in command.materials:
                table.leave_field(tx, material, "gy", f"YGO 5.7: used as {kind} Material")
        self._place(tx, iid, zones[0])
        tx.set_prop(iid, "proper", True)
        tx.log(f"{player} {kind} Summons {state.definition(iid).name}", "YGO 5.7")
        self._summoning(tx, [iid], ["special_summoned"])

    def _pendulum_summon(self, tx: Transaction, command: PendulumSummon) -> None:
        state, player = tx.state, command.by
        refusal = self._pendulum_refusal(state, player, command.cards)
        if refusal:
            raise IllegalCommand("YGO 5.7", refusal)
        for iid in sorted(command.cards, key=lambda c: state.cards[c].zone.endswith(".hand")):
            zones = table.summon_zones(state, player, iid)
            self._place(tx, iid, zones[0])
            tx.set_prop(iid, "proper", True)
        tx.set_data("pendulum_summon", state.turn)
        tx.log(f"{player} Pendulum Summons " + ", ".join(state.definition(i).name for i in command.cards), "YGO 5.7")
        self._summoning(tx, list(command.cards), ["special_summoned", "pendulum_summoned"])

    def _declare_attack(self, tx: Transaction, command: DeclareAttack) -> None:
        state, player = tx.state, command.by
        if (state.phase, state.step) != ("battle", "battle") or player != state.active or not chain.is_open(state):
            raise IllegalCommand("YGO 6.2", "attacks are declared in your Battle Step, in an open game state")
        if state.data.get("attack"):
            raise IllegalCommand("YGO 6.2", "an attack is already under way")
        self._card(state, command.attacker)
        refusal = battle.attack_refusal(state, player, command.attacker, command.target)
        if refusal:
            raise IllegalCommand("YGO 6.2", refusal)
        tx.set_prop(command.attacker, "attacked", state.turn)
        tx.set_data("attack", {"attacker": command.attacker, "target": command.target,
                               "foes": table.monsters(state, state.opponent(player))})
        target = "directly" if command.target is None else f"{state.definition(command.target).name}" \
            if not state.cards[command.target].face_down else "a face-down monster"
        tx.log(f"{state.definition(command.attacker).name} attacks {target}", "YGO 6.2")
        self._emit(tx, "attack_declared", command.attacker)

    # -- priority, the chain and the turn ------------------------------------------------------
    def _settle(self, tx: Transaction) -> None:  # noqa: C901 - one loop over who acts next
        """Pass for every player who holds priority with nothing the rules let them activate (never the turn
        player in an open game state outside an attack: their pass moves the game on, after moves by hand)."""
        state = tx.state
        for _ in range(64):
            if self.outcome(state) is not None or procedure.is_waiting(state):
                return
            if state.data.get("summoning") and stack.is_empty(state) and not procedure.stack(state):
                # YGO 5.7: the opponent may negate the summon; when they do not, it succeeds
                holder = stack.priority_holder(state)
                if holder == state.opponent(state.active) and self.has_activation(state, holder):
                    return
                self._summon_succeeds(tx)
                continue
            if state.data.get("segoc") is not None:
                self._next_segoc(tx)
                continue
            if (stack.is_empty(state) and triggers.waiting(state) and not procedure.stack(state)
                    and (not state.data.get("attack") or state.step == "battle")):
                self._start_segoc(tx)
                continue
            holder = stack.priority_holder(state)
            if holder is None:
                stack.give_priority(tx, state.active)
                continue
            if holder == state.active and stack.is_empty(state) and not state.data.get("attack"):
                return   # the turn player's open game state (during an attack they may only activate)
            if self.has_activation(state, holder):
                return
            self._pass(tx, holder)
        raise RuntimeError("priority did not settle")

    def _pass(self, tx: Transaction, player: str) -> None:
        if stack.priority_holder(tx.state) != player:
            raise IllegalCommand("YGO 7.2", "you do not hold priority")
        if tx.state.data.get("summoning") and stack.is_empty(tx.state):
            self._summon_succeeds(tx)   # the opponent let the summon happen
            return
        result = stack.pass_priority(tx)
        if result is stack.PassResult.RESOLVE:
            tx.log("both players passed: the chain resolves, last link first", "YGO 7.2")
            self._resolve_chain(tx)
        elif result is stack.PassResult.END:
            self._move_on(tx)

    def _resolve_chain(self, tx: Transaction) -> None:
        state = tx.state
        tx.set_data("resolving", True)
        while not stack.is_empty(state) and not procedure.is_waiting(state) and self.outcome(state) is None:
            chain.resolve_next(tx)
            procedure.drive(tx, self._procedures)
            self._rule_processes(tx)
        if stack.is_empty(state) and not procedure.is_waiting(state) and not procedure.stack(state):
            tx.set_data("resolving", None)
            stack.give_priority(tx, state.active)   # YGO 7.2: a new open game state, the turn player first
            if state.data.get("summoning"):
                self._summon_succeeds(tx)

    def _start_segoc(self, tx: Transaction) -> None:
        """Put the waiting triggers in one chain in SEGOC order (digest 7.4): the turn player's mandatory, the
        opponent's mandatory, the turn player's optional, the opponent's optional, each group in the order its player
        chooses (`_next_segoc`); an optional "when ... you can"
        trigger whose event was not the last thing to happen misses the timing (7.5)."""
        state = tx.state
        last = state.data.get("moment")
        found = [t for p in state.players for t in triggers.take(tx, p)]
        kept = []
        for item in found:
            if item["optional"] and item["timing"] == "when" and item["moment"] != last:
                tx.log(f"{item['name']}: its optional \"when\" effect misses the timing", "YGO 7.5")
            else:
                kept.append(item)
        active = state.active
        rank = {(active, False): 0, (state.opponent(active), False): 1, (active, True): 2,
                (state.opponent(active), True): 3}
        kept = [{**t, "group": rank[t["controller"], t["optional"]]} for t in kept]
        kept.sort(key=lambda t: t["group"])
        tx.set_data("segoc", kept)

    def _next_segoc(self, tx: Transaction) -> None:
        """Activate the next trigger of the SEGOC plan (an optional one after its controller says yes)."""
        state = tx.state
        plan = list(state.data.get("segoc") or ())
        if not plan:
            tx.set_data("segoc", None)
            top = stack.top(state)
            if top is not None:
                stack.give_priority(tx, state.opponent(top["controller"]))
            return
        group = [t for t in plan if t["group"] == plan[0]["group"]]
        if len(group) > 1 and not plan[0].get("ordered"):   # YGO 7.4: the player orders their own group
            procedure.ask(tx, None, group[0]["controller"], "segoc_order", "order",
                          "Put your simultaneous trigger effects in chain order (first: the lowest chain link)",
                          [str(n) for n in range(len(group))], len(group), len(group), rule="YGO 7.4 (SEGOC)",
                          labels=[t["name"] for t in group])
            return
        item = plan.pop(0)
        tx.set_data("segoc", plan)
        if item["optional"] and not item.get("accepted"):
            procedure.ask(tx, None, item["controller"], "optional_trigger", "yesno",
                          f"Activate the effect of {item['name']}?", rule="YGO 7.4", trigger=item)
            return
        self._activate_trigger(tx, item)

    def _activate_trigger(self, tx: Transaction, item: Mapping[str, Any]) -> None:
        state = tx.state
        source = item["source"]
        effect = state.definition(source).effects[item["effect"]]
        refusal = effects.activation_refusal(state, item["controller"], source, effect)
        if refusal:
            tx.log(f"{item['name']}: its trigger effect cannot be activated ({refusal})", "YGO 7.4")
            return
        chain.start_activation(tx, item["controller"], source, "trigger", 1, [(item["effect"], effect)])
        procedure.drive(tx, self._procedures)

    def _following(self, state: GameState) -> tuple[str, str] | None:
        """Return where the turn goes when both players pass in an open game state."""
        if state.phase == "main1":
            # YGO 4.4: no Battle Phase on the first player's first turn (and so no Main Phase 2, 5.5)
            return ("battle", "start") if state.turn > 1 else ("end", "")
        if state.phase == "battle":
            return {"start": ("battle", "battle"), "battle": ("battle", "end"), "damage": ("battle", "battle"),
                    "end": ("main2", "")}[state.step]
        return self.turn.following(state.phase, state.step)

    def _move_on(self, tx: Transaction) -> None:
        """Both players passed in an open game state: go on with the attack, or to the next step or turn."""
        state = tx.state
        attack = state.data.get("attack")
        if state.phase == "battle" and attack:
            if state.step == "damage":
                self._damage_calculation(tx, attack)
            else:
                self._to_damage_step(tx, attack)
            stack.give_priority(tx, state.active)
            return
        if state.phase == "end":
            self._end_turn(tx)
            return
        following = self._following(state)
        assert following is not None
        self.turn.enter(tx, *following)
        stack.give_priority(tx, state.active)

    def _end_turn(self, tx: Transaction) -> None:
        state = tx.state
        effects.return_control(tx)   # "until the End Phase" ends (YGO 3.7, AS-Y14)
        hand = state.zones[f"{state.active}.hand"].cards
        if len(hand) > HAND_LIMIT:   # YGO 5.6: discard down to 6, one card at a time
            procedure.ask(tx, None, state.active, "hand_limit", "pick",
                          f"Discard down to {HAND_LIMIT} cards ({len(hand) - HAND_LIMIT} more)", list(hand), 1, 1,
                          rule="YGO 5.6")
            return
        tx.set_data("attack", None)
        self.turn.start_turn(tx, state.opponent(state.active))
        self.on_phase_start(tx)
        stack.give_priority(tx, state.active)

    def _answer(self, tx: Transaction, command: Choose) -> None:
        routed = procedure.answer(tx, command, default_rule="YGO")
        if routed is None:
            return
        raw, answer = routed
        state = tx.state
        if raw["name"] == "segoc_order":
            plan = list(state.data["segoc"])
            size = len(raw["options"])
            group = [{**plan[int(p)], "ordered": True} for p in answer.picks]
            tx.set_data("segoc", group + plan[size:])
            tx.log("trigger effects go on the chain in this order: " + ", ".join(t["name"] for t in group),
                   "YGO 7.4 (SEGOC)")
            return
        if raw["name"] == "optional_trigger":
            if answer.yes:
                self._activate_trigger(tx, raw["trigger"])
            return
        if raw["name"] == "hand_limit":
            card = answer.picks[0]
            table.leave_field(tx, card, "gy", "YGO 5.6: discarded for the hand limit")
            self._end_turn(tx)
        elif raw["name"] == "replay":
            attack = dict(state.data["attack"])
            pick = answer.picks[0]
            if pick == "cancel":
                tx.set_data("attack", None)
                tx.log("the attack is cancelled (it still counts as declared)", "YGO 6.2 replay")
                stack.give_priority(tx, state.active)
                return
            target = None if pick == "direct" else int(pick)
            attack.update(target=target, foes=table.monsters(state, state.opponent(state.active)))
            tx.set_data("attack", attack)
            tx.log("the attack target is chosen again (not a new declaration)", "YGO 6.2 replay")
            self._to_damage_step(tx, attack)
            stack.give_priority(tx, state.active)

    def _to_damage_step(self, tx: Transaction, attack: Mapping[str, Any]) -> None:
        """Check for a replay, then enter the Damage Step, flipping a face-down target face-up (YGO 6.3)."""
        state = tx.state
        player = state.active
        attacker = attack["attacker"]
        if attacker not in table.monsters(state, player) or state.cards[attacker].face_down \
                or state.cards[attacker].tapped:
            tx.set_data("attack", None)
            tx.log("the attacker can no longer attack: the attack ends", "YGO 6.2")
            return
        foes = table.monsters(state, state.opponent(player))
        if list(attack["foes"]) != foes:   # YGO 6.2 replay: the opponent's monsters changed
            options: list[Any] = [f for f in foes] or ["direct"]
            labels = [state.definition(f).name if not state.cards[f].face_down else "a face-down monster"
                      for f in foes] or ["Attack directly"]
            procedure.ask(tx, None, player, "replay", "pick",
                          "Replay: your opponent's monsters changed; choose a new target or cancel the attack",
                          options + ["cancel"], 1, 1, rule="YGO 6.2 replay", labels=labels + ["Cancel the attack"])
            return
        self.turn.enter(tx, "battle", "damage")
        target = attack["target"]
        if target is not None and state.cards[target].face_down:
            tx.set_field(target, "face_down", False)
            tx.log(f"the attack target is flipped face-up: {state.definition(target).name}", "YGO 6.3")
            self._emit(tx, "flipped", target)   # its FLIP effect waits until after damage calculation

    def _damage_calculation(self, tx: Transaction, attack: Mapping[str, Any]) -> None:
        state = tx.state
        attacker, target = attack["attacker"], attack["target"]
        player = state.active
        still = attacker in table.monsters(state, player) and (
            target is None or target in table.monsters(state, state.opponent(player)))
        if still:
            result = battle.calculate(state, attacker, target)
            for who, amount in result.damage.items():
                effects.lose_lp(tx, who, amount)
                tx.log(f"{who} takes {amount} battle damage", "YGO 6.4")
                self._emit(tx, "damage_taken", None, who)
            for dead in result.destroyed:
                owner = state.cards[dead].owner
                table.leave_field(tx, dead, "gy", "YGO 6.3: destroyed by battle")
                self._emit(tx, "destroyed_by_battle", dead, owner)
                self._emit(tx, "destroyed", dead, owner)
        tx.set_data("attack", None)
        self.turn.enter(tx, "battle", "battle")
        self.check_life(tx)


def _nothing(tx: Transaction) -> bool:
    return False


def _material_problem(state: GameState, iid: int, fact: CardFacts, facts: Sequence[CardFacts]) -> str | None:
    """Return why monsters of these facts cannot be the materials of this Synchro, Xyz or Link Monster (YGO 5.7)."""
    if fact.is_("synchro"):
        tuners = [f for f in facts if f.is_("tuner")]
        if len(tuners) != 1 or len(facts) < 2:
            return "a Synchro Summon needs 1 Tuner and 1 or more non-Tuner monsters (YGO 5.7)"
        if sum(f.level for f in facts) != fact.level:
            return f"the materials' Levels must total exactly {fact.level} (YGO 5.7)"
    elif fact.is_("xyz"):
        count = _xyz_count(state.definition(iid).text)
        if len(facts) != count or any(f.level != fact.rank or f.is_("token") or f.rank or f.link for f in facts):
            return f"an Xyz Summon needs {count} monsters whose Level is {fact.rank} (YGO 5.7)"
    elif fact.link not in _link_totals(facts) or len(facts) < (2 if fact.link > 1 else 1):
        return (f"a Link Summon needs monsters adding up to Link Rating {fact.link} "
                "(a Link Monster counts as 1 or as its rating, YGO 5.7)")
    return None


@functools.lru_cache(maxsize=1024)
def _xyz_count(text: str) -> int:
    """Read how many materials an Xyz Monster's material line asks for ("2 Level 4 monsters"); 2 when unsaid."""
    found = _XYZ_COUNT.search(text)
    return int(found.group(1)) if found else 2


def _link_totals(facts: Sequence[Any]) -> set[int]:
    """Return every total the materials can make, each Link Monster counting as 1 or as its rating (YGO 5.7)."""
    totals = {0}
    for fact in facts:
        options = {1, fact.link} if fact.is_("link") else {1}
        totals = {t + o for t in totals for o in options}
    return totals
