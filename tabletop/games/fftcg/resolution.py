"""Resolving abilities and Summons: choosing targets and doing the effects of the vocabulary.

A stack entry is a JSON mapping: kind (summon, auto, action, special, delayed, ex_burst), source
card and its `ts`, controller, card_id and ability index (or `inline` ability), targets as
[card, ts] pairs, mode (for choose_one), name.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine import durations, procedure
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.games.fftcg import actions
from tabletop.games.fftcg.continuous import characteristics, condition_holds, is_current, matches
from tabletop.games.fftcg.effects import effect_steps


def ability_of(state: GameState, entry: Mapping[str, Any]) -> Mapping[str, Any]:
    """Return the ability mapping a stack entry resolves."""
    if "inline" in entry:
        return entry["inline"]
    return state.library[entry["card_id"]].effects[entry["ability"]]


def target_candidates(state: GameState, ability: Mapping[str, Any], controller: str, source: int) -> list[int]:
    """Return every card the ability's `target` filter may choose now (never the source itself)."""
    spec = ability.get("target")
    if not isinstance(spec, Mapping):
        return []
    zone = spec.get("zone", "field")
    chars = characteristics(state) if zone == "field" else None
    chooser = "summons" if source in state.cards and state.definition(source).card_type == "summon" else "abilities"
    found = []
    for player in state.players:
        for iid in state.zones[f"{player}.{zone}"].cards:
            if iid != source and matches(state, iid, spec, controller, source, chars):
                if chars is not None and not chars[iid].can_be_chosen_by(chooser, controller):
                    continue  # FFTCG 11.11.5.1: "cannot be chosen" by this kind of play
                found.append(iid)
    return found


def target_count(ability: Mapping[str, Any]) -> tuple[int, int]:
    """Return the (min, max) number of targets an ability chooses."""
    spec = ability.get("target")
    if not isinstance(spec, Mapping):
        return 0, 0
    count = int(spec.get("count", 1))
    return (0 if spec.get("up_to") else count), count


def check_targets(state: GameState, ability: Mapping[str, Any], controller: str, source: int,
                  targets: Sequence[int]) -> None:
    """Refuse targets that the ability cannot choose (FFTCG 11.3.4 / 11.6.6)."""
    low, high = target_count(ability)
    if high == 0:
        if targets:
            raise IllegalCommand("FFTCG 11.3.4", "this card chooses no targets")
        return
    if len(set(targets)) != len(targets):
        raise IllegalCommand("FFTCG 11.3.4", "the same card cannot be chosen twice")
    if not low <= len(targets) <= high:
        wanted = f"up to {high}" if low == 0 else str(high)
        raise IllegalCommand("FFTCG 11.3.4", f"choose {wanted} target(s); a play without its required targets "
                                             f"is not possible (got {len(targets)})")
    legal = set(target_candidates(state, ability, controller, source))
    for iid in targets:
        if iid == source:
            raise IllegalCommand("FFTCG 11.3.4", "a card or ability cannot choose itself")
        if iid not in legal:
            raise IllegalCommand("FFTCG 11.3.4", f"{state.definition(iid).name} is not a card this can choose")


def pinned(state: GameState, iids: Sequence[int]) -> list[list[int]]:
    """Return [card, ts] pairs that remember which object was chosen."""
    return [[iid, state.cards[iid].props.get("ts", 0)] for iid in iids]


def still_legal(state: GameState, entry: Mapping[str, Any], ability: Mapping[str, Any]) -> list[int]:
    """Return the chosen targets still legal now (same object, still matching; FFTCG 11.11.2)."""
    spec = ability.get("target")
    legal = []
    chars = characteristics(state)
    for iid, ts in entry.get("targets", []):
        if not is_current(state, iid, ts):
            continue
        if isinstance(spec, Mapping) and not matches(state, iid, spec, entry["controller"], entry.get("source"), chars):
            continue
        legal.append(iid)
    return legal


def _affected_cards(state: GameState, entry: Mapping[str, Any], ability: Mapping[str, Any]) -> list[int]:
    spec = ability.get("target")
    if spec == "self":
        source = entry.get("source")
        return [source] if source is not None and is_current(state, source, entry.get("ts")) else []
    if isinstance(spec, Mapping):
        return still_legal(state, entry, ability)
    every = ability.get("all")
    if isinstance(every, Mapping):
        chars = characteristics(state)
        zone = every.get("zone", "field")
        return [iid for p in state.players for iid in state.zones[f"{p}.{zone}"].cards
                if matches(state, iid, every, entry["controller"], entry.get("source"), chars)]
    return []


FRAMES = "resolving"  # entries being resolved, innermost (an EX Burst used mid-effect) last


