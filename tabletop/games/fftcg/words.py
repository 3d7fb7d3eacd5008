"""What each FFTCG effect word does when a resolving entry reaches it (the words and their parameters: effects.py).

A handler gets the entry's `Doing` (the entry, the cards it affects that are still the chosen objects, the
players' answers) and the step's mapping; it skips what cannot be done (FFTCG 2.3).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.engine import durations, stack, triggers
from tabletop.engine.card_filter import Seen
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.triggers import trigger_event
from tabletop.games.fftcg import actions
from tabletop.games.fftcg.continuous import NEXT_COST, FILTER, characteristics, is_current, number_of, pinned
from tabletop.games.fftcg.effects import PHASE_TRIGGERS, VOCABULARY, is_mapping

Step = Mapping[str, Any]


@dataclass(frozen=True)
class Doing:
    """An effect being done: the entry resolving, the affected cards still in play, the answers it gathered."""

    entry: Mapping[str, Any]
    cards: list[int]       # affected cards that still exist
    on_field: list[int]    # those of them on the field
    answers: Mapping[str, Any]
    at: str                # the step's key among the answers
    itself: int | None = None  # for an ability naming no card: its source, while still the object that used it
    groups: tuple[list[int], ...] = ()  # an ability choosing several groups: each group's cards still in play

    @property
    def controller(self) -> str:
        """Return the player resolving the entry."""
        return str(self.entry["controller"])

    @property
    def source(self) -> int | None:
        """Return the card whose ability or Summon resolves."""
        return self.entry.get("source")

    def picks(self, key: str) -> list[int]:
        """Return the cards a player picked for the question asked under `key` (none when not asked)."""
        return [int(i) for i in self.answers.get(key, {}).get("picks", ())]


def do_effect(tx: Transaction, doing: Doing, step: Step) -> None:
    """Do one effect of the vocabulary (a word read where it applies has no handler and does nothing here)."""
    handler = VOCABULARY.handlers.get(step["effect"])
    if handler is not None:
        handler(tx, doing, step)


def value_of(state: GameState, doing: Doing, spec: Any) -> int:
    """Return a number an effect uses, computed now when it is one (continuous.number_of); the source's Power is read
    only while it is the object that used or triggered the ability (FFTCG 7.4)."""
    source = doing.source
    if is_mapping(spec):
        if "placed_before" in spec:  # the step before's picks (hand_to_deck_bottom)
            return len(doing.picks(f"{int(doing.at) - 1}:{doing.controller}"))
        if "removed_cost" in spec:  # "for each CP required to play the removed card"
            removed = just_removed(state, doing.entry)
            return (int(state.definition(removed).cost or 0) if removed is not None else 0) * int(spec.get("times", 1))
        if "power" in spec and (source is None or not is_current(state, source, doing.entry.get("ts"))):
            source = None
    return number_of(state, spec, doing.controller, source, int(doing.entry.get("x") or 0),
                     doing.entry.get("counters"))


def just_removed(state: GameState, entry: Mapping[str, Any]) -> int | None:
    """Return the card the resolving entry just removed from the top of its controller's deck ("the removed card"):
    the newest of their Removed Zone, if it got there after the entry's card was played or used (none removed: None)."""
    newest = state.zones[f"{entry['controller']}.removed"].cards[:1]
    if not newest or int(state.cards[newest[0]].props.get("ts") or 0) <= int(entry.get("ts") or 0):
        return None
    return newest[0]


def acting_players(state: GameState, entry: Mapping[str, Any], step: Step, default: str) -> list[str]:
    """Return who does a step, the turn player first when each player does it (FFTCG 6.1.4)."""
    who = step.get("player", default)
    if who == "each":
        return [state.active, state.opponent(state.active)]
    if who == "chosen_controller":  # "That Forward's controller": its controller, or its owner once it left the field
        chosen = [state.cards[iid] for iid, _ in entry.get("targets") or () if iid in state.cards][:1]
        return [card.controller if card.zone.endswith(".field") else card.owner for card in chosen]
    return [entry["controller"] if who == "you" else state.opponent(entry["controller"])]


@VOCABULARY.handles("draw")
def _draw(tx: Transaction, doing: Doing, step: Step) -> None:
    count = value_of(tx.state, doing, step.get("count", 1))
    if count > 0:
        for player in acting_players(tx.state, doing.entry, step, "you"):
            actions.draw(tx, player, count)


def _chooser(tx: Transaction, doing: Doing) -> str:
    """Return what does the effect: "summons" (a Summon's, cast or used as an EX Burst) or "abilities" (an ability's),
    as cannot_* effects and damage replacements name it."""
    source = doing.source
    summon = doing.entry.get("kind") == "summon" or (source is not None and source in tx.state.cards and
                                                      tx.state.definition(source).card_type == "summon")
    return "summons" if summon else "abilities"


