"""Printed facts of card definitions, worked out once per game and looked up by card id.

The rules ask the same questions of the same definitions thousands of times a game (its elements,
whether it is Light or Dark, which of its abilities an event triggers…). A definition never changes
(CardDefinition's contract) and neither does a game's library once the game has started, so the
answers are kept per library, filled on first use of each card id.
"""
from __future__ import annotations


from collections.abc import Mapping
from typing import Any, NamedTuple

from tabletop.engine.by_hand import cards_by_hand
from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.library_index import PerLibrary
from tabletop.engine.state import GameState
from tabletop.games.fftcg.cards import CHARACTER_TYPES, elements_of, has_flag, is_light_or_dark
from tabletop.games.fftcg.effects import ability_kind, is_mapping

Indexed = tuple[tuple[int, Mapping[str, Any]], ...]
"""Abilities of a card with their index in its `effects`, in printed order."""


class Characteristics(NamedTuple):
    """A card's current Power, keywords and restrictions after every continuous effect."""

    power: int | None
    keywords: frozenset[str] = frozenset()
    cannot_attack: bool = False
    cannot_block: bool = False
    must_attack: bool = False
    unblockable_by_cost: int | None = None  # cannot be blocked by a Forward of this cost or more
    unchoosable: tuple[tuple[str, str | None], ...] = ()  # (summons|abilities|any, whose play or None)
    modifiers: tuple[str, ...] = ()
    must_block: bool = False
    jobs: tuple[str, ...] | None = None  # its Jobs once an effect changed them; None: the printed ones
    types: tuple[str, ...] | None = None  # its card types once an effect changed them; None: the printed one
    cannot_be_broken: bool = False  # "This Forward cannot be broken." (FFTCG 1.3: no break happens to it)
    undullable: tuple[tuple[str, str | None], ...] = ()  # "cannot become dull by …": as `unchoosable`
    # "cannot be broken by opposing Summons or abilities that don't deal damage": as `unchoosable`
    unbreakable_by: tuple[tuple[str, str | None], ...] = ()
    attacks_per_turn: int = 1  # "can attack twice in the same turn": the attacks it may declare in one turn
    # (s6) "Summons and abilities of your opponent must choose <self> if possible": as `unchoosable`
    must_be_chosen: tuple[tuple[str, str | None], ...] = ()

    def can_be_chosen_by(self, kind: str, player: str) -> bool:
        """Tell whether a Summon or ability (`kind`) played by `player` may choose this card."""
        return _allows(self.unchoosable, kind, player)

    def can_be_dulled_by(self, kind: str, player: str) -> bool:
        """Tell whether a Summon or ability (`kind`) played by `player` may dull this card (FFTCG 1.3)."""
        return _allows(self.undullable, kind, player)

    def must_be_chosen_by(self, kind: str, player: str) -> bool:
        """Tell whether a Summon or ability (`kind`) played by `player` must choose this card if it can (FFTCG
        11.11.5.1)."""
        return not _allows(self.must_be_chosen, kind, player)

    def can_be_broken_by(self, kind: str, player: str) -> bool:
        """Tell whether a Summon or ability (`kind`) played by `player` may break this card by its effect, not by
        damage (FFTCG 1.3)."""
        return _allows(self.unbreakable_by, kind, player)


def _allows(refusals: tuple[tuple[str, str | None], ...], kind: str, player: str) -> bool:
    """Tell whether no (summons|abilities|any, whose play or None) refusal covers a `kind` played by `player`."""
    return not refusals or not any(by in ("any", kind) and whose in (None, player) for by, whose in refusals)


def listed(value: Any) -> list[str]:
    """Return an attribute's values (one or a list) as lowercase words, leaving out empty ones."""
    items = value if isinstance(value, (list, tuple)) else [value]
    return [str(v).lower() for v in items if v not in (None, "")]


