"""Checking a scenario's `expect:` keys against the game."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.engine.commands import CommandError, build_command
from tabletop.engine.errors import BadInput

if TYPE_CHECKING:
    from tabletop.scenarios.runner import ScenarioPlayer

TABLE_KEYS = ("phase", "turn", "active")


def check_expectation(player: ScenarioPlayer, key: str, expected: Any, where: str) -> None:
    """Check one `expect:` key; ScenarioFailed when it does not hold, BadInput when it is unknown."""
    from tabletop.scenarios.runner import ScenarioFailed, command_partial_match

    game = player.game
    state = game.state
    rules = game.rules
    if key in TABLE_KEYS:
        actual: Any = getattr(state, key)
        if key == "phase" and "." in str(expected):
            actual = f"{state.phase}.{state.step}"
        _same(key, actual, expected)
    elif key == "winner":
        outcome = game.outcome()
        actual = "none" if outcome is None else (outcome.winner or "draw")
        _same("winner", actual, str(expected))
    elif key == "pending":
        if not isinstance(expected, Mapping):
            raise BadInput(player.path, "'pending' is a mapping with 'by' and optionally 'decision'", where)
        decision = game.pending_decision()
        if decision is None:
            raise ScenarioFailed("no decision is pending (the game is over)")
        if "by" in expected:
            _same("pending.by", decision.player, expected["by"])
        if "decision" in expected:
            _same("pending.decision", decision.name, expected["decision"])
    elif key in ("stack", "chain"):
        entries = _stack_entries(player, key, where)
        if not isinstance(expected, list):
            raise BadInput(player.path, f"'{key}' lists card ids or ability names, top first", where)
        if len(entries) != len(expected) or not all(str(e) in names for e, names in zip(expected, entries)):
            raise ScenarioFailed(f"{key} is {[sorted(n) for n in entries]}, expected {expected}")
    elif key in ("legal", "not_legal"):
        if not isinstance(expected, list):
            raise BadInput(player.path, f"'{key}' lists commands", where)
        for item in expected:
            if not isinstance(item, Mapping) or "command" not in item:
                raise BadInput(player.path, f"'{key}' items are {{command: NAME, ...args}}", where)
            args = _command_args(player, item, where)
            by = item.get("by")
            commands = game.legal_commands(by)
            found = any(command_partial_match(c, str(item["command"]), args) for c in commands)
            if key == "legal" and not found:
                raise ScenarioFailed(f"{dict(item)} is not among the legal commands")
            if key == "not_legal" and found:
                raise ScenarioFailed(f"{dict(item)} is legal but should not be")
    elif key == "log":
        lines = [e.text + (f" [{e.rule}]" if e.rule else "") for e in state.log[player.log_mark:]]
        if not any(str(expected) in line for line in lines):
            raise ScenarioFailed(f"no log line since the last expect contains {expected!r} (log: {lines[-5:]})")
    elif key in state.players:
        if not isinstance(expected, Mapping):
            raise BadInput(player.path, f"'{key}' must be a mapping of zones and totals", where)
        for fact, value in expected.items():
            try:
                actual = rules.player_fact(state, key, str(fact))
            except KeyError as error:
                raise BadInput(player.path, str(error.args[0]), f"{where}: {key}.{fact}") from None
            if isinstance(value, int) and not isinstance(value, bool) and isinstance(actual, list):
                actual = len(actual)
            _same(f"{key}.{fact}", actual, value)
    elif key.startswith("@") or "[" in key or "." in key or key.isdigit():
        try:
            iid = player._resolve(int(key) if key.isdigit() else key)
        except KeyError as error:
            raise ScenarioFailed(str(error.args[0])) from None
        if not isinstance(expected, Mapping):
            raise BadInput(player.path, f"'{key}' must be a mapping of card fields", where)
        for fact, value in expected.items():
            try:
                actual = rules.card_fact(state, iid, str(fact))
            except KeyError as error:
                raise BadInput(player.path, str(error.args[0]), f"{where}: {key}.{fact}") from None
            if fact in ("states",) and isinstance(value, list):
                actual, value = sorted(actual), sorted(value)
            _same(f"{key}.{fact}", actual, value)
    else:
        raise BadInput(player.path, f"{rules.name} scenarios have no expectation {key!r}", where)


def _same(what: str, actual: Any, expected: Any) -> None:
    from tabletop.scenarios.runner import ScenarioFailed

    if actual != expected:
        raise ScenarioFailed(f"{what} is {actual!r}, expected {expected!r}")


def _stack_entries(player: ScenarioPlayer, key: str, where: str) -> list[set[str]]:
    rules = player.game.rules
    entries = getattr(rules, "stack_entries", None)
    if entries is None:
        raise BadInput(player.path, f"{rules.name} has no {key}", where)
    return [set(names) for names in entries(player.game.state)]


def _command_args(player: ScenarioPlayer, item: Mapping[str, Any], where: str) -> dict[str, Any]:
    data = {"by": item.get("by", player.game.current_player() or "p1"), **item}
    try:
        command = build_command(player.game.command_types,
                                {k: v for k, v in data.items()}, player._resolve)
    except CommandError:
        command = None
    args = {k: v for k, v in item.items() if k not in ("command", "by")}
    if command is not None:
        return {k: getattr(command, k) for k in args}
    # A partial argument list: resolve card references one by one.
    resolved: dict[str, Any] = {}
    for k, v in args.items():
        try:
            resolved[k] = player._resolve(v) if isinstance(v, str) and (v.startswith("@") or "[" in v) else v
        except KeyError as error:
            raise BadInput(player.path, str(error.args[0]), where) from None
    return resolved
