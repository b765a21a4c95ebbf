"""The compatibility corpus: correct, idiomatic GELU solutions in many styles, each of which must be accepted.

Every file in `corpus/` is a complete module defining `gelu(x)`. A refusal here is a policy bug (the policy or
the tripwire is too strict for code learners really write), to be fixed in sandbox/, never by dropping the file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mljudge.judge.exercise import Exercise
from mljudge.sandbox import policy
from mljudge.sandbox.pool import Pool
from tests.judging import judged

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.py"))


def test_the_corpus_is_broad() -> None:
    tracks = [policy.detect_track(path.read_text(), "gelu").track for path in CORPUS]
    assert len(CORPUS) >= 24
    assert tracks.count("numpy") >= 12 and tracks.count("torch") >= 10


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_idiomatic_solution_is_accepted(gelu: Exercise, pool: Pool, path: Path) -> None:
    source = path.read_text()
    track = policy.detect_track(source, "gelu").track
    assert path.stem.startswith("np_" if track == "numpy" else "torch_"), "name files after their track"
    report = judged(gelu, source, track, pool=pool)
    failed = [(c.id, c.status, c.message) for c in report.cases if c.status != "passed"]
    assert report.verdict == "accepted", (report.message, report.issues, failed)
    assert report.passed == report.total == len(gelu.cases)
    assert not report.issues
