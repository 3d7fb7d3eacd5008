"""Grand Archive effect words (the vocabulary card files use), their targets, and the checks of a card file.

An ability in a card file is `{do: [steps], trigger?: EVENT, cost?: {...}, if?: {...}, optional?: bool,
inherited?: bool, lineage_release?: bool}`: no trigger and no cost is the card's own effect on resolution
(actions, attacks); a `trigger` makes it a triggered ability (GA 10.2); a `cost` an activated ability (GA 10.1).
A step names one word and its parameters; `target` names who it affects (TARGETS).
"""
from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine.cards import CardDefinition

from tabletop.engine import by_hand, procedure
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.vocabulary import Vocabulary
from tabletop.engine.zones import zone_id
from tabletop.games.grand_archive.text_compiler import abilities_of, compile_card_text
from tabletop.games.grand_archive.table import (
    CONDITIONS, champion, condition_holds, field_objects, is_unit, keyword, on_field, words,
)

VOCABULARY = Vocabulary("grand-archive", common={"target": str, "if": dict, "duration": str})
TRIGGERS = frozenset({"on_enter", "on_attack", "on_hit", "on_kill", "on_death", "on_leave", "on_foster",
                      "end_phase_start", "recollection_start"})
ABILITY_KEYS = frozenset({"do", "trigger", "cost", "if", "optional", "inherited", "lineage_release", "name"})
COST_KEYS = frozenset({"rest", "sacrifice", "banish", "reserve", "banish_from_inner_lineage"})
# GA 10.1: who a step affects. A choice is made once per ability, when it goes on the stack (GA 9.5 step 5).
CHOSEN = frozenset({"champion", "unit", "ally", "own_ally", "opponent_unit", "opponent_ally", "object"})
FIXED = frozenset({"self", "own_champion", "opponent_champion", "own_allies", "hit_champion", "linked", "chosen"})
TARGETS = CHOSEN | FIXED


def candidates(state: GameState, spec: str, player: str, source: int | None, spell: bool) -> list[int]:
    """Return the legal targets of a chosen target spec (seed Spellshroud 1: never a Spell's)."""
    foe = state.opponent(player)
    if spec in ("champion", "unit", "object"):
        pool = field_objects(state)
    elif spec in ("opponent_unit", "opponent_ally"):
        pool = field_objects(state, foe)
    else:
        pool = field_objects(state, player) if spec == "own_ally" else field_objects(state)
    found = []
    for iid in pool:
        kind = state.definition(iid).card_type
        if spec == "champion" and kind != "champion":
            continue
        if spec in ("unit", "opponent_unit") and not is_unit(state, iid):
            continue
        if spec in ("ally", "own_ally", "opponent_ally") and kind != "ally":
            continue
        if spell and keyword(state, iid, "spellshroud"):
            continue
        found.append(iid)
    return found


def is_legal_target(state: GameState, iid: int, spell: bool) -> bool:
    """GA 9.8a: a chosen target is still legal: on the field and, for a Spell, without Spellshroud."""
    return iid in state.cards and on_field(state, iid) and not (spell and keyword(state, iid, "spellshroud"))


def first_choice(steps: Sequence[Mapping[str, Any]]) -> str | None:
    """Return the target spec an ability chooses, if any (the first chosen spec among its steps)."""
    for step in steps:
        if step.get("target") in CHOSEN:
            return str(step["target"])
    return None


@functools.lru_cache(maxsize=4096)
def printed_abilities(definition: CardDefinition) -> tuple[tuple[Mapping[str, Any], ...], tuple[str, ...]]:
    """Return a card's abilities the rules carry out or declare, and the lines of its text left to be done by hand.

    Coded `effects` (bundled cards) are all carried out; any other card's text is compiled by
    `text_compiler.compile_card_text`: its triggered and activated abilities are declared even where their effect
    is done by hand, and every line that did not compile is left to the players (GA 10).
    """
    if definition.effects:
        return tuple(definition.effects), ()
    return abilities_of(definition), compile_card_text(definition).by_hand


