"""The Attack Phase (FFTCG 10): declaring attackers and Parties, blocking, battle damage, First Strike."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tabletop.engine.errors import IllegalCommand
from tabletop.engine.permissions import Permission, Ruling, decide
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.triggers import trigger_event
from tabletop.games.fftcg import actions
from tabletop.games.fftcg.printed import printed_index
from tabletop.games.fftcg.continuous import (
    Characteristics, active_field_abilities, characteristics, field_cards, field_effect, field_has, is_of_type, matches,
)
from tabletop.games.fftcg.flow import (
    attackers_alive, blocker_alive, end_attack_phase, give_priority, power_now,
)
from tabletop.games.fftcg.continuous import is_current, pinned

_PARTY_ANY_ELEMENT = field_effect("party_any_element")  # "can form a party with Forwards of any Element"


def _active_forward_refusal(state: GameState, iid: int, player: str, rule: str, verb: str) -> IllegalCommand | None:
    """Return why a card is not an active Forward of `player` on the field, or None (attack/block)."""
    card = state.cards.get(iid)
    if card is None or not card.zone.endswith(".field") or card.controller != player:
        return IllegalCommand(rule, f"only a Forward you control on the field can {verb}")
    if not is_of_type(state, iid, "forward"):
        return IllegalCommand(rule, f"{state.definition(iid).name} is not a Forward; only Forwards {verb}")
    if card.tapped:
        return IllegalCommand(rule, f"{state.definition(iid).name} is dull; only an active Forward can {verb}")
    return None


def attack_refusal(state: GameState, iid: int, player: str, chars: dict[int, Characteristics]) -> IllegalCommand | None:
    """Return why a card cannot be declared as an attacker now, or None (FFTCG 10.1.2.1)."""
    refusal = _active_forward_refusal(state, iid, player, "FFTCG 10.1.2.1", "attack")
    if refusal is not None:
        return refusal
    card = state.cards[iid]
    current = chars[iid]
    if card.props.get("attacked") == state.turn:
        allowed = attacks_allowed(state, iid, current)
        if int(card.props.get("attacks", 1)) >= allowed:
            return IllegalCommand("FFTCG 10.1.2.1.2", f"{state.definition(iid).name} has already attacked this turn" + (
                f" {allowed} times" if allowed > 1 else ""))
    if not current.cannot_attack and (int(card.props.get("since", 0)) < state.turn or "haste" in current.keywords):
        return None  # allowed, as `decide` below finds, without wording its refusals: asked for every Forward
    definition = state.definition(iid)
    # FFTCG 2.2: "cannot attack" beats Haste's "can attack" (engine/permissions.py)
    permission = decide(
        Permission(int(card.props.get("since", 0)) < state.turn, "FFTCG 10.1.2.1.1",
                   f"{definition.name} entered the field (or came under your control) this turn and has no Haste"),
        can=[Ruling("FFTCG 15.2.2", "Haste")] if "haste" in current.keywords else [],
        cannot=[Ruling("FFTCG 10.1.2.1.2", f"{definition.name} cannot attack (an effect says so)")]
        if current.cannot_attack else [])
    return None if permission.allowed else IllegalCommand(permission.rule, permission.reason)


def attacks_allowed(state: GameState, iid: int, current: Characteristics) -> int:
    """Return how many times a Forward may attack this turn: once (FFTCG 10.1.2.1.2), N times when it "can attack
    twice / N times in the same turn", and once more for each "<self> can attack once more this turn" done to it this
    turn."""
    turn, more = state.cards[iid].props.get("attacks_more") or (None, 0)
    return current.attacks_per_turn + (int(more) if turn == state.turn else 0)


def declare_attack(tx: Transaction, player: str, attackers: Sequence[int]) -> None:
    """Declare one attacking Forward or a Party (FFTCG 10.1.2, 15.1.1.9)."""
    state = tx.state
    chars = characteristics(state)
    if len(set(attackers)) != len(attackers) or not attackers:
        raise IllegalCommand("FFTCG 15.1.1.9", "name each attacking Forward once")
    for iid in attackers:
        refusal = attack_refusal(state, iid, player, chars)
        if refusal is not None:
            raise refusal
    if len(attackers) > 1 and not is_party_allowed(state, attackers):
        raise IllegalCommand("FFTCG 15.1.1.9.2", "a Party's Forwards must all share one element "
                                                 "(or carry the Party icon, or form a party with any Element)")
    for iid in attackers:
        if "brave" not in chars[iid].keywords:  # FFTCG 10.1.2.2, Brave 15.2.1
            tx.set_field(iid, "tapped", True)
        done = int(state.cards[iid].props.get("attacks", 1)) if state.cards[iid].props.get("attacked") == state.turn else 0
        tx.set_prop(iid, "attacked", state.turn)
        tx.set_prop(iid, "attacks", done + 1)  # this turn's attacks, read by attack_refusal
    tx.set_data("attack", {"attackers": pinned(state, list(attackers)), "blocker": None, "blocked": False}, copy=False)
    names = " and ".join(actions.name_of(tx, i) for i in attackers)
    tx.log(f"{player} attacks with {names}" + (" as a Party" if len(attackers) > 1 else ""), "FFTCG 10.1.2")
    # the events, each made only when some card may trigger on it (most decks have few that do)
    party = len(attackers) > 1
    attacks, party_attacks = actions.may_trigger(state, "attacks"), party and actions.may_trigger(state, "party_attacks")
    for iid in attackers:
        if attacks:
            actions.emit(tx, trigger_event("attacks", iid))
        if party_attacks:  # "When <self> forms a party and attacks" (FFTCG 15.1.1.9)
            actions.emit(tx, trigger_event("party_attacks", iid))
    # "When 1 or more Forwards you control attack" / "When a party you control attacks": once per declaration
    if actions.may_trigger(state, "attack_declared"):
        actions.emit(tx, trigger_event("attack_declared", attackers[0]))
    if party and actions.may_trigger(state, "party_attack_declared"):
        actions.emit(tx, trigger_event("party_attack_declared", attackers[0]))
    give_priority(tx, player)


def is_party_allowed(state: GameState, attackers: Sequence[int]) -> bool:
    """Tell whether Forwards may form a Party: one shared element, Party-icon cards join any (FFTCG 15.1.1.9.2), and
    so does a Forward a field ability lets "form a party with Forwards of any Element" when the others all are such
    Forwards (its `with` filter: "… with Job X Forwards of any Element")."""
    free = _any_element_members(state, attackers)
    index, cards = printed_index(state), state.cards
    members = 0  # the attackers that need a shared element, and the elements they all share
    shared: set[str] = set()
    for iid in attackers:
        facts = index[cards[iid].card_id]
        if not facts.party_icon and iid not in free:
            shared = shared.intersection(facts.elements) if members else set(facts.elements)
            members += 1
    return members <= 1 or bool(shared)


def _any_element_members(state: GameState, attackers: Sequence[int]) -> set[int]:
    """Return the attackers a field ability lets form a party with the other attackers whatever their Elements
    (party_any_element: the card it applies to, each other attacker passing its `with` filter)."""
    if not field_has(state, _PARTY_ANY_ELEMENT):
        return set()
    free: set[int] = set()
    for ability in active_field_abilities(state):
        if ability["effect"] != "party_any_element":
            continue
        applies, controller, source = ability["applies_to"], ability["controller"], ability["source"]
        for iid in attackers:
            if (iid == source if applies == "self" else matches(state, iid, applies, controller, source)) and all(
                    matches(state, other, ability.get("with", {}), controller, source)
                    for other in attackers if other != iid):
                free.add(iid)
    return free


def no_attack(tx: Transaction, player: str) -> None:
    """Declare no (further) attack: refused while a "must attack" Forward can still attack (FFTCG 10.1.2.1.3)."""
    state = tx.state
    chars = characteristics(state)
    for iid, current in chars.items():
        if current.must_attack and attack_refusal(state, iid, player, chars) is None:
            raise IllegalCommand("FFTCG 10.1.2.1.3", f"{state.definition(iid).name} must attack and still can")
    tx.log(f"{player} declares no attack", "FFTCG 10.1.2.7")
    end_attack_phase(tx)


def begin_block(tx: Transaction) -> None:
    """Enter the Block Declaration Step (FFTCG 10.1.3): the non-turn player decides."""
    tx.set_table("step", "block")
    if not attackers_alive(tx.state):
        begin_damage(tx)
        return
    tx.set_data("stage", "block")


def block_refusal(state: GameState, iid: int, player: str, chars: dict[int, Characteristics]) -> IllegalCommand | None:
    """Return why a card cannot block the current attack, or None (FFTCG 10.1.3.1)."""
    refusal = _active_forward_refusal(state, iid, player, "FFTCG 10.1.3.1", "block")
    if refusal is not None:
        return refusal
    definition = state.definition(iid)
    if chars[iid].cannot_block:  # an effect's "cannot" beats the rules' "can" (FFTCG 2.2, engine/permissions.py)
        return IllegalCommand("FFTCG 10.1.3.1", f"{definition.name} cannot block (an effect says so)")
    cost = definition.cost or 0
    attackers = attackers_alive(state)
    # FFTCG 15.1.1.9.6: the Party can be blocked if any member can be
    limits = [chars[a].unblockable_by_cost for a in attackers if a in chars]
    if attackers and all(limit is not None and cost >= int(limit) for limit in limits):
        return IllegalCommand("FFTCG 10.1.3.1", f"the attack cannot be blocked by a Forward of cost {cost}")
    return None


def block_choices(state: GameState, player: str, forwards: Iterable[int],
                  chars: dict[int, Characteristics]) -> list[int | None]:
    """Return the blocks `player` may declare now, None for no block: when a Forward that must block can block,
    only such Forwards may, and not blocking is not allowed (FFTCG 10.1.3.1.3)."""
    able = [i for i in forwards if block_refusal(state, i, player, chars) is None]
    forced = [i for i in able if chars[i].must_block]
    return list(forced) if forced else [None, *able]


def declare_block(tx: Transaction, player: str, blocker: int | None) -> None:
    """Declare a blocking Forward or no block (FFTCG 10.1.3); blocking does not dull (digest §9.3 [I])."""
    state = tx.state
    chars = characteristics(state)
    if blocker is not None:
        refusal = block_refusal(state, blocker, player, chars)
        if refusal is not None:
            raise refusal
    forced = [i for i in field_cards(state, player) if chars[i].must_block and i != blocker
              and block_refusal(state, i, player, chars) is None]
    if forced and (blocker is None or not chars[blocker].must_block):
        raise IllegalCommand("FFTCG 10.1.3.1.3", f"{state.definition(forced[0]).name} must block and can")
    if blocker is not None:
        attack = dict(state.data["attack"])
        attack["blocker"] = pinned(state, [blocker])[0]
        attack["blocked"] = True
        tx.set_data("attack", attack, copy=False)  # the stored attack's parts and fresh ones
        tx.log(f"{player} blocks with {actions.name_of(tx, blocker)}", "FFTCG 10.1.3")
        actions.emit(tx, trigger_event("blocks", blocker))
        for attacker, ts in attack["attackers"]:  # "When <self> is blocked" (FFTCG 10.1.3)
            if is_current(state, attacker, ts):
                actions.emit(tx, trigger_event("blocked", attacker))
    else:
        tx.log(f"{player} does not block", "FFTCG 10.1.3")
    give_priority(tx, state.active)


# -- damage --------------------------------------------------------------------------------------------

def begin_damage(tx: Transaction) -> None:
    """Damage Resolution Step (FFTCG 10.1.4), with First Strike first (FFTCG 15.2.3)."""
    state = tx.state
    tx.set_table("step", "damage")
    attack = state.data.get("attack") or {}
    attackers = attackers_alive(state)
    if not attackers:
        give_priority(tx, state.active)
        return
    if not attack.get("blocked"):
        actions.damage_player(tx, state.opponent(state.active), 1, attackers)  # FFTCG 10.1.4.1
        if len(attackers) > 1:  # "When a party you control deals damage to your opponent" (FFTCG 15.1.1.9): once
            actions.emit(tx, trigger_event("party_dealt_damage", attackers[0]))
        give_priority(tx, state.active)
        return
    blocker = blocker_alive(state)
    if blocker is None:  # FFTCG 10.1.3.3: blocked, but the blocker left the battle
        give_priority(tx, state.active)
        return
    chars = characteristics(state)
    party_fs = all("first_strike" in chars[a].keywords for a in attackers)  # FFTCG 15.2.3.4
    blocker_fs = "first_strike" in chars[blocker].keywords
    if party_fs and not blocker_fs:
        strike(tx, "attackers", window=True)
    elif blocker_fs and not party_fs:
        strike(tx, "blocker", window=True)
    else:  # digest §17.3 [I]: both or neither with First Strike deal damage together
        strike(tx, "both", window=False)


def strike(tx: Transaction, who: str, window: bool) -> None:
    """Deal battle damage for one side or both; a Party blocked asks its split first (FFTCG 10.1.4.2.1)."""
    state = tx.state
    attackers = attackers_alive(state)
    blocker = blocker_alive(state)
    if not attackers or blocker is None:
        _after_strike(tx, window)
        return
    if who in ("blocker", "both") and len(attackers) > 1 and power_now(state, blocker) > 0:
        tx.set_data("split", {"who": who, "window": window})
        tx.set_data("stage", "split")
        return
    assignment = {attackers[0]: power_now(state, blocker)} if who in ("blocker", "both") else {}
    apply_strike(tx, who, assignment, window)


def apply_strike(tx: Transaction, who: str, blocker_damage: dict[int, int], window: bool) -> None:
    """Apply battle damage simultaneously: attackers total their Power on the blocker; the blocker as split."""
    state = tx.state
    attackers = attackers_alive(state)
    blocker = blocker_alive(state)
    if blocker is None or not attackers:
        _after_strike(tx, window)
        return
    to_blocker = sum(power_now(state, a) for a in attackers) if who in ("attackers", "both") else 0
    if who in ("attackers", "both"):
        # FFTCG 15.1.1.9.8: every member counts as having broken the blocker
        actions.deal_character_damage(tx, blocker, to_blocker, attackers, by_card=True)
    for target, amount in blocker_damage.items():
        if target in attackers:
            actions.deal_character_damage(tx, target, amount, [blocker], by_card=True)
    _after_strike(tx, window)


def _after_strike(tx: Transaction, window: bool) -> None:
    state = tx.state
    if state.data.get("split") is not None:  # set_data's own no-op test: only a Party's split was stored
        tx.set_data("split", None)
    if window:
        tx.set_data("fs_window", True)  # FFTCG 15.2.3.3: priority, no Summons or abilities
    give_priority(tx, state.active)


def split_damage(tx: Transaction, player: str, cards: Sequence[int], amounts: Sequence[int]) -> None:
    """The blocking player splits the blocker's damage among Party members in 1000s (FFTCG 10.1.4.2.1)."""
    state = tx.state
    plan: dict[str, Any] = state.data.get("split") or {}
    attackers = attackers_alive(state)
    blocker = blocker_alive(state)
    if blocker is None:
        raise IllegalCommand("FFTCG 10.1.4.2.1", "there is no blocker to split damage")
    total = power_now(state, blocker)
    if len(cards) != len(amounts) or sorted(cards) != sorted(set(cards)):
        raise IllegalCommand("FFTCG 10.1.4.2.1", "give one amount for each Party member named once")
    if any(c not in attackers for c in cards):
        raise IllegalCommand("FFTCG 10.1.4.2.1", "damage can only be split among the attacking Party's members")
    if any(a < 0 or a % 1000 for a in amounts):
        raise IllegalCommand("FFTCG 10.1.4.2.1", "damage is split in steps of 1000")
    if sum(amounts) != total:
        raise IllegalCommand("FFTCG 10.1.4.2.1", f"the split must add up to the blocker's {total} damage")
    tx.log(f"{player} splits {total} damage: " + ", ".join(
        f"{a} to {actions.name_of(tx, c)}" for c, a in zip(cards, amounts)), "FFTCG 10.1.4.2.1")
    apply_strike(tx, plan.get("who", "both"), {c: a for c, a in zip(cards, amounts) if a}, bool(plan.get("window")))


def after_damage(tx: Transaction) -> None:
    """After the First Strike window deal the normal damage; afterwards dissolve the Party and go back to declaring."""
    state = tx.state
    if state.data.get("fs_window"):
        tx.set_data("fs_window", None)
        attackers = attackers_alive(state)
        blocker = blocker_alive(state)
        if not attackers or blocker is None:
            give_priority(tx, state.active)
            return
        chars = characteristics(state)
        blocker_fs = "first_strike" in chars[blocker].keywords
        strike(tx, "attackers" if blocker_fs else "blocker", window=False)
        return
    tx.set_data("attack", None)  # FFTCG 10.1.4.5: any Party dissolves
    # doubt D4: go back to the Attack Declaration Step (FFTCG 10.1.4.6), not the Preparation Step
    tx.set_table("step", "declare")
    tx.set_data("stage", "attack")

