"""Graded by a course server: the code goes to `judge serve`, the hidden cases never leave it, and the submission
is recorded there under this machine's learner token (client.tokens) — the same history as `judge run --server`."""

from __future__ import annotations

from mljudge.client.answer import CheckReport
from mljudge.client.errors import BadArgument
from mljudge.client.server import CourseServer, ServerRefused
from mljudge.client.source import Sent


def served_exercise(server: CourseServer, slug: str, lang: str) -> dict[str, object]:
    """The exercise as the server serves it (its title, its function's name); BadArgument when it has none."""
    try:
        return server.exercise(slug, lang)
    except ServerRefused as exc:
        if exc.status == 404:
            raise BadArgument(f"{server.url} has no exercise {slug!r} (`judge list` shows this machine's course, "
                             f"{server.url} its own)") from None
        raise


def grade_on_server(server: CourseServer, slug: str, sent: Sent, *, track: str | None, lang: str,
          title: str | None = None) -> CheckReport:
    if title is None:
        title = str(served_exercise(server, slug, lang).get("title") or slug)
    try:
        answer = server.submit(slug, sent.code, track, lang)
    except ServerRefused as exc:
        if exc.status in (404, 413, 422):  # no such exercise, the code too large, no such track: the request's
            raise BadArgument(str(exc)) from None
        raise
    return CheckReport(answer, title=title, graded_by=server.url, sent=sent)