@VOCABULARY.handles("deal_damage")
def _deal_damage(tx: Transaction, doing: Doing, step: Step) -> None:
    source = doing.source
    spec = step["amount"]
    each = is_mapping(spec) and spec.get("power") == "it"  # each card's own Power, read before any is dealt
    amount = 0 if each else value_of(tx.state, doing, spec)
    chars = characteristics(tx.state) if each else {}
    amounts = {iid: max(0, (chars[iid].power or 0) - int(spec.get("minus", 0))) if iid in chars else 0
               for iid in doing.on_field} if each else {}
    for iid in doing.on_field:
        actions.deal_character_damage(tx, iid, amounts[iid] if each else amount, [source] if source is not None else [],
                                      reducible=not step.get("unreducible"), dealer=(_chooser(tx, doing), doing.controller))


@VOCABULARY.handles("damage_player")
def _damage_player(tx: Transaction, doing: Doing, step: Step) -> None:
    for player in acting_players(tx.state, doing.entry, step, "opponent"):
        actions.damage_player(tx, player, value_of(tx.state, doing, step.get("amount", 1)))


@VOCABULARY.handles("break")
def _break(tx: Transaction, doing: Doing, step: Step) -> None:
    chars = characteristics(tx.state)
    kind = _chooser(tx, doing)
    breakable = []
    for iid in doing.on_field:
        if not chars[iid].can_be_broken_by(kind, doing.controller):
            tx.log(f"{actions.name_of(tx, iid)} cannot be broken by this {kind[:-1]}", "FFTCG 1.3")
            continue
        breakable.append(iid)
    actions.break_cards(tx, breakable, (), step.get("instead"))


@VOCABULARY.handles("put_into_break")
def _put_into_break(tx: Transaction, doing: Doing, step: Step) -> None:
    actions.move_from_field(tx, doing.on_field, "break", doing.entry["name"], "FFTCG 15.1.1.3.2")


@VOCABULARY.handles("dull")
@VOCABULARY.handles("activate")
def _dull_or_activate(tx: Transaction, doing: Doing, step: Step) -> None:
    chars = characteristics(tx.state) if step["effect"] == "dull" else None
    kind = _chooser(tx, doing)
    for iid in doing.on_field:
        if chars is not None and not chars[iid].can_be_dulled_by(kind, doing.controller):
            tx.log(f"{actions.name_of(tx, iid)} cannot become dull by this {kind[:-1]}", "FFTCG 1.3")
            continue
        tx.set_field(iid, "tapped", step["effect"] == "dull")  # FFTCG 15.1.1.1–2: no-op when already so


@VOCABULARY.handles("freeze")
def _freeze(tx: Transaction, doing: Doing, step: Step) -> None:
    for iid in doing.on_field:
        tx.set_prop(iid, "frozen", True)
        tx.log(f"{actions.name_of(tx, iid)} was frozen", "FFTCG 15.2.4")


@VOCABULARY.handles("prevent_player_damage")
def _prevent_player_damage(tx: Transaction, doing: Doing, step: Step) -> None:
    """"During this turn, the next damage dealt to you becomes 0 instead": a one-shot on its controller, used up by the
    next damage they would take this turn (actions.damage_player)."""
    add_lasting(tx, doing.entry, {**step, "player": doing.controller}, [])


@VOCABULARY.handles("damage_increase")
def _damage_increase(tx: Transaction, doing: Doing, step: Step) -> None:
    """Start a lasting damage increase: on the chosen cards, or — `every` — on every Forward dealt damage this turn."""
    if step.get("every"):
        add_lasting(tx, doing.entry, step, [])
    else:
        _lasting(tx, doing, step)


@VOCABULARY.handles("attack_once_more")
def _attack_once_more(tx: Transaction, doing: Doing, step: Step) -> None:
    """"<self> can attack once more this turn": one more attack this turn (combat.attacks_allowed)."""
    for iid in doing.on_field:
        turn, more = tx.state.cards[iid].props.get("attacks_more") or (None, 0)
        tx.set_prop(iid, "attacks_more", [tx.state.turn, (int(more) if turn == tx.state.turn else 0) + 1])
        tx.log(f"{actions.name_of(tx, iid)} can attack once more this turn", "FFTCG 10.1.2.1.2")


@VOCABULARY.handles("by_hand")
def _by_hand(tx: Transaction, doing: Doing, step: Step) -> None:
    tx.log(f"{doing.controller} carried out {doing.entry['name']} by hand", "by hand")


@VOCABULARY.handles("power")
@VOCABULARY.handles("set_power")
@VOCABULARY.handles("grant_keyword")
@VOCABULARY.handles("grant_job")
@VOCABULARY.handles("become_forward")
@VOCABULARY.handles("cannot_attack")
@VOCABULARY.handles("cannot_block")
@VOCABULARY.handles("must_attack")
@VOCABULARY.handles("must_block")
@VOCABULARY.handles("cannot_be_blocked_by")
@VOCABULARY.handles("cannot_be_chosen")
@VOCABULARY.handles("cannot_be_dulled")
@VOCABULARY.handles("cannot_be_broken_by")
@VOCABULARY.handles("cannot_be_broken")
@VOCABULARY.handles("replace_break")
@VOCABULARY.handles("replace_next_damage")
@VOCABULARY.handles("lose_abilities")
@VOCABULARY.handles("lose_keyword")
@VOCABULARY.handles("attacks_per_turn")
@VOCABULARY.handles("must_be_chosen")
def _lasting(tx: Transaction, doing: Doing, step: Step) -> None:
    if doing.on_field:
        if is_mapping(step.get("amount")):  # a computed amount is fixed when the effect starts
            step = {**step, "amount": value_of(tx.state, doing, step["amount"])}
        add_lasting(tx, doing.entry, step, doing.on_field)


