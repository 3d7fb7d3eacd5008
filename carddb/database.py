"""Open, create and upgrade the local SQLite card database; read cards and decks from it.

Reads go through the standard library's sqlite3 (a search does not import SQLAlchemy, which
is most of a command's start-up); writes go through a SQLAlchemy engine made on first use.
"""
from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

from carddb.conversion import CARD_COLUMNS, definition_from_row
from carddb.errors import CardDatabaseError, UnknownCardError
from carddb.search import SearchFilters, printings_of, search_cards
from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.text_compilation import COMPILED_BY

if TYPE_CHECKING:
    from sqlalchemy import Connection, Engine

    from carddb.external_ids import ExternalCode
    from carddb.sources import SourceInfo
    from carddb.upsert import Progress, UpsertCounts

# The newest migration in carddb/migrations/versions. Opening a database already at this
# revision skips alembic entirely (the ≤100 ms open); a test checks it matches alembic's head.
SCHEMA_REVISION = "0005"
KNOWN_REVISIONS: tuple[str, ...] = ("0001", "0002", "0003", "0004", "0005")

SQLITE_MAGIC = b"SQLite format 3\x00"
# How long a writer waits for another one (a second import) before giving up.
BUSY_TIMEOUT_SECONDS = 120.0
QUICK_TRY_MS = 300
BundledLoader = Callable[[], Iterable[Any]]
_CARD_SELECT = f"SELECT {', '.join(CARD_COLUMNS)} FROM cards"


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
class ImportRecord:
    """One past import as `db info` lists it: format, files (one a line), counts and when."""

    format: str
    source_file: str
    added: int
    updated: int
    skipped: int
    imported_at: datetime


@dataclass(frozen=True)
class DatabaseInfo:
    """What `tabletop db info` shows: where the database is, its schema and contents."""

    path: Path
    revision: str
    games: tuple[GameCount, ...]
    imports: tuple[ImportRecord, ...]


def damaged(path: Path, error: BaseException) -> CardDatabaseError:
    """Return the one-line error of a database SQLite cannot use: locked, not writable, full or damaged."""
    reason = str(getattr(error, "orig", None) or error)
    if "locked" in reason or "busy" in reason:
        return CardDatabaseError(path, f"is busy: another program kept it locked ({reason}); try again")
    if "readonly" in reason or "full" in reason or "unable to open" in reason:
        return CardDatabaseError(path, f"cannot be written ({reason}); nothing was changed")
    return CardDatabaseError(path, f"the card database is damaged: {reason} — run `tabletop db check`")


