"""`grade()`: the one entry point that judges a submission. The CLI, the web API and the authoring tools all
call it; none of them grades anything itself.

    source ─► policy check ─► sandboxed run (sandbox.runner) ─► compare here ─► verdict, cases, hints ─► Report
"""

from __future__ import annotations

import ast
import signal
from typing import Any

import numpy as np

from mljudge import sandbox
from mljudge.judge import advice, i18n, values
from mljudge.judge.compare import Comparison, array_type_problem, compare
from mljudge.judge.exercise import Case, Exercise
from mljudge.judge.i18n import DEFAULT_LANG, Text
from mljudge.judge.mistakes import recognise
from mljudge.judge.pools import shared_pool
from mljudge.judge.report import (
    SEVERITY,
    VERDICT_OF_ERROR,
    VERDICT_OF_TERMINATION,
    CaseReport,
    CaseStatus,
    Message,
    Report,
    SourceIssue,
    Verdict,
    say,
)
from mljudge.judge.vocabulary import Refusals
from mljudge.sandbox import (
    MAX_RESULT,
    Array,
    Busy,
    Call,
    CallOutcome,
    ErrorInfo,
    ErrorKind,
    Job,
    Outcome,
    Pool,
    Termination,
    Violation,
)

PLOT_CALL = "plot"
# What a failed hidden case says: one fixed sentence per reason, never a number, a name or a text the submission
# chose or computed — expected values or errors (repeated submissions could solve for them), its own shapes,
# lengths, NaN positions, type and exception names, lines, timings (each could be made to spell out the hidden
# inputs, one run at a time). The judge's own words only.
_HIDDEN_REASONS = {"wrong_values": "hidden_differs", "wrong_scalar": "hidden_differs", "nan": "hidden_nan",
                   "wrong_shape": "hidden_wrong_shape", "wrong_length": "hidden_wrong_length",
                   "wrong_type": "hidden_wrong_type", "wrong_dtype": "hidden_wrong_type",
                   "not_integer": "hidden_differs", "missing_key": "hidden_wrong_type",
                   "wrong_dtype_object": "hidden_wrong_type", "not_a_number": "hidden_wrong_type"}
_HIDDEN_ERRORS = {ErrorKind.RECURSION: "hidden_recursion", ErrorKind.EXIT: "exit_called"}
# Exceptions that say the code does not run at all (a name, a module): hints about the maths would not help.
_NOT_RUNNING = frozenset({"NameError", "UnboundLocalError", "ImportError", "ModuleNotFoundError", "SyntaxError"})
# The verdicts where the exercise's hints help: the code runs and computes something else, or raises.
_HINTED = frozenset({Verdict.WRONG_ANSWER, Verdict.RUNTIME_ERROR, Verdict.NOT_ATTEMPTED})
# Which sentence explains a refusal, by what was refused.
_REFUSAL_HINTS = {"forbidden_import": "import", "forbidden_call": "call", "outside_vocabulary": "vocabulary",
                  "unsafe_call": "unsafe", "forbidden_builtin": "outside",
                  "forbidden_module": "outside", "forbidden_operation": "outside", "private_attribute": "private",
                  "private_object": "private", "private_name": "private", "inspect_attribute": "outside",
                  "patching": "patching", "class_dunder": "outside", "raw_memory": "outside"}


def grade(exercise: Exercise, source: str | bytes, track: str | None = None, *, filename: str = "solution.py",
          plot: bool = False, pool: Pool | None = None, detect_unchanged: bool = True, client: str = "") -> Report:
    """Judge `source` against `exercise` in `track` (one of sandbox.tracks; detected from what the graded function
    uses when None). Returns a Report in no language (judge.localise says it in one).

    With `detect_unchanged=False` an unchanged starter is run like any code (authors check that it is not
    accepted). Raises UnknownTrack for a track the exercise lacks and sandbox.Busy when every sandbox slot is
    taken; every problem of the submission itself is a verdict, never an exception. `client` (the web's client
    address) is who waits in the sandboxes' fair queue: raises sandbox.ClientBusy when that client already has as
    many submissions in flight as it may."""
    prepared = _prepare(exercise, source, track, filename=filename, plot=plot, detect_unchanged=detect_unchanged)
    if isinstance(prepared, Report):
        return prepared
    grader, job = prepared
    vocabulary = exercise.vocabulary
    union = vocabulary.union if vocabulary is not None else None
    pool = pool or shared_pool({name: v.allowed() for name, v in union.items()} if union is not None else None)
    if union is not None and pool.vocabulary is not None:
        allowed = pool.vocabulary.get(job.track)
        mine = union[job.track]
        if allowed is None or not allowed.covers(mine.names, mine.modules, mine.ops):
            # A pool started for another course cannot allow this one's words: the judge's set-up, not the code's.
            return grader.finish(Verdict.INTERNAL_ERROR, say(
                "verdict.internal_error.message",
                detail=f"the sandbox pool was started without the words of {exercise.slug}'s course"), not_run=True)
    outcome = sandbox.run(job, exercise.limits, pool, client=client)
    return grader.judge(outcome, job.program.source)


