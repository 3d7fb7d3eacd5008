"""Resolving abilities and Summons: choosing targets and doing the effects of the vocabulary.

A stack entry is a JSON mapping: kind (summon, auto, action, special, delayed, ex_burst), source
card and its `ts`, controller, card_id and ability index (or `inline` ability), targets as
[card, ts] pairs, mode (for choose_one), name.
"""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine import by_hand, procedure
from tabletop.engine.stack import STACK
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.zones import Visibility
from tabletop.games.fftcg import actions, target_groups
from tabletop.engine.card_filter import Predicate, Seen
from tabletop.games.fftcg.continuous import (
    FILTER, characteristics, condition_holds, field_cards, is_current, matches, number_of, pinned,
)
from tabletop.games.fftcg.cp import X_LIMIT, ability_cost, every_payment, find_payment
from tabletop.games.fftcg.effects import RESOLVING_CONDITIONS, effect_steps, is_mapping, with_mode, with_paid_x
from tabletop.games.fftcg.printed import printed, printed_index
from tabletop.games.fftcg.words import Doing, acting_players, do_effect, just_removed, step_was_done


def printed_ability(state: GameState, entry: Mapping[str, Any]) -> Mapping[str, Any]:
    """Return the ability mapping of a stack entry as its card prints it (before a mode is chosen)."""
    if "inline" in entry:
        return entry["inline"]
    return state.library[entry["card_id"]].effects[entry["ability"]]


def ability_of(state: GameState, entry: Mapping[str, Any]) -> Mapping[str, Any]:
    """Return the ability mapping a stack entry resolves, as played with its chosen mode (effects.with_mode)."""
    return with_mode(printed_ability(state, entry), entry.get("mode"))


def target_candidates(state: GameState, ability: Mapping[str, Any], controller: str, source: int) -> list[int]:
    """Return every card the ability's `target` filter may choose now (never the source itself); for several groups
    (target_groups.py), every card one of them may choose."""
    groups = target_groups.groups_of(ability)
    if groups is not None:
        return list(dict.fromkeys(iid for found in group_candidates(state, ability, controller, source)
                                  for iid in found))
    spec = ability.get("target")
    return _candidates(state, spec, controller, source) if is_mapping(spec) else []


def group_candidates(state: GameState, ability: Mapping[str, Any], controller: str, source: int) -> list[list[int]]:
    """Return, for each target group of the ability, the cards it may choose now."""
    return [_candidates(state, spec, controller, source) for spec in target_groups.groups_of(ability) or ()]


def _candidates(state: GameState, spec: Mapping[str, Any], controller: str, source: int) -> list[int]:
    """Return the cards a target filter may choose now (a new list), found once per state version (GameState.memo):
    the listing of plays, the check of the play taken and its resolution often ask the same of one state."""
    key = ("fftcg.candidates", id(spec), controller, source)
    known = state.memo_values.get(key)
    # the memo holds `spec` itself: while it does, no other filter has its id
    if known is not None and known[0] is spec:
        return list(known[1])
    found = _find_candidates(state, spec, controller, source)
    state.memo_values[key] = (spec, tuple(found))
    return found


def _find_candidates(state: GameState, spec: Mapping[str, Any], controller: str, source: int) -> list[int]:
    zone = spec.get("zone", "field")
    chars = characteristics(state) if zone == "field" else None
    chooser = "summons" if source in state.cards and state.definition(source).card_type == "summon" else "abilities"
    found = []
    cards = state.cards
    seen = Seen(state, controller, source, chars)  # `matches`, inlined: one Seen for every card looked at
    whose = spec.get("controller")
    # "you" or "opponent": FILTER's controller test made by looking only at that player's cards — on the field those
    # they control (field_cards, in field order), elsewhere those in their own zone
    holder = (controller if whose == "you" else state.opponent(controller)) if whose in _ONE_SIDE else None
    tests = _filter_tests(state, spec, chars, controller, holder is not None)
    # the stack is shared; a card in a player's zone is in its owner's zone (what `matches` requires) when its owner
    # is the zone's
    if zone == STACK:
        places: list[tuple[str | None, Sequence[int]]] = [(None, state.zones[STACK].cards)]
    elif holder is None:
        places = [(player, state.zones[f"{player}.{zone}"].cards) for player in state.players]
    elif zone == "field":
        places = [(None, field_cards(state, holder))]
    else:
        places = [(holder, state.zones[f"{holder}.{zone}"].cards)]
    for owner, there in places:
        for iid in there:
            if iid == source or (owner is not None and cards[iid].owner != owner):
                continue
            for test, value in tests:
                if not test(seen, iid, value):
                    break
            else:
                # FFTCG 11.11.5.1: "cannot be chosen" by this kind of play (most cards have no such refusal: the
                # method asked only of a card that has one)
                current = chars[iid] if chars is not None else None
                if current is not None and current.unchoosable and not current.can_be_chosen_by(chooser, controller):
                    continue
                found.append(iid)
    must = [iid for iid in found if chars[iid].must_be_chosen and chars[iid].must_be_chosen_by(chooser, controller)
            ] if chars is not None else []
    # FFTCG 11.11.5.1: "must choose <self> if possible": a choice of N cards is among them while there are N of them
    return must if must and len(must) >= int(spec.get("count", 1)) else found


_ONE_SIDE = ("you", "opponent")  # the values of a filter's `controller` naming one player's cards


