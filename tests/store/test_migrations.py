"""The schema: what the migrations build is what the models say, and a database made by the previous revision
upgrades with its rows intact (and its reports' mistakes copied into the new column)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from mljudge.store import Store
from mljudge.store.models import Base


def test_the_migrations_build_what_the_models_declare(store: Store) -> None:
    with store.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert differences == []


def test_a_database_at_the_previous_revision_upgrades_with_its_rows(database_url: str) -> None:
    old = Store.open(database_url)
    assert old.upgrade("0001") == "0001"
    report = {"verdict": "wrong_answer", "mistakes": ["tanh_no_cubic", "sign_flipped"], "passed": 2}
    with old.engine.begin() as connection:  # a row as revision 0001 wrote it: no mistakes column yet
        columns = {c["name"] for c in sa.inspect(connection).get_columns("submissions")}
        assert "mistakes" not in columns
        connection.execute(sa.text(
            "INSERT INTO submissions (id, learner, exercise, track, code, verdict, passed, total, report, grade_ms, "
            "wait_ms, judge_version, created_at) VALUES (:id, 'ann', 'gelu', 'numpy', 'def gelu(x): ...', "
            "'wrong_answer', 2, 6, :report, 7.5, NULL, '0.0.9', :at)"),
            {"id": "a" * 32, "report": json.dumps(report), "at": datetime(2026, 1, 2, tzinfo=UTC)})
    old.close()

    upgraded = Store.open(database_url)  # as `judge db upgrade` after installing the new version
    try:
        assert upgraded.upgrade() == "0003"
        upgraded.check()
        kept = upgraded.get("a" * 32, "ann")
        assert kept is not None
        assert (kept.verdict, kept.passed, kept.judge_version, kept.report) == ("wrong_answer", 2, "0.0.9", report)
        assert kept.mistakes == ("tanh_no_cubic", "sign_flipped")
        assert kept.created_at == datetime(2026, 1, 2, tzinfo=UTC)
        assert upgraded.stats()[0].mistakes == [("sign_flipped", 1), ("tanh_no_cubic", 1)] or \
            upgraded.stats()[0].mistakes == [("tanh_no_cubic", 1), ("sign_flipped", 1)]
        assert upgraded.upgrade() == "0003"  # again: nothing to do
    finally:
        upgraded.close()
