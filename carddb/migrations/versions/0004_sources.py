"""Remember which source defined each card (`sources`, `card_sources`); the player's picture folders.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables; cards stored before have no source until a source defines them again."""
    op.create_table(
        "sources",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("path", sa.Text, nullable=False, unique=True),
        sa.Column("format", sa.String(32), nullable=False),
        sa.Column("files", sa.Text, nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("priority", sa.Integer, nullable=False, server_default="0"),
        sa.Column("file_date", sa.DateTime, nullable=False),
        sa.Column("imported_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_sources_sha256", "sources", ["sha256"])
    op.create_table(
        "card_sources",
        sa.Column("source_id", sa.Integer, sa.ForeignKey("sources.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("code", sa.String(64), primary_key=True),
        sa.Column("card", sa.Text, nullable=False),
    )
    op.create_index("ix_card_sources_card", "card_sources", ["game", "code"])
    op.create_table(
        "picture_folders",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("path", sa.Text, nullable=False, unique=True),
        sa.Column("linked_at", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    """Drop the three tables (the cards stay)."""
    op.drop_table("picture_folders")
    op.drop_table("card_sources")
    op.drop_table("sources")