@VOCABULARY.handles("search")
def _search(tx: Transaction, doing: Doing, step: Step) -> None:
    """Search (FFTCG 15.1.1.8): find matching cards in the deck, reveal them, add to hand, shuffle.

    The first matching cards from the top are taken (the engine does not ask which).
    """
    state = tx.state
    player = doing.controller
    filt = {k: v for k, v in dict(step.get("filter") or {}).items() if k != "zone"}
    found: list[int] = []
    for iid in state.zones[f"{player}.deck"].cards:
        if len(found) >= int(step.get("count", 1)):
            break
        if FILTER.holds(Seen(state, player), iid, filt):
            found.append(iid)
    if step.get("to") == "top":  # "search for 1 Summon and put it on top of your deck": shuffled, then on top
        tx.shuffle(f"{player}.deck")
        for iid in found:
            tx.reveal(iid, "all")
            tx.log(f"{player} searched for {actions.name_of(tx, iid)} and put it on top of their deck", "FFTCG 15.1.1.8")
            actions.enter_zone(tx, iid, "deck", 0)
        return
    for iid in found:
        tx.reveal(iid, "all")
        tx.log(f"{player} searched for {actions.name_of(tx, iid)}", "FFTCG 15.1.1.8")
        if step.get("to") == "field":
            _play_onto_field(tx, player, iid, bool(step.get("dull")))
        elif step.get("to") == "break":  # not a discard (FFTCG 15.1.1.4)
            actions.enter_zone(tx, iid, "break")
        else:
            actions.enter_zone(tx, iid, "hand", None)
    tx.shuffle(f"{player}.deck")


@VOCABULARY.handles("look_top")
def _look_top(tx: Transaction, doing: Doing, step: Step) -> None:
    bottom = doing.picks(doing.at)
    for iid in bottom:
        actions.enter_zone(tx, iid, "deck", None)
    for iid in reversed(doing.picks(f"{doing.at}:top")):  # `reorder`: the picked order, the first on top
        actions.enter_zone(tx, iid, "deck", 0)
    tx.log(f"{doing.controller} looked at the top of their deck and put {len(bottom)} card(s) on the bottom",
           "FFTCG 7.6.1")


@VOCABULARY.handles("mill")
def _mill(tx: Transaction, doing: Doing, step: Step) -> None:
    """Put the top N cards of a player's deck into their Break Zone (not a discard, FFTCG 15.1.1.4; 7.3), or remove them
    from the game (`removed`, FFTCG 15.1.1.5)."""
    zone, where = ("removed", "removed from the game") if step.get("removed") else ("break", "into the Break Zone")
    for player in acting_players(tx.state, doing.entry, step, "you"):
        for iid in tx.state.zones[f"{player}.deck"].cards[:value_of(tx.state, doing, step.get("count", 1))]:
            actions.enter_zone(tx, iid, zone)
            tx.log(f"{actions.name_of(tx, iid)} was put from the top of {player}'s deck {where}", "FFTCG 7.3")


@VOCABULARY.handles("shuffle_deck")
def _shuffle_deck(tx: Transaction, doing: Doing, step: Step) -> None:
    """Shuffle a player's deck ("Shuffle your deck", FFTCG 7.3: its order is random)."""
    for player in acting_players(tx.state, doing.entry, step, "you"):
        tx.shuffle(f"{player}.deck")
        tx.log(f"{player} shuffled their deck", "FFTCG 7.3")


@VOCABULARY.handles("reveal_top")
def _reveal_top(tx: Transaction, doing: Doing, step: Step) -> None:
    """Reveal (or look at) the top N cards of your deck: the picked ones go to the hand, the others to the bottom of
    the deck in the order picked, or to the Break Zone (FFTCG 7.6.1: shown, still in the deck until moved)."""
    player = doing.controller
    top = tx.state.zones[f"{player}.deck"].cards[:int(step.get("count", 1))]
    taken = [iid for iid in doing.picks(doing.at) if iid in top]
    for iid in taken:
        if step.get("to") == "field":  # "Play 1 Forward of cost 2 or less among them onto the field"
            _play_onto_field(tx, player, iid, False)
            continue
        actions.enter_zone(tx, iid, "hand", None)
        tx.log(f"{player} added {actions.name_of(tx, iid)} to their hand", "FFTCG 7.6.1")
    rest = [iid for iid in top if iid not in taken]
    if step.get("rest") == "top":
        rest = []  # they stay where they are
    elif step.get("rest", "bottom") == "break":
        for iid in rest:
            actions.enter_zone(tx, iid, "break")
    else:
        ordered = [iid for iid in doing.picks(f"{doing.at}:order") if iid in rest]
        for iid in ordered + [iid for iid in rest if iid not in ordered]:
            actions.enter_zone(tx, iid, "deck", None)
    if rest:
        where = "into the Break Zone" if step.get("rest") == "break" else "on the bottom of their deck"
        tx.log(f"{player} put {len(rest)} other card(s) {where}", "FFTCG 7.6.1")


