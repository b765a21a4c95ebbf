"""Library routes to an exercise's answer that the exercise should not allow (issue 20, item 7): for each of the 28
exercises, in each track where a class applies, attacks of four classes, written as a determined learner would:

- `neighbour`: another library function that becomes the answer at an extreme parameter or after rescaling (an
  activation of k·x divided by k, a loss or distribution whose formula is the exercise's, a recurrent kernel with
  saturated gates);
- `kernel`: the same computation under another kernel (sparse, quantized, mkldnn, a backward kernel used
  forwards, a 3-D kernel for a 2-D task, a fused kernel);
- `subclass`: a subclass of a forbidden class, or a member of a forbidden module reached by another path;
- `stdlib`: the standard library's twin of a forbidden function (`cmath` beside `math`, `decimal`, `statistics`).

The attacks are data, one file per exercise in vocabulary/<slug>.toml; an exercise's `[absent]` table says why a
class cannot apply to it. Each attack is checked twice: here, outside the sandbox, that it really computes the
exercise's answer (so its refusal means something, and an attack that silently stops working is noticed); and
graded for real, where it must be `forbidden`. What today's judge still accepts says so (`on_main = "accepted"`):
an expected failure, strict, so the suite stays green and each route that closes turns into an XPASS whose mark is
then removed. Any other verdict than `forbidden` or `accepted` (a wrong answer, an internal error) fails for real.
"""

from __future__ import annotations

import enum
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from mljudge.judge.catalog import Catalog
from mljudge.judge.compare import compare
from mljudge.judge.exercise import Exercise
from mljudge.sandbox import wire, worker
from mljudge.sandbox.pool import Pool
from mljudge.sandbox.tracks import track as track_named
from tests.judging import judged
from tests.sandbox.attacks.common import NEEDS_ROOT

HERE = Path(__file__).parent / "vocabulary"
CATALOG = Catalog()


class Route(enum.Enum):
    NEIGHBOUR = "neighbour"
    KERNEL = "kernel"
    SUBCLASS = "subclass"
    STDLIB = "stdlib"


class Accepted(AssertionError):
    """The judge accepted an attack: the route is still open."""


class NotRefused(AssertionError):
    """The judge neither accepted nor refused an attack, but failed it otherwise (a `runtime_error` from inside
    the library where a refusal was due): closed by accident, with a message that explains nothing."""


# What today's judge may answer instead of `forbidden`, and the failure that stands for it.
ON_MAIN = {"forbidden": None, "accepted": Accepted, "runtime_error": NotRefused}


@dataclass(frozen=True)
class VocabularyAttack:
    exercise: str
    id: str
    track: str
    route: Route
    source: str
    on_main: str  # "forbidden", or the verdict today's judge gives instead ("accepted")

    def param(self) -> Any:
        failure = ON_MAIN[self.on_main]
        reason = f"{self.on_main} on main: {self.route.value}"
        marks = () if failure is None else (pytest.mark.xfail(strict=True, raises=failure, reason=reason),)
        return pytest.param(self, id=f"{self.exercise}-{self.track}-{self.id}", marks=marks)


def _load() -> tuple[list[VocabularyAttack], dict[str, dict[str, str]]]:
    attacks, absent = [], {}
    for path in sorted(HERE.glob("*.toml")):
        table = tomllib.loads(path.read_text(encoding="utf-8"))
        absent[path.stem] = table.get("absent", {})
        attacks += [VocabularyAttack(path.stem, a["id"], a["track"], Route(a["route"]), a["source"],
                                     a.get("on_main", "forbidden")) for a in table.get("attack", [])]
    return attacks, absent


ATTACKS, ABSENT = _load()


def test_every_exercise_is_attacked_by_every_class_or_says_why_not() -> None:
    assert set(ABSENT) == set(CATALOG.slugs()), "one file per exercise"
    for slug, reasons in ABSENT.items():
        assert {Route(r) for r in reasons} <= set(Route)
        tried = {a.route for a in ATTACKS if a.exercise == slug}
        missing = {r for r in Route if r not in tried and r.value not in reasons}
        assert not missing, f"{slug}: no attack of {sorted(r.value for r in missing)} and no reason in [absent]"
        assert all(reason.strip() for reason in reasons.values())


