"""The store: an SQLAlchemy engine and the queries the web and the teachers' commands make. Every function opens
its own short transaction, so the web's threads share one Store safely."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import orjson
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, case, create_engine, delete, event, func, insert, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from mljudge.judge.errors import JudgeError
from mljudge.store.models import LinkUseRow, SubmissionRow
from mljudge.store.records import ExerciseStats, Record, Summary, now

MIGRATIONS = Path(__file__).parent / "migrations"
DATABASE_FILE = "mljudge.sqlite3"


class StoreError(JudgeError):
    """The database cannot be opened, migrated or used: one line, naming it (never its password)."""


_INSERT = insert(SubmissionRow)


def default_url(data_dir: Path | str) -> str:
    """The embedded default: a SQLite file in the data folder."""
    return f"sqlite:///{Path(data_dir).resolve() / DATABASE_FILE}"


def _engine(url: str) -> Engine:
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise StoreError(f"JUDGE_DATABASE_URL={url!r} is not a database URL; for example "
                         "sqlite:///var/mljudge.sqlite3 or postgresql://judge@db.example.edu/mljudge") from None
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")  # psycopg 3, whatever the URL says
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            folder = Path(parsed.database).parent
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(f"cannot create the database folder {folder}: {exc.strerror}") from None
        # The web's threads share the file; a writer waits for another rather than failing at once.
        engine = create_engine(parsed, connect_args={"timeout": 30}, **_JSON)

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        return engine
    return create_engine(parsed, pool_pre_ping=True, **_JSON)


def _json_dumps(value: Any) -> str:
    """A report to its column: through orjson (twenty times the standard library's speed on a report's few
    thousand numbers), the standard way for what orjson will not write (an integer past 64 bits)."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return json.dumps(value)


_JSON: dict[str, Any] = {"json_serializer": _json_dumps, "json_deserializer": orjson.loads}


def _where(url: str) -> str:
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


def _reason(exc: BaseException) -> str:
    """The driver's own sentence, on one line."""
    original = getattr(exc, "orig", None) or exc
    return " ".join(str(original).split()) or type(original).__name__


