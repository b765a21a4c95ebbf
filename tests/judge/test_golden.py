"""Golden reports: `judge run` on a few GELU submissions, as text (no colour) and as JSON, in English and in
Russian, compared whole with the files in tests/golden/ — a changed message fails here as surely as a changed
verdict. Real subprocess, real sandbox, as tests/judge/test_cli.py.

One exercise of every other module has goldens too (tests/golden/<slug>/): each submission is graded once, in this
process on the session's pool, and said the way `judge run` says it (localise, then render without colour or the
JSON dump) in both languages — so a message of any module's checker, mistakes or hints is pinned, while the GELU
goldens above pin the command itself.

What may differ between runs is masked before comparing: each case's `ms` and the run's `stats` (their keys stay),
floats beyond 9 significant digits (the last bits of tanh differ between CPUs), and trailing spaces in the text.
A difference fails with a unified diff. When the change is meant, rewrite the files and read their diff in git:

    .venv/bin/pytest tests/judge/test_golden.py --update-goldens
"""

from __future__ import annotations

import difflib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mljudge.judge import render
from mljudge.judge.catalog import Catalog
from mljudge.judge.grade import grade
from mljudge.judge.localise import default_hints, localise
from mljudge.judge.report import Report
from mljudge.sandbox.pool import Pool

ROOT = Path(__file__).resolve().parents[2]
GOLDENS = ROOT / "tests" / "golden"
GOLDEN = GOLDENS / "gelu"
EXERCISES = ROOT / "mljudge" / "exercises"
GELU = EXERCISES / "gelu"

# case -> the submission: an example of the exercise, or a source of its own (a NameError no example has).
CASES: dict[str, Path | str] = {
    "accepted": GELU / "solutions" / "numpy.py",
    "wrong-answer-no-cubic": GELU / "submissions" / "wrong_answer" / "no_cubic.py",
    "runtime-error-name": "import numpy as np\n\n\ndef gelu(x):\n"
                          "    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * k**3)))\n",
    "compile-error-syntax": GELU / "submissions" / "compile_error" / "syntax.py",
    "forbidden-f-gelu": GELU / "submissions" / "forbidden" / "f_gelu.py",
}
LANGS = ("en", "ru")
FORMS = ("txt", "json")
# The quick loop (`make test-fast`) keeps one report per language and form; the rest is the slow sweep.
QUICK = {("wrong-answer-no-cubic", "en", "txt"), ("wrong-answer-no-cubic", "ru", "json")}
VOLATILE = "…"


TERMINAL_COLUMNS = "100"


def _params() -> list[Any]:
    return [pytest.param(case, lang, form, id=f"{case}-{lang}-{form}",
                         marks=() if (case, lang, form) in QUICK else pytest.mark.slow)
            for case in CASES for lang in LANGS for form in FORMS]


# One exercise of each other module (gelu is "bends") and what its submissions show between them: every verdict
# but the time limit (its run is the budget itself), a recognised mistake, a refusal outside the vocabulary, a
# hidden case that fails, a NumPy and a PyTorch track.
MODULE_CASES: dict[str, tuple[str, ...]] = {
    "sigmoid": ("forbidden/torch_sigmoid.py", "wrong_answer/swapped_branches_torch.py"),  # neuron
    "softmax": ("wrong_answer/naive_numpy.py",),  # layer
    "mse": ("not_attempted/starter_numpy.py", "wrong_answer/half_torch.py"),  # error
    "conv2d": ("wrong_answer/padding_ignored_numpy.py", "forbidden/f_unfold.py"),  # pictures
    "lstm-cell": ("runtime_error/untransposed_numpy.py", "wrong_answer/forget_dropped_numpy.py"),  # memory
    "linear-backward": ("wrong_answer/bias_not_summed_torch.py", "compile_error/misnamed.py"),  # learning
    "adam": ("wrong_answer/no_bias_correction_numpy.py", "accepted/class_numpy.py"),  # downhill
    "encoder-block": ("wrong_answer/pre_ln_torch.py",),  # transformer
}


def _module_params() -> list[Any]:
    return [pytest.param(slug, submission, id=f"{slug}-{Path(submission).stem}")
            for slug, submissions in MODULE_CASES.items() for submission in submissions]


