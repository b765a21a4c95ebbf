"""A pool grades the course it was made for: `course_pool(root)` (what `judge serve`, `judge worker`, `judge check`
and `judge grade` use) allows the words of that course's own vocabulary.toml, which a pool made for the bundled
course cannot; grade() says so as the judge's fault instead of refusing the learner."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mljudge.judge.catalog import Catalog
from mljudge.judge.grade import grade
from mljudge.judge.pools import course_pool, new_pool

BUNDLED = Path(__file__).resolve().parents[2] / "mljudge" / "exercises"
# GELU with a word the bundled course lacks: its own course declares it, the exercise adds it.
WORD = '[word.polynomials]\nbase = false\nnumpy = ["polyval"]\n'
SOURCE = ("import numpy as np\n\ndef gelu(x):\n    c = np.polyval([1.0, 0.0], 1.0)  # 1.0, from the course's own word\n"
          "    return c * 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))\n")


@pytest.fixture
def own_course(tmp_path: Path) -> Path:
    root = tmp_path / "course"
    root.mkdir()
    shutil.copy(BUNDLED / "course.toml", root / "course.toml")
    shutil.copytree(BUNDLED / "gelu", root / "gelu", ignore=shutil.ignore_patterns("__pycache__"))
    (root / "vocabulary.toml").write_text(WORD, encoding="utf-8")
    meta = root / "gelu" / "exercise.toml"
    text = meta.read_text(encoding="utf-8")
    assert "adds = [" in text  # gelu adds sigmoid: one more word beside it
    meta.write_text(text.replace("adds = [", 'adds = ["polynomials", ', 1), encoding="utf-8")
    return root


def test_a_course_pool_allows_the_course_s_own_words(own_course: Path) -> None:
    exercise = Catalog(own_course).get("gelu")
    pool = course_pool(own_course, 1)
    try:
        report = grade(exercise, SOURCE, "numpy", pool=pool)
    finally:
        pool.close()
    assert report.verdict == "accepted", report.message


def test_a_pool_made_for_another_course_is_the_judge_s_fault_not_the_learner_s(own_course: Path) -> None:
    exercise = Catalog(own_course).get("gelu")
    pool = new_pool(1)  # the bundled course's words only
    try:
        report = grade(exercise, SOURCE, "numpy", pool=pool)
    finally:
        pool.close()
    assert report.verdict == "internal_error"
