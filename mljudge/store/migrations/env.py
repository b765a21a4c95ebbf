"""Alembic's environment, run programmatically by store.repository.Store.upgrade (no alembic.ini): the connection
comes in through the config's attributes."""

from __future__ import annotations

from alembic import context

from mljudge.store.models import Base

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    # SQLite alters tables by copying them (ALTER TABLE cannot change a column there).
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