@pytest.mark.parametrize("attack", [pytest.param(a, id=f"{a.exercise}-{a.track}-{a.id}") for a in ATTACKS])
def test_attack_is_well_formed(attack: VocabularyAttack) -> None:
    exercise = CATALOG.get(attack.exercise)
    assert attack.track in exercise.tracks
    assert attack.on_main in ON_MAIN
    assert attack.source.startswith("# "), "the first line says why the attack computes the answer"
    assert f"def {exercise.function.name}(" in attack.source
    same = [a for a in ATTACKS if (a.exercise, a.track, a.id) == (attack.exercise, attack.track, attack.id)]
    assert len(same) == 1, "ids are unique per exercise and track"


@pytest.mark.filterwarnings("ignore")  # the libraries' deprecation and performance notes about the attacks' routes
@pytest.mark.parametrize("attack", [pytest.param(a, id=f"{a.exercise}-{a.track}-{a.id}") for a in ATTACKS])
def test_attack_computes_the_answer_outside_the_sandbox(attack: VocabularyAttack) -> None:
    """Run in this process as plain Python, the attack passes every case of its exercise: its refusal is the
    exercise's rule at work, not an attack that happens to be wrong."""
    exercise = CATALOG.get(attack.exercise)
    failures = plain_failures(exercise, attack.source, attack.track)
    assert not failures, failures


@NEEDS_ROOT
@pytest.mark.parametrize("attack", [a.param() for a in ATTACKS])
def test_attack_is_forbidden(attack: VocabularyAttack, pool: Pool) -> None:
    report = judged(CATALOG.get(attack.exercise), attack.source, attack.track, pool=pool)
    assert report.verdict != "internal_error", report.message
    if report.verdict == "accepted":
        raise Accepted(f"{attack.route.value} route accepted")
    if report.verdict == "runtime_error" and attack.on_main == "runtime_error":
        raise NotRefused(report.message)
    assert report.verdict == "forbidden", (report.verdict, report.message, [c.message for c in report.cases])


# --- outside the sandbox ---------------------------------------------------------------------------------------


def plain_failures(exercise: Exercise, source: str, track: str) -> list[str]:
    """The cases `source` fails when run as plain Python in `track` (inputs as the child gets them, answers turned
    into plain numbers as the child sends them, compared or checked as grade() does)."""
    namespace: dict[str, Any] = {"__name__": "attack"}
    exec(compile(source, f"<attack {exercise.slug}>", "exec"), namespace)
    function = namespace[exercise.function.name]
    to_array = track_named(track).to_array
    failures: list[str] = []
    earlier: list[tuple[Any, Any]] = []
    for case in exercise.cases:
        args, kwargs = exercise.call_args(case.args)
        before = [np.array(a, copy=True) for a in _arrays([*args, *kwargs.values()])]
        args = tuple(_convert(a, to_array) for a in args)
        kwargs = {k: _convert(v, to_array) for k, v in kwargs.items()}
        try:
            value = function(*args, **kwargs)
        except Exception as exc:
            if type(exc).__name__ not in case.raises:
                failures.append(f"{case.id}: raised {type(exc).__name__}: {exc}")
            continue
        if case.raises:
            failures.append(f"{case.id}: should raise {case.raises}")
            continue
        after = _arrays([*args, *kwargs.values()])
        if exercise.function.pure and any(not np.array_equal(b, np.asarray(a)) for b, a in zip(before, after,
                                                                                                 strict=True)):
            failures.append(f"{case.id}: changed an input")
        blob = wire.BlobWriter()
        got = wire.decode_value(worker.encode_result(value, blob), blob.getvalue())
        if exercise.checker is None:
            passed = compare(exercise.expected[case.id], got, exercise.function.returns, case.tolerance,
                             track).passed
        else:
            passed = exercise.checker(case, exercise.expected.get(case.id), got, list(earlier)) is None
        earlier.append((case, got))
        if not passed:
            failures.append(f"{case.id}: wrong answer")
    return failures


def _convert(value: Any, to_array: Any) -> Any:
    if isinstance(value, dict):
        return {k: _convert(v, to_array) for k, v in value.items()}
    return to_array(np.array(value, copy=True)) if isinstance(value, np.ndarray) else value


def _arrays(values: list[Any]) -> list[Any]:
    found = []
    for value in values:
        if isinstance(value, dict):
            found += _arrays(list(value.values()))
        elif isinstance(value, np.ndarray) or hasattr(value, "numpy"):
            found.append(value if isinstance(value, np.ndarray) else value.detach().numpy())
    return found
