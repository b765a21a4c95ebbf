"""`judge grade SLUG DIR`: a teacher's folder graded into a per-student, per-case table, whatever is in it.

These tests never lend the session's `pool` to the command: the batch's worker threads spawn zygotes, and a
zygote's PR_SET_PDEATHSIG fires when the *thread* that forked it exits, so they die with the batch. Each run
starts (and closes) its own pool, as `judge grade` does.
"""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from judge.authoring import batch
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
    assert rows[0] == ["student", "file", "track", "verdict", "passed", "total", *CASE_IDS, "mistakes"]
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
    assert lines[0].split() == ["student", "file", "track", "verdict", "passed", "mistakes"]
    assert lines[1].split() == ["alice", "alice.py", "numpy", "accepted", "6/6"]
    assert lines[2].split() == ["bob", "bob.py", "numpy", "wrong_answer", "0/6", "no-cubic"]
    # --track numpy grades dave's torch file in the numpy track, where `import torch` is not allowed
    assert lines[4].split()[:4] == ["dave", "dave/solution.py", "numpy", "forbidden"]
    assert lines[-1] == ("7 submission(s): accepted 1 · wrong_answer 1 · runtime_error 1 · time_limit 1 · "
                         "compile_error 2 · forbidden 1")


def test_a_file_the_judge_cannot_handle_is_a_row(judge: Judge, exercises: Path, homework: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Unreadable, or the judge itself failing on a file: an internal_error row each, and the batch goes on."""
    read, grade = batch.read_source, batch.grade

    def unreadable(path: Path) -> bytes:
        if path.name == "carol.py":
            raise PermissionError(13, "Permission denied")
        return read(path)

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
