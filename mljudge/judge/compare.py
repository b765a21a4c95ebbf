"""Comparing a learner's answer with the expected value, in the judge's process only.

The answer arrives as plain numbers rebuilt by `sandbox.wire` (fresh base-class ndarrays, Python scalars), so
nothing the submission defined takes part in the comparison. Each mismatch is explained as data (a reason code
and its parameters) which `judge.grade` turns into a sentence in the learner's language.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import numpy as np

from mljudge.judge.exercise import Returns, Tolerance
from mljudge.judge.values import describe_type
from mljudge.sandbox import TRACKS, Array, Opaque

MAX_DIFF_INDICES = 200
# What counts as each track's kind of array (the wire origin the child gives it), and how messages name it.
ARRAY_ORIGINS = {t.name: (t.origin, "numpy scalar") if t.origin == "ndarray" else (t.origin,) for t in TRACKS.values()}
EXPECTED_TYPE = {t.name: t.array_type for t in TRACKS.values()}
class Reason(StrEnum):
    """Why a comparison fails: each is a sentence `case.<reason>` in judge/locales (a test checks every language
    has each). A hidden case says none of them: only that it failed (judge.decide)."""

    NONE = ""  # it passed
    WRONG_TYPE = "wrong_type"
    NOT_A_NUMBER = "not_a_number"
    WRONG_DTYPE = "wrong_dtype"
    WRONG_DTYPE_OBJECT = "wrong_dtype_object"
    WRONG_SHAPE = "wrong_shape"
    NOT_INTEGER = "not_integer"
    NAN = "nan"
    WRONG_VALUES = "wrong_values"
    WRONG_SCALAR = "wrong_scalar"
    WRONG_LENGTH = "wrong_length"
    MISSING_KEY = "missing_key"
    CUSTOM = "custom"  # an exercise's checker's own message
    CHECKER_FAILED = "checker_failed"  # the checker broke: the judge's fault


REASONS: tuple[Reason, ...] = tuple(r for r in Reason if r is not Reason.NONE)


@dataclass(frozen=True)
class Comparison:
    """The outcome of one comparison. `reason` is empty when it passed."""

    passed: bool
    reason: Reason = Reason.NONE
    params: dict[str, Any] = field(default_factory=dict)
    path: str = ""
    max_abs_error: float | None = None
    first_diff: tuple[int, ...] | None = None
    mismatches: int = 0
    diff_indices: tuple[int, ...] = ()


PASS = Comparison(True)


def compare(expected: Any, got: Any, returns: Returns, tolerance: Tolerance, track: str, path: str = "",
            *, nan_equal: bool = False) -> Comparison:
    """Does `got` match `expected` as `returns` describes it? NaN never matches, except with `nan_equal`, which
    recognising a mistake needs (a naive softmax's NaNs are exactly what identifies it)."""
    kind = returns.kind
    if kind in ("array", "int_array"):
        return _compare_array(expected, got, kind == "int_array", tolerance, track, path, nan_equal)
    if kind == "tuple":
        return _compare_sequence(expected, got, returns, tolerance, track, path, nan_equal)
    if kind == "dict":
        return _compare_dict(expected, got, returns, tolerance, track, path, nan_equal)
    if kind == "any":
        return _compare_any(expected, got, tolerance, track, path, nan_equal)
    return _compare_scalar(expected, got, kind, tolerance, path, nan_equal)


def _fail(reason: Reason, path: str, **params: Any) -> Comparison:
    return Comparison(False, reason, params, path)


def array_type_problem(got: Any, track: str, path: str = "") -> Comparison | None:
    """Why `got` is not the track's kind of array (an ndarray in NumPy, a tensor in torch), or None.
    Custom checkers get this for free: they only ever see the right kind of array."""
    if isinstance(got, Array) and got.origin.partition(":")[0] in ARRAY_ORIGINS[track]:
        return None
    if isinstance(got, Opaque) and got.dtype == "object" and got.type_name == EXPECTED_TYPE[track]:
        return _fail(Reason.WRONG_DTYPE_OBJECT, path, preview=got.preview)  # Python objects that are not all numbers
    if isinstance(got, Opaque) and got.dtype and got.type_name == EXPECTED_TYPE[track]:
        return _fail(Reason.WRONG_DTYPE, path, got=got.dtype)  # the right container, the wrong kind of element
    return _fail(Reason.WRONG_TYPE, path, expected=EXPECTED_TYPE[track], got=describe_type(got))


def _compare_array(expected: np.ndarray, got: Any, integer: bool, tolerance: Tolerance, track: str,
                   path: str, nan_equal: bool) -> Comparison:
    expected = np.asarray(expected)  # a reference may return a NumPy scalar for a 0-d input
    scalar_ok = expected.ndim == 0 and isinstance(got, float | int) and not isinstance(got, bool)
    if scalar_ok:
        got = Array(np.asarray(got, dtype=np.float64), origin="ndarray")
    problem = array_type_problem(got, track, path)
    if problem is not None:
        return problem
    data = got.data
    if data.shape != expected.shape:
        return _fail(Reason.WRONG_SHAPE, path, expected=_shape(expected.shape), got=_shape(data.shape))
    if integer:
        if data.dtype.kind not in "iub":
            return _fail(Reason.NOT_INTEGER, path, got=str(data.dtype))
        wrong = data.astype(np.int64) != expected
        return _summarize(wrong, None, path)
    if data.dtype.kind not in "biuf":
        return _fail(Reason.WRONG_DTYPE, path, got=str(data.dtype))
    values = data.astype(np.float64)
    nan = np.isnan(values)
    if nan_equal:
        nan &= ~np.isnan(expected)
    if nan.any():
        index = tuple(int(i) for i in np.argwhere(nan)[0])
        return Comparison(False, Reason.NAN, {"index": _index(index)}, path, first_diff=index,
                          mismatches=int(nan.sum()),
                          diff_indices=tuple(int(i) for i in np.flatnonzero(nan)[:MAX_DIFF_INDICES]))
    with np.errstate(invalid="ignore", over="ignore"):
        same = values == expected  # exact equality covers infinities, whose difference is NaN
        if nan_equal:
            same |= np.isnan(values) & np.isnan(expected)
        error = np.where(same, 0.0, np.abs(values - expected))
        limit = tolerance.atol + (tolerance.rtol * np.abs(expected) if tolerance.rtol else 0.0)
        wrong = ~same & ~(error < limit)
    return _summarize(wrong, error, path)


def _summarize(wrong: np.ndarray, error: np.ndarray | None, path: str) -> Comparison:
    max_error = float(error.max()) if error is not None and error.size else None
    if not wrong.any():
        return Comparison(True, path=path, max_abs_error=max_error)
    first = tuple(int(i) for i in np.argwhere(wrong)[0]) if wrong.ndim else ()
    params = {"count": int(wrong.sum()), "total": int(wrong.size), "index": _index(first)}
    if max_error is not None:
        params["max_error"] = f"{max_error:.3g}"
    return Comparison(False, Reason.WRONG_VALUES, params, path, max_abs_error=max_error, first_diff=first,
                 mismatches=int(wrong.sum()),
                 diff_indices=tuple(int(i) for i in np.flatnonzero(wrong)[:MAX_DIFF_INDICES]))


def _compare_scalar(expected: Any, got: Any, kind: str, tolerance: Tolerance, path: str, nan_equal: bool) -> Comparison:
    if isinstance(got, Array) and got.data.ndim == 0:
        got = got.data.item()
    if kind == "bool":
        if not isinstance(got, bool):
            return _fail(Reason.WRONG_TYPE, path, expected="bool", got=describe_type(got))
        return PASS if got == expected else _fail(Reason.WRONG_SCALAR, path, expected=expected, got=got)
    if isinstance(got, bool) or not isinstance(got, int | float):
        return _fail(Reason.NOT_A_NUMBER, path, kind=kind, got=describe_type(got))
    if kind == "int":
        if isinstance(got, float) and not got.is_integer():
            return _fail(Reason.NOT_INTEGER, path, got=repr(got))
        return PASS if int(got) == expected else _fail(Reason.WRONG_SCALAR, path, expected=expected, got=got)
    if got != got:  # NaN never matches
        return PASS if nan_equal and expected != expected else _fail(Reason.NAN, path, index="")
    error = 0.0 if got == expected else abs(got - expected)
    if error < tolerance.atol + tolerance.rtol * abs(expected):
        return Comparison(True, path=path, max_abs_error=error)
    return Comparison(False, Reason.WRONG_SCALAR, {"expected": expected, "got": got}, path, max_abs_error=error)


def _compare_sequence(expected: tuple[Any, ...], got: Any, returns: Returns, tolerance: Tolerance, track: str,
                      path: str, nan_equal: bool) -> Comparison:
    if not isinstance(got, tuple | list):
        return _fail(Reason.WRONG_TYPE, path, expected="tuple", got=describe_type(got))
    if len(got) != len(expected):
        return _fail(Reason.WRONG_LENGTH, path, expected=len(expected), got=len(got))
    items = returns.items or tuple(Returns("any") for _ in expected)
    return _first_failure(compare(e, g, r, tolerance, track, f"{path}[{i}]", nan_equal=nan_equal)
                          for i, (e, g, r) in enumerate(zip(expected, got, items, strict=True)))


def _compare_dict(expected: dict[str, Any], got: Any, returns: Returns, tolerance: Tolerance, track: str,
                  path: str, nan_equal: bool) -> Comparison:
    if not isinstance(got, dict):
        return _fail(Reason.WRONG_TYPE, path, expected="dict", got=describe_type(got))
    missing = [k for k in expected if k not in got]
    if missing:
        return _fail(Reason.MISSING_KEY, path, key=missing[0])
    specs = dict(returns.fields)
    return _first_failure(compare(expected[k], got[k], specs.get(k, Returns("any")), tolerance, track,
                                  f"{path}[{k!r}]", nan_equal=nan_equal) for k in expected)


def _compare_any(expected: Any, got: Any, tolerance: Tolerance, track: str, path: str, nan_equal: bool) -> Comparison:
    """Infer the spec from the expected value (for nested results an author did not spell out)."""
    if isinstance(expected, np.ndarray):
        kind = "int_array" if expected.dtype.kind in "iu" else "array"
        return compare(expected, got, Returns(kind), tolerance, track, path, nan_equal=nan_equal)
    if isinstance(expected, tuple | list):
        return compare(tuple(expected), got, Returns("tuple"), tolerance, track, path, nan_equal=nan_equal)
    if isinstance(expected, dict):
        return compare(expected, got, Returns("dict"), tolerance, track, path, nan_equal=nan_equal)
    kind = "bool" if isinstance(expected, bool) else "int" if isinstance(expected, int) else "float"
    return compare(expected, got, Returns(kind), tolerance, track, path, nan_equal=nan_equal)


def _first_failure(checks: Iterable[Comparison]) -> Comparison:
    worst = None
    for check in checks:
        if not check.passed:
            return check
        if check.max_abs_error is not None:
            worst = max(worst or 0.0, check.max_abs_error)
    return Comparison(True, max_abs_error=worst)


def _shape(shape: tuple[int, ...]) -> str:
    return "(" + ", ".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"


def _index(index: tuple[int, ...]) -> str:
    return "[" + ", ".join(map(str, index)) + "]"