# effect -> (the owner's zone it moves cards to, what the log says, the rule)
_MOVES = {"return_to_hand": ("hand", "returned to its owner’s hand", "FFTCG 15.1.1.5"),
          "remove_from_game": ("removed", "removed from the game", "FFTCG 15.1.1.5"),
          "put_on_deck": ("deck", "put on its owner’s deck", "FFTCG 7.3, 7.9")}


@VOCABULARY.handles("return_to_hand")
@VOCABULARY.handles("remove_from_game")
@VOCABULARY.handles("put_on_deck")
def _leave_play(tx: Transaction, doing: Doing, step: Step) -> None:
    state = tx.state
    proceed, lasting = _while_source_on_field(tx, doing, step)
    if not proceed:
        return
    zone, done, rule = _MOVES[step["effect"]]
    # put_on_deck: the top (index 0, the deck's first card) or the bottom (FFTCG 7.9: the order is kept)
    index = None if step["effect"] == "put_on_deck" and step.get("position") != "top" else 0
    for iid in doing.cards:
        card = state.cards[iid]
        if card.zone.endswith((".field", ".break", ".damage", ".hand")):  # a hand card: one selected there as it resolves
            was_field = card.zone.endswith(".field")
            label = actions.name_of(tx, iid)
            was = actions.enter_zone(tx, iid, zone, index)
            tx.log(f"{label} was {done}" + (f" ({step.get('position', 'bottom')})" if zone == "deck" else ""), rule)
            if lasting is not None:
                lasting["cards"].append([iid, state.cards[iid].props.get("ts")])
            if was_field:
                actions.emit(tx, trigger_event("leaves_field", iid, was_ts=was))
    if lasting is not None and lasting["cards"]:
        tx.list_append(actions.WHILE_ON_FIELD, lasting)


@VOCABULARY.handles("play_onto_field")
def _play_chosen_onto_field(tx: Transaction, doing: Doing, step: Step) -> None:
    state = tx.state
    for iid in doing.cards:
        if state.cards[iid].zone.endswith((".hand", ".break", ".removed")):
            _play_onto_field(tx, doing.controller, iid, bool(step.get("dull")))


def _play_onto_field(tx: Transaction, player: str, iid: int, dull: bool) -> None:
    """Put a card onto `player`'s field by an effect (FFTCG 11.4.8; a Backup enters dull)."""
    is_backup = tx.state.definition(iid).card_type == "backup"
    actions.put_onto_field(tx, iid, player, dull or is_backup, by="effect")
    tx.log(f"{actions.name_of(tx, iid)} was put onto the field", "FFTCG 11.4.8")


@VOCABULARY.handles("add_counter")
@VOCABULARY.handles("remove_counter")
def _counter(tx: Transaction, doing: Doing, step: Step) -> None:
    state = tx.state
    for iid in (doing.on_field or ([doing.itself] if doing.itself is not None else [])):
        have = state.cards[iid].counters.get(str(step["counter"]), 0)
        delta = int(step.get("count", 1)) * (1 if step["effect"] == "add_counter" else -1)
        tx.set_counter(iid, str(step["counter"]), max(0, have + delta))


@VOCABULARY.handles("gain_control")
def _gain_control(tx: Transaction, doing: Doing, step: Step) -> None:
    proceed, lasting = _while_source_on_field(tx, doing, step)
    if not proceed:
        return
    gainer = tx.state.opponent(doing.controller) if step.get("player") == "opponent" else doing.controller
    for iid in doing.on_field:
        if tx.state.cards[iid].controller == gainer:
            continue  # already theirs: no change of control, nothing to give back
        # FFTCG 6.2.6: the card does not re-enter the field, so nothing "enters" here
        tx.set_field(iid, "controller", gainer)
        tx.set_prop(iid, "since", tx.state.turn)
        tx.log(f"{gainer} gained control of {actions.name_of(tx, iid)}", "FFTCG 6.2.6")
        if lasting is not None:
            lasting["cards"].append([iid, tx.state.cards[iid].props.get("ts")])
        if step.get("duration") == "turn":  # "… until the end of the turn": given back at the clean-up (FFTCG 9.5.1.3)
            tx.list_append(actions.CONTROL_THIS_TURN, [iid, tx.state.cards[iid].props.get("ts")])
    if lasting is not None and lasting["cards"]:
        tx.list_append(actions.WHILE_ON_FIELD, lasting)


def _while_source_on_field(tx: Transaction, doing: Doing, step: Step) -> tuple[bool, dict[str, Any] | None]:
    """Return whether to do the effect, and for "… for as long as <self> is on the field" (`while_source_on_field`)
    the record ending it when the ability's card leaves the field (actions.WHILE_ON_FIELD), its cards added as they
    are done. Not done when that card already left the field: the effect lasts no time (FFTCG 11.12.4.1)."""
    if not step.get("while_source_on_field"):
        return True, None
    source, ts = doing.source, doing.entry.get("ts")
    if source is None or not is_current(tx.state, source, ts) or not tx.state.cards[source].zone.endswith(".field"):
        tx.log(f"{doing.entry['name']}: its card left the field, so the effect lasting while it is there does nothing",
               "FFTCG 11.12.4.1")
        return False, None
    return True, {"source": [source, ts], "cards": [], "end": "control" if step["effect"] == "gain_control" else "return"}


