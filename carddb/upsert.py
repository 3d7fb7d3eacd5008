"""Insert new cards and update changed ones in place, inside the caller's transaction."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from sqlalchemy import Connection, bindparam, insert, select, update

from carddb.conversion import row_values
from carddb.schema import Card, CardSet, Game
from tabletop.engine.cards import CardDefinition

# Compared to decide whether a stored card changed; `game` and `code` identify it.
_COMPARED = ("name", "card_type", "cost", "stats", "text", "keywords", "attributes", "effects", "set_id")

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class UpsertCounts:
    """How many cards an upsert added, updated in place, and found already identical."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0


def upsert_cards(connection: Connection, cards: Iterable[CardDefinition], progress: Progress | None = None) -> UpsertCounts:
    """Store `cards` by (game, code): insert the new, update the changed, leave the identical.

    Runs in the caller's transaction and commits nothing. A card's `attributes["set"]`
    (a string) files it under that set, created on first use. When two cards share a
    (game, code) the later one wins.
    """
    wanted: dict[tuple[str, str], dict] = {}
    for card in cards:
        wanted[(card.game, card.id)] = row_values(card)
    total = len(wanted)
    games = {game for game, _ in wanted}
    _ensure_games(connection, games)
    set_ids = _ensure_sets(connection, wanted.values())
    for values in wanted.values():
        set_name = values["attributes"].get("set")
        values["set_id"] = set_ids.get((values["game"], set_name)) if isinstance(set_name, str) else None

    existing: dict[tuple[str, str], tuple] = {}
    columns = [Card.id, Card.game, Card.code, *(getattr(Card, name) for name in _COMPARED)]
    for game in games:
        for row in connection.execute(select(*columns).where(Card.game == game)):
            existing[(row.game, row.code)] = row

    to_insert: list[dict] = []
    to_update: list[dict] = []
    unchanged = 0
    for key, values in wanted.items():
        row = existing.get(key)
        if row is None:
            to_insert.append(values)
        elif any(getattr(row, name) != values[name] for name in _COMPARED):
            to_update.append({"row_id": row.id, **{name: values[name] for name in _COMPARED}})
        else:
            unchanged += 1
    done = unchanged
    chunk = 2000
    for start in range(0, len(to_insert), chunk):
        connection.execute(insert(Card), to_insert[start:start + chunk])
        done += len(to_insert[start:start + chunk])
        if progress:
            progress(done, total)
    if to_update:
        statement = (
            update(Card.__table__)
            .where(Card.__table__.c.id == bindparam("row_id"))
            .values({name: bindparam(name) for name in _COMPARED})
        )
        for start in range(0, len(to_update), chunk):
            connection.execute(statement, to_update[start:start + chunk])
            done += len(to_update[start:start + chunk])
            if progress:
                progress(done, total)
    if progress:
        progress(total, total)
    return UpsertCounts(added=len(to_insert), updated=len(to_update), unchanged=unchanged)


def _ensure_games(connection: Connection, games: set[str]) -> None:
    known = set(connection.scalars(select(Game.id)))
    missing = sorted(games - known)
    if missing:
        connection.execute(insert(Game), [{"id": game, "name": game} for game in missing])


def _ensure_sets(connection: Connection, values: Iterable[dict]) -> dict[tuple[str, str], int]:
    wanted = {
        (v["game"], v["attributes"]["set"]) for v in values if isinstance(v["attributes"].get("set"), str)
    }
    ids = {(row.game, row.code): row.id for row in connection.execute(select(CardSet.id, CardSet.game, CardSet.code))}
    missing = sorted(wanted - ids.keys())
    if missing:
        connection.execute(insert(CardSet), [{"game": game, "code": code, "name": code} for game, code in missing])
        ids = {
            (row.game, row.code): row.id for row in connection.execute(select(CardSet.id, CardSet.game, CardSet.code))
        }
    return ids