def resolution_text_by_hand(definition: CardDefinition) -> list[str]:
    """Return the lines of a card's text carried out by hand as it resolves (not its declared abilities')."""
    found, by_hand = printed_abilities(definition)
    declared = {step.get("text") for ability in found for step in ability.get("do", ()) if step["effect"] == "by_hand"}
    return [line for line in by_hand if line not in declared]


def is_fully_enforced(definition: CardDefinition) -> bool:
    """Tell whether the rules carry out every ability of a card (none of its text is left to be done by hand)."""
    return not printed_abilities(definition)[1]


def resolution_steps(state: GameState, card: int) -> list[dict[str, Any]]:
    """Return a card's own effect (abilities with no trigger and no cost), each step carrying its restriction."""
    steps: list[dict[str, Any]] = []
    for ability in printed_abilities(state.definition(card))[0]:
        if ability.get("trigger") or ability.get("cost") or ability.get("inherited"):
            continue
        gate = ability.get("if")
        for step in ability.get("do", ()):
            steps.append({**step, "if": {**gate, **step.get("if", {})}} if gate else dict(step))
    return steps


def affected(state: GameState, fi: int, step: Mapping[str, Any]) -> list[int]:
    """Return the objects a step affects now (a chosen target that became illegal is skipped, GA 9.8a)."""
    ctx = procedure.ctx(state, fi)
    player, source = str(ctx["controller"]), ctx.get("source")
    spec = step.get("target", "self")
    if spec in CHOSEN or spec == "chosen":
        chosen = ctx["vars"].get("target")
        return [chosen] if chosen is not None and is_legal_target(state, chosen, bool(ctx.get("spell"))) else []
    if spec == "self":  # an attack card in the intent affects itself there (GA 10.3)
        return [source] if source is not None and (on_field(state, source) or state.cards[source].zone.endswith(
            ".intent")) else []
    if spec == "own_champion":
        top = champion(state, player)
        return [] if top is None else [top]
    if spec == "opponent_champion":
        top = champion(state, state.opponent(player))
        return [] if top is None else [top]
    if spec == "hit_champion":
        top = champion(state, str(ctx.get("event", {}).get("player", state.opponent(player))))
        return [] if top is None else [top]
    if spec == "own_allies":
        return [i for i in field_objects(state, player) if state.definition(i).card_type == "ally"]
    if spec == "linked":
        linked = state.cards[source].props.get("link") if source is not None else None
        return [linked] if linked is not None and on_field(state, linked) else []
    raise KeyError(f"unknown target {spec!r}")


def _me(state: GameState, fi: int) -> str:
    """Return the controller of a frame's ability."""
    return str(procedure.ctx(state, fi)["controller"])


def draw_cards(tx: Transaction, player: str, count: int, into: str = "hand") -> None:
    """Draw cards into the hand (or memory: "draw a card into your memory"); a player who must draw from an empty
    main deck loses (GA 1.2), checked by the rules."""
    for _ in range(count):
        deck = tx.state.zones[zone_id(player, "deck")].cards
        if not deck:
            tx.set_data("decked", sorted(set(tx.state.data.get("decked") or ()) | {player}))
            return
        tx.move(deck[0], zone_id(player, into), None)


def add_mod(tx: Transaction, iid: int, stat: str, amount: int, until: str | None) -> None:
    """Give an object a power/life modifier (GA 10.4 layer E); `until` "turn" ends at clean-up."""
    mods = list(tx.state.cards[iid].props.get("mods") or ())
    tx.set_prop(iid, "mods", mods + [{"stat": stat, "amount": amount, "until": until}])


def deal_damage(tx: Transaction, iid: int, amount: int) -> int:
    """Deal damage to a unit: counters (GA 7.6), less what a prevention shield stops (GA 10.5); return it dealt."""
    card = tx.state.cards[iid]
    shield = int(card.props.get("shield", 0))
    if shield:
        stopped = min(shield, amount)
        tx.set_prop(iid, "shield", shield - stopped or None)
        amount -= stopped
    if amount <= 0:
        return 0
    tx.set_counter(iid, "damage", card.counters.get("damage", 0) + amount)
    tx.set_prop(iid, "damaged_turn", tx.state.turn)
    return amount


