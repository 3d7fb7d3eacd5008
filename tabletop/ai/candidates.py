"""Candidate answers to a decision: the legal commands, or answers built from the decision itself."""
from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from tabletop.engine.commands import Choose, Command, Concede, PassPriority
from tabletop.engine.decision import Decision

# A pick or order decision with more combinations than this is sampled instead of enumerated.
MAX_ENUMERATED = 64


def candidate_commands(decision: Decision, legal_commands: Sequence[Command],
                       rng: random.Random | None = None) -> list[Command]:
    """Return the commands a bot may choose between for `decision`.

    The legal commands come first (Concede is never a candidate). When the game lists none,
    Choose answers are built from the decision's kind, options and bounds; an "act" decision
    with nothing listed falls back to PassPriority.
    """
    listed = [c for c in legal_commands if not isinstance(c, Concede)]
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
