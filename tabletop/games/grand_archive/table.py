"""Reading the Grand Archive table: zones, the champion and its lineage, current stats, keywords, elements."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.state import GameState
from tabletop.engine.zones import Visibility, ZoneSpec, zone_id
from tabletop.games.grand_archive.text_compiler import card_keywords, statics

# GA 4.1: the zones. The field is one shared zone by rule; the table shows each controller's half
# (`p1.field`), so moving a card across is a change of control. The champion is the top card of the
# lineage (`champion`); the cards beneath form the inner lineage (`lineage`, GA 9.7c).
ZONES: tuple[ZoneSpec, ...] = (
    ZoneSpec("champion", capacity=1, layout="slot", row=0, column=0, label="Champion"),
    ZoneSpec("field", layout="grid", row=0, column=1, label="Field"),
    ZoneSpec("intent", layout="slot", row=0, column=4, label="Intent"),
    ZoneSpec("memory", Visibility.OWNER, layout="fan", row=1, column=1, label="Memory"),
    ZoneSpec("material", Visibility.OWNER, layout="pile", row=1, column=0, label="Material Deck"),
    ZoneSpec("deck", Visibility.HIDDEN, layout="pile", row=1, column=5, label="Main Deck"),
    ZoneSpec("graveyard", layout="pile", row=0, column=5, label="Graveyard"),
    ZoneSpec("banishment", layout="pile", row=0, column=6, label="Banishment"),
    ZoneSpec("lineage", layout="pile", row=1, column=6, label="Lineage"),
    ZoneSpec("hand", Visibility.OWNER, layout="fan", label="Hand"),
    ZoneSpec("stack", layout="column", shared=True, label="Effects Stack"),
)
STACK_ZONE = "stack"
OBJECT_TYPES = frozenset({"ally", "weapon", "item", "domain", "phantasia"})
SLOW_TYPES = OBJECT_TYPES | {"attack"}


def zone_of(state: GameState, player: str, name: str) -> list[int]:
    """Return the cards of one of a player's zones."""
    return state.zones[zone_id(player, name)].cards


def champion(state: GameState, player: str) -> int | None:
    """Return the player's champion object (the top card of the lineage), if any."""
    cards = state.zones[zone_id(player, "champion")].cards
    return cards[0] if cards else None


def field_objects(state: GameState, player: str | None = None) -> list[int]:
    """Return the objects on the field (the champion first), of one player or of both."""
    players = state.players if player is None else (player,)
    found: list[int] = []
    for p in players:
        found += state.zones[zone_id(p, "champion")].cards
        found += state.zones[zone_id(p, "field")].cards
    return found


def on_field(state: GameState, iid: int) -> bool:
    """Tell whether a card is an object on the field."""
    zone = state.cards[iid].zone
    return zone.endswith((".field", ".champion"))


def card_type(state: GameState, iid: int) -> str:
    """Return a card's type (champion, ally, weapon, item, domain, phantasia, action, attack)."""
    return state.definition(iid).card_type


def is_unit(state: GameState, iid: int) -> bool:
    """GA 3.3: champions and allies are units."""
    return card_type(state, iid) in ("champion", "ally") and on_field(state, iid)


def words(state: GameState, iid: int, key: str) -> list[str]:
    """Return a list attribute of a card (classes, subtypes, supertypes) in lower case.

    Imported cards (`ga-csv`) keep every type word, supertypes included, in `types`.
    """
    attributes = state.definition(iid).attributes
    found = [str(w).lower() for w in attributes.get(key) or ()]
    if key == "supertypes":
        found += [str(w).lower() for w in attributes.get("types") or ()]
    return found


def elements(state: GameState, iid: int) -> set[str]:
    """Return a card's elements (GA 3.6)."""
    raw = state.definition(iid).attributes.get("element") or "norm"
    items = raw if isinstance(raw, list) else [raw]
    return {str(e).lower() for e in items}


def lineage(state: GameState, player: str) -> list[int]:
    """Return every champion card of the player's lineage, top first (GA 9.7c)."""
    return zone_of(state, player, "champion") + list(reversed(zone_of(state, player, "lineage")))


def enabled_elements(state: GameState, player: str) -> set[str]:
    """GA 3.6: Norm always; the elements of the champion cards in the lineage; Exalted with an advanced one."""
    found = {"norm"}
    for iid in lineage(state, player):
        found |= elements(state, iid)
    if found - {"norm", "fire", "water", "wind"}:
        found.add("exalted")
    return found


def level(state: GameState, player: str) -> int:
    """GA 9.7d: LV = printed level of the champion + level counters + level modifiers (+ Empower for a Spell, added
    by the caller)."""
    top = champion(state, player)
    if top is None:
        return 0
    return state.definition(top).stat("level") + state.cards[top].counters.get("level", 0) + _mods(state, top, "level")


def printed_level(state: GameState, player: str) -> int:
    """Return the printed level of the player's champion (GA 9.7a: levelling reads it), -1 with none."""
    top = champion(state, player)
    return -1 if top is None else state.definition(top).stat("level")


def memory_count(state: GameState, player: str) -> int:
    """Return how many cards the player has in memory."""
    return len(zone_of(state, player, "memory"))


def has_class(state: GameState, player: str, classes: list[str]) -> bool:
    """Class Bonus: the player's champion has one of the classes (seed Class Bonus 1)."""
    top = champion(state, player)
    return top is not None and bool({c.lower() for c in classes} & set(words(state, top, "classes")))


def lineage_name(name: str) -> str:
    """Return a champion's name without its title ("Vessa, Ember Marshal" -> "Vessa")."""
    return name.split(",")[0].strip()


