"""`judge grade SLUG DIR`: grade a teacher's folder of submissions and tabulate them per student and per case.

    DIR/alice.py               student "alice" (the file's stem)
    DIR/bob/solution.py        student "bob" (the subfolder's name); several files there are several rows

Every file goes through `judge.grade.grade`, the one way anything is graded. A thread pool of `jobs` workers
shares ONE sandbox pool of `jobs` zygotes per flavour: each `grade()` call blocks on its own zygote while the
zygotes work in parallel. One bad file never stops the batch: what the learner got wrong is its verdict, and a
file the judge cannot read or fails on becomes an `internal_error` row saying why.

No symbolic link below DIR is ever followed, file or folder: each is a `skipped` row saying so, as is a
`*.py` that is not a regular file and a student folder without any `*.py`. Files are opened one path component
at a time with O_NOFOLLOW, so a link swapped in after the listing is refused too.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import stat
import textwrap
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from mljudge.judge.authoring.threads import run_all
from mljudge.judge.exercise import Exercise
from mljudge.judge.grade import grade
from mljudge.judge.localise import localise, sentence
from mljudge.judge.render import STATUS_COLOR, TONE_COLOR, Painter, terminal_safe
from mljudge.judge.report import SEVERITY, VERDICT_FACTS, CaseReport, CaseStatus, Report, Verdict
from mljudge.judge.spreadsheet import Cell, SpreadsheetWriter
from mljudge.sandbox import Pool

# grade() refuses anything over policy.MAX_SOURCE_BYTES (64 KiB) itself; the cap only keeps a stray
# multi-gigabyte file from being read into memory first (past it, the size in the message is the cap's).
READ_CAP = 16 * 1024 * 1024
FIXED_COLUMNS = ("student", "file", "track", "verdict", "passed", "total")
SKIPPED = "skipped"  # the verdict column of a row that was not read

# Why an entry is a `skipped` row instead of being read.
SYMLINK = "a symbolic link, not read"
FOLDER = "a folder, not a file: nothing below DIR/<student>/ is read"
NOT_REGULAR = "not a regular file (a FIFO, socket or device), not read"
NO_PY = "a folder without any .py file"


@dataclass(frozen=True)
class Submission:
    student: str
    name: str  # as shown in the table: relative to DIR, with "/"
    root: Path  # DIR
    parts: tuple[str, ...]  # the path below DIR, one component each (the real names, not the shown ones)
    skipped: str = ""  # why it is listed but not read (SYMLINK, FOLDER, ...); empty: grade it

    @property
    def path(self) -> Path:
        return self.root.joinpath(*self.parts)


@dataclass
class BatchResult:
    student: str
    file: str
    report: Report | None  # None: skipped, never read
    skipped: str = ""


class Skip(Exception):
    """The file turned out not to be one to read (a link or a non-regular file): a `skipped` row, not an error."""


def shown(name: str) -> str:
    """A file name fit for a terminal, a CSV and JSON: undecodable bytes become U+FFFD, control characters
    (an escape sequence, a newline) '?'."""
    text = name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return "".join("?" if unicodedata.category(c) == "Cc" else c for c in text)


def discover(folder: Path) -> list[Submission]:
    """`folder/*.py` (student = stem) and `folder/<student>/*.py`, sorted. Hidden entries, `__pycache__`,
    other files and anything deeper are not looked at; a symbolic link (file or folder), a `*.py` that is not a
    regular file and a student folder without a `*.py` are listed with `skipped` saying why. `folder` itself may
    be a link: the teacher named it. Student folders are listed through O_NOFOLLOW descriptors, so not even the
    names in a linked folder are seen."""
    found = []
    top = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for entry in _listing(top):
            name = entry.name
            if entry.is_dir(follow_symlinks=False):
                student = shown(name)
                try:
                    files = [Submission(student, f"{student}/{shown(f.name)}", folder, (name, f.name), _why_not(f))
                             for f in _listing(top, name) if f.name.endswith(".py")]
                except Skip as skip:  # replaced by a link since it was listed
                    files = [Submission(student, student, folder, (name,), str(skip))]
                except OSError as exc:  # unreadable folder: a row saying so, never the end of the batch
                    files = [Submission(student, student + "/", folder, (name,), f"cannot be listed: {exc.strerror}")]
                found += files or [Submission(student, student + "/", folder, (name,), NO_PY)]
            elif name.endswith(".py") or entry.is_symlink():
                student = shown(name[:-3] if name.endswith(".py") else name)
                found.append(Submission(student, shown(name), folder, (name,), _why_not(entry)))
    finally:
        os.close(top)
    return sorted(found, key=lambda s: (s.student, s.name))


def _listing(dir_fd: int, name: str | None = None) -> list[os.DirEntry[str]]:
    """The entries of the folder open as `dir_fd`, or of its subfolder `name` (never through a link), but
    hidden ones and `__pycache__`."""
    fd = _open_at(dir_fd, name, os.O_DIRECTORY) if name is not None else dir_fd
    try:
        with os.scandir(fd) as entries:
            return [e for e in entries if not e.name.startswith(".") and e.name != "__pycache__"]
    finally:
        if fd != dir_fd:
            os.close(fd)


def _why_not(entry: os.DirEntry[str]) -> str:
    """Why this `*.py` entry is not read, or '' when it is a regular file (lstat: no link is followed)."""
    if entry.is_symlink():
        return SYMLINK
    if entry.is_dir(follow_symlinks=False):
        return FOLDER
    return "" if entry.is_file(follow_symlinks=False) else NOT_REGULAR


def read_source(submission: Submission) -> bytes:
    """At most READ_CAP + 1 bytes of the file. Opened from DIR down one component at a time with O_NOFOLLOW
    (a link there, even one swapped in after `discover`, is refused) and O_NONBLOCK (a FIFO cannot block the
    open); a link or anything but a regular file raises Skip."""
    *folders, last = submission.parts
    fd = os.open(submission.root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for part in folders:
            inner = _open_at(fd, part, os.O_DIRECTORY)
            os.close(fd)
            fd = inner
        file_fd = _open_at(fd, last, os.O_NONBLOCK)
    finally:
        os.close(fd)
    with os.fdopen(file_fd, "rb") as f:
        mode = os.fstat(f.fileno()).st_mode
        if not stat.S_ISREG(mode):
            raise Skip(FOLDER if stat.S_ISDIR(mode) else NOT_REGULAR)
        return f.read(READ_CAP + 1)


def _open_at(dir_fd: int, name: str, flags: int) -> int:
    try:
        return os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | flags, dir_fd=dir_fd)
    except OSError as exc:  # a link: ELOOP, or ENOTDIR with O_DIRECTORY
        if exc.errno in (errno.ELOOP, errno.ENOTDIR) and stat.S_ISLNK(
                os.stat(name, dir_fd=dir_fd, follow_symlinks=False).st_mode):
            raise Skip(SYMLINK) from None
        raise


def grade_one(exercise: Exercise, submission: Submission, *, pool: Pool, track: str | None = None) -> BatchResult:
    """Grade one file. Never raises: a failure of the judge itself becomes an internal_error report, and a file
    that is not one to read a skipped row."""
    if submission.skipped:
        return BatchResult(submission.student, submission.name, None, submission.skipped)
    try:
        source = read_source(submission)
    except Skip as skip:
        return BatchResult(submission.student, submission.name, None, str(skip))
    except OSError as exc:
        report = not_graded(exercise, track, f"cannot read {submission.name}: {exc.strerror or exc}")
    else:
        try:
            report = grade(exercise, source, track, filename=submission.name.rsplit("/", 1)[-1],
                           pool=pool)
        except Exception as exc:  # the judge's fault, not the student's: one row, never the end of the batch
            report = not_graded(exercise, track, f"the judge failed on this file: {type(exc).__name__}: {exc}")
    return BatchResult(submission.student, submission.name, report)


def grade_all(exercise: Exercise, submissions: list[Submission], *, pool: Pool, jobs: int,
              track: str | None = None, on_done: Callable[[BatchResult], None] | None = None) -> list[BatchResult]:
    """Grade every submission on `jobs` threads; results come back in the submissions' order. `on_done` runs
    in the calling thread as each one finishes (a progress bar). Give it a pool for this batch alone, as
    `judge grade` does (judge.authoring.threads)."""
    return run_all(lambda s: grade_one(exercise, s, pool=pool, track=track), submissions, jobs=jobs,
                   on_done=on_done)


def not_graded(exercise: Exercise, track: str | None, message: str) -> Report:
    """The row for a file the judge could not grade: internal_error, every case not_run. `message` is the
    judge's own account (for the teacher, in English, as the rest of the table)."""
    return Report(exercise=exercise.slug, track=track or "", verdict=Verdict.INTERNAL_ERROR, message=(message,),
                  total=len(exercise.cases),
                  cases=[CaseReport(c.id, c.kind, c.visible, CaseStatus.NOT_RUN) for c in exercise.cases])


