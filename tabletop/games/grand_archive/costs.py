"""Grand Archive costs (GA 9): reserve costs paid from the hand into memory, memory costs paid at random from
memory, and the keywords that change how they are paid (Efficiency, Reservable, Kindle, Brew, Prepare, Imbue,
Floating Memory); and the levelling check of a champion (GA 9.7a, Lineage)."""
from __future__ import annotations

from typing import Any

from tabletop.engine import procedure
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.zones import zone_id
from tabletop.games.grand_archive.effects import VOCABULARY
from tabletop.games.grand_archive.flow import put
from tabletop.games.grand_archive.table import (
    champion, elements, field_objects, keyword, keyword_number, level, lineage_name, printed_level, static_bonus,
    words, zone_of,
)


def reserve_cost(state: GameState, player: str, card: int) -> int:
    """GA 9.4: the printed reserve cost, less LV with Efficiency (seed Efficiency 1; CR: a negative LV adds), less
    the card's own "costs N less to activate" while its restriction holds (GA 10.1), min 0."""
    cost = (state.definition(card).cost or 0) + static_bonus(state, card, "reserve_cost")
    if keyword(state, card, "efficiency"):
        cost -= level(state, player)
    return max(0, cost)


def memory_cost(state: GameState, card: int) -> int:
    """GA 9.4, 9.6: the printed memory cost less the card's own "costs N less to materialize" while its
    restriction holds (GA 10.1), min 0."""
    return max(0, (state.definition(card).cost or 0) + static_bonus(state, card, "memory_cost"))


def kindle_cards(state: GameState, player: str, card: int) -> list[int]:
    """seed Kindle 1: the fire cards of your graveyard that may each pay 1: up to N of them, the topmost offered
    (fire cards of a graveyard pay alike, so any pick among the offered ones is a legal payment)."""
    count = keyword_number(state, card, "kindle")
    if not count:
        return []
    return [i for i in reversed(zone_of(state, player, "graveyard")) if "fire" in elements(state, i)][:count]


def reservable_objects(state: GameState, player: str) -> list[int]:
    """seed Reservable 1: your awake objects with Reservable, each rested to pay 1."""
    return [i for i in field_objects(state, player) if not state.cards[i].tapped and keyword(state, i, "reservable")]


def reserve_options(state: GameState, player: str, card: int) -> list[int]:
    """Return what may pay a reserve cost: the other cards of the hand, Reservable objects, Kindle cards."""
    hand = [i for i in zone_of(state, player, "hand") if i != card]
    return hand + reservable_objects(state, player) + kindle_cards(state, player, card)


def can_pay_reserve(state: GameState, player: str, card: int) -> bool:
    """Tell whether the reserve cost can be paid (GA 9.1; Kindle counts at most N graveyard cards)."""
    hand = len(zone_of(state, player, "hand")) - (1 if card in zone_of(state, player, "hand") else 0)
    kindle = len(kindle_cards(state, player, card))
    return hand + len(reservable_objects(state, player)) + kindle >= reserve_cost(state, player, card)


def brew_ingredients(state: GameState, player: str, card: int) -> list[int]:
    """seed Brew 1: the objects Brew would sacrifice (the card's `brew` subtype), when there are enough."""
    recipe = state.definition(card).attributes.get("brew") or {}
    if not keyword(state, card, "brew") or not recipe:
        return []
    found = [i for i in field_objects(state, player) if str(recipe.get("subtype", "")).lower() in words(
        state, i, "subtypes")]
    count = int(recipe.get("count", 1))
    return found[:count] if len(found) >= count else []


def can_prepare(state: GameState, player: str, card: int) -> bool:
    """seed Prepare 1: the champion has the N preparation counters to remove."""
    need = keyword_number(state, card, "prepare")
    top = champion(state, player)
    return bool(need) and top is not None and state.cards[top].counters.get("preparation", 0) >= need


def floating_memory(state: GameState, player: str) -> list[int]:
    """seed Floating Memory 1: graveyard cards that may be banished to pay 1 of a memory cost."""
    return [i for i in zone_of(state, player, "graveyard") if keyword(state, i, "floating_memory")]


def can_pay_memory(state: GameState, player: str, card: int) -> bool:
    """GA 9.2: enough cards in memory, counting Floating Memory in the graveyard."""
    cost = memory_cost(state, card)
    return len(zone_of(state, player, "memory")) + len(floating_memory(state, player)) >= cost


def can_level_into(state: GameState, player: str, card: int) -> bool:
    """GA 9.7a: a champion of printed level N+1 (never 0) whose Lineage names your champion (seed Lineage 1)."""
    printed = state.definition(card).stat("level")
    if printed == 0 or printed != printed_level(state, player) + 1:
        return False
    required = keyword(state, card, "lineage")
    top = champion(state, player)
    if not isinstance(required, str):
        return True
    name = state.definition(top).name if top is not None else ""
    return name == required or lineage_name(name) == required  # "Diana Lineage": any "Diana, …" champion