class CardDatabase:
    """An open card database: cards by (game, code), libraries, search, decks, upserts."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._reader: sqlite3.Connection | None = None
        # Called when a write has to wait for another program writing the file (a second import).
        self.on_wait: Callable[[], None] = lambda: None

    @cached_property
    def engine(self) -> Engine:
        """The SQLAlchemy engine that writes (made on first use)."""
        return _engine(self.path, lambda: self.on_wait())

    def close(self) -> None:
        """Release the database file."""
        if self._reader is not None:
            self._reader.close()
            self._reader = None
        if "engine" in self.__dict__:
            self.engine.dispose()

    def __enter__(self) -> CardDatabase:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """Yield the read connection; a damaged file becomes one CardDatabaseError line."""
        if self._reader is None:
            self._reader = _read_connection(self.path)
        try:
            yield self._reader
        except sqlite3.DatabaseError as error:
            raise damaged(self.path, error) from None

    @contextmanager
    def writing(self) -> Iterator[Connection]:
        """Yield a connection in one write transaction (all or nothing); SQLite errors become one line."""
        from sqlalchemy.exc import DatabaseError, IntegrityError, ProgrammingError

        try:
            with self.engine.begin() as connection:
                yield connection
        except (IntegrityError, ProgrammingError):
            raise  # a mistake of the code writing, not of the file
        except DatabaseError as error:
            raise damaged(self.path, error) from None

    def card(self, game: str, code: str) -> CardDefinition:
        """Return one card; raises UnknownCardError when the database lacks it."""
        with self.reading() as connection:
            row = connection.execute(f"{_CARD_SELECT} WHERE game = ? AND code = ?", (game, str(code))).fetchone()
        if row is None:
            raise UnknownCardError(self.path, f"no {game} card with code {code!r}")
        return definition_from_row(row)

    def library(self, game: str) -> CardLibrary:
        """Return every card of `game` as a CardLibrary keyed by card code."""
        with self.reading() as connection:
            rows = connection.execute(f"{_CARD_SELECT} WHERE game = ?", (game,)).fetchall()
        cards = [definition_from_row(row) for row in rows]
        if any(COMPILED_BY in card.attributes for card in cards):
            cards = self._with_current_compilation(cards)
        return CardLibrary(cards)

    def _with_current_compilation(self, cards: list[CardDefinition]) -> list[CardDefinition]:
        """Compile again the cards an older text compiler compiled, and store them so (carddb.card_compilation)."""
        from carddb.card_compilation import recompiled

        fresh = recompiled(cards)
        changed = [new for old, new in zip(cards, fresh) if new is not old]
        if changed:
            try:
                self.upsert_cards(changed)
            except CardDatabaseError:
                pass  # a database that cannot be written now (read-only, busy): compiled again next time
        return fresh

    def external_ids(self, game: str) -> dict[str, ExternalCode]:
        """Return other programs' ids of `game`'s cards (OCTGN GUIDs, rules entries) by case-folded id."""
        from carddb.external_ids import external_ids

        with self.reading() as connection:
            return external_ids(connection, game)

    def upsert_cards(self, cards: Iterable[CardDefinition], progress: Progress | None = None) -> UpsertCounts:
        """Add new cards and update changed ones in one transaction (all land or none)."""
        from carddb.upsert import upsert_cards

        with self.writing() as connection:
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
        """Return cards whose name or text has every word of `query`, filtered; each card once.

        Words of letters match as prefixes, CJK characters as substrings (carddb.search_text).
        Extra keyword arguments filter per-game attributes (`element="fire"`, `attribute="LIGHT"`,
        `nation=...`, `clan=...`); `stats={"atk": (2000, None)}` keeps ATK ≥ 2000. Other printings
        of a card (alternate arts) are left out: `printings` lists them.
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
        with self.reading() as connection:
            return search_cards(connection, query, filters, limit)

    def printings(self, cards: Iterable[CardDefinition]) -> dict[tuple[str, str], list[str]]:
        """Return the codes of the other printings (alternate arts) of `cards`, by (game, code)."""
        with self.reading() as connection:
            return printings_of(connection, cards)

    def save_deck(
        self, game: str, name: str, sections: Mapping[str, Iterable[str | tuple[str, int]]], source: str = ""
    ) -> None:
        """Store a deck list, replacing a deck of the same game and name.

        `sections` maps a section (main, extra, side, ride, gzone, material, lb) to card codes,
        either one code per copy or (code, count) pairs.
        """
        with self.writing() as connection:
            _store_deck(connection, self.path, game, name, sections, source)

    def deck(self, game: str, name: str) -> dict[str, list[tuple[str, int]]]:
        """Return a stored deck as section → [(card code, count)] in saved order."""
        with self.reading() as connection:
            found = connection.execute("SELECT id FROM decks WHERE game = ? AND name = ?", (game, name)).fetchone()
            if found is None:
                raise CardDatabaseError(self.path, f"no {game} deck named {name!r}")
            rows = connection.execute(
                "SELECT section, card_code, count FROM deck_entries WHERE deck_id = ? ORDER BY position", found
            ).fetchall()
        result: dict[str, list[tuple[str, int]]] = {}
        for section, code, count in rows:
            result.setdefault(section, []).append((code, count))
        return result

    def deck_names(self, game: str) -> list[str]:
        """Return the names of the stored decks of `game`, sorted."""
        with self.reading() as connection:
            return [name for (name,) in connection.execute(
                "SELECT name FROM decks WHERE game = ? ORDER BY name", (game,))]

    def info(self) -> DatabaseInfo:
        """Return the database's location, schema revision, per-game counts and import history."""
        with self.reading() as connection:
            revision = connection.execute("SELECT version_num FROM alembic_version").fetchone()
            cards = dict(connection.execute("SELECT game, count(*) FROM cards GROUP BY game").fetchall())
            decks = dict(connection.execute("SELECT game, count(*) FROM decks GROUP BY game").fetchall())
            runs = connection.execute(
                "SELECT format, source_file, added, updated, skipped, imported_at FROM import_runs ORDER BY imported_at"
            ).fetchall()
        games = tuple(GameCount(g, cards.get(g, 0), decks.get(g, 0)) for g in sorted(set(cards) | set(decks)))
        imports = tuple(
            ImportRecord(fmt, files, added, updated, skipped, datetime.fromisoformat(when))
            for fmt, files, added, updated, skipped, when in runs
        )
        return DatabaseInfo(path=self.path, revision=revision[0] if revision else "", games=games, imports=imports)


    def sources(self) -> list[SourceInfo]:
        """Return every source of cards, highest precedence first (carddb.sources)."""
        from carddb.sources import list_sources

        with self.reading() as connection:
            return list_sources(connection)

    def card_sources(self, game: str, code: str) -> list[tuple[str, str]]:
        """Return (path, format) of each source defining a card; the first one's version is stored."""
        from carddb.sources import sources_of

        with self.reading() as connection:
            return sources_of(connection, game, str(code))

    def imported_codes(self, game: str) -> set[str]:
        """Return the codes of a game's cards that an imported file defines, the bundled sets left out."""
        from carddb.sources import imported_codes

        with self.reading() as connection:
            return imported_codes(connection, game)

    def remove_source(self, wanted: str) -> tuple[str, int, int]:
        """Forget the source `wanted` names (number, path or file name), in one transaction.

        Returns (its path, cards deleted, cards given back another source's version).
        """
        from carddb.sources import find_source, remove_source

        with self.reading() as connection:
            source_id = find_source(connection, self.path, wanted)
            key = connection.execute("SELECT path FROM sources WHERE id = ?", (source_id,)).fetchone()[0]
        with self.writing() as connection:
            deleted, restored = remove_source(connection, source_id)
        return key, deleted, restored

    def cards_named(self, wanted: str, game: str | None = None) -> list[CardDefinition]:
        """Return the cards whose code is `wanted`, else the originals whose name is (any case), maybe of one game."""
        only_game = " AND game = ?" if game else ""
        extra = (game,) if game else ()
        queries = (
            f"{_CARD_SELECT} WHERE code = ?{only_game} ORDER BY game",
            f"{_CARD_SELECT} WHERE name = ? COLLATE NOCASE AND printing_of IS NULL{only_game} "
            "ORDER BY variant_rank, game, code",
        )
        with self.reading() as connection:
            for sql in queries:
                rows = connection.execute(sql, (wanted, *extra)).fetchall()
                if rows:
                    return [definition_from_row(row) for row in rows]
        return []

    def sets(self, game: str) -> list[tuple[str, str, int]]:
        """Return the sets of `game` as (code, name, cards filed under it), by code."""
        with self.reading() as connection:
            return [tuple(row) for row in connection.execute(
                "SELECT s.code, s.name, count(c.id) FROM sets AS s LEFT JOIN cards AS c ON c.set_id = s.id "
                "WHERE s.game = ? GROUP BY s.id ORDER BY s.code", (game,))]

    def picture_folders(self) -> list[Path]:
        """Return the linked folders of card pictures, in the order they were linked."""
        with self.reading() as connection:
            return [Path(path) for (path,) in connection.execute("SELECT path FROM picture_folders ORDER BY id")]

    def link_pictures(self, folder: Path) -> tuple[int, int]:
        """Link a folder of card pictures; return (pictures in it, stored cards that have one there)."""
        from carddb.pictures import picture_names, picture_stems

        folder = Path(folder).resolve()
        if not folder.is_dir():
            raise CardDatabaseError(folder, "is not a folder of card pictures")
        with self.reading() as connection:
            games = [game for (game,) in connection.execute("SELECT id FROM games")]
            names = picture_names(folder, games)
            matched = sum(
                1 for row in connection.execute("SELECT game, code FROM cards")
                if any(stem in names for stem in picture_stems(row[1]))
            )
        with self.writing() as connection:
            connection.exec_driver_sql(
                "INSERT OR IGNORE INTO picture_folders (path, linked_at) VALUES (?, ?)",
                (str(folder), _now().isoformat(sep=" ")),
            )
        return len(names), matched

    def unlink_pictures(self, folder: Path) -> None:
        """Forget a linked folder of pictures (the files stay); raises CardDatabaseError when it is not linked."""
        key = str(Path(folder).resolve())
        with self.writing() as connection:
            if connection.exec_driver_sql("DELETE FROM picture_folders WHERE path = ?", (key,)).rowcount == 0:
                raise CardDatabaseError(Path(folder), "is not a linked picture folder; `tabletop db images` lists them")

    def picture(self, card: CardDefinition) -> Path | None:
        """Return the player's picture of `card` from the linked folders, or None (nothing is downloaded)."""
        from carddb.pictures import find_picture

        return find_picture(self.picture_folders(), card)

    def check(self) -> list[str]:
        """Return the problems SQLite's integrity check and the search index's own check find ([] when sound)."""
        with self.reading() as connection:
            problems = [row[0] for row in connection.execute("PRAGMA integrity_check") if row[0] != "ok"]
            try:
                # rank 1: compare the index with the cards it indexes, not only with itself.
                connection.execute("INSERT INTO cards_fts(cards_fts, rank) VALUES ('integrity-check', 1)")
            except sqlite3.DatabaseError as error:
                problems.append(f"the search index does not match the cards ({error}): "
                                "run `tabletop db check --rebuild-index`")
        return problems

    def rebuild_index(self) -> None:
        """Rebuild the full-text index and the search filters from the stored cards, in one transaction."""
        from carddb.derived_tables import rebuild_statements

        with self.writing() as connection:
            for statement in rebuild_statements():
                connection.exec_driver_sql(statement)


