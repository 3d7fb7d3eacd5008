"""Open, create and upgrade the local SQLite card database; read cards and decks from it."""
from __future__ import annotations

import importlib
import importlib.util
import os
import shutil
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import Connection, Engine, create_engine, delete, event, func, insert, select
from sqlalchemy.exc import DatabaseError, SQLAlchemyError

from carddb.conversion import CARD_COLUMNS, definition_from_row
from carddb.errors import CardDatabaseError, UnknownCardError
from carddb.schema import DECK_SECTIONS, Card, Deck, DeckEntry, ImportRun
from carddb.search import SearchFilters, search_cards
from carddb.upsert import Progress, UpsertCounts, upsert_cards
from tabletop.engine.cards import CardDefinition, CardLibrary

# The newest migration in carddb/migrations/versions. Opening a database already at this
# revision skips alembic entirely (the ≤100 ms open); a test checks it matches alembic's head.
SCHEMA_REVISION = "0001"
KNOWN_REVISIONS: tuple[str, ...] = ("0001",)

SQLITE_MAGIC = b"SQLite format 3\x00"
BundledLoader = Callable[[], Iterable[Any]]


def default_database_path() -> Path:
    """Return where the card database lives when no path is given (the user data directory)."""
    return platformdirs.user_data_path("tabletop") / "cards.sqlite3"


@dataclass(frozen=True)
class GameCount:
    """How many cards and decks the database holds for one game."""

    game: str
    cards: int
    decks: int


@dataclass(frozen=True)
class DatabaseInfo:
    """What `tabletop db info` shows: where the database is, its schema and contents."""

    path: Path
    revision: str
    games: tuple[GameCount, ...]
    imports: tuple[ImportRun, ...]