# --- output ------------------------------------------------------------------------------------------------


def write_results_csv(exercise: Exercise, results: list[BatchResult], stream: TextIO, lang: str = "en") -> None:
    """student, file, track, verdict, passed, total, one column per case id (its status), mistakes, note (why a
    row was skipped or not graded). Every cell is safe to open in a spreadsheet (file and folder names are the
    students' own: judge.spreadsheet)."""
    case_ids = [c.id for c in exercise.cases]
    writer = SpreadsheetWriter(stream)
    writer.row([*FIXED_COLUMNS, *case_ids, "mistakes", "note"])
    for r in results:
        if r.report is None:
            row: list[Cell] = [r.student, r.file, "", SKIPPED, "", "", *([""] * len(case_ids)), "", r.skipped]
        else:
            status = {c.id: c.status for c in r.report.cases}
            note = sentence(r.report.message, lang) if r.report.verdict == Verdict.INTERNAL_ERROR else ""
            row = [r.student, r.file, r.report.track, str(r.report.verdict), r.report.passed, r.report.total,
                   *(str(status.get(cid, CaseStatus.NOT_RUN)) for cid in case_ids), ";".join(r.report.mistakes), note]
        writer.row(row)


def results_json(exercise: Exercise, results: list[BatchResult], lang: str = "en") -> dict[str, Any]:
    """Each report said in `lang`, as `judge run --json` prints it. A skipped row is {student, file, report: null,
    skipped: why}."""
    return {"exercise": exercise.slug,
            "results": [{"student": r.student, "file": r.file, "report": localise(r.report, lang).to_dict()}
                        if r.report else
                        {"student": r.student, "file": r.file, "report": None, "skipped": r.skipped}
                        for r in results]}