def _filter_tests(state: GameState, spec: Mapping[str, Any], chars: Mapping[int, Any] | None,
                  controller: str, by_place: bool = False) -> list[tuple[Predicate, Any]]:
    """Return the tests of a target filter that FILTER.holds makes, each passing a card exactly when FILTER's own
    does (each only reads): without those of the keys saying where or how many (they pass every card), nor the
    `controller` test when the caller looks only at that player's cards (`by_place`), else `controller` first (cheap,
    it leaves out half the field), and `type` answered from the printed types once per card id of the library (see
    _type_test)."""
    keys = FILTER.keys
    passes_all, by_controller, by_type = keys["zone"], keys["controller"], keys["type"]
    tests = [(_type_test(state, chars, controller, value) if keys[key] is by_type else keys[key], value)
             for key, value in spec.items() if keys[key] is not passes_all]
    if by_place:
        return [test for test in tests if test[0] is not by_controller]
    tests.sort(key=lambda test: test[0] is not by_controller)
    return tests


def _type_test(state: GameState, chars: Mapping[int, Any] | None, controller: str, wanted: Any) -> Predicate:
    """Return FILTER's `type` test of the value `wanted` for the cards of `chars` (Characteristics; None: off the
    field): a card passes by its printed types (asked of FILTER once per card id and value in the library,
    PrintedIndex.printed_type_passes) or, failing them, by the current types an effect gave it (read only when it has
    some)."""
    type_test, cards = FILTER.keys["type"], state.cards
    known = printed_index(state).printed_type_passes
    key = wanted if isinstance(wanted, str) else tuple(wanted)
    by_card = known.get(key)
    if by_card is None:
        by_card = known[key] = {}
    printed_only = Seen(state, controller)  # no current characteristics: the test reads the printed types alone

    def passes(seen: Seen, iid: int, value: Any) -> bool:
        card_id = cards[iid].card_id
        printed = by_card.get(card_id)
        if printed is None:
            printed = by_card[card_id] = type_test(printed_only, iid, wanted)
        if printed:
            return True
        current = chars.get(iid) if chars is not None else None
        return current is not None and bool(current.types) and type_test(seen, iid, wanted)
    return passes


def must_choose(state: GameState, candidates: Sequence[int], controller: str, source: int) -> set[int]:
    """Return the cards among `candidates` that a play of `source` by `controller` must choose if it can ("Summons and
    abilities of your opponent must choose <self> if possible", FFTCG 11.11.5.1)."""
    chars = characteristics(state)
    chooser = "summons" if source in state.cards and state.definition(source).card_type == "summon" else "abilities"
    return {iid for iid in candidates if iid in chars and chars[iid].must_be_chosen_by(chooser, controller)}


def is_must_choice_kept(must: set[int], targets: Sequence[int], high: int) -> bool:
    """Tell whether chosen targets hold as many of the cards that must be chosen as they can (see must_choose)."""
    return len(must & set(targets)) >= min(high, len(must))


def target_count(ability: Mapping[str, Any]) -> tuple[int, int]:
    """Return the (min, max) number of targets an ability chooses (all its groups together)."""
    groups = target_groups.groups_of(ability)
    if groups is not None:
        counted = [target_groups.bounds(spec) for spec in groups]
        return sum(low for low, _ in counted), sum(high for _, high in counted)
    spec = ability.get("target")
    if not is_mapping(spec):
        return 0, 0
    count = int(spec.get("count", 1))
    return (0 if spec.get("up_to") else count), count


def check_targets(state: GameState, ability: Mapping[str, Any], controller: str, source: int,
                  targets: Sequence[int]) -> tuple[list[int], list[int] | None]:
    """Refuse targets that the ability cannot choose (FFTCG 11.3.4 / 11.6.6); return them in group order with each
    group's size (None: the ability chooses one group)."""
    low, high = target_count(ability)
    if high == 0:
        if targets:
            raise IllegalCommand("FFTCG 11.3.4", "this card chooses no targets")
        return [], None
    if len(set(targets)) != len(targets):
        raise IllegalCommand("FFTCG 11.3.4", "the same card cannot be chosen twice")
    if not low <= len(targets) <= high:
        wanted = f"up to {high}" if low == 0 else str(high)
        raise IllegalCommand("FFTCG 11.3.4", f"choose {wanted} target(s); a play without its required targets "
                                             f"is not possible (got {len(targets)})")
    if source in targets:
        raise IllegalCommand("FFTCG 11.3.4", "a card or ability cannot choose itself")
    groups = target_groups.groups_of(ability)
    if groups is not None:
        legal_in = [set(found) for found in group_candidates(state, ability, controller, source)]
        placed = target_groups.assign(groups, targets, lambda group, iid: iid in legal_in[group])
        if placed is None:
            raise IllegalCommand("FFTCG 11.3.4", "each chosen card must be one its part of the text may choose ("
                                                 + "; ".join(_group_words(spec) for spec in groups) + ")")
        return placed
    legal = set(target_candidates(state, ability, controller, source))
    must = must_choose(state, sorted(legal), controller, source)
    if not is_must_choice_kept(must, targets, high) or (must and not legal.issuperset(targets)):
        names = ", ".join(sorted(state.definition(iid).name for iid in must))
        raise IllegalCommand("FFTCG 11.11.5.1", f"this must choose {names} if possible")
    for iid in targets:
        if iid not in legal:
            raise IllegalCommand("FFTCG 11.3.4", f"{state.definition(iid).name} is not a card this can choose")
    return list(targets), None


