"""The chain (digest §7) on the engine's stack: activations with their Spell Speeds, the response windows, and
resolution last-in first-out; an effect the rules do not code is carried out by hand when its link resolves.

A chain link is an engine stack item: {name, controller, card, speed, kind ("card": a Spell/Trap/Pendulum Scale
activated; "effect": an effect of a card already face-up), text}. The Damage Step allows only Counter Traps
(digest 6.3, DSC).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.engine import procedure, stack
from tabletop.engine.cards import CardDefinition
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.library_index import PerLibrary
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.games.yugioh import effects, table
from tabletop.games.yugioh.cards import CardFacts

BY_HAND = "resolve_by_hand"
MAIN_PHASES = ("main1", "main2")
_STAYS = ("continuous", "equip", "field")   # YGO 7.3: these stay on the field after resolving


def top_speed(state: GameState) -> int:
    """Return the Spell Speed of the last chain link (0 with no chain)."""
    top = stack.top(state)
    return int(top["speed"]) if top else 0


def is_open(state: GameState) -> bool:
    """Tell whether the game state is open: no chain is building and no choice waits (YGO 7.2)."""
    return stack.is_empty(state) and not procedure.is_waiting(state)


def can_act_at_speed_1(state: GameState, player: str) -> bool:
    """Tell whether `player` may start a Spell Speed 1 activation: their own Main Phase, an open game state."""
    return (player == state.active and state.phase in MAIN_PHASES and is_open(state)
            and stack.priority_holder(state) == player)


def speed_refusal(state: GameState, player: str, speed: int) -> str | None:
    """Return why an activation of `speed` cannot be made now by `player`, or None (YGO 7.1, 6.3)."""
    if stack.priority_holder(state) != player or procedure.is_waiting(state):
        return "you do not have priority now"
    if state.step == "damage" and speed < 3:
        return "only Counter Traps may be activated in the Damage Step"
    if speed == 1:
        return None if can_act_at_speed_1(state, player) else \
            "a Spell Speed 1 activation starts a chain only in your own Main Phase, in an open game state"
    previous = top_speed(state)
    if speed < previous:
        return f"a Spell Speed {speed} activation cannot answer a Spell Speed {previous} chain link"
    return None


SUMMON_WINDOW = "YGO 5.7: while a monster is being summoned, only an effect that negates the Summon may be activated"


def negates_summons(definition: CardDefinition) -> bool:
    """Tell whether a card's effect negates a Summon: coded with `negate_summon`, or its text says so."""
    if definition.effects:
        return any(step.get("effect") == "negate_summon" for e in definition.effects for step in e.get("do", ()))
    return "negate the summon" in definition.text.lower()


def summon_window_refusal(state: GameState, iid: int) -> str | None:
    """Return why an activation cannot start a chain in the window before a summon succeeds (digest 5.7), or None."""
    if state.data.get("summoning") and stack.is_empty(state) and not quick_reads(state, iid).negates_summons:
        return SUMMON_WINDOW
    return None


def card_refusal(state: GameState, player: str, iid: int) -> str | None:
    """Return why `player` cannot activate this Spell, Trap or Pendulum Scale now, or None (YGO 7.6, 9.2, 9.3)."""
    card = state.cards[iid]
    fact = table.card_facts(state, iid)
    if card.controller != player:
        return "you can activate only your own cards"
    in_hand = card.zone == f"{player}.hand"
    is_set = table.is_on_field(state, iid) and card.face_down and not table.is_monster_zone(card.zone)
    if fact.is_monster:
        if not (in_hand and fact.is_("pendulum")):
            return "a monster is activated as a Pendulum Scale only from the hand"
        if not [z for z in table.PENDULUM_ZONES if not state.zones[f"{player}.{z}"].cards]:
            return "both of your Pendulum Zones are occupied (YGO 3.4)"
        return speed_refusal(state, player, 1)
    if not (in_hand or is_set):
        return "a Spell or Trap is activated from your hand or Set on your field"
    if fact.is_("trap"):
        if in_hand:
            return "a Trap must be Set before it is activated (YGO 9.3)"
        if card.props.get("turn") == state.turn:
            return "a Trap cannot be activated the turn it was Set (YGO 7.6)"
    elif fact.is_("quick-play"):
        if in_hand and player != state.active:
            return "a Quick-Play Spell is activated from the hand only in your own turn (YGO 7.6)"
        if is_set and card.props.get("turn") == state.turn:
            return "a Set Quick-Play Spell cannot be activated the turn it was Set (YGO 7.6)"
    if in_hand and not fact.is_("field") and not table.free_stz(state, player):
        return "all of your Spell & Trap Zones are occupied (YGO 3.4)"
    if fact.is_("equip") and not any(not state.cards[m].face_down for p in state.players for m in table.monsters(state, p)):
        return "an Equip Spell targets a face-up monster, and there is none (YGO 9.2)"
    refusal = speed_refusal(state, player, fact.spell_speed) or summon_window_refusal(state, iid)
    if refusal is None:
        for _, effect in effects.coded(state, iid, "activate")[:1]:
            refusal = effects.activation_refusal(state, player, iid, effect)
    return refusal


