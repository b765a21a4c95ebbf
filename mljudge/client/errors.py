"""What can go wrong on the learner's side before a report exists: one sentence each, never a traceback."""

from __future__ import annotations

from mljudge.judge.errors import JudgeError


class ClientError(JudgeError):
    """Said in one line: by `judge` as `judge: error: …` (exit code 2), by IPython as the message alone."""

    def _render_traceback_(self) -> list[str]:
        # IPython shows what this returns instead of a traceback: the learner needs the sentence, not our frames.
        return [f"{type(self).__name__}: {self}"]


class SourceNotFound(ClientError):
    """The function's source cannot be found (a builtin, a lambda passed inline, a function typed at a prompt)."""


class LocalUnavailable(ClientError):
    """This machine cannot grade at all (the sandbox needs Linux): grade on a course server instead."""


class ServerError(ClientError):
    """The course server could not be reached, refused the request, or answered something the client cannot
    read (another version of mljudge, or not mljudge at all)."""


class BadArgument(ClientError):
    """A bad argument: an unknown exercise or track, a server URL that is not one."""
