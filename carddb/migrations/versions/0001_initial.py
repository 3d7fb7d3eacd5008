"""Create the card database: games, sets, cards (+ FTS5 index), decks, import runs.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from carddb.schema import KNOWN_GAMES

revision: str = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None

# The games a new database knows; a new database made by carddb.database inserts the same rows.
GAMES = KNOWN_GAMES


def upgrade() -> None:
    """Create every table, the full-text index over name and text, and the known games."""
    games = op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
    )
    op.create_table(
        "sets",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("code", sa.String(100), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.UniqueConstraint("game", "code"),
    )
    op.create_table(
        "cards",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("code", sa.String(64), nullable=False),
        sa.Column("name", sa.String(300), nullable=False),
        sa.Column("card_type", sa.String(64), nullable=False),
        sa.Column("cost", sa.Integer, nullable=True),
        sa.Column("stats", sa.JSON, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("keywords", sa.JSON, nullable=False),
        sa.Column("attributes", sa.JSON, nullable=False),
        sa.Column("effects", sa.JSON, nullable=False),
        sa.Column("set_id", sa.Integer, sa.ForeignKey("sets.id"), nullable=True),
        sa.UniqueConstraint("game", "code"),
    )
    op.create_index("ix_cards_game_type", "cards", ["game", "card_type"])
    op.create_index("ix_cards_game_cost", "cards", ["game", "cost"])
    op.create_index("ix_cards_game_name", "cards", ["game", "name"])
    op.create_table(
        "decks",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("source", sa.String(500), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("game", "name"),
    )
    op.create_table(
        "deck_entries",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("deck_id", sa.Integer, sa.ForeignKey("decks.id", ondelete="CASCADE"), nullable=False),
        sa.Column("section", sa.String(16), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("card_code", sa.String(64), nullable=False),
        sa.Column("count", sa.Integer, nullable=False),
        sa.CheckConstraint(
            "section IN ('main', 'extra', 'side', 'ride', 'gzone', 'material', 'lb')", name="ck_deck_entries_section"
        ),
        sa.CheckConstraint("count > 0", name="ck_deck_entries_count"),
    )
    op.create_index("ix_deck_entries_deck_id", "deck_entries", ["deck_id"])
    op.create_table(
        "import_runs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("format", sa.String(32), nullable=False),
        sa.Column("source_file", sa.Text, nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("added", sa.Integer, nullable=False),
        sa.Column("updated", sa.Integer, nullable=False),
        sa.Column("skipped", sa.Integer, nullable=False),
        sa.Column("imported_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_import_runs_sha256", "import_runs", ["sha256"])
    # External-content FTS5 index kept in step with `cards` by triggers; rowid = cards.id.
    op.execute(
        "CREATE VIRTUAL TABLE cards_fts USING fts5("
        "name, text, content='cards', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3')"
    )
    op.execute(
        "CREATE TRIGGER cards_fts_insert AFTER INSERT ON cards BEGIN "
        "INSERT INTO cards_fts(rowid, name, text) VALUES (new.id, new.name, new.text); END"
    )
    op.execute(
        "CREATE TRIGGER cards_fts_delete AFTER DELETE ON cards BEGIN "
        "INSERT INTO cards_fts(cards_fts, rowid, name, text) VALUES ('delete', old.id, old.name, old.text); END"
    )
    op.execute(
        "CREATE TRIGGER cards_fts_update AFTER UPDATE OF name, text ON cards BEGIN "
        "INSERT INTO cards_fts(cards_fts, rowid, name, text) VALUES ('delete', old.id, old.name, old.text); "
        "INSERT INTO cards_fts(rowid, name, text) VALUES (new.id, new.name, new.text); END"
    )
    # Search facets, derived from the JSON columns by triggers so every writer keeps them right:
    # card_facets holds ('a:<attribute>', lower-case value) per scalar or list item and
    # ('k:<keyword>', ''); card_stats holds each whole-number stat.
    op.execute(
        "CREATE TABLE card_facets (card_id INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE, "
        "facet TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (facet, value, card_id)) WITHOUT ROWID"
    )
    op.execute(
        "CREATE TABLE card_stats (card_id INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE, "
        "stat TEXT NOT NULL, value INTEGER NOT NULL, PRIMARY KEY (stat, value, card_id)) WITHOUT ROWID"
    )
    op.execute("CREATE INDEX ix_card_facets_card ON card_facets (card_id)")
    op.execute("CREATE INDEX ix_card_stats_card ON card_stats (card_id)")
    fill = (
        "INSERT OR IGNORE INTO card_facets (card_id, facet, value) "
        "SELECT new.id, 'a:' || a.key, lower(CAST(e.value AS TEXT)) "
        "FROM json_each(new.attributes) AS a, json_each(new.attributes, '$.\"' || a.key || '\"') AS e "
        "WHERE a.type <> 'object' AND e.type IN ('text', 'integer', 'real', 'true', 'false'); "
        "INSERT OR IGNORE INTO card_facets (card_id, facet, value) "
        "SELECT new.id, 'k:' || k.key, '' FROM json_each(new.keywords) AS k; "
        "INSERT OR IGNORE INTO card_stats (card_id, stat, value) "
        "SELECT new.id, s.key, s.value FROM json_each(new.stats) AS s WHERE s.type = 'integer'; "
    )
    clear = "DELETE FROM card_facets WHERE card_id = old.id; DELETE FROM card_stats WHERE card_id = old.id; "
    op.execute(f"CREATE TRIGGER cards_facets_insert AFTER INSERT ON cards BEGIN {fill}END")
    op.execute(
        f"CREATE TRIGGER cards_facets_update AFTER UPDATE OF stats, keywords, attributes ON cards "
        f"BEGIN {clear}{fill}END"
    )
    op.execute(f"CREATE TRIGGER cards_facets_delete AFTER DELETE ON cards BEGIN {clear}END")
    op.bulk_insert(games, [{"id": game_id, "name": name} for game_id, name in GAMES])


def downgrade() -> None:
    """Remove everything this revision created."""
    for trigger in ("cards_fts_insert", "cards_fts_delete", "cards_fts_update", "cards_facets_insert",
                    "cards_facets_update", "cards_facets_delete"):
        op.execute(f"DROP TRIGGER IF EXISTS {trigger}")
    for table in ("cards_fts", "card_facets", "card_stats"):
        op.execute(f"DROP TABLE IF EXISTS {table}")
    for table in ("import_runs", "deck_entries", "decks", "cards", "sets", "games"):
        op.drop_table(table)