def effect_speed(fact: CardFacts, quick: bool) -> int:
    """Return the Spell Speed of a declared effect: a Quick Effect 2, a Continuous Trap's 2, else 1 (YGO 7.1)."""
    return 2 if quick or fact.is_("trap") else 1


def has_quick_effect(definition: CardDefinition) -> bool:
    """Tell whether a card has a Quick Effect: a coded one (`kind: quick`), or its text says so."""
    return any(e.get("kind") == "quick" for e in definition.effects) or any(
        words in definition.text for words in ("Quick Effect", "either player's turn"))


def has_hand_quick_effect(definition: CardDefinition) -> bool:
    """Tell whether a monster has a Quick Effect activated from the hand (a "hand trap"): coded with `from: hand`, or
    its text says "Quick Effect" and that the card is discarded or used from the hand."""
    if any(e.get("kind") == "quick" and e.get("from") == "hand" for e in definition.effects):
        return True
    text = definition.text.lower()
    return not definition.effects and "quick effect" in text and any(
        words in text for words in ("discard this card", "from your hand", "in your hand"))


@dataclass(frozen=True)
class QuickReads:
    """What a card's text and coded effects say about Quick Effects and negating Summons."""

    quick: bool       # it has a Quick Effect
    from_hand: bool   # it has one activated from the hand (a "hand trap")
    negates_summons: bool


# Read once per card library.
QUICK_READS: PerLibrary[dict[str, QuickReads]] = PerLibrary(lambda library: {
    cid: QuickReads(has_quick_effect(library[cid]), has_hand_quick_effect(library[cid]), negates_summons(library[cid]))
    for cid in library})


def quick_reads(state: GameState, iid: int) -> QuickReads:
    """Return what a card on the table says about Quick Effects and negating Summons."""
    return QUICK_READS(state.library)[state.cards[iid].card_id]


def quick_effects(state: GameState, iid: int, kind: str) -> list[tuple[int, Any]]:
    """Return a card's coded effects of one kind usable where it is: from the hand only those marked `from: hand`."""
    in_hand = state.cards[iid].zone.endswith(".hand")
    return [(n, e) for n, e in effects.coded(state, iid, kind) if (e.get("from") == "hand") == in_hand]


