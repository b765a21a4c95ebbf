"""Case inputs from their TOML form in cases.toml: literals, or seeded recipes (random, linspace, full) that
always give the same arrays, so expected values computed once stay valid."""

from __future__ import annotations

import difflib
import math
from typing import Any

import numpy as np

DTYPES = ("float64", "float32", "int64", "int32")
# The keys each recipe takes, declared once: a key outside its recipe's set is an error (a misspelt `sead` would
# otherwise be ignored), and so is a recipe key of the wrong type.
COMMON = {"shape", "dtype"}
RECIPES: dict[str, set[str]] = {
    "values": {"values"} | COMMON,
    "linspace": {"linspace"} | COMMON,
    "full": {"full"} | COMMON,
    "uniform": {"random", "seed", "low", "high"} | COMMON,
    "normal": {"random", "seed", "mean", "std"} | COMMON,
    "integers": {"random", "seed", "low", "high"} | COMMON,
}
REQUIRED = {"uniform": {"seed"}, "normal": {"seed"}, "integers": {"seed", "low", "high"}}


def materialize(value: Any, kind: str) -> Any:
    """A case argument from its TOML form: a literal, or a recipe such as
    ``{random = "uniform", low = -20, high = 20, shape = [64], seed = 3}`` or ``{linspace = [-1, 1, 21]}``.
    Anything it cannot make an argument of `kind` from raises ValueError saying why."""
    if kind == "dict":
        if not isinstance(value, dict) or not value:
            raise ValueError("a dict argument is a table of named arrays, such as { w = [[1.0, 2.0]], b = [0.5] }")
        return {str(name): materialize(item, "array") for name, item in value.items()}
    dtype = value.get("dtype") if isinstance(value, dict) else None
    if isinstance(value, dict):
        value = _recipe(value)
    if kind == "array":  # float64 unless the case asks for another dtype (`dtype = "int64"`: integer input)
        return np.asarray(value, dtype=np.dtype(dtype) if dtype else np.float64)
    if kind == "int_array":
        array = np.asarray(value)
        if array.size and not np.all(np.equal(np.mod(array, 1), 0)):
            raise ValueError("an int_array argument must hold whole numbers")
        return array.astype(np.int64)
    if kind == "bool_array":  # true/false literals, or 0/1 numbers (a recipe of integers between 0 and 2)
        array = np.asarray(value)
        if array.dtype != bool and (array.size and not np.all((array == 0) | (array == 1))):
            raise ValueError("a bool_array argument must hold true/false (or 0/1)")
        return array.astype(bool)
    if kind == "float":
        try:  # inf and nan are fair inputs here; true/false and "0.5" are slips
            if isinstance(value, bool | str):
                raise TypeError
            return float(value)
        except (TypeError, ValueError):
            raise ValueError(f"{value!r} is not a number") from None
    if kind == "int":
        try:
            if isinstance(value, bool | str) or int(value) != value:
                raise TypeError
            return int(value)
        except (TypeError, ValueError, OverflowError):
            raise ValueError(f"{value!r} is not an integer") from None
    if kind == "bool":
        if not isinstance(value, bool):
            raise ValueError(f"{value!r} is not true/false")
        return value
    raise ValueError(f"unknown kind {kind!r}")


def _recipe(spec: dict[str, Any]) -> Any:
    recipe = _which(spec)
    unknown = sorted(set(spec) - RECIPES[recipe])
    if unknown:
        close = difflib.get_close_matches(unknown[0], sorted(RECIPES[recipe]), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise ValueError(f"unknown key {unknown[0]!r} in a {recipe} recipe{hint} (it takes: "
                         f"{', '.join(sorted(RECIPES[recipe]))})")
    missing = sorted(REQUIRED.get(recipe, set()) - set(spec))
    if missing:
        raise ValueError(f"a {recipe} recipe needs {', '.join(missing)}")
    if spec.get("dtype") not in (None, *DTYPES):
        raise ValueError(f"dtype must be one of {', '.join(DTYPES)}")
    for key in ("seed", "low", "high", "mean", "std", "full"):
        if key in spec and not _is_number(spec[key]):
            raise ValueError(f"{key} must be a number, not {spec[key]!r}")
    shape = spec.get("shape", ())
    if not isinstance(shape, list | tuple) or not all(_is_number(n) and n >= 0 and int(n) == n for n in shape):
        raise ValueError(f"shape must be a list of whole numbers ≥ 0, such as [2, 3], not {shape!r}")
    shape = tuple(int(n) for n in shape)
    if recipe == "values":
        array = np.asarray(spec["values"], dtype=np.float64)
        return array.reshape(shape) if shape else array
    if recipe == "linspace":
        grid = spec["linspace"]
        if not (isinstance(grid, list) and len(grid) == 3 and all(map(_is_number, grid)) and int(grid[2]) == grid[2]
                and grid[2] >= 0):
            raise ValueError(f"linspace must be [start, stop, points], not {grid!r}")
        array = np.linspace(float(grid[0]), float(grid[1]), int(grid[2]))
        return array.reshape(shape) if shape else array
    if recipe == "full":
        return np.full(shape, float(spec["full"]))
    rng = np.random.default_rng(int(spec["seed"]))
    if recipe == "uniform":
        return rng.uniform(float(spec.get("low", 0.0)), float(spec.get("high", 1.0)), shape)
    if recipe == "normal":
        return rng.normal(float(spec.get("mean", 0.0)), float(spec.get("std", 1.0)), shape)
    return rng.integers(int(spec["low"]), int(spec["high"]), shape)


def _which(spec: dict[str, Any]) -> str:
    """The recipe a table describes, by its one recipe key."""
    for key in ("values", "linspace", "full"):
        if key in spec:
            return key
    kind = spec.get("random")
    if kind in RECIPES and "random" in RECIPES[kind]:
        return str(kind)
    if kind is not None:
        close = difflib.get_close_matches(str(kind), ["uniform", "normal", "integers"], n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise ValueError(f"unknown random = {kind!r}{hint} (uniform, normal, integers)")
    raise ValueError("a generated argument needs one of: values, linspace, full, random = uniform|normal|integers "
                     f"(it has: {', '.join(spec) or 'nothing'})")


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