def _on_each(name: str, **params: Any) -> Any:
    """Register a word that does `act(tx, object, step)` to each object the step affects."""
    def register(act: Any) -> Any:
        def handler(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
            for iid in affected(tx.state, fi, step):
                act(tx, iid, step)
            return True
        handler.__doc__ = act.__doc__
        VOCABULARY.add(name, handler, **params)
        return act
    return register


@VOCABULARY.word("draw", count=int, prepared_count=int, into=str)
def _draw(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Draw N cards (into the hand, or `into: memory`); a prepared activation draws `prepared_count` instead
    (seed Prepare 1)."""
    props = procedure.ctx(tx.state, fi).get("props", {})
    count = step.get("prepared_count", step["count"]) if props.get("prepared") else step["count"]
    into = str(step.get("into", "hand"))
    if into not in ("hand", "memory"):
        raise ValueError(f"draw into {into!r}: only hand or memory")
    draw_cards(tx, _me(tx.state, fi), int(count), into)
    return True


@VOCABULARY.word("glimpse", count=int)
def _glimpse(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """GA terms Glimpse N: look at the top N cards; put any of them on the bottom, the rest stay on top.

    seed Starcalling 1–6: a glimpsed card with Starcalling may be activated for its starcalling cost instead;
    then every other glimpsed card goes to the bottom, and it resolves after the current effect has finished.
    """
    state = tx.state
    me = _me(state, fi)
    deck = zone_id(me, "deck")
    seen = state.zones[deck].cards[:step["count"]]
    if not seen:
        return True
    ctx = procedure.ctx(state, fi)
    answer = procedure.take_answer(tx, fi)
    if not ctx.get("starcall_asked"):
        from tabletop.games.grand_archive.costs import can_starcall
        callable_ = [i for i in seen if can_starcall(state, me, i)]
        if callable_ and answer is None:
            for iid in seen:
                tx.reveal(iid, me)
            return procedure.ask(tx, fi, me, "starcalling", "pick", "Starcalling: choose a glimpsed card to activate "
                                 "for its starcalling cost (or none)", callable_, 0, 1, "seed Starcalling 1")
        procedure.set_var(tx, fi, "starcall_asked", True)
        if callable_ and answer is not None and answer["picks"]:
            called = answer["picks"][0]
            for iid in seen:
                if iid != called:
                    tx.move(iid, deck, None)  # seed Starcalling 2: none may stay on top
            from tabletop.games.grand_archive.costs import starcall
            starcall(tx, me, called)
            procedure.set_var(tx, fi, "starcall_asked", None)
            return True
        answer = None
    if answer is None:
        for iid in seen:
            tx.reveal(iid, me)
        return procedure.ask(tx, fi, me, "glimpse", "pick", f"Glimpse {len(seen)}: choose the cards to put on the "
                             "bottom of your deck", seen, 0, len(seen), "GA glimpse")
    procedure.set_var(tx, fi, "starcall_asked", None)
    for iid in answer["picks"]:
        tx.move(iid, deck, None)
    return True


@VOCABULARY.word("banish")
def _banish(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Banish the affected objects (a banished unit does not die, GA 7.6)."""
    from tabletop.games.grand_archive.flow import leave_field
    for iid in affected(tx.state, fi, step):
        leave_field(tx, iid, "banishment")
    return True


@VOCABULARY.word("destroy")
def _destroy(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Destroy the affected objects: to the graveyard (Immortality stops it, seed Immortality 1)."""
    from tabletop.games.grand_archive.flow import leave_field
    for iid in affected(tx.state, fi, step):
        if not keyword(tx.state, iid, "immortality"):
            leave_field(tx, iid, "graveyard", died=True, destroyed=True)
    return True


@VOCABULARY.word("damage", amount=int, imbued_amount=int)
def _damage(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Deal N damage to each affected unit (`imbued_amount` when the activation is imbued, seed Imbue 1)."""
    props = procedure.ctx(tx.state, fi).get("props", {})
    amount = step.get("imbued_amount", step["amount"]) if props.get("imbued") else step["amount"]
    for iid in affected(tx.state, fi, step):
        deal_damage(tx, iid, int(amount))
    return True


@_on_each("buff_counter", count=int)
def _buff(tx: Transaction, iid: int, step: dict[str, Any]) -> None:
    """Put N buff counters on the object (+1 power and +1 life each, GA 3.8)."""
    tx.set_counter(iid, "buff", tx.state.cards[iid].counters.get("buff", 0) + step["count"])


@_on_each("power", amount=int)
def _power(tx: Transaction, iid: int, step: dict[str, Any]) -> None:
    """The object gets +N power (until end of turn with `duration: turn`, GA 10.4 layer E)."""
    add_mod(tx, iid, "power", step["amount"], step.get("duration"))


@_on_each("life", amount=int)
def _life(tx: Transaction, iid: int, step: dict[str, Any]) -> None:
    """The object gets +N life (until end of turn with `duration: turn`, GA 10.4 layer E)."""
    add_mod(tx, iid, "life", step["amount"], step.get("duration"))


@_on_each("level", amount=int)
def _level(tx: Transaction, iid: int, step: dict[str, Any]) -> None:
    """The champion gets +N level (GA 9.7d: LV counts level modifiers; levelling up reads the printed level)."""
    add_mod(tx, iid, "level", step["amount"], step.get("duration"))


@_on_each("wake_up")
def _wake(tx: Transaction, iid: int, step: dict[str, Any]) -> None:
    """Wake the object up (GA 3.7)."""
    tx.set_field(iid, "tapped", False)


@_on_each("rest")
def _rest(tx: Transaction, iid: int, step: dict[str, Any]) -> None:
    """Rest the object (GA 3.7)."""
    tx.set_field(iid, "tapped", True)


@VOCABULARY.word("recover", amount=int)
def _recover(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """GA terms Recover N: remove up to N damage counters from your champion."""
    top = champion(tx.state, _me(tx.state, fi))
    if top is not None:
        tx.set_counter(top, "damage", max(0, tx.state.cards[top].counters.get("damage", 0) - step["amount"]))
    return True


@_on_each("gain_keyword", keyword=str, value=int)
def _gain_keyword(tx: Transaction, iid: int, step: dict[str, Any]) -> None:
    """The affected objects gain a keyword (Stealth, Spellshroud, Taunt, …) until end of turn (GA 10.4 layer D)."""
    gained = dict(tx.state.cards[iid].props.get("keywords") or {})
    gained[step["keyword"]] = step.get("value", True)
    tx.set_prop(iid, "keywords", gained)


@_on_each("prevent_damage", amount=int)
def _prevent(tx: Transaction, iid: int, step: dict[str, Any]) -> None:
    """A prevention shield: the next N damage to the object is prevented this turn (GA 10.5)."""
    tx.set_prop(iid, "shield", int(tx.state.cards[iid].props.get("shield", 0)) + step["amount"])


@_on_each("become_distant")
def _distant(tx: Transaction, iid: int, step: dict[str, Any]) -> None:
    """GA 10.7: the unit becomes distant until the end of its controller's turn (Ranged reads it)."""
    tx.set_prop(iid, "distant", True)


def _player_bonus(tx: Transaction, player: str, name: str, amount: int) -> None:
    """Add to a player's Empower or Agility of this turn."""
    bonuses = dict(tx.state.data.get("player_bonus") or {})
    mine = dict(bonuses.get(player) or {})
    mine[name] = mine.get(name, 0) + amount
    bonuses[player] = mine
    tx.set_data("player_bonus", bonuses)


def player_bonus(state: GameState, player: str, name: str) -> int:
    """Return a player's Empower or Agility total this turn (seed Empower 1, Δ CR Agility)."""
    return int(((state.data.get("player_bonus") or {}).get(player) or {}).get(name, 0))


@VOCABULARY.word("empower", amount=int)
def _empower(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """seed Empower 1: your next Spell this turn acts as if your champion were N levels higher (Δ CR: adds up)."""
    if step["amount"]:
        _player_bonus(tx, _me(tx.state, fi), "empower", step["amount"])
    return True


@VOCABULARY.word("agility", amount=int)
def _agility(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Δ CR Agility N: a player property until clean-up; each end phase returns N memory cards to hand."""
    _player_bonus(tx, _me(tx.state, fi), "agility", step["amount"])
    return True


def _champion_counters(name: str) -> Any:
    """Return the handler of a word that puts N counters of one kind on your champion (GA 3.8)."""
    def put_counters(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
        top = champion(tx.state, _me(tx.state, fi))
        if top is not None:
            tx.set_counter(top, name, tx.state.cards[top].counters.get(name, 0) + step["count"])
        return True
    return put_counters


VOCABULARY.add("preparation_counter", _champion_counters("preparation"), count=int)
VOCABULARY.add("level_counter", _champion_counters("level"), count=int)


@VOCABULARY.word("return_spell")
def _return_spell(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """Return a Spell card of your choice from your graveyard to your hand."""
    me = _me(tx.state, fi)
    spells = [i for i in tx.state.zones[zone_id(me, "graveyard")].cards if "spell" in words(tx.state, i, "subtypes")]
    if not spells:
        return True
    answer = procedure.take_answer(tx, fi)
    if answer is None:
        return procedure.ask(tx, fi, me, "return_spell", "pick", "Choose a Spell card to return to your hand",
                             spells, 1, 1, "GA 10")
    tx.move(answer["picks"][0], zone_id(me, "hand"), None)
    return True


def effect_problems(data: Mapping[str, Any]) -> list[str]:
    """Return one line per problem with a card mapping's abilities (words, parameters, targets, triggers)."""
    card = data.get("id", "?")
    problems: list[str] = []
    from tabletop.games.grand_archive.keywords import KEYWORDS
    for name in (data.get("keywords") or ()):
        key = name if isinstance(name, str) else next(iter(name), "?") if isinstance(name, Mapping) else "?"
        if str(key).lower() not in KEYWORDS:
            problems.append(f"{card}: unknown keyword {key!r}")
    for gate in (data.get("keyword_if") or {}).values():
        problems += [f"{card}: keyword_if: unknown condition {k!r}" for k in gate if k not in CONDITIONS]
    for number, ability in enumerate(data.get("effects") or ()):
        where = f"{card}: effects[{number}]"
        if not isinstance(ability, Mapping):
            problems.append(f"{where}: an ability is a mapping")
            continue
        problems += [f"{where}: unknown field {k!r}" for k in ability if k not in ABILITY_KEYS]
        if ability.get("trigger") is not None and ability["trigger"] not in TRIGGERS:
            problems.append(f"{where}: unknown trigger {ability['trigger']!r}")
        problems += [f"{where}: unknown cost {k!r}" for k in (ability.get("cost") or {}) if k not in COST_KEYS]
        problems += [f"{where}: unknown condition {k!r}" for k in (ability.get("if") or {}) if k not in CONDITIONS]
        for index, step in enumerate(ability.get("do") or ()):
            at = f"{where}.do[{index}]"
            problems += VOCABULARY.check_step(at, step)
            if isinstance(step, Mapping) and step.get("target", "self") not in TARGETS:
                problems.append(f"{at}: unknown target {step['target']!r}")
            if isinstance(step, Mapping):
                problems += [f"{at}: unknown condition {k!r}" for k in (step.get("if") or {}) if k not in CONDITIONS]
    return problems


def step_holds(state: GameState, fi: int, step: Mapping[str, Any]) -> bool:
    """Tell whether a step's `if` condition holds now (restrictions gate their text, GA 10.1)."""
    ctx = procedure.ctx(state, fi)
    return condition_holds(state, step.get("if"), str(ctx["controller"]), ctx.get("source"), ctx.get("props"))


@VOCABULARY.word("by_hand", text=str)
def _by_hand(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """An ability whose text the rules do not read: as it resolves, its controller carries it out with manual moves
    and answers Done (GA 10; engine/by_hand.py)."""
    me, source = _me(tx.state, fi), procedure.ctx(tx.state, fi).get("source")
    name = tx.state.definition(source).name if source in tx.state.cards else "an ability"
    return by_hand.carry_out(tx, fi, me, name, str(step["text"]), f"{me} carried out by hand: {step['text']}",
                             "GA 10 (by hand)")