class Store:
    def __init__(self, engine: Engine, url: str) -> None:
        self.engine = engine
        self.url = url
        self._sessions = sessionmaker(engine, expire_on_commit=False)

    @classmethod
    def open(cls, url: str) -> Store:
        return cls(_engine(url), url)

    @property
    def where(self) -> str:
        """The database's URL without its password, for messages."""
        return _where(self.url)

    def close(self) -> None:
        self.engine.dispose()

    # --- the schema ------------------------------------------------------------------------------------------------

    def _alembic(self) -> Config:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        return config

    def head(self) -> str:
        return str(ScriptDirectory.from_config(self._alembic()).get_current_head())

    def revision(self) -> str | None:
        """The schema revision the database is at (None: an empty database)."""
        try:
            with self.engine.connect() as connection:
                return MigrationContext.configure(connection).get_current_revision()
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot open the database {_where(self.url)}: {_reason(exc)}") from None

    def upgrade(self, revision: str = "head") -> str | None:
        """Bring the schema to `revision` (every migration not yet applied, in one transaction where the database
        allows). Returns the revision it is at now. Raises StoreError, one line, when the database cannot be
        reached or migrated."""
        config = self._alembic()
        try:
            with self.engine.begin() as connection:
                config.attributes["connection"] = connection
                command.upgrade(config, revision)
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot open the database {_where(self.url)}: {_reason(exc)}") from None
        return self.revision()

    def check(self) -> None:
        """Raise StoreError unless the database answers and its schema is the newest (what `judge serve` needs
        before it takes a request)."""
        current = self.revision()
        if current != self.head():
            raise StoreError(f"the database {_where(self.url)} is at schema revision {current or 'none'}, not "
                             f"{self.head()}: run `judge db upgrade`")

    # --- writing -------------------------------------------------------------------------------------------------

    def add(self, record: Record) -> bool:
        """Store `record` once. False when a row with its id is already there (a submission sent to the judge
        twice is still one row)."""
        row = dict(
            id=record.id, learner=record.learner, exercise=record.exercise, track=record.track, code=record.code,
            verdict=record.verdict, passed=record.passed, total=record.total, report=record.report,
            mistakes=list(record.mistakes), grade_ms=record.grade_ms, wait_ms=record.wait_ms,
            judge_version=record.judge_version, created_at=record.created_at,
        )
        try:
            # One INSERT, not the ORM's unit of work: half the time, on every submission's path.
            with self.engine.begin() as connection:
                connection.execute(_INSERT, row)
        except IntegrityError:
            return False
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot save the submission: {_reason(exc)}") from None
        return True

    def use_link(self, nonce: str, expires_at: datetime) -> bool:
        """Record that the one-time link with this nonce (a digest of it) was used: True the first time, False
        ever after, whichever web process asks. Links past their expiry are forgotten on the way."""
        try:
            with self.engine.begin() as connection:
                connection.execute(delete(LinkUseRow).where(LinkUseRow.expires_at < now()))
                connection.execute(insert(LinkUseRow), {"nonce": nonce, "expires_at": expires_at})
        except IntegrityError:
            return False
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot record the link: {_reason(exc)}") from None
        return True

    def prune(self, older_than: timedelta) -> int:
        """Delete the submissions made more than `older_than` ago. Returns how many."""
        cutoff = now() - older_than
        with self._transaction() as session:
            deleted = session.execute(delete(SubmissionRow).where(SubmissionRow.created_at < cutoff))
            return int(getattr(deleted, "rowcount", 0) or 0)  # a DML statement's result: a CursorResult

    # --- reading -------------------------------------------------------------------------------------------------

    def get(self, submission_id: str, learner: str) -> Record | None:
        """The submission `submission_id` if `learner` made it; None otherwise, whether it is someone else's or
        does not exist (the caller cannot tell the two apart, and neither can whoever asks)."""
        with self._transaction() as session:
            row = session.execute(select(SubmissionRow).where(SubmissionRow.id == submission_id,
                                                              SubmissionRow.learner == learner)).scalar_one_or_none()
            return _record(row) if row is not None else None

    def history(self, learner: str, exercise: str | None = None, limit: int = 50) -> list[Summary]:
        """A learner's submissions (of one exercise), newest first."""
        query = select(SubmissionRow.id, SubmissionRow.exercise, SubmissionRow.track, SubmissionRow.verdict,
                       SubmissionRow.passed, SubmissionRow.total, SubmissionRow.created_at) \
            .where(SubmissionRow.learner == learner)
        if exercise is not None:
            query = query.where(SubmissionRow.exercise == exercise)
        query = query.order_by(SubmissionRow.created_at.desc(), SubmissionRow.id).limit(limit)
        with self._transaction() as session:
            return [Summary(*row[:6], created_at=_aware(row[6])) for row in session.execute(query)]

    def progress(self, learner: str) -> dict[str, str]:
        """{exercise: "solved" | "attempted"} for every exercise the learner has submitted to."""
        solved = func.max(case((SubmissionRow.verdict == "accepted", 1), else_=0))
        query = select(SubmissionRow.exercise, solved).where(SubmissionRow.learner == learner) \
            .group_by(SubmissionRow.exercise)
        with self._transaction() as session:
            return {exercise: "solved" if done else "attempted" for exercise, done in session.execute(query)}

    def export(self, exercise: str | None = None, since: datetime | None = None,
               best: bool = False) -> Iterator[Record]:
        """Every submission (of `exercise`, made at or after `since`), oldest first; with `best`, one per learner
        and exercise: their first accepted one, else the one that passed most cases (the latest of equals)."""
        query = select(SubmissionRow)
        if exercise is not None:
            query = query.where(SubmissionRow.exercise == exercise)
        if since is not None:
            query = query.where(SubmissionRow.created_at >= since)
        query = query.order_by(SubmissionRow.created_at, SubmissionRow.id)
        with self._transaction() as session:
            records = (_record(row) for row in session.execute(query.execution_options(yield_per=500)).scalars())
            if not best:
                yield from records
                return
            chosen: dict[tuple[str, str], Record] = {}
            for record in records:
                key = (record.learner, record.exercise)
                held = chosen.get(key)
                if held is None or (not held.solved and (record.solved or record.passed >= held.passed)):
                    chosen[key] = record
            yield from sorted(chosen.values(), key=lambda r: (r.exercise, r.learner))

    def stats(self, exercise: str | None = None, top: int = 3) -> list[ExerciseStats]:
        """Per exercise: learners, attempts, learners who solved it, and the `top` commonest recognised mistakes."""
        query = select(SubmissionRow.exercise, SubmissionRow.learner, SubmissionRow.verdict, SubmissionRow.mistakes)
        if exercise is not None:
            query = query.where(SubmissionRow.exercise == exercise)
        learners: dict[str, set[str]] = defaultdict(set)
        solvers: dict[str, set[str]] = defaultdict(set)
        attempts: Counter[str] = Counter()
        mistakes: dict[str, Counter[str]] = defaultdict(Counter)
        with self._transaction() as session:
            for slug, learner, verdict, found in session.execute(query.execution_options(yield_per=1000)):
                learners[slug].add(learner)
                attempts[slug] += 1
                if verdict == "accepted":
                    solvers[slug].add(learner)
                mistakes[slug].update(set(found or ()))
        return [ExerciseStats(slug, len(learners[slug]), attempts[slug], len(solvers[slug]),
                              mistakes[slug].most_common(top)) for slug in sorted(attempts)]

    def count(self) -> int:
        with self._transaction() as session:
            return int(session.execute(select(func.count()).select_from(SubmissionRow)).scalar_one())

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        """A session in a transaction. Database errors come out as StoreError (one line) instead of a driver's
        exception: the web answers 503 for those, the CLI prints the line."""
        try:
            with self._sessions.begin() as session:
                yield session
        except SQLAlchemyError as exc:
            raise StoreError(f"the database cannot be reached: {_reason(exc)}") from None


def _aware(moment: datetime) -> datetime:
    """SQLite gives times back without their zone; every time stored here is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _record(row: SubmissionRow) -> Record:
    return Record(id=row.id, learner=row.learner, exercise=row.exercise, track=row.track, code=row.code,
                  verdict=row.verdict, passed=row.passed, total=row.total, report=row.report,
                  judge_version=row.judge_version, grade_ms=row.grade_ms, wait_ms=row.wait_ms,
                  mistakes=tuple(row.mistakes or ()), created_at=_aware(row.created_at))

