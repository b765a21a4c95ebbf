"""Graded by a course server: the code goes to `judge serve`, the hidden cases never leave it, and the submission
is recorded there under this machine's learner token (client.tokens) — the same history as `judge run --server`."""

from __future__ import annotations

from mljudge.client.answer import Report
from mljudge.client.errors import UsageError
from mljudge.client.server import CourseServer, Refused
from mljudge.client.source import Sent


def exercise(server: CourseServer, slug: str, lang: str) -> dict[str, object]:
    """The exercise as the server serves it (its title, its function's name); UsageError when it has none."""
    try:
        return server.exercise(slug, lang)
    except Refused as exc:
        if exc.status == 404:
            raise UsageError(f"{server.url} has no exercise {slug!r} (`judge list` shows this machine's course, "
                             f"{server.url} its own)") from None
        raise


def grade(server: CourseServer, slug: str, sent: Sent, *, track: str | None, lang: str,
          title: str | None = None) -> Report:
    if title is None:
        title = str(exercise(server, slug, lang).get("title") or slug)
    try:
        answer = server.submit(slug, sent.code, track, lang)
    except Refused as exc:
        if exc.status in (404, 413, 422):  # no such exercise, the code too large, no such track: the request's
            raise UsageError(str(exc)) from None
        raise
    return Report(answer, title=title, graded_by=server.url, sent=sent)