def effect_refusal(state: GameState, player: str, iid: int, quick: bool) -> str | None:
    """Return why `player` cannot declare an effect of this card now, or None."""
    card = state.cards[iid]
    fact = table.card_facts(state, iid)
    if card.zone == f"{player}.hand":
        if not (fact.is_monster and quick_reads(state, iid).from_hand):
            return "only a monster with a Quick Effect activated from the hand can use its effect from your hand"
        if not quick:
            return "an effect activated from the hand is a Quick Effect: declare it as one"
    elif card.controller != player or not table.is_on_field(state, iid) or card.face_down:
        return "only an effect of your own face-up card on the field (or a hand trap in your hand) can be declared"
    elif fact.is_monster and table.is_monster_zone(card.zone):
        if not fact.is_("effect"):
            return "a monster without effects has no effect to activate (YGO 9.1)"
    elif not (fact.kinds & {"continuous", "field"} or (fact.is_("pendulum") and card.props.get("scale"))):
        return "only a face-up Continuous or Field card, a Pendulum Scale or an Effect Monster has an effect to declare"
    elif quick:
        return "a Spell or Trap's effect has the Spell Speed of its card; declare it without 'quick'"
    if quick and not quick_reads(state, iid).quick:
        return "this card's text has no Quick Effect"
    if quick and card.zone != f"{player}.hand" and not quick_effects(state, iid, "quick") and any(
            e.get("from") == "hand" for e in state.definition(iid).effects):
        return "this card's Quick Effect is activated from the hand"
    if card.props.get("effect_used") == state.turn:
        return "this card's effect was already declared this turn (declare more by hand)"
    refusal = speed_refusal(state, player, effect_speed(fact, quick)) or summon_window_refusal(state, iid)
    if refusal is None:
        for _, effect in quick_effects(state, iid, "quick" if quick else "ignition")[:1]:
            refusal = effects.activation_refusal(state, player, iid, effect)
    return refusal


def activate_card(tx: Transaction, player: str, iid: int) -> None:
    """Turn the card face-up in its zone (placing it from the hand), and make it the next chain link."""
    state = tx.state
    fact = table.card_facts(state, iid)
    card = state.cards[iid]
    name = state.definition(iid).name
    if card.zone == f"{player}.hand":
        if fact.is_monster:
            zone = next(f"{player}.{z}" for z in table.PENDULUM_ZONES if not state.zones[f"{player}.{z}"].cards)
            tx.move(iid, zone)
            tx.set_prop(iid, "scale", True)
        elif fact.is_("field"):
            replace_field_spell(tx, player)
            tx.move(iid, f"{player}.field")
        else:
            tx.move(iid, table.free_stz(state, player)[0])
        tx.set_prop(iid, "turn", state.turn)
    tx.set_field(iid, "face_down", False)
    speed = 1 if fact.is_monster else fact.spell_speed
    tx.log(f"{player} activates {name} (Spell Speed {speed})", "YGO 7.2")
    start_activation(tx, player, iid, "card", speed, effects.coded(state, iid, "activate")[:1])


def replace_field_spell(tx: Transaction, player: str) -> None:
    """Send a player's old Field Spell to the GY by rule before a new one is placed (YGO R5: not destruction)."""
    for old in list(tx.state.zones[f"{player}.field"].cards):
        table.leave_field(tx, old, "gy", "YGO R5: the old Field Spell is replaced (not destroyed)")


def declare_effect(tx: Transaction, player: str, iid: int, quick: bool) -> None:
    """Make a declared effect of a face-up card the next chain link."""
    state = tx.state
    fact = table.card_facts(state, iid)
    tx.set_prop(iid, "effect_used", state.turn)
    speed = effect_speed(fact, quick)
    kind = "Quick Effect" if quick else "effect"
    found = quick_effects(state, iid, "quick" if quick else "ignition")[:1]
    in_hand = state.cards[iid].zone.endswith(".hand")
    where = " from the hand" if in_hand else ""
    tx.log(f"{player} activates the {kind} of {state.definition(iid).name}{where} (Spell Speed {speed})", "YGO 7.2")
    if in_hand:
        tx.reveal(iid, "all")
        if not found and "discard this card" in state.definition(iid).text.lower():
            table.leave_field(tx, iid, "gy", "YGO 7.3: discarded as the cost of its own effect")
    start_activation(tx, player, iid, "effect", speed, found)


def start_activation(tx: Transaction, player: str, iid: int, kind: str, speed: int,
                     found: list[tuple[int, Any]]) -> None:
    """Make an activation a chain link: a coded effect first pays its costs and chooses its targets (frames of
    the procedure layer, digest 7.3), then becomes the link; an uncoded one becomes a link at once."""
    answered = stack.top(tx.state)
    context: dict[str, Any] = {"controller": player, "source": iid, "kind": kind, "speed": speed,
                               "answers_link": answered["id"] if answered else None}
    if not found:
        push_link(tx, context)
        return
    index, effect = found[0]
    steps = list(effect.get("cost", ()))
    if effect.get("target") and effect.get("needs") != "chain":
        steps.append({"effect": "_choose_targets"})
    steps.append({"effect": "_make_link"})
    procedure.push(tx, steps, {**context, "effect": index}, kind="ability", atomic=True)


