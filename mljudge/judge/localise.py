"""Says a Report in one language: the one renderer of `judge.report` for the terminal, the web and batch grading.

A report holds what to say as messages (judge.report.Message): locale keys with their parameters, an exercise's
own texts in every language, and the learner's own words. `localise(report, lang)` turns each into a sentence and
gives the report's shape with strings in place of messages; its `to_dict()` is what the API and `--json` print.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import Any, Protocol

from mljudge.judge import python_messages
from mljudge.judge.i18n import Text, normalize_lang, t
from mljudge.judge.report import VERDICT_FACTS, CaseReport, CaseStatus, HintKind, Message, Report, Say, Tone, Verdict

# A Python exception shown to the learner, and a syntax error's own words: said in the learner's language where
# the judge knows the sentence (judge.python_messages).
PYTHON_ERROR = "report.python_error"
PYTHON_WORDS = {"policy.syntax_error": "msg"}


def sentence(message: Message, lang: str) -> str:
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
        return sentence(value, lang)
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
    tone: Tone  # how to show the verdict (report.VERDICT_FACTS): clients paint it, none decides it
    message: str
    passed: int = 0
    total: int = 0
    cases: list[LocalCase] = field(default_factory=list)
    hints: list[str] = field(default_factory=list)
    hint_kinds: list[HintKind] = field(default_factory=list)  # what each hint is about (report.HintKind)
    targeted: int = 0  # the first `targeted` hints are about this submission (its mistake, its refusal): shown at once
    hints_withheld: int = 0  # the exercise's further hints, kept back (`judge run --hints N`)
    mistakes: list[str] = field(default_factory=list)
    leads: str | None = None  # the visible case the message leads with
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

    @classmethod
    def from_dict(cls, data: Any) -> Localised:
        """The report read back from its `to_dict()` (a course server's answer): a field this view does not have
        is left out, one it has and `data` lacks keeps its default, an enum field is read as its enum. Raises
        ValueError when `data` is not such a report."""
        try:
            values = _known(cls, data)
            values["cases"] = [LocalCase(**_known(LocalCase, c)) for c in data.get("cases", [])]
            values["issues"] = [LocalIssue(**_known(LocalIssue, i)) for i in data.get("issues", [])]
            return cls(**values)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError(str(exc)) from None

    def with_hints(self, hints: int) -> Localised:
        """This report keeping the hints about the submission and `hints` of the exercise's ladder; the rest are
        withheld (`judge run --hints N`, `mljudge.hint`). A client holding a whole report cuts it here."""
        kept = self.targeted + max(hints, 0)
        return replace(self, hints=self.hints[:kept], hint_kinds=self.hint_kinds[:kept],
                       targeted=min(self.targeted, kept),
                       hints_withheld=self.hints_withheld + max(len(self.hints) - kept, 0))

    def to_dict(self) -> dict[str, Any]:
        """The API's and `--json`'s report: field by field (the values shown are plain JSON already, and
        dataclasses.asdict would deep-copy every number of them)."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["verdict"], data["tone"] = str(self.verdict), str(self.tone)
        data["cases"] = [{**{f.name: getattr(case, f.name) for f in fields(case)}, "status": str(case.status)}
                         for case in self.cases]
        data["issues"] = [{f.name: getattr(issue, f.name) for f in fields(issue)} for issue in self.issues]
        data["hints"], data["notes"], data["mistakes"] = list(self.hints), list(self.notes), list(self.mistakes)
        data["hint_kinds"] = [str(kind) for kind in self.hint_kinds]
        data["stats"] = dict(self.stats)
        return data


def _known(cls: Any, data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise TypeError(f"{cls.__name__}: not an object")
    types = typing.get_type_hints(cls)
    return {f.name: _typed(types[f.name], data[f.name]) for f in fields(cls) if f.name in data}


def _typed(kind: Any, value: Any) -> Any:
    """`value` as `kind` says when that is an enum, a list of one, or an optional one; else as it is."""
    if value is None:
        return None
    args = [a for a in typing.get_args(kind) if a is not type(None)]
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(value)
    if typing.get_origin(kind) is list and len(args) == 1 and isinstance(args[0], type) and issubclass(args[0], Enum):
        return [args[0](v) for v in value]
    if len(args) == 1 and isinstance(args[0], type) and issubclass(args[0], Enum):  # Enum | None
        return args[0](value)
    return value


def localise(report: Report, lang: str, *, hints: int | None = None) -> Localised:
    """`report` said in `lang`. `hints`: how many of the exercise's hints to keep (the targeted ones and those that
    explain a refusal always stay); None keeps all."""
    lang = normalize_lang(lang)
    said = Localised(
        exercise=report.exercise, track=report.track, lang=lang, verdict=report.verdict,
        verdict_label=t(f"verdict.{report.verdict}.label", lang), tone=VERDICT_FACTS[report.verdict].tone,
        message=sentence(report.message, lang),
        passed=report.passed, total=report.total, cases=[_case(c, lang) for c in report.cases],
        hints=[sentence(h, lang) for h in report.hints], hint_kinds=list(report.hint_kinds), targeted=report.targeted,
        mistakes=list(report.mistakes), leads=report.leads,
        issues=[LocalIssue(i.line, i.col, sentence(i.message, lang), i.code) for i in report.issues],
        stdout=report.stdout, stdout_truncated=report.stdout_truncated, notes=[sentence(n, lang) for n in report.notes],
        stats=dict(report.stats), plot=report.plot, version=report.version,
    )
    return said if hints is None else said.with_hints(hints)


class _Targeted(Protocol):
    @property
    def targeted(self) -> int: ...


def default_hints(report: _Targeted) -> int:
    """How many of the exercise's hints the terminal shows unasked: none beside a hint about the learner's own
    mistake, else the first (the ladder is climbed one step at a time)."""
    return 0 if report.targeted else 1


def _case(case: CaseReport, lang: str) -> LocalCase:
    return LocalCase(id=case.id, kind=case.kind.get_in(lang), visible=case.visible, status=case.status,
                     message=sentence(case.message, lang), input=case.input, expected=case.expected, got=case.got,
                     max_abs_error=case.max_abs_error, first_diff_index=case.first_diff_index,
                     diff_indices=case.diff_indices, ms=case.ms, error_type=case.error_type)
