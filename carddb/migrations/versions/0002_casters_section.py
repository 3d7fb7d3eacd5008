"""Allow the `casters` deck section (DreadNought's two casters, kept apart from the 50-card deck).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21
"""
from __future__ import annotations

from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None

OLD = "section IN ('main', 'extra', 'side', 'ride', 'gzone', 'material', 'lb')"
NEW = "section IN ('main', 'extra', 'side', 'ride', 'gzone', 'material', 'lb', 'casters')"


def upgrade() -> None:
    """Widen the section check; SQLite rebuilds the table and keeps every row."""
    with op.batch_alter_table("deck_entries", recreate="always") as batch:
        batch.drop_constraint("ck_deck_entries_section", type_="check")
        batch.create_check_constraint("ck_deck_entries_section", NEW)


def downgrade() -> None:
    """Narrow the check again (fails if a casters entry exists, which keeps the data)."""
    with op.batch_alter_table("deck_entries", recreate="always") as batch:
        batch.drop_constraint("ck_deck_entries_section", type_="check")
        batch.create_check_constraint("ck_deck_entries_section", OLD)
