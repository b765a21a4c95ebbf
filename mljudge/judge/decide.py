"""The decision, made once, that every client shows: the verdict, what leads the report, which known mistakes are
recognised, which hints apply — and what a hidden case may show (`redact`). The CLI, the web, the JSON API and the
notebook render the Report this returns; none of them decides anything of it again.

The rules, in order:
- A hidden case's row says one bit: passed or failed, with its kind (the author's words). Nothing of how it failed
  (an exception's type or words, a shape, NaN, which case ran out of time) is shown or counts towards the verdict,
  since the submission chooses all of that and could spell the hidden inputs out with it — save what the source
  alone says (a signature the case cannot call: `CaseFact.from_source`), which no input can modulate.
- The verdict is the worst (report.VERDICT_FACTS) of: the visible cases' failures (a runtime error, a refusal, a
  memory error), the run's own ending (a rule broken, a limit, a crash), and "wrong answer" when any case failed.
- The message leads with what the learner can act on: the first visible case of the verdict's kind, else the first
  visible failure, and it names the case (`Report.leads`).
- Recognised mistakes and the idioms the code uses come first among the hints, marked as such (HintKind), for the
  verdicts whose hints help; a refusal gets the hint that explains it instead; a syntax error, a time limit or
  code that never got to the maths (a NameError) gets none.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from mljudge.judge import advice, values
from mljudge.judge.exercise import Exercise
from mljudge.judge.mistakes import recognise
from mljudge.judge.observe import CaseFact, Observer, RunFacts
from mljudge.judge.refusals import hint_key
from mljudge.judge.report import (
    VERDICT_FACTS,
    CaseReport,
    CaseStatus,
    HintKind,
    Message,
    Report,
    SourceIssue,
    Verdict,
    say,
    worst,
)
from mljudge.sandbox import Array, Termination

PLOT_CALL = "plot"
# Which verdict each visible case's status says, for the message's choice of case.
_FAILING = (CaseStatus.FAILED, CaseStatus.ERROR, CaseStatus.FORBIDDEN, CaseStatus.TIMEOUT)


@dataclass(frozen=True)
class Hints:
    """The hints of a report, each with what it is about."""

    messages: tuple[Message, ...] = ()
    kinds: tuple[HintKind, ...] = ()

    @classmethod
    def of(cls, *groups: tuple[HintKind, Iterable[Message]]) -> Hints:
        messages: list[Message] = []
        kinds: list[HintKind] = []
        for kind, items in groups:
            for item in items:
                messages.append(item)
                kinds.append(kind)
        return cls(tuple(messages), tuple(kinds))


def hints_for(exercise: Exercise, verdict: Verdict, *, refusals: Iterable[str] = (), not_running: bool = False,
              mistakes: Iterable[Message] = (), idioms: Iterable[Message] = ()) -> Hints:
    """Which hints apply to a verdict: a refusal's explanation, or (where the exercise's hints help) the
    submission's own mistakes and idioms, then the exercise's ladder."""
    if verdict == Verdict.FORBIDDEN:
        keys = dict.fromkeys(hint_key(code) for code in (list(refusals) or ["other"]))
        return Hints.of((HintKind.REFUSAL, [say(f"hint.refusal.{key}") for key in keys]))
    if VERDICT_FACTS[verdict].hints and not not_running:
        return Hints.of((HintKind.MISTAKE, mistakes), (HintKind.IDIOM, idioms),
                        (HintKind.LADDER, [(hint,) for hint in exercise.hints]))
    return Hints()


def redact(fact: CaseFact, exercise: Exercise) -> CaseReport:
    """What a case may show: everything when it is visible; passed or failed and its kind when it is hidden."""
    case, call = fact.case, fact.call
    if not case.visible:
        status = CaseStatus.PASSED if fact.passed else CaseStatus.FAILED
        message = () if fact.passed else fact.message if fact.from_source else say("case.hidden_failed")
        return CaseReport(id=case.id, kind=case.kind, visible=False, status=status, message=message)
    check = fact.comparison
    expected = exercise.expected.get(case.id)
    return CaseReport(
        id=case.id, kind=case.kind, visible=True, status=fact.status, message=fact.message,
        input={k: values.display(v) for k, v in case.args.items()},
        expected=values.display(expected) if expected is not None else None,
        got=values.display(call.value) if call is not None and call.ok else None,
        max_abs_error=check.max_abs_error if check is not None else None,
        first_diff_index=list(check.first_diff) if check is not None and check.first_diff is not None else None,
        diff_indices=list(check.diff_indices) if check is not None and check.diff_indices else None,
        ms=call.ms if call is not None else None,
        error_type=call.error.type if call is not None and call.error is not None else None)


def not_run(exercise: Exercise) -> list[CaseReport]:
    return [CaseReport(id=c.id, kind=c.kind, visible=c.visible, status=CaseStatus.NOT_RUN) for c in exercise.cases]


def decide(exercise: Exercise, track: str, facts: RunFacts, observer: Observer, source: str) -> Report:
    """The report of a run whose module loaded and whose function exists."""
    outcome = facts.outcome
    visible = [f for f in facts.cases if f.case.visible]
    verdicts = {f.verdict for f in visible if f.verdict is not None}
    verdicts |= {Verdict.INTERNAL_ERROR for f in facts.cases if f.judge_failed}
    if facts.violation is not None:
        verdicts.add(Verdict.FORBIDDEN)
    if facts.termination is not None:
        verdicts.add(facts.termination)
    if facts.failed:
        verdicts.add(Verdict.WRONG_ANSWER)
    verdict = worst(verdicts)

    mistakes: list[str] = []
    mistake_hints: list[Message] = []
    notes = list(facts.notes)
    # A known mistake explains wrong answers, and exceptions the mistaken code raises on the same cases; not a
    # crash, a refusal or a limit, nor code that never got to the maths (a NameError).
    if verdict in (Verdict.WRONG_ANSWER, Verdict.RUNTIME_ERROR) and not facts.not_running \
            and outcome.termination == Termination.COMPLETED:
        for mistake in recognise(exercise, track, facts.answers, facts.failed, facts.raised):
            mistakes.append(mistake.id)
            mistake_hints.append((mistake.hint,))
        low = _low_precision([f.call.value for f in visible if not f.passed and f.call is not None and f.call.ok])
        if low:
            notes.append(say("report.low_precision", dtype=low))
    idioms: list[Message] = []
    if verdict in (Verdict.WRONG_ANSWER, Verdict.RUNTIME_ERROR) and not mistakes:
        ambiguous = any("truth value of an array" in (c.error.message if c.error else "")
                        or "Boolean value of Tensor" in (c.error.message if c.error else "")
                        for c in outcome.calls.values())
        idioms = [say(f"hint.idiom.{code}.{track}") for code in advice.idioms(source)
                  if code != "builtin_max" or ambiguous]

    message, leads = _message(exercise, verdict, facts, observer)
    hints = hints_for(exercise, verdict, refusals=[facts.violation_code] if facts.violation_code else (),
                      not_running=facts.not_running, mistakes=mistake_hints, idioms=idioms)
    stdout, hidden_printed = _stdout(exercise, facts)
    if hidden_printed:
        notes.append(say("report.hidden_output"))
    cases = [redact(fact, exercise) for fact in facts.cases]
    return Report(
        exercise=exercise.slug, track=track, verdict=verdict, message=message,
        passed=sum(c.status == CaseStatus.PASSED for c in cases), total=len(exercise.cases), cases=cases,
        hints=list(hints.messages), hint_kinds=list(hints.kinds), mistakes=mistakes, leads=leads, notes=notes,
        stdout=stdout, stdout_truncated=outcome.output_truncated,
        stats={"wall_ms": round(outcome.wall_seconds * 1000, 2), "cpu_ms": round(outcome.cpu_seconds * 1000, 2),
               "max_rss_mb": round(outcome.max_rss_mb, 1)},
        plot=_plot(exercise, facts))


def _message(exercise: Exercise, verdict: Verdict, facts: RunFacts, observer: Observer
             ) -> tuple[Message, str | None]:
    """What the report says first, and the visible case it leads with."""
    visible = [f for f in facts.cases if f.case.visible]
    passed = sum(f.passed for f in facts.cases)
    total = len(facts.cases)
    first_failure = next((f for f in visible if f.status in _FAILING), None)
    if verdict == Verdict.FORBIDDEN and facts.violation is not None:
        # The visible case where it was tripped says so with the learner's line; else the violation alone.
        tripped = next((f for f in visible if f.status == CaseStatus.FORBIDDEN), None)
        if tripped is not None:
            return (*say("report.in_case", case=tripped.case.kind), *tripped.message), tripped.case.id
        return facts.violation, None
    if verdict == Verdict.INTERNAL_ERROR:  # a broken checker: its case says how it broke
        broken = next((f for f in facts.cases if f.judge_failed), None)
        return say("verdict.internal_error.message", detail=broken.message if broken else ()), None
    if verdict == Verdict.TIME_LIMIT:
        slow = next((f for f in visible if f.status == CaseStatus.TIMEOUT), None)
        return (say("verdict.time_limit.message", seconds=observer.time_limit(facts.outcome),
                    case=slow.case.kind if slow else ""), slow.case.id if slow else None)
    if verdict in (Verdict.RUNTIME_ERROR, Verdict.MEMORY_LIMIT, Verdict.OUTPUT_LIMIT, Verdict.FORBIDDEN):
        broken = next((f for f in visible if f.verdict == verdict), None)
        if broken is not None:
            return (*say("report.in_case", case=broken.case.kind), *broken.message), broken.case.id
        return facts.termination_message, None
    if verdict == Verdict.WRONG_ANSWER:
        summary = say("verdict.wrong_answer.message", passed=passed, total=total)
        if first_failure is not None:
            return (*summary, " ", *say("report.first_failure", case=first_failure.case.kind),
                    *first_failure.message), first_failure.case.id
        said = next((f for f in facts.cases if not f.passed and f.from_source), None)
        if said is not None:  # a signature a hidden case cannot call: the source says it, no input does
            return (*summary, " ", *say("report.first_failure", case=said.case.kind), *said.message), None
        return (*summary, " ", *say("report.only_hidden_failed")), None
    return say(f"verdict.{verdict}.message", passed=passed, total=total), None


def _stdout(exercise: Exercise, facts: RunFacts) -> tuple[str, bool]:
    """What the learner sees of the output: the module's and the visible cases'; whether hidden ones printed."""
    outcome = facts.outcome
    parts = [outcome.module_stdout] + [outcome.calls[c.id].stdout for c in exercise.cases
                                       if c.visible and c.id in outcome.calls]
    hidden_printed = any(not c.visible and c.id in outcome.calls and outcome.calls[c.id].printed
                         for c in exercise.cases)
    return "".join(parts), hidden_printed


def _plot(exercise: Exercise, facts: RunFacts) -> dict[str, Any] | None:
    call = facts.outcome.calls.get(PLOT_CALL)
    if call is None or not exercise.plot_grid:
        return None
    start, stop, num = exercise.plot_grid
    learner = None
    data = getattr(call.value, "data", None)
    if call.ok and isinstance(data, np.ndarray) and data.shape == (num,) and data.dtype.kind in "biuf":
        learner = values.display(data.astype(np.float64), limit=None)  # its length is the grid's, checked
    return {"x": values.display(np.linspace(start, stop, num), limit=None), "learner": learner}


def _low_precision(answers: Iterable[Any]) -> str | None:
    """The half-precision dtype (float16, bfloat16) of a visible failed answer: ~3 significant digits cannot be
    right to 4 decimals, and the learner would otherwise see only "values differ"."""
    for value in answers:
        if isinstance(value, Array):
            kind = value.origin.partition(":")[2] or str(value.data.dtype)
            if kind in ("float16", "bfloat16"):
                return kind
    return None


def early(exercise: Exercise, track: str, verdict: Verdict, message: Message, *, issues: Iterable[SourceIssue] = (),
          refusals: Iterable[str] = (), not_running: bool = False, notes: Iterable[Message] = (),
          stdout: str = "", stdout_truncated: bool = False) -> Report:
    """The report when no case ran: a starter, a syntax error, a refusal, a file that did not load."""
    hints = hints_for(exercise, verdict, refusals=refusals, not_running=not_running)
    return Report(exercise=exercise.slug, track=track, verdict=verdict, message=message, passed=0,
                  total=len(exercise.cases), cases=not_run(exercise), hints=list(hints.messages),
                  hint_kinds=list(hints.kinds), issues=list(issues), notes=list(notes), stdout=stdout,
                  stdout_truncated=stdout_truncated)