def condition_holds(state: GameState, cond: Mapping[str, Any] | None, player: str, source: int | None,
                    props: Mapping[str, Any] | None = None) -> bool:
    """Tell whether a restriction or condition holds (GA 10.1 restrictions: Champion/Class/Element Bonus,
    Level N+, Memory N+; and the states imbued / prepared / empowered of the activation in `props`)."""
    if not cond:
        return True
    props = props or {}
    for key, value in cond.items():
        if key == "not":
            if condition_holds(state, value, player, source, props):
                return False
        elif key == "class_bonus":
            if not has_class(state, player, list(value)):
                return False
        elif key == "champion_bonus":
            top = champion(state, player)
            if top is None or lineage_name(state.definition(top).name) != value:
                return False
        elif key == "element_bonus":
            top = champion(state, player)
            if top is None or source is None or not elements(state, source) & elements(state, top):
                return False
        elif key == "level_at_least":
            if level(state, player) + int(props.get("empowered", 0)) < int(value):
                return False
        elif key == "memory_at_least":
            if memory_count(state, player) < int(value):
                return False
        elif key in ("imbued", "prepared", "brewed"):
            if bool(props.get(key)) != bool(value):
                return False
        else:
            raise KeyError(f"unknown condition {key!r}")
    return True


CONDITIONS = frozenset({"not", "class_bonus", "champion_bonus", "element_bonus", "level_at_least", "memory_at_least",
                        "imbued", "prepared", "brewed"})


def keyword(state: GameState, iid: int, name: str) -> Any:
    """Return a keyword's value on a card (printed, or gained by an effect), None when it has none.

    GA 10.1: a keyword gated by a restriction (`keyword_if`) is ignored in every zone while it fails. Pride
    and other numbered keywords keep the highest instance (seed Pride 2); Ranged adds up (done by the caller).
    """
    card = state.cards[iid]
    gained = card.props.get("keywords")
    if gained and name in gained:
        return gained[name]
    definition = state.definition(iid)
    if definition.effects:  # a coded card states its keywords and gates in its file (the hot path: no lookup)
        keywords, gates = definition.keywords, definition.attributes.get("keyword_if") or {}
    else:
        keywords, gates = card_keywords(definition)
    value = keywords.get(name)
    if value is None:
        return None
    gate = gates.get(name)
    if gate and not condition_holds(state, gate, card.controller, iid):
        return None
    return value


def static_bonus(state: GameState, iid: int, kind: str) -> int:
    """Return what a card's own static abilities of one kind add (compiled text, e.g. "[Class Bonus] X gets +1
    POWER."; GA 10.4 layer E), each while its restriction holds (GA 10.1)."""
    definition = state.definition(iid)
    found = () if definition.effects else statics(definition, kind)
    if not found:
        return 0
    controller = state.cards[iid].controller
    return sum(int(s["amount"]) for s in found if condition_holds(state, s.get("if"), controller, iid))


def keyword_number(state: GameState, iid: int, name: str) -> int:
    """Return a numbered keyword's N (0 without it; a bare keyword counts 1)."""
    value = keyword(state, iid, name)
    if value is None or value is False:
        return 0
    return 1 if value is True else int(value)


def _mods(state: GameState, iid: int, stat: str) -> int:
    """Return the sum of a card's modifiers of one stat."""
    return sum(int(m["amount"]) for m in state.cards[iid].props.get("mods") or () if m["stat"] == stat)


def power(state: GameState, iid: int) -> int:
    """Return a card's current power: printed + buff counters + effects (GA 3.8, 10.4 layer E)."""
    card = state.cards[iid]
    return state.definition(iid).stat("power") + card.counters.get("buff", 0) + _mods(state, iid, "power") + \
        static_bonus(state, iid, "power")


def life(state: GameState, iid: int) -> int:
    """Return a unit's current life: printed + buff counters + effects + the Links on it (GA 3.8, seed Link 1)."""
    card = state.cards[iid]
    total = state.definition(iid).stat("life") + card.counters.get("buff", 0) + _mods(state, iid, "life") + \
        static_bonus(state, iid, "life")
    return total + _link_life(state).get(iid, 0)


def _link_life(state: GameState) -> dict[int, int]:
    """Return the life each linked object gets from the Links on it (seed Link 1), read once per board version."""
    def compute() -> dict[int, int]:
        found: dict[int, int] = {}
        for other in field_objects(state):
            linked = state.cards[other].props.get("link")
            if linked is not None:
                found[linked] = found.get(linked, 0) + int(state.definition(other).attributes.get("link_life", 0))
        return found
    return state.memo("grand-archive.link_life", compute, board=True)


def durability(state: GameState, iid: int) -> int:
    """Return a weapon's durability counters (GA 3.8)."""
    return state.cards[iid].counters.get("durability", 0)


def damage(state: GameState, iid: int) -> int:
    """Return the damage counters on a unit (GA 7.6)."""
    return state.cards[iid].counters.get("damage", 0)


def obeys(state: GameState, iid: int) -> bool:
    """GA 10.6 / seed Pride 1: an ally with Pride N obeys only while its controller's champion is LV N or more."""
    pride = keyword_number(state, iid, "pride")
    return not pride or level(state, state.cards[iid].controller) >= pride


def is_first_turn_of(state: GameState, player: str) -> bool:
    """GA 5.5: turns 1 and 2 are each player's first turn."""
    return state.turn <= 2


def is_fast_card(state: GameState, iid: int) -> bool:
    """GA 8.1: a fast action (card data `speed: fast`; imported cards `speed: 1`), or Fast Activation (seed)."""
    speed = state.definition(iid).attributes.get("speed")
    fast = state.definition(iid).card_type not in SLOW_TYPES and str(speed).lower() in ("fast", "1", "true")
    return fast or bool(keyword(state, iid, "fast_activation"))