@VOCABULARY.handles("discard")
def _discard(tx: Transaction, doing: Doing, step: Step) -> None:
    state = tx.state
    chosen = [c for c in doing.cards if state.cards[c].zone.endswith(".hand")]
    if step.get("random") and not chosen:  # "randomly discards": the game's seeded generator picks (no one chooses)
        chosen = [i for p in acting_players(state, doing.entry, step, "you") for i in _at_random(tx, p, step)]
    if "count" in step and not chosen:
        chosen = [i for p in acting_players(state, doing.entry, step, "you") for i in doing.picks(f"{doing.at}:{p}")]
    discarded: dict[str, int] = {}
    for iid in chosen:  # both players' discards happen together (FFTCG 6.1.4)
        if state.cards[iid].zone.endswith(".hand"):
            name_seen = actions.name_of(tx, iid)
            owner = state.cards[iid].owner
            actions.enter_zone(tx, iid, "break")
            tx.log(f"{owner} discarded {name_seen}", "FFTCG 15.1.1.4")
            discarded[owner] = discarded.get(owner, 0) + 1
    for owner, count in discarded.items():  # "When your opponent discards 2 or more cards due to your Summons or …"
        actions.discarded_by_effect(tx, owner, count, doing.controller)


@VOCABULARY.handles("hand_to_deck_bottom")
def _hand_to_deck_bottom(tx: Transaction, doing: Doing, step: Step) -> None:
    """Place the picked cards of the controller's hand at the bottom of their deck, in the order picked (FFTCG 7.9)."""
    for iid in doing.picks(f"{doing.at}:{doing.controller}"):
        if tx.state.cards[iid].zone.endswith(".hand"):
            actions.enter_zone(tx, iid, "deck", None)
            tx.log(f"{doing.controller} placed a card from their hand at the bottom of their deck", "FFTCG 7.9")


@VOCABULARY.handles("pay")
def _pay(tx: Transaction, doing: Doing, step: Step) -> None:
    """Pay with the payment picked as it resolved (resolution._ask_payment: 0 is not paying)."""
    picked = doing.picks(doing.at)
    payments = doing.answers.get(f"{doing.at}:payments") or []
    if not picked or not 0 < picked[0] <= len(payments):
        tx.log(f"{acting_players(tx.state, doing.entry, step, 'you')[0]} did not pay", "FFTCG 11.2")
        return
    discards, backups = payments[picked[0] - 1]
    actions.pay_cp(tx, acting_players(tx.state, doing.entry, step, "you")[0], discards, backups)


@VOCABULARY.handles("next_cost_change")
def _next_cost_change(tx: Transaction, doing: Doing, step: Step) -> None:
    """Make the next card of the kind the controller casts this turn cost less (FFTCG 11.12.4: a continuous effect
    from an ability, used up by that cast)."""
    lists = tx.state.lists
    while lists.get(NEXT_COST) and lists[NEXT_COST][0]["turn"] != tx.state.turn:
        tx.list_remove(NEXT_COST, 0)  # another turn's, no longer of use
    tx.list_append(NEXT_COST, {"turn": tx.state.turn, "player": doing.controller, "amount": int(step["amount"]),
                               "filter": dict(step.get("filter") or {}), "floor": int(step.get("floor", 0))})
    tx.log(f"{doing.controller}'s next card of that kind costs {-int(step['amount'])} less this turn", "FFTCG 11.12.4")


@VOCABULARY.handles("reveal_hand")
def _reveal_hand(tx: Transaction, doing: Doing, step: Step) -> None:
    """Show a player's hand to both players (FFTCG 6.5: revealed, the cards stay in the hand)."""
    for player in acting_players(tx.state, doing.entry, step, "opponent"):
        for iid in tx.state.zones[f"{player}.hand"].cards:
            tx.reveal(iid, "all")
        tx.log(f"{player} revealed their hand", "FFTCG 6.5")


def step_was_done(state: GameState, answers: Mapping[str, Any], controller: str, source: int | None, after: str,
                  before: str, count: int = 1, chosen_left: bool = False) -> bool:
    """Tell whether the step at `before` (a pc key among the answers) was done, as "When you do so" and "If you do so"
    ask (FFTCG 11.8; effects.WHEN_DONE_AFTER): the cards discarded, a payment made, the card itself moved…"""
    def picks(key: str) -> list[int]:
        return [int(i) for i in answers.get(key, {}).get("picks", ())]
    checks = {"discard": lambda: len(picks(f"{before}:{controller}")) >= count,
              "damage": lambda: True,
              # the cards milled, the cards that had the counters removed: recorded as the step was done
              "mill": lambda: len(picks(before)) >= count,
              "counters_removed": lambda: bool(picks(before)),
              # the chosen card moved: none of the chosen cards is still that object (`chosen_left`)
              "chosen_moved": lambda: chosen_left,
              "pay": lambda: bool(picks(before)) and picks(before)[0] > 0,
              # the select the step before `before` picked the card, `before` moved it: done once it left the field
              "moved": lambda: bool(picks(str(int(before) - 1))) and all(
                  not state.cards[i].zone.endswith(".field") for i in picks(str(int(before) - 1))),
              # (s6) the same of cards selected in the Break Zone: all `count` of them now removed from the game
              "removed_cards": lambda: len(picks(str(int(before) - 1))) >= count and all(
                  state.cards[i].zone.endswith(".removed") for i in picks(str(int(before) - 1))),
              # "you may dull 4 active Characters you control": all 4 selected the step before, and dull now
              "dulled": lambda: len(picks(str(int(before) - 1))) == count and all(
                  state.cards[i].tapped for i in picks(str(int(before) - 1))),
              "self_break": lambda: source is not None and source in state.cards
              and state.cards[source].zone.endswith(".break"),
              # "you may remove <self> from the game. When you do so, …" (from the Break Zone too)
              "self_removed": lambda: source is not None and source in state.cards
              and state.cards[source].zone.endswith(".removed")}
    return checks[after]()


