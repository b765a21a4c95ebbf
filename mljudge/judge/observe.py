"""The first phase after the sandbox: what happened, as facts — each case's outcome, compared or checked and said as
it would be for a visible case, and the run's own ending. Nothing is decided or hidden here: judge.decide picks the
verdict and what leads from these facts, and says only what a hidden case may show.

    sandbox Outcome ─► observe() ─► RunFacts ─► decide() ─► Report
"""

from __future__ import annotations

import ast
import signal
from dataclasses import dataclass, field
from typing import Any

from mljudge import sandbox
from mljudge.judge import advice
from mljudge.judge.compare import Comparison, Reason, array_type_problem, compare
from mljudge.judge.exercise import Case, Exercise
from mljudge.judge.i18n import DEFAULT_LANG, Text
from mljudge.judge.refusals import RefusalWords
from mljudge.judge.report import (
    VERDICT_OF_ERROR,
    VERDICT_OF_TERMINATION,
    CaseStatus,
    Message,
    Verdict,
    say,
)
from mljudge.sandbox import MAX_RESULT, CallOutcome, ErrorInfo, ErrorKind, Outcome, Termination, Violation

# Exceptions that say the code does not run at all (a name, a module): hints about the maths would not help.
NOT_RUNNING = frozenset({"NameError", "UnboundLocalError", "ImportError", "ModuleNotFoundError", "SyntaxError"})


@dataclass(frozen=True)
class CaseFact:
    """What one case came to. `message` says it as for a visible case; `verdict` is what its failure makes of the
    report's verdict when the learner can see it (None: it passed, or a plain wrong value)."""

    case: Case
    status: CaseStatus
    message: Message = ()
    verdict: Verdict | None = None
    call: CallOutcome | None = None
    comparison: Comparison | None = None
    judge_failed: bool = False  # the exercise's checker broke on it: the judge's fault, wherever it happened
    # `message` comes from the learner's source and the exercise alone (a signature the case cannot call), nothing
    # the run computed from the inputs: a hidden case may show it.
    from_source: bool = False

    @property
    def passed(self) -> bool:
        return self.status == CaseStatus.PASSED


@dataclass(frozen=True)
class RunFacts:
    """Everything the sandbox observed, said as facts."""

    outcome: Outcome
    cases: tuple[CaseFact, ...] = ()
    violation: Message | None = None  # the first violation, said (named only where it may be)
    violation_code: str = ""
    termination: Verdict | None = None  # what the run's own ending makes of the verdict
    termination_message: Message = ()
    not_running: bool = False  # a NameError or a failed import: the code never got to the maths
    notes: tuple[Message, ...] = ()
    answers: dict[str, Any] = field(default_factory=dict)  # every answer that came back, by case id

    @property
    def failed(self) -> list[str]:
        return [fact.case.id for fact in self.cases if not fact.passed]

    @property
    def raised(self) -> frozenset[str]:
        return frozenset(f.case.id for f in self.cases
                         if f.call is not None and f.call.error is not None and f.call.error.kind == ErrorKind.ERROR)


