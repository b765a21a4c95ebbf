"""mljudge in a notebook or a script: `check` an exercise with a function you wrote, `show` its prompt and starter,
take a `hint`, list the `exercises`. Exported lazily by `mljudge` itself (`import mljudge; mljudge.check(…)`).

    import mljudge
    mljudge.show("gelu")
    def gelu(x): ...
    mljudge.check("gelu", gelu)                      # graded here, in the sandbox `judge run` uses
    mljudge.check("gelu", gelu, server="https://…")  # graded by the course server, recorded in your history

The function's source is what is sent — its cell or module, with the helpers, constants and imports it uses
(client.source): the report shows what was sent. `server` defaults to $MLJUDGE_SERVER, `lang` to the notebook's
locale ($LC_ALL, $LC_MESSAGES, $LANG). docs/notebooks.md has it all.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mljudge.client import local, remote
from mljudge.client.answer import CheckReport
from mljudge.client.errors import BadArgument, SourceNotFound
from mljudge.client.server import ENV, CourseServer
from mljudge.client.source import Sent, from_function, from_text
from mljudge.judge.i18n import DEFAULT_LANG, LANGS, t

__all__ = ["CheckReport", "check", "exercises", "hint", "load_ipython_extension", "show"]

# The hints of the latest report a server sent per (server, exercise): a server's course may not be this
# machine's, and its answers carry every hint.
_server_hints: dict[tuple[str, str], list[str]] = {}


def _lang(lang: str | None) -> str:
    if lang is not None:
        code = lang.strip().lower().replace("_", "-").partition("-")[0]
        if code not in LANGS:
            raise BadArgument(f"lang={lang!r}: mljudge speaks {', '.join(LANGS)}")
        return code
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            code = value.lower().replace("_", "-").partition("-")[0].partition(".")[0]
            return code if code in LANGS else DEFAULT_LANG
    return DEFAULT_LANG


def _server(server: str | None) -> CourseServer | None:
    url = server if server is not None else os.environ.get(ENV, "")
    return CourseServer(url) if url.strip() else None


def _sent(function: Any, name: str, namespace: dict[str, Any]) -> tuple[Sent, str]:
    """What to send for `function` (a function, its source as a string, or a path to a .py file)."""
    if isinstance(function, Path):
        try:
            return from_text(function.read_text(encoding="utf-8"), str(function)), function.name
        except (OSError, UnicodeError) as exc:
            raise BadArgument(f"cannot read {function}: {getattr(exc, 'strerror', None) or exc}") from None
    if isinstance(function, str):
        return from_text(function), "solution.py"
    if not callable(function):
        raise SourceNotFound(f"mljudge.check needs the function you wrote (or its code as a string, or a Path to a "
                             f".py file), not a {type(function).__name__}: nothing was sent")
    return from_function(function, name, namespace), "solution.py"


def check(slug: str, function: Any, *, track: str | None = None, lang: str | None = None,
          server: str | None = None) -> CheckReport:
    """Grade `function` against exercise `slug` and return its report (it displays itself in Jupyter).

    `function`: the function you wrote (its source is taken from its cell or module, with what it uses there), or
    its code as a string, or a Path to a .py file. `track`: "numpy" or "torch" (default: detected from the
    code). `lang`: "en" or "ru" (default: the locale). `server`: a course server's URL (default:
    $MLJUDGE_SERVER; none: graded on this machine)."""
    said = _lang(lang)
    namespace = sys._getframe(1).f_globals
    course_server = _server(server)
    if course_server is None:
        graded = local.local_exercise(slug).function.name
        sent, filename = _sent(function, graded, namespace)
        return local.grade_here(slug, sent, track=track, lang=said, filename=filename)
    detail = remote.served_exercise(course_server, slug, said)
    function_spec = detail.get("function")
    graded = str(function_spec.get("name")) if isinstance(function_spec, dict) else slug
    sent, _ = _sent(function, graded, namespace)
    report = remote.grade_on_server(course_server, slug, sent, track=track, lang=said,
                                    title=str(detail.get("title") or slug))
    said_hints = report.hints
    _server_hints[(course_server.url, slug)] = said_hints[report.localised.targeted:]
    return report


def load_ipython_extension(ipython: Any) -> None:
    """`%load_ext mljudge`: the cell magic `%%check SLUG [--track T] [--lang L] [--server URL]`, which grades the
    cell as it is written — a file of its own, its imports included — and shows the report. The cell is sent even
    when Python could not run it (a syntax error is reported at its line); it is not run in the notebook."""
    import argparse
    import shlex

    parser = argparse.ArgumentParser(prog="%%check", add_help=False, exit_on_error=False)
    parser.add_argument("slug")
    parser.add_argument("--track")
    parser.add_argument("--lang")
    parser.add_argument("--server")

    def check_cell(line: str, cell: str) -> CheckReport:
        try:
            args = parser.parse_args(shlex.split(line))
        except (argparse.ArgumentError, ValueError, SystemExit):
            raise BadArgument("usage: %%check SLUG [--track numpy|torch] [--lang en|ru] [--server URL]") from None
        return check(args.slug, cell, track=args.track, lang=args.lang, server=args.server)

    ipython.register_magic_function(check_cell, magic_kind="cell", magic_name="check")


# --- reading the course ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shown:
    """Text to read, displayed as Markdown in Jupyter and as plain text elsewhere."""

    markdown: str

    def __str__(self) -> str:
        return self.markdown

    def __repr__(self) -> str:
        return self.markdown

    def _repr_markdown_(self) -> str:
        return self.markdown


def show(slug: str, *, track: str | None = None, lang: str | None = None, server: str | None = None) -> Shown:
    """The exercise's prompt and starter code (as `judge show`)."""
    said = _lang(lang)
    course_server = _server(server)
    if course_server is not None:
        detail = remote.served_exercise(course_server, slug, said)
        starters = detail.get("starters") if isinstance(detail.get("starters"), dict) else {}
        assert isinstance(starters, dict)
        chosen = track or next(iter(starters), "")
        prompt = detail.get("prompt")
        text = prompt.get("markdown", "") if isinstance(prompt, dict) else ""
        function = detail.get("function")
        signature = function.get("signature", "") if isinstance(function, dict) else ""
        return _shown(str(detail.get("title", slug)), str(signature), str(text), chosen,
                      str(starters.get(chosen, "")), said)
    exercise = local.local_exercise(slug)
    if track is not None and track not in exercise.tracks:
        raise BadArgument(f"exercise {slug!r} has no {track} track (it has: {', '.join(exercise.tracks)})")
    chosen = track or next(iter(exercise.tracks))
    return _shown(exercise.title.get_in(said), exercise.function.signature, exercise.prompt.get_in(said), chosen,
                  exercise.track(chosen).starter.get_in(said), said)