def screen(exercise: Exercise, source: str | bytes, track: str | None = None, *,
           filename: str = "solution.py") -> Report | None:
    """The report when no sandbox is needed (an unchanged starter, code that does not compile or that the policy
    refuses), exactly as grade() gives it; None when the code must run. The web asks this before it queues a
    submission for a worker, so such code never waits in the queue."""
    prepared = _prepare(exercise, source, track, filename=filename, plot=False, detect_unchanged=True)
    return prepared if isinstance(prepared, Report) else None


def _prepare(exercise: Exercise, source: str | bytes, track: str | None, *, filename: str, plot: bool,
             detect_unchanged: bool) -> Report | tuple[_Grader, Job]:
    """Everything before the sandbox: the track, the starter, the policy; a Report when that decides it."""
    detected = None
    if track is None:
        track, detected = _detect_track(exercise, source)
    chosen = exercise.track(track)
    grader = _Grader(exercise, track)
    if detected is not None and detected.several and detected.reason == "uses":
        grader.notes.append(say("note.track_chosen", track=track, function=exercise.function.name,
                                other=next((o for o in exercise.tracks if o != track), track)))

    try:
        text = sandbox.decode_source(source)
        # Unchanged in any language: the starters differ only in their words (judge.starters).
        if detect_unchanged and _normalize(text) in {_normalize(starter) for starter in chosen.starter.values()}:
            return grader.finish(Verdict.NOT_ATTEMPTED, say("verdict.not_attempted.message",
                                                            function=exercise.function.name))
        forbidden = exercise.forbidden_for(track)
        vocabulary, refusals = _vocabulary(exercise, track)
        rules = sandbox.Rules.of(chosen.imports, [*(n for f in forbidden for n in f.names), *grader.autodiff_names],
                                 vocabulary=vocabulary)
        program = sandbox.vet(text, rules, filename, function=exercise.function.name)
    except sandbox.Rejected as rejected:
        return grader.rejected(rejected, source)

    calls = [_call(exercise, case.id, case.args, echo=case.visible) for case in exercise.cases]
    plot_args = exercise.plot_args() if plot else None
    if plot_args is not None:
        # Before the first hidden case, not after: the plot shows the learner's answer in full, so it must not
        # be able to carry what the code saw in hidden cases (their inputs, kept in a global in between).
        first_hidden = next((i for i, case in enumerate(exercise.cases) if not case.visible), len(calls))
        calls.insert(first_hidden, _call(exercise, PLOT_CALL, plot_args, echo=False))
    job = Job(program=program, function=exercise.function.name, track=track, calls=tuple(calls),
              imports=chosen.imports,
              forbidden_names=tuple(dict.fromkeys((*(n for f in forbidden for n in f.names), *refusals.names))),
              forbidden_aten=tuple(dict.fromkeys((*(op for f in forbidden for op in f.aten), *refusals.ops))),
              autodiff=exercise.function.autodiff, refused_modules=refusals.modules)
    grader.notes.extend(say(f"note.{n.code}", line=n.line, **n.params) for n in program.notes)
    grader.mismatches = advice.signature_mismatches(program.source, exercise)
    return grader, job