def push_link(tx: Transaction, context: Any) -> None:
    """Put a chain link on the engine's stack and give the other player the chance to respond (YGO 7.2)."""
    iid = context["source"]
    definition = tx.state.definition(iid)
    player = context["controller"]
    link = {"name": definition.name, "controller": player, "card": iid, "kind": context["kind"],
            "speed": context["speed"], "text": definition.text, "answers_link": context.get("answers_link")}
    if "effect" in context:
        link.update(effect=context["effect"], targets=list(context.get("targets", ())),
                    target_zones=list(context.get("target_zones", ())))
    stack.push(tx, link)
    stack.give_priority(tx, tx.state.opponent(player))
    tx.log(f"Chain Link {len(stack.items(tx.state))}: {definition.name} ({player})", "YGO 7.2")


@effects.VOCABULARY.word("_make_link")
def make_link(tx: Transaction, fi: int, step: Any) -> bool:
    """Become a chain link once the costs are paid and the targets chosen."""
    push_link(tx, procedure.ctx(tx.state, fi))
    return True


@effects.VOCABULARY.word("_finish_link")
def finish_link(tx: Transaction, fi: int, step: Any) -> bool:
    """After a coded link resolved: a Normal Spell or Trap still on the field goes to the GY (YGO 7.3)."""
    context = procedure.ctx(tx.state, fi)
    send_resolved_card(tx, context["source"], context["kind"])
    return True


def send_resolved_card(tx: Transaction, iid: int, kind: str) -> None:
    """Send a resolved Normal Spell or Trap to the GY (Continuous, Equip and Field cards stay: YGO 7.3)."""
    state = tx.state
    fact = table.card_facts(state, iid)
    if kind == "card" and not fact.is_monster and not fact.kinds & set(_STAYS) and table.is_on_field(state, iid) \
            and not state.cards[iid].face_down:
        table.leave_field(tx, iid, "gy", "YGO 7.3: a Normal Spell or Trap goes to the GY after resolving")


def resolve_next(tx: Transaction) -> None:
    """Resolve the last chain link (YGO 7.2: last in, first out): a Pendulum Scale is simply placed; an effect the
    rules do not code waits for its controller to carry it out by hand."""
    state = tx.state
    link = stack.pop(tx)
    number = len(stack.items(state)) + 1
    iid = link["card"]
    fact = table.card_facts(state, iid)
    if link["kind"] == "card" and fact.is_monster:
        tx.log(f"Chain Link {number}: {link['name']} is placed as a Pendulum Scale", "YGO 9.5")
        return
    needs_field = link["kind"] == "card" and fact.kinds & set(_STAYS) or \
        link["kind"] == "effect" and not fact.is_monster
    if link.get("negated"):
        tx.log(f"Chain Link {number}: the activation of {link['name']} is negated", "YGO 7.1")
        if link["kind"] == "card" and table.is_on_field(state, iid):
            table.leave_field(tx, iid, "gy", "destroyed: its activation was negated")
        return
    if link.get("effect_negated"):   # activated, so a Normal Spell or Trap still goes to the GY afterwards
        tx.log(f"Chain Link {number}: the effect of {link['name']} is negated", "YGO 7.1")
        send_resolved_card(tx, iid, link["kind"])
        return
    if needs_field and (not table.is_on_field(state, iid) or state.cards[iid].face_down):
        tx.log(f"Chain Link {number}: {link['name']} is no longer on the field and resolves with no effect", "YGO 7.3")
        return
    if "effect" in link:
        effect = state.definition(iid).effects[link["effect"]]
        tx.log(f"Chain Link {number}: {link['name']} resolves", "YGO 7.2")
        procedure.push(tx, [*effect.get("do", ()), {"effect": "_finish_link"}],
                       {"controller": link["controller"], "source": iid, "kind": link["kind"],
                        "targets": link.get("targets", []), "target_zones": link.get("target_zones", []),
                        "answers_link": link.get("answers_link")}, kind="ability", atomic=True)
        return
    ask_by_hand(tx, {**link, "number": number})


