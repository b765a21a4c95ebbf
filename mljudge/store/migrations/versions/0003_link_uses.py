"""The one-time links that open a learner's history in a browser, once used (web.links): a digest of each
link's nonce and when the link expires, so that a link is used once across every web process of a site.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "link_uses",
        sa.Column("nonce", sa.String(64), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("nonce", name="pk_link_uses"),
    )
    op.create_index("ix_link_uses_expires_at", "link_uses", ["expires_at"])


def downgrade() -> None:
    op.drop_index("ix_link_uses_expires_at", table_name="link_uses")
    op.drop_table("link_uses")