def _vocabulary(exercise: Exercise, track: str) -> tuple[sandbox.NameRules | None, Refusals]:
    """What the policy checks names against, and what the job refuses of its pool's vocabulary."""
    if exercise.vocabulary is None:
        return None, Refusals()
    vocabulary, refusals = exercise.vocabulary.by_track[track]
    return sandbox.NameRules(vocabulary.names, vocabulary.modules, track), refusals


def _low_precision(answers: dict[str, Any]) -> str | None:
    """The half-precision dtype (float16, bfloat16) of a failed answer: ~3 significant digits cannot be right to
    4 decimals, and the learner would otherwise see only "values differ"."""
    for value in answers.values():
        if isinstance(value, Array):
            kind = value.origin.partition(":")[2] or str(value.data.dtype)
            if kind in ("float16", "bfloat16"):
                return kind
    return None


def _detect_track(exercise: Exercise, source: str | bytes) -> tuple[str, sandbox.Detected | None]:
    """The track of the library the graded function uses (sandbox.policy.detect_track), if the exercise has it."""
    if len(source) > sandbox.MAX_SOURCE_BYTES:
        # Refused for its size right after this; don't parse megabytes in the judge's process first.
        return next(iter(exercise.tracks)), None
    text = source.decode("utf-8", "replace") if isinstance(source, bytes) else source
    detected = sandbox.detect_track(text, exercise.function.name)
    if detected.track not in exercise.tracks:
        return next(iter(exercise.tracks)), None
    return detected.track, detected