@VOCABULARY.word("_pay_reserve")
def _pay_reserve(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """GA 9.1: put the chosen cards face down into memory (Reservable rests, Kindle banishes); then Imbue."""
    state = tx.state
    ctx = procedure.ctx(state, fi)
    me = str(ctx["controller"])
    card = int(ctx["card"] if ctx.get("card") is not None else ctx["source"])  # an ability's "(N)": its source
    props = dict(ctx.get("props") or {})
    if props.get("brewed"):
        for iid in brew_ingredients(state, me, card):
            from tabletop.games.grand_archive.flow import leave_field
            leave_field(tx, iid, "graveyard")
        tx.log(f"{me} brews {state.definition(card).name}", "seed Brew 1")
        return True
    cost = int(props.get("cost", 0))
    options = reserve_options(state, me, card)
    if cost == 0:
        return True
    if len(options) == cost:
        chosen = options
    else:
        answer = procedure.take_answer(tx, fi)
        if answer is None:
            return procedure.ask(tx, fi, me, "reserve", "pick", f"Pay {cost} for {state.definition(card).name}: "
                                 "choose cards to reserve", options, cost, cost, "GA 9.1")
        chosen = list(answer["picks"])
    kindle = [i for i in chosen if state.cards[i].zone.endswith(".graveyard")]
    hand = [i for i in chosen if state.cards[i].zone == zone_id(me, "hand")]
    for iid in chosen:
        if iid in hand:
            put(tx, iid, "memory")
        elif iid in kindle:
            put(tx, iid, "banishment")
        else:
            tx.set_field(iid, "tapped", True)
    need = keyword_number(state, card, "imbue")
    if props.get("imbue") and need:  # seed Imbue 1, 3: revealed, not "revealed from memory"; face down after
        same = sum(1 for i in hand if elements(state, i) & elements(state, card))
        if same >= need:
            props["imbued"] = True
            procedure.set_var(tx, fi, "props", props)
            tx.log(f"{me} reveals the reserved cards: {state.definition(card).name} is imbued", "seed Imbue 1")
    tx.log(f"{me} reserves {len(chosen)} for {state.definition(card).name}", "GA 9.1")
    return True


@VOCABULARY.word("_pay_memory")
def _pay_memory(tx: Transaction, fi: int, step: dict[str, Any]) -> bool:
    """GA 9.2: Floating Memory is declared first (seed Floating Memory 2), then the rest is banished at random."""
    state = tx.state
    ctx = procedure.ctx(state, fi)
    me, card = str(ctx["controller"]), int(ctx["card"])
    cost = memory_cost(state, card)
    floating = floating_memory(state, me)
    memory = zone_of(state, me, "memory")
    low, high = max(0, cost - len(memory)), min(cost, len(floating))
    chosen: list[int] = []
    if high > 0:
        answer = procedure.take_answer(tx, fi)
        if answer is None:
            return procedure.ask(tx, fi, me, "floating_memory", "pick", "Banish Floating Memory cards from your "
                                 "graveyard to pay 1 each", floating, low, high, "seed Floating Memory 1")
        chosen = list(answer["picks"])
    for iid in chosen:
        put(tx, iid, "banishment")
    for _ in range(cost - len(chosen)):  # GA 9.2: chosen at random, fairly, no reselection
        pool = zone_of(state, me, "memory")
        put(tx, pool[tx.random_below(len(pool))], "banishment")
    tx.log(f"{me} pays {cost} memory for {state.definition(card).name}"
           + (f" ({len(chosen)} by Floating Memory)" if chosen else ""), "GA 9.2")
    return True


def starcalling_cost(state: GameState, card: int) -> int | None:
    """seed Starcalling 1: the card's starcalling cost (its file's `starcalling_cost`, or printed "Starcalling —
    (N)"), None when it has no Starcalling."""
    value = keyword(state, card, "starcalling")
    if not value:
        return None
    cost = state.definition(card).attributes.get("starcalling_cost")
    if cost is None and value is not True:
        cost = value
    return None if cost is None else int(cost)


def can_starcall(state: GameState, player: str, card: int) -> bool:
    """seed Starcalling 1: a glimpsed card with Starcalling whose cost can be paid and whose elements are enabled."""
    from tabletop.games.grand_archive.table import enabled_elements
    cost = starcalling_cost(state, card)
    if cost is None or elements(state, card) - enabled_elements(state, player):
        return False
    return len(reserve_options(state, player, card)) >= int(cost)


def starcall(tx: Transaction, player: str, card: int) -> None:
    """seed Starcalling 1, 4, 5: activate the card from the main deck for its starcalling cost (alternative cost,
    ignoring timing); it goes on the stack now and resolves after the current effect."""
    state = tx.state
    tx.move(card, "stack", 0)
    tx.log(f"{player} starcalls {state.definition(card).name} from the main deck", "seed Starcalling 1")
    push_activation(tx, player, card, {"cost": starcalling_cost(state, card)}, [])


def push_activation(tx: Transaction, player: str, card: int, props: dict[str, Any], link_options: list[int]) -> None:
    """GA 9.5 steps 5–9 for a card announced onto the stack: its target, its link, its payment, then the stack."""
    from tabletop.games.grand_archive.effects import first_choice, resolution_steps
    state = tx.state
    steps = resolution_steps(state, card)
    frame: list[dict[str, Any]] = []
    spec = first_choice(steps)
    if spec is not None:
        frame.append({"effect": "_choose_target", "spec": spec})
    if keyword(state, card, "link"):
        frame.append({"effect": "_choose_link", "options": link_options})
    frame += [{"effect": "_pay_reserve"}, {"effect": "_to_stack", "kind": "card"}]
    item = "attack" if state.definition(card).card_type == "attack" else "card"
    procedure.push(tx, frame, {"controller": player, "source": card, "card": card, "name": state.definition(card).name,
                               "vars": {}, "props": props, "steps": steps, "item": item,
                               "spell": "spell" in words(state, card, "subtypes")}, atomic=True)
