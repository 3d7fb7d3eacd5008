"""The bot kinds by name (`random`, `heuristic`, `montecarlo[:MS]`, `passive`) and how to make one."""
from __future__ import annotations

import time
from collections.abc import Callable

from tabletop.ai.bot import Bot, Knowledge
from tabletop.ai.heuristic import HeuristicBot
from tabletop.ai.montecarlo import MonteCarloBot
from tabletop.ai.passive_bot import PassiveBot
from tabletop.ai.random_bot import RandomBot

DEFAULT_BUDGET_MS = 300.0

# How a time budget is counted: "wall" (what a player waits) or "cpu" (the bot's thread alone,
# so that a measurement on a busy machine gives the bot what a quiet machine would).
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}

BotFactory = Callable[[Knowledge, int, str, Callable[[], float]], Bot]

BOT_KINDS: dict[str, BotFactory] = {
    "random": lambda knowledge, seed, arg, clock: RandomBot(seed),
    "heuristic": lambda knowledge, seed, arg, clock: HeuristicBot(knowledge, seed),
    "montecarlo": lambda knowledge, seed, arg, clock: MonteCarloBot(
        knowledge, float(arg) if arg else DEFAULT_BUDGET_MS, seed, clock=clock),
    "passive": lambda knowledge, seed, arg, clock: PassiveBot(),
}
ALIASES = {"mc": "montecarlo"}


def parse_bot_name(spec: str) -> tuple[str, str]:
    """Split `montecarlo:150` into (kind, argument); ValueError names the unknown kind or bad budget."""
    kind, _, arg = spec.strip().lower().partition(":")
    kind = ALIASES.get(kind, kind)
    if kind not in BOT_KINDS:
        raise ValueError(f"unknown bot {spec!r} (bots: {', '.join(sorted(BOT_KINDS))}; montecarlo:MS sets its budget)")
    if arg:
        if kind != "montecarlo":
            raise ValueError(f"bot {kind!r} takes no argument (got {spec!r})")
        try:
            if float(arg) <= 0:
                raise ValueError
        except ValueError:
            raise ValueError(f"bot {spec!r}: the budget must be a positive number of milliseconds") from None
    return kind, arg


def make_bot(spec: str, knowledge: Knowledge, seed: int, clock: str = "wall") -> Bot:
    """Return a new bot of the named kind for the seat described by `knowledge` (`clock` as in CLOCKS)."""
    kind, arg = parse_bot_name(spec)
    return BOT_KINDS[kind](knowledge, seed, arg, CLOCKS[clock])
