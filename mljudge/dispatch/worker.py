"""`judge worker`: a Celery worker whose process keeps the warm sandbox pool (zygotes per track) and grades jobs.

Celery's "threads" pool: the worker's threads only hand jobs to the sandbox, whose zygotes do the work in their
jailed children; a forking pool would need a pool of zygotes per child. The worker holds no database and no
state between jobs: it takes a job, grades it, answers, and takes the next.
"""

from __future__ import annotations

import logging
import os
import socket
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from celery import Celery

from mljudge.dispatch.broker import TASK, make_app, queue_name, safe_url
from mljudge.dispatch.jobs import GradingJob, grade_job
from mljudge.judge.catalog import Catalog
from mljudge.judge.errors import JudgeError
from mljudge.sandbox import TRACKS, Pool

log = logging.getLogger("mljudge.worker")


class WorkerError(JudgeError):
    """The worker cannot start: one line (exit code 2)."""


@dataclass
class _Grading:
    """What this process grades with, set up before the worker takes its first job."""

    pool: Pool
    catalog: Catalog
    name: str


_grading: _Grading | None = None


def register(app: Celery) -> Any:
    """The grading task, on `app`."""

    @app.task(name=TASK)  # type: ignore[untyped-decorator]
    def grading_task(payload: dict[str, Any]) -> dict[str, Any]:
        if _grading is None:
            raise RuntimeError("this process is not a judge worker")
        job = GradingJob.from_json(payload)
        exercise = _grading.catalog.get(job.exercise)
        # The client in this pool's fair queue is the job itself: fairness between learners is the web's
        # (dispatch.admission), across every worker; this worker never holds more jobs than it has sandboxes.
        graded = grade_job(job, exercise, _grading.pool, client=job.id, worker=_grading.name)
        return graded.to_json()

    return grading_task


def parse_tracks(text: str | None) -> tuple[str, ...]:
    if not text:
        return tuple(TRACKS)
    tracks = tuple(dict.fromkeys(t.strip() for t in text.split(",") if t.strip()))
    unknown = [t for t in tracks if t not in TRACKS]
    if unknown or not tracks:
        raise WorkerError(f"--tracks {text!r}: unknown track(s) {', '.join(unknown) or '(none given)'}; "
                          f"known tracks: {', '.join(TRACKS)}")
    return tracks


def run_worker(broker_url: str, *, concurrency: int = 1, tracks: tuple[str, ...] = tuple(TRACKS),
               exercises_dir: Path | None = None, name: str | None = None, out: TextIO = sys.stdout) -> int:
    """Start the zygotes of `tracks`, then grade jobs from their queues until SIGTERM (finishes the jobs in hand)
    or SIGINT. Returns the exit code."""
    from mljudge.judge.course import require
    from mljudge.judge.pools import course_pool

    global _grading
    app = make_app(broker_url)
    register(app)
    name = name or f"judge-{os.getpid()}@{socket.gethostname()}"
    catalog = Catalog(exercises_dir)
    require(catalog.root)  # a folder that holds no course: said (exit 2) before any zygote starts
    # As many sandboxes per track as jobs at once: a job never waits here, and never for another learner's. Its
    # jails hide the course it grades and allow that course's words, as `judge serve`'s do.
    pool = course_pool(catalog.root, concurrency, per_client=1, max_waiting=concurrency)
    print(f"starting the sandbox ({concurrency} zygote(s) for {', '.join(tracks)})…", file=out, flush=True)
    try:
        pool.start(tracks)
        _grading = _Grading(pool, catalog, name)
        print(f"mljudge worker {name} grades {', '.join(tracks)} from {safe_url(broker_url)}", file=out, flush=True)
        app.worker_main(["worker", "--pool=threads", f"--concurrency={concurrency}",
                         f"--queues={','.join(queue_name(t) for t in tracks)}", f"--hostname={name}",
                         "--without-mingle", "--without-gossip", "--without-heartbeat", "--loglevel=INFO"])
    finally:
        _grading = None
        pool.close()
    return 0

