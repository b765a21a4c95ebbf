"""Case inputs from their TOML form in cases.toml: literals, or seeded recipes (random, linspace, full) that
always give the same arrays, so expected values computed once stay valid."""

from __future__ import annotations

from typing import Any

import numpy as np


def materialize(value: Any, kind: str) -> Any:
    """A case argument from its TOML form: a literal, or a recipe such as
    ``{random = "uniform", low = -20, high = 20, shape = [64], seed = 3}`` or ``{linspace = [-1, 1, 21]}``."""
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
    if kind == "float":
        return float(value)
    if kind == "int":
        if isinstance(value, bool) or int(value) != value:
            raise ValueError(f"{value!r} is not an integer")
        return int(value)
    if kind == "bool":
        if not isinstance(value, bool):
            raise ValueError(f"{value!r} is not true/false")
        return value
    raise ValueError(f"unknown kind {kind!r}")


def _recipe(spec: dict[str, Any]) -> Any:
    shape = tuple(spec.get("shape", ()))
    if spec.get("dtype") not in (None, "float64", "float32", "int64", "int32"):
        raise ValueError("dtype must be one of float64, float32, int64, int32")
    if "values" in spec:
        array = np.asarray(spec["values"], dtype=np.float64)
        return array.reshape(shape) if shape else array
    if "linspace" in spec:
        start, stop, num = spec["linspace"]
        array = np.linspace(float(start), float(stop), int(num))
        return array.reshape(shape) if shape else array
    if "full" in spec:
        return np.full(shape, float(spec["full"]))
    kind = spec.get("random")
    rng = np.random.default_rng(int(spec["seed"]))
    if kind == "uniform":
        return rng.uniform(float(spec.get("low", 0.0)), float(spec.get("high", 1.0)), shape)
    if kind == "normal":
        return rng.normal(float(spec.get("mean", 0.0)), float(spec.get("std", 1.0)), shape)
    if kind == "integers":
        return rng.integers(int(spec["low"]), int(spec["high"]), shape)
    raise ValueError("a generated argument needs one of: values, linspace, full, random = uniform|normal|integers")
