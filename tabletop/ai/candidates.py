"""Candidate answers to a decision: the legal commands, or answers built from the decision itself."""
from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Hashable, Iterable, Sequence

from tabletop.engine.commands import Choose, Command, Concede, PassPriority, UseAbilityByHand, card_fields
from tabletop.engine.decision import Decision
from tabletop.engine.state import GameState

# A pick or order decision with more combinations than this is sampled instead of enumerated.
MAX_ENUMERATED = 64
# Listed commands a bot never chooses: conceding, and abilities carried out by hand (the rules cannot play them).
NEVER_CHOSEN = (Concede, UseAbilityByHand)


def candidate_commands(decision: Decision, legal_commands: Sequence[Command],
                       rng: random.Random | None = None) -> list[Command]:
    """Return the commands a bot may choose between for `decision`.

    The legal commands come first (Concede is never a candidate, nor an ability by hand: a bot does not carry
    out by hand what the rules cannot, so it leaves such abilities unused). When the game lists none,
    Choose answers are built from the decision's kind, options and bounds; an "act" decision
    with nothing listed falls back to PassPriority.
    """
    listed = [c for c in legal_commands if not isinstance(c, NEVER_CHOSEN)]
    if listed:
        return listed
    player = decision.player
    if decision.kind == "yesno":
        return [Choose(by=player, yes=True), Choose(by=player, yes=False)]
    if decision.kind == "number":
        return [Choose(by=player, number=n) for n in range(decision.min, decision.max + 1)] or \
            [Choose(by=player, number=decision.min)]
    if decision.kind == "pick":
        return _picks(decision, rng)
    if decision.kind == "order":
        return _orders(decision, rng)
    return [PassPriority(by=player)]


def sole_candidate(decision: Decision, legal_commands: Iterable[Command]) -> Command | None:
    """Return the one command `candidate_commands` would offer, or None when it offers several.

    Reads `legal_commands` only up to the second candidate, so a lazy listing (`GameRules.iter_legal_commands`)
    answers "is there a choice?" without building every play.
    """
    found: Command | None = None
    for command in legal_commands:
        if isinstance(command, NEVER_CHOSEN):
            continue
        if found is not None:
            return None
        found = command
    if found is not None:
        return found
    built = candidate_commands(decision, ())
    return built[0] if len(built) == 1 else None


def pick_subsets(decision: Decision, rng: random.Random | None = None) -> list[Command]:
    """Return Choose answers for every set of a pick decision's options within its bounds (sampled when many)."""
    return _picks(decision, rng)


def _picks(decision: Decision, rng: random.Random | None) -> list[Command]:
    options = list(decision.options)
    low = max(0, decision.min)
    high = min(len(options), decision.max if decision.max else len(options))
    answers: list[tuple[object, ...]] = []
    for size in range(low, high + 1):
        for combo in itertools.combinations(options, size):
            answers.append(combo)
            if len(answers) >= MAX_ENUMERATED:
                break
        if len(answers) >= MAX_ENUMERATED:
            break
    if rng is not None and len(answers) >= MAX_ENUMERATED and high >= low:
        for _ in range(MAX_ENUMERATED):
            size = rng.randint(low, high)
            answers.append(tuple(rng.sample(options, size)))
    return [Choose(by=decision.player, picks=tuple(a)) for a in answers]  # type: ignore[arg-type]


def _orders(decision: Decision, rng: random.Random | None) -> list[Command]:
    options = list(decision.options)
    answers = list(itertools.islice(itertools.permutations(options), MAX_ENUMERATED))
    if rng is not None and len(answers) >= MAX_ENUMERATED:
        for _ in range(MAX_ENUMERATED):
            answers.append(tuple(rng.sample(options, len(options))))
    return [Choose(by=decision.player, picks=tuple(a)) for a in answers]  # type: ignore[arg-type]


def is_pass(command: Command, advance: Command | None) -> bool:
    """Tell whether a command is the decision's "pass / next phase" answer."""
    return command == advance or isinstance(command, PassPriority)


def command_signature(state: GameState, command: Command, referenced: frozenset[int] = frozenset()) -> Hashable:
    """Return a key equal for commands that do the same thing to `state` up to which copy of a card they name.

    Each card argument is replaced by what the rules can see of that card: its card id, zone,
    controller, tapped and face-down flags, counters and properties. Two copies of the same card
    in the same hand give the same key; the same card on two different circles does not. Card
    arguments the state does not hold (hidden, unknown) or that are in `referenced` (named by a
    lasting effect, a battle, a pending trigger) stay as they are. Tuple order is kept, since
    some commands pair tuples field by field.
    """
    cards = card_fields(type(command))
    parts: list[Hashable] = [type(command).__name__]
    for f in dataclasses.fields(command):
        value = getattr(command, f.name)
        if f.name in cards:
            if isinstance(value, tuple):
                value = tuple(_card_key(state, v, referenced) for v in value)
            else:
                value = _card_key(state, value, referenced)
        elif isinstance(value, list):
            value = tuple(value)
        parts.append(value)
    return tuple(parts)


def _card_key(state: GameState, value: object, referenced: frozenset[int]) -> Hashable:
    if isinstance(value, bool) or not isinstance(value, int):
        return value  # type: ignore[return-value]
    card = state.cards.get(value)
    if card is None or value in referenced:
        return value
    props = tuple(sorted((k, repr(v)) for k, v in card.props.items())) if card.props else ()
    counters = tuple(sorted(card.counters.items())) if card.counters else ()
    return (card.card_id, card.zone, card.controller, card.tapped, card.face_down, counters, props)


def distinct_commands(state: GameState, commands: Sequence[Command]) -> tuple[list[Command], list[int]]:
    """Return one representative per group of equivalent commands and, per command, its group index."""
    referenced = referenced_numbers(state)
    groups: dict[Hashable, int] = {}
    representatives: list[Command] = []
    index: list[int] = []
    for command in commands:
        try:
            key = command_signature(state, command, referenced)
            hash(key)
        except TypeError:   # an argument that cannot be compared: the command stands alone
            key = ("unique", len(index))
        group = groups.get(key)
        if group is None:
            group = groups[key] = len(representatives)
            representatives.append(command)
        index.append(group)
    return representatives, index


def referenced_numbers(state: GameState) -> frozenset[int]:
    """Return every integer in the state's game data and lists: the card ids something may point at.

    Over-inclusive on purpose (a turn number counts too): a card wrongly kept apart only costs
    one more lookahead, a card wrongly merged with its twin could hide an effect on it.
    """
    found: set[int] = set()
    stack: list[object] = [state.data, state.lists]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
            stack.extend(k for k in item if isinstance(k, int))
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
        elif isinstance(item, int) and not isinstance(item, bool):
            found.add(item)
        elif isinstance(item, str) and item.isdigit():
            found.add(int(item))
    return frozenset(found)
