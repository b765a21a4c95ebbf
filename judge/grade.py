"""`grade()`: the one entry point that judges a submission. The CLI, the web API and the authoring tools all
call it; none of them grades anything itself.

    source ─► policy check ─► sandboxed run (sandbox.runner) ─► compare here ─► verdict, cases, hints ─► Report
"""

from __future__ import annotations

import inspect
import signal
from typing import Any

import numpy as np

import sandbox
from judge import advice, i18n, values
from judge.compare import Comparison, array_type_problem, compare
from judge.exercise import Case, Exercise
from judge.i18n import t
from judge.mistakes import recognise
from judge.pools import shared_pool
from judge.report import SEVERITY, CaseReport, Report, SourceIssue
from sandbox import MAX_RESULT, Array, Busy, Call, CallOutcome, ErrorInfo, Job, Outcome, Pool, Violation

PLOT_CALL = "plot"
# What a failed hidden case says: one fixed sentence per reason, never a number, a name or a text the submission
# chose or computed — expected values or errors (repeated submissions could solve for them), its own shapes,
# lengths, NaN positions, type and exception names, lines, timings (each could be made to spell out the hidden
# inputs, one run at a time). The judge's own words only.
_HIDDEN_REASONS = {"wrong_values": "hidden_differs", "wrong_scalar": "hidden_differs", "nan": "hidden_nan",
                   "wrong_shape": "hidden_wrong_shape", "wrong_length": "hidden_wrong_length",
                   "wrong_type": "hidden_wrong_type", "wrong_dtype": "hidden_wrong_type",
                   "not_integer": "hidden_differs", "missing_key": "hidden_wrong_type",
                   "wrong_dtype_object": "hidden_wrong_type"}
_HIDDEN_ERRORS = {"error": "hidden_error", "recursion": "hidden_recursion", "exit": "exit_called"}
# Which sentence explains a refusal, by what was refused.
_REFUSAL_HINTS = {"forbidden_import": "import", "forbidden_call": "call", "forbidden_builtin": "outside",
                  "forbidden_module": "outside", "forbidden_operation": "outside", "private_attribute": "private",
                  "private_object": "private", "private_name": "private", "inspect_attribute": "outside",
                  "patching": "patching", "class_dunder": "outside", "raw_memory": "outside"}