class PrintedFacts:
    """What one definition prints, in the forms the rules read most often."""

    __slots__ = ("definition", "card_type", "name", "cost", "elements", "light_or_dark", "character",
                 "multi_copy", "party_icon", "power", "keywords", "back_attack", "auto", "state_triggers",
                 "field", "actions", "replacements", "summon_ability", "reads", "characteristics", "jobs",
                 "own_cost_changes", "backup_cp_only", "own_any_element_cost", "break_zone_actions",
                 "break_zone_events", "light_dark_ignored", "names", "also_types", "exclusive", "reads_battle",
                 "field_actions", "hand_actions", "cp_elements", "field_gates")

    def __init__(self, definition: CardDefinition) -> None:
        self.definition = definition
        self.card_type = definition.card_type
        self.name = definition.name
        self.cost = definition.cost or 0
        self.elements: tuple[str, ...] = tuple(elements_of(definition))
        self.light_or_dark = is_light_or_dark(definition)
        # the elements of the CP discarding it makes: none for a Light or Dark card, which cannot be discarded for CP
        # (FFTCG 5.2.1.3), nor for a card of no element
        self.cp_elements: tuple[str, ...] = () if self.light_or_dark else self.elements
        self.character = definition.card_type in CHARACTER_TYPES
        self.multi_copy = has_flag(definition, "multi_copy")
        self.party_icon = has_flag(definition, "party_icon")
        # printed Power of a Forward (None for other cards), and the keywords it prints as present
        self.power: int | None = definition.stat("power") if definition.card_type == "forward" else None
        self.keywords = frozenset(k for k, v in definition.keywords.items() if v)
        self.back_attack = "back_attack" in definition.keywords
        # what it is on the field while no continuous effect changes it (FFTCG 11.12.4), and its printed Jobs
        self.characteristics = Characteristics(self.power, self.keywords)
        self.jobs: tuple[str, ...] = tuple(listed(definition.attributes.get("job")))
        summon = definition.card_type == "summon"
        effects = tuple(enumerate(definition.effects))
        # event -> the auto-abilities it triggers (a Summon's EX Burst is used from the Damage Zone, not triggered)
        auto: dict[str, list[tuple[int, Mapping[str, Any]]]] = {}
        for index, ability in effects:
            if ability_kind(ability, summon) == "auto" and not (ability.get("ex_burst") and summon):
                auto.setdefault(str(ability.get("trigger")), []).append((index, ability))
        self.auto: dict[str, Indexed] = {event: tuple(found) for event, found in auto.items()}
        # events its auto abilities triggering only while it is in the Break Zone watch (actions.emit)
        self.break_zone_events = frozenset(event for event, found in auto.items()
                                           if any(a.get("from_break_zone") for _, a in found))
        self.state_triggers: Indexed = tuple((i, a) for i, a in effects
                                             if a.get("trigger") == "state" and ability_kind(a, False) == "auto")
        self.field: Indexed = tuple((i, a) for i, a in effects if ability_kind(a, False) == "field")
        # "the cost required to cast <this card> is reduced by N": read where the card's cost is counted
        self.own_cost_changes: tuple[Mapping[str, Any], ...] = tuple(
            a for _, a in self.field if a.get("effect") == "cost_change" and a.get("applies_to") == "self")
        # "You can only pay with CP produced by Backups to cast <this card>": read in the hand, where it is paid for
        self.backup_cp_only = any(a.get("effect") == "backup_cp_only" for _, a in self.field)
        # "<this card> can be played onto the field even if you control other Light Characters": read in the hand
        self.light_dark_ignored = any(a.get("effect") == "light_dark_ignored" for _, a in self.field)
        # "(If …,) the cost required to cast <this card> can be paid with CP of any Element": read in the hand too
        self.own_any_element_cost: tuple[Mapping[str, Any], ...] = tuple(
            a for _, a in self.field if a.get("effect") == "any_element_cost")
        # (s6) "<self> is also Card Name X / a Monster in all situations": its names and types wherever it is
        also = [a for _, a in self.field if a.get("effect") == "also_is"]
        self.names = frozenset([self.name, *(n for a in also for n in a.get("names", ()))])
        self.also_types = frozenset(str(a["type"]) for a in also if a.get("type"))
        # (s6) "You cannot play <self> or Card Name X while already in control of either Character"
        self.exclusive = frozenset(n for _, a in self.field if a.get("effect") == "exclusive_with" for n in
                                   (self.name, *a.get("names", ())))
        self.actions: Indexed = tuple((i, a) for i, a in effects if ability_kind(a, False) in ("action", "special"))
        # where each is used (FFTCG 11.6, narrowed by its text; rules.py `_ability_refusal` refuses it anywhere else):
        # the hand when its cost discards the card (12.1), else the Break Zone when its text says so, else the field
        self.hand_actions: Indexed = tuple((i, a) for i, a in self.actions if (a.get("cost") or {}).get("discard_self"))
        self.field_actions: Indexed = tuple((i, a) for i, a in self.actions if not (a.get("cost") or {}).get(
            "discard_self") and not a.get("from_break_zone"))
        # action abilities used while the card is in its owner's Break Zone (rules list them there)
        self.break_zone_actions = any(a.get("from_break_zone") for _, a in self.actions)
        self.replacements: Indexed = tuple((i, a) for i, a in effects if ability_kind(a, False) == "replacement")
        self.summon_ability: Mapping[str, Any] | None = next(
            (a for _, a in effects if ability_kind(a, True) == "resolve"), None) if summon else None
        self.reads = _reads(definition)
        # the N of its field abilities working only at "Damage N —" (their controller's Damage Zone): what they read
        # of it is whether N is reached, kept apart from `reads` (continuous.FieldFacts.with_gates)
        self.field_gates = frozenset(int(a["damage"]) for _, a in self.field if a.get("damage") is not None)
        # an ability reading the current attack ("attacking", "blocking", usable "while attacking"): the plays
        # allowed then may differ from those allowed without one (rules.py `_plays_allowed`)
        self.reads_battle = any(_mentions(ability, _BATTLE_WORDS) for ability in definition.effects)


