"""The sandbox's closed sets of codes: how an exception raised by the submission is classed, and how a run ended.
The judge maps each to a verdict in one table (judge.report); the child speaks ErrorKind on the wire, and anything
else it says is read as a plain error."""

from __future__ import annotations

from enum import StrEnum


class ErrorKind(StrEnum):
    ERROR = "error"
    MEMORY = "memory"
    FORBIDDEN = "forbidden"
    OUTPUT = "output"
    RECURSION = "recursion"
    EXIT = "exit"

    @classmethod
    def parse(cls, value: object) -> ErrorKind:
        """What the child said, or ERROR for anything that is not a kind (the child is not trusted)."""
        try:
            return cls(str(value)) if isinstance(value, str) else cls.ERROR
        except ValueError:
            return cls.ERROR


class Termination(StrEnum):
    COMPLETED = "completed"
    WALL = "wall"
    CPU = "cpu"
    SIGNAL = "signal"
    EXIT = "exit"
    RESULT_SIZE = "result_size"
    GARBLED = "garbled"
    INTERNAL = "internal"


class Rule(StrEnum):
    """Whose rule a refusal enforces: the exercise's (what its solutions are built from) or the judge's safety, the
    same in every exercise. The two are said differently (judge.refusals)."""

    EXERCISE = "exercise"
    SAFETY = "safety"


class Refusal(StrEnum):
    """Why the policy or the tripwire refused something: the codes of `policy.Issue`s that are refusals and of
    the child's violations (sandbox.runner checks a violation frame's code against these)."""

    FORBIDDEN_CALL = "forbidden_call"  # a name the exercise forbids (with its own reason)
    OUTSIDE_VOCABULARY = "outside_vocabulary"  # outside what the exercise builds from
    UNSAFE_CALL = "unsafe_call"  # raw memory, code from bytes or text (sandbox.corners)
    FORBIDDEN_IMPORT = "forbidden_import"
    FORBIDDEN_MODULE = "forbidden_module"
    FORBIDDEN_BUILTIN = "forbidden_builtin"
    FORBIDDEN_OPERATION = "forbidden_operation"  # the audit hook's: files, processes, ctypes, ...
    PRIVATE_ATTRIBUTE = "private_attribute"
    PRIVATE_OBJECT = "private_object"
    PRIVATE_NAME = "private_name"
    INSPECT_ATTRIBUTE = "inspect_attribute"
    PATCHING = "patching"
    CLASS_DUNDER = "class_dunder"
    RAW_MEMORY = "raw_memory"
    RESTRICTED = "restricted"  # RestrictedPython's own refusals (below: the ones with words of their own)
    UNSUPPORTED_STATEMENT = "unsupported_statement"
    STAR_IMPORT = "star_import"
    METACLASS = "metaclass"

    @property
    def rule(self) -> Rule:
        return Rule.EXERCISE if self in (Refusal.FORBIDDEN_CALL, Refusal.OUTSIDE_VOCABULARY) else Rule.SAFETY


# Where each refusal is found: by the policy before anything runs, or by the tripwire while it runs (the codes a
# violation frame may carry: sandbox.runner).
POLICY_REFUSALS = frozenset({
    Refusal.FORBIDDEN_CALL, Refusal.OUTSIDE_VOCABULARY, Refusal.UNSAFE_CALL, Refusal.FORBIDDEN_IMPORT,
    Refusal.FORBIDDEN_BUILTIN, Refusal.PRIVATE_NAME, Refusal.PRIVATE_ATTRIBUTE, Refusal.INSPECT_ATTRIBUTE,
    Refusal.RESTRICTED, Refusal.UNSUPPORTED_STATEMENT, Refusal.STAR_IMPORT, Refusal.METACLASS,
})
RUNTIME_REFUSALS = frozenset({
    Refusal.FORBIDDEN_CALL, Refusal.OUTSIDE_VOCABULARY, Refusal.UNSAFE_CALL, Refusal.FORBIDDEN_MODULE,
    Refusal.FORBIDDEN_IMPORT, Refusal.PRIVATE_ATTRIBUTE, Refusal.PRIVATE_OBJECT, Refusal.INSPECT_ATTRIBUTE,
    Refusal.PATCHING, Refusal.FORBIDDEN_OPERATION, Refusal.CLASS_DUNDER, Refusal.RAW_MEMORY,
})