def begin_resolution(tx: Transaction, entry: Mapping[str, Any], from_stack: bool) -> None:
    """Start resolving a stack entry (or an EX Burst); `step_resolution` carries it on."""
    tx.list_append(FRAMES, {"entry": dict(entry), "at": -1, "from_stack": from_stack, "answers": {}})


def is_resolving(state: GameState) -> bool:
    """Tell whether an entry is part-way through resolving."""
    return bool(state.lists.get(FRAMES))


def can_continue(state: GameState) -> bool:
    """Tell whether the innermost resolving entry can go on now (it does not wait for EX Bursts)."""
    frames = state.lists.get(FRAMES) or []
    return bool(frames) and not (frames[-1].get("ex_wait") and state.lists.get("ex_queue"))


def answer_resolution(tx: Transaction, key: str, value: Any) -> None:
    """Record a player's answer to a question the innermost resolving entry asked."""
    frame = dict(tx.state.lists[FRAMES][-1])
    frame["answers"] = {**frame["answers"], key: value}
    tx.list_replace(FRAMES, -1, frame)


def step_resolution(tx: Transaction) -> dict[str, Any] | None:
    """Resolve the innermost entry in text order (FFTCG 11.11.5) until it is done or must wait.

    It waits for a player's answer (a pending decision) or, after damage revealed an EX Burst,
    for that EX Burst to be used at once, mid-effect (FFTCG 6.5.2.1, 11.10.2). Returns the
    finished frame, or None while it waits.
    """
    state = tx.state
    frame = dict(state.lists[FRAMES][-1])
    frame["answers"] = dict(frame["answers"])  # items in state lists are never changed in place
    frame.pop("ex_wait", None)
    entry = frame["entry"]
    ability = ability_of(state, entry)
    controller = entry["controller"]
    if frame["at"] == -1:
        if entry["kind"] in ("auto", "delayed") and not condition_holds(
                state, ability.get("condition"), controller, ability.get("damage")):
            tx.log(f"{entry['name']}: its condition no longer holds; it does nothing", "FFTCG 11.11.3")
            return _finish(tx)
        if ability.get("optional") and "optional" not in frame["answers"]:
            procedure.ask(tx, None, controller, "optional", "yesno", f"{entry['name']}: do it?", rule="FFTCG 11.8.14")
            return None
        if ability.get("optional") and not frame["answers"]["optional"]:
            tx.log(f"{entry['name']}: {controller} chose not to", "FFTCG 11.8.14")
            return _finish(tx)
        chosen_any = isinstance(ability.get("target"), Mapping) and entry.get("targets")
        cards = _affected_cards(state, entry, ability)
        if chosen_any and not cards:
            tx.log(f"{entry['name']}: every chosen target is gone or illegal; it does nothing", "FFTCG 11.11.2")
            return _finish(tx)
        frame.update(at=0, cards=pinned(state, cards), steps=_expand(ability, entry.get("mode")))
    steps = frame["steps"]
    while frame["at"] < len(steps):
        step = steps[frame["at"]]
        cards = [iid for iid, ts in frame["cards"] if is_current(state, iid, ts)]
        if _ask(tx, frame, step, cards):
            tx.list_replace(FRAMES, -1, frame)
            return None
        do_effect(tx, entry, step, cards, frame["answers"], str(frame["at"]))
        frame["at"] += 1
        if state.lists.get("ex_queue") and frame["at"] < len(steps):
            frame["ex_wait"] = True  # the EX Bursts this damage revealed come first (FFTCG 6.5.2.1)
            tx.list_replace(FRAMES, -1, frame)
            return None
    return _finish(tx)


def _finish(tx: Transaction) -> dict[str, Any]:
    return dict(tx.list_remove(FRAMES, -1))


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


def resolve_entry(tx: Transaction, entry: Mapping[str, Any]) -> bool:
    """Resolve an entry at once, off the stack; False when it stopped to wait for a player."""
    begin_resolution(tx, entry, from_stack=False)
    return step_resolution(tx) is not None


def _acting_players(state: GameState, entry: Mapping[str, Any], step: Mapping[str, Any], default: str) -> list[str]:
    """Return who does a step, the turn player first when each player does it (FFTCG 6.1.4)."""
    who = step.get("player", default)
    if who == "each":
        return [state.active, state.opponent(state.active)]
    return [entry["controller"] if who == "you" else state.opponent(entry["controller"])]


