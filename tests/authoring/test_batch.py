"""`judge grade SLUG DIR`: a teacher's folder graded into a per-student, per-case table, whatever is in it.

These tests never lend the session's `pool` to the command: the batch's worker threads spawn zygotes, and a
zygote's PR_SET_PDEATHSIG fires when the *thread* that forked it exits, so they die with the batch. Each run
starts (and closes) its own pool, as `judge grade` does.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from mljudge.judge import spreadsheet
from mljudge.judge.authoring import batch
from mljudge.judge.catalog import Catalog
from mljudge.judge.i18n import Text
from mljudge.judge.render import STATUS_COLOR
from mljudge.judge.report import CaseReport, CaseStatus, Report, Verdict
from tests.authoring.conftest import Run

Judge = Callable[..., Run]
CASE_IDS = ["example-1", "example-2", "shape-3d", "large", "dip", "exact-vs-tanh"]
VERDICTS = {
    "alice": "accepted",        # the model solution
    "bob": "wrong_answer",      # a known mistake
    "carol": "compile_error",   # a syntax error
    "dave": "accepted",         # torch, in a student subfolder
    "erin": "compile_error",    # not UTF-8
    "frank": "time_limit",      # an infinite loop
    "grace": "runtime_error",   # crashes
}


@pytest.fixture
def homework(exercises: Path, tmp_path: Path) -> Path:
    """Seven students' files, and a gelu copy whose time limits keep the infinite loop short."""
    meta = exercises / "gelu" / "exercise.toml"
    text, found = re.subn(r"(?m)^(wall_seconds|cpu_seconds) = .*$", r"\1 = 1", meta.read_text(encoding="utf-8"))
    assert found == 2
    meta.write_text(text, encoding="utf-8")
    gelu = exercises / "gelu"
    folder = tmp_path / "homework"
    (folder / "dave").mkdir(parents=True)
    shutil.copy(gelu / "solutions" / "numpy.py", folder / "alice.py")
    shutil.copy(gelu / "submissions" / "wrong_answer" / "no_cubic.py", folder / "bob.py")
    (folder / "carol.py").write_text("def gelu(x:\n    return x\n", encoding="utf-8")
    shutil.copy(gelu / "solutions" / "torch.py", folder / "dave" / "solution.py")
    (folder / "erin.py").write_bytes(b"# r\xe9sum\xe9\ndef gelu(x):\n    return x\n")
    shutil.copy(gelu / "submissions" / "time_limit" / "infinite_loop.py", folder / "frank.py")
    (folder / "grace.py").write_text("def gelu(x):\n    return 1 / 0\n", encoding="utf-8")
    (folder / "notes.txt").write_text("not a submission", encoding="utf-8")
    (folder / ".hidden.py").write_text("ignored", encoding="utf-8")
    return folder


def test_csv_has_a_row_per_student_and_a_column_per_case(judge: Judge, exercises: Path, homework: Path,
                                                          tmp_path: Path) -> None:
    out = tmp_path / "gelu.csv"
    run = judge("grade", "gelu", homework, "--exercises-dir", exercises, "--csv", out, "--jobs", "2")
    assert run.code == 0, run.text
    rows = list(csv.reader(out.open(encoding="utf-8", newline="")))
    assert rows[0] == ["student", "file", "track", "verdict", "passed", "total", *CASE_IDS, "mistakes", "note"]
    table = {row[0]: dict(zip(rows[0], row, strict=True)) for row in rows[1:]}
    assert {s: r["verdict"] for s, r in table.items()} == VERDICTS
    assert table["alice"]["passed"] == table["alice"]["total"] == "6"
    assert [table["alice"][c] for c in CASE_IDS] == ["passed"] * 6
    assert table["bob"]["mistakes"] == "no-cubic" and table["bob"]["example-1"] == "failed"
    assert table["carol"]["example-1"] == "not_run"
    assert (table["dave"]["file"], table["dave"]["track"]) == ("dave/solution.py", "torch")
    assert table["frank"]["example-1"] == "timeout"
    assert table["grace"]["example-1"] == "error"
    assert "7 submission(s): accepted 2" in run.err  # the summary goes to stderr: stdout may hold the data


