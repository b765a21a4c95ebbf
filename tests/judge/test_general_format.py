"""The general exercise format end to end: several parameters (array, int, bool, one optional), a tuple result
(a float array, an int array compared exactly, a float), seeded inputs, a per-case tolerance — through
`judge check --write` and the real sandbox, in both tracks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mljudge.judge.authoring.check import check_exercise
from mljudge.judge.catalog import Catalog
from mljudge.judge.exercise import Exercise
from mljudge.sandbox import NAMES as TRACK_NAMES
from mljudge.sandbox.pool import Pool
from tests.judging import judged

ROOT = Path(__file__).resolve().parents[2]

EXERCISE = """
module = "layer"
order = 9
title.en = "Top-k"
title.ru = "Top-k"
summary.en = "Scale, rank and sum."
summary.ru = "Масштабировать, упорядочить и сложить."

[function]
name = "topk"
params = [
    { name = "x", kind = "array" },
    { name = "k", kind = "int" },
    { name = "descending", kind = "bool", default = true },
]
returns = { kind = "tuple", items = [{ kind = "array" }, { kind = "int_array" }, { kind = "float" }] }

[reference]
function = "reference.py:topk"

[tracks.numpy]
[tracks.torch]
"""

CASES = """
[[case]]
id = "a"
visible = true
kind.en = "small"
kind.ru = "маленький"
args = { x = [3.0, 1.0, 2.0], k = 2 }

[[case]]
id = "b"
visible = true
kind.en = "ascending"
kind.ru = "по возрастанию"
args = { x = [3.0, 1.0, 2.0, 5.0], k = 3, descending = false }

[[case]]
id = "c"
kind.en = "random"
kind.ru = "случайный"
args = { x = { random = "normal", shape = [50], seed = 5 }, k = 5 }

[[case]]
id = "d"
kind.en = "k = 1"
kind.ru = "k = 1"
args = { x = { linspace = [-1.0, 1.0, 9] }, k = 1 }

[[case]]
id = "e"
kind.en = "loose"
kind.ru = "с допуском"
atol = 0.01
args = { x = { random = "uniform", low = 0, high = 100, shape = [20], seed = 6 }, k = 4 }

[[case]]
id = "f"
kind.en = "everything"
kind.ru = "всё"
args = { x = [0.5, -0.5], k = 2, descending = true }
"""

REFERENCE = """
import numpy as np

def topk(x, k, descending=True):
    order = np.argsort(-x if descending else x, kind="stable")[:k]
    return x[order] * 2.0, order.astype(np.int64), float(x[order].sum())
"""

SOLUTIONS = {
    "numpy": REFERENCE,
    "torch": """
import torch

def topk(x, k, descending=True):
    order = torch.sort(x, descending=descending, stable=True).indices[:k]
    return x[order] * 2.0, order, float(x[order].sum())
""",
}


@pytest.fixture(scope="module")
def exercise(tmp_path_factory: pytest.TempPathFactory) -> Exercise:
    root = tmp_path_factory.mktemp("exercises")
    shutil.copy(ROOT / "mljudge" / "exercises" / "course.toml", root / "course.toml")
    folder = root / "topk"
    (folder / "starters").mkdir(parents=True)
    (folder / "solutions").mkdir()
    files = {"exercise.toml": EXERCISE, "cases.toml": CASES, "reference.py": REFERENCE,
             "prompt.en.md": "Return the top k.", "prompt.ru.md": "Верните k наибольших.",
             "hints.toml": "".join(f'[[hint]]\nen = "hint {i}"\nru = "подсказка {i}"\n' for i in range(3))}
    for track, source in SOLUTIONS.items():
        files[f"solutions/{track}.py"] = source
        files[f"starters/{track}.py"] = "def topk(x, k, descending=True):\n    raise NotImplementedError\n"
        files[f"starters/{track}.ru.py"] = "def topk(x, k, descending=True):\n    raise NotImplementedError\n"
    for name, text in files.items():
        (folder / name).write_text(text.lstrip(), encoding="utf-8")
    return Catalog(root).get("topk") if check_exercise(folder, write=True).ok else pytest.fail("check failed")


def test_check_passes_and_stores_structured_expected_values(exercise: Exercise) -> None:
    scaled, order, total = exercise.expected["a"]
    assert scaled.tolist() == [6.0, 4.0] and order.tolist() == [0, 2] and order.dtype.kind == "i" and total == 5.0


@pytest.mark.parametrize("track", TRACK_NAMES)
def test_model_solutions_accepted_in_both_tracks(exercise: Exercise, pool: Pool, track: str) -> None:
    report = judged(exercise, SOLUTIONS[track], track, pool=pool)
    assert report.verdict == "accepted", report.message


def test_wrong_index_in_the_int_output_is_caught_exactly(exercise: Exercise, pool: Pool) -> None:
    source = REFERENCE.replace("order.astype(np.int64)", "(order + 1).astype(np.int64)")
    report = judged(exercise, source, "numpy", pool=pool)
    assert report.verdict == "wrong_answer"
    assert report.cases[0].message.startswith("in [1]: ")


def test_float_indices_are_refused_for_an_int_output(exercise: Exercise, pool: Pool) -> None:
    source = REFERENCE.replace("order.astype(np.int64)", "order.astype(np.float64)")
    report = judged(exercise, source, "numpy", pool=pool)
    assert report.verdict == "wrong_answer"
    assert "whole numbers" in report.cases[0].message


def test_ignoring_an_optional_argument_fails_only_where_it_is_given(exercise: Exercise, pool: Pool) -> None:
    source = REFERENCE.replace("-x if descending else x", "-x")
    report = judged(exercise, source, "numpy", pool=pool)
    assert [c.status for c in report.cases] == ["passed", "failed", "passed", "passed", "passed", "passed"]


def test_a_per_case_tolerance_loosens_only_that_case(exercise: Exercise, pool: Pool) -> None:
    source = REFERENCE.replace("float(x[order].sum())", "float(x[order].sum()) + 0.005")
    report = judged(exercise, source, "numpy", pool=pool)
    assert [c.status == "passed" for c in report.cases] == [False, False, False, False, True, False]


def test_a_list_in_place_of_the_tuple_is_read_item_by_item(exercise: Exercise, pool: Pool) -> None:
    source = REFERENCE.replace("return x[order] * 2.0,", "return [x[order] * 2.0,").replace(
        "float(x[order].sum())", "float(x[order].sum())]")
    assert judged(exercise, source, "numpy", pool=pool).verdict == "accepted"


def test_a_hidden_scalar_never_shows_the_expected_number(exercise: Exercise, pool: Pool) -> None:
    source = REFERENCE.replace("float(x[order].sum())", "float(x[order].sum()) + 1.0")
    report = judged(exercise, source, "numpy", pool=pool)
    expected = {case.id: exercise.expected[case.id][2] for case in exercise.cases}
    for case in report.cases:
        assert case.status == "failed"
        shown = f"{expected[case.id]}" in case.message
        assert shown == case.visible, (case.id, case.message)
