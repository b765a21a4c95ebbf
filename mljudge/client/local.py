"""Graded on this machine: the course `judge run` uses (the bundled one, or JUDGE_EXERCISES_DIR), the same
`grade_here()`, the sandbox started as `judge run` starts it — and, in the report, what that sandbox lacked here (no
isolation at all, or some layers), since a learner's laptop is often not the server's kind of machine."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

from mljudge.client.answer import CheckReport
from mljudge.client.errors import BadArgument, ClientError, LocalUnavailable
from mljudge.client.source import Sent
from mljudge.judge import course
from mljudge.judge.catalog import Catalog
from mljudge.judge.errors import ExerciseError, UnknownExercise
from mljudge.judge.exercise import Exercise
from mljudge.judge.i18n import t
from mljudge.sandbox import Busy, Pool

HERE = "this machine"


@cache
def local_catalog(root: Path | None = None) -> Catalog:
    found = Catalog(root)
    try:
        course.require(found.root)
    except course.NoCourse as exc:
        raise BadArgument(str(exc)) from None
    return found


def local_exercise(slug: str, root: Path | None = None) -> Exercise:
    try:
        return local_catalog(root).get(slug)
    except UnknownExercise as exc:
        raise BadArgument(str(exc)) from None
    except ExerciseError as exc:
        raise BadArgument(f"exercise {slug!r} cannot be loaded: {exc} (`judge check {slug}` lists every problem)") \
            from None


def grade_here(slug: str, sent: Sent, *, track: str | None, lang: str, root: Path | None = None,
               filename: str = "solution.py") -> CheckReport:
    from mljudge.judge.grade import grade as judge
    from mljudge.judge.lessons import reference_curve
    from mljudge.judge.localise import localise
    from mljudge.judge.pools import course_vocabulary, shared_pool

    if not sys.platform.startswith("linux"):
        raise LocalUnavailable(f"this machine ({sys.platform}) cannot run the judge's sandbox, which needs Linux "
                               "(namespaces, seccomp): nothing was run. Check on the course server instead: "
                               "mljudge.check(slug, function, server=URL), or set MLJUDGE_SERVER")
    found = local_exercise(slug, root)
    if track is not None and track not in found.tracks:
        raise BadArgument(f"exercise {slug!r} has no {track} track (it has: {', '.join(found.tracks)})")
    where = local_catalog(root).root
    pool = shared_pool(course_vocabulary(where), hide=(where,))  # as `judge run`: its jails hide the course too
    try:
        report = judge(found, sent.code, track, filename=filename, plot=True, pool=pool)
    except Busy:
        raise ClientError("the sandbox on this machine is busy with other checks; try again in a moment") from None
    answer = localise(report, lang).to_dict()
    if answer.get("plot") is not None:
        # The right curve on the same grid, from the trusted reference, as the server draws it (web.reports).
        answer["plot"] = {**answer["plot"], "reference": reference_curve(found)}
    return CheckReport(answer, title=found.title.get_in(lang), graded_by=HERE, sent=sent,
                       notes=sandbox_notes(pool, lang))


def sandbox_notes(pool: Pool, lang: str) -> list[str]:
    """What the sandbox lacked on this machine, said plainly (nothing when every layer held)."""
    modes = pool.modes()
    inactive = pool.inactive_layers()
    why = "; ".join(inactive) or "no namespaces"
    if "none" in modes:
        return [t("client.sandbox_unconfined" if pool.allow_unconfined else "client.sandbox_none", lang, why=why)]
    if not modes:  # no zygote came up, or none is idle: the report says what happened
        return []
    return [t("client.sandbox_partial", lang, layers=why)] if inactive else []
