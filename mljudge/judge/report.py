"""The result of grading one submission, as data in no language: verdict, case statuses, and what to say as
sentences still to be said — a locale key with its parameters (`Say`), an exercise's own text in every language
(`Text`), or the learner's own words (a plain string: an exception's message, a line of their code). One renderer
(judge.localise) says it in a language, for the terminal, the web and batch grading alike; the web can switch
language without grading again, and a stored report can be shown in any language later.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Union, assert_never

import numpy as np

from mljudge.judge.i18n import Text
from mljudge.sandbox import ErrorKind, Termination

REPORT_VERSION = 3  # 3: hint kinds, the case that leads, hidden rows that say passed or failed only


class Verdict(StrEnum):
    ACCEPTED = "accepted"
    WRONG_ANSWER = "wrong_answer"
    FORBIDDEN = "forbidden"
    COMPILE_ERROR = "compile_error"
    RUNTIME_ERROR = "runtime_error"
    TIME_LIMIT = "time_limit"
    MEMORY_LIMIT = "memory_limit"
    OUTPUT_LIMIT = "output_limit"
    NOT_ATTEMPTED = "not_attempted"
    INTERNAL_ERROR = "internal_error"


class CaseStatus(StrEnum):
    PASSED = "passed"
    FAILED = "failed"
    ERROR = "error"
    TIMEOUT = "timeout"
    NOT_RUN = "not_run"
    FORBIDDEN = "forbidden"


class Tone(StrEnum):
    """How a client shows a verdict: the CLI's colour, the web's."""

    GOOD = "good"
    BAD = "bad"
    CAUTION = "caution"  # nothing to judge yet (the starter, unchanged)
    JUDGE = "judge"  # the judge's own fault


class HintKind(StrEnum):
    """What a hint is about: the learner's recognised mistake, an idiom their code uses, why something was refused,
    or a rung of the exercise's escalating ladder. The first three are about this submission: shown at once."""

    MISTAKE = "mistake"
    IDIOM = "idiom"
    REFUSAL = "refusal"
    LADDER = "ladder"


@dataclass(frozen=True)
class VerdictFacts:
    """Everything the clients need to know of a verdict, decided here once (DMOJ's `Result` table, as data)."""

    rank: int  # when several things went wrong, the report's verdict is the one of the lowest rank
    hints: bool  # the exercise's escalating hints help: the code runs, and computes something else
    tone: Tone


def verdict_facts(verdict: Verdict) -> VerdictFacts:
    """The table of verdicts, total by construction (mypy checks that every verdict has its line)."""
    match verdict:
        case Verdict.INTERNAL_ERROR:
            return VerdictFacts(0, False, Tone.JUDGE)
        case Verdict.FORBIDDEN:
            return VerdictFacts(1, False, Tone.BAD)
        case Verdict.COMPILE_ERROR:
            return VerdictFacts(2, False, Tone.BAD)
        case Verdict.TIME_LIMIT:
            return VerdictFacts(3, False, Tone.BAD)
        case Verdict.MEMORY_LIMIT:
            return VerdictFacts(4, False, Tone.BAD)
        case Verdict.OUTPUT_LIMIT:
            return VerdictFacts(5, False, Tone.BAD)
        case Verdict.RUNTIME_ERROR:
            return VerdictFacts(6, True, Tone.BAD)
        case Verdict.WRONG_ANSWER:
            return VerdictFacts(7, True, Tone.BAD)
        case Verdict.NOT_ATTEMPTED:
            return VerdictFacts(8, True, Tone.CAUTION)
        case Verdict.ACCEPTED:
            return VerdictFacts(9, False, Tone.GOOD)
        case _:
            assert_never(verdict)


VERDICT_FACTS: dict[Verdict, VerdictFacts] = {verdict: verdict_facts(verdict) for verdict in Verdict}
VERDICTS: tuple[str, ...] = tuple(Verdict)
CASE_STATUSES: tuple[str, ...] = tuple(CaseStatus)
# The verdicts from worst to best: the order in which several things that went wrong decide the report's verdict.
SEVERITY: tuple[Verdict, ...] = tuple(sorted(Verdict, key=lambda v: VERDICT_FACTS[v].rank))


