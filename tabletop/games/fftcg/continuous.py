"""Current characteristics of cards: field abilities and lasting effects applied in layers.

FFTCG 11.12.4.6: classes apply in order ① control ② text ③ type/Job ④ other ⑤ Power.
Control changes are one-shot changes of the card's controller (class ① is thus always first);
no card data changes text or type, so classes ② and ③ are empty. Within a class
(FFTCG 11.12.4.7, 11.12.4.12–13): effects that change their own source's card first, then
independent effects, then effects that depend on others (whose filter reads what that class
changes: keywords in class ④, Power in class ⑤), each group in timestamp order. "Set Power" is a
new base, applied before additions (FFTCG 11.3.10).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.state import GameState
from tabletop.games.fftcg.cards import CHARACTER_TYPES, elements_of
from tabletop.games.fftcg.effects import ability_kind

LAYER_OTHER = ("grant_keyword", "cannot_attack", "cannot_block", "must_attack", "cannot_be_blocked_by")
LAYER_POWER = ("set_power", "power")


@dataclass
class Characteristics:
    """A card's current Power, keywords and restrictions after every continuous effect."""

    power: int | None
    keywords: set[str] = field(default_factory=set)
    cannot_attack: bool = False
    cannot_block: bool = False
    must_attack: bool = False
    unblockable_by_cost: int | None = None  # cannot be blocked by a Forward of this cost or more
    modifiers: list[str] = field(default_factory=list)


def field_cards(state: GameState, player: str | None = None) -> list[int]:
    """Return the cards on the field (of one controller, or of both)."""
    result = []
    for owner in state.players:
        for iid in state.zones[f"{owner}.field"].cards:
            if player is None or state.cards[iid].controller == player:
                result.append(iid)
    return result


def is_current(state: GameState, iid: int, ts: Any) -> bool:
    """Tell whether a card is still the same object (it has not changed zones since `ts`)."""
    card = state.cards.get(iid)
    return card is not None and card.props.get("ts") == ts


def condition_holds(state: GameState, condition: Mapping[str, Any] | None, player: str, damage: int | None = None) -> bool:
    """Tell whether an ability's `condition` (and "Damage N —") holds for its controller."""
    if damage is not None and len(state.zones[f"{player}.damage"].cards) < damage:
        return False
    if not condition:
        return True
    mine = [state.definition(i).card_type for i in field_cards(state, player)]
    checks = {
        "backups_at_least": lambda n: mine.count("backup") >= n,
        "forwards_at_least": lambda n: mine.count("forward") >= n,
        "damage_at_least": lambda n: len(state.zones[f"{player}.damage"].cards) >= n,
        "hand_at_most": lambda n: len(state.zones[f"{player}.hand"].cards) <= n,
    }
    return all(checks[key](int(value)) for key, value in condition.items())


def _active_field_abilities(state: GameState) -> list[dict[str, Any]]:
    effects = []
    for iid in field_cards(state):
        definition = state.definition(iid)
        card = state.cards[iid]
        for index, ability in enumerate(definition.effects):
            if ability_kind(ability, False) != "field":
                continue
            if not condition_holds(state, ability.get("condition"), card.controller, ability.get("damage")):
                continue
            effects.append({**ability, "source": iid, "ts": card.props.get("ts", 0), "controller": card.controller,
                            "applies_to": ability.get("applies_to", "self"), "label": definition.name})
    return effects


def _lasting_effects(state: GameState) -> list[dict[str, Any]]:
    result = []
    for item in state.lists.get("effects", []):
        if item["effect"] in LAYER_OTHER + LAYER_POWER:
            result.append(item)
    return result


def characteristics(state: GameState) -> dict[int, Characteristics]:
    """Return the current characteristics of every card on the field."""
    chars: dict[int, Characteristics] = {}
    for iid in field_cards(state):
        definition = state.definition(iid)
        power = definition.stat("power") if definition.card_type == "forward" else None
        chars[iid] = Characteristics(power, {k for k in definition.keywords if definition.keywords[k]})
    effects = _active_field_abilities(state) + _lasting_effects(state)
    for layer in (LAYER_OTHER, LAYER_POWER):
        ordered = sorted((e for e in effects if e["effect"] in layer), key=lambda e: _order_key(e, layer))
        for effect in ordered:
            for iid in _affected(state, effect, chars):
                _apply(effect, chars[iid])
    return chars