def judge_run(submission: Path, lang: str, form: str) -> subprocess.CompletedProcess[str]:
    args = ["--json"] if form == "json" else ["--no-color"]
    env = {k: v for k, v in os.environ.items() if k != "JUDGE_EXERCISES_DIR"}  # the checkout's own exercises
    env["COLUMNS"] = TERMINAL_COLUMNS
    return subprocess.run([sys.executable, "-m", "mljudge.cli", "run", "gelu", str(submission), "--lang", lang,
                           *args], capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)


@pytest.fixture(autouse=True)
def terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """Values are cut to the terminal's width: the goldens are a 100-column terminal's, wherever pytest runs
    (a pipe, a tty, a pytest-xdist worker)."""
    monkeypatch.setenv("COLUMNS", TERMINAL_COLUMNS)


def _masked(value: Any) -> Any:
    if isinstance(value, float):
        return float(f"{value:.9g}")
    if isinstance(value, list):
        return [_masked(v) for v in value]
    if isinstance(value, dict):
        return {k: _masked(v) for k, v in value.items()}
    return value


def normalised(output: str, form: str) -> str:
    """The output with what varies from run to run masked (see the module's docstring)."""
    if form == "txt":
        return "".join(line.rstrip() + "\n" for line in output.splitlines())
    report = json.loads(output)
    report["stats"] = {key: VOLATILE for key in report["stats"]}
    for case in report["cases"]:
        if case["ms"] is not None:
            case["ms"] = VOLATILE
    return json.dumps(_masked(report), ensure_ascii=False, indent=2) + "\n"


def _compare(golden: Path, actual: str, said: str, request: pytest.FixtureRequest) -> None:
    if request.config.getoption("update_goldens"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(actual, encoding="utf-8")
        return
    if not golden.exists():
        pytest.fail(f"{golden.relative_to(ROOT)} is missing: write it with --update-goldens", pytrace=False)
    expected = golden.read_text(encoding="utf-8")
    if actual != expected:
        diff = difflib.unified_diff(expected.splitlines(keepends=True), actual.splitlines(keepends=True),
                                    fromfile=str(golden.relative_to(ROOT)), tofile=said)
        pytest.fail("the report differs from its golden file (--update-goldens rewrites it if that is meant):\n"
                    + "".join(diff), pytrace=False)


def said_as_judge_run(report: Report, title: str, lang: str, form: str) -> str:
    """What `judge run` prints for `report` (judge/cli.py's `_run`, after grading), masked as its subprocess's."""
    said = localise(report, lang, hints=default_hints(report))
    if form == "json":
        return normalised(json.dumps(said.to_dict(), ensure_ascii=False, indent=2), form)
    return normalised(render.render(said, title, color=False), form)


@pytest.mark.slow
@pytest.mark.parametrize(("slug", "submission"), _module_params())
def test_each_modules_reports_match_their_golden_files(slug: str, submission: str, pool: Pool,
                                                       request: pytest.FixtureRequest) -> None:
    exercise = Catalog().get(slug)
    source = (EXERCISES / slug / "submissions" / submission).read_bytes()
    report = grade(exercise, source, filename="solution.py", pool=pool)
    assert report.verdict.value == submission.partition("/")[0], report.message
    for lang in LANGS:
        title = exercise.title.get_in(lang)
        for form in FORMS:
            case = Path(submission).stem
            _compare(GOLDENS / slug / f"{case}.{lang}.{form}", said_as_judge_run(report, title, lang, form),
                     f"judge run {slug} {submission} ({lang}, {form})", request)


@pytest.mark.parametrize(("case", "lang", "form"), _params())
def test_report_matches_its_golden_file(case: str, lang: str, form: str, tmp_path: Path,
                                        request: pytest.FixtureRequest) -> None:
    source = CASES[case]
    submission = tmp_path / "solution.py"  # one file name for all: a report may name it
    submission.write_text(source if isinstance(source, str) else source.read_text(encoding="utf-8"),
                          encoding="utf-8")
    result = judge_run(submission, lang, form)
    assert result.returncode == (0 if case == "accepted" else 1), result.stderr
    _compare(GOLDEN / f"{case}.{lang}.{form}", normalised(result.stdout, form),
             f"judge run gelu ({case}, {lang}, {form})", request)
