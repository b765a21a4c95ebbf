"""`judge grade SLUG DIR`: grade a teacher's folder of submissions and tabulate them per student and per case.

    DIR/alice.py               student "alice" (the file's stem)
    DIR/bob/solution.py        student "bob" (the subfolder's name); several files there are several rows

Every file goes through `judge.grade.grade`, the one way anything is graded. A thread pool of `jobs` workers
shares ONE sandbox pool of `jobs` zygotes per flavour: each `grade()` call blocks on its own zygote while the
zygotes work in parallel. One bad file never stops the batch: what the learner got wrong is its verdict, and a
file the judge cannot read or fails on becomes an `internal_error` row saying why.
"""

from __future__ import annotations

import csv
import json
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from judge.exercise import Exercise
from judge.grade import grade
from judge.i18n import t
from judge.render import VERDICT_COLOR, Painter
from judge.report import SEVERITY, CaseReport, Report
from sandbox.pool import Pool

# grade() refuses anything over policy.MAX_SOURCE_BYTES (64 KiB) itself; the cap only keeps a stray
# multi-gigabyte file from being read into memory first (past it, the size in the message is the cap's).
READ_CAP = 16 * 1024 * 1024
FIXED_COLUMNS = ("student", "file", "track", "verdict", "passed", "total")


@dataclass(frozen=True)
class Submission:
    student: str
    path: Path
    name: str  # as shown in the table: relative to DIR, with "/"


@dataclass
class BatchResult:
    student: str
    file: str
    report: Report


def discover(folder: Path) -> list[Submission]:
    """`folder/*.py` (student = stem) and `folder/<student>/*.py`, sorted; hidden entries and anything that is
    not a regular file (a FIFO would block the read) are skipped, and nothing deeper is looked at."""
    found = []
    for entry in folder.iterdir():
        if entry.name.startswith(".") or entry.name == "__pycache__":
            continue
        if entry.is_dir():
            found += [Submission(entry.name, f, f"{entry.name}/{f.name}") for f in entry.glob("*.py")
                      if f.is_file() and not f.name.startswith(".")]
        elif entry.suffix == ".py" and entry.is_file():
            found.append(Submission(entry.stem, entry, entry.name))
    return sorted(found, key=lambda s: (s.student, s.name))


def read_source(path: Path) -> bytes:
    with path.open("rb") as f:
        return f.read(READ_CAP + 1)


def grade_one(exercise: Exercise, submission: Submission, *, pool: Pool, track: str | None = None,
              lang: str = "en") -> BatchResult:
    """Grade one file. Never raises: a failure of the judge itself becomes an internal_error report."""
    try:
        source = read_source(submission.path)
    except OSError as exc:
        report = not_graded(exercise, track, lang, f"cannot read {submission.name}: {exc.strerror or exc}")
    else:
        try:
            report = grade(exercise, source, track, lang=lang, filename=submission.path.name, pool=pool)
        except Exception as exc:  # the judge's fault, not the student's: one row, never the end of the batch
            report = not_graded(exercise, track, lang, f"the judge failed on this file: {type(exc).__name__}: {exc}")
    return BatchResult(submission.student, submission.name, report)


def grade_all(exercise: Exercise, submissions: list[Submission], *, pool: Pool, jobs: int,
              track: str | None = None, lang: str = "en",
              on_done: Callable[[BatchResult], None] | None = None) -> list[BatchResult]:
    """Grade every submission on `jobs` threads; results come back in the submissions' order. `on_done` runs
    in the calling thread as each one finishes (a progress bar). Give it a pool for this batch alone, as
    `judge grade` does: zygotes the worker threads start die with those threads (a zygote's PR_SET_PDEATHSIG
    fires when the *thread* that forked it exits)."""
    results: list[BatchResult | None] = [None] * len(submissions)
    executor = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="judge-grade")
    try:
        futures = {executor.submit(grade_one, exercise, s, pool=pool, track=track, lang=lang): i
                   for i, s in enumerate(submissions)}
        for future in as_completed(futures):
            result = future.result()
            results[futures[future]] = result
            if on_done is not None:
                on_done(result)
    except BaseException:  # Ctrl-C: drop what has not started instead of grading the rest first
        executor.shutdown(wait=True, cancel_futures=True)
        raise
    executor.shutdown()
    return [r for r in results if r is not None]


def not_graded(exercise: Exercise, track: str | None, lang: str, message: str) -> Report:
    """The row for a file the judge could not grade: internal_error, every case not_run."""
    return Report(exercise=exercise.slug, track=track or "", lang=lang, verdict="internal_error",
                  verdict_label=t("verdict.internal_error.label", lang), message=message,
                  total=len(exercise.cases),
                  cases=[CaseReport(c.id, c.kind.get_in(lang), c.visible, "not_run") for c in exercise.cases])


# --- output ------------------------------------------------------------------------------------------------


def write_csv(exercise: Exercise, results: list[BatchResult], stream: TextIO) -> None:
    """student, file, track, verdict, passed, total, one column per case id (its status), mistakes."""
    case_ids = [c.id for c in exercise.cases]
    writer = csv.writer(stream)
    writer.writerow([*FIXED_COLUMNS, *case_ids, "mistakes"])
    for r in results:
        status = {c.id: c.status for c in r.report.cases}
        writer.writerow([r.student, r.file, r.report.track, r.report.verdict, r.report.passed, r.report.total,
                         *(status.get(cid, "not_run") for cid in case_ids), ";".join(r.report.mistakes)])


def to_json(exercise: Exercise, results: list[BatchResult]) -> dict[str, Any]:
    return {"exercise": exercise.slug,
            "results": [{"student": r.student, "file": r.file, "report": r.report.to_dict()} for r in results]}


def write_json(exercise: Exercise, results: list[BatchResult], stream: TextIO) -> None:
    stream.write(json.dumps(to_json(exercise, results), ensure_ascii=False, indent=2) + "\n")


def table(results: list[BatchResult], *, color: bool) -> str:
    """A readable table: one row per file, then the counts per verdict."""
    paint = Painter(color)
    student_w = min(max([len("student"), *(len(r.student) for r in results)]), 24)
    file_w = min(max([len("file"), *(len(r.file) for r in results)]), 36)
    lines = [paint(f"{'student':<{student_w}}  {'file':<{file_w}}  {'track':<6} {'verdict':<15} {'passed':>7}  "
                   "mistakes", "1")]
    for r in results:
        verdict = paint(f"{r.report.verdict:<15}", VERDICT_COLOR.get(r.report.verdict, "31"))
        passed = f"{r.report.passed}/{r.report.total}"
        lines.append(f"{_cut(r.student, student_w):<{student_w}}  {_cut(r.file, file_w):<{file_w}}  "
                     f"{r.report.track:<6} {verdict} {passed:>7}  {', '.join(r.report.mistakes)}")
    return "\n".join([*lines, "", summary(results)]) + "\n"


def summary(results: list[BatchResult]) -> str:
    """'6 submission(s): accepted 2 · wrong_answer 1 · …', best verdict first."""
    counts = Counter(r.report.verdict for r in results)
    parts = [f"{v} {counts[v]}" for v in reversed(SEVERITY) if counts[v]]
    return f"{len(results)} submission(s): " + " · ".join(parts)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
