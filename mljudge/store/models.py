"""The tables (SQLAlchemy 2 declarative). Changing one means a new revision in store/migrations/versions/: the
tests compare these models with what the migrations build."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Float, Index, Integer, MetaData, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

# Named constraints and indexes, so that migrations can refer to them on every database.
NAMING = {"ix": "ix_%(table_name)s_%(column_0_N_name)s", "pk": "pk_%(table_name)s"}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class SubmissionRow(Base):
    __tablename__ = "submissions"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    learner: Mapped[str] = mapped_column(String(64))
    exercise: Mapped[str] = mapped_column(String(100))
    track: Mapped[str] = mapped_column(String(16))
    code: Mapped[str] = mapped_column(Text)
    verdict: Mapped[str] = mapped_column(String(32))
    passed: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    report: Mapped[dict[str, Any]] = mapped_column(JSON)
    # Revision 0002: the recognised mistakes, copied out of the report so that the stats need not parse reports.
    mistakes: Mapped[list[str]] = mapped_column(JSON, server_default="[]")
    grade_ms: Mapped[float | None] = mapped_column(Float)
    wait_ms: Mapped[float | None] = mapped_column(Float)
    judge_version: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (
        # A learner's history of one exercise, newest first: the exercise page's panel.
        Index(None, "learner", "exercise", "created_at"),
        # Exports since a date and pruning by age (revision 0002).
        Index(None, "created_at"),
    )


class LinkUseRow(Base):
    """Revision 0003: the one-time links that opened a learner's history in a browser (web.links), once used:
    a digest of each link's nonce, kept until the link would have expired anyway. No learner id is stored."""

    __tablename__ = "link_uses"

    nonce: Mapped[str] = mapped_column(String(64), primary_key=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index(None, "expires_at"),)