class Observer:
    """Says what one run of one exercise's cases came to."""

    def __init__(self, exercise: Exercise, track: str, source: str, words: RefusalWords,
                 mismatches: dict[str, advice.Mismatch]) -> None:
        self.exercise, self.track, self.words = exercise, track, words
        self.lines = source.splitlines()
        self.mismatches = mismatches  # cases the learner's signature cannot take
        self._raise_lines: set[int] | None = None

    # --- the run ---------------------------------------------------------------------------------------------

    def run(self, outcome: Outcome) -> RunFacts:
        """The facts of a run whose module loaded and whose function exists."""
        facts: list[CaseFact] = []
        answers: dict[str, Any] = {}
        notes: list[Message] = []
        unfinished = False
        for case in self.exercise.cases:
            call = outcome.calls.get(case.id)
            if call is None:
                if unfinished:
                    facts.append(CaseFact(case, CaseStatus.NOT_RUN))
                else:
                    facts.append(CaseFact(case, self.unfinished_status(outcome), self.termination_message(outcome)))
                unfinished = True
                continue
            facts.append(self.case(case, call, answers))
            if call.ok:
                answers[case.id] = call.value
            if call.mutated and case.visible and not self.exercise.function.pure:
                notes.append(say("report.mutated", case=case.id, names=", ".join(call.mutated)))
        violation, code = self.first_violation(outcome)
        return RunFacts(
            outcome=outcome, cases=tuple(facts), violation=violation, violation_code=code,
            termination=self.termination(outcome), termination_message=self.termination_message(outcome),
            not_running=any(c.error is not None and c.error.type in NOT_RUNNING for c in outcome.calls.values()),
            notes=tuple(notes), answers=answers)

    def first_violation(self, outcome: Outcome) -> tuple[Message | None, str]:
        if not outcome.violations:
            return None, ""
        first = outcome.violations[0]
        return self.words.violation(first), first.code

    def termination(self, outcome: Outcome) -> Verdict | None:
        """What the way the run ended makes of the verdict (None: it completed, every case answered)."""
        verdict = VERDICT_OF_TERMINATION[outcome.termination]
        if outcome.termination == Termination.SIGNAL and outcome.max_rss_mb >= self.exercise.limits.memory_mb * 0.9:
            verdict = Verdict.MEMORY_LIMIT
        if verdict is None and any(case.id not in outcome.calls for case in self.exercise.cases):
            # "Completed" without an answer for every case: only a child that writes its own "done" frame gets
            # here. Without this it was graded "0 of 6 passed", a wrong answer, for code that never answered.
            verdict = Verdict.RUNTIME_ERROR
        if outcome.output_flooded:
            verdict = Verdict.OUTPUT_LIMIT
        return verdict

    def unfinished_status(self, outcome: Outcome) -> CaseStatus:
        return CaseStatus.TIMEOUT if outcome.termination in (Termination.WALL, Termination.CPU) else CaseStatus.ERROR

    def termination_message(self, outcome: Outcome) -> Message:
        if outcome.output_flooded:
            return say("verdict.output_limit.message", kb=self.exercise.limits.output_kb)
        if outcome.termination in (Termination.WALL, Termination.CPU):
            return say("case.timeout", seconds=self.time_limit(outcome))
        if outcome.termination == Termination.SIGNAL:
            return say("case.crashed", signal=_signal_name(outcome.exit_code))
        if outcome.termination == Termination.RESULT_SIZE:
            return say("case.result_too_large", mb=MAX_RESULT // 2**20)
        return say("case.stopped")

    def time_limit(self, outcome: Outcome) -> str:
        limits = self.exercise.limits
        return f"{limits.cpu_seconds if outcome.termination == Termination.CPU else limits.wall_seconds:g}"

    # --- one case --------------------------------------------------------------------------------------------

    def case(self, case: Case, call: CallOutcome, earlier: dict[str, Any]) -> CaseFact:
        if not call.ok:
            return self._raised(case, call)
        if case.raises:
            return CaseFact(case, CaseStatus.FAILED, say("case.should_raise", types=" / ".join(case.raises)), call=call)
        if call.mutated and self.exercise.function.pure:
            return CaseFact(case, CaseStatus.FAILED, say("case.mutated", names=", ".join(call.mutated)), call=call)
        check = (self._checked(case, call, earlier) if self.exercise.checker else
                 compare(self.exercise.expected[case.id], call.value, self.exercise.function.returns,
                         case.tolerance, self.track))
        if check.passed:
            return CaseFact(case, CaseStatus.PASSED, call=call, comparison=check)
        where = say("case.at_path", path=check.path) if check.path else ()
        broken = check.reason == Reason.CHECKER_FAILED
        return CaseFact(case, CaseStatus.FAILED, (*where, *say(f"case.{check.reason}", **check.params)),
                        verdict=Verdict.INTERNAL_ERROR if broken else None, call=call, comparison=check,
                        judge_failed=broken)

    def _raised(self, case: Case, call: CallOutcome) -> CaseFact:
        error = call.error
        assert error is not None
        types = " / ".join(case.raises)
        if error.type in case.raises and case.raised_by_learner and not self._raised_in_learner_code(error):
            # The right type, from the library's own check (NumPy's broadcast ValueError on an odd width): the case
            # asks the learner's code to notice and raise, which both tracks must do alike.
            return CaseFact(case, CaseStatus.FAILED, say("case.raised_by_library", types=types, type=error.type),
                            call=call)
        if error.type in case.raises:
            return CaseFact(case, CaseStatus.PASSED, say("case.raised_as_expected", type=error.type), call=call)
        if case.raises and error.kind == ErrorKind.ERROR:
            # Raising was right, the exception's type is not: a wrong answer.
            return CaseFact(case, CaseStatus.FAILED, say("case.raised_other", types=types, type=error.type),
                            call=call)
        verdict = VERDICT_OF_ERROR[error.kind]
        status = CaseStatus.FORBIDDEN if verdict == Verdict.FORBIDDEN else CaseStatus.ERROR
        mismatch = self.mismatches.get(case.id)
        if mismatch is not None and error.type == "TypeError":
            return CaseFact(case, status, self._mismatch_message(case, mismatch), verdict=verdict, call=call,
                            from_source=True)
        return CaseFact(case, status, self.error_message(error, phase=case.id), verdict=verdict, call=call)

    def _raised_in_learner_code(self, error: ErrorInfo) -> bool:
        """Whether the exception came from a `raise` statement of the learner's own file (its innermost frame
        there is that statement), not from inside a library the learner's line called."""
        if self._raise_lines is None:
            self._raise_lines = set()
            try:
                tree = ast.parse("\n".join(self.lines))
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                return False
            for node in ast.walk(tree):
                if isinstance(node, ast.Raise):
                    self._raise_lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
        return error.line is not None and error.line in self._raise_lines

    def _mismatch_message(self, case: Case, mismatch: advice.Mismatch) -> Message:
        args, kwargs = self.exercise.call_args(case.args)
        required = [p.name for p in self.exercise.function.params if p.required][: len(args)]
        call = ", ".join([*required, *(f"{k}=…" for k in kwargs)])
        return say(f"case.signature_{mismatch.problem}", function=self.exercise.function.name, call=call,
                   name=mismatch.name, parameters=mismatch.parameters, signature=self.exercise.function.signature)

    def _checked(self, case: Case, call: CallOutcome, earlier: dict[str, Any]) -> Comparison:
        """The exercise's checker on one answer (a broken checker is the judge's fault: CHECKER_FAILED)."""
        if self.exercise.function.returns.kind in ("array", "int_array"):
            problem = array_type_problem(call.value, self.track)
            if problem is not None:
                return problem
        checker = self.exercise.checker
        assert checker is not None
        # The checker also sees the cases before this one with the answers they got in the same run, as (case,
        # answer) pairs: "the same seed gives the same mask" is a property of two answers.
        cases = {c.id: c for c in self.exercise.cases}
        try:
            why = checker(case, self.exercise.expected.get(case.id), call.value,
                          [(cases[cid], value) for cid, value in earlier.items()])
        except Exception as exc:
            return Comparison(False, Reason.CHECKER_FAILED, {"detail": f"{type(exc).__name__}: {exc}"})
        if why is None:
            return Comparison(True, Reason.NONE, {"message": ""})
        if not isinstance(why, Text) or not why.get_in(DEFAULT_LANG).strip():
            # `True`, "yes" or an array must not pass by being truthy, nor fail without saying why
            returned = "an empty Text" if isinstance(why, Text) else type(why).__name__
            return Comparison(False, Reason.CHECKER_FAILED, {
                "detail": f"the checker returned {returned}, not None (the answer is right) or a Text (why it is "
                          "wrong)"})
        return Comparison(False, Reason.CUSTOM, {"message": why})

    # --- words -----------------------------------------------------------------------------------------------

    def error_message(self, error: ErrorInfo, *, phase: str = sandbox.MODULE_PHASE) -> Message:
        """An exception the submission raised, said as for a visible case (with the learner's own line)."""
        if error.kind == ErrorKind.FORBIDDEN and error.violation:
            message = self.words.violation(Violation(*error.violation, phase))
            return (*message, *self.at_line(error.line))
        if error.kind == ErrorKind.MEMORY:
            return say("verdict.memory_limit.message", mb=self.exercise.limits.memory_mb)
        if error.kind == ErrorKind.OUTPUT:
            return say("verdict.output_limit.message", kb=self.exercise.limits.output_kb)
        if error.kind == ErrorKind.EXIT:
            text = say("case.exit_called")
        else:
            text = say("report.python_error", type=error.type, message=error.message)
        return (*text, *self.at_line(error.line))

    def at_line(self, line: int | None) -> Message:
        """The learner's own line, quoted on a line of its own (nothing when unknown)."""
        if line and 0 < line <= len(self.lines):
            return ("\n", *say("report.at_line", line=line), self.lines[line - 1].strip())
        return ()


def _signal_name(exit_code: int) -> str:
    try:
        return signal.Signals(-exit_code).name
    except ValueError:
        return str(-exit_code)