def _normalize(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def _call(exercise: Exercise, call_id: str, values: dict[str, Any], *, echo: bool) -> Call:
    args, kwargs = exercise.call_args(values)
    names = tuple(p.name for p in exercise.function.params if p.required)
    return Call(call_id, args, kwargs, names, echo=echo)


class _Grader:
    """Turns what the sandbox observed into a Report."""

    def __init__(self, exercise: Exercise, track: str) -> None:
        self.exercise, self.track = exercise, track
        self.cases: list[CaseReport] = []
        self.verdicts: list[Verdict] = []
        self.issues: list[SourceIssue] = []
        self.notes: list[Message] = []
        self.mistakes: list[str] = []
        self.targeted: list[Message] = []
        self.violation: Message | None = None
        self.lines: list[str] = []
        self.mismatches: dict[str, advice.Mismatch] = {}  # cases the learner's signature cannot take
        self.refusals: list[str] = []  # codes of what was refused, for the hints that explain refusals
        self.not_running = False  # a NameError or a failed import: the code never got to the maths
        self._raise_lines: set[int] | None = None  # lines of the learner's `raise` statements
        # With `autodiff = false`, what the track forbids besides the exercise's own list (gradients by hand).
        self.autodiff_names = frozenset(() if exercise.function.autodiff else sandbox.TRACKS[track].autodiff_names)

    # --- before running --------------------------------------------------------------------------------------

    def rejected(self, rejected: sandbox.Rejected, source: str | bytes) -> Report:
        lines = (source.decode("utf-8", "replace") if isinstance(source, bytes) else source).splitlines()
        for issue in rejected.issues:
            message = say(f"policy.{issue.code}", **issue.params)
            self.refusals.append(issue.code)
            if issue.code == "forbidden_import":
                message += (" ", *say(f"policy.import_reason.{issue.params.get('reason', 'other')}",
                                      allowed=issue.params.get("allowed", "")))
            if issue.code in ("forbidden_call", "outside_vocabulary"):
                message += self._reason(issue.params["name"])
            if issue.code == "unsafe_call":
                message += self._unsafe(issue.params["name"])
            self.issues.append(SourceIssue(issue.line, issue.col, message, issue.code))
        first = self.issues[0]
        where = (say("report.at_line_col", line=first.line, col=first.col) if first.line and first.col
                 else say("report.at_line", line=first.line) if first.line else ())
        code_line = lines[first.line - 1].strip() if 0 < first.line <= len(lines) else ""
        message = (*where, *first.message, *(("\n    ", code_line) if code_line else ()))
        verdict = Verdict.COMPILE_ERROR if rejected.kind == "compile" else Verdict.FORBIDDEN
        return self.finish(verdict, message, not_run=True)

    # --- after running ---------------------------------------------------------------------------------------

    def judge(self, outcome: Outcome, source: str) -> Report:
        self.lines = source.splitlines()
        if outcome.termination == Termination.INTERNAL:
            return self.finish(Verdict.INTERNAL_ERROR, say("verdict.internal_error.message",
                                                           detail=outcome.internal_error or ""), not_run=True)
        if outcome.module_error is not None:
            return self._module_failed(outcome)
        if outcome.missing is not None:
            return self._missing(outcome)
        if not outcome.module_ok:
            return self._stopped_while_loading(outcome)

        answers: dict[str, Any] = {}
        failed: list[str] = []
        unfinished = False
        for case in self.exercise.cases:
            call = outcome.calls.get(case.id)
            if call is None:
                status = CaseStatus.NOT_RUN if unfinished else self._unfinished_status(outcome)
                unfinished = True
                self._add_case(case, status,
                               self._termination_message(outcome) if status != CaseStatus.NOT_RUN else ())
                failed.append(case.id)
                continue
            passed = self._grade_case(case, call, answers)
            if call.ok:
                answers[case.id] = call.value
            if not passed:
                failed.append(case.id)
            if call.mutated and case.visible and not self.exercise.function.pure:
                self.notes.append(say("report.mutated", case=case.id, names=", ".join(call.mutated)))

        self._add_violations(outcome)
        self._add_termination(outcome)
        if not self.verdicts and failed:
            self.verdicts.append(Verdict.WRONG_ANSWER)
        raised = frozenset(cid for cid, call in outcome.calls.items()
                           if call.error is not None and call.error.kind == ErrorKind.ERROR)
        self.not_running = any(call.error is not None and call.error.type in _NOT_RUNNING
                               for call in outcome.calls.values())
        # A known mistake explains wrong answers, and exceptions the mistaken code raises on the same cases; not a
        # crash, a refusal or a limit, nor code that never got to the maths (a NameError).
        if (set(self.verdicts) <= {Verdict.WRONG_ANSWER, Verdict.RUNTIME_ERROR} and not self.not_running
                and outcome.termination == Termination.COMPLETED):
            for mistake in recognise(self.exercise, self.track, answers, failed, raised):
                self.mistakes.append(mistake.id)
                self.targeted.append((mistake.hint,))
            low = _low_precision({cid: answers[cid] for cid in failed if cid in answers})
            if low:
                self.notes.append(say("report.low_precision", dtype=low))
        verdict = self._worst()
        if verdict in (Verdict.WRONG_ANSWER, Verdict.RUNTIME_ERROR) and not self.mistakes:
            ambiguous = any("truth value of an array" in (c.error.message if c.error else "")
                            or "Boolean value of Tensor" in (c.error.message if c.error else "")
                            for c in outcome.calls.values())
            self.targeted += [say(f"hint.idiom.{code}.{self.track}") for code in advice.idioms(source)
                              if code != "builtin_max" or ambiguous]
        report = self.finish(verdict, self._summary(verdict, outcome))
        report.stdout, report.stdout_truncated = self._stdout(outcome)
        report.stats = {"wall_ms": round(outcome.wall_seconds * 1000, 2),
                        "cpu_ms": round(outcome.cpu_seconds * 1000, 2),
                        "max_rss_mb": round(outcome.max_rss_mb, 1)}
        report.plot = self._plot(outcome)
        return report

    def _grade_case(self, case: Case, call: CallOutcome, earlier: dict[str, Any]) -> bool:
        if not call.ok:
            assert call.error is not None
            if call.error.type in case.raises and case.raised_by_learner \
                    and not self._raised_in_learner_code(call.error):
                # The right type, from the library's own check (NumPy's broadcast ValueError on an odd width): the
                # case asks the learner's code to notice and raise, which both tracks must do alike.
                message = (say("case.raised_by_library", types=" / ".join(case.raises), type=call.error.type)
                           if case.visible else say("case.raised_other_hidden", types=" / ".join(case.raises)))
                self._add_case(case, CaseStatus.FAILED, message, call=call)
                return False
            if call.error.type in case.raises:
                self._add_case(case, CaseStatus.PASSED, say("case.raised_as_expected", type=call.error.type),
                               call=call)
                return True
            if case.raises and call.error.kind == ErrorKind.ERROR:
                # Raising was right, the exception's type is not: a wrong answer, said with the judge's own words
                # for a hidden case (the type is the code's choice, and could carry what it saw).
                types = " / ".join(case.raises)
                message = (say("case.raised_other", types=types, type=call.error.type) if case.visible
                           else say("case.raised_other_hidden", types=types))
                self._add_case(case, CaseStatus.FAILED, message, call=call)
                return False
            verdict = VERDICT_OF_ERROR[call.error.kind]
            self.verdicts.append(verdict)
            status = CaseStatus.FORBIDDEN if verdict == Verdict.FORBIDDEN else CaseStatus.ERROR
            mismatch = self.mismatches.get(case.id)
            if mismatch is not None and call.error.type == "TypeError":
                # The judge's own sentence, from the public signature: fine for a hidden case too.
                message = self._mismatch_message(case, mismatch)
            else:
                message = self._error_message(call.error, hidden=not case.visible)
            self._add_case(case, status, message, call=call)
            return False
        if case.raises:
            self._add_case(case, CaseStatus.FAILED, say("case.should_raise", types=" / ".join(case.raises)),
                           call=call)
            return False
        if call.mutated and self.exercise.function.pure:
            # Parameter names only: the same sentence for hidden cases, it says nothing about their inputs.
            self._add_case(case, CaseStatus.FAILED, say("case.mutated", names=", ".join(call.mutated)), call=call)
            return False
        if self.exercise.checker:
            check = self._custom_check(case, call, earlier)
        else:
            check = compare(self.exercise.expected[case.id], call.value, self.exercise.function.returns,
                            case.tolerance, self.track)
        if check.passed:
            self._add_case(case, CaseStatus.PASSED, (), call=call, max_error=check.max_abs_error)
            return True
        where = say("case.at_path", path=check.path) if check.path else ()
        if not case.visible and check.reason != "custom":
            self._add_case(case, CaseStatus.FAILED,
                           say(f"case.{_HIDDEN_REASONS.get(check.reason, 'hidden_differs')}"), call=call)
            return False
        message = (*where, *say(f"case.{check.reason}", **check.params))
        self._add_case(case, CaseStatus.FAILED, message, call=call, max_error=check.max_abs_error,
                       first_diff=check.first_diff, diff_indices=check.diff_indices)
        return False

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

    def _custom_check(self, case: Case, call: CallOutcome, earlier: dict[str, Any]) -> Comparison:
        if self.exercise.function.returns.kind in ("array", "int_array"):
            problem = array_type_problem(call.value, self.track)
            if problem is not None:
                return problem
        checker = self.exercise.checker
        assert checker is not None
        cases = {c.id: c for c in self.exercise.cases}
        try:
            why = checker(case, self.exercise.expected.get(case.id), call.value,
                          [(cases[cid], value) for cid, value in earlier.items()])
        except Exception as exc:  # a broken checker is the judge's fault
            self.verdicts.append(Verdict.INTERNAL_ERROR)
            return Comparison(False, "checker_failed", {"detail": f"{type(exc).__name__}: {exc}"})
        if why is None:
            return Comparison(True, "", {"message": ""})
        if not isinstance(why, Text) or not why.get_in(DEFAULT_LANG).strip():
            # `True`, "yes" or an array must not pass by being truthy, nor fail without saying why
            self.verdicts.append(Verdict.INTERNAL_ERROR)
            returned = "an empty Text" if isinstance(why, Text) else type(why).__name__
            return Comparison(False, "checker_failed", {"detail": f"the checker returned {returned}, not None (the "
                                                             "answer is right) or a Text (why it is wrong)"})
        return Comparison(False, "custom", {"message": why})

    def _add_case(self, case: Case, status: CaseStatus, message: Message, *, call: CallOutcome | None = None,
                  max_error: float | None = None, first_diff: tuple[int, ...] | None = None,
                  diff_indices: tuple[int, ...] = ()) -> None:
        report = CaseReport(id=case.id, kind=case.kind, visible=case.visible, status=status, message=message,
                            max_abs_error=max_error if case.visible else None,
                            ms=call.ms if call and case.visible else None)
        if case.visible:
            report.input = {k: values.display(v) for k, v in case.args.items()}
            expected = self.exercise.expected.get(case.id)
            report.expected = values.display(expected) if expected is not None else None
            report.got = values.display(call.value) if call is not None and call.ok else None
            report.first_diff_index = list(first_diff) if first_diff is not None else None
            report.diff_indices = list(diff_indices) if diff_indices else None
            report.error_type = call.error.type if call is not None and call.error is not None else None
        self.cases.append(report)

    def _module_failed(self, outcome: Outcome) -> Report:
        error = outcome.module_error
        assert error is not None
        verdict = VERDICT_OF_ERROR[error.kind]
        if verdict == Verdict.FORBIDDEN and error.violation:
            message = self._error_message(error)
        else:
            message = (*say("report.while_loading"), *self._error_message(error))
        self.not_running = error.type in _NOT_RUNNING
        report = self.finish(verdict, message, not_run=True)
        report.stdout, report.stdout_truncated = self._stdout(outcome)
        return report

    def _missing(self, outcome: Outcome) -> Report:
        missing = outcome.missing or {}
        name = missing.get("name", self.exercise.function.name)
        if missing.get("found"):
            message = say("verdict.compile_error.not_callable", name=name, found=missing["found"])
        elif missing.get("defined"):
            message = say("verdict.compile_error.missing_with_defined", name=name,
                          defined=", ".join(missing["defined"]))
        else:
            message = say("verdict.compile_error.missing", name=name)
        report = self.finish(Verdict.COMPILE_ERROR, message, not_run=True)
        report.stdout, report.stdout_truncated = self._stdout(outcome)
        return report

    def _add_violations(self, outcome: Outcome) -> None:
        if outcome.violations:
            self.refusals.append(outcome.violations[0].code)
            self.verdicts.append(Verdict.FORBIDDEN)
            self.violation = self._violation_message(outcome.violations[0])

    def _violation_message(self, violation: Violation) -> Message:
        what = self._shown_name(violation)
        if not what:  # sandbox.guards withholds names that do not exist; hidden cases show only known names
            return (*say(f"runtime.{violation.code}_unnamed"), *self._vocabulary_reason(violation.code))
        if violation.code == "unsafe_call":
            return (*say("runtime.unsafe_call", name=what), *self._twin(what))
        return (*say(f"runtime.{violation.code}", name=what), *self._reason(what))

    def _reason(self, name: str) -> Message:
        """Why `name` is refused here, as a sentence to follow the refusal: the exercise's reason for it, or for
        everything outside its vocabulary (nothing when nobody said why)."""
        reason = self.exercise.reason_for(name)
        if reason is not None:
            return (" ", reason)
        if name in self.autodiff_names:
            return (" ", *say("policy.autodiff_reason"))
        return self._vocabulary_reason("outside_vocabulary")

    def _vocabulary_reason(self, code: str) -> Message:
        vocabulary = self.exercise.vocabulary
        if code not in ("outside_vocabulary", "forbidden_call") or vocabulary is None or not vocabulary.reason:
            return ()
        return (" ", vocabulary.reason)

    def _unsafe(self, name: str) -> Message:
        """Why the judge never runs `name`, and the safe way where there is one."""
        return (" ", *say(f"policy.unsafe.{sandbox.unsafe_kind(name)}"), *self._twin(name))

    @staticmethod
    def _twin(name: str) -> Message:
        key = f"policy.unsafe.twin.{name}"
        return (" ", *say(key)) if key in i18n.keys(DEFAULT_LANG) else ()

    def _shown_name(self, violation: Violation) -> str:
        """What a violation may name: anything seen while the file loaded or in a visible case; during a hidden
        case only names from the judge's own vocabulary (the exercise's forbidden names and ops, the always-unsafe
        ones, the audit's events), never a name the submission could have built from the inputs."""
        what = violation.what
        visible = {case.id for case in self.exercise.cases if case.visible} | {sandbox.MODULE_PHASE, PLOT_CALL}
        if violation.phase in visible or self.exercise.reason_for(what) is not None or what in self.autodiff_names:
            return what
        return what if sandbox.is_reportable(violation.code, what) else ""

    def _add_termination(self, outcome: Outcome) -> None:
        verdict = VERDICT_OF_TERMINATION[outcome.termination]
        if outcome.termination == Termination.SIGNAL and outcome.max_rss_mb >= self.exercise.limits.memory_mb * 0.9:
            verdict = Verdict.MEMORY_LIMIT
        if verdict is None and any(case.id not in outcome.calls for case in self.exercise.cases):
            # "Completed" without an answer for every case: only a child that writes its own "done" frame gets
            # here. Without this it was graded "0 of 6 passed", a wrong answer, for code that never answered.
            verdict = Verdict.RUNTIME_ERROR
        if outcome.output_flooded:
            verdict = Verdict.OUTPUT_LIMIT
        if verdict:
            self.verdicts.append(verdict)

    def _stopped_while_loading(self, outcome: Outcome) -> Report:
        """The file never finished loading (a loop at the top level, a crash, a limit): no case ran, so none is
        blamed, and the message says where it happened."""
        self._add_violations(outcome)
        self._add_termination(outcome)
        verdict = self._worst() if self.verdicts else Verdict.RUNTIME_ERROR
        if verdict == Verdict.FORBIDDEN and self.violation:
            message = self.violation
        elif verdict == Verdict.TIME_LIMIT and not outcome.output_flooded:
            # Nothing of the function ran: the time went to code at the top of the file, and the learner should
            # know that is where to look.
            message = say("report.loading_timeout", seconds=self._time_limit(outcome),
                          function=self.exercise.function.name)
        else:
            message = (*say("report.while_loading"), *self._termination_message(outcome))
        report = self.finish(verdict, message, not_run=True)
        report.stdout, report.stdout_truncated = self._stdout(outcome)
        return report

    def _unfinished_status(self, outcome: Outcome) -> CaseStatus:
        return CaseStatus.TIMEOUT if outcome.termination in (Termination.WALL, Termination.CPU) else CaseStatus.ERROR

    def _termination_message(self, outcome: Outcome) -> Message:
        if outcome.output_flooded:
            return say("verdict.output_limit.message", kb=self.exercise.limits.output_kb)
        if outcome.termination in (Termination.WALL, Termination.CPU):
            return say("case.timeout", seconds=self._time_limit(outcome))
        if outcome.termination == Termination.SIGNAL:
            return say("case.crashed", signal=_signal_name(outcome.exit_code))
        if outcome.termination == Termination.RESULT_SIZE:
            return say("case.result_too_large", mb=MAX_RESULT // 2**20)
        return say("case.stopped")

    def _time_limit(self, outcome: Outcome) -> str:
        limits = self.exercise.limits
        return f"{limits.cpu_seconds if outcome.termination == Termination.CPU else limits.wall_seconds:g}"

    def _error_message(self, error: ErrorInfo, *, hidden: bool = False) -> Message:
        if error.kind == ErrorKind.FORBIDDEN and error.violation:
            phase = "hidden" if hidden else sandbox.MODULE_PHASE
            message = self._violation_message(Violation(*error.violation, phase))
            return message if hidden else (*message, *self._at_line(error.line))
        if error.kind == ErrorKind.MEMORY:
            return say("verdict.memory_limit.message", mb=self.exercise.limits.memory_mb)
        if error.kind == ErrorKind.OUTPUT:
            return say("verdict.output_limit.message", kb=self.exercise.limits.output_kb)
        if hidden:
            # Not the message, not the type, not the line: the code chooses all three (`raise ValueError(str(
            # x.tolist()))`, `type("L3c00", (Exception,), {})`, which line raises), so each could carry the hidden
            # inputs out like the printed output that the report withholds for these cases.
            return say(f"case.{_HIDDEN_ERRORS.get(error.kind, 'hidden_error')}")
        if error.kind == ErrorKind.EXIT:
            text = say("case.exit_called")
        else:
            text = say("report.python_error", type=error.type, message=error.message)
        return (*text, *self._at_line(error.line))

    def _at_line(self, line: int | None) -> Message:
        """The learner's own line, quoted on a line of its own (nothing when unknown)."""
        if line and 0 < line <= len(self.lines):
            return ("\n", *say("report.at_line", line=line), self.lines[line - 1].strip())
        return ()

    def _summary(self, verdict: Verdict, outcome: Outcome) -> Message:
        passed = sum(c.status == CaseStatus.PASSED for c in self.cases)
        total = len(self.cases)
        if verdict == Verdict.FORBIDDEN and self.violation:
            # The case where it was tripped says so with the learner's line; a swallowed trip has no case.
            tripped = next((c for c in self.cases if c.status == CaseStatus.FORBIDDEN), None)
            return (*say("report.in_case", case=tripped.kind), *tripped.message) if tripped else self.violation
        if verdict in (Verdict.RUNTIME_ERROR, Verdict.MEMORY_LIMIT, Verdict.OUTPUT_LIMIT, Verdict.FORBIDDEN):
            broken = next((c for c in self.cases if c.status in (CaseStatus.ERROR, CaseStatus.FORBIDDEN)), None)
            if broken is not None:
                return (*say("report.in_case", case=broken.kind), *broken.message)
            return self._termination_message(outcome)
        if verdict == Verdict.INTERNAL_ERROR:  # only a broken checker gets here; its case says how it broke
            broken = next((c for c in self.cases if c.status == CaseStatus.FAILED), None)
            return say("verdict.internal_error.message", detail=broken.message if broken else ())
        if verdict == Verdict.TIME_LIMIT:
            slow = next((c for c in self.cases if c.status == CaseStatus.TIMEOUT), None)
            return say("verdict.time_limit.message", seconds=self._time_limit(outcome),
                       case=slow.kind if slow else "")
        return say(f"verdict.{verdict}.message", passed=passed, total=total)

    def _worst(self) -> Verdict:
        return min(self.verdicts or [Verdict.ACCEPTED], key=SEVERITY.index)

    def _stdout(self, outcome: Outcome) -> tuple[str, bool]:
        parts = [outcome.module_stdout] + [outcome.calls[c.id].stdout for c in self.exercise.cases
                                           if c.visible and c.id in outcome.calls]
        hidden_printed = any(not c.visible and c.id in outcome.calls and outcome.calls[c.id].printed
                             for c in self.exercise.cases)
        text = "".join(parts)
        if hidden_printed:
            self.notes.append(say("report.hidden_output"))
        return text, outcome.output_truncated

    def _plot(self, outcome: Outcome) -> dict[str, Any] | None:
        call = outcome.calls.get(PLOT_CALL)
        if call is None or not self.exercise.plot_grid:
            return None
        start, stop, num = self.exercise.plot_grid
        learner = None
        data = getattr(call.value, "data", None)
        if call.ok and isinstance(data, np.ndarray) and data.shape == (num,) and data.dtype.kind in "biuf":
            learner = values.display(data.astype(np.float64), limit=None)  # its length is the grid's, checked
        return {"x": values.display(np.linspace(start, stop, num), limit=None), "learner": learner}

    # --- the report ------------------------------------------------------------------------------------------

    def finish(self, verdict: Verdict, message: Message, *, not_run: bool = False) -> Report:
        if not_run and not self.cases:
            for case in self.exercise.cases:
                self._add_case(case, CaseStatus.NOT_RUN, ())
        # A syntax error is fixed in the syntax, a refusal by removing what was refused, a NameError or a time limit
        # in the code's own plumbing: hints about the maths would only distract. A refusal gets the hint that
        # explains it instead.
        if verdict == Verdict.FORBIDDEN:
            codes = dict.fromkeys(_REFUSAL_HINTS.get(code, "other") for code in self.refusals or ["other"])
            targeted = [say(f"hint.refusal.{code}") for code in codes]
            hints: list[Message] = []
        elif verdict in _HINTED and not self.not_running:
            targeted, hints = self.targeted, [(h,) for h in self.exercise.hints]
        else:
            targeted, hints = [], []
        return Report(
            exercise=self.exercise.slug, track=self.track, verdict=verdict, message=message,
            passed=sum(c.status == CaseStatus.PASSED for c in self.cases), total=len(self.exercise.cases),
            cases=self.cases, hints=[*targeted, *hints], targeted=len(targeted), mistakes=self.mistakes,
            issues=self.issues, notes=self.notes,
        )


def _signal_name(exit_code: int) -> str:
    try:
        return signal.Signals(-exit_code).name
    except ValueError:
        return str(-exit_code)


__all__ = ["Busy", "grade"]
