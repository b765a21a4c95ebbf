"""How a refusal is said: the exercise's rule with its own reason ("`F.softplus` is outside what this exercise
builds from. The point of this exercise is …"), the judge's safety with the safe way where there is one ("… the
judge never runs it. For the windows of an array, `sliding_window_view` …"), and which hint explains each.

The policy's issues (before anything runs) and the child's violations (while it runs) are said here, and only
here, for grade() and the phases after it (judge.observe).
"""

from __future__ import annotations

from typing import assert_never

from mljudge import sandbox
from mljudge.judge import i18n
from mljudge.judge.exercise import Exercise
from mljudge.judge.i18n import DEFAULT_LANG
from mljudge.judge.report import Message, say
from mljudge.sandbox import Refusal, Violation


def hint_key(code: str) -> str:
    """The hint (hint.refusal.<key>) that explains a refusal of this code; "other" for what is not one."""
    try:
        refusal = Refusal(code)
    except ValueError:
        return "other"
    match refusal:
        case Refusal.FORBIDDEN_CALL:
            return "call"
        case Refusal.OUTSIDE_VOCABULARY:
            return "vocabulary"
        case Refusal.UNSAFE_CALL | Refusal.RAW_MEMORY:
            return "unsafe"
        case Refusal.FORBIDDEN_IMPORT:
            return "import"
        case Refusal.PRIVATE_ATTRIBUTE | Refusal.PRIVATE_OBJECT | Refusal.PRIVATE_NAME:
            return "private"
        case Refusal.PATCHING:
            return "patching"
        case (Refusal.FORBIDDEN_MODULE | Refusal.FORBIDDEN_BUILTIN | Refusal.FORBIDDEN_OPERATION
              | Refusal.INSPECT_ATTRIBUTE | Refusal.CLASS_DUNDER):
            return "outside"
        case Refusal.RESTRICTED | Refusal.UNSUPPORTED_STATEMENT | Refusal.STAR_IMPORT | Refusal.METACLASS:
            return "other"
        case _:
            assert_never(refusal)


class RefusalWords:
    """What one exercise in one track says about what it refuses."""

    def __init__(self, exercise: Exercise, track: str) -> None:
        self.exercise = exercise
        # With `autodiff = false`, what the track forbids besides the exercise's own list (gradients by hand).
        self.autodiff_names = frozenset(() if exercise.function.autodiff else sandbox.TRACKS[track].autodiff_names)
        self.visible_phases = ({case.id for case in exercise.cases if case.visible}
                               | {sandbox.MODULE_PHASE, "plot"})

    def issue(self, issue: sandbox.Issue) -> Message:
        """A policy issue as a sentence, with the reason that follows a refusal."""
        message = say(f"policy.{issue.code}", **issue.params)
        if issue.code == Refusal.FORBIDDEN_IMPORT:
            message += (" ", *say(f"policy.import_reason.{issue.params.get('reason', 'other')}",
                                  allowed=issue.params.get("allowed", "")))
        elif issue.code in (Refusal.FORBIDDEN_CALL, Refusal.OUTSIDE_VOCABULARY):
            message += self.reason(issue.params["name"])
        elif issue.code == Refusal.UNSAFE_CALL:
            message += (" ", *say(f"policy.unsafe.{sandbox.unsafe_kind(issue.params['name'])}"),
                        *self.twin(issue.params["name"]))
        return message

    def violation(self, violation: Violation) -> Message:
        """A violation the child reported, as a sentence: named only where the name may be shown."""
        what = self.shown_name(violation)
        if not what:  # sandbox.guards withholds names that do not exist; hidden cases show only known names
            return (*say(f"runtime.{violation.code}_unnamed"), *self.vocabulary_reason(violation.code))
        if violation.code == Refusal.UNSAFE_CALL:
            return (*say("runtime.unsafe_call", name=what), *self.twin(what))
        return (*say(f"runtime.{violation.code}", name=what), *self.reason(what))

    def reason(self, name: str) -> Message:
        """Why `name` is refused here, as a sentence to follow the refusal: the exercise's reason for it, or for
        everything outside its vocabulary (nothing when nobody said why)."""
        reason = self.exercise.reason_for(name)
        if reason is not None:
            return (" ", reason)
        if name in self.autodiff_names:
            return (" ", *say("policy.autodiff_reason"))
        return self.vocabulary_reason(Refusal.OUTSIDE_VOCABULARY)

    def vocabulary_reason(self, code: str) -> Message:
        vocabulary = self.exercise.vocabulary
        if code not in (Refusal.OUTSIDE_VOCABULARY, Refusal.FORBIDDEN_CALL) or vocabulary is None \
                or not vocabulary.reason:
            return ()
        return (" ", vocabulary.reason)

    @staticmethod
    def twin(name: str) -> Message:
        """The safe way to do what an unsafe name does, where there is one."""
        key = f"policy.unsafe.twin.{name}"
        return (" ", *say(key)) if key in i18n.keys(DEFAULT_LANG) else ()

    def shown_name(self, violation: Violation) -> str:
        """What a violation may name: anything seen while the file loaded or in a visible case; during a hidden
        case only names the judge's own words know (the exercise's forbidden names, the always-unsafe ones, the
        audit's events), never a name the submission could have chosen for what it saw in the inputs."""
        what = violation.what
        if (violation.phase in self.visible_phases or self.exercise.reason_for(what) is not None
                or what in self.autodiff_names):
            return what
        return what if sandbox.is_reportable(violation.code, what) else ""