def _order_key(effect: Mapping[str, Any], layer: tuple[str, ...]) -> tuple[int, int, int, int]:
    applies = effect.get("applies_to")
    self_modifying = applies == "self" or (effect.get("source") is not None and
                                           any(c[0] == effect.get("source") for c in effect.get("cards", [])))
    reads = "keyword" if layer is LAYER_OTHER else "power"
    dependent = isinstance(applies, Mapping) and any(k.startswith(reads) for k in applies)
    set_first = 0 if effect["effect"] == "set_power" else 1
    return (set_first, 0 if self_modifying else 1, 1 if dependent else 0, int(effect.get("ts", 0)))


def _affected(state: GameState, effect: Mapping[str, Any], chars: dict[int, Characteristics]) -> list[int]:
    if "cards" in effect:  # locked when the effect began (FFTCG 11.12.4.2)
        return [iid for iid, ts in effect["cards"] if iid in chars and is_current(state, iid, ts)]
    applies = effect.get("applies_to", "self")
    if applies == "self":
        return [effect["source"]] if effect["source"] in chars else []
    return [iid for iid in chars if matches(state, iid, applies, effect["controller"], effect["source"], chars)]


def _apply(effect: Mapping[str, Any], target: Characteristics) -> None:
    name = effect["effect"]
    label = str(effect.get("label", ""))
    if name == "set_power" and target.power is not None:
        target.power = int(effect["value"])
        target.modifiers.append(f"{label}: set to {effect['value']}")
    elif name == "power" and target.power is not None:
        target.power += int(effect["amount"])
        target.modifiers.append(f"{label}: {int(effect['amount']):+d}")
    elif name == "grant_keyword":
        target.keywords.add(str(effect["keyword"]))
    elif name == "cannot_attack":
        target.cannot_attack = True
    elif name == "cannot_block":
        target.cannot_block = True
    elif name == "must_attack":
        target.must_attack = True
    elif name == "cannot_be_blocked_by":
        limit = int(effect["cost_at_least"])
        target.unblockable_by_cost = limit if target.unblockable_by_cost is None else min(target.unblockable_by_cost, limit)


def matches(state: GameState, iid: int, filt: Mapping[str, Any], you: str, source: int | None,
            chars: Mapping[int, Characteristics] | None = None) -> bool:
    """Tell whether a card matches a card filter, seen by player `you` (the ability's controller)."""
    card = state.cards[iid]
    definition = state.library[card.card_id]
    zone = filt.get("zone", "field")
    if card.zone != f"{card.owner}.{zone}":  # a card always sits in its owner's zones
        return False
    controller = card.controller if zone == "field" else card.owner
    who = filt.get("controller", "any")
    if (who == "you" and controller != you) or (who == "opponent" and controller == you):
        return False
    kind = filt.get("type")
    if kind == "character":
        if definition.card_type not in CHARACTER_TYPES:
            return False
    elif kind is not None and definition.card_type != kind:
        return False
    if filt.get("not_self") and iid == source:
        return False
    if "element" in filt and filt["element"] not in elements_of(definition):
        return False
    for key, attribute in (("job", "job"), ("category", "category")):
        if key in filt and str(filt[key]).lower() != str(definition.attributes.get(attribute, "")).lower():
            return False
    if "name" in filt and filt["name"] != definition.name:
        return False
    cost = definition.cost or 0
    if "cost_at_most" in filt and cost > int(filt["cost_at_most"]):
        return False
    if "cost_at_least" in filt and cost < int(filt["cost_at_least"]):
        return False
    if "dull" in filt and card.tapped != bool(filt["dull"]):
        return False
    current = chars.get(iid) if chars is not None else None
    if "power_at_most" in filt or "power_at_least" in filt:
        power = current.power if current is not None else definition.stat("power")
        if power is None:
            return False
        if "power_at_most" in filt and power > int(filt["power_at_most"]):
            return False
        if "power_at_least" in filt and power < int(filt["power_at_least"]):
            return False
    if "keyword" in filt:
        keywords = current.keywords if current is not None else set(definition.keywords)
        if filt["keyword"] not in keywords:
            return False
    return True


def cost_of(state: GameState, iid: int) -> int:
    """Return what a card in hand costs to play now: printed cost plus field cost changes, at least 0."""
    definition = state.definition(iid)
    cost = definition.cost or 0
    player = state.cards[iid].owner
    for ability in _active_field_abilities(state):
        if ability["effect"] != "cost_change":
            continue
        applies = ability.get("applies_to")
        if isinstance(applies, Mapping) and matches(state, iid, {**applies, "zone": "hand"}, ability["controller"], None):
            if applies.get("controller", "you") == "you" and player != ability["controller"]:
                continue
            cost += int(ability["amount"])
    return max(0, cost)
