"""Loops (DN 9.4): a play that brings the table back to where it was earlier in the same phase has made a loop,
which could be repeated forever; the looping player names how many more times it goes round, and then it ends.

How the loop is seen and ended is decided here ([I], DN 9.4 gives only the naming):
- After every play of the Speed, Cast, Fast and Action Phases that leaves no choice pending, the table's position
  is recorded (everything the rules read: zones, card states, the turn's bookkeeping). When a play brings back a
  position already recorded in this phase, the commands since then are the loop (seen when it comes round the
  second time: `record`). The players who made other plays than passes and answers in it are the ones who loop.
- A loop that changes nothing (the position is exactly the same) ends at once: repeating it would change nothing.
  A loop that adds something up (BP until end of turn, damage) asks its player how many more times it goes round
  (0 to the `loop_count_limit` parameter); with both players looping, the first player names a number, then the
  last player, and the smaller is used. The loop's commands are then played that many times more.
- "Then the loop cannot be repeated": the looping players' plays of the loop are not listed again in this phase.
"""
from __future__ import annotations

import json
import zlib
from operator import attrgetter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tabletop.engine import procedure
from tabletop.engine.commands import Choose, Command, PassPriority, build_command
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.games.dreadnought.commands import COMMANDS
from tabletop.games.dreadnought.parameters import parameter

POSITIONS = "loop_positions"  # data: this phase's commands {"phase", "command"}, a play's with its "outline" (and
                              # "key" and "amounts" when the outline came up before)
SPENT = "loop_spent"          # data: {"phase": …, "commands": [...]}: plays of ended loops, not listed again
LOOPING_PHASES = frozenset({"speed", "cast", "fast", "action"})
# The turn's bookkeeping a position includes (flow.py): who acts, the reaction right, the Effect Area, the battle,
# the abilities used this turn, gear changes, trigger counts, the pending decision. The procedure frames are left
# out: within one phase the turn's frame stands at the same step whenever a player acts freely.
TURN_FACTS = ("acting", "reaction", "effect_area", "battle", "used", "gear", "triggered", procedure.DECISION)
ADDING_UP = frozenset({"bp_turn", "sp_turn"})  # card props effects add to: with the counters, what a loop adds up
LOOP_COMMANDS: tuple[type[Command], ...] = (*COMMANDS, Choose, PassPriority)
COMMAND_TYPES: Mapping[str, type[Command]] = {c.command_name(): c for c in LOOP_COMMANDS}
_CARDS = attrgetter("cards")   # a zone's cards (read for every zone after every play: no Python call per zone)


def _phase_tag(state: GameState) -> str:
    return f"{state.turn}.{state.phase}"


def position(state: GameState) -> tuple[int, int]:
    """Return a key of the table's position without the amounts effects add up (BP, SP, damage), and a key of those
    amounts.

    Read after every play, so kept cheap: numbers only (the hash of a tuple of numbers is the same in every
    process, unlike a string's), and only the cards in a state other than the plain one.
    """
    cards = []
    amounts = []
    for iid, card in state.cards.items():
        if card.tapped or card.face_down or card.props or card.counters:
            props = tuple(sorted((_number(k), _number(v)) for k, v in card.props.items() if k not in ADDING_UP))
            if card.tapped or card.face_down or props:
                cards.append((iid, card.tapped, card.face_down, _number(card.controller), props))
            amounts += [(iid, _number(k), v) for k, v in card.props.items() if k in ADDING_UP]
            amounts += [(iid, _number(k), v) for k, v in card.counters.items()]
    zones = tuple((index, tuple(zone.cards)) for index, zone in enumerate(state.zones.values()) if zone.cards)
    facts = _number(repr([state.data.get(k) for k in TURN_FACTS]))
    return hash((_number(state.phase), _number(state.step), zones, tuple(cards), facts)), hash(tuple(sorted(amounts)))


def outline(state: GameState) -> int:
    """Return a key of what a position is at least (the zones' sizes and the turn's bookkeeping): cheap to read."""
    facts = _number(repr([state.data.get(k) for k in TURN_FACTS]))
    sizes = tuple(map(len, map(_CARDS, state.zones.values())))
    return hash((_number(state.phase), _number(state.step), sizes, facts))


def _number(value: Any) -> int:
    """Return a number standing for a value: itself for a whole number, a CRC of its text otherwise."""
    if type(value) is int or type(value) is bool:
        return int(value)
    return zlib.crc32(str(value).encode())


def spent(state: GameState) -> frozenset[str]:
    """Return the plays of this phase's ended loops (as command JSON text), which are not listed again (DN 9.4)."""
    found = state.data.get(SPENT)
    if not found or found.get("phase") != _phase_tag(state):
        return frozenset()
    return frozenset(found["commands"])