def worst(verdicts: Any) -> Verdict:
    """The verdict that decides among `verdicts` (ACCEPTED when there are none)."""
    return min(verdicts, key=lambda v: VERDICT_FACTS[v].rank, default=Verdict.ACCEPTED)
# What an exception of each kind, and a run that ended each way, make the verdict: the only two tables.
VERDICT_OF_ERROR: dict[str, Verdict] = {
    ErrorKind.ERROR: Verdict.RUNTIME_ERROR, ErrorKind.RECURSION: Verdict.RUNTIME_ERROR,
    ErrorKind.EXIT: Verdict.RUNTIME_ERROR, ErrorKind.MEMORY: Verdict.MEMORY_LIMIT,
    ErrorKind.FORBIDDEN: Verdict.FORBIDDEN, ErrorKind.OUTPUT: Verdict.OUTPUT_LIMIT,
}
VERDICT_OF_TERMINATION: dict[str, Verdict | None] = {
    Termination.COMPLETED: None, Termination.WALL: Verdict.TIME_LIMIT, Termination.CPU: Verdict.TIME_LIMIT,
    Termination.RESULT_SIZE: Verdict.OUTPUT_LIMIT, Termination.SIGNAL: Verdict.RUNTIME_ERROR,
    Termination.EXIT: Verdict.RUNTIME_ERROR, Termination.GARBLED: Verdict.RUNTIME_ERROR,
    Termination.INTERNAL: Verdict.INTERNAL_ERROR,
}


