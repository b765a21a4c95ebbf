"""`grade()`: the one entry point that judges a submission. The CLI, the web API, the workers and the authoring
tools all call it; none of them grades anything itself. It runs pure phases, each in its own module:

    source ─► prepare (the track, the starter, the policy: judge.grade) ─► the sandbox (sandbox.run)
           ─► observe (each case compared or checked, the run's ending: judge.observe)
           ─► decide (the verdict, what leads, mistakes, hints, what a hidden case shows: judge.decide) ─► Report
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mljudge import sandbox
from mljudge.judge import advice
from mljudge.judge.decide import PLOT_CALL, decide, early
from mljudge.judge.exercise import Exercise
from mljudge.judge.observe import NOT_RUNNING, Observer
from mljudge.judge.pools import shared_pool
from mljudge.judge.refusals import RefusalWords
from mljudge.judge.report import VERDICT_OF_ERROR, Message, Report, SourceIssue, Verdict, say, worst
from mljudge.judge.vocabulary import Refusals
from mljudge.sandbox import Busy, Call, Job, Outcome, Pool, Termination


@dataclass
class _Prepared:
    """What grade() knows before the sandbox: the exercise and track, how its refusals are said, the notes."""

    exercise: Exercise
    track: str
    words: RefusalWords
    notes: list[Message] = field(default_factory=list)
    mismatches: dict[str, advice.Mismatch] = field(default_factory=dict)  # cases the signature cannot take

    def early(self, verdict: Verdict, message: Message, **details: Any) -> Report:
        return early(self.exercise, self.track, verdict, message, notes=self.notes, **details)


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
    ready, job = prepared
    vocabulary = exercise.vocabulary
    union = vocabulary.union if vocabulary is not None else None
    pool = pool or shared_pool({name: v.allowed() for name, v in union.items()} if union is not None else None)
    if union is not None and pool.vocabulary is not None:
        allowed = pool.vocabulary.get(job.track)
        mine = union[job.track]
        if allowed is None or not allowed.covers(mine.names, mine.modules, mine.ops):
            # A pool started for another course cannot allow this one's words: the judge's set-up, not the code's.
            return ready.early(Verdict.INTERNAL_ERROR, say(
                "verdict.internal_error.message",
                detail=f"the sandbox pool was started without the words of {exercise.slug}'s course"))
    outcome = sandbox.run(job, exercise.limits, pool, client=client)
    return _judge(ready, outcome, job.program.source)


def screen(exercise: Exercise, source: str | bytes, track: str | None = None, *,
           filename: str = "solution.py") -> Report | None:
    """The report when no sandbox is needed (an unchanged starter, code that does not compile or that the policy
    refuses), exactly as grade() gives it; None when the code must run. The web asks this before it queues a
    submission for a worker, so such code never waits in the queue."""
    prepared = _prepare(exercise, source, track, filename=filename, plot=False, detect_unchanged=True)
    return prepared if isinstance(prepared, Report) else None


def _prepare(exercise: Exercise, source: str | bytes, track: str | None, *, filename: str, plot: bool,
             detect_unchanged: bool) -> Report | tuple[_Prepared, Job]:
    """Everything before the sandbox: the track, the starter, the policy; a Report when that decides it."""
    detected = None
    if track is None:
        track, detected = _detect_track(exercise, source)
    chosen = exercise.track(track)
    ready = _Prepared(exercise, track, RefusalWords(exercise, track))
    if detected is not None and detected.several and detected.reason == "uses":
        ready.notes.append(say("note.track_chosen", track=track, function=exercise.function.name,
                                other=next((o for o in exercise.tracks if o != track), track)))

    try:
        text = sandbox.decode_source(source)
        # Unchanged in any language: the starters differ only in their words (judge.starters).
        if detect_unchanged and _normalize(text) in {_normalize(starter) for starter in chosen.starter.values()}:
            return ready.early(Verdict.NOT_ATTEMPTED, say("verdict.not_attempted.message",
                                                           function=exercise.function.name))
        forbidden = exercise.forbidden_for(track)
        vocabulary, refusals = _vocabulary(exercise, track)
        names = [*(n for f in forbidden for n in f.names), *ready.words.autodiff_names]
        rules = sandbox.Rules.of(chosen.imports, names, vocabulary=vocabulary)
        program = sandbox.vet(text, rules, filename, function=exercise.function.name)
    except sandbox.Rejected as rejected:
        return _rejected(ready, rejected, source)

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
    ready.notes.extend(say(f"note.{n.code}", line=n.line, **n.params) for n in program.notes)
    ready.mismatches = advice.signature_mismatches(program.source, exercise)
    return ready, job


def _vocabulary(exercise: Exercise, track: str) -> tuple[sandbox.NameRules | None, Refusals]:
    """What the policy checks names against, and what the job refuses of its pool's vocabulary."""
    if exercise.vocabulary is None:
        return None, Refusals()
    vocabulary, refusals = exercise.vocabulary.by_track[track]
    return sandbox.NameRules(vocabulary.names, vocabulary.modules, track), refusals


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