def _group_words(spec: Mapping[str, Any]) -> str:
    """Say a target group in a player's words: how many of which type."""
    low, high = target_groups.bounds(spec)
    kinds = spec.get("type", "card")
    kind = " or ".join(kinds) if isinstance(kinds, list) else str(kinds)
    whose = {"you": " you control", "opponent": " opponent controls"}.get(str(spec.get("controller")), "")
    return f"{'up to ' if low != high else ''}{high} {kind}{whose}"


def still_legal(state: GameState, entry: Mapping[str, Any], ability: Mapping[str, Any]) -> list[int]:
    """Return the chosen targets still legal now (same object, still matching its group's filter; FFTCG 11.11.2)."""
    return [iid for group in legal_groups(state, entry, ability) for iid in group]


def legal_groups(state: GameState, entry: Mapping[str, Any], ability: Mapping[str, Any]) -> list[list[int]]:
    """Return the chosen targets still legal now, one list per target group (one list for an ability of one)."""
    groups = target_groups.groups_of(ability)
    chosen = entry.get("targets", [])
    if groups is None:
        specs: list[Any] = [ability.get("target")]
        parts = [chosen]
    else:
        specs = groups
        parts = target_groups.split(chosen, entry.get("target_groups") or [len(chosen)])
    chars = characteristics(state)
    return [[iid for iid, ts in part if is_current(state, iid, ts) and (
        not is_mapping(spec) or matches(state, iid, spec, entry["controller"], entry.get("source"), chars))]
        for spec, part in zip(specs, parts)]


def mode_count(state: GameState, ability: Mapping[str, Any], controller: str) -> int:
    """Return how many of its modes an ability's player may choose from now (0: it has none): all of them, or — "If
    <condition>, select up to 2 of the 3 following actions instead" — the sets of several actions (from `more_from`)
    only while `more_if` holds as the modes are chosen (FFTCG 11.3.3)."""
    for step in [ability, *ability.get("then", [])]:
        if step.get("effect") == "choose_one":
            if "more_if" in step and not condition_holds(state, step["more_if"], controller):
                return int(step["more_from"])
            return len(step["modes"])
    return 0


def source_object(state: GameState, entry: Mapping[str, Any]) -> int | None:
    """Return the entry's source card while it is still the object that used or triggered the ability, in a public
    zone; None once it changed zones since (a new object) or sits in a hidden zone (FFTCG 7.4, 11.8.16.1–2)."""
    source = entry.get("source")
    if source is None or not is_current(state, source, entry.get("ts")):
        return None
    return source if state.zones[state.cards[source].zone].spec.visibility == Visibility.PUBLIC else None


def _affected_cards(state: GameState, entry: Mapping[str, Any], ability: Mapping[str, Any]) -> list[int]:
    spec = ability.get("target")
    if spec == "self":
        source = source_object(state, entry)
        return [source] if source is not None else []
    if spec == "event":  # the card the event happened to, while the same object on the field (FFTCG 7.4) — or, for
        # "is put from the field into the Break Zone", in the Break Zone (the object the event made there)
        card = entry.get("event_card")
        where = (".field", ".break") if ability.get("trigger") == "put_into_break_zone" else (".field",)
        return [card] if card is not None and is_current(state, card, entry.get("event_ts")) and state.cards[
            card].zone.endswith(where) else []
    if spec == "kept":  # a delayed ability's card: the object an effect made it, still that object (words._add_delayed)
        card, ts = entry.get("kept") or (None, None)
        return [card] if card is not None and is_current(state, card, ts) else []
    if is_mapping(spec) or isinstance(spec, list):
        return still_legal(state, entry, ability)
    every = ability.get("all")
    return _every(state, entry, every) if is_mapping(every) else []


def _every(state: GameState, entry: Mapping[str, Any], every: Mapping[str, Any]) -> list[int]:
    """Return every card passing an `all` filter now (not chosen)."""
    chars = characteristics(state)
    zone = every.get("zone", "field")
    return [iid for p in state.players for iid in state.zones[f"{p}.{zone}"].cards
            if matches(state, iid, every, entry["controller"], entry.get("source"), chars)]


# A stack entry resolves as a frame of the procedure layer: `_begin` (its conditions, "you may", the chosen
# targets still legal, FFTCG 11.11.2–3), the ability's effects one step each in text order (FFTCG 11.11.5), then
# `_finish` (flow.py: where the resolved card goes, who gets priority). Its context holds the entry, whether it
# came from the stack, the affected cards as [card, ts] and the players' answers.
BEGIN, FINISH = "_begin", "_finish"


def begin_resolution(tx: Transaction, entry: Mapping[str, Any], from_stack: bool) -> None:
    """Start resolving a stack entry (or an EX Burst); the procedure layer carries it on."""
    # the entry (a stack item, a queued trigger or one built fresh) is never mutated: shared, not copied
    procedure.push(tx, [{"effect": BEGIN}, {"effect": FINISH}],
                   {"entry": dict(entry), "from_stack": from_stack, "answers": {}}, copy=False)


