"""The recognised mistakes as a column of their own (filled from the reports already stored), and an index on
the creation time for exports since a date and pruning by age.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

submissions = sa.table("submissions", sa.column("id", sa.String), sa.column("report", sa.JSON),
                       sa.column("mistakes", sa.JSON))


def upgrade() -> None:
    op.add_column("submissions", sa.Column("mistakes", sa.JSON(), nullable=False, server_default="[]"))
    op.create_index("ix_submissions_created_at", "submissions", ["created_at"])
    # Rows stored before this revision: their mistakes are in their reports. In batches, so that a large table
    # does not have to fit in memory.
    bind = op.get_bind()
    last = ""
    while True:
        rows = bind.execute(sa.select(submissions.c.id, submissions.c.report).where(submissions.c.id > last)
                            .order_by(submissions.c.id).limit(500)).all()
        if not rows:
            break
        for row_id, report in rows:
            data = json.loads(report) if isinstance(report, str) else report or {}
            found = [str(m) for m in data.get("mistakes", [])]
            if found:
                bind.execute(submissions.update().where(submissions.c.id == row_id).values(mistakes=found))
        last = rows[-1][0]


def downgrade() -> None:
    op.drop_index("ix_submissions_created_at", table_name="submissions")
    with op.batch_alter_table("submissions") as batch:  # SQLite: the table is copied without the column
        batch.drop_column("mistakes")
