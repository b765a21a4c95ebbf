"""Every exercise's example submissions get the verdict their folder names, and its model solutions are
accepted, in the real sandbox. (`judge check` does more; this is the part every exercise is pinned by.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mljudge.judge.catalog import Catalog
from mljudge.judge.grade import grade
from mljudge.judge.localise import localise
from mljudge.sandbox.pool import Pool
from tests.judging import judged

CATALOG = Catalog()
_HEADER = re.compile(r"^#\s*(mistake|track):\s*([\w-]+)\s*$", re.MULTILINE)


def _examples() -> list[tuple[str, Path]]:
    return [(slug, path) for slug in CATALOG.slugs()
            for path in sorted((CATALOG.root / slug / "submissions").glob("*/*.py"))]


@pytest.mark.parametrize(("slug", "path"), _examples(), ids=lambda v: v if isinstance(v, str) else
                         f"{v.parent.name}/{v.name}")
def test_example_submission_gets_its_verdict(slug: str, path: Path, pool: Pool) -> None:
    exercise = CATALOG.get(slug)
    source = path.read_text(encoding="utf-8")
    headers = dict(_HEADER.findall(source))
    neutral = grade(exercise, source, headers.get("track"), filename=path.name, pool=pool)
    report = localise(neutral, "en")
    assert report.verdict == path.parent.name, report.message
    if "mistake" in headers:
        assert headers["mistake"] in report.mistakes
        # The targeted hint comes first, in both languages (one run, said twice).
        mistake = next(m for m in exercise.mistakes if m.id == headers["mistake"])
        assert report.hints[0] == mistake.hint.get_in("en")
        assert localise(neutral, "ru").hints[0] == mistake.hint.get_in("ru")


@pytest.mark.parametrize(("slug", "track"), [(s, t) for s in CATALOG.slugs() for t in ("numpy", "torch")])
def test_model_solution_is_accepted(slug: str, track: str, pool: Pool) -> None:
    exercise = CATALOG.get(slug)
    report = judged(exercise, exercise.track(track).solution, track, pool=pool)
    assert report.verdict == "accepted", report.message
    assert report.passed == report.total == len(exercise.cases)
