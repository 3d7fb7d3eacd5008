"""Index NFKC search forms of name and text (CJK per character); mark alternate printings and variants.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""
from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

from carddb.derived_tables import FACET_TRIGGERS, FTS_TABLE, FTS_TRIGGERS
from carddb.printings import mark_printings, variant_rank
from carddb.search_text import index_text

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the derived columns, fill them for every stored card, and rebuild the full-text index over them."""
    for trigger in (*FTS_TRIGGERS, *FACET_TRIGGERS):
        op.execute(f"DROP TRIGGER IF EXISTS {trigger}")
    op.execute("DROP TABLE IF EXISTS cards_fts")
    op.add_column("cards", sa.Column("search_name", sa.Text, nullable=False, server_default=""))
    op.add_column("cards", sa.Column("search_text", sa.Text, nullable=False, server_default=""))
    op.add_column("cards", sa.Column("printing_of", sa.String(64), nullable=True))
    op.add_column("cards", sa.Column("variant_rank", sa.Integer, nullable=False, server_default="0"))
    op.create_index("ix_cards_game_printing_of", "cards", ["game", "printing_of"])
    connection = op.get_bind()
    rows = connection.exec_driver_sql("SELECT id, game, name, text, attributes FROM cards").all()
    if rows:  # an empty list would be taken for "no parameters"
        connection.exec_driver_sql(
            "UPDATE cards SET search_name = ?, search_text = ?, variant_rank = ? WHERE id = ?",
            [(index_text(name), index_text(text), variant_rank(game, json.loads(attributes or "{}")), card_id)
             for card_id, game, name, text, attributes in rows],
        )
    op.execute(FTS_TABLE)
    for statement in (*FTS_TRIGGERS.values(), *FACET_TRIGGERS.values()):
        op.execute(statement)
    op.execute("INSERT INTO cards_fts(cards_fts) VALUES ('rebuild')")
    mark_printings(connection, {game for _, game, *_ in rows})


def downgrade() -> None:
    """Not supported: the older index cannot be rebuilt from here; restore the `.bak-0002` copy instead."""
    raise NotImplementedError("restore the cards.sqlite3.bak-0002 copy made before the upgrade")
