"""Battle (digest §6): who may attack what, the replay, and damage calculation by position (6.4)."""
from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.state import GameState
from tabletop.games.yugioh import table


@dataclass(frozen=True)
class DamageResult:
    """What a damage calculation does: battle damage to each player and the monsters destroyed by battle."""

    damage: dict[str, int]
    destroyed: tuple[int, ...]


def atk(state: GameState, iid: int) -> int:
    """Return a monster's current ATK."""
    return table.current_atk(state, iid)


def defense(state: GameState, iid: int) -> int:
    """Return a monster's current DEF."""
    return table.card_facts(state, iid).defense


def attack_refusal(state: GameState, player: str, attacker: int, target: int | None) -> str | None:
    """Return why this attack cannot be declared now, or None (YGO 6.2)."""
    card = state.cards[attacker]
    if attacker not in table.monsters(state, player):
        return "only a monster you control can attack"
    if card.face_down or card.tapped:
        return "only a face-up Attack Position monster can attack"
    if card.props.get("attacked") == state.turn:
        return "each monster may attack once per Battle Phase"
    foes = table.monsters(state, state.opponent(player))
    if target is None:
        return "you can attack directly only while your opponent controls no monsters" if foes else None
    return None if target in foes else "the attack target must be a monster your opponent controls"


def calculate(state: GameState, attacker: int, target: int | None) -> DamageResult:
    """Compare ATK with ATK or DEF and say the battle damage and what is destroyed (digest 6.4)."""
    me = state.cards[attacker].controller
    foe = state.opponent(me)
    power = atk(state, attacker)
    if target is None:
        return DamageResult({foe: power}, ())
    if state.cards[target].tapped:   # Defense Position
        guard = defense(state, target)
        if power > guard:
            return DamageResult({}, (target,))
        return DamageResult({me: guard - power} if guard > power else {}, ())
    other = atk(state, target)
    if power > other:
        return DamageResult({foe: power - other}, (target,))
    if power < other:
        return DamageResult({me: other - power}, (attacker,))
    return DamageResult({}, (attacker, target) if power > 0 else ())