def write_results_json(exercise: Exercise, results: list[BatchResult], stream: TextIO, lang: str = "en") -> None:
    stream.write(json.dumps(results_json(exercise, results, lang), ensure_ascii=False, indent=2) + "\n")


# One character per case in the terminal table, coloured as `judge run` colours the statuses.
STATUS_MARK: dict[CaseStatus, str] = {
    CaseStatus.PASSED: "✓", CaseStatus.FAILED: "✗", CaseStatus.ERROR: "E", CaseStatus.TIMEOUT: "T",
    CaseStatus.NOT_RUN: "·", CaseStatus.FORBIDDEN: "F",
}


def table(exercise: Exercise, results: list[BatchResult], *, color: bool, columns: int | None = None,
          lang: str = "en") -> str:
    """A readable table: one row per file with a mark per case, the legend, then the counts per verdict. Fits
    `columns` (default: the terminal's width) by shortening long file names."""
    paint = Painter(color)
    columns = columns or shutil.get_terminal_size((100, 24)).columns
    case_ids = [c.id for c in exercise.cases]
    student_w = min(max([len("student"), *(len(r.student) for r in results)]), 24)
    cases_w = max(len("cases"), len(case_ids))
    # student, file, track, verdict, passed, cases and ~12 columns of notes side by side
    room = columns - (student_w + 2 + 2 + 7 + 16 + 7 + 2 + cases_w + 2 + 12)
    file_w = max(12, min(max([len("file"), *(len(r.file) for r in results)]), 36, room))
    lines = [paint(f"{'student':<{student_w}}  {'file':<{file_w}}  {'track':<6} {'verdict':<15} {'passed':>7}  "
                   f"{'cases':<{cases_w}}  notes", "1")]
    for r in results:
        # File and folder names are the students' own text: as unwelcome to a terminal as their code's output.
        head = (f"{_cut(terminal_safe(r.student), student_w):<{student_w}}  "
                f"{_cut(terminal_safe(r.file), file_w):<{file_w}}  ")
        if r.report is None:
            lines.append(head + f"{'':<6} {paint(f'{SKIPPED:<15}', '90')} {'':>7}  {'':<{cases_w}}  "
                         + paint(r.skipped, "90"))
            continue
        verdict = paint(f"{r.report.verdict:<15}", TONE_COLOR[VERDICT_FACTS[r.report.verdict].tone])
        passed = f"{r.report.passed}/{r.report.total}"
        status = {c.id: c.status for c in r.report.cases}
        marks = "".join(paint(STATUS_MARK[s], STATUS_COLOR[s])
                        for s in (status.get(cid, CaseStatus.NOT_RUN) for cid in case_ids))
        notes = (paint(terminal_safe(sentence(r.report.message, lang)).replace("\n", " "), "90")
                 if r.report.verdict == Verdict.INTERNAL_ERROR else ", ".join(r.report.mistakes))
        lines.append(head + f"{r.report.track:<6} {verdict} {passed:>7}  {marks}{' ' * (cases_w - len(case_ids))}"
                     f"  {notes}".rstrip())
    legend = ["cases, left to right: " + ", ".join(case_ids),
              "  ".join(f"{paint(mark, STATUS_COLOR[s])} {s}" for s, mark in STATUS_MARK.items())]
    wrapped = [w for line in legend[:1] for w in textwrap.wrap(line, max(columns, 40), subsequent_indent="  ")]
    return "\n".join([*lines, "", *wrapped, legend[1], "", results_summary(results)]) + "\n"


def results_summary(results: list[BatchResult]) -> str:
    """'6 submission(s): accepted 2 · wrong_answer 1 · …', best verdict first; then how many were skipped."""
    counts = Counter(r.report.verdict for r in results if r.report is not None)
    parts = [f"{v} {counts[v]}" for v in reversed(SEVERITY) if counts[v]]
    line = f"{counts.total()} submission(s)" + (": " + " · ".join(parts) if parts else "")
    skipped = sum(r.report is None for r in results)
    return line + (f"; {skipped} skipped, not read" if skipped else "")


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
