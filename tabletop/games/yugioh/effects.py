"""Yu-Gi-Oh! effect words (engine Vocabulary) and the card filter, run as frames of the procedure layer.

A card's coded effect is a mapping `{kind, when, optional, timing, needs, cost, target, do}`:
- `kind`: `activate` (a Spell/Trap card's activation), `ignition`, `quick` or `trigger`;
- `when`: a trigger's event (normal_summoned, tribute_summoned, flip_summoned, special_summoned, flipped,
  destroyed, destroyed_by_battle, damage_taken, attack_declared), of the card itself unless `of_any: true`;
- `optional` and `timing` (`when`: "When ... you can" misses the timing, `if` never does, digest 7.5);
- `needs`: `attack` (an opponent's attack is being declared), `chain` (a link to answer) or `summon` (a monster
  is being summoned: the window before it succeeds, digest 5.7);
- `from: hand`: a Quick Effect activated from the hand (a "hand trap", its cost usually `discard_self`);
- `cost`: steps paid on activation (pay_lp, discard, detach), `target`: what is chosen on activation
  ({side: opponent|you|any, zone: monsters|spells_traps|cards|attacker, filter: {...}}), `do`: steps run on resolution.
Effects a card does not code are declared and carried out by hand (chain.py).
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from tabletop.engine import procedure, stack
from tabletop.engine.card_filter import CardFilter, Seen
from tabletop.engine.cards import CardDefinition
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.triggers import queue, trigger_event
from tabletop.engine.vocabulary import Vocabulary
from tabletop.games.yugioh import table
from tabletop.games.yugioh.cards import Material, can_fill, fits_material, fusion_materials, material_slots

KINDS = ("activate", "ignition", "quick", "trigger")
EVENTS = ("normal_summoned", "tribute_summoned", "flip_summoned", "special_summoned", "pendulum_summoned", "flipped", "destroyed",
          "destroyed_by_battle", "damage_taken", "attack_declared")
EFFECT_KEYS = frozenset({"kind", "when", "optional", "timing", "needs", "cost", "target", "do", "of_any", "from"})
TARGET_KEYS = frozenset({"side", "zone", "filter"})


def _kind(seen: Seen, iid: int, value: Any) -> bool:
    return str(value) in table.card_facts(seen.state, iid).kinds


def _name_contains(seen: Seen, iid: int, value: Any) -> bool:
    return str(value) in seen.state.definition(iid).name


def _level_at_most(seen: Seen, iid: int, value: Any) -> bool:
    return table.card_facts(seen.state, iid).level <= int(value)


def _atk_at_most(seen: Seen, iid: int, value: Any) -> bool:
    return table.card_facts(seen.state, iid).atk <= int(value)


def _attribute(seen: Seen, iid: int, value: Any) -> bool:
    return table.attribute_of(seen.state, iid) == str(value).lower()


def _face_up(seen: Seen, iid: int, value: Any) -> bool:
    return (not seen.state.cards[iid].face_down) == bool(value)


FILTER = CardFilter("yugioh", {"kind": _kind, "name_contains": _name_contains, "level_at_most": _level_at_most,
                               "atk_at_most": _atk_at_most, "face_up": _face_up, "attribute": _attribute})
VOCABULARY = Vocabulary("yugioh")


def _vars(tx: Transaction, fi: int) -> dict[str, Any]:
    return procedure.ctx(tx.state, fi)


def _players(state: GameState, me: str, who: str) -> list[str]:
    return {"you": [me], "opponent": [state.opponent(me)]}.get(who, list(state.players))


def _live_targets(state: GameState, fi: int) -> list[int]:
    """Return the targets chosen on activation that are still where they were chosen (digest 7.3)."""
    context = procedure.ctx(state, fi)
    return [t for t, zone in zip(context.get("targets", ()), context.get("target_zones", ()))
            if table.exists(state, t) and state.cards[t].zone == zone]


def lose_lp(tx: Transaction, player: str, amount: int) -> None:
    """Take LP away (never below 0, YGO 1.2); the game checks for 0 LP right after (R1)."""
    tx.set_total(player, "lp", max(0, tx.state.total(player, "lp") - amount))


@VOCABULARY.word("damage", amount=int, to=str)
def damage(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Inflict effect damage; to both players at once when `to: both` (AS-Y01: both at 0 is a draw)."""
    me = _vars(tx, fi)["controller"]
    for player in _players(tx.state, me, step.get("to", "opponent")):
        lose_lp(tx, player, step["amount"])
        tx.log(f"{player} takes {step['amount']} damage", "YGO 1.4")
        emit(tx, trigger_event("damage_taken", None, player))
    return True