def test_json_holds_every_report(judge: Judge, exercises: Path, homework: Path) -> None:
    run = judge("grade", "gelu", homework, "--exercises-dir", exercises, "--json", "--jobs", "2")
    assert run.code == 0, run.text
    doc = json.loads(run.out)
    assert doc["exercise"] == "gelu"
    assert [(r["student"], r["file"]) for r in doc["results"]] == [
        ("alice", "alice.py"), ("bob", "bob.py"), ("carol", "carol.py"), ("dave", "dave/solution.py"),
        ("erin", "erin.py"), ("frank", "frank.py"), ("grace", "grace.py")]
    reports = {r["student"]: r["report"] for r in doc["results"]}
    assert {s: r["verdict"] for s, r in reports.items()} == VERDICTS
    assert [c["id"] for c in reports["bob"]["cases"]] == CASE_IDS
    assert "UTF-8" in reports["erin"]["message"]


def test_table_and_summary(judge: Judge, exercises: Path, homework: Path) -> None:
    run = judge("grade", "gelu", homework, "--exercises-dir", exercises, "--track", "numpy", "--jobs", "2")
    assert run.code == 0, run.text
    lines = run.out.splitlines()
    assert lines[0].split() == ["student", "file", "track", "verdict", "passed", "cases", "notes"]
    # one mark per case, in the exercise's order, then a legend naming them
    assert lines[1].split() == ["alice", "alice.py", "numpy", "accepted", "6/6", "✓✓✓✓✓✓"]
    assert lines[2].split() == ["bob", "bob.py", "numpy", "wrong_answer", "0/6", "✗✗✗✗✗✗", "no-cubic"]
    assert lines[3].split() == ["carol", "carol.py", "numpy", "compile_error", "0/6", "······"]
    # --track numpy grades dave's torch file in the numpy track, where `import torch` is not allowed
    assert lines[4].split()[:4] == ["dave", "dave/solution.py", "numpy", "forbidden"]
    assert lines[6].split()[-1][0] == "T" and lines[7].split()[-1][0] == "E"  # frank loops, grace crashes
    assert lines[9] == "cases, left to right: " + ", ".join(CASE_IDS)
    assert lines[10] == "✓ passed  ✗ failed  E error  T timeout  · not_run  F forbidden"
    assert lines[-1] == ("7 submission(s): accepted 1 · wrong_answer 1 · runtime_error 1 · time_limit 1 · "
                         "compile_error 2 · forbidden 1")