def _read_connection(path: Path) -> sqlite3.Connection:
    # Autocommit: every read sees what other connections committed up to it.
    connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None, check_same_thread=False)
    connection.execute("PRAGMA foreign_keys = ON")
    return connection


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
        database = CardDatabase(path)
        try:
            _bring_up_to_date(database)
        except BaseException:
            database.close()
            raise
        return database
    return _create(path, bundled_loader or _bundled_hook())


def _engine(path: Path, on_wait: Callable[[], None] = lambda: None) -> Engine:
    """Return the writing engine of `path`; `on_wait()` runs when a write must wait for another writer."""
    from sqlalchemy import create_engine, event
    from sqlalchemy.exc import OperationalError

    engine = create_engine(f"sqlite:///{path}", connect_args={"timeout": BUSY_TIMEOUT_SECONDS})

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
        # IMMEDIATE: a second writer waits (busy timeout) for the first to commit instead of
        # failing at once when both upgrade a read lock to a write lock. Try briefly first,
        # so that a long wait is announced.
        connection.exec_driver_sql(f"PRAGMA busy_timeout = {QUICK_TRY_MS}")
        try:
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        except OperationalError:
            on_wait()
            connection.exec_driver_sql(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
            connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def _check_header(path: Path) -> None:
    try:
        with path.open("rb") as handle:
            header = handle.read(len(SQLITE_MAGIC))
    except OSError as error:
        raise CardDatabaseError(path, f"cannot be read ({error.strerror or error})") from None
    if header != SQLITE_MAGIC:
        raise CardDatabaseError(path, "is not a SQLite database (wrong file header)")


def _bring_up_to_date(database: CardDatabase) -> None:
    path = database.path
    with database.reading() as connection:
        tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        revision = None
        if "alembic_version" in tables:
            found = connection.execute("SELECT version_num FROM alembic_version").fetchone()
            revision = found[0] if found else None
    if revision == SCHEMA_REVISION:
        return
    if revision is None and tables - {"alembic_version"}:
        raise CardDatabaseError(path, "is a SQLite database but not a tabletop card database")
    if revision is not None and revision not in KNOWN_REVISIONS:
        raise CardDatabaseError(path, f"was written by a newer tabletop (schema {revision}); update tabletop")
    if revision is not None:
        shutil.copy2(path, path.with_name(f"{path.name}.bak-{revision}"))
        _migrate(database.engine, path)
    else:
        with database.writing() as connection:
            _create_schema(connection)


def _alembic_config(connection: Connection) -> Any:
    """Return an alembic config that migrates through `connection` with the packaged scripts."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", "carddb:migrations")
    config.attributes["connection"] = connection
    return config


def _migrate(engine: Engine, path: Path, revision: str = "head") -> None:
    from alembic import command
    from sqlalchemy.exc import SQLAlchemyError

    try:
        with engine.begin() as connection:
            command.upgrade(_alembic_config(connection), revision)
    except SQLAlchemyError as error:
        raise CardDatabaseError(path, f"could not be upgraded ({getattr(error, 'orig', error)})") from None


def _create(path: Path, loader: BundledLoader | None) -> CardDatabase:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.building-")
    except OSError as error:
        raise CardDatabaseError(path, f"cannot be created ({error.strerror or error})") from None
    os.close(handle)
    building = Path(name)
    database = CardDatabase(building)
    try:
        with database.writing() as connection:
            _create_schema(connection)
            if loader is not None:
                _fill_bundled(connection, path, loader)
        database.close()
        # A hard link, not a rename: when another process created the database meanwhile
        # (two first imports at once), theirs stays and ours is dropped. An empty file
        # (left by a crashed first start) is replaced.
        try:
            os.link(building, path)
        except FileExistsError:
            if path.stat().st_size == 0:
                os.replace(building, path)
    finally:
        database.close()
        building.unlink(missing_ok=True)
    return CardDatabase(path)


def _create_schema(connection: Connection) -> None:
    """Create the current schema at once and stamp it with SCHEMA_REVISION (no migration replayed).

    A test checks the result equals an empty database migrated through every revision.
    """
    from carddb import derived_tables
    from carddb.schema import KNOWN_GAMES, Base

    Base.metadata.create_all(connection)
    for statement in derived_tables.create_statements():
        connection.exec_driver_sql(statement)
    connection.exec_driver_sql("INSERT INTO games (id, name) VALUES (?, ?)", list(KNOWN_GAMES))
    connection.exec_driver_sql(
        "CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL, "
        "CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num))"
    )
    connection.exec_driver_sql("INSERT INTO alembic_version (version_num) VALUES (?)", (SCHEMA_REVISION,))


def _bundled_hook() -> BundledLoader:
    return _bundled_cards_and_decks


def _bundled_cards_and_decks() -> list[Any]:
    """Return every bundled card, then every bundled deck as game/name/sections of (code, count)."""
    from carddb.bundled import load_bundled_cards, load_bundled_decks

    items: list[Any] = list(load_bundled_cards())
    for deck in load_bundled_decks():
        sections = {section: [(ref.code, count) for count, ref in entries]
                    for section, entries in deck.sections.items()}
        items.append(StoredDeck(deck.game, deck.name, sections, "bundled"))
    return items


@dataclass(frozen=True)
class StoredDeck:
    """A deck as the database stores it: sections of (card code, count)."""

    game: str
    name: str
    sections: Mapping[str, list[tuple[str, int]]]
    source: str


def _fill_bundled(connection: Connection, path: Path, loader: BundledLoader) -> None:
    """Store the bundled cards (the source "bundled") and decks: CardDefinitions, and objects with game/name/sections."""
    from carddb.sources import BUNDLED, BUNDLED_PRIORITY, store_source

    cards: list[CardDefinition] = []
    decks: list[Any] = []
    for item in loader():
        if isinstance(item, CardDefinition):
            cards.append(item)
        elif all(hasattr(item, name) for name in ("game", "name", "sections")):
            decks.append(item)
        else:
            raise CardDatabaseError(path, f"bundled sets gave {type(item).__name__}, neither a card nor a deck")
    store_source(connection, BUNDLED, "bundled", [], "", datetime(1970, 1, 1), cards, priority=BUNDLED_PRIORITY)
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
    from carddb.schema import DECK_SECTIONS

    rows: list[tuple[str, str, int]] = []
    for section, items in sections.items():
        if section not in DECK_SECTIONS:
            raise CardDatabaseError(path, f"deck {name!r}: unknown section {section!r}")
        counts: dict[str, int] = {}
        for item in items:
            code, count = (item, 1) if isinstance(item, str) else (str(item[0]), int(item[1]))
            counts[code] = counts.get(code, 0) + count
        rows.extend((section, code, n) for code, n in counts.items())
    connection.exec_driver_sql("DELETE FROM decks WHERE game = ? AND name = ?", (game, name))
    deck_id = connection.exec_driver_sql(
        "INSERT INTO decks (game, name, source, created_at) VALUES (?, ?, ?, ?) RETURNING id",
        (game, name, source, _now().isoformat(sep=" ")),
    ).scalar_one()
    if rows:
        connection.exec_driver_sql(
            "INSERT INTO deck_entries (deck_id, position, section, card_code, count) VALUES (?, ?, ?, ?, ?)",
            [(deck_id, i, *row) for i, row in enumerate(rows)],
        )


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)
