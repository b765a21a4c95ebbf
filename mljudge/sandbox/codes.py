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
