"""What the teachers' commands print: submissions as CSV or JSON rows, per-exercise stats as a table or JSON."""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import Any, TextIO

from mljudge.judge.spreadsheet import SpreadsheetWriter
from mljudge.store.records import ExerciseStats, Record

COLUMNS = ("id", "created_at", "learner", "exercise", "track", "verdict", "passed", "total", "mistakes", "grade_ms",
           "wait_ms", "judge_version", "code")


def row(record: Record, *, report: bool = False) -> dict[str, Any]:
    """One submission as plain data (the report, in no language, only when asked: it is large)."""
    data: dict[str, Any] = {
        "id": record.id, "created_at": record.created_at.isoformat(), "learner": record.learner,
        "exercise": record.exercise, "track": record.track, "verdict": record.verdict, "passed": record.passed,
        "total": record.total, "mistakes": list(record.mistakes), "grade_ms": record.grade_ms,
        "wait_ms": record.wait_ms, "judge_version": record.judge_version, "code": record.code,
    }
    if report:
        data["report"] = record.report
    return data


def write_csv(records: Iterable[Record], out: TextIO) -> int:
    """One line per submission (mistakes joined with ';'), every cell safe to open in a spreadsheet (the learner's
    code may start with '=': judge.spreadsheet). Returns how many."""
    writer = SpreadsheetWriter(out)
    writer.row(COLUMNS)
    count = 0
    for record in records:
        data = row(record)
        data["mistakes"] = ";".join(data["mistakes"])
        writer.row(data[column] for column in COLUMNS)
        count += 1
    return count


def write_json(records: Iterable[Record], out: TextIO) -> int:
    """A JSON array, written a row at a time (an export may not fit in memory)."""
    count = 0
    out.write("[")
    for record in records:
        out.write(("," if count else "") + "\n" + json.dumps(row(record, report=True), ensure_ascii=False))
        count += 1
    out.write("\n]\n" if count else "]\n")
    return count


def stats_table(stats: list[ExerciseStats]) -> str:
    header = ("exercise", "learners", "attempts", "solved", "commonest recognised mistakes")
    lines = [header] + [(s.exercise, str(s.learners), str(s.attempts), f"{s.solved} ({_percent(s)})",
                         ", ".join(f"{name} ×{n}" for name, n in s.mistakes) or "—") for s in stats]
    widths = [max(len(line[i]) for line in lines) for i in range(len(header) - 1)]
    return "\n".join("  ".join([*(cell.ljust(w) for cell, w in zip(line, widths, strict=False)), line[-1]])
                     for line in lines)


def _percent(stats: ExerciseStats) -> str:
    return f"{100 * stats.solved / stats.learners:.0f}%" if stats.learners else "—"


def stats_json(stats: list[ExerciseStats]) -> list[dict[str, Any]]:
    return [{"exercise": s.exercise, "learners": s.learners, "attempts": s.attempts, "solved": s.solved,
             "mistakes": [{"mistake": name, "submissions": n} for name, n in s.mistakes]} for s in stats]


def parse_age(text: str) -> timedelta:
    """'180d', '12w', '36h' as a duration; ValueError otherwise."""
    units = {"h": timedelta(hours=1), "d": timedelta(days=1), "w": timedelta(weeks=1)}
    number, unit = text.strip()[:-1], text.strip()[-1:].lower()
    if unit not in units or not number.isdigit():
        raise ValueError(f"{text!r} is not an age such as 180d, 12w or 36h")
    return int(number) * units[unit]


def parse_date(text: str) -> datetime:
    """An ISO date or date-time; without a zone, UTC."""
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"{text!r} is not a date such as 2026-03-01 or 2026-03-01T09:00") from None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
