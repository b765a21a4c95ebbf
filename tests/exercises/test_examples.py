"""Every exercise's example submissions get the verdict their folder names, and its model solutions are
accepted, in the real sandbox. (`judge check` does more; this is the part every exercise is pinned by.)"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mljudge.judge.authoring.check import read_header
from mljudge.judge.catalog import Catalog
from mljudge.judge.grade import grade
from mljudge.judge.localise import localise
from mljudge.judge.report import Report
from mljudge.sandbox.pool import Pool
from tests.judging import Ahead, graded_ahead, judged

CATALOG = Catalog()


def _examples() -> list[tuple[str, Path]]:
    return [(slug, path) for slug in CATALOG.slugs()
            for path in sorted((CATALOG.root / slug / "submissions").glob("*/*.py"))]


def _graded(path: Path, pool: Pool, client: str) -> Report:
    source = path.read_text(encoding="utf-8")
    return grade(CATALOG.get(path.parts[-4]), source, read_header(source).track, filename=path.name, pool=pool,
                 client=client)


@pytest.fixture(scope="module")
def examples_graded(request: pytest.FixtureRequest, pool: Pool) -> Iterator[Ahead[Report]]:
    with graded_ahead(request, "test_example_submission_gets_its_verdict", "path",
                      lambda path, client: _graded(path, pool, client)) as ahead:
        yield ahead


@pytest.mark.parametrize(("slug", "path"), _examples(), ids=lambda v: v if isinstance(v, str) else
                         f"{v.parent.name}/{v.name}")
def test_example_submission_gets_its_verdict(slug: str, path: Path, examples_graded: Ahead[Report]) -> None:
    exercise = CATALOG.get(slug)
    header = read_header(path.read_text(encoding="utf-8"))
    neutral = examples_graded.get(path)
    report = localise(neutral, "en")
    assert report.verdict == path.parent.name, report.message
    if header.mistakes:
        # Each named mistake is recognised, and their targeted hints come first, in the order of mistakes.toml
        # and in both languages (one run, said twice).
        assert set(header.mistakes) <= set(report.mistakes)
        named = [m for m in exercise.mistakes if m.id in header.mistakes]
        for lang in ("en", "ru"):
            said = report if lang == "en" else localise(neutral, lang)
            assert said.hints[:len(named)] == [m.hint.get_in(lang) for m in named]


@pytest.mark.parametrize(("slug", "track"), [(s, t) for s in CATALOG.slugs() for t in CATALOG.get(s).tracks])
def test_model_solution_is_accepted(slug: str, track: str, pool: Pool) -> None:
    exercise = CATALOG.get(slug)
    report = judged(exercise, exercise.track(track).solution, track, pool=pool)
    assert report.verdict == "accepted", report.message
    assert report.passed == report.total == len(exercise.cases)