def finish_by_hand(tx: Transaction) -> None:
    """End a link carried out by hand: a Normal Spell or Trap still on the field goes to the GY (YGO 7.3)."""
    raw = procedure.stored(tx.state)
    if raw is None or raw.get("name") != BY_HAND:
        raise IllegalCommand("YGO 7.3", "no chain link is being carried out by hand")
    link: dict[str, Any] = dict(raw["link"])
    procedure.withdraw(tx)
    iid = link["card"]
    tx.log(f"Chain Link {link['number']}: {link['controller']} carried out {link['name']} by hand", "by hand")
    send_resolved_card(tx, iid, link["kind"])


FUSION_BY_HAND = "YGO 5.7 (by hand)"
_FUSION_STEP = {"effect": "fusion_summon", "generic": True}


def fusion_by_hand_refusal(state: GameState, player: str) -> str | None:
    """Return why `player` cannot Fusion Summon now while carrying out a link by hand, or None: the link's text must
    Fusion Summon, and a Fusion Monster of their Extra Deck must have its materials in their hand or on their field."""
    raw = procedure.stored(state)
    if raw is None or raw.get("name") != BY_HAND or raw.get("player") != player:
        return "you Fusion Summon by hand only while carrying out a chain link of yours by hand"
    link = raw["link"]
    if "fusion summon" not in str(link.get("text", "")).lower():
        return f"the text of {link['name']} does not Fusion Summon"
    if not effects.fusion_candidates(state, player, _FUSION_STEP, link["card"]):
        return "no Fusion Monster of your Extra Deck has its materials in your hand or on your field"
    return None


def fusion_summon_by_hand(tx: Transaction, player: str) -> None:
    """Fusion Summon as the link carried out by hand says, by the bundled Fusion's word (`fusion_summon`, any material
    line allowed): the carrying out by hand is set aside while the Fusion Monster and its materials are chosen, and
    asked again once it is summoned (`_resume_by_hand`)."""
    refusal = fusion_by_hand_refusal(tx.state, player)
    if refusal:
        raise IllegalCommand(FUSION_BY_HAND, refusal)
    link = dict(procedure.stored(tx.state)["link"])   # type: ignore[index]  # a BY_HAND decision is stored
    procedure.withdraw(tx)
    tx.log(f"{player} Fusion Summons as {link['name']} says, by hand", FUSION_BY_HAND)
    procedure.push(tx, [_FUSION_STEP, {"effect": "_resume_by_hand"}],
                   {"controller": player, "source": link["card"], "link": link}, kind="ability", atomic=True)


@effects.VOCABULARY.word("_resume_by_hand")
def resume_by_hand(tx: Transaction, fi: int, step: Any) -> bool:
    """Ask the controller again to carry out the rest of the link by hand (after a Fusion Summon by hand)."""
    link = procedure.ctx(tx.state, fi)["link"]
    procedure.pop(tx, fi)   # its last step: gone before the question, so that Done resumes the chain, not this frame
    ask_by_hand(tx, link)
    return True


def ask_by_hand(tx: Transaction, link: Any) -> None:
    """Ask a link's controller to carry it out by hand, then pass (YGO 7.3: the effect resolves)."""
    procedure.ask(tx, None, link["controller"], BY_HAND, "act",
                  f"Chain Link {link['number']}: carry out {link['name']} by hand, then pass — {link['text']}",
                  rule="YGO 7.3 (by hand)", link=link)


def links_shown(state: GameState) -> list[dict[str, Any]]:
    """Return the chain links to show, last first, with their link numbers (the one carried out by hand on top)."""
    found = stack.items(state)
    shown = [{**link, "number": len(found) - index} for index, link in enumerate(found)]
    raw = procedure.stored(state)
    if raw is not None and raw.get("name") == BY_HAND:
        shown.insert(0, dict(raw["link"]))
    return shown
