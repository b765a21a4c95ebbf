"""`judge run SLUG FILE --server URL` and `judge history [SLUG] --server URL [--browser]`: the terminal's side of
a course server. The report printed is `judge run`'s, the exit codes too (0 accepted, 1 another verdict, 2 a usage
error or a server that cannot be used); what only the server adds (the submission's id) goes to stderr, so that
stdout is the same report whoever graded it."""

from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import datetime

from mljudge.client import remote
from mljudge.client.errors import BadArgument
from mljudge.client.server import ENV, CourseServer, ServerRefused
from mljudge.client.source import from_text
from mljudge.judge import render
from mljudge.judge.i18n import normalize_lang, t

EXIT_OK, EXIT_FAIL = 0, 1


def server_of(args: argparse.Namespace) -> str | None:
    """The server a command talks to: --server, else $MLJUDGE_SERVER (unless --local); None: this machine."""
    if getattr(args, "local", False):
        return None
    given = getattr(args, "server", None)
    return given if given is not None else (os.environ.get(ENV) or None)


def run_on_server(args: argparse.Namespace, url: str) -> int:
    server = CourseServer(url)
    lang = normalize_lang(args.lang)
    try:
        code = args.file.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise BadArgument(f"no such file: {args.file}") from None
    except UnicodeDecodeError:
        raise BadArgument(f"{args.file} is not UTF-8 text") from None
    except OSError as exc:
        raise BadArgument(f"cannot read {args.file}: {exc.strerror}") from None
    report = remote.grade_on_server(server, args.exercise, from_text(code, str(args.file)), track=args.track, lang=lang)
    said = report.shown(args.hints)
    if args.json:
        print(json.dumps({**said.to_dict(), "submission_id": report.submission_id}, ensure_ascii=False, indent=2))
    else:
        render.write(render.render(said, report.title, color=render.use_color(sys.stdout, args.color)))
    if report.submission_id:
        print(t("client.submitted", lang, server=server.url, id=report.submission_id, slug=args.exercise),
              file=sys.stderr)
    return EXIT_OK if report.passed else EXIT_FAIL


def history_command(args: argparse.Namespace) -> int:
    url = server_of(args)
    if not url:
        raise BadArgument(f"judge history lists a course server's record: --server URL (or ${ENV})")
    server = CourseServer(url)
    lang = normalize_lang(args.lang)
    if args.browser:
        return _browser(server, args.exercise, lang)
    if args.exercise:
        remote.served_exercise(server, args.exercise, lang)  # an unknown exercise is said as such, not as "nothing yet"
    found = server.history(args.exercise, lang)
    if found is None:
        print(t("client.history_none", lang, server=server.url))
        return EXIT_OK
    items = [s for s in found.get("submissions", []) if isinstance(s, dict)]
    if args.json:
        print(json.dumps(items, ensure_ascii=False, indent=2))
        return EXIT_OK
    if not items:
        print(t("client.history_empty", lang, slug=args.exercise or "—", server=server.url)
              if args.exercise else t("client.history_none", lang, server=server.url))
        return EXIT_OK
    for item in items:
        print(f"{_when(item.get('created_at'))}  {item.get('exercise', ''):<16} {item.get('track', ''):<6} "
              f"{render.terminal_safe(str(item.get('verdict_label', ''))):<22} "
              f"{item.get('passed', 0)}/{item.get('total', 0):<4} {item.get('id', '')}")
    return EXIT_OK


def _browser(server: CourseServer, slug: str | None, lang: str) -> int:
    try:
        link = server.link(slug, lang)
    except ServerRefused as exc:
        if exc.error == "no_learner":  # the token kept here is not one this server issued (its keys were renewed)
            raise BadArgument(t("client.history_none", lang, server=server.url)) from None
        if exc.status in (404, 405) and exc.error != "not_found":
            raise BadArgument(f"{server.url} does not open histories in a browser (an older mljudge?)") from None
        if exc.status == 404:
            raise BadArgument(str(exc)) from None
        raise
    if link is None:
        print(t("client.history_none", lang, server=server.url))
        return EXIT_FAIL
    path, seconds = link.get("path"), link.get("expires_in")
    if not isinstance(path, str) or not path.startswith("/") or not isinstance(seconds, int):
        raise BadArgument(f"{server.url} answered with no link")
    print(server.url + path)
    print(t("client.link_open", lang, minutes=max(1, seconds // 60), server=server.url), file=sys.stderr)
    return EXIT_OK


def _when(stamp: object) -> str:
    try:
        return datetime.fromisoformat(str(stamp)).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return str(stamp)[:16]
