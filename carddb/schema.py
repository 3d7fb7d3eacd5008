"""The card database's tables as SQLAlchemy 2.0 declarative models."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, CheckConstraint, DateTime, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

# Besides these models, carddb.derived_tables creates tables that triggers derive from `cards`
# (never written directly): `cards_fts` (FTS5 over the search forms of name and text),
# `card_facets` and `card_stats` (attribute/keyword values and stats, for search filters).

# Sections a deck list may have; each game uses the ones its rules know.
DECK_SECTIONS: tuple[str, ...] = ("main", "extra", "side", "ride", "gzone", "material", "lb", "casters")
# The `games` rows of a new database (migration 0001 inserts them too). Adding a game here needs a
# migration that inserts it into existing databases.
KNOWN_GAMES: tuple[tuple[str, str], ...] = (
    ("vanguard", "Cardfight!! Vanguard"),
    ("fftcg", "Final Fantasy TCG"),
    ("yugioh", "Yu-Gi-Oh!"),
    ("grand-archive", "Grand Archive"),
    ("dreadnought", "DreadNought"),
    ("freeform", "Freeform"),
)


class Base(DeclarativeBase):
    """Declarative base of every card-database model."""

    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


class Game(Base):
    """A game the database holds cards for (`vanguard`, `fftcg`, `yugioh`, ...)."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(100))


class CardSet(Base):
    """A printed set or product of one game, named as the source names it."""

    __tablename__ = "sets"
    __table_args__ = (UniqueConstraint("game", "code"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(ForeignKey("games.id"))
    code: Mapped[str] = mapped_column(String(100))
    name: Mapped[str] = mapped_column(String(200))


class Card(Base):
    """One card: common fields plus per-game attributes and behaviour data as JSON.

    `code` is the game's natural id (passcode, card number, slug), unique per game.
    `stats` maps stat names to whole numbers; `keywords` maps keyword names to values;
    `effects` is a list of mappings in the game's effect vocabulary.
    """

    __tablename__ = "cards"
    __table_args__ = (
        UniqueConstraint("game", "code"),
        Index("ix_cards_game_type", "game", "card_type"),
        Index("ix_cards_game_cost", "game", "cost"),
        Index("ix_cards_game_name", "game", "name"),
        Index("ix_cards_game_printing_of", "game", "printing_of"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(ForeignKey("games.id"))
    code: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(300))
    card_type: Mapped[str] = mapped_column(String(64))
    cost: Mapped[int | None] = mapped_column(Integer, nullable=True)
    stats: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    text: Mapped[str] = mapped_column(Text, default="")
    keywords: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    attributes: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    effects: Mapped[list[Any]] = mapped_column(JSON, default=list)
    set_id: Mapped[int | None] = mapped_column(ForeignKey("sets.id"), nullable=True)
    # Derived on every write (carddb.search_text, carddb.printings); never set by hand.
    search_name: Mapped[str] = mapped_column(Text, default="", server_default="")
    search_text: Mapped[str] = mapped_column(Text, default="", server_default="")
    printing_of: Mapped[str | None] = mapped_column(String(64), nullable=True)
    variant_rank: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class Deck(Base):
    """A saved deck list of one game."""

    __tablename__ = "decks"
    __table_args__ = (UniqueConstraint("game", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(ForeignKey("games.id"))
    name: Mapped[str] = mapped_column(String(200))
    source: Mapped[str] = mapped_column(String(500), default="")
    created_at: Mapped[datetime] = mapped_column(DateTime)
    entries: Mapped[list[DeckEntry]] = relationship(
        back_populates="deck", cascade="all, delete-orphan", order_by="DeckEntry.position"
    )


class DeckEntry(Base):
    """N copies of one card code in one section of a deck.

    The card is named by code, not by row id: a deck may list a card the database lacks.
    """

    __tablename__ = "deck_entries"
    __table_args__ = (
        CheckConstraint(
            "section IN (" + ", ".join(f"'{s}'" for s in DECK_SECTIONS) + ")", name="ck_deck_entries_section"
        ),
        CheckConstraint("count > 0", name="ck_deck_entries_count"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    deck_id: Mapped[int] = mapped_column(ForeignKey("decks.id", ondelete="CASCADE"), index=True)
    section: Mapped[str] = mapped_column(String(16))
    position: Mapped[int] = mapped_column(Integer)
    card_code: Mapped[str] = mapped_column(String(64))
    count: Mapped[int] = mapped_column(Integer, default=1)
    deck: Mapped[Deck] = relationship(back_populates="entries")


class ImportRun(Base):
    """One successful import: which file(s), their hash, and what changed."""

    __tablename__ = "import_runs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    format: Mapped[str] = mapped_column(String(32))
    source_file: Mapped[str] = mapped_column(Text)
    sha256: Mapped[str] = mapped_column(String(64), index=True)
    added: Mapped[int] = mapped_column(Integer, default=0)
    updated: Mapped[int] = mapped_column(Integer, default=0)
    skipped: Mapped[int] = mapped_column(Integer, default=0)
    imported_at: Mapped[datetime] = mapped_column(DateTime)


class Source(Base):
    """One imported source (a card file, or the bundled sets) and its precedence over other sources.

    `path` identifies it (the resolved path of its first file; "bundled" for the bundled sets).
    A source with a higher `priority`, then a newer `file_date`, then imported later wins a
    card that several sources define.
    """

    __tablename__ = "sources"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    path: Mapped[str] = mapped_column(Text, unique=True)
    format: Mapped[str] = mapped_column(String(32))
    files: Mapped[str] = mapped_column(Text)
    sha256: Mapped[str] = mapped_column(String(64), index=True)
    priority: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    file_date: Mapped[datetime] = mapped_column(DateTime)
    imported_at: Mapped[datetime] = mapped_column(DateTime)


class CardSource(Base):
    """One source's version of one card (game, code), as JSON; `cards` holds the winning version."""

    __tablename__ = "card_sources"
    __table_args__ = (Index("ix_card_sources_card", "game", "code"),)

    source_id: Mapped[int] = mapped_column(ForeignKey("sources.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    code: Mapped[str] = mapped_column(String(64), primary_key=True)
    card: Mapped[str] = mapped_column(Text)


class ExternalId(Base):
    """Another program's id of a card (an OCTGN GUID), or of an entry that is no card (a rules entry), as
    one source gives it: deck files of that program name cards by it (carddb.external_ids).

    `code` is the card's code in `cards`; NULL marks an entry a deck may list that is not a card.
    """

    __tablename__ = "external_ids"

    source_id: Mapped[int] = mapped_column(ForeignKey("sources.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    external_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    code: Mapped[str | None] = mapped_column(String(64), nullable=True)
    label: Mapped[str] = mapped_column(Text, default="")


class PictureFolder(Base):
    """A folder of the player's card pictures, linked with `tabletop db images DIR` (carddb.pictures)."""

    __tablename__ = "picture_folders"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    path: Mapped[str] = mapped_column(Text, unique=True)
    linked_at: Mapped[datetime] = mapped_column(DateTime)