def grade(exercise: Exercise, source: str | bytes, track: str | None = None, *, lang: str = "en",
          filename: str = "solution.py", plot: bool = False, pool: Pool | None = None,
          detect_unchanged: bool = True, client: str = "") -> Report:
    """Judge `source` against `exercise` in `track` (one of sandbox.tracks; detected from what the graded function
    uses when None).
    Returns a Report in `lang`. With `detect_unchanged=False` an unchanged starter is run like any code
    (authors check that it is not accepted). Raises UnknownTrack for a track the exercise lacks and
    sandbox.pool.Busy when every sandbox slot is taken; every problem of the submission itself is a verdict,
    never an exception. `client` (the web's client address) is who waits in the sandboxes' fair queue: raises
    sandbox.pool.ClientBusy when that client already has as many submissions in flight as it may."""
    lang = i18n.normalize_lang(lang)
    detected = None
    if track is None:
        track, detected = _detect_track(exercise, source)
    chosen = exercise.track(track)
    grader = _Grader(exercise, track, lang)
    if detected is not None and detected.several and detected.reason == "uses":
        grader.notes.append(t("note.track_chosen", lang, track=track, function=exercise.function.name,
                              other=next((o for o in exercise.tracks if o != track), track)))

    try:
        text = sandbox.decode_source(source)
        if detect_unchanged and _normalize(text) == _normalize(chosen.starter):
            return grader.finish("not_attempted", t("verdict.not_attempted.message", lang,
                                                    function=exercise.function.name))
        forbidden = exercise.forbidden_for(track)
        rules = sandbox.Rules.of(chosen.imports, [n for f in forbidden for n in f.names])
        program = sandbox.vet(text, rules, filename)
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
              forbidden_names=tuple(n for f in forbidden for n in f.names),
              forbidden_aten=tuple(op for f in forbidden for op in f.aten))
    grader.notes.extend(t(f"note.{n.code}", lang, line=n.line, **n.params) for n in program.notes)
    grader.mismatches = advice.signature_mismatches(program.source, exercise)
    outcome = sandbox.run(job, exercise.limits, pool or shared_pool(), client=client)
    return grader.judge(outcome, program.source)


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
    """Turns what the sandbox observed into a Report, in one language."""

    def __init__(self, exercise: Exercise, track: str, lang: str) -> None:
        self.exercise, self.track, self.lang = exercise, track, lang
        self.cases: list[CaseReport] = []
        self.verdicts: list[str] = []
        self.issues: list[SourceIssue] = []
        self.notes: list[str] = []
        self.mistakes: list[str] = []
        self.targeted: list[str] = []
        self.violation: str | None = None
        self.lines: list[str] = []
        self.mismatches: dict[str, advice.Mismatch] = {}  # cases the learner's signature cannot take
        self.refusals: list[str] = []  # codes of what was refused, for the hints that explain refusals

    def t(self, key: str, **params: Any) -> str:
        return t(key, self.lang, **params)

    # --- before running --------------------------------------------------------------------------------------

    def rejected(self, rejected: sandbox.Rejected, source: str | bytes) -> Report:
        lines = (source.decode("utf-8", "replace") if isinstance(source, bytes) else source).splitlines()
        for issue in rejected.issues:
            message = self.t(f"policy.{issue.code}", **issue.params)
            self.refusals.append(issue.code)
            if issue.code == "forbidden_import":
                message += " " + self.t(f"policy.import_reason.{issue.params.get('reason', 'other')}",
                                        allowed=issue.params.get("allowed", ""))
            if issue.code == "forbidden_call":
                reason = self.exercise.reason_for(issue.params["name"])
                message += f" {reason.get_in(self.lang)}" if reason else ""
            self.issues.append(SourceIssue(issue.line, issue.col, message, issue.code))
        first = self.issues[0]
        where = (self.t("report.at_line_col", line=first.line, col=first.col) if first.line and first.col
                 else self.t("report.at_line", line=first.line) if first.line else "")
        code_line = lines[first.line - 1].strip() if 0 < first.line <= len(lines) else ""
        message = f"{where}{first.message}" + (f"\n    {code_line}" if code_line else "")
        verdict = "compile_error" if rejected.kind == "compile" else "forbidden"
        return self.finish(verdict, message, not_run=True)

    # --- after running ---------------------------------------------------------------------------------------

    def judge(self, outcome: Outcome, source: str) -> Report:
        self.lines = source.splitlines()
        if outcome.termination == "internal":
            return self.finish("internal_error", self.t("verdict.internal_error.message",
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
                status = "not_run" if unfinished else self._unfinished_status(outcome)
                unfinished = True
                self._add_case(case, status, self._termination_message(outcome) if status != "not_run" else "")
                failed.append(case.id)
                continue
            passed = self._grade_case(case, call, answers)
            if call.ok:
                answers[case.id] = call.value
            if not passed:
                failed.append(case.id)
            if call.mutated and case.visible and not self.exercise.function.pure:
                self.notes.append(self.t("report.mutated", case=case.id, names=", ".join(call.mutated)))

        self._add_violations(outcome)
        self._add_termination(outcome)
        if not self.verdicts and failed:
            self.verdicts.append("wrong_answer")
        if "wrong_answer" in self.verdicts and set(self.verdicts) <= {"wrong_answer"}:
            for mistake in recognise(self.exercise, self.track, answers, failed):
                self.mistakes.append(mistake.id)
                self.targeted.append(mistake.hint.get_in(self.lang))
            low = _low_precision({cid: answers[cid] for cid in failed if cid in answers})
            if low:
                self.notes.append(self.t("report.low_precision", dtype=low))
        verdict = self._worst()
        if verdict in ("wrong_answer", "runtime_error") and not self.mistakes:
            ambiguous = any("truth value of an array" in (c.error.message if c.error else "")
                            or "Boolean value of Tensor" in (c.error.message if c.error else "")
                            for c in outcome.calls.values())
            self.targeted += [self.t(f"hint.idiom.{code}.{self.track}") for code in advice.idioms(source)
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
            if call.error.type in case.raises:
                self._add_case(case, "passed", self.t("case.raised_as_expected", type=call.error.type), call=call)
                return True
            kind_verdict = {"memory": "memory_limit", "forbidden": "forbidden", "output": "output_limit"}
            verdict = kind_verdict.get(call.error.kind, "runtime_error")
            self.verdicts.append(verdict)
            status = "forbidden" if verdict == "forbidden" else "error"
            mismatch = self.mismatches.get(case.id)
            if mismatch is not None and call.error.type == "TypeError":
                # The judge's own sentence, from the public signature: fine for a hidden case too.
                message = self._mismatch_message(case, mismatch)
            else:
                message = self._error_message(call.error, hidden=not case.visible)
            self._add_case(case, status, message, call=call)
            return False
        if case.raises:
            self._add_case(case, "failed", self.t("case.should_raise", types=" / ".join(case.raises)), call=call)
            return False
        if call.mutated and self.exercise.function.pure:
            # Parameter names only: the same sentence for hidden cases, it says nothing about their inputs.
            self._add_case(case, "failed", self.t("case.mutated", names=", ".join(call.mutated)), call=call)
            return False
        if self.exercise.checker:
            check = self._custom_check(case, call, earlier)
        else:
            check = compare(self.exercise.expected[case.id], call.value, self.exercise.function.returns,
                            case.tolerance, self.track)
        if check.passed:
            self._add_case(case, "passed", "", call=call, max_error=check.max_abs_error)
            return True
        where = self.t("case.at_path", path=check.path) if check.path else ""
        if not case.visible and check.reason != "custom":
            self._add_case(case, "failed", self.t(f"case.{_HIDDEN_REASONS.get(check.reason, 'hidden_differs')}"),
                           call=call)
            return False
        message = where + self.t(f"case.{check.reason}", **check.params)
        self._add_case(case, "failed", message, call=call, max_error=check.max_abs_error,
                       first_diff=check.first_diff, diff_indices=check.diff_indices)
        return False

    def _mismatch_message(self, case: Case, mismatch: advice.Mismatch) -> str:
        args, kwargs = self.exercise.call_args(case.args)
        required = [p.name for p in self.exercise.function.params if p.required][: len(args)]
        call = ", ".join([*required, *(f"{k}=…" for k in kwargs)])
        return self.t(f"case.signature_{mismatch.problem}", function=self.exercise.function.name, call=call,
                      name=mismatch.name, parameters=mismatch.parameters,
                      signature=self.exercise.function.signature)

    def _custom_check(self, case: Case, call: CallOutcome, earlier: dict[str, Any]) -> Comparison:
        if self.exercise.function.returns.kind in ("array", "int_array"):
            problem = array_type_problem(call.value, self.track)
            if problem is not None:
                return problem
        checker = self.exercise.checker
        assert checker is not None
        # A checker that takes `earlier` also sees the cases before this one with the answers they got in the same
        # run, as (case, answer) pairs: "the same seed gives the same mask" is a property of two answers.
        if "earlier" in inspect.signature(checker).parameters:
            cases = {c.id: c for c in self.exercise.cases}
            extra = {"earlier": [(cases[cid], value) for cid, value in earlier.items()]}
        else:
            extra = {}
        try:
            result = checker(case, self.exercise.expected.get(case.id), call.value, **extra)
        except Exception as exc:  # a broken checker is the judge's fault
            self.verdicts.append("internal_error")
            return Comparison(False, "checker_failed", {"detail": f"{type(exc).__name__}: {exc}"})
        if isinstance(result, Comparison):
            return result
        passed, message = result if isinstance(result, tuple) and len(result) == 2 else (result, "")
        if not isinstance(passed, bool | np.bool_):  # "yes" or an array must not pass by being truthy
            self.verdicts.append("internal_error")
            return Comparison(False, "checker_failed", {"detail": f"the checker returned {type(passed).__name__}, "
                                                             "not True/False or (True/False, message)"})
        text = message.get_in(self.lang) if isinstance(message, i18n.Text) else str(message)
        return Comparison(bool(passed), "" if passed else "custom", {"message": text})

    def _add_case(self, case: Case, status: str, message: str, *, call: CallOutcome | None = None,
                  max_error: float | None = None, first_diff: tuple[int, ...] | None = None,
                  diff_indices: tuple[int, ...] = ()) -> None:
        report = CaseReport(id=case.id, kind=case.kind.get_in(self.lang), visible=case.visible,
                            status=status, message=message,  # type: ignore[arg-type]
                            max_abs_error=max_error if case.visible else None,
                            ms=call.ms if call and case.visible else None)
        if case.visible:
            report.input = {k: values.display(v) for k, v in case.args.items()}
            expected = self.exercise.expected.get(case.id)
            report.expected = values.display(expected) if expected is not None else None
            report.got = values.display(call.value) if call is not None and call.ok else None
            report.first_diff_index = list(first_diff) if first_diff is not None else None
            report.diff_indices = list(diff_indices) if diff_indices else None
        self.cases.append(report)

    def _module_failed(self, outcome: Outcome) -> Report:
        error = outcome.module_error
        assert error is not None
        verdict = {"memory": "memory_limit", "forbidden": "forbidden", "output": "output_limit"}.get(
            error.kind, "runtime_error")
        if verdict == "forbidden" and error.violation:
            message = self._error_message(error)
        else:
            message = self.t("report.while_loading") + self._error_message(error)
        report = self.finish(verdict, message, not_run=True)
        report.stdout, report.stdout_truncated = self._stdout(outcome)
        return report

    def _missing(self, outcome: Outcome) -> Report:
        missing = outcome.missing or {}
        name = missing.get("name", self.exercise.function.name)
        if missing.get("found"):
            message = self.t("verdict.compile_error.not_callable", name=name, found=missing["found"])
        elif missing.get("defined"):
            message = self.t("verdict.compile_error.missing_with_defined", name=name,
                             defined=", ".join(missing["defined"]))
        else:
            message = self.t("verdict.compile_error.missing", name=name)
        report = self.finish("compile_error", message, not_run=True)
        report.stdout, report.stdout_truncated = self._stdout(outcome)
        return report

    def _add_violations(self, outcome: Outcome) -> None:
        if outcome.violations:
            self.refusals.append(outcome.violations[0].code)
            self.verdicts.append("forbidden")
            self.violation = self._violation_message(outcome.violations[0])

    def _violation_message(self, violation: Violation) -> str:
        what = self._shown_name(violation)
        if not what:  # sandbox.guards withholds names that do not exist; hidden cases show only known names
            return self.t(f"runtime.{violation.code}_unnamed")
        message = self.t(f"runtime.{violation.code}", name=what)
        reason = self.exercise.reason_for(what)
        return message + (f" {reason.get_in(self.lang)}" if reason else "")

    def _shown_name(self, violation: Violation) -> str:
        """What a violation may name: anything seen while the file loaded or in a visible case; during a hidden
        case only names from the judge's own vocabulary (the exercise's forbidden names and ops, the always-unsafe
        ones, the audit's events), never a name the submission could have built from the inputs."""
        what = violation.what
        visible = {case.id for case in self.exercise.cases if case.visible} | {sandbox.MODULE_PHASE, PLOT_CALL}
        if violation.phase in visible or self.exercise.reason_for(what) is not None:
            return what
        return what if sandbox.is_known(violation.code, what) else ""

    def _add_termination(self, outcome: Outcome) -> None:
        verdict = {"wall": "time_limit", "cpu": "time_limit", "result_size": "output_limit",
                   "signal": "runtime_error", "exit": "runtime_error", "garbled": "runtime_error"}.get(
            outcome.termination)
        if outcome.termination == "signal" and outcome.max_rss_mb >= self.exercise.limits.memory_mb * 0.9:
            verdict = "memory_limit"
        if verdict is None and any(case.id not in outcome.calls for case in self.exercise.cases):
            # "Completed" without an answer for every case: only a child that writes its own "done" frame gets
            # here. Without this it was graded "0 of 6 passed", a wrong answer, for code that never answered.
            verdict = "runtime_error"
        if outcome.output_flooded:
            verdict = "output_limit"
        if verdict:
            self.verdicts.append(verdict)

    def _stopped_while_loading(self, outcome: Outcome) -> Report:
        """The file never finished loading (a loop at the top level, a crash, a limit): no case ran, so none is
        blamed, and the message says where it happened."""
        self._add_violations(outcome)
        self._add_termination(outcome)
        verdict = self._worst() if self.verdicts else "runtime_error"
        message = self.violation if verdict == "forbidden" and self.violation else (
            self.t("report.while_loading") + self._termination_message(outcome))
        report = self.finish(verdict, message, not_run=True)
        report.stdout, report.stdout_truncated = self._stdout(outcome)
        return report

    def _unfinished_status(self, outcome: Outcome) -> str:
        return "timeout" if outcome.termination in ("wall", "cpu") else "error"

    def _termination_message(self, outcome: Outcome) -> str:
        if outcome.output_flooded:
            return self.t("verdict.output_limit.message", kb=self.exercise.limits.output_kb)
        if outcome.termination in ("wall", "cpu"):
            return self.t("case.timeout", seconds=self._time_limit(outcome))
        if outcome.termination == "signal":
            return self.t("case.crashed", signal=_signal_name(outcome.exit_code))
        if outcome.termination == "result_size":
            return self.t("case.result_too_large", mb=MAX_RESULT // 2**20)
        return self.t("case.stopped")

    def _time_limit(self, outcome: Outcome) -> str:
        limits = self.exercise.limits
        return f"{limits.cpu_seconds if outcome.termination == 'cpu' else limits.wall_seconds:g}"

    def _error_message(self, error: ErrorInfo, *, hidden: bool = False) -> str:
        if error.kind == "forbidden" and error.violation:
            phase = "hidden" if hidden else sandbox.MODULE_PHASE
            message = self._violation_message(Violation(*error.violation, phase))
            return message if hidden else message + self._at_line(error.line)
        if error.kind == "memory":
            return self.t("verdict.memory_limit.message", mb=self.exercise.limits.memory_mb)
        if error.kind == "output":
            return self.t("verdict.output_limit.message", kb=self.exercise.limits.output_kb)
        if hidden:
            # Not the message, not the type, not the line: the code chooses all three (`raise ValueError(str(
            # x.tolist()))`, `type("L3c00", (Exception,), {})`, which line raises), so each could carry the hidden
            # inputs out like the printed output that the report withholds for these cases.
            return self.t(f"case.{_HIDDEN_ERRORS.get(error.kind, 'hidden_error')}")
        if error.kind == "exit":
            text = self.t("case.exit_called")
        else:
            text = f"{error.type}: {error.message}" if error.message else error.type
        return text + self._at_line(error.line)

    def _at_line(self, line: int | None) -> str:
        """The learner's own line, quoted on a line of its own ("" when unknown)."""
        if line and 0 < line <= len(self.lines):
            return "\n" + self.t("report.at_line", line=line) + self.lines[line - 1].strip()
        return ""

    def _summary(self, verdict: str, outcome: Outcome) -> str:
        passed = sum(c.status == "passed" for c in self.cases)
        total = len(self.cases)
        if verdict == "forbidden" and self.violation:
            # The case where it was tripped says so with the learner's line; a swallowed trip has no case.
            tripped = next((c for c in self.cases if c.status == "forbidden"), None)
            return self.t("report.in_case", case=tripped.kind) + tripped.message if tripped else self.violation
        if verdict in ("runtime_error", "memory_limit", "output_limit", "forbidden"):
            broken = next((c for c in self.cases if c.status in ("error", "forbidden")), None)
            if broken is not None:
                return self.t("report.in_case", case=broken.kind) + broken.message
            return self._termination_message(outcome)
        if verdict == "internal_error":  # only a broken checker gets here; its case says how it broke
            broken = next((c for c in self.cases if c.status == "failed"), None)
            return self.t("verdict.internal_error.message", detail=broken.message if broken else "")
        if verdict == "time_limit":
            slow = next((c for c in self.cases if c.status == "timeout"), None)
            return self.t("verdict.time_limit.message", seconds=self._time_limit(outcome),
                          case=slow.kind if slow else "")
        return self.t(f"verdict.{verdict}.message", passed=passed, total=total)

    def _worst(self) -> str:
        return min(self.verdicts or ["accepted"], key=SEVERITY.index)

    def _stdout(self, outcome: Outcome) -> tuple[str, bool]:
        parts = [outcome.module_stdout] + [outcome.calls[c.id].stdout for c in self.exercise.cases
                                           if c.visible and c.id in outcome.calls]
        hidden_printed = any(not c.visible and c.id in outcome.calls and outcome.calls[c.id].printed
                             for c in self.exercise.cases)
        text = "".join(parts)
        if hidden_printed:
            self.notes.append(self.t("report.hidden_output"))
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

    def finish(self, verdict: str, message: str, *, not_run: bool = False) -> Report:
        if not_run and not self.cases:
            for case in self.exercise.cases:
                self._add_case(case, "not_run", "")
        # A syntax error is fixed in the syntax, a refusal by removing what was refused: hints about the maths would
        # only distract from either. A refusal gets the hint that explains it instead.
        if verdict == "forbidden":
            codes = dict.fromkeys(_REFUSAL_HINTS.get(code, "other") for code in self.refusals or ["other"])
            hints = [self.t(f"hint.refusal.{code}") for code in codes]
        elif verdict in ("accepted", "internal_error", "compile_error"):
            hints = []
        else:
            hints = self.targeted + [h.get_in(self.lang) for h in self.exercise.hints]
        return Report(
            exercise=self.exercise.slug, track=self.track, lang=self.lang,
            verdict=verdict,  # type: ignore[arg-type]
            verdict_label=self.t(f"verdict.{verdict}.label"), message=message,
            passed=sum(c.status == "passed" for c in self.cases), total=len(self.exercise.cases),
            cases=self.cases, hints=hints, mistakes=self.mistakes, issues=self.issues, notes=self.notes,
        )


def _signal_name(exit_code: int) -> str:
    try:
        return signal.Signals(-exit_code).name
    except ValueError:
        return str(-exit_code)


__all__ = ["Busy", "grade"]
