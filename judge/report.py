"""The result of grading one submission, as data. The CLI prints it, `--json` and the web API serialise it."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

REPORT_VERSION = 1

Verdict = Literal["accepted", "wrong_answer", "forbidden", "compile_error", "runtime_error", "time_limit",
                  "memory_limit", "output_limit", "not_attempted", "internal_error"]
VERDICTS: tuple[str, ...] = Verdict.__args__  # type: ignore[attr-defined]
# When several things went wrong, the report's verdict is the first of these that applies.
SEVERITY: tuple[str, ...] = ("internal_error", "forbidden", "compile_error", "time_limit", "memory_limit",
                             "output_limit", "runtime_error", "wrong_answer", "not_attempted", "accepted")

CaseStatus = Literal["passed", "failed", "error", "timeout", "not_run", "forbidden"]


@dataclass
class CaseReport:
    """One graded case. Hidden cases carry their kind and status only: never inputs, expected or answers."""

    id: str
    kind: str
    visible: bool
    status: CaseStatus
    message: str = ""
    input: dict[str, Any] | None = None
    expected: Any = None
    got: Any = None
    max_abs_error: float | None = None
    first_diff_index: list[int] | None = None
    diff_indices: list[int] | None = None
    ms: float | None = None


@dataclass
class SourceIssue:
    """A problem found in the source before running it, at line:col (1-based; 0 when unknown)."""

    line: int
    col: int
    message: str
    code: str = ""


@dataclass
class Report:
    exercise: str
    track: str
    lang: str
    verdict: Verdict
    verdict_label: str
    message: str
    passed: int = 0
    total: int = 0
    cases: list[CaseReport] = field(default_factory=list)
    hints: list[str] = field(default_factory=list)
    mistakes: list[str] = field(default_factory=list)
    issues: list[SourceIssue] = field(default_factory=list)
    stdout: str = ""
    stdout_truncated: bool = False
    notes: list[str] = field(default_factory=list)
    stats: dict[str, float] = field(default_factory=dict)
    plot: dict[str, Any] | None = None
    version: int = REPORT_VERSION

    @property
    def accepted(self) -> bool:
        return self.verdict == "accepted"

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["version"] = self.version
        return data