def _shown(title: str, signature: str, prompt: str, track: str, starter: str, lang: str) -> Shown:
    return Shown(f"# {title}\n\n    {signature}\n\n{prompt.rstrip()}\n\n## {t('cli.starter', lang, track=track)}\n\n"
                 f"```python\n{starter.rstrip()}\n```\n")


def hint(slug: str, n: int = 1, *, lang: str | None = None, server: str | None = None) -> Shown:
    """The exercise's `n`-th hint (they escalate: 1 nudges, the last nearly tells). With a server whose answers
    this notebook has had, that server's hints."""
    said = _lang(lang)
    course_server = _server(server)
    if course_server is not None and (course_server.url, slug) in _server_hints:
        hints = _server_hints[(course_server.url, slug)]
    elif course_server is not None and slug not in local.local_catalog().slugs():
        raise BadArgument(f"the hints of {slug!r} come with its reports: check it on {course_server.url} first")
    else:
        hints = [h.get_in(said) for h in local.local_exercise(slug).hints]
    if not 1 <= n <= len(hints):
        raise BadArgument(t("client.no_hint", said, slug=slug, count=len(hints), number=n))
    return Shown(f"**{t('client.hint_heading', said, number=n, count=len(hints))}:** {hints[n - 1]}")


@dataclass(frozen=True)
class ExerciseInfo:
    slug: str
    title: str
    module: str
    tracks: tuple[str, ...]


class Exercises:
    """The course's exercises, in course order: iterate, or look at it (a table in Jupyter)."""

    def __init__(self, items: list[ExerciseInfo]) -> None:
        self.items = items

    def __iter__(self) -> Iterator[ExerciseInfo]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    @property
    def slugs(self) -> list[str]:
        return [e.slug for e in self.items]

    def __str__(self) -> str:
        return "\n".join(f"{e.slug:<16} {e.title:<48} [{', '.join(e.tracks)}]" for e in self.items)

    def __repr__(self) -> str:
        return str(self)

    def _repr_markdown_(self) -> str:
        def cell(text: str) -> str:
            return text.replace("|", "\\|").replace("\n", " ")

        rows = "".join(f"| `{cell(e.slug)}` | {cell(e.title)} | {cell(', '.join(e.tracks))} |\n" for e in self.items)
        return "| exercise | title | tracks |\n|---|---|---|\n" + rows


def exercises(*, lang: str | None = None, server: str | None = None) -> Exercises:
    """The course's exercises: this machine's course, or the server's."""
    said = _lang(lang)
    course_server = _server(server)
    if course_server is not None:
        listed = course_server.exercises().get("exercises")
        return Exercises([ExerciseInfo(str(e.get("slug")), str((e.get("title") or {}).get(said, e.get("slug"))),
                                       str(e.get("module", "")), tuple(e.get("tracks") or ()))
                          for e in listed or [] if isinstance(e, dict)])
    found = local.local_catalog()
    return Exercises([ExerciseInfo(e.slug, e.title.get_in(said), e.module or "", tuple(e.tracks))
                      for e in found.all(on_error=lambda slug, exc: None)])
