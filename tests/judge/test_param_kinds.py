"""Parameter kinds beyond plain arrays: boolean masks and dicts of named arrays, end to end through judged()."""

from __future__ import annotations

import dataclasses
import textwrap

import numpy as np
import pytest

from mljudge.judge.exercise import Case, Exercise, FunctionSpec, Param, Returns, Tolerance
from mljudge.judge.i18n import Text
from mljudge.judge.inputs import materialize
from mljudge.judge.values import fingerprint
from mljudge.sandbox import NAMES as TRACK_NAMES
from mljudge.sandbox.pool import Pool
from tests.judging import judged


def test_bool_array_from_true_false_and_from_zeros_and_ones() -> None:
    assert materialize([[True, False], [False, True]], "bool_array").dtype == bool
    made = materialize({"random": "integers", "low": 0, "high": 2, "shape": [3, 3], "seed": 1}, "bool_array")
    assert made.dtype == bool and made.shape == (3, 3)
    with pytest.raises(ValueError, match="true/false"):
        materialize([0, 2], "bool_array")


def test_dict_of_named_arrays() -> None:
    made = materialize({"w": [[1.0, 2.0]], "b": {"random": "normal", "seed": 3, "shape": [2]}}, "dict")
    assert set(made) == {"w", "b"} and made["w"].dtype == np.float64 and made["b"].shape == (2,)
    with pytest.raises(ValueError, match="table of named arrays"):
        materialize([1.0], "dict")


def test_fingerprints_see_every_number_inside_a_dict() -> None:
    big = np.zeros(10_000)
    changed = big.copy()
    changed[5000] = 1.0  # repr() of both arrays is the same "[0. 0. 0. ... 0. 0. 0.]"
    assert fingerprint({"p": {"w": big}}) != fingerprint({"p": {"w": changed}})


def _exercise(gelu: Exercise, params: tuple[Param, ...], args: dict[str, object], name: str) -> Exercise:
    function = FunctionSpec(name, f"{name}(...)", params, Returns("array"), pure=True)
    case = Case("only", Text(en="one", ru="один"), True, args, Tolerance())
    return dataclasses.replace(gelu, function=function, cases=(case,), expected={}, mistakes=(), hints=(),
                               checker=None, plot_grid=None, forbidden=())


@pytest.mark.parametrize("track", TRACK_NAMES)
def test_a_dict_argument_arrives_as_the_tracks_arrays_and_in_place_changes_are_named(
        gelu: Exercise, pool: Pool, track: str) -> None:
    p = {"w": np.array([[2.0, 0.0], [0.0, 3.0]]), "b": np.array([1.0, -1.0])}
    exercise = _exercise(gelu, (Param("x", "array"), Param("p", "dict")),
                         {"x": np.array([[1.0, 1.0]]), "p": p}, "affine")
    exercise = dataclasses.replace(exercise, expected={"only": np.array([[3.0, 2.0]])})
    library = "numpy as np" if track == "numpy" else "torch"
    good = f"import {library}\n\ndef affine(x, p):\n    return x @ p['w'] + p['b']\n"
    assert judged(exercise, good, track, pool=pool).verdict == "accepted"
    mutating = textwrap.dedent("""
        def affine(x, p):
            p['b'] += 0
            p['w'][0, 0] = 2.5
            return x @ p['w'] + p['b']
        """)
    report = judged(exercise, mutating, track, pool=pool)
    assert report.verdict == "wrong_answer"
    assert "p['w']" in report.cases[0].message and "p['b']" not in report.cases[0].message


def test_a_mask_arrives_as_booleans(gelu: Exercise, pool: Pool) -> None:
    exercise = _exercise(gelu, (Param("x", "array"), Param("mask", "bool_array")),
                         {"x": np.array([1.0, 2.0, 3.0]), "mask": np.array([True, False, True])}, "keep")
    exercise = dataclasses.replace(exercise, expected={"only": np.array([1.0, 0.0, 3.0])})
    source = "import numpy as np\n\ndef keep(x, mask):\n    assert mask.dtype == bool\n    return x * mask\n"
    assert judged(exercise, source, "numpy", pool=pool).verdict == "accepted"