@VOCABULARY.handles("when_done")
def _when_done(tx: Transaction, doing: Doing, step: Step) -> None:
    """"When you do so, …": if the step before was done, its `do` triggers as a new auto ability (FFTCG 11.8), with
    the X paid by that step (effects.py `pay` of an X cost)."""
    entry, state = doing.entry, tx.state
    source = doing.source
    if not step_was_done(state, doing.answers, doing.controller, source, str(step["after"]), str(int(doing.at) - 1),
                         int(step.get("count", 1)), chosen_left=not doing.cards):
        tx.log(f"{entry['name']}: it was not done, so nothing more happens", "FFTCG 11.8")
        return
    triggers.queue(tx, doing.controller, {
        "kind": "delayed", "source": source, "ts": entry.get("ts"), "card_id": entry["card_id"], "ability": -1,
        "inline": dict(step["do"]), "name": f"{entry['name']} (when you do so)",
        **({"x": entry["x"]} if entry.get("x") else {})})


@VOCABULARY.handles("discard_hand")
def _discard_hand(tx: Transaction, doing: Doing, step: Step) -> None:
    """Discard every card of a player's hand (FFTCG 15.1.1.4)."""
    for player in acting_players(tx.state, doing.entry, step, "you"):
        hand = list(tx.state.zones[f"{player}.hand"].cards)
        for iid in hand:
            actions.enter_zone(tx, iid, "break")
        tx.log(f"{player} discarded their hand ({len(hand)} card(s))", "FFTCG 15.1.1.4")


@VOCABULARY.handles("delayed")
def _delayed(tx: Transaction, doing: Doing, step: Step) -> None:
    if step.get("this_turn") and not doing.on_field:
        return  # "When it is put … this turn": the chosen card left the field, nothing to watch (FFTCG 11.8.17.3)
    if step.get("kept"):  # "At the end of the turn, return it to its owner's hand": done to each chosen card then
        do = [dict(effect) for effect in step.get("do") or ()]
        for kept in pinned(tx.state, doing.on_field):
            _add_delayed(tx, doing, step["when"], [], {"target": "kept", **do[0], "then": do[1:]}, True, True, None, kept)
        return
    # it watches a chosen card's next event; a phase's beginning happens to no card
    watched = pinned(tx.state, doing.on_field)[0] if doing.on_field and step["when"] not in PHASE_TRIGGERS else None
    _add_delayed(tx, doing, step["when"], list(step.get("do") or []), step.get("ability"), bool(step.get("this_turn")),
                 not step.get("repeat"), watched)


def _add_delayed(tx: Transaction, doing: Doing, when: str, do: list[Any], ability: Mapping[str, Any] | None,
                 this_turn: bool, once: bool, watched: list[int] | None, kept: list[int] | None = None) -> None:
    """Make a delayed auto ability of the resolving entry (FFTCG 11.8.17): it triggers at the next `when` (of the
    `watched` [card, ts], if any; only this turn when `this_turn`), doing `do` or the whole `ability`; `kept`: the
    [card, ts] its `target: kept` is done to (a card the effect moved, as the object it became there)."""
    entry = doing.entry
    tx.list_append("delayed", {
        "trigger": when, "do": do, "controller": doing.controller,
        "source": doing.source, "source_ts": entry.get("ts"), "card_id": entry["card_id"],
        "name": f"{entry['name']} (delayed)", "once": once, "ability": ability,
        "turn": tx.state.turn if this_turn else None, "card": watched, **({"kept": kept} if kept is not None else {})})