def _rejected(ready: _Prepared, rejected: sandbox.Rejected, source: str | bytes) -> Report:
    """The policy's refusal (or a compile error), with every issue and the first one's line quoted."""
    lines = (source.decode("utf-8", "replace") if isinstance(source, bytes) else source).splitlines()
    issues = [SourceIssue(i.line, i.col, ready.words.issue(i), i.code) for i in rejected.issues]
    first = issues[0]
    where = (say("report.at_line_col", line=first.line, col=first.col) if first.line and first.col
             else say("report.at_line", line=first.line) if first.line else ())
    code_line = lines[first.line - 1].strip() if 0 < first.line <= len(lines) else ""
    message = (*where, *first.message, *(("\n    ", code_line) if code_line else ()))
    verdict = Verdict.COMPILE_ERROR if rejected.kind == "compile" else Verdict.FORBIDDEN
    return ready.early(verdict, message, issues=issues, refusals=[i.code for i in rejected.issues])


def _judge(ready: _Prepared, outcome: Outcome, source: str) -> Report:
    """The phases after the sandbox: a file that never got to its cases is said here; the rest observed, then
    decided."""
    exercise, track = ready.exercise, ready.track
    observer = Observer(exercise, track, source, ready.words, ready.mismatches)
    stdout = {"stdout": outcome.module_stdout, "stdout_truncated": outcome.output_truncated}
    if outcome.termination == Termination.INTERNAL:
        return ready.early(Verdict.INTERNAL_ERROR, say("verdict.internal_error.message",
                                                       detail=outcome.internal_error or ""))
    if outcome.module_error is not None:
        error = outcome.module_error
        verdict = VERDICT_OF_ERROR[error.kind]
        message = observer.error_message(error)
        if not (verdict == Verdict.FORBIDDEN and error.violation):
            message = (*say("report.while_loading"), *message)
        return ready.early(verdict, message, refusals=[error.violation[0]] if error.violation else (),
                           not_running=error.type in NOT_RUNNING, **stdout)
    if outcome.missing is not None:
        return ready.early(Verdict.COMPILE_ERROR, _missing(exercise, outcome.missing), **stdout)
    if not outcome.module_ok:
        return _stopped_while_loading(ready, observer, outcome, stdout)
    facts = observer.run(outcome)
    report = decide(exercise, track, facts, observer, source)
    report.notes = [*ready.notes, *report.notes]
    return report


def _missing(exercise: Exercise, missing: dict[str, Any]) -> Message:
    name = missing.get("name", exercise.function.name)
    if missing.get("found"):
        return say("verdict.compile_error.not_callable", name=name, found=missing["found"])
    if missing.get("defined"):
        return say("verdict.compile_error.missing_with_defined", name=name, defined=", ".join(missing["defined"]))
    return say("verdict.compile_error.missing", name=name)


def _stopped_while_loading(ready: _Prepared, observer: Observer, outcome: Outcome, stdout: dict[str, Any]
                           ) -> Report:
    """The file never finished loading (a loop at the top level, a crash, a limit): no case ran, so none is
    blamed, and the message says where it happened."""
    violation, code = observer.first_violation(outcome)
    termination = observer.termination(outcome)
    verdicts = {v for v in (Verdict.FORBIDDEN if violation is not None else None, termination) if v is not None}
    verdict = worst(verdicts) if verdicts else Verdict.RUNTIME_ERROR
    if verdict == Verdict.FORBIDDEN and violation is not None:
        message = violation
    elif verdict == Verdict.TIME_LIMIT and not outcome.output_flooded:
        # Nothing of the function ran: the time went to code at the top of the file, and the learner should know
        # that is where to look.
        message = say("report.loading_timeout", seconds=observer.time_limit(outcome),
                      function=ready.exercise.function.name)
    else:
        message = (*say("report.while_loading"), *observer.termination_message(outcome))
    return ready.early(verdict, message, refusals=[code] if code else (), **stdout)


__all__ = ["PLOT_CALL", "Busy", "Refusals", "grade", "screen"]
