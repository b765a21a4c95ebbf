"""The real-code corpus (issue 16): solutions to our exercises written the way people really write them, each graded
with the track left to the judge, and held to the verdict and track its manifest entry names.

`manifest.toml` is the specification: a refusal of a correct file here is a judge bug (an unused import, a
`__main__` block, a decorator, a parameter named `input` must not cost a learner anything), and so is a wrong file
that is refused instead of getting its real verdict, or a forbidden route that gets through. Fix the judge, never
the entry, unless the entry itself is wrong about the maths.

An entry with `xfail = "<what the judge does wrong>"` is such a judge bug, known and not fixed yet: its test is
expected to fail, strictly, so that the fix shows up as an unexpected pass (then drop the key).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from mljudge.judge.catalog import Catalog
from mljudge.judge.localise import Localised
from mljudge.judge.report import VERDICTS
from mljudge.sandbox import NAMES as TRACK_NAMES
from mljudge.sandbox.pool import Pool
from tests.judging import Ahead, graded_ahead, judged

HERE = Path(__file__).parent
SOLUTIONS = HERE / "solutions"
CATALOG = Catalog()
WRONG = ("wrong_answer", "runtime_error")


@dataclass(frozen=True)
class Entry:
    """One manifest table: a file and what the judge must say about it."""

    path: Path
    exercise: str
    verdict: str
    track: str
    message_has: tuple[str, ...]
    first_hint_has: tuple[str, ...]
    why: str
    xfail: str = ""  # what the current judge does wrong with this file, if it does


def _load_manifest() -> list[Entry]:
    tables = tomllib.loads((HERE / "manifest.toml").read_text(encoding="utf-8"))["solution"]
    return [Entry(path=HERE / t["path"], exercise=t["exercise"], verdict=t["verdict"], track=t["track"],
                  message_has=tuple(t.get("message_has", ())), first_hint_has=tuple(t.get("first_hint_has", ())),
                  why=t["why"], xfail=t.get("xfail", "")) for t in tables]


ENTRIES = _load_manifest()


def test_every_solution_file_has_exactly_one_entry() -> None:
    listed = [entry.path.resolve() for entry in ENTRIES]
    assert len(listed) == len(set(listed)), "a file is listed twice"
    on_disk = {path.resolve() for path in SOLUTIONS.glob("*.py")}
    assert on_disk - set(listed) == set(), "files without a manifest entry"
    assert set(listed) - on_disk == set(), "entries without a file"


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.path.name for e in ENTRIES])
def test_entry_is_well_formed(entry: Entry) -> None:
    exercise = CATALOG.get(entry.exercise)
    assert entry.verdict in VERDICTS
    assert entry.track in exercise.tracks
    assert entry.why.strip()
    assert entry.xfail == entry.xfail.strip(), "an xfail reason says what the judge does wrong, in one line"
    # The file defines the exercise's function: an entry cannot pass by naming the wrong exercise.
    assert f"def {exercise.function.name}(" in entry.path.read_text(encoding="utf-8")


def test_the_corpus_is_broad() -> None:
    verdicts = [e.verdict for e in ENTRIES]
    accepted_tracks = {e.track for e in ENTRIES if e.verdict == "accepted"}
    assert len(ENTRIES) >= 40
    assert sum(v in WRONG for v in verdicts) >= len(ENTRIES) // 4, "about a third must be real bugs"
    assert verdicts.count("forbidden") >= 3 and verdicts.count("runtime_error") >= 2
    assert accepted_tracks == set(TRACK_NAMES)
    assert len({e.exercise for e in ENTRIES}) >= 12


def _known_judge_bug(entry: Entry) -> pytest.MarkDecorator | tuple[()]:
    return pytest.mark.xfail(reason=entry.xfail, strict=True) if entry.xfail else ()


@pytest.fixture(scope="module")
def corpus_graded(request: pytest.FixtureRequest, pool: Pool) -> Iterator[Ahead[Localised]]:
    def run(entry: Entry, client: str) -> Localised:
        return judged(CATALOG.get(entry.exercise), entry.path.read_text(encoding="utf-8"), None,
                      filename=entry.path.name, pool=pool, client=client)

    with graded_ahead(request, "test_real_code_gets_its_verdict", "entry", run) as ahead:
        yield ahead


@pytest.mark.parametrize("entry", [pytest.param(e, id=e.path.name, marks=_known_judge_bug(e)) for e in ENTRIES])
def test_real_code_gets_its_verdict(entry: Entry, corpus_graded: Ahead[Localised]) -> None:
    report = corpus_graded.get(entry)
    context = _explain(entry, report)
    assert report.verdict != "internal_error", context
    assert report.verdict == entry.verdict, context
    assert report.track == entry.track, context
    said = "\n".join([report.message, *report.notes, *report.hints])
    missing = [word for word in entry.message_has if word not in said]
    assert not missing, f"missing {missing}\n{context}"
    first_hint = report.hints[0] if report.hints else ""
    missing = [word for word in entry.first_hint_has if word not in first_hint]
    assert not missing, f"missing {missing} in the first hint: {first_hint}\n{context}"


def _explain(entry: Entry, report: Localised) -> str:
    """What a failure prints: the entry's intent and what the judge answered, enough to act on."""
    failed = [f"{c.id}: {c.status} {c.message}" for c in report.cases if c.status != "passed"][:3]
    issues = [f"{i.line}:{i.col} {i.code} {i.message}" for i in report.issues]
    return "\n".join([f"{entry.path.name} ({entry.why})",
                      f"expected {entry.verdict} in {entry.track}, got {report.verdict} in {report.track}",
                      f"message: {report.message}", *(f"issue: {i}" for i in issues),
                      *(f"note: {n}" for n in report.notes), *(f"case {c}" for c in failed)])
