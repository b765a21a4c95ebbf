"""The web side of the broker: admit a submission, send it to its track's queue, wait for its answer, and send it
again when its worker was lost.

Deadlines, because Redis may lose a job a worker had taken (kombu #305) and hands other abandoned jobs back only
after its visibility timeout (dispatch.broker):
- a job a worker began must be answered within its time limit + RUN_MARGIN of the (latest) start;
- a job nobody began: within QUEUE_WAIT when first sent (the queue is never deeper than a minute's drain, see
  dispatch.admission), within the time limit + RUN_MARGIN when sent again (then it goes ahead of the others).
Past a deadline, the job is sent again under the same id: whichever copy answers first is the answer, and the web
writes one row. After ATTEMPTS sends: a job that workers began and died on every time is an internal error verdict
(not a loop); one that no worker ever began is Busy (503: no worker is taking jobs of that track).
"""

from __future__ import annotations

import contextlib
import logging
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import redis
from celery import states

from mljudge.dispatch.admission import WINDOW, Admission
from mljudge.dispatch.broker import AGAIN_PRIORITY, FIRST_PRIORITY, TASK, make_app, queue_name, safe_url
from mljudge.dispatch.jobs import Graded, GradingJob, Lost, internal_error, route
from mljudge.dispatch.results import Results
from mljudge.judge.errors import JudgeError
from mljudge.judge.exercise import Exercise
from mljudge.sandbox import Busy

log = logging.getLogger("mljudge.web")

RUN_MARGIN = 5.0  # past the time limit: the sandbox's own kill, the child's teardown, the answer's way back
QUEUE_WAIT = WINDOW + 30.0  # the deepest admitted queue drains in about WINDOW seconds
ATTEMPTS = 3
POLL = 1.0  # how often a waiting request looks at its deadline (answers wake it at once)


class BrokerError(JudgeError):
    """The broker cannot be reached at start: one line (exit code 2)."""


@dataclass(frozen=True)
class Settings:
    per_client: int = 2  # JUDGE_MAX_PER_CLIENT
    floor: int = 16  # JUDGE_MAX_PENDING: a queue this deep is always admitted


class Dispatcher:
    def __init__(self, url: str, settings: Settings | None = None) -> None:
        self.url = url
        self.settings = settings or Settings()
        self.app = make_app(url)
        self.redis = redis.Redis.from_url(url, socket_connect_timeout=5, health_check_interval=30)
        self.admission = Admission(self.redis, per_client=self.settings.per_client, floor=self.settings.floor)
        self._results: Results | None = None

    @property
    def where(self) -> str:
        return safe_url(self.url)

    def check(self) -> None:
        """Raise BrokerError (one line) unless Redis answers; then start listening for answers."""
        try:
            self.redis.ping()
        except (redis.RedisError, OSError) as exc:
            raise BrokerError(f"cannot reach the broker at {safe_url(self.url)}: {exc}") from None
        self.results()

    def results(self) -> Results:
        if self._results is None:
            self._results = Results(self.app, self.redis)
        return self._results

    def close(self) -> None:
        if self._results is not None:
            self._results.close()
        self.redis.close()

    def grade(self, exercise: Exercise, job: GradingJob, client: str) -> Graded:
        """Grade `job` on a worker. Raises sandbox.ClientBusy / Busy when it may not wait (or no worker takes
        it); a job workers keep dying on comes back as an internal error verdict."""
        track = route(exercise, job)
        limit = exercise.limits.wall_seconds
        hold = QUEUE_WAIT + ATTEMPTS * (2 * limit + RUN_MARGIN)  # the longest _await can take, and a little
        try:
            self.admission.admit(track, client, job.id, hold)
        except redis.RedisError as exc:
            log.error("the broker cannot be reached: %s", exc)
            raise Busy("the queue cannot be reached", 5.0) from None
        answered = False
        try:
            graded = self._await(exercise, job, track, limit)
            answered = graded.worker != ""
            return graded
        finally:
            with contextlib.suppress(redis.RedisError):
                self.admission.release(track, client, job.id, answered=answered)

    def _send(self, job: GradingJob, track: str, attempt: int, deadline: float) -> None:
        # The message expires when the web stops waiting for this copy: a copy Redis hands back later is dropped.
        expires = datetime.now(UTC) + timedelta(seconds=max(1.0, deadline - time.monotonic()))
        try:
            self.app.send_task(TASK, args=[job.to_json()], task_id=job.id, queue=queue_name(track),
                               priority=FIRST_PRIORITY if attempt == 1 else AGAIN_PRIORITY, expires=expires)
        except Exception as exc:  # kombu's connection errors vary with the transport
            log.error("cannot send %s to the broker: %s", job.id, exc)
            raise Busy("the queue cannot be reached", 5.0) from None

    def _await(self, exercise: Exercise, job: GradingJob, track: str, limit: float) -> Graded:
        results = self.results()
        waiter = results.watch(job.id)
        began = time.monotonic()
        started_once = False
        try:
            for attempt in range(1, ATTEMPTS + 1):
                sent = time.monotonic()
                deadline = sent + (QUEUE_WAIT if attempt == 1 else limit + RUN_MARGIN)
                self._send(job, track, attempt, deadline + limit + RUN_MARGIN)
                while True:
                    started = waiter.started_at
                    if started is not None and started >= sent:
                        deadline = started + limit + RUN_MARGIN
                    meta = waiter.meta
                    now = time.monotonic()
                    if meta is None and now >= deadline:
                        meta = results.stored(job.id)  # an answer the listener may have missed
                        if meta is not None and meta.get("status") not in states.READY_STATES:
                            meta = None
                    if meta is not None:
                        graded = self._answer(meta, job, attempt, began)
                        if graded is not None:
                            return graded
                        waiter.meta = None  # the worker failed on it: send it again
                        break
                    if now >= deadline:
                        log.warning("no answer for %s (%s) from its worker: sending it again", job.id, exercise.slug)
                        break
                    waiter.wait(min(POLL, deadline - now))
                started_once = started_once or (waiter.started_at is not None and waiter.started_at >= sent)
        finally:
            results.forget(job.id)
        if not started_once:
            raise Busy(f"no worker took the {track} job within its deadline", WINDOW)
        log.error("%s (%s): its workers were lost %d times; answering with an internal error", job.id,
                  exercise.slug, ATTEMPTS)
        return internal_error(exercise, track, Lost(f"the worker grading it stopped {ATTEMPTS} times", ATTEMPTS))

    def _answer(self, meta: dict[str, object], job: GradingJob, attempt: int, began: float) -> Graded | None:
        """The worker's answer, or None when the job failed on the worker (it is sent again)."""
        if meta.get("status") != states.SUCCESS or not isinstance(meta.get("result"), dict):
            log.warning("%s failed on its worker: %s", job.id, meta.get("result"))
            return None
        graded = Graded.from_json(meta["result"])  # type: ignore[arg-type]
        waited = (time.monotonic() - began) * 1000 - graded.grade_ms
        return Graded(report=graded.report, grade_ms=graded.grade_ms, wait_ms=max(0.0, waited),
                      worker=graded.worker, attempts=attempt)