def command_text(command: Command | Mapping[str, Any]) -> str:
    """Return a command as JSON text (how loops store and compare plays)."""
    return json.dumps(command if isinstance(command, Mapping) else command.to_json(), sort_keys=True)


def is_play(command: Mapping[str, Any]) -> bool:
    """Tell whether a command (as JSON) is a play that can make a loop: not a pass, not an answer to a choice."""
    return command["command"] not in (PassPriority.command_name(), Choose.command_name())


def record(tx: Transaction, command: Command) -> Sequence[Mapping[str, Any]] | None:
    """Record a command of this phase and, after a play, the position it left; return the loop's entries when
    the play brought back the position an earlier play left.

    The whole position is read only when its outline (the zones' sizes, the turn's bookkeeping) was seen after
    an earlier play of the phase: a loop is therefore seen when it comes round the second time, not the first.
    """
    state = tx.state
    if state.phase not in LOOPING_PHASES or state.data.get("outcome"):
        return None
    tag = _phase_tag(state)
    seen = [e for e in state.data.get(POSITIONS) or () if e["phase"] == tag]
    entry: dict[str, Any] = {"phase": tag, "command": command.to_json()}
    earlier = None
    if is_play(entry["command"]) and not procedure.is_waiting(state):  # a loop closes with a play, at rest
        entry["outline"] = outline(state)
        if any(e.get("outline") == entry["outline"] for e in seen):  # only then can the position be the same
            entry["key"], entry["amounts"] = position(state)
            earlier = next((i for i, e in enumerate(seen) if e.get("key") == entry["key"]), None)
    seen.append(entry)
    tx.set_data(POSITIONS, seen, copy=False)  # a new list of entries never changed in place
    return None if earlier is None else seen[earlier + 1:]


def looping_players(state: GameState, loop: Sequence[Mapping[str, Any]]) -> list[str]:
    """Return the players who made plays in a loop, the first player first (DN 9.4)."""
    by = {e["command"]["by"] for e in loop if is_play(e["command"])}
    first = str(state.data.get("first") or state.active)
    return [p for p in (first, state.opponent(first)) if p in by]


def start(tx: Transaction, loop: Sequence[Mapping[str, Any]]) -> None:
    """Handle a loop just made: end it when it changes nothing, else ask the first looping player for a number."""
    state = tx.state
    players = looping_players(state, loop)
    commands = [e["command"] for e in loop]
    if loop[-1]["amounts"] == next(e["amounts"] for e in state.data[POSITIONS] if e.get("key") == loop[-1]["key"]):
        tx.log("the same position again: this loop changes nothing however often it goes round, so it ends",
               "DN 9.4")
        end(tx, commands, players)
        return
    _ask(tx, players[0], commands, players, [])


def _ask(tx: Transaction, player: str, commands: list[Any], players: list[str], named: list[int]) -> None:
    limit = int(parameter(tx.state, "loop_count_limit"))
    procedure.ask(tx, None, player, "loop", "number", "a loop: name how many more times it goes round (DN 9.4)",
                  low=0, high=limit, rule="DN 9.4", commands=commands, players=players, named=named)


def answer(tx: Transaction, raw: Mapping[str, Any], number: int, replay: Callable[[Command], bool]) -> None:
    """Take a player's number for a loop; once every looping player has named one, play it round the smaller
    number of times (each round's plays must still be allowed) and end it."""
    named = [*raw["named"], number]
    players = list(raw["players"])
    tx.log(f"{raw['player']} names {number} for the loop", "DN 9.4")
    if len(named) < len(players):
        _ask(tx, players[len(named)], list(raw["commands"]), players, named)
        return
    rounds = min(named)
    commands = [build_command(COMMAND_TYPES, c) for c in raw["commands"]]
    done = 0
    for _ in range(rounds):
        if not all(replay(command) for command in commands):
            break
        done += 1
    tx.log(f"the loop goes round {done} more time(s), then ends", "DN 9.4")
    end(tx, list(raw["commands"]), players)


def end(tx: Transaction, commands: Sequence[Mapping[str, Any]], players: Sequence[str]) -> None:
    """End a loop: its players' plays in it are not listed again in this phase (DN 9.4)."""
    state = tx.state
    tag = _phase_tag(state)
    before = state.data.get(SPENT)
    kept = list(before["commands"]) if before and before.get("phase") == tag else []
    plays = [command_text(c) for c in commands
             if c["by"] in players and is_play(c)]
    tx.set_data(SPENT, {"phase": tag, "commands": sorted({*kept, *plays})})
    tx.set_data(POSITIONS, None)

