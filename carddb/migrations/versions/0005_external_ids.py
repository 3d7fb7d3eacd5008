"""Remember other programs' ids of cards (OCTGN GUIDs) and the entries that are no card (rules entries).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-26
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create `external_ids`; sources imported before have none until imported again."""
    op.create_table(
        "external_ids",
        sa.Column("source_id", sa.Integer, sa.ForeignKey("sources.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("external_id", sa.String(64), primary_key=True),
        sa.Column("code", sa.String(64), nullable=True),
        sa.Column("label", sa.Text, nullable=False),
    )


def downgrade() -> None:
    """Drop `external_ids` (the cards stay)."""
    op.drop_table("external_ids")