def begin_step(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Check the entry can still resolve and put its effects in the frame (skipped: it does nothing)."""
    state = tx.state
    context = procedure.ctx(state, fi)
    entry = context["entry"]
    ability = ability_of(state, entry)
    controller = entry["controller"]
    if entry["kind"] in ("auto", "delayed") and not condition_holds(
            state, ability.get("condition"), controller, ability.get("damage"), entry.get("source")):
        tx.log(f"{entry['name']}: its condition no longer holds; it does nothing", "FFTCG 11.11.3")
        return True
    if ability.get("optional"):
        answered = context["answers"].get("optional")
        if answered is None:
            return procedure.ask(tx, fi, controller, "optional", "yesno", f"{entry['name']}: do it?",
                                 rule="FFTCG 11.8.14", key="optional")
        if not answered["yes"]:
            tx.log(f"{entry['name']}: {controller} chose not to", "FFTCG 11.8.14")
            return True
    target = ability.get("target")
    chosen_any = (is_mapping(target) or isinstance(target, list)) and entry.get("targets")
    cards = _affected_cards(state, entry, ability)
    if chosen_any and not cards:
        tx.log(f"{entry['name']}: every chosen target is gone or illegal; it does nothing", "FFTCG 11.11.2")
        return True
    procedure.set_var(tx, fi, "cards", pinned(state, cards), copy=False)  # fresh pairs: nothing to copy
    if target_groups.groups_of(ability) is not None:  # "the former", "the latter": each group's cards still legal
        procedure.set_var(tx, fi, "groups", [pinned(state, group) for group in legal_groups(state, entry, ability)],
                          copy=False)
    procedure.insert_steps(tx, fi, _expand(ability, entry.get("mode")))
    return True


def effect_step(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Do one effect of the entry (asking first what it needs); after damage that revealed EX Bursts, the
    frame waits for them before its next effect (FFTCG 6.5.2.1, 11.10.2)."""
    state = tx.state
    context = procedure.ctx(state, fi)
    if context.get("ex_wait"):
        procedure.set_var(tx, fi, "ex_wait", None)
        context = procedure.ctx(state, fi)
    at = str(procedure.stack(state)[fi]["pc"])
    entry = context["entry"]
    step = with_paid_x(step, int(entry.get("x") or 0))
    if step.get("on") == "self":  # done to the ability's own card, not the chosen ones (effects.py `then`)
        itself = source_object(state, entry)
        cards = [itself] if itself is not None else []
    else:
        cards = [iid for iid, ts in context["cards"] if is_current(state, iid, ts)]
    groups = tuple([iid for iid, ts in group if is_current(state, iid, ts)] for group in context.get("groups") or ())
    if "group" in step:  # done only to one target group's cards (target_groups.py)
        cards = list(groups[int(step["group"])]) if int(step["group"]) < len(groups) else []
    every = step.get("all")  # a later effect, or an action of several selected, done to every such card
    if is_mapping(every):
        cards = _every(state, entry, every)
        if step.get("besides_chosen"):  # "all the other Forwards …": not the chosen or selected ones
            chosen = {iid for iid, _ in context["cards"]}
            cards = [iid for iid in cards if iid not in chosen]
    if not _step_condition_met(tx, fi, step) or (step.get("if_picked") and not context["cards"]):  # none selected
        return True
    if _ask(tx, fi, at, step, cards):
        return False
    if (step["effect"] == "pay" and step["cost"].get("x") and _last_payment_made(procedure.ctx(state, fi)["answers"])
            or step["effect"] == "select_number"):  # the X paid, the number selected: what its later steps read
        chosen = procedure.ctx(state, fi)["answers"][f"{at}:x" if step["effect"] == "pay" else at]["picks"][0]
        procedure.set_var(tx, fi, "entry", {**entry, "x": int(chosen)})  # FFTCG 4.5
        entry = procedure.ctx(state, fi)["entry"]
    if step.get("cost_as_x"):  # "of the same cost as the discarded card": that card's cost, read as X
        discarded = procedure.ctx(state, fi)["answers"].get(f"{at}:{entry['controller']}", {}).get("picks", ())
        if discarded:
            procedure.set_var(tx, fi, "entry", {**entry, "x": int(state.definition(int(discarded[0])).cost or 0)})
            entry = procedure.ctx(state, fi)["entry"]
    if step["effect"] == "select":  # the effects after it are done to the selected cards (effects.py `select`)
        picked = [int(i) for i in procedure.ctx(state, fi)["answers"].get(at, {}).get("picks", ())]
        procedure.set_var(tx, fi, "cards", pinned(state, picked))
        return True
    live = [c for c in cards if c in state.cards]
    on_field = [c for c in live if state.cards[c].zone.endswith(".field")]
    ability = ability_of(state, entry)
    names_cards = any(key in ability for key in ("target", "all"))
    itself = None if names_cards else source_object(state, entry)
    decks = [iid for p in state.players for iid in state.zones[f"{p}.deck"].cards] if step["effect"] == "mill" else []
    if step["effect"] in ("mill", "remove_counter") and at not in procedure.ctx(state, fi)["answers"]:
        _record_done(tx, fi, at, step, on_field or ([itself] if itself is not None else []))
    do_effect(tx, Doing(entry, live, on_field, procedure.ctx(state, fi)["answers"], at, itself, groups), step)
    if decks:  # "… put the top 2 cards of their deck into the Break Zone. If both cards are …" (effects.py `milled_alike`)
        procedure.set_var(tx, fi, "milled", [iid for iid in decks if state.cards[iid].zone.endswith(".break")])
    if step["effect"] == "discard" and step.get("player", "you") == "you" and "count" in step:
        # "Discard 1 card. If the discarded card is …": the cards its controller picked (effects.py `discarded`)
        procedure.set_var(tx, fi, "discarded", procedure.ctx(state, fi)["answers"].get(f"{at}:{entry['controller']}",
                                                                                         {}).get("picks", []))
    frame = procedure.stack(state)[fi]
    if state.lists.get("ex_queue") and frame["pc"] + 2 < len(frame["steps"]):  # another effect before _finish
        procedure.set_var(tx, fi, "ex_wait", True)  # the EX Bursts this damage revealed come first (FFTCG 6.5.2.1)
    return True


def _step_condition_met(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Tell whether a step's `if` holds and its `unless` does not (effects.py); each condition is read once per
    resolution, when the first step naming it is reached, so an effect and its "instead" never both happen."""
    met = True
    for key in ("if", "unless"):
        condition = step.get(key)
        if condition is None:
            continue
        answers = procedure.ctx(tx.state, fi)["answers"]
        remembered = f"condition:{json.dumps(condition, sort_keys=True)}"
        if remembered not in answers:
            entry = procedure.ctx(tx.state, fi)["entry"]
            context = procedure.ctx(tx.state, fi)
            holds = condition_holds(tx.state, {k: v for k, v in condition.items() if k not in RESOLVING_CONDITIONS},
                                    entry["controller"], source=entry.get("source")) and _has_power(
                tx.state, entry, condition.get("self_power_at_least")) and _chosen_is(
                tx.state, entry, context["cards"], condition.get("chosen_is")) and _costs_at_most(
                tx, fi, condition.get("its_cost_at_most")) and _was_discarded(
                tx.state, context, condition.get("discarded")) and _milled_alike(
                tx.state, context, condition.get("milled_alike")) and (
                "power_below_self" not in condition or _weaker_than_source(tx.state, context)) and (
                not condition.get("as_ex_burst") or entry["kind"] == "ex_burst") and _removed_is(  # FFTCG 11.10
                tx.state, entry, condition.get("removed_is"))
            procedure.set_var(tx, fi, "answers", {**answers, remembered: {"holds": holds}})
            answers = procedure.ctx(tx.state, fi)["answers"]
        met = met and answers[remembered]["holds"] == (key == "if")
    if step.get("unless_paid"):  # "If your opponent doesn't pay [2], …": done only when the last payment asked was not
        met = met and not _last_payment_made(procedure.ctx(tx.state, fi)["answers"])
    if step.get("if_done"):
        met = met and _was_done(tx, fi, step)
    return met


def _record_done(tx: Transaction, fi: int, at: str, step: Mapping[str, Any], cards: list[int]) -> None:
    """Record what a step that may be done only in part does, for a "When / If you do so" after it (words.step_was_done):
    the cards a mill of its controller's deck takes, the cards having the counters removed."""
    state = tx.state
    context = procedure.ctx(state, fi)
    if step["effect"] == "mill":
        players = acting_players(state, context["entry"], step, "you")
        done = [iid for player in players for iid in state.zones[f"{player}.deck"].cards[:int(step.get("count", 1))]]
    else:
        done = [iid for iid in cards if state.cards[iid].counters.get(str(step["counter"]), 0) >= int(
            step.get("count", 1))]
    procedure.set_var(tx, fi, "answers", {**context["answers"], at: {"picks": done}})


def _was_done(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Tell whether the step an "If you do so, …" reads was done (effects.py `if_done`): judged when the first step
    after it is reached (the step right before that one), then remembered for the steps after it."""
    context = procedure.ctx(tx.state, fi)
    answers, entry = context["answers"], context["entry"]
    remembered = f"done:{step['if_done']}"
    if remembered not in answers:
        frame = procedure.stack(tx.state)[fi]
        before = int(frame["pc"]) - 1
        chosen_left = not any(is_current(tx.state, iid, ts) for iid, ts in context["cards"])
        done = step_was_done(tx.state, answers, entry["controller"], entry.get("source"), str(step["if_done"]),
                             str(before), int(frame["steps"][before].get("count", 1)), chosen_left)
        procedure.set_var(tx, fi, "answers", {**answers, remembered: {"holds": done}})
        answers = procedure.ctx(tx.state, fi)["answers"]
    return bool(answers[remembered]["holds"])


def _costs_at_most(tx: Transaction, fi: int, most: Any) -> bool:
    """Tell whether the chosen card, still that object, costs no more than `most` computed now ("If its cost is equal
    to or less than the number of Job Knight you control", FFTCG 11.11.2; None: no test)."""
    if most is None:
        return True
    context = procedure.ctx(tx.state, fi)
    chosen = [iid for iid, ts in context["cards"] if is_current(tx.state, iid, ts)]
    entry = context["entry"]
    limit = number_of(tx.state, most, entry["controller"], entry.get("source"))
    return bool(chosen) and all((tx.state.definition(iid).cost or 0) <= limit for iid in chosen)


def _was_discarded(state: GameState, context: Mapping[str, Any], spec: Mapping[str, Any] | None) -> bool:
    """Tell whether the card discarded for the ability's cost — or, after a discard step, by it — passes the filter of
    printed facts `spec` ("If the discarded card is of Fire Element, …"; None: no test; none discarded: it does not)."""
    if spec is None:
        return True
    discarded = context.get("discarded")
    cards = [int(i) for i in (discarded if discarded is not None else context["entry"].get("discarded") or ())]
    seen = Seen(state, context["entry"]["controller"])
    return bool(cards) and all(FILTER.holds(seen, iid, spec) for iid in cards)


def _milled_alike(state: GameState, context: Mapping[str, Any], what: str | None) -> bool:
    """Tell whether the two cards the mill step before put into the Break Zone share an Element (`what`: element) or
    their card type (type): "If both cards are of the same Element, …" (None: no test; fewer than two: it does not)."""
    if what is None:
        return True
    milled = [state.definition(int(iid)) for iid in context.get("milled") or ()]
    if len(milled) != 2:
        return False
    if what == "type":
        return milled[0].card_type == milled[1].card_type
    first, second = (set(printed(state, int(iid)).elements) for iid in context["milled"])
    return bool(first & second)


def _weaker_than_source(state: GameState, context: Mapping[str, Any]) -> bool:
    """Tell whether the chosen card, still that object on the field, has less Power than the ability's card, still the
    object that triggered or used it on the field ("If its power is less than <self>'s power, …"; FFTCG 11.11.9)."""
    chosen = [iid for iid, ts in context.get("cards") or () if is_current(state, iid, ts)]
    itself = source_object(state, context["entry"])
    if len(chosen) != 1 or itself is None or not state.cards[itself].zone.endswith(".field") or not state.cards[
            chosen[0]].zone.endswith(".field"):
        return False
    chars = characteristics(state)
    return int(chars[chosen[0]].power or 0) < int(chars[itself].power or 0)


def _has_power(state: GameState, entry: Mapping[str, Any], at_least: int | None) -> bool:
    """Tell whether the ability's card, still that object on the field, has `at_least` Power or more (None: no test)."""
    if at_least is None:
        return True
    itself = source_object(state, entry)
    return itself is not None and state.cards[itself].zone.endswith(".field") and int(
        characteristics(state)[itself].power or 0) >= int(at_least)


def _chosen_is(state: GameState, entry: Mapping[str, Any], cards: list[list[int]], wanted: Mapping[str, Any] | None) -> bool:
    """Tell whether the card the ability chose passes a filter of printed facts ("If it is a Fire Forward of cost 3 or
    less, …"; None: no test): read of the card as it was chosen, even once an effect moved it ("Add it to your hand.
    If it is a Card Name X, …"), its printed facts being the same in every zone."""
    if wanted is None:
        return True
    chosen = [iid for iid, _ in cards if iid in state.cards]
    return bool(chosen) and FILTER.holds(Seen(state, entry["controller"], entry.get("source")), chosen[0], wanted)


def _removed_is(state: GameState, entry: Mapping[str, Any], wanted: Mapping[str, Any] | None) -> bool:
    """Tell whether the card just removed from the top of the controller's deck — the newest of their Removed Zone —
    passes a filter of printed facts ("If the removed card is a Forward, …"; None: no test)."""
    if wanted is None:
        return True
    removed = just_removed(state, entry)
    return removed is not None and FILTER.holds(Seen(state, entry["controller"], entry.get("source")), removed, wanted)


def _last_payment_made(answers: Mapping[str, Any]) -> bool:
    """Tell whether the last payment this resolution asked for (`_ask_payment`) was made (a payment picked, not 0)."""
    asked = [int(key.split(":")[0]) for key in answers if key.endswith(":payments")]
    if not asked:
        return False
    picked = answers.get(str(max(asked)), {}).get("picks", ())
    return bool(picked) and int(picked[0]) > 0


def waits_for_ex_burst(state: GameState) -> bool:
    """Tell whether the innermost resolving entry waits for EX Bursts revealed by its damage."""
    frames = procedure.stack(state)
    return bool(frames) and bool(frames[-1]["ctx"].get("ex_wait")) and bool(state.lists.get("ex_queue"))


def _expand(ability: Mapping[str, Any], mode: int | None) -> list[dict[str, Any]]:
    """Return the effects to do in order, the chosen mode's effects in place of choose_one."""
    steps: list[dict[str, Any]] = []
    for step in effect_steps(ability):
        if step.get("effect") == "choose_one":
            chosen = step["modes"][int(mode or 0)]
            steps += [dict(sub) for sub in (chosen if isinstance(chosen, list) else [chosen])]
        else:
            steps.append(step)
    return steps


def resolve_entry(tx: Transaction, entry: Mapping[str, Any], game: procedure.Procedures) -> bool:
    """Resolve an entry at once, off the stack; False when it stopped to wait for a player."""
    begin_resolution(tx, entry, from_stack=False)
    depth = procedure.depth(tx.state)
    while procedure.depth(tx.state) >= depth:
        if not procedure.step_innermost(tx, game) or procedure.is_waiting(tx.state) or waits_for_ex_burst(tx.state):
            return False
    return True


def _ask(tx: Transaction, fi: int, at: str, step: Mapping[str, Any], cards: list[int]) -> bool:
    """Ask the next question a step needs before it is done; True when a decision is now pending.

    Choices a step needs from both players are made turn player first, then the other, and
    only then is the step done for both at once (FFTCG 6.1.4, 11.11.6).
    """
    state = tx.state
    context = procedure.ctx(state, fi)
    entry = context["entry"]
    answers = context["answers"]
    name = step["effect"]
    target = ability_of(state, entry).get("target")
    # discard: the chosen cards
    chosen_in_hand = is_mapping(target) and target.get("zone") == "hand"
    if (name == "discard" and "count" in step and not step.get("random") and not chosen_in_hand) or (
            name == "hand_to_deck_bottom"):  # the cards of the player's choice from their hand
        for player in acting_players(state, entry, step, "you"):
            key = f"{at}:{player}"
            if key in answers:
                continue
            hand = state.zones[f"{player}.hand"].cards
            if "filter" in step:  # "discard 1 Summon": only the cards of that kind may be discarded
                hand = [iid for iid in hand if matches(state, iid, {**step["filter"], "zone": "hand"}, player,
                                                       entry.get("source"))]
            count = min(int(step.get("count", len(hand))), len(hand))  # no count (up_to): any number
            if count == 0:
                answers = {**answers, key: {"picks": []}}
                procedure.set_var(tx, fi, "answers", answers)
                continue
            verb = "discard" if name == "discard" else "place at the bottom of your deck"
            least = 0 if step.get("up_to") else count
            procedure.ask(tx, fi, player, "effect_choice", "pick", f"{entry['name']}: {verb} "
                          f"{'up to ' if least < count else ''}{count} card(s) from your hand",
                          hand, least, count, "FFTCG 15.1.1.4" if name == "discard" else "FFTCG 7.9", key=key)
            return True
    if name == "pay":
        return _ask_payment(tx, fi, at, step)
    if name == "divide_damage":
        return _ask_division(tx, fi, at, step, cards)
    if name == "select_number" and at not in answers:  # any number; one above every cost does what that does
        highest = max((state.definition(iid).cost or 0 for iid in state.cards), default=0)
        procedure.ask(tx, fi, entry["controller"], "effect_choice", "pick", f"{entry['name']}: select a number",
                      [str(n) for n in range(highest + 2)], 1, 1, "FFTCG 4.5", key=at)
        return True
    if name == "either" and at not in answers and cards:  # "Dull it or Freeze it": one option, picked now
        words = ["; ".join(sub["effect"].replace("_", " ") + (f" ({sub['position']})" if "position" in sub else "")
                           for sub in option) for option in step["options"]]
        procedure.ask(tx, fi, entry["controller"], "effect_choice", "pick", f"{entry['name']}: "
                      + ", ".join(f"{n}: {w}" for n, w in enumerate(words)), [str(n) for n in range(len(words))],
                      1, 1, "FFTCG 11.11.5.1", key=at)
        return True
    if name == "select" and at not in answers:
        chooser = entry["controller"] if step.get("player") == "you" else state.opponent(entry["controller"])
        zone = step["filter"].get("zone", "field")
        chars = characteristics(state) if zone == "field" else None
        fits = [iid for p in state.players for iid in state.zones[f"{p}.{zone}"].cards
                if matches(state, iid, step["filter"], entry["controller"], entry.get("source"), chars)]
        count = min(int(step.get("count", 1)), len(fits))
        if count == 0:
            procedure.set_var(tx, fi, "answers", {**answers, at: {"picks": []}})
            return False
        procedure.ask(tx, fi, chooser, "effect_choice", "pick", f"{entry['name']}: select {count} card(s)", fits,
                      0 if step.get("up_to") else count, count, "FFTCG 11.11.5", key=at)
        return True
    if name == "look_top" and step.get("reorder") and at in answers and f"{at}:top" not in answers:
        player = entry["controller"]
        bottom = {int(i) for i in answers[at].get("picks", ())}
        stay = [iid for iid in state.zones[f"{player}.deck"].cards[:int(step.get("count", 1))] if iid not in bottom]
        if len(stay) > 1:  # "return these to the top and/or bottom of your deck in any order" (FFTCG 7.6.1)
            procedure.ask(tx, fi, player, "effect_choice", "pick", f"{entry['name']}: pick the cards staying on top "
                          "of your deck, the top one first", stay, len(stay), len(stay), "FFTCG 7.6.1", key=f"{at}:top")
            return True
    if name == "look_top" and at not in answers:
        player = entry["controller"]
        top = state.zones[f"{player}.deck"].cards[:int(step.get("count", 1))]
        if not top:
            return False
        for iid in top:  # FFTCG 7.6.1: looked at, still in the (hidden) deck
            tx.reveal(iid, player)
        low, high = (0, len(top)) if "bottom" not in step else (min(int(step["bottom"]), len(top)),) * 2
        if high == 0:  # "Return them to the top of your deck in any order": none goes to the bottom
            procedure.set_var(tx, fi, "answers", {**answers, at: {"picks": []}})
            return _ask(tx, fi, at, step, cards)
        procedure.ask(tx, fi, player, "effect_choice", "pick", f"{entry['name']}: pick the cards to put on the bottom of "
                      "your deck (in that order); the rest stay on top", top, low, high, "FFTCG 7.6.1", key=at)
        return True
    if name == "by_hand" and at not in answers:
        return not by_hand.ask_carried_out(tx, fi, entry["controller"], entry["name"], str(step.get("text", "")), key=at)
    if name == "reveal_top":
        return _ask_reveal_top(tx, fi, at, step)
    if name == "break":
        on_field = [c for c in cards if state.cards[c].zone.endswith(".field")]
        waiting = actions.needs_replacement_choice(state, on_field, step.get("instead"))
        if waiting is not None:
            actions.ask_replacement(tx, *waiting)
            return True
    return False


def _ask_division(tx: Transaction, fi: int, at: str, step: Mapping[str, Any], cards: list[int]) -> bool:
    """Ask how to divide damage "as you like" among the chosen Forwards still on the field, in units of 1000, each
    dealt 1000 or more (one of every such split, listed in the question; made as it resolves, digest 12.9c)."""
    state = tx.state
    context = procedure.ctx(state, fi)
    entry, answers = context["entry"], context["answers"]
    on_field = [c for c in cards if state.cards[c].zone.endswith(".field")]
    if at in answers or step.get("equally") or len(on_field) < 2:
        return False
    splits = divisions(int(step["amount"]) // 1000, len(on_field))
    procedure.set_var(tx, fi, "answers", {**answers, f"{at}:splits": [[on_field, split] for split in splits]})
    listed = "; ".join(f"{n}: " + ", ".join(f"{actions.name_of(tx, c)} {units * 1000}" for c, units in zip(on_field, split))
                       for n, split in enumerate(splits))
    procedure.ask(tx, fi, entry["controller"], "effect_choice", "pick", f"{entry['name']}: divide {int(step['amount'])} "
                  f"damage — {listed}", [str(n) for n in range(len(splits))], 1, 1, "FFTCG 11.11.5.1", key=at)
    return True


def divisions(units: int, parts: int) -> list[list[int]]:
    """Return every way to divide `units` among `parts`, each getting 1 or more (none when there are too few)."""
    if parts == 1:
        return [[units]] if units >= 1 else []
    return [[first, *rest] for first in range(units - parts + 1, 0, -1) for rest in divisions(units - first, parts - 1)]


def _ask_payment(tx: Transaction, fi: int, at: str, step: Mapping[str, Any]) -> bool:
    """Ask the controller how to pay a cost as it resolves ("you may pay [1]"): one of every legal payment (option
    1, 2, …, listed in the question) or 0 to not pay (FFTCG 11.2, 11.4.7); the payments are kept for the step."""
    state = tx.state
    context = procedure.ctx(state, fi)
    entry, answers = context["entry"], context["answers"]
    if at in answers:
        return False
    player = entry["controller"] if step.get("player", "you") == "you" else state.opponent(entry["controller"])
    # the opponent may pay with any of their cards; the controller not with the card whose ability it is
    exclude = {entry.get("source")} if player == entry["controller"] else set()
    x = 0
    if step["cost"].get("x"):  # "pay [X]": X first, every X the player can pay (FFTCG 4.5); 0 does not pay
        if f"{at}:x" not in answers:
            most = 0
            while most < X_LIMIT and find_payment(state, player, ability_cost(step["cost"], most + 1),
                                                       exclude) is not None:
                most += 1
            procedure.ask(tx, fi, player, "effect_choice", "pick", f"{entry['name']}: choose X (0: do not pay)",
                          [str(n) for n in range(most + 1)], 1, 1, "FFTCG 4.5", key=f"{at}:x")
            return True
        x = int(answers[f"{at}:x"]["picks"][0])
        if x == 0:
            procedure.set_var(tx, fi, "answers", {**answers, at: {"picks": [0]}, f"{at}:payments": []})
            return False
    payments = every_payment(state, player, ability_cost(step["cost"], x), exclude)
    procedure.set_var(tx, fi, "answers", {**answers, f"{at}:payments": [[list(d), list(b)] for d, b in payments]})
    listed = "; ".join(f"{n}: " + ", ".join([f"discard {actions.name_of(tx, i)}" for i in d]
                                            + [f"dull {actions.name_of(tx, i)}" for i in b])
                       for n, (d, b) in enumerate(payments, start=1))
    procedure.ask(tx, fi, player, "effect_choice", "pick", f"{entry['name']}: pay "
                  f"{int(step['cost'].get('cp', 0)) + x} CP — "
                  f"0: do not pay" + (f"; {listed}" if listed else ""), [str(n) for n in range(len(payments) + 1)],
                  1, 1, "FFTCG 11.2", key=at)
    return True


def _ask_reveal_top(tx: Transaction, fi: int, at: str, step: Mapping[str, Any]) -> bool:
    """Ask which of the top cards shown go to the hand, then in which order the others go to the bottom of the deck
    ("in any order"); True while a question is pending (words.py moves the cards, FFTCG 7.6.1)."""
    state = tx.state
    context = procedure.ctx(state, fi)
    entry, answers = context["entry"], context["answers"]
    player = entry["controller"]
    top = state.zones[f"{player}.deck"].cards[:int(step.get("count", 1))]
    if not top:
        return False
    if at not in answers:
        for iid in top:  # revealed to both players, or looked at by its controller
            tx.reveal(iid, "all" if step.get("reveal", True) else player)
        fits = [iid for iid in top if FILTER.holds(Seen(state, player), iid, dict(step.get("filter") or {}))]
        take = min(int(step.get("take", 1)), len(fits))
        if take:
            procedure.ask(tx, fi, player, "effect_choice", "pick", f"{entry['name']}: pick the card(s) to add to "
                          "your hand", fits, 0 if step.get("up_to") else take, take, "FFTCG 7.6.1", key=at)
            return True
        answers = {**answers, at: {"picks": []}}  # none of them fits: nothing to pick
        procedure.set_var(tx, fi, "answers", answers)
    rest = [iid for iid in top if iid not in {int(i) for i in answers[at].get("picks", ())}]
    if step.get("rest", "bottom") == "bottom" and len(rest) > 1 and f"{at}:order" not in answers:  # not top, break
        procedure.ask(tx, fi, player, "effect_choice", "pick", f"{entry['name']}: put the other cards on the bottom "
                      "of your deck: pick them in that order", rest, len(rest), len(rest), "FFTCG 7.6.1",
                      key=f"{at}:order")
        return True
    return False