class CardDatabase:
    """An open card database: cards by (game, code), libraries, search, decks, upserts."""

    def __init__(self, path: Path, engine: Engine) -> None:
        self.path = path
        self.engine = engine

    def close(self) -> None:
        """Release the database file."""
        self.engine.dispose()

    def __enter__(self) -> CardDatabase:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def card(self, game: str, code: str) -> CardDefinition:
        """Return one card; raises UnknownCardError when the database lacks it."""
        columns = [getattr(Card, name) for name in CARD_COLUMNS]
        with self.engine.connect() as connection:
            row = connection.execute(select(*columns).where(Card.game == game, Card.code == str(code))).first()
        if row is None:
            raise UnknownCardError(self.path, f"no {game} card with code {code!r}")
        return definition_from_row(row)

    def library(self, game: str) -> CardLibrary:
        """Return every card of `game` as a CardLibrary keyed by card code."""
        columns = [getattr(Card, name) for name in CARD_COLUMNS]
        with self.engine.connect() as connection:
            rows = connection.execute(select(*columns).where(Card.game == game)).all()
        return CardLibrary(definition_from_row(row) for row in rows)

    def upsert_cards(self, cards: Iterable[CardDefinition], progress: Progress | None = None) -> UpsertCounts:
        """Add new cards and update changed ones in one transaction (all land or none)."""
        with self.engine.begin() as connection:
            return upsert_cards(connection, cards, progress)

    def search(
        self,
        query: str = "",
        *,
        game: str | None = None,
        card_type: str | None = None,
        cost_min: int | None = None,
        cost_max: int | None = None,
        keyword: str | None = None,
        stats: Mapping[str, tuple[int | None, int | None]] | None = None,
        limit: int = 50,
        **attributes: str,
    ) -> list[CardDefinition]:
        """Return cards whose name or text has every word of `query` (as prefixes), filtered.

        Extra keyword arguments filter per-game attributes (`element="fire"`, `attribute="LIGHT"`,
        `nation=...`, `clan=...`); `stats={"atk": (2000, None)}` keeps ATK ≥ 2000.
        """
        filters = SearchFilters(
            game=game,
            card_type=card_type,
            cost_min=cost_min,
            cost_max=cost_max,
            keyword=keyword,
            attributes=attributes,
            stats=stats or {},
        )
        with self.engine.connect() as connection:
            return search_cards(connection, query, filters, limit)

    def save_deck(
        self, game: str, name: str, sections: Mapping[str, Iterable[str | tuple[str, int]]], source: str = ""
    ) -> None:
        """Store a deck list, replacing a deck of the same game and name.

        `sections` maps a section (main, extra, side, ride, gzone, material, lb) to card codes,
        either one code per copy or (code, count) pairs.
        """
        with self.engine.begin() as connection:
            _store_deck(connection, self.path, game, name, sections, source)

    def deck(self, game: str, name: str) -> dict[str, list[tuple[str, int]]]:
        """Return a stored deck as section → [(card code, count)] in saved order."""
        with self.engine.connect() as connection:
            deck_id = connection.scalar(select(Deck.id).where(Deck.game == game, Deck.name == name))
            if deck_id is None:
                raise CardDatabaseError(self.path, f"no {game} deck named {name!r}")
            rows = connection.execute(
                select(DeckEntry.section, DeckEntry.card_code, DeckEntry.count)
                .where(DeckEntry.deck_id == deck_id)
                .order_by(DeckEntry.position)
            ).all()
        result: dict[str, list[tuple[str, int]]] = {}
        for section, code, count in rows:
            result.setdefault(section, []).append((code, count))
        return result

    def deck_names(self, game: str) -> list[str]:
        """Return the names of the stored decks of `game`, sorted."""
        with self.engine.connect() as connection:
            return list(connection.scalars(select(Deck.name).where(Deck.game == game).order_by(Deck.name)))

    def info(self) -> DatabaseInfo:
        """Return the database's location, schema revision, per-game counts and import history."""
        with self.engine.connect() as connection:
            revision = connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() or ""
            cards = dict(connection.execute(select(Card.game, func.count()).group_by(Card.game)).all())
            decks = dict(connection.execute(select(Deck.game, func.count()).group_by(Deck.game)).all())
            runs = connection.execute(select(ImportRun).order_by(ImportRun.imported_at)).all()
        games = tuple(GameCount(g, cards.get(g, 0), decks.get(g, 0)) for g in sorted(set(cards) | set(decks)))
        imports = tuple(
            ImportRun(**{c.key: getattr(r, c.key) for c in ImportRun.__table__.columns}) for r in runs
        )
        return DatabaseInfo(path=self.path, revision=revision, games=games, imports=imports)


def open_database(path: Path | None = None, *, bundled_loader: BundledLoader | None = None) -> CardDatabase:
    """Open the card database at `path` (default: the user data directory), creating or upgrading it.

    A new database is built next to its final place and renamed into it once the schema
    and the bundled sets are in, so a failure leaves no half-made file. An older one is
    copied to `<name>.bak-<revision>` and then migrated; nothing is dropped. Raises
    CardDatabaseError (one line, naming the file) for a file that is not a card database.
    `bundled_loader` replaces the `carddb.bundled.load_bundled_cards` hook (tests).
    """
    path = Path(path) if path is not None else default_database_path()
    if path.is_dir():
        raise CardDatabaseError(path, "is a folder, not a card database file")
    if path.exists() and path.stat().st_size > 0:
        _check_header(path)
        engine = _engine(path)
        try:
            _bring_up_to_date(engine, path)
        except BaseException:
            engine.dispose()
            raise
        return CardDatabase(path, engine)
    return _create(path, bundled_loader or _bundled_hook())


def _engine(path: Path) -> Engine:
    engine = create_engine(f"sqlite:///{path}")

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # The sqlite3 module's own transaction handling skips BEGIN before DDL; take it over
        # so every `engine.begin()` block (migrations and imports included) is all-or-nothing.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN")

    return engine


def _check_header(path: Path) -> None:
    try:
        with path.open("rb") as handle:
            header = handle.read(len(SQLITE_MAGIC))
    except OSError as error:
        raise CardDatabaseError(path, f"cannot be read ({error.strerror or error})") from None
    if header != SQLITE_MAGIC:
        raise CardDatabaseError(path, "is not a SQLite database (wrong file header)")