def _ask(tx: Transaction, frame: dict[str, Any], step: Mapping[str, Any], cards: list[int]) -> bool:
    """Ask the next question a step needs before it is done; True when a decision is now pending.

    Choices a step needs from both players are made turn player first, then the other, and
    only then is the step done for both at once (FFTCG 6.1.4, 11.11.6).
    """
    state = tx.state
    entry = frame["entry"]
    at = str(frame["at"])
    name = step["effect"]
    if name == "discard" and "count" in step and not isinstance(ability_of(state, entry).get("target"), Mapping):
        for player in _acting_players(state, entry, step, "you"):
            key = f"{at}:{player}"
            if key in frame["answers"]:
                continue
            hand = state.zones[f"{player}.hand"].cards
            count = min(int(step["count"]), len(hand))
            if count == 0:
                frame["answers"][key] = []
                continue
            procedure.ask(tx, None, player, "effect_choice", "pick", f"{entry['name']}: discard {count} card(s) from your hand",
                          hand, count, count, "FFTCG 15.1.1.4", key=key)
            return True
    if name == "look_top" and at not in frame["answers"]:
        player = entry["controller"]
        top = state.zones[f"{player}.deck"].cards[:int(step.get("count", 1))]
        if not top:
            frame["answers"][at] = []
            return False
        for iid in top:  # FFTCG 7.6.1: looked at, still in the (hidden) deck
            tx.reveal(iid, player)
        procedure.ask(tx, None, player, "effect_choice", "pick", f"{entry['name']}: pick the cards to put on the bottom of "
                      "your deck (in that order); the rest stay on top", top, 0, len(top), "FFTCG 7.6.1", key=at)
        return True
    if name == "break":
        on_field = [c for c in cards if state.cards[c].zone.endswith(".field")]
        waiting = actions.needs_replacement_choice(state, on_field, step.get("instead"))
        if waiting is not None:
            actions.ask_replacement(tx, *waiting)
            return True
    return False


def do_effect(tx: Transaction, entry: Mapping[str, Any], step: Mapping[str, Any], cards: list[int],
              answers: Mapping[str, Any] | None = None, at: str = "") -> None:
    """Do one effect of the vocabulary on the affected cards (skipping what cannot be done, FFTCG 2.3)."""
    state = tx.state
    name = step["effect"]
    source = entry.get("source")
    controller = entry["controller"]
    live = [c for c in cards if c in state.cards]
    on_field = [c for c in live if state.cards[c].zone.endswith(".field")]
    answers = answers or {}
    if name == "draw":
        if int(step.get("count", 1)) > 0:
            for player in _acting_players(state, entry, step, "you"):
                actions.draw(tx, player, int(step.get("count", 1)))
    elif name == "deal_damage":
        for iid in on_field:
            actions.deal_character_damage(tx, iid, int(step["amount"]), [source] if source is not None else [])
    elif name == "damage_player":
        for player in _acting_players(state, entry, step, "opponent"):
            actions.damage_player(tx, player, int(step.get("amount", 1)))
    elif name == "break":
        actions.break_cards(tx, on_field, (), step.get("instead"))
    elif name == "put_into_break":
        actions.move_from_field(tx, on_field, "break", entry["name"], "FFTCG 15.1.1.3.2")
    elif name in ("dull", "activate"):
        for iid in on_field:
            tx.set_field(iid, "tapped", name == "dull")  # FFTCG 15.1.1.1–2: no-op when already so
    elif name == "freeze":
        for iid in on_field:
            tx.set_prop(iid, "frozen", True)
            tx.log(f"{actions.name_of(tx, iid)} was frozen", "FFTCG 15.2.4")
    elif name in ("power", "set_power", "grant_keyword", "cannot_attack", "cannot_block", "must_attack",
                  "cannot_be_blocked_by", "cannot_be_chosen"):
        if on_field:
            add_lasting(tx, entry, step, on_field)
    elif name == "search":
        _search(tx, controller, step)
    elif name == "look_top":
        bottom = [int(i) for i in answers.get(at, [])]
        for iid in bottom:
            actions.enter_zone(tx, iid, "deck", None)
        tx.log(f"{controller} looked at the top of their deck and put {len(bottom)} card(s) on the bottom",
               "FFTCG 7.6.1")
    elif name in ("return_to_hand", "remove_from_game"):
        zone = "hand" if name == "return_to_hand" else "removed"
        for iid in live:
            card = state.cards[iid]
            if card.zone.endswith((".field", ".break", ".damage")):
                was_field = card.zone.endswith(".field")
                label = actions.name_of(tx, iid)
                actions.enter_zone(tx, iid, zone)
                tx.log(f"{label} was {'returned to its owner’s hand' if zone == 'hand' else 'removed from the game'}",
                       "FFTCG 15.1.1.5")
                if was_field:
                    actions.emit(tx, "leaves_field", iid)
    elif name == "play_onto_field":
        for iid in live:
            if state.cards[iid].zone.endswith((".hand", ".break")):
                is_backup = state.definition(iid).card_type == "backup"
                actions.put_onto_field(tx, iid, controller, bool(step.get("dull")) or is_backup)
                tx.log(f"{actions.name_of(tx, iid)} was put onto the field", "FFTCG 11.4.8")
    elif name in ("add_counter", "remove_counter"):
        for iid in (on_field or ([source] if source is not None and source in state.cards else [])):
            have = state.cards[iid].counters.get(str(step["counter"]), 0)
            delta = int(step.get("count", 1)) * (1 if name == "add_counter" else -1)
            tx.set_counter(iid, str(step["counter"]), max(0, have + delta))
    elif name == "gain_control":
        for iid in on_field:
            # FFTCG 6.2.6: the card does not re-enter the field, so nothing "enters" here
            tx.set_field(iid, "controller", controller)
            tx.set_prop(iid, "since", state.turn)
            tx.log(f"{controller} gained control of {actions.name_of(tx, iid)}", "FFTCG 6.2.6")
    elif name == "discard":
        chosen = [c for c in live if state.cards[c].zone.endswith(".hand")]
        if "count" in step and not chosen:
            chosen = [int(i) for p in _acting_players(state, entry, step, "you") for i in answers.get(f"{at}:{p}", [])]
        for iid in chosen:  # both players' discards happen together (FFTCG 6.1.4)
            if state.cards[iid].zone.endswith(".hand"):
                name_seen = actions.name_of(tx, iid)
                actions.enter_zone(tx, iid, "break")
                tx.log(f"{state.cards[iid].owner} discarded {name_seen}", "FFTCG 15.1.1.4")
    elif name == "delayed":
        tx.list_append("delayed", {
            "trigger": step["when"], "do": list(step.get("do") or []), "controller": controller,
            "source": source, "source_ts": entry.get("ts"), "card_id": entry["card_id"],
            "name": f"{entry['name']} (delayed)", "once": True,
            "card": pinned(state, on_field)[0] if on_field else None})
    elif name == "replace_break":
        if on_field:
            add_lasting(tx, entry, step, on_field)


