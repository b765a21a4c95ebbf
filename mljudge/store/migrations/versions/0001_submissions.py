"""The submissions table: one row per graded submission.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "submissions",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("learner", sa.String(64), nullable=False),
        sa.Column("exercise", sa.String(100), nullable=False),
        sa.Column("track", sa.String(16), nullable=False),
        sa.Column("code", sa.Text(), nullable=False),
        sa.Column("verdict", sa.String(32), nullable=False),
        sa.Column("passed", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("report", sa.JSON(), nullable=False),
        sa.Column("grade_ms", sa.Float(), nullable=True),
        sa.Column("wait_ms", sa.Float(), nullable=True),
        sa.Column("judge_version", sa.String(32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_submissions"),
    )
    op.create_index("ix_submissions_learner_exercise_created_at", "submissions",
                    ["learner", "exercise", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_submissions_learner_exercise_created_at", table_name="submissions")
    op.drop_table("submissions")