@dataclass(frozen=True)
class Say:
    """A sentence from the judge's locales: `key`, with `params` filled in (numbers, names, an exercise's `Text`,
    or a nested message)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


Part = Union[Say, Text, str]  # noqa: UP007 - a runtime alias (isinstance needs the names)
Message = tuple[Part, ...]


def say(key: str, **params: Any) -> Message:
    return (Say(key, params),)


@dataclass
class CaseReport:
    """One graded case. Hidden cases carry their kind and status only: never inputs, expected or answers."""

    id: str
    kind: Text
    visible: bool
    status: CaseStatus
    message: Message = ()
    input: dict[str, Any] | None = None
    expected: Any = None
    got: Any = None
    max_abs_error: float | None = None
    first_diff_index: list[int] | None = None
    diff_indices: list[int] | None = None
    ms: float | None = None
    error_type: str | None = None  # a visible case's exception type, for a front end that treats NameError apart

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": {"text": dict(self.kind)}, "visible": self.visible, "status": str(self.status),
                "message": message_to_json(self.message), "input": self.input, "expected": self.expected,
                "got": self.got, "max_abs_error": self.max_abs_error, "first_diff_index": self.first_diff_index,
                "diff_indices": self.diff_indices, "ms": self.ms, "error_type": self.error_type}


@dataclass
class SourceIssue:
    """A problem found in the source before running it, at line:col (1-based; 0 when unknown)."""

    line: int
    col: int
    message: Message
    code: str = ""


@dataclass
class Report:
    exercise: str
    track: str
    verdict: Verdict
    message: Message
    passed: int = 0
    total: int = 0
    cases: list[CaseReport] = field(default_factory=list)
    hints: list[Message] = field(default_factory=list)
    hint_kinds: list[HintKind] = field(default_factory=list)  # what each hint is about: the report's, in order
    mistakes: list[str] = field(default_factory=list)
    leads: str | None = None  # the visible case whose failure the message leads with
    issues: list[SourceIssue] = field(default_factory=list)
    stdout: str = ""
    stdout_truncated: bool = False
    notes: list[Message] = field(default_factory=list)
    stats: dict[str, float] = field(default_factory=dict)
    plot: dict[str, Any] | None = None
    version: int = REPORT_VERSION

    @property
    def accepted(self) -> bool:
        return self.verdict == Verdict.ACCEPTED

    @property
    def targeted(self) -> int:
        """How many hints (first) are about this submission: its mistake, an idiom it uses, its refusal."""
        return sum(kind != HintKind.LADDER for kind in self.hint_kinds)

    def to_json(self) -> dict[str, Any]:
        """The report as JSON data, in no language (to store, or to render later). Built field by field, not by
        dataclasses.asdict: that deep-copies every number of the values shown and the plot, already plain JSON
        (judge.values.display), milliseconds per verdict for nothing."""
        return {
            "exercise": self.exercise, "track": self.track, "verdict": str(self.verdict),
            "message": message_to_json(self.message), "passed": self.passed, "total": self.total,
            "cases": [case.to_json() for case in self.cases], "hints": [message_to_json(h) for h in self.hints],
            "hint_kinds": [str(kind) for kind in self.hint_kinds], "mistakes": list(self.mistakes),
            "leads": self.leads,
            "issues": [{"line": i.line, "col": i.col, "message": message_to_json(i.message), "code": i.code}
                       for i in self.issues],
            "stdout": self.stdout, "stdout_truncated": self.stdout_truncated,
            "notes": [message_to_json(n) for n in self.notes], "stats": dict(self.stats), "plot": self.plot,
            "version": self.version,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Report:
        fields = dict(data)
        fields["verdict"] = Verdict(fields["verdict"])
        fields["message"] = message_from_json(fields["message"])
        fields["hints"] = [message_from_json(m) for m in fields.get("hints", [])]
        fields["hint_kinds"] = [HintKind(k) for k in fields.get("hint_kinds", [])]
        if len(fields["hint_kinds"]) != len(fields["hints"]):
            raise ValueError("a report has one kind per hint")
        fields["notes"] = [message_from_json(m) for m in fields.get("notes", [])]
        fields["issues"] = [SourceIssue(i["line"], i["col"], message_from_json(i["message"]), i.get("code", ""))
                            for i in fields.get("issues", [])]
        fields["cases"] = [CaseReport(**{**c, "kind": _text_from_json(c["kind"]), "status": CaseStatus(c["status"]),
                                         "message": message_from_json(c["message"])})
                           for c in fields.get("cases", [])]
        return cls(**fields)


# --- messages as JSON: a plain string stays a string, a Say is {"say": key, "params": …}, a Text {"text": …} ---


def message_to_json(message: Message) -> list[Any]:
    return [_part_to_json(part) for part in message]


def _part_to_json(part: Part) -> Any:
    if isinstance(part, Say):
        return {"say": part.key, "params": {name: _param_to_json(v) for name, v in part.params.items()}}
    if isinstance(part, Text):
        return {"text": dict(part)}
    return str(part)


def _param_to_json(value: Any) -> Any:
    if isinstance(value, Say | Text):
        return _part_to_json(value)
    if isinstance(value, tuple):  # a nested message
        return message_to_json(value)
    if isinstance(value, StrEnum):
        return str(value)
    if isinstance(value, np.generic):  # a NumPy scalar in a sentence's parameters
        return value.item()
    return value


def message_from_json(parts: Any) -> Message:
    """A message read back from JSON; ValueError for anything a report never holds."""
    if not isinstance(parts, list):
        raise ValueError("a message is a list of parts")
    return tuple(_part_from_json(p) for p in parts)


def _part_from_json(part: Any) -> Part:
    if isinstance(part, str):
        return part
    if isinstance(part, dict) and isinstance(part.get("say"), str) and isinstance(part.get("params", {}), dict):
        return Say(part["say"], {str(k): _param_from_json(v) for k, v in part.get("params", {}).items()})
    if isinstance(part, dict) and isinstance(part.get("text"), dict) and all(
            isinstance(k, str) and isinstance(v, str) for k, v in part["text"].items()):
        return Text(part["text"])
    raise ValueError("a message part is a string, a sentence ({say, params}) or a text ({text})")


def _text_from_json(value: Any) -> Text:
    part = _part_from_json(value)
    if not isinstance(part, Text):
        raise ValueError("a case's kind is a text in every language")
    return part


def _param_from_json(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list):
        return message_from_json(value)
    return _part_from_json(value)
