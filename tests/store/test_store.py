"""The record: each submission stored once, readable only by its learner, and what teachers read from it, on
SQLite and PostgreSQL alike."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from mljudge.store import Record, Store, StoreError, new_id

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def record(learner: str = "ann", exercise: str = "gelu", verdict: str = "wrong_answer", passed: int = 2,
           minutes: int = 0, mistakes: tuple[str, ...] = ()) -> Record:
    return Record(id=new_id(), learner=learner, exercise=exercise, track="numpy", code=f"# {learner}\n",
                  verdict=verdict, passed=passed, total=6, report={"verdict": verdict, "mistakes": list(mistakes)},
                  judge_version="0.1.0", grade_ms=8.5, wait_ms=0.4, mistakes=mistakes,
                  created_at=T0 + timedelta(minutes=minutes))


def test_a_submission_is_stored_once_and_read_back_whole(store: Store) -> None:
    made = record(mistakes=("tanh_no_cubic",))
    assert store.add(made) is True
    assert store.add(dataclasses.replace(made, verdict="accepted")) is False  # the same id again: still one row
    assert store.count() == 1
    assert store.get(made.id, "ann") == made


def test_only_its_learner_reads_a_submission(store: Store) -> None:
    made = record()
    store.add(made)
    assert store.get(made.id, "bob") is None  # someone else's: the same None as a missing one
    assert store.get(new_id(), "ann") is None
    assert store.get(made.id[:-1] + "0" if made.id[-1] != "0" else made.id[:-1] + "1", "ann") is None
    assert store.history("bob") == []


def test_history_is_the_learners_own_newest_first(store: Store) -> None:
    first, second, other_exercise, other_learner = (record(minutes=1), record(minutes=2, verdict="accepted",
                                                    passed=6), record(exercise="relu", minutes=3),
                                                    record(learner="bob", minutes=4))
    for made in (second, first, other_exercise, other_learner):
        store.add(made)
    assert [s.id for s in store.history("ann", "gelu")] == [second.id, first.id]
    assert [s.id for s in store.history("ann")] == [other_exercise.id, second.id, first.id]
    shown = store.history("ann", "gelu")[0]
    assert (shown.verdict, shown.passed, shown.total, shown.track, shown.created_at) == ("accepted", 6, 6,
                                                                                          "numpy", second.created_at)
    assert store.history("ann", "gelu", limit=1)[0].id == second.id
    assert store.progress("ann") == {"gelu": "solved", "relu": "attempted"}
    assert store.progress("bob") == {"gelu": "attempted"}


def test_export_filters_and_best_picks_one_per_learner_and_exercise(store: Store) -> None:
    ann_wrong = record(minutes=1, passed=3)
    ann_right = record(minutes=3, verdict="accepted", passed=6)
    ann_after = record(minutes=5, passed=5)  # worse than the accepted one, later
    bob_low, bob_high, bob_equal = record("bob", minutes=2, passed=1), record("bob", minutes=4, passed=4), \
        record("bob", minutes=6, passed=4)
    relu = record(exercise="relu", minutes=30)
    for made in (ann_wrong, ann_right, ann_after, bob_low, bob_high, bob_equal, relu):
        store.add(made)
    assert [r.id for r in store.export()] == [ann_wrong.id, bob_low.id, ann_right.id, bob_high.id, ann_after.id,
                                              bob_equal.id, relu.id]
    assert [r.id for r in store.export(exercise="relu")] == [relu.id]
    assert [r.id for r in store.export(since=T0 + timedelta(minutes=5))] == [ann_after.id, bob_equal.id, relu.id]
    assert [r.id for r in store.export(exercise="gelu", best=True)] == [ann_right.id, bob_equal.id]


def test_stats_count_learners_attempts_solvers_and_common_mistakes(store: Store) -> None:
    for made in (record(mistakes=("no_cubic",)), record(mistakes=("no_cubic", "sign")), record(verdict="accepted",
                 passed=6), record("bob", mistakes=("no_cubic",)), record("cy", mistakes=("sign",)),
                 record("cy", exercise="relu")):
        store.add(made)
    gelu, relu = store.stats()
    assert (gelu.exercise, gelu.learners, gelu.attempts, gelu.solved) == ("gelu", 3, 5, 1)
    assert gelu.mistakes == [("no_cubic", 3), ("sign", 2)]
    assert (relu.exercise, relu.learners, relu.attempts, relu.solved, relu.mistakes) == ("relu", 1, 1, 0, [])
    assert [s.exercise for s in store.stats("relu")] == ["relu"]


def test_prune_deletes_only_what_is_older(store: Store) -> None:
    old = dataclasses.replace(record(), created_at=datetime.now(UTC) - timedelta(days=200))
    recent = dataclasses.replace(record(), created_at=datetime.now(UTC) - timedelta(days=10))
    store.add(old)
    store.add(recent)
    assert store.prune(timedelta(days=180)) == 1
    assert [r.id for r in store.export()] == [recent.id]
    assert store.prune(timedelta(days=180)) == 0


def test_an_unmigrated_database_is_refused_in_one_line(database_url: str) -> None:
    fresh = Store.open(database_url)
    try:
        with pytest.raises(StoreError, match=r"schema revision none, not 0003: run `judge db upgrade`"):
            fresh.check()
        fresh.upgrade()
        fresh.check()
    finally:
        fresh.close()


@pytest.mark.parametrize("url", ["postgresql://postgres@/none?host=/nonexistent-socket-dir&port=1",
                                 "sqlite:////dev/null/mljudge.sqlite3", "not a url"])
def test_a_database_that_cannot_be_opened_is_one_line(url: str) -> None:
    with pytest.raises(StoreError) as caught:
        broken = Store.open(url)
        broken.upgrade()
    message = str(caught.value)
    assert "\n" not in message and len(message) < 400
    assert "database" in message


def test_a_link_is_used_once_and_forgotten_once_expired(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'links.sqlite3'}")
    store.upgrade()
    try:
        later = datetime.now(UTC) + timedelta(minutes=5)
        assert store.use_link("n" * 64, later) is True
        assert store.use_link("n" * 64, later) is False  # a second use, from any process: refused
        assert store.use_link("m" * 64, datetime.now(UTC) - timedelta(seconds=1)) is True
        store.use_link("o" * 64, later)  # each use forgets the links already past their expiry
        with store.engine.connect() as connection:
            kept = {row[0][0] for row in connection.execute(sa.text("SELECT nonce FROM link_uses"))}
        assert kept == {"n", "o"}
    finally:
        store.close()