@VOCABULARY.word("gain_lp", amount=int)
def gain_lp(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Gain LP (no upper limit, YGO 1.2)."""
    me = _vars(tx, fi)["controller"]
    tx.set_total(me, "lp", tx.state.total(me, "lp") + step["amount"])
    return True


@VOCABULARY.word("halve_lp", to=str)
def halve_lp(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Halve LP, rounding an odd total up (YGO 1.4, seed: 7999 → 4000)."""
    me = _vars(tx, fi)["controller"]
    for player in _players(tx.state, me, step.get("to", "opponent")):
        tx.set_total(player, "lp", (tx.state.total(player, "lp") + 1) // 2)
        tx.log(f"{player}'s LP are halved to {tx.state.total(player, 'lp')}", "YGO 1.4")
    return True


@VOCABULARY.word("pay_lp", amount=int)
def pay_lp(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Pay LP as a cost: not damage (YGO 1.4, AS-Y03); paying all of them loses at once (AS-Y02)."""
    me = _vars(tx, fi)["controller"]
    lose_lp(tx, me, step["amount"])
    tx.log(f"{me} pays {step['amount']} LP", "YGO 1.4: a cost, not damage")
    return True


@VOCABULARY.word("discard", count=int)
def discard(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Discard cards from the hand as a cost (the player picks)."""
    context = _vars(tx, fi)
    hand = [c for c in tx.state.zones[f"{context['controller']}.hand"].cards if c != context.get("source")]
    return _pay_with_cards(tx, fi, "discard", f"Discard {step['count']} as a cost", hand, step["count"], "gy",
                           "discarded")


def _pay_with_cards(tx: Transaction, fi: int, name: str, prompt: str, options: list[int], count: int, to: str,
                    how: str) -> bool:
    """Ask which `count` of `options` pay a cost, then send them `to` the GY or banishment (YGO 7.3)."""
    answer = procedure.take_answer(tx, fi)
    if answer is None:
        return procedure.ask(tx, fi, _vars(tx, fi)["controller"], name, "pick", prompt, options, count, count,
                             rule="YGO 7.3: costs are paid on activation")
    for card in answer["picks"]:
        table.leave_field(tx, card, to, f"YGO 7.3: {how} as a cost")
    return True


@VOCABULARY.word("discard_self")
def discard_self(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Discard the card whose effect this is from the hand, as a cost (a hand trap, YGO 7.3)."""
    source = _vars(tx, fi)["source"]
    if tx.state.cards[source].zone.endswith(".hand"):
        table.leave_field(tx, source, "gy", "YGO 7.3: discarded as a cost")
    return True


@VOCABULARY.word("change_atk", amount=int)
def change_atk(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Change the targets' ATK by `amount` until the end of this turn (face-up monsters still in place)."""
    for target in _live_targets(tx.state, fi):
        card = tx.state.cards[target]
        if card.face_down or not table.is_monster_zone(card.zone):
            continue
        before = int(card.props.get("atk_change") or 0) if card.props.get("atk_turn") == tx.state.turn else 0
        tx.set_prop(target, "atk_change", before + step["amount"])
        tx.set_prop(target, "atk_turn", tx.state.turn)
        tx.log(f"{tx.state.definition(target).name} gets {step['amount']:+d} ATK until the end of this turn")
    return True


@VOCABULARY.word("detach", count=int)
def detach(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Detach Xyz materials from the source as a cost: not leaving the field (YGO R4, AS-Y12)."""
    context = _vars(tx, fi)
    source = context["source"]
    under = [m for m in tx.state.zones[f"{context['controller']}.materials"].cards
             if tx.state.cards[m].props.get("under") == source][:step["count"]]
    for material in under:
        tx.set_prop(material, "under", None)
        tx.move(material, f"{tx.state.cards[material].owner}.gy")
    tx.log(f"{len(under)} material(s) detached as a cost", "YGO R4")
    return True


@VOCABULARY.word("draw", count=int, to=str)
def draw(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Draw cards (YGO 5.1); a player short of cards loses (1.3 b)."""
    me = _vars(tx, fi)["controller"]
    draw_cards(tx, _players(tx.state, me, step.get("to", "you")), step["count"])
    return True


def draw_cards(tx: Transaction, drawers: list[str], count: int) -> bool:
    """Draw `count` cards for each player; players who must draw more than their Deck holds lose, all of them at
    once a draw (YGO 1.3 b, AS-Y05, AS-Y06). Return False when someone could not draw."""
    state = tx.state
    short = [p for p in drawers if len(state.zones[f"{p}.deck"].cards) < count]
    if short:
        winner = None if len(short) == len(state.players) else state.opponent(short[0])
        tx.set_data("outcome", {"winner": winner, "reason": f"{' and '.join(short)} had to draw from an empty Deck "
                                                            "(YGO 1.3 b)"})
        tx.log(f"{' and '.join(short)} cannot draw and " + ("loses" if len(short) == 1 else "lose"), "YGO 1.3 b")
        return False
    for player in drawers:
        for _ in range(count):
            tx.move(state.zones[f"{player}.deck"].cards[0], f"{player}.hand", None)
        tx.log(f"{player} draws {count}", "YGO 5.1")
    return True


def search_candidates(state: GameState, player: str, step: Mapping[str, Any], source: int | None) -> list[int]:
    """Return the Deck cards a search step may add to the hand."""
    return FILTER.select(Seen(state, player, source), state.zones[f"{player}.deck"].cards, step.get("filter"))


@VOCABULARY.word("search", filter=dict)
def search(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Add a card from the Deck to the hand, shown, then shuffle; none left: just shuffle (YGO 10.5, AS-Y07)."""
    context = _vars(tx, fi)
    me = context["controller"]
    found = search_candidates(tx.state, me, step, context.get("source"))
    if found:
        answer = procedure.take_answer(tx, fi)
        if answer is None:
            return procedure.ask(tx, fi, me, "search", "pick", "Add 1 card from your Deck to your hand", found, 1, 1,
                                 rule="YGO 10.5")
        card = answer["picks"][0]
        tx.move(card, f"{me}.hand")
        tx.reveal(card, "all")
        tx.log(f"{me} adds {tx.state.definition(card).name} to the hand", "YGO 10.5")
    else:
        tx.log("no card qualifies: the Deck is shuffled and nothing is added", "YGO 10.5")
    tx.shuffle(f"{me}.deck")
    return True


@VOCABULARY.word("destroy")
def destroy(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Destroy the targets still in place."""
    for target in _live_targets(tx.state, fi):
        owner = tx.state.cards[target].owner   # read first: a Token is gone once it leaves the field
        table.leave_field(tx, target, "gy", "destroyed by an effect")
        emit(tx, trigger_event("destroyed", target, owner))
    return True


@VOCABULARY.word("banish")
def banish(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Banish the targets still in place, face-up (YGO 11.4)."""
    for target in _live_targets(tx.state, fi):
        table.leave_field(tx, target, "banished", "banished by an effect (YGO 11.4)")
    return True


@VOCABULARY.word("return_to_hand")
def return_to_hand(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Return the targets to the hand: an Extra Deck monster to the Extra Deck, its materials to the GY (AS-Y19)."""
    for target in _live_targets(tx.state, fi):
        table.leave_field(tx, target, "hand", "returned to the hand")
    return True


@VOCABULARY.word("change_position")
def change_position(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Change the targets to face-up Defense Position."""
    for target in _live_targets(tx.state, fi):
        tx.set_field(target, "tapped", True)
    return True


@VOCABULARY.word("equip", atk=int, restriction=dict)
def equip(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Equip the source card to the target still in place: it gains `atk`; while the target leaves the field or no
    longer fits `restriction`, the Equip Card is sent to the GY by rule (YGO R3, rules.py `_rule_processes`)."""
    source = _vars(tx, fi)["source"]
    targets = _live_targets(tx.state, fi)
    if not targets or not table.is_on_field(tx.state, source):
        return True
    tx.set_prop(source, "equipped_to", targets[0])
    tx.set_prop(source, "equip_atk", step.get("atk", 0))
    tx.set_prop(source, "equip_restriction", dict(step.get("restriction") or {}) or None)
    tx.log(f"{tx.state.definition(source).name} is equipped to {tx.state.definition(targets[0]).name}", "YGO 9.2")
    return True


def equip_breaks(state: GameState, equip_card: int) -> bool:
    """Tell whether an Equip Card must go to the GY by rule: its monster left the field or broke the restriction."""
    target = state.cards[equip_card].props["equipped_to"]
    if not table.exists(state, target) or not table.is_on_field(state, target) or not table.is_monster_zone(state.cards[target].zone) \
            or state.cards[target].face_down:
        return True
    restriction: Mapping[str, Any] = state.cards[equip_card].props.get("equip_restriction") or {}
    return bool(restriction) and not FILTER.holds(Seen(state, state.cards[equip_card].controller, equip_card),
                                                  target, restriction)


@VOCABULARY.word("change_attribute", to=str)
def change_attribute(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Change the targets' Attribute (until they leave the field)."""
    for target in _live_targets(tx.state, fi):
        tx.set_prop(target, "attribute", step["to"].lower())
        tx.log(f"{tx.state.definition(target).name} becomes {step['to'].upper()}")
    return True


@VOCABULARY.word("negate_attack")
def negate_attack(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Negate the attack being declared: it ends (it still counts as declared)."""
    if tx.state.data.get("attack"):
        tx.set_data("attack", None)
        tx.log("the attack is negated", "YGO 6.2")
    return True


@VOCABULARY.word("negate_activation")
def negate_activation(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Negate the activation of the chain link this one answered: it was never activated, its card is destroyed."""
    _mark_answered_link(tx, fi, "negated")
    return True


@VOCABULARY.word("negate_summon")
def negate_summon(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Negate the Summon being made: the monsters are destroyed (it never succeeded; digest 5.7 summon timing)."""
    summoning = tx.state.data.get("summoning")
    if not summoning:
        return True
    tx.set_data("summoning", None)
    for iid in summoning["cards"]:
        if table.exists(tx.state, iid) and table.is_on_field(tx.state, iid):
            owner = tx.state.cards[iid].owner
            table.leave_field(tx, iid, "gy", "YGO 5.7: its Summon is negated and it is destroyed")
            emit(tx, trigger_event("destroyed", iid, owner))
    return True


@VOCABULARY.word("negate_effect")
def negate_effect(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Negate the effect of the chain link this one answered: it was activated (its card stays) but does nothing."""
    _mark_answered_link(tx, fi, "effect_negated")
    return True


def _mark_answered_link(tx: Transaction, fi: int, mark: str) -> None:
    below = _vars(tx, fi).get("answers_link")
    for index, link in enumerate(stack.items(tx.state)):
        if link["id"] == below:
            tx.list_replace(stack.STACK, index, {**link, mark: True})


def revival_candidates(state: GameState, player: str, step: Mapping[str, Any], source: int | None) -> list[int]:
    """Return the GY monsters a Special Summon by effect may bring back: a monster that must first be Special
    Summoned by its procedure (Extra Deck, Ritual) only when it was properly summoned (YGO 5.7 revival limit)."""
    state_cards = state.zones[f"{player}.gy"].cards
    found = []
    for iid in FILTER.select(Seen(state, player, source), state_cards, step.get("filter")):
        fact = table.card_facts(state, iid)
        if fact.is_monster and (not (fact.is_extra_deck or fact.is_("ritual")) or state.cards[iid].props.get("proper")):
            found.append(iid)
    return found


@VOCABULARY.word("special_summon", filter=dict)
def special_summon(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Special Summon a monster from your GY to a Main Monster Zone (an Extra Deck monster never to an EMZ: 3.7)."""
    context = _vars(tx, fi)
    me = context["controller"]
    found = revival_candidates(tx.state, me, step, context.get("source"))
    zones = table.free_mmz(tx.state, me)
    if not found or not zones:
        return True
    answer = procedure.take_answer(tx, fi)
    if answer is None:
        return procedure.ask(tx, fi, me, "special_summon", "pick", "Special Summon 1 monster from your GY", found,
                             1, 1, rule="YGO 5.7")
    card = answer["picks"][0]
    proper = tx.state.cards[card].props.get("proper")
    tx.clear_card(card)
    tx.move(card, zones[0])
    tx.set_prop(card, "turn", tx.state.turn)
    if proper:
        tx.set_prop(card, "proper", True)
    tx.log(f"{me} Special Summons {tx.state.definition(card).name} to {zones[0]}", "YGO 3.7")
    emit(tx, trigger_event("special_summoned", card, me))
    return True


@VOCABULARY.word("summon_token", card=str, count=int)
def summon_token(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Special Summon `count` Tokens (the card id of the Token) to your free Main Monster Zones in Defense Position,
    as many as there is room for (YGO 5.7: a Token is made on the field; off it, it ceases to exist, R9)."""
    me = _vars(tx, fi)["controller"]
    for _ in range(step.get("count", 1)):
        zones = table.free_mmz(tx.state, me)
        if not zones:
            break
        token = tx.create_token(step["card"], me, zones[0])
        tx.set_data(table.TOKENS_MADE, True)
        tx.set_field(token, "tapped", True)
        tx.set_prop(token, "turn", tx.state.turn)
        tx.log(f"{me} Special Summons {tx.state.definition(token).name}", "YGO 5.7")
        emit(tx, trigger_event("special_summoned", token, me))
    return True


def banish_cost_options(state: GameState, player: str, source: int | None) -> list[int]:
    """Return the monsters `player` controls that a cost may banish: face-up ones, never a Token (YGO 5.7 Tokens: a Token
    can never be banished as a cost, AS-Y18)."""
    return [m for m in table.monsters(state, player) if m != source and not state.cards[m].is_token
            and not state.cards[m].face_down]


@VOCABULARY.word("banish_monster", count=int)
def banish_monster(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Banish monsters you control as a cost (the player picks; a Token cannot be chosen, AS-Y18)."""
    context = _vars(tx, fi)
    options = banish_cost_options(tx.state, context["controller"], context.get("source"))
    return _pay_with_cards(tx, fi, "banish_cost", f"Banish {step['count']} monster(s) you control as a cost", options,
                           step["count"], "banished", "banished")


@VOCABULARY.word("take_control", until=str)
def take_control(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Take control of the targets: a monster in an EMZ moves to one of your Main Monster Zones (YGO 3.7);
    `until: end_of_turn` gives it back in the End Phase (`return_control`)."""
    me = _vars(tx, fi)["controller"]
    for target in _live_targets(tx.state, fi):
        zones = table.free_mmz(tx.state, me)
        if not zones:
            continue
        tx.move(target, zones[0])
        tx.set_field(target, "controller", me)
        if step.get("until") == "end_of_turn":
            tx.set_prop(target, "control_until", tx.state.turn)
        tx.log(f"{me} takes control of {tx.state.definition(target).name}", "YGO 3.7")
    return True


def return_control(tx: Transaction) -> None:
    """Give back the monsters whose control was taken until the end of the turn: each goes to a free Main Monster
    Zone of its owner, or, with none free, is destroyed and sent to the GY by rule (YGO 3.7, AS-Y14)."""
    state = tx.state
    for player in state.players:
        for iid in table.monsters(state, player):
            if state.cards[iid].props.get("control_until") is None:
                continue
            tx.set_prop(iid, "control_until", None)
            owner = state.cards[iid].owner
            zones = table.free_mmz(state, owner)
            name = state.definition(iid).name
            if not zones:
                table.leave_field(tx, iid, "gy", "YGO 3.7: control returns, but its owner has no free Main Monster "
                                                 "Zone: destroyed by rule")
                emit(tx, trigger_event("destroyed", iid, owner))
                continue
            tx.move(iid, zones[0])
            tx.set_field(iid, "controller", owner)
            tx.log(f"control of {name} returns to {owner}", "YGO 3.7")


def _materials_at_hand(state: GameState, player: str) -> list[int]:
    return list(state.zones[f"{player}.hand"].cards) + [m for m in table.monsters(state, player)
                                                        if not state.cards[m].face_down]


def _fusion_pool(state: GameState, player: str, source: int | None, chosen: Sequence[int] = ()
                 ) -> list[tuple[int, CardDefinition]]:
    """Return the monsters of the hand and field that may still be Fusion Material (not the source, not chosen)."""
    return [(c, state.definition(c)) for c in _materials_at_hand(state, player)
            if c != source and c not in chosen and table.card_facts(state, c).is_monster]


def _slots(state: GameState, fusion: int) -> list[Material]:
    return material_slots(fusion_materials(state.definition(fusion)) or ())


GENERIC_MATERIALS = 2   # a material line the rules cannot read: at least 2 monsters (a Fusion Summon by hand)


def fusion_candidates(state: GameState, player: str, step: Mapping[str, Any], source: int | None) -> list[int]:
    """Return the Fusion Monsters of the Extra Deck whose materials (named ones, or read from a real card's material
    line: "X" + "Y", 2 "Arch" monsters, "X" + 1 DARK monster) are in the hand or on the field; with `generic`, also
    those whose line the rules cannot read, when 2 or more monsters are there (the player names the materials)."""
    return list(_fusion_monsters(state, player, step, source))


def _fusion_monsters(state: GameState, player: str, step: Mapping[str, Any], source: int | None) -> Iterator[int]:
    """Yield `fusion_candidates` one at a time (an activation's check stops at the first)."""
    pool = _fusion_pool(state, player, source)
    seen, filt = Seen(state, player, source), step.get("filter")
    for iid in state.zones[f"{player}.extra"].cards:
        if filt and not FILTER.holds(seen, iid, filt) or not table.card_facts(state, iid).is_("fusion"):
            continue
        slots = _slots(state, iid)
        fillable = can_fill(slots, pool) if slots else bool(step.get("generic")) and len(pool) >= GENERIC_MATERIALS
        if fillable and table.summon_zones(state, player, iid):
            yield iid


@VOCABULARY.word("fusion_summon", filter=dict, generic=bool)
def fusion_summon(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Fusion Summon: choose a Fusion Monster, then its named materials one by one from hand or field; they go
    to the GY and it is Special Summoned, properly (YGO 5.7). With `generic` (a Fusion Spell carried out by hand), a
    Fusion Monster whose material line the rules cannot read takes the 2 or more monsters its player picks at once."""
    context = _vars(tx, fi)
    me, state = context["controller"], tx.state
    answer = procedure.take_answer(tx, fi)
    fusion = context.get("fusion")
    if fusion is None:
        waits = _choose_monster(tx, fi, "fusion", answer, fusion_candidates(state, me, step, context.get("source")))
        if waits is not None:
            return waits
        procedure.set_var(tx, fi, "chosen", [])
        return _ask_material(tx, fi) is not False
    chosen = list(context.get("chosen", ()))
    if answer is not None:
        chosen.extend(answer["picks"])   # one material at a time, or all at once for an unread line
        procedure.set_var(tx, fi, "chosen", chosen)
    if _ask_material(tx, fi) is False:
        return False
    for material in chosen:
        table.leave_field(tx, material, "gy", "YGO 5.7: used as Fusion Material")
    _summon_properly(tx, me, fusion, "Fusion")
    procedure.set_var(tx, fi, "fusion", None)
    return True


def _choose_monster(tx: Transaction, fi: int, kind: str, answer: Mapping[str, Any] | None, found: list[int]
                    ) -> bool | None:
    """Ask which monster to Fusion or Ritual Summon, or store the answer under `kind`: None once it is stored,
    else what the step returns (False: it waits for the answer; True: there is nothing to summon)."""
    if answer is not None:
        procedure.set_var(tx, fi, kind, answer["picks"][0])
        return None
    if not found:
        return True
    return procedure.ask(tx, fi, _vars(tx, fi)["controller"], kind, "pick",
                         f"Choose the {kind.title()} Monster to {kind.title()} Summon", found, 1, 1, rule="YGO 5.7")


def _ask_material(tx: Transaction, fi: int) -> bool | None:
    """Ask for the next Fusion Material of the chosen Fusion Monster (only cards that leave the rest fillable);
    None when all are chosen."""
    context = _vars(tx, fi)
    state, me = tx.state, context["controller"]
    chosen = list(context.get("chosen", ()))
    slots = _slots(state, context["fusion"])
    pool = _fusion_pool(state, me, context.get("source"), chosen)
    if not slots and not chosen:   # a line the rules cannot read (only offered by hand): the player names them all
        name = state.definition(context["fusion"]).name
        return procedure.ask(tx, fi, me, "fusion_material", "pick",
                             f"Choose the Fusion Materials {name}'s text names (2 or more: the rules cannot read "
                             "its material line)", [c for c, _ in pool], GENERIC_MATERIALS, len(pool),
                             rule="YGO 5.7 (by hand)")
    remaining = slots[len(chosen):]
    if not remaining:
        return None
    options = [c for c, card in pool if fits_material(card, remaining[0])
               and can_fill(remaining[1:], [p for p in pool if p[0] != c])]
    return procedure.ask(tx, fi, me, "fusion_material", "pick", f"Choose {remaining[0].describe()} as Fusion Material",
                         options, 1, 1, rule="YGO 5.7")


def ritual_candidates(state: GameState, player: str, step: Mapping[str, Any], source: int | None) -> list[int]:
    """Return the Ritual Monsters in the hand whose Level the other monsters of hand and field can reach."""
    found = []
    for iid in FILTER.select(Seen(state, player, source), state.zones[f"{player}.hand"].cards, step.get("filter")):
        fact = table.card_facts(state, iid)
        if not (fact.is_monster and fact.is_("ritual")):
            continue
        levels = sum(table.card_facts(state, c).level for c in _materials_at_hand(state, player)
                     if c not in (iid, source) and table.card_facts(state, c).is_monster)
        if levels >= fact.level and table.free_mmz(state, player, table.monsters(state, player)):
            found.append(iid)
    return found


@VOCABULARY.word("ritual_summon", filter=dict)
def ritual_summon(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Ritual Summon: choose a Ritual Monster in the hand, then Tribute monsters from hand or field whose Levels
    total at least its Level (asked again while they fall short); it is Special Summoned, properly (YGO 5.7)."""
    context = _vars(tx, fi)
    me, state = context["controller"], tx.state
    answer = procedure.take_answer(tx, fi)
    ritual = context.get("ritual")
    if ritual is None:
        waits = _choose_monster(tx, fi, "ritual", answer, ritual_candidates(state, me, step, context.get("source")))
        if waits is not None:
            return waits
        ritual = _vars(tx, fi)["ritual"]
        answer = None
    level = table.card_facts(state, ritual).level
    options = [c for c in _materials_at_hand(state, me) if c not in (ritual, context.get("source"))
               and table.card_facts(state, c).is_monster]
    tributes = list(answer["picks"]) if answer is not None else []
    if sum(table.card_facts(state, c).level for c in tributes) < level or not table.free_mmz(state, me, tributes):
        return procedure.ask(tx, fi, me, "ritual_tributes", "pick",
                             f"Tribute monsters whose Levels total {level} or more", options, 1, len(options),
                             rule="YGO 5.7")
    for tribute in tributes:
        table.leave_field(tx, tribute, "gy", "YGO 5.7: Tributed for a Ritual Summon")
    _summon_properly(tx, me, ritual, "Ritual")
    procedure.set_var(tx, fi, "ritual", None)
    return True


def _summon_properly(tx: Transaction, player: str, iid: int, kind: str) -> None:
    zones = table.summon_zones(tx.state, player, iid)
    zones = [z for z in zones if ".mmz." in z] + [z for z in zones if ".mmz." not in z]
    tx.clear_card(iid)
    tx.move(iid, zones[0])
    tx.set_prop(iid, "turn", tx.state.turn)
    tx.set_prop(iid, "proper", True)
    tx.log(f"{player} {kind} Summons {tx.state.definition(iid).name}", "YGO 5.7")
    emit(tx, trigger_event("special_summoned", iid, player))


# -- reading a card's effects --------------------------------------------------------------------

def coded(state: GameState, iid: int, kind: str) -> list[tuple[int, Mapping[str, Any]]]:
    """Return a card's coded effects of one kind, with their indexes."""
    return [(n, e) for n, e in enumerate(state.definition(iid).effects) if e.get("kind") == kind]


def target_options(state: GameState, player: str, source: int, effect: Mapping[str, Any]) -> list[int]:
    """Return what an effect's `target` may choose now."""
    return list(_targets(state, player, source, effect))


def _targets(state: GameState, player: str, source: int, effect: Mapping[str, Any]) -> Iterator[int]:
    """Yield `target_options` one at a time (an activation's check stops at the first)."""
    spec = effect.get("target")
    if not spec:
        return
    zone = spec.get("zone", "cards")
    found: list[int] = []
    attack = state.data.get("attack")
    if zone == "attacker":   # the monster whose attack is being declared
        found = [attack["attacker"]] if attack and attack["attacker"] in state.cards else []
    for side in _players(state, player, spec.get("side", "any")):
        if zone in ("monsters", "cards"):
            found += table.monsters(state, side)
        if zone in ("spells_traps", "cards"):
            found += table.spells_traps(state, side)
    found = [c for c in found if c != source]
    takes_control = any(s.get("effect") == "take_control" for s in effect.get("do", ()))
    seen, filt = Seen(state, player, source), spec.get("filter")
    for c in found:
        if takes_control and state.cards[c].zone.startswith("emz.") and not table.free_mmz(state, player):
            continue   # YGO 3.7, AS-Y14
        if not filt or FILTER.holds(seen, c, filt):
            yield c


def activation_refusal(state: GameState, player: str, source: int, effect: Mapping[str, Any]) -> str | None:
    """Return why a coded effect cannot be activated now (its condition, its cost, its targets), or None."""
    needs = effect.get("needs")
    attack = state.data.get("attack")
    if needs == "attack" and not (attack and state.cards[attack["attacker"]].controller != player):
        return "it answers an opponent's attack declaration"
    if needs == "summon" and not state.data.get("summoning"):
        return "it answers a monster being summoned"
    if needs == "chain":
        top = stack.top(state)
        if top is None:
            return "it answers a chain link, and there is none"
        kinds = table.card_facts(state, top["card"]).kinds
        wanted = (effect.get("target") or {}).get("filter", {}).get("kind")
        if wanted and (top["kind"] != "card" or wanted not in kinds):
            return f"it answers the activation of a {wanted} card"
    for step in effect.get("cost", ()):
        word = step.get("effect")
        if word == "pay_lp" and state.total(player, "lp") < step["amount"]:
            return f"you cannot pay {step['amount']} LP: you have {state.total(player, 'lp')} (YGO 1.4)"
        if word == "discard" and len([c for c in state.zones[f"{player}.hand"].cards if c != source]) < step["count"]:
            return "you have too few cards in hand to discard"
        if word == "banish_monster" and len(banish_cost_options(state, player, source)) < step["count"]:
            return "you control too few monsters that can be banished as a cost (a Token cannot be)"
        if word == "detach" and sum(1 for m in state.zones[f"{player}.materials"].cards
                                    if state.cards[m].props.get("under") == source) < step["count"]:
            return "it has too few materials to detach"
    for step in effect.get("do", ()):
        if step.get("effect") == "search" and not search_candidates(state, player, step, source):
            return "no card in your Deck qualifies (YGO 10.5)"
        if step.get("effect") == "fusion_summon" and next(_fusion_monsters(state, player, step, source), None) is None:
            return "no Fusion Monster has its materials in your hand or on your field"
        if step.get("effect") == "ritual_summon" and not ritual_candidates(state, player, step, source):
            return "no Ritual Monster in your hand can be Ritual Summoned with what you have"
        if step.get("effect") == "summon_token" and not table.free_mmz(state, player):
            return "you have no free Main Monster Zone for a Token (YGO 3.4)"
        if step.get("effect") == "special_summon" and not (revival_candidates(state, player, step, source)
                                                           and table.free_mmz(state, player)):
            return "no monster may be Special Summoned (revival limit or no free Main Monster Zone)"
    if effect.get("target") and needs != "chain" and next(_targets(state, player, source, effect), None) is None:
        return "there is nothing it may target"
    return None


@VOCABULARY.word("_choose_targets")
def choose_targets(tx: Transaction, fi: int, step: Mapping[str, Any]) -> bool:
    """Choose the effect's target on activation (digest 7.3)."""
    context = _vars(tx, fi)
    effect = tx.state.definition(context["source"]).effects[context["effect"]]
    answer = procedure.take_answer(tx, fi)
    if answer is None:
        options = target_options(tx.state, context["controller"], context["source"], effect)
        if not options:
            return True
        return procedure.ask(tx, fi, context["controller"], "target", "pick", "Choose the target", options, 1, 1,
                             rule="YGO 7.3")
    picks = list(answer["picks"])
    procedure.set_var(tx, fi, "targets", picks)
    procedure.set_var(tx, fi, "target_zones", [tx.state.cards[p].zone for p in picks])
    return True


def emit(tx: Transaction, event: Mapping[str, Any]) -> None:
    """Queue the trigger effects an event sets off (they wait for the next chain, SEGOC: digest 7.4), marking when
    it happened so that a "when ... you can" trigger can miss the timing (7.5)."""
    state = tx.state
    moment = int(state.data.get("moment") or 0)
    for player in state.players:
        for iid in table.monsters(state, player) + table.spells_traps(state, player) + state.zones[f"{player}.gy"].cards:
            if state.cards[iid].face_down:   # a face-down card's effects do not apply
                continue
            for index, effect in coded(state, iid, "trigger"):
                owner = state.cards[iid].controller
                if effect.get("when") != event["type"]:
                    continue
                if "card" in event and not (effect.get("of_any") or event["card"] == iid):
                    continue
                if "card" not in event and event.get("player") != owner:   # "when you take damage"
                    continue
                queue(tx, owner, {"source": iid, "effect": index, "name": state.definition(iid).name,
                                  "optional": bool(effect.get("optional")), "timing": effect.get("timing", "if"),
                                  "moment": moment})


def effect_problems(data: Mapping[str, Any]) -> list[str]:
    """Return one line per problem with a card mapping's coded effects (checked when a card file is read)."""
    problems: list[str] = []
    card = data.get("id", "?")
    for n, effect in enumerate(data.get("effects") or ()):
        where = f"{card}: effects[{n}]"
        if not isinstance(effect, Mapping):
            problems.append(f"{where}: an effect is a mapping")
            continue
        problems += [f"{where}: unknown key {k!r}" for k in effect if k not in EFFECT_KEYS]
        if effect.get("kind") not in KINDS:
            problems.append(f"{where}: 'kind' is one of {', '.join(KINDS)}")
        if effect.get("kind") == "trigger" and effect.get("when") not in EVENTS:
            problems.append(f"{where}: a trigger needs 'when', one of {', '.join(EVENTS)}")
        target = effect.get("target")
        if target is not None:
            if not isinstance(target, Mapping):
                problems.append(f"{where}.target: a mapping of side, zone and filter")
            else:
                problems += [f"{where}.target: unknown key {k!r}" for k in target if k not in TARGET_KEYS]
                problems += FILTER.unknown_keys(f"{where}.target.filter", target.get("filter", {}))
        for part in ("cost", "do"):
            for m, step in enumerate(effect.get(part) or ()):
                problems += VOCABULARY.check_step(f"{where}.{part}[{m}]", step)
                if isinstance(step, Mapping) and isinstance(step.get("filter"), Mapping):
                    problems += FILTER.unknown_keys(f"{where}.{part}[{m}].filter", step["filter"])
    return problems
