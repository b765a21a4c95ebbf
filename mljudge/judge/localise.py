"""Says a Report in one language: the one renderer of `judge.report` for the terminal, the web and batch grading.

A report holds what to say as messages (judge.report.Message): locale keys with their parameters, an exercise's
own texts in every language, and the learner's own words. `localise(report, lang)` turns each into a sentence and
gives the report's shape with strings in place of messages; its `to_dict()` is what the API and `--json` print.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from mljudge.judge import python_messages
from mljudge.judge.i18n import Text, normalize_lang, t
from mljudge.judge.report import CaseReport, CaseStatus, Message, Report, Say, Verdict

# A Python exception shown to the learner, and a syntax error's own words: said in the learner's language where
# the judge knows the sentence (judge.python_messages).
PYTHON_ERROR = "report.python_error"
PYTHON_WORDS = {"policy.syntax_error": "msg"}


def say(message: Message, lang: str) -> str:
    """One message as a sentence in `lang`."""
    return "".join(_part(part, lang) for part in message)


def _part(part: Any, lang: str) -> str:
    if isinstance(part, Say):
        params = {name: _param(value, lang) for name, value in part.params.items()}
        if part.key == PYTHON_ERROR:
            return python_messages.exception_line(params["type"], params["message"], lang)
        if part.key in PYTHON_WORDS:
            name = PYTHON_WORDS[part.key]
            params[name] = python_messages.translate(str(params.get(name, "")), lang)
        return t(part.key, lang, **params)
    if isinstance(part, Text):
        return part.get_in(lang)
    return str(part)


def _param(value: Any, lang: str) -> Any:
    if isinstance(value, Say | Text):
        return _part(value, lang)
    if isinstance(value, tuple):  # a nested message
        return say(value, lang)
    return value


@dataclass
class LocalCase:
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
    error_type: str | None = None


@dataclass
class LocalIssue:
    line: int
    col: int
    message: str
    code: str = ""


@dataclass
class Localised:
    """A report said in `lang`: the same fields, sentences instead of messages."""

    exercise: str
    track: str
    lang: str
    verdict: Verdict
    verdict_label: str
    message: str
    passed: int = 0
    total: int = 0
    cases: list[LocalCase] = field(default_factory=list)
    hints: list[str] = field(default_factory=list)
    targeted: int = 0  # the first `targeted` hints are about this submission (its mistake, its refusal)
    hints_withheld: int = 0  # the exercise's further hints, kept back (`judge run --hints N`)
    mistakes: list[str] = field(default_factory=list)
    issues: list[LocalIssue] = field(default_factory=list)
    stdout: str = ""
    stdout_truncated: bool = False
    notes: list[str] = field(default_factory=list)
    stats: dict[str, float] = field(default_factory=dict)
    plot: dict[str, Any] | None = None
    version: int = 0

    @property
    def accepted(self) -> bool:
        return self.verdict == Verdict.ACCEPTED

    def to_dict(self) -> dict[str, Any]:
        """The API's and `--json`'s report: field by field (the values shown are plain JSON already, and
        dataclasses.asdict would deep-copy every number of them)."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["verdict"] = str(self.verdict)
        data["cases"] = [{**{f.name: getattr(case, f.name) for f in fields(case)}, "status": str(case.status)}
                         for case in self.cases]
        data["issues"] = [{f.name: getattr(issue, f.name) for f in fields(issue)} for issue in self.issues]
        data["hints"], data["notes"], data["mistakes"] = list(self.hints), list(self.notes), list(self.mistakes)
        data["stats"] = dict(self.stats)
        return data


def localise(report: Report, lang: str, *, hints: int | None = None) -> Localised:
    """`report` said in `lang`. `hints`: how many of the exercise's hints to keep (the targeted ones and those that
    explain a refusal always stay); None keeps all."""
    lang = normalize_lang(lang)
    kept = report.hints if hints is None else report.hints[: report.targeted + max(hints, 0)]
    withheld = len(report.hints) - len(kept)
    return Localised(
        exercise=report.exercise, track=report.track, lang=lang, verdict=report.verdict,
        verdict_label=t(f"verdict.{report.verdict}.label", lang), message=say(report.message, lang),
        passed=report.passed, total=report.total, cases=[_case(c, lang) for c in report.cases],
        hints=[say(h, lang) for h in kept], targeted=min(report.targeted, len(kept)),
        hints_withheld=withheld, mistakes=list(report.mistakes),
        issues=[LocalIssue(i.line, i.col, say(i.message, lang), i.code) for i in report.issues],
        stdout=report.stdout, stdout_truncated=report.stdout_truncated, notes=[say(n, lang) for n in report.notes],
        stats=dict(report.stats), plot=report.plot, version=report.version,
    )


def default_hints(report: Report) -> int:
    """How many of the exercise's hints the terminal shows unasked: none beside a hint about the learner's own
    mistake, else the first (the ladder is climbed one step at a time)."""
    return 0 if report.targeted else 1


def _case(case: CaseReport, lang: str) -> LocalCase:
    return LocalCase(id=case.id, kind=case.kind.get_in(lang), visible=case.visible, status=case.status,
                     message=say(case.message, lang), input=case.input, expected=case.expected, got=case.got,
                     max_abs_error=case.max_abs_error, first_diff_index=case.first_diff_index,
                     diff_indices=case.diff_indices, ms=case.ms, error_type=case.error_type)
