"""Alembic environment: runs the card-database migrations on the connection the caller passes.

Contract: `carddb.database` puts an open SQLAlchemy Connection in
`config.attributes["connection"]`; there is no alembic.ini and no URL here.
"""
from __future__ import annotations

from alembic import context

from carddb.schema import Base


def run_migrations() -> None:
    """Run the pending migrations inside the caller's connection and transaction."""
    connection = context.config.attributes["connection"]
    # render_as_batch: SQLite cannot ALTER most things; batch mode copies the table instead.
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


run_migrations()