def _bring_up_to_date(engine: Engine, path: Path) -> None:
    try:
        with engine.connect() as connection:
            tables = set(connection.exec_driver_sql("SELECT name FROM sqlite_master WHERE type = 'table'").scalars())
            revision = None
            if "alembic_version" in tables:
                revision = connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
    except DatabaseError as error:
        raise CardDatabaseError(path, f"is a damaged SQLite database ({error.orig})") from None
    if revision == SCHEMA_REVISION:
        return
    if revision is None and tables - {"alembic_version"}:
        raise CardDatabaseError(path, "is a SQLite database but not a tabletop card database")
    if revision is not None and revision not in KNOWN_REVISIONS:
        raise CardDatabaseError(path, f"was written by a newer tabletop (schema {revision}); update tabletop")
    if revision is not None:
        shutil.copy2(path, path.with_name(f"{path.name}.bak-{revision}"))
    _migrate(engine, path)


def _migrate(engine: Engine, path: Path) -> None:
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", "carddb:migrations")
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
    except SQLAlchemyError as error:
        raise CardDatabaseError(path, f"could not be upgraded ({getattr(error, 'orig', error)})") from None


def _create(path: Path, loader: BundledLoader | None) -> CardDatabase:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise CardDatabaseError(path, f"cannot create its folder ({error.strerror or error})") from None
    building = path.with_name(f".{path.name}.building-{os.getpid()}")
    building.unlink(missing_ok=True)
    engine = _engine(building)
    try:
        _migrate(engine, building)
        if loader is not None:
            _fill_bundled(engine, path, loader)
    except BaseException:
        engine.dispose()
        building.unlink(missing_ok=True)
        raise
    engine.dispose()
    os.replace(building, path)
    return CardDatabase(path, _engine(path))


def _bundled_hook() -> BundledLoader | None:
    # carddb.bundled arrives from another branch; until then a new database starts empty.
    if importlib.util.find_spec("carddb.bundled") is None:
        return None
    return importlib.import_module("carddb.bundled").load_bundled_cards


def _fill_bundled(engine: Engine, path: Path, loader: BundledLoader) -> None:
    """Store the bundled cards and decks: CardDefinitions, and deck objects with game/name/sections."""
    cards: list[CardDefinition] = []
    decks: list[Any] = []
    for item in loader():
        if isinstance(item, CardDefinition):
            cards.append(item)
        elif all(hasattr(item, name) for name in ("game", "name", "sections")):
            decks.append(item)
        else:
            raise CardDatabaseError(path, f"bundled sets gave {type(item).__name__}, neither a card nor a deck")
    with engine.begin() as connection:
        upsert_cards(connection, cards)
        for deck in decks:
            _store_deck(connection, path, deck.game, deck.name, deck.sections, getattr(deck, "source", "bundled"))


def _store_deck(
    connection: Connection,
    path: Path,
    game: str,
    name: str,
    sections: Mapping[str, Iterable[str | tuple[str, int]]],
    source: str,
) -> None:
    rows: list[dict[str, Any]] = []
    for section, items in sections.items():
        if section not in DECK_SECTIONS:
            raise CardDatabaseError(path, f"deck {name!r}: unknown section {section!r}")
        counts: dict[str, int] = {}
        for item in items:
            code, count = (item, 1) if isinstance(item, str) else (str(item[0]), int(item[1]))
            counts[code] = counts.get(code, 0) + count
        rows.extend({"section": section, "card_code": code, "count": n} for code, n in counts.items())
    connection.execute(delete(Deck).where(Deck.game == game, Deck.name == name))
    deck_id = connection.execute(
        insert(Deck).values(game=game, name=name, source=source, created_at=_now()).returning(Deck.id)
    ).scalar_one()
    if rows:
        connection.execute(
            insert(DeckEntry), [{"deck_id": deck_id, "position": i, **row} for i, row in enumerate(rows)]
        )


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)