def add_lasting(tx: Transaction, entry: Mapping[str, Any], step: Mapping[str, Any], cards: list[int]) -> None:
    """Start a continuous effect on the cards it affects now (FFTCG 11.12.4.2), stamped now (11.12.4.9)."""
    stamp = actions.next_clock(tx)
    item = {k: v for k, v in step.items()}
    lasting = durations.PERMANENT if step.get("duration") == "permanent" else durations.UNTIL_END_OF_TURN
    item.update({"id": stamp, "ts": stamp, "cards": pinned(tx.state, cards), "controller": entry["controller"],
                 "source": entry.get("source"), "label": entry["name"], "duration": lasting})
    tx.list_append(durations.EFFECTS, item)
    names = ", ".join(actions.name_of(tx, c) for c in cards)
    detail = {"power": f"{int(step.get('amount', 0)):+d} power", "set_power": f"power {step.get('value')}",
              "grant_keyword": str(step.get("keyword"))}.get(step["effect"], step["effect"].replace("_", " "))
    tx.log(f"{names}: {detail}" + (" until end of turn" if lasting == durations.UNTIL_END_OF_TURN else ""),
           "FFTCG 11.12.4")


def _search(tx: Transaction, player: str, step: Mapping[str, Any]) -> None:
    """Search (FFTCG 15.1.1.8): find matching cards in the deck, reveal them, add to hand, shuffle.

    The first matching cards from the top are taken (the engine does not ask which).
    """
    state = tx.state
    filt = {k: v for k, v in dict(step.get("filter") or {}).items() if k != "zone"}
    found: list[int] = []
    for iid in state.zones[f"{player}.deck"].cards:
        if len(found) >= int(step.get("count", 1)):
            break
        if actions.matches_loose(state, iid, filt, player, -1) and _printed_match(state, iid, filt):
            found.append(iid)
    for iid in found:
        actions.enter_zone(tx, iid, "hand", None)
        tx.reveal(iid, "all")
        tx.log(f"{player} searched for {actions.name_of(tx, iid)}", "FFTCG 15.1.1.8")
    tx.shuffle(f"{player}.deck")


def _printed_match(state: GameState, iid: int, filt: Mapping[str, Any]) -> bool:
    definition = state.definition(iid)
    if "element" in filt and filt["element"] not in definition.attributes.get("element", []):
        return False
    if "name" in filt and filt["name"] != definition.name:
        return False
    if "job" in filt and str(filt["job"]).lower() != str(definition.attributes.get("job", "")).lower():
        return False
    cost = definition.cost or 0
    return not (("cost_at_most" in filt and cost > int(filt["cost_at_most"]))
                or ("cost_at_least" in filt and cost < int(filt["cost_at_least"])))