_BATTLE_WORDS = frozenset({"attacking", "blocking", "while_attacking", "while_blocking", "in_party_with_self"})


def _mentions(value: Any, words: frozenset[str]) -> bool:
    """Tell whether card data (mappings, lists, strings) names one of `words` as a key or a value anywhere."""
    if is_mapping(value):
        return any(key in words or _mentions(item, words) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return any(_mentions(item, words) for item in value)
    return isinstance(value, str) and value in words


# What a card's abilities may read besides the field's cards, their controllers and printed facts, by name: dull (the
# field's cards' dull state), hand, damage (the Damage Zones), break (the Break Zones), history (what happened this
# turn, turn_history) and turn (whose turn it is, and which). A field ability's condition and amount are read again
# whenever the characteristics are worked out (FFTCG 11.12.4.4-11.12.4.5: not fixed as an ability's are, 11.12.4.3),
# and those are kept while what their field abilities read stays (continuous.FieldFacts.parts): a read left out keeps a
# stale Power. Each table names every word of the vocabulary (effects.CONDITIONS, effects.VALUE_BASES; a test checks),
# so a new word cannot be left out unnoticed.
READ_NAMES = frozenset({"dull", "hand", "damage", "break", "history", "turn"})
_HISTORY = frozenset({"history", "turn"})  # this turn's records, and the turn they are of
_NOTHING: frozenset[str] = frozenset()
# condition word -> what it reads (a filter naming `dull` reads the dull state too: `_reads`)
CONDITION_READS: Mapping[str, frozenset[str]] = {
    "backups_at_least": _NOTHING, "forwards_at_least": _NOTHING, "control": _NOTHING, "opponent_control": _NOTHING,
    "control_each": _NOTHING, "elements_among": _NOTHING, "elements_differ": _NOTHING,
    "opponent_forwards_ahead": _NOTHING,
    "damage_at_least": frozenset({"damage"}), "opponent_damage_at_least": frozenset({"damage"}),
    "damage_ahead": frozenset({"damage"}),
    "hand_at_most": frozenset({"hand"}), "hand_at_least": frozenset({"hand"}),
    "opponent_hand_at_most": frozenset({"hand"}), "opponent_hand_at_least": frozenset({"hand"}),
    "break_zone": frozenset({"break"}),
    "your_turn": frozenset({"turn"}),
    "cast_this_turn": _HISTORY, "entered_this_turn": _HISTORY, "damaged_this_turn": _HISTORY,
    "made_discard_this_turn": _HISTORY, "paid_elements": _HISTORY,  # "If the cost to cast <self> was paid with …"
    # read only as an effect resolves (effects.RESOLVING_CONDITIONS): nothing a memo of the field keeps
    "self_power_at_least": _NOTHING, "chosen_is": _NOTHING, "its_cost_at_most": _NOTHING, "discarded": _NOTHING,
    "milled_alike": _NOTHING, "power_below_self": _NOTHING, "as_ex_burst": _NOTHING, "removed_is": _NOTHING,
}
# what a computed number counts (its base) -> what it reads (`count` of a Break Zone's cards reads it: `_reads`)
AMOUNT_READS: Mapping[str, frozenset[str]] = {
    "count": _NOTHING, "highest_cost": _NOTHING,
    "damage_points": frozenset({"damage"}), "hand_cards": frozenset({"hand"}),
    "cast_this_turn": _HISTORY, "paid_elements": _HISTORY,
    # read only as an effect resolves or as a card's own cost is counted, never in a Power (a field ability's Power
    # counts damage points or cards by printed facts only: effects.counts_printed_facts)
    "x": _NOTHING, "counters_on_self": _NOTHING, "power": _NOTHING, "placed_before": _NOTHING,
    "removed_cost": _NOTHING,
}


def _reads(definition: CardDefinition) -> frozenset[str]:
    """Return what the card's abilities read besides the field (READ_NAMES): what their conditions and amounts read
    (CONDITION_READS, AMOUNT_READS), damage for "Damage N —" of an ability other than a field ability (a field
    ability's: PrintedFacts.field_gates), and the dull state for a filter naming it."""
    reads: set[str] = set()
    for ability in definition.effects:
        condition = ability.get("condition") or {}
        for word in condition:  # the card check (effects.CONDITIONS) let through no other word
            reads |= CONDITION_READS[word]
        amount = ability.get("amount")
        if is_mapping(amount):
            for base in amount.keys() & AMOUNT_READS.keys():
                reads |= AMOUNT_READS[base]
            if is_mapping(amount.get("count")) and amount["count"].get("zone") == "break":
                reads.add("break")  # (s6) "for each Card Name X in your Break Zone"
        if "damage" in ability and ability_kind(ability, False) != "field":  # "Damage N —": the Damage Zone
            reads.add("damage")
        if any(is_mapping(ability.get(key)) and "dull" in ability[key]
               for key in ("applies_to", "target", "all", "of")) or _mentions((condition, amount), _DULL):
            reads.add("dull")  # "if your opponent controls 4 or more dull Characters", "all dull Forwards"
    return frozenset(reads)


_DULL = frozenset({"dull"})


class PrintedIndex(dict):  # type: ignore[type-arg]
    """Card id -> PrintedFacts for one game's library, filled on first use of each card id."""

    def __init__(self, library: CardLibrary) -> None:
        super().__init__()
        self.library = library
        self._library_has: dict[str, bool] = {}
        # What the listing of plays (rules.py `_potential_plays`) asks of the whole library at every step, worked out
        # here once: whether some card prints a field ability changing a cost or letting one be paid with CP of any
        # Element (if none does, a card in hand costs what it prints); action abilities used from the hand or the
        # Break Zone; abilities by hand (cards whose text was not compiled, offered by their timing words); and
        # whether the plays may depend on the current attack (a card reading it, or an ability by hand).
        self.prints_cost_change = self.library_has("field:cost_change")  # read for each card cost counted (cost_of)
        self.prints_cost_changes = self.prints_cost_change or self.library_has("field:any_element_cost")
        # read for each payment looked for (cp._payers): whether some card lets Backups produce CP of more Elements
        self.prints_any_element_cp = self.library_has("field:any_element_cp")
        # read for each event emitted (actions.emit): the events some auto-ability of a card of the library triggers on
        # (an event no card watches triggers nothing printed, wherever the cards are), and whether a card watches some
        # from the Break Zone
        self.auto_events = frozenset(event for card_id in library for event in self[card_id].auto)
        self.has_break_zone_events = self.library_has("break_zone_events")
        self.has_hand_actions = self.library_has("hand_actions")
        self.has_break_zone_actions = self.library_has("break_zone_actions")
        self.has_by_hand = bool(cards_by_hand(library))
        self.plays_read_battle = self.has_by_hand or self.library_has("reads_battle")
        # a target filter's `type` value (a list made a tuple) -> card id -> whether the card's printed types pass it
        # (the filter's `type` test read without current characteristics); filled by resolution.py as it looks
        self.printed_type_passes: dict[Any, dict[str, bool]] = {}

    def __missing__(self, card_id: str) -> PrintedFacts:
        facts = self[card_id] = PrintedFacts(self.library[card_id])
        return facts

    def library_has(self, facet: str) -> bool:
        """Tell whether some card of the library prints what `facet` names — a PrintedFacts attribute that is not empty
        ("break_zone_events"), or "field:<effect>", a field ability of that effect — worked out once per facet: most
        libraries print none of a rare kind, and the rules need not look for it at every step."""
        found = self._library_has.get(facet)
        if found is None:
            if facet.startswith("field:"):
                effect = facet[len("field:"):]
                found = any(a.get("effect") == effect for card_id in self.library for _, a in self[card_id].field)
            else:
                found = any(getattr(self[card_id], facet) for card_id in self.library)
            self._library_has[facet] = found
        return found


_INDEXES: PerLibrary[PrintedIndex] = PerLibrary(PrintedIndex)


def printed_index(state: GameState) -> PrintedIndex:
    """Return the printed facts of the game's library (built once per library, see PerLibrary)."""
    library = state.library
    try:  # PerLibrary's lookup, inlined: asked thousands of times a game
        version, index = library.derived[_INDEXES]
    except KeyError:
        return _INDEXES(library)
    return index if version == library.version else _INDEXES(library)  # type: ignore[no-any-return]


def printed(state: GameState, iid: int) -> PrintedFacts:
    """Return the printed facts of a card instance."""
    return printed_index(state)[state.cards[iid].card_id]
