"""Building a table by hand from a scenario's `setup` mapping (judge mode, puzzles, tests)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.rules import GameRules
from tabletop.engine.transaction import Transaction
from tabletop.engine.zones import zone_id

SETUP_KEYS = ("turn", "active", "phase", "players")
MAX_ZONE_CARDS = 1_000   # cards a setup may put in one zone: a count of 10**9 would take minutes


class SetupError(ValueError):
    """A setup mapping that does not fit the game; the message names the field."""


def build_table(rules: GameRules, tx: Transaction, setup: Mapping[str, Any]) -> dict[str, int]:
    """Place the cards and totals a setup mapping lists; return the card labels (`as:`) given."""
    if not isinstance(setup, Mapping):
        raise SetupError("setup must be a mapping")
    extra = set(setup) - set(SETUP_KEYS) - set(getattr(rules, "scenario_setup_keys", ()))
    if extra:
        raise SetupError(f"setup: {rules.name} has no setup field {sorted(extra)[0]!r}")
    state = tx.state
    if "turn" in setup:
        tx.set_table("turn", _int("setup.turn", setup["turn"]))
    if "active" in setup:
        if setup["active"] not in state.players:
            raise SetupError(f"setup.active: no player {setup['active']!r}")
        tx.set_table("active", setup["active"])
    if "phase" in setup:
        phase, _, step = str(setup["phase"]).partition(".")
        if rules.phases and phase not in rules.phases:
            raise SetupError(f"setup.phase: {rules.name} has no phase {phase!r} (phases: {', '.join(rules.phases)})")
        tx.set_table("phase", phase)
        tx.set_table("step", step)
    labels: dict[str, int] = {}
    players = setup.get("players") or {}
    if not isinstance(players, Mapping):
        raise SetupError("setup.players must be a mapping")
    for player, zones in players.items():
        if player not in state.players:
            raise SetupError(f"setup.players: no player {player!r}")
        if not isinstance(zones, Mapping):
            raise SetupError(f"setup.players.{player} must be a mapping")
        for key, content in zones.items():
            where = f"setup.players.{player}.{key}"
            zid = zone_id(player, str(key))
            if zid in state.zones:
                _fill_zone(rules, tx, player, zid, content, labels, where)
            elif key in rules.default_totals:
                tx.set_total(player, str(key), _int(where, content))
            else:
                raise SetupError(f"{where}: {rules.name} has no zone or total {key!r}")
    rules.after_scenario_setup(tx, setup)
    return labels


def _fill_zone(rules: GameRules, tx: Transaction, player: str, zid: str, content: Any,
               labels: dict[str, int], where: str) -> None:
    if isinstance(content, bool):
        raise SetupError(f"{where}: expected a list of cards or a number, got {content!r}")
    if isinstance(content, int):
        if not 0 <= content <= MAX_ZONE_CARDS:
            raise SetupError(f"{where}: a count of cards from 0 to {MAX_ZONE_CARDS}, got {content}")
        for _ in range(content):
            tx.create_card("filler", player, zid)
        return
    entries = content if isinstance(content, list) else [content]
    if len(entries) > MAX_ZONE_CARDS:
        raise SetupError(f"{where}: at most {MAX_ZONE_CARDS} cards, got {len(entries)}")
    capacity = tx.state.zones[zid].spec.capacity
    if capacity is not None and len(entries) > capacity:
        raise SetupError(f"{where}: holds at most {capacity} card(s)")
    for index, entry in enumerate(entries):
        place = f"{where}[{index}]"
        if isinstance(entry, str):
            card_id, fields = entry, {}
        elif isinstance(entry, Mapping) and "card" in entry:
            card_id, fields = str(entry["card"]), {k: v for k, v in entry.items() if k != "card"}
        else:
            raise SetupError(f"{place}: a card entry is a card id or a mapping with 'card'")
        if card_id not in tx.state.library:
            raise SetupError(f"{place}: unknown card {card_id!r}")
        iid = tx.create_card(card_id, player, zid)
        label = fields.pop("as", None)
        if label is not None:
            if str(label) in labels:
                raise SetupError(f"{place}: label {label!r} is used twice")
            labels[str(label)] = iid
        for key, value in fields.items():
            try:
                rules.set_card_fact(tx, iid, str(key), value)
            except (KeyError, ValueError, TypeError) as error:
                message = error.args[0] if error.args else str(error)
                raise SetupError(f"{place}.{key}: {message}") from None


def _int(where: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(f"{where}: expected a whole number, got {value!r}")
    return value