def add_lasting(tx: Transaction, entry: Mapping[str, Any], step: Step, cards: list[int]) -> None:
    """Start a continuous effect on the cards it affects now (FFTCG 11.12.4.2), stamped now (11.12.4.9)."""
    stamp = actions.next_clock(tx)
    item = {k: v for k, v in step.items()}
    lasting = durations.PERMANENT if step.get("duration") == "permanent" else durations.UNTIL_END_OF_TURN
    if step.get("duration") == "opponent_turn":  # ends at the clean-up of the opponent's turn (flow.clean_up)
        lasting = opponent_turn_end(tx.state.opponent(entry["controller"]))
    item.update({"id": stamp, "ts": stamp, "cards": pinned(tx.state, cards), "controller": entry["controller"],
                 "source": entry.get("source"), "label": entry["name"], "duration": lasting})
    if step.get("while_source_on_field"):  # "As long as <self> is on the field, …": that object (continuous.is_working)
        item["source_ts"] = entry.get("ts")
    tx.list_append(durations.EFFECTS, item)
    names = ", ".join(actions.name_of(tx, c) for c in cards)
    detail = {"power": f"{int(step.get('amount', 0)):+d} power", "set_power": f"power {step.get('value')}",
              "grant_keyword": str(step.get("keyword")), "grant_job": f"Job {step.get('job')}",
              "become_forward": f"a Forward with power {step.get('power')}"}.get(step["effect"], step["effect"].replace("_", " "))
    until = {durations.UNTIL_END_OF_TURN: " until end of turn", durations.PERMANENT: ""}.get(
        lasting, f" until the end of {tx.state.opponent(entry['controller'])}'s turn")
    tx.log(f"{names}: {detail}{until}", "FFTCG 11.12.4")


def opponent_turn_end(player: str) -> str:
    """Return the duration of an effect lasting "until the end of your opponent's turn": `player`'s next clean-up."""
    return f"{durations.UNTIL_END_OF_TURN}:{player}"

@VOCABULARY.handles("fight")
def _fight(tx: Transaction, doing: Doing, step: Step) -> None:
    """Two Forwards deal each other damage equal to their Power at once (`one_way`: only the first to the second), each
    the source of what it deals (FFTCG 11.11.8): the cards of two target groups, or the ability's own card and the
    chosen one. A Forward no longer on the field deals none and is dealt none."""
    state = tx.state

    def on_field(cards: list[int]) -> list[int]:
        return [iid for iid in cards if iid in state.cards and state.cards[iid].zone.endswith(".field")]

    if not step.get("with"):
        first, second = (on_field(doing.groups[0])[:1], on_field(doing.groups[1])[:1]) if len(doing.groups) == 2 else ([], [])
    else:
        source = doing.source
        itself = source is not None and is_current(state, source, doing.entry.get("ts"))
        first, second = (on_field([source]) if itself and source is not None else []), doing.on_field[:1]
    if not first or not second:
        tx.log(f"{doing.entry['name']}: a Forward it names is no longer on the field; no damage is dealt", "FFTCG 11.11.2")
        return
    chars = characteristics(state)
    powers = {iid: max(0, chars[iid].power or 0) if iid in chars else 0 for iid in (first[0], second[0])}
    actions.deal_character_damage(tx, second[0], powers[first[0]], [first[0]], by_card=True)
    if not step.get("one_way"):
        actions.deal_character_damage(tx, first[0], powers[second[0]], [second[0]], by_card=True)


@VOCABULARY.handles("cancel")
def _cancel(tx: Transaction, doing: Doing, step: Step) -> None:
    """Take each chosen Summon still on the stack off it without resolving: its effect is not done, and the card goes
    to its owner's Break Zone as a resolved Summon does (FFTCG 11.11.10)."""
    for iid in doing.cards:
        if tx.state.cards[iid].zone != stack.STACK:
            continue
        for entry in stack.items(tx.state):
            if entry.get("kind") == "summon" and entry.get("source") == iid:
                stack.remove(tx, entry["id"])
        actions.enter_zone(tx, iid, "break")
        tx.log(f"the effect of {actions.name_of(tx, iid)} was canceled; it was put into the Break Zone", "FFTCG 11.11.10")


@VOCABULARY.handles("either")
def _either(tx: Transaction, doing: Doing, step: Step) -> None:
    """Do the option its controller picked as it resolved ("Dull it or Freeze it", FFTCG 11.11.5.1) to the same cards."""
    picked = doing.picks(doing.at)
    options = step["options"]
    if picked and 0 <= picked[0] < len(options):
        for sub in options[picked[0]]:
            do_effect(tx, doing, sub)


@VOCABULARY.handles("blink")
def _blink(tx: Transaction, doing: Doing, step: Step) -> None:
    """Remove each chosen card on the field from the game, then play that card (a new object, FFTCG 7.4) onto its
    owner's field ("Remove it from the game. Then, play the removed Forward onto the field dull", FFTCG 11.4.8)."""
    for iid in doing.on_field:
        label = actions.name_of(tx, iid)
        was = actions.enter_zone(tx, iid, "removed")
        tx.log(f"{label} was removed from the game", "FFTCG 15.1.1.5")
        actions.emit(tx, trigger_event("leaves_field", iid, was_ts=was))
        if step.get("at_end"):  # (s6) "Play it onto the field at the end of the turn": a delayed ability (FFTCG 11.8.17,
            # the end of the turn: 9.5) playing the object the removal made, if it is still in the Removed Zone
            played = {"target": "kept", "effect": "play_onto_field", **({"dull": True} if step.get("dull") else {})}
            _add_delayed(tx, doing, "end_phase_start", [], played, True, True, None, pinned(tx.state, [iid])[0])
            continue
        _play_onto_field(tx, tx.state.cards[iid].owner, iid, bool(step.get("dull")))