def test_a_file_the_judge_cannot_handle_is_a_row(judge: Judge, exercises: Path, homework: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Unreadable, or the judge itself failing on a file: an internal_error row each, and the batch goes on."""
    read, grade = batch.read_source, batch.grade

    def unreadable(submission: batch.Submission) -> bytes:
        if submission.name == "carol.py":
            raise PermissionError(13, "Permission denied")
        return read(submission)

    def fragile(exercise: object, source: bytes, *args: object, **kwargs: object) -> object:
        if b"1 / 0" in source:
            raise RuntimeError("the judge broke")
        return grade(exercise, source, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(batch, "read_source", unreadable)
    monkeypatch.setattr(batch, "grade", fragile)
    run = judge("grade", "gelu", homework, "--exercises-dir", exercises, "--csv", "-", "--jobs", "2")
    assert run.code == 0, run.text
    rows = {row["student"]: row for row in csv.DictReader(io.StringIO(run.out))}
    assert rows["carol"]["verdict"] == rows["grace"]["verdict"] == "internal_error"
    assert rows["carol"]["example-1"] == "not_run" and rows["carol"]["total"] == "6"
    assert rows["carol"]["note"] == "cannot read carol.py: Permission denied"
    assert rows["grace"]["note"] == "the judge failed on this file: RuntimeError: the judge broke"
    assert rows["alice"]["note"] == ""
    assert rows["alice"]["verdict"] == "accepted" and len(rows) == 7


@pytest.mark.parametrize("argv", [
    ["grade", "gelu", "{missing}"],
    ["grade", "gelu", "{empty}"],
    ["grade", "gelu", "{homework}", "--jobs", "0"],
    ["grade", "nope", "{homework}"],
    ["grade", "gelu", "{homework}", "--csv", "{missing}/out.csv"],
])
def test_usage_errors(judge: Judge, exercises: Path, homework: Path, tmp_path: Path, argv: list[str]) -> None:
    (tmp_path / "empty").mkdir()
    paths = {"missing": tmp_path / "missing", "empty": tmp_path / "empty", "homework": homework}
    run = judge(*(a.format(**paths) for a in argv), "--exercises-dir", exercises)
    assert run.code == 2
    assert run.err.startswith("judge: error: ") and run.err.count("\n") == 1


def test_csv_and_json_together_are_refused(judge: Judge, exercises: Path, homework: Path) -> None:
    with pytest.raises(SystemExit) as exc:
        judge("grade", "gelu", homework, "--csv", "-", "--json", "--exercises-dir", exercises)
    assert exc.value.code == 2


def test_discover(tmp_path: Path) -> None:
    (tmp_path / "zoe").mkdir()
    (tmp_path / "zoe" / "b.py").write_text("", encoding="utf-8")
    (tmp_path / "zoe" / "a.py").write_text("", encoding="utf-8")
    (tmp_path / "zoe" / "deeper").mkdir()
    (tmp_path / "zoe" / "deeper" / "c.py").write_text("", encoding="utf-8")
    (tmp_path / "adam.py").write_text("", encoding="utf-8")
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "x.py").write_text("", encoding="utf-8")
    found = [(s.student, s.name) for s in batch.discover(tmp_path)]
    assert found == [("adam", "adam.py"), ("zoe", "zoe/a.py"), ("zoe", "zoe/b.py")]


# --- symbolic links are never followed ---------------------------------------------------------------------


@pytest.fixture
def secrets(tmp_path: Path) -> Path:
    """Outside the homework folder: what a link must never bring into the report."""
    outside = tmp_path / "outside"
    (outside / "folder").mkdir(parents=True)
    (outside / "passwd").write_text("root:x:0:0:SECRET-LINE\n", encoding="utf-8")
    (outside / "folder" / "solution.py").write_text("SECRET_FOLDER = 1\n", encoding="utf-8")
    return outside


def test_symbolic_links_are_skipped_rows_never_read(judge: Judge, exercises: Path, homework: Path,
                                                      secrets: Path) -> None:
    (homework / "link.py").symlink_to(secrets / "passwd")                      # a file link
    (homework / "mallory").symlink_to(secrets / "folder", target_is_directory=True)  # a student folder link
    (homework / "dave" / "copy.py").symlink_to(secrets / "passwd")             # a link inside a student folder
    (homework / "dangling.py").symlink_to(secrets / "nowhere.py")
    argv = ["grade", "gelu", homework, "--exercises-dir", exercises, "--jobs", "2"]
    runs = {"csv": judge(*argv, "--csv", "-"), "json": judge(*argv, "--json"), "table": judge(*argv)}
    for run in runs.values():
        assert run.code == 0, run.text
        assert "SECRET" not in run.text and "root:x" not in run.text
        assert "7 submission(s): accepted 2" in run.text and "; 4 skipped, not read" in run.text
    rows = {row["file"]: row for row in csv.DictReader(io.StringIO(runs["csv"].out))}
    for name, student in [("link.py", "link"), ("mallory", "mallory"), ("dave/copy.py", "dave"),
                          ("dangling.py", "dangling")]:
        assert rows[name]["student"] == student
        assert (rows[name]["verdict"], rows[name]["note"]) == ("skipped", batch.SYMLINK)
        assert rows[name]["track"] == rows[name]["passed"] == rows[name]["example-1"] == ""
    assert rows["dave/solution.py"]["verdict"] == "accepted"
    skipped = {r["file"]: r for r in json.loads(runs["json"].out)["results"] if r["report"] is None}
    assert skipped["link.py"] == {"student": "link", "file": "link.py", "report": None, "skipped": batch.SYMLINK}
    assert set(skipped) == {"link.py", "mallory", "dave/copy.py", "dangling.py"}
    # the table lists them in place, with the reason
    table = runs["table"].out.splitlines()
    assert [line.split()[:3] for line in table if " skipped " in line] == [
        ["dangling", "dangling.py", "skipped"], ["dave", "dave/copy.py", "skipped"], ["link", "link.py", "skipped"],
        ["mallory", "mallory", "skipped"]]
    assert all(line.endswith(batch.SYMLINK) for line in table if " skipped " in line)


def test_a_link_swapped_in_after_listing_is_not_read(homework: Path, secrets: Path) -> None:
    """read_source opens DIR/<student>/<file> one component at a time with O_NOFOLLOW: no race lets a link in."""
    found = {s.name: s for s in batch.discover(homework)}
    (homework / "alice.py").unlink()
    (homework / "alice.py").symlink_to(secrets / "passwd")
    shutil.rmtree(homework / "dave")
    (homework / "dave").symlink_to(secrets / "folder", target_is_directory=True)
    for name in ("alice.py", "dave/solution.py"):
        with pytest.raises(batch.Skip, match="a symbolic link, not read"):
            batch.read_source(found[name])
        result = batch.grade_one(None, found[name], pool=None)  # type: ignore[arg-type]  # never graded
        assert (result.report, result.skipped) == (None, batch.SYMLINK)
    assert batch.read_source(found["bob.py"]) == (homework / "bob.py").read_bytes()  # the rest reads
    top = os.open(homework, os.O_RDONLY | os.O_DIRECTORY)
    try:  # listing a student folder that became a link is refused as well: not even its names are seen
        with pytest.raises(batch.Skip, match="a symbolic link, not read"):
            batch._listing(top, "dave")
    finally:
        os.close(top)
    assert ("dave", "dave", batch.SYMLINK) in [(s.student, s.name, s.skipped) for s in batch.discover(homework)]


def test_discover_lists_what_it_skips_and_why(tmp_path: Path) -> None:
    (tmp_path / "adam.py").write_text("", encoding="utf-8")
    (tmp_path / "x.py").mkdir()                      # a folder named *.py at the top: a student folder, empty
    (tmp_path / "zoe" / "y.py").mkdir(parents=True)  # ... inside a student folder: not a file
    os.mkfifo(tmp_path / "zoe" / "pipe.py")          # reading it would block
    (tmp_path / "zoe" / "notes.txt").write_text("", encoding="utf-8")
    (tmp_path / "ivan").mkdir()                      # handed in nothing gradable
    (tmp_path / "ivan" / "solution.ipynb").write_text("{}", encoding="utf-8")
    (tmp_path / "ann.py").symlink_to(tmp_path / "adam.py")
    (tmp_path / ".git").mkdir()                      # hidden: not looked at, not listed
    (tmp_path / "README.md").write_text("", encoding="utf-8")
    found = [(s.student, s.name, s.skipped) for s in batch.discover(tmp_path)]
    assert found == [("adam", "adam.py", ""), ("ann", "ann.py", batch.SYMLINK), ("ivan", "ivan/", batch.NO_PY),
                     ("x.py", "x.py/", batch.NO_PY), ("zoe", "zoe/pipe.py", batch.NOT_REGULAR),
                     ("zoe", "zoe/y.py", batch.FOLDER)]


# --- one bad file never stops the batch --------------------------------------------------------------------


def test_every_bad_file_is_a_row_of_its_own(judge: Judge, exercises: Path, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    gelu = exercises / "gelu"
    folder = tmp_path / "hw"
    folder.mkdir()
    shutil.copy(gelu / "solutions" / "numpy.py", folder / "alice.py")
    (folder / "empty.py").write_bytes(b"")
    (folder / "huge.py").write_bytes(b"#" * (10 * 1024 * 1024))
    (folder / "latin1.py").write_bytes(b"# r\xe9sum\xe9\ndef gelu(x):\n    return x\n")
    (folder / "x.py").mkdir()
    (folder / "bob" / "y.py").mkdir(parents=True)
    (folder / "bob" / "ok.py").write_bytes((gelu / "solutions" / "numpy.py").read_bytes())
    os.mkfifo(folder / "pipe.py")
    shutil.copy(gelu / "solutions" / "numpy.py", folder / os.fsdecode(b"caf\xe9.py"))  # a name that is not UTF-8
    shutil.copy(gelu / "solutions" / "numpy.py", folder / "\x1b[2Jesc.py")             # a terminal escape
    (folder / "locked").mkdir()
    listing = batch._listing

    def locked(dir_fd: int, name: str | None = None) -> list[os.DirEntry[str]]:  # chmod 000 does not stop root
        if name == "locked":
            raise PermissionError(13, "Permission denied")
        return listing(dir_fd, name)

    monkeypatch.setattr(batch, "_listing", locked)
    out = tmp_path / "hw.csv"
    run = judge("grade", "gelu", folder, "--exercises-dir", exercises, "--csv", out, "--jobs", "2")
    assert run.code == 0, run.text
    rows = {row["file"]: row for row in csv.DictReader(out.open(encoding="utf-8", newline=""))}
    outcome = {name: (row["verdict"], row["note"]) for name, row in rows.items()}
    assert outcome == {
        "alice.py": ("accepted", ""),
        "bob/ok.py": ("accepted", ""),
        "bob/y.py": ("skipped", batch.FOLDER),
        "caf\ufffd.py": ("accepted", ""),
        "empty.py": ("compile_error", ""),
        "?[2Jesc.py": ("accepted", ""),
        "huge.py": ("compile_error", ""),
        "latin1.py": ("compile_error", ""),
        "locked/": ("skipped", "cannot be listed: Permission denied"),
        "pipe.py": ("skipped", batch.NOT_REGULAR),
        "x.py/": ("skipped", batch.NO_PY),
    }
    doc = json.loads(judge("grade", "gelu", folder, "--exercises-dir", exercises, "--json", "--jobs", "2").out)
    reports = {r["file"]: r["report"] for r in doc["results"] if r["report"]}
    assert "does not define a function named `gelu`" in reports["empty.py"]["message"]
    assert "10485760 bytes; the limit is 65536" in reports["huge.py"]["message"]
    assert "UTF-8" in reports["latin1.py"]["message"]
    table = judge("grade", "gelu", folder, "--exercises-dir", exercises, "--jobs", "2").out
    assert "\x1b" not in table and "?[2Jesc.py" in table  # no colour off a terminal, and no escape either
    assert table.endswith("7 submission(s): accepted 4 · compile_error 3; 4 skipped, not read\n")


# --- CSV cells are never formulas ----------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["=HYPERLINK(\"http://x\")", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx", "\n=1", "\0=1"])
def test_csv_cells_starting_like_a_formula_are_quoted(text: str) -> None:
    assert spreadsheet.cell(text) == "'" + text
    assert spreadsheet.cell("alice") == "alice" and spreadsheet.cell("a=b") == "a=b" and spreadsheet.cell(6) == 6
    assert spreadsheet.cell(-2.5) == -2.5 and spreadsheet.cell(None) == ""  # numbers are data, not formulas


def test_csv_from_hostile_file_names(judge: Judge, exercises: Path, tmp_path: Path) -> None:
    gelu = exercises / "gelu"
    folder = tmp_path / "hw"
    (folder / "@bob").mkdir(parents=True)
    for name in ["=1+1.py", "+cmd.py", "-x.py", "@bob/-rf.py"]:
        shutil.copy(gelu / "solutions" / "numpy.py", folder / name)
    run = judge("grade", "gelu", folder, "--exercises-dir", exercises, "--csv", "-", "--jobs", "2")
    assert run.code == 0, run.text
    rows = [row for row in csv.reader(io.StringIO(run.out))][1:]
    assert sorted((r[0], r[1], r[3]) for r in rows) == [
        ("'+cmd", "'+cmd.py", "accepted"), ("'-x", "'-x.py", "accepted"), ("'=1+1", "'=1+1.py", "accepted"),
        ("'@bob", "'@bob/-rf.py", "accepted")]
    assert all(not cell.startswith(("=", "+", "-", "@", "\t", "\r", "\n", "\0")) for r in rows for cell in r)


# --- the terminal table --------------------------------------------------------------------------------------


def _result(student: str, file: str, statuses: list[str], verdict: str = "wrong_answer") -> batch.BatchResult:
    cases = [CaseReport(cid, Text(en=cid), True, CaseStatus(s)) for cid, s in zip(CASE_IDS, statuses, strict=True)]
    report = Report("gelu", "numpy", Verdict(verdict), (), passed=statuses.count("passed"),
                    total=len(statuses), cases=cases)
    return batch.BatchResult(student, file, report)


def test_table_marks_each_case_and_fits_the_terminal(exercises: Path) -> None:
    exercise = Catalog(exercises).get("gelu")
    results = [
        _result("ann", "ann.py", ["passed", "failed", "error", "timeout", "not_run", "forbidden"]),
        _result("bo", "bo/" + "a_very_long_file_name_" * 4 + ".py", ["passed"] * 6, "accepted"),
        batch.BatchResult("cy", "cy.py", None, batch.SYMLINK),
    ]
    lines = batch.table(exercise, results, color=False, columns=80).splitlines()
    assert lines[1].split()[-1] == "✓✗ET·F"
    assert lines[2].split()[-1] == "✓✓✓✓✓✓" and "…" in lines[2]
    assert all(len(line) <= 80 for line in lines[:3])
    assert lines[3].split()[:3] == ["cy", "cy.py", "skipped"] and lines[3].endswith(batch.SYMLINK)
    # the marks take the colours `judge run` gives the statuses
    painted = batch.table(exercise, results, color=True, columns=80)
    for status, mark in batch.STATUS_MARK.items():
        assert f"\x1b[{STATUS_COLOR[status]}m{mark}\x1b[0m" in painted
    assert painted.rstrip().endswith("2 submission(s): accepted 1 · wrong_answer 1; "
                                     "1 skipped, not read")
