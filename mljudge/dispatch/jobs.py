"""A submission as a job, and a job's answer, as plain JSON data (what crosses the broker: never pickle), and the
one place that grades a job, for the web's own process and a worker alike."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from mljudge import sandbox
from mljudge.judge.exercise import Exercise
from mljudge.judge.grade import grade
from mljudge.judge.report import Report, Verdict, say


@dataclass(frozen=True)
class GradingJob:
    """A submission to grade, as it crosses the broker (sandbox.Job is what the sandbox then runs)."""

    id: str  # the submission's id: a job sent twice is still one submission, graded into one row
    exercise: str
    code: str
    track: str | None  # None: detected from what the graded function uses, as grade() does
    plot: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "exercise": self.exercise, "code": self.code, "track": self.track, "plot": self.plot}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GradingJob:
        return cls(id=str(data["id"]), exercise=str(data["exercise"]), code=str(data["code"]),
                   track=None if data.get("track") is None else str(data["track"]), plot=bool(data.get("plot")))


@dataclass(frozen=True)
class Graded:
    """A job's answer: the report in no language (judge.report.Report.to_json()) and what it cost."""

    report: dict[str, Any]
    grade_ms: float  # the judge's own time: policy check, sandbox, comparison
    wait_ms: float = 0.0  # before grading began: the sandboxes' queue, or the broker's
    worker: str = ""  # which worker graded it ("" in the web's own process)
    attempts: int = 1  # how many times the job was sent (more than one: a worker was lost)

    def to_json(self) -> dict[str, Any]:
        # Not dataclasses.asdict: that deep-copies the report, number by number (milliseconds per verdict).
        return {"report": self.report, "grade_ms": self.grade_ms, "wait_ms": self.wait_ms, "worker": self.worker,
                "attempts": self.attempts}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Graded:
        return cls(report=dict(data["report"]), grade_ms=float(data["grade_ms"]),
                   wait_ms=float(data.get("wait_ms", 0.0)), worker=str(data.get("worker", "")),
                   attempts=int(data.get("attempts", 1)))

    def parsed(self) -> Report:
        return Report.from_json(self.report)


def grade_job(job: GradingJob, exercise: Exercise, pool: sandbox.Pool | None, *, client: str = "",
            worker: str = "") -> Graded:
    """Grade `job` in `pool`: the only call to grade() on the way from a POST to a verdict, whichever process
    makes it. Raises what grade() raises (UnknownTrack, sandbox.Busy, sandbox.ClientBusy)."""
    started = time.perf_counter()
    report = grade(exercise, job.code, job.track, plot=job.plot, pool=pool, client=client)
    return Graded(report=report.to_json(), grade_ms=(time.perf_counter() - started) * 1000, worker=worker)


def route(exercise: Exercise, job: GradingJob) -> str:
    """The track whose queue a job goes to: the one asked for, else the one grade() will detect (the library the
    graded function uses), else the exercise's first."""
    if job.track is not None:
        return job.track
    if len(job.code) <= sandbox.MAX_SOURCE_BYTES:
        detected = sandbox.detect_track(job.code, exercise.function.name).track
        if detected in exercise.tracks:
            return detected
    return next(iter(exercise.tracks))


@dataclass(frozen=True)
class Lost:
    """Why a job ended without a verdict from a worker (the judge's fault, never the learner's)."""

    detail: str
    attempts: int = 0


def internal_error(exercise: Exercise, track: str, lost: Lost) -> Graded:
    """The verdict for a job the workers could not grade (they kept dying on it): an internal error, said as
    every verdict is, so the learner gets an answer rather than a wait without end."""
    report = Report(exercise=exercise.slug, track=track, verdict=Verdict.INTERNAL_ERROR,
                    message=say("verdict.internal_error.message", detail=lost.detail), total=len(exercise.cases))
    return Graded(report=report.to_json(), grade_ms=0.0, attempts=lost.attempts)