@VOCABULARY.handles("cast_free")
def _cast_free(tx: Transaction, doing: Doing, step: Step) -> None:
    """Cast each picked Summon from its owner's hand without paying its cost ("Cast 1 Summon of cost 3 or less from your
    hand without paying the cost"): it goes onto the stack as cast Summons do, its targets and mode chosen as it is put
    there (FFTCG 11.3, 11.3.4; one needing targets none can be is not cast, and stays in the hand)."""
    from tabletop.games.fftcg.resolution import target_candidates, target_count  # resolution imports this module

    state = tx.state
    for iid in doing.cards:
        card = state.cards[iid]
        definition = state.definition(iid)
        index = next((i for i, a in enumerate(definition.effects) if "trigger" not in a and a.get("kind") in (
            None, "resolve")), None)
        if not card.zone.endswith(".hand") or definition.card_type != "summon" or index is None:
            continue
        ability = definition.effects[index]
        if "your_turn" in (ability.get("only") or ()) and state.active != doing.controller:
            tx.log(f"{definition.name} can only be cast during its controller's turn: not cast", "FFTCG 12.2")
            continue
        if len(target_candidates(state, ability, doing.controller, iid)) < target_count(ability)[0]:
            tx.log(f"{definition.name} cannot be cast: no card it must choose", "FFTCG 11.3.4")
            continue
        tx.move(iid, "stack", None)
        tx.set_prop(iid, "ts", actions.next_clock(tx))
        tx.log(f"{doing.controller} cast {definition.name} without paying its cost", "FFTCG 11.3")
        tx.list_append("to_stack", {"kind": "summon", "source": iid, "ts": state.cards[iid].props["ts"],
                                    "controller": doing.controller, "card_id": definition.id, "ability": index,
                                    "name": definition.name})
        actions.emit(tx, trigger_event("summon_cast", iid))


@VOCABULARY.handles("divide_damage")
def _divide_damage(tx: Transaction, doing: Doing, step: Step) -> None:
    """Deal the damage divided among the chosen Forwards on the field: as picked (resolution._ask_division; a lone
    Forward is dealt it all) or equally (a share rounded up to 1000)."""
    amount = int(step["amount"])
    on_field = doing.on_field
    if not on_field:
        return
    if step.get("equally") or len(on_field) == 1:
        share = -(-amount // len(on_field)) if len(on_field) == 1 else -(-amount // len(on_field) // 1000) * 1000
        shares = {iid: share for iid in on_field}
    else:
        picked = doing.picks(doing.at)
        splits = doing.answers.get(f"{doing.at}:splits") or []
        if not picked or not 0 <= picked[0] < len(splits):
            return
        cards, split = splits[picked[0]]
        shares = {int(iid): int(units) * 1000 for iid, units in zip(cards, split)}
    source = doing.source
    for iid in on_field:
        actions.deal_character_damage(tx, iid, shares.get(iid, 0), [source] if source is not None else [],
                                      reducible=not step.get("unreducible"), dealer=(_chooser(tx, doing), doing.controller))


@VOCABULARY.handles("reveal_until")
def _reveal_until(tx: Transaction, doing: Doing, step: Step) -> None:
    """Turn over the top cards of the controller's deck one at a time until one passes the filter: it is added to the
    hand; the other cards turned over go to the bottom of the deck in a random order (FFTCG 7.6.1)."""
    state = tx.state
    player = doing.controller
    turned: list[int] = []
    found = None
    for iid in list(state.zones[f"{player}.deck"].cards):
        tx.reveal(iid, "all")
        if FILTER.holds(Seen(state, player), iid, dict(step.get("filter") or {})):
            found = iid
            break
        turned.append(iid)
    if found is not None:
        tx.log(f"{player} turned over {len(turned) + 1} card(s) and added {actions.name_of(tx, found)} to their hand",
               "FFTCG 7.6.1")
        actions.enter_zone(tx, found, "hand", None)
    else:
        tx.log(f"{player} turned over their whole deck ({len(turned)} card(s)): none fits", "FFTCG 7.6.1")
    if turned:
        tx.log(f"{player} shuffled the {len(turned)} other card(s) turned over to the bottom of their deck", "FFTCG 7.6.1")
    while turned:  # a random order: each next card is drawn from the rest with the game's seeded generator
        actions.enter_zone(tx, turned.pop(tx.random_below(len(turned))), "deck", None)


VOCABULARY.handles("prevent_damage")(_lasting)  # read where damage is dealt (actions._replace_damage)


def _at_random(tx: Transaction, player: str, step: Step) -> list[int]:
    """Return `count` cards of a player's hand picked by the game's seeded generator."""
    hand = list(tx.state.zones[f"{player}.hand"].cards)
    return [hand.pop(tx.random_below(len(hand))) for _ in range(min(int(step.get("count", 1)), len(hand)))]


@VOCABULARY.handles("remove_damage")
def _remove_damage(tx: Transaction, doing: Doing, step: Step) -> None:
    """Take away all the damage on the affected Forwards ("negate all damage dealt to it"), as the End Phase does
    (FFTCG 9.5.1.3)."""
    for iid in doing.on_field:
        if tx.state.cards[iid].props.get("damage"):
            tx.set_prop(iid, "damage", None)
            tx.set_prop(iid, "damage_by", None)
            tx.log(f"the damage dealt to {actions.name_of(tx, iid)} was negated", "FFTCG 9.5.1.3")
