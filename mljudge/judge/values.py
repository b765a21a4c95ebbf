"""Values the judge handles: case inputs, expected outputs, learners' answers.

Stored form (expected.json) and display form (reports) both live here, so every part of the judge turns arrays
into JSON the same way.
"""

from __future__ import annotations

import hashlib
import math
from typing import Any

import numpy as np

from mljudge.sandbox import ORIGIN_NAMES, Array, Opaque


def to_json(value: Any) -> Any:
    """A value as tagged JSON for expected.json: exact (float repr round-trips) and self-describing."""
    if isinstance(value, Array):
        value = value.data
    if isinstance(value, np.ndarray):
        return {"dtype": value.dtype.name, "shape": list(value.shape), "data": value.ravel().tolist()}
    if isinstance(value, bool | np.bool_):
        return {"bool": bool(value)}
    if isinstance(value, int | np.integer):
        return {"int": int(value)}
    if isinstance(value, float | np.floating):
        return {"float": float(value)}
    if isinstance(value, tuple | list):
        return {"tuple": [to_json(v) for v in value]}
    if isinstance(value, dict):
        return {"dict": {str(k): to_json(v) for k, v in value.items()}}
    if value is None:
        return {"none": True}
    raise TypeError(f"cannot store a {type(value).__name__}")


def from_json(node: Any) -> Any:
    if "dtype" in node:
        return np.asarray(node["data"], dtype=np.dtype(node["dtype"])).reshape(node["shape"])
    if "bool" in node:
        return bool(node["bool"])
    if "int" in node:
        return int(node["int"])
    if "float" in node:
        return float(node["float"])
    if "tuple" in node:
        return tuple(from_json(v) for v in node["tuple"])
    if "dict" in node:
        return {k: from_json(v) for k, v in node["dict"].items()}
    if "none" in node:
        return None
    raise ValueError(f"unknown stored value {node!r}")


def fingerprint(args: dict[str, Any]) -> str:
    """A stable hash of case inputs, so stored expected values are known to belong to these exact inputs."""
    digest = hashlib.sha256()
    _digest(digest, args)
    return digest.hexdigest()[:16]


def _digest(digest: Any, args: dict[str, Any]) -> None:
    for name in sorted(args):
        value = args[name]
        digest.update(name.encode() + b"\0")
        if isinstance(value, np.ndarray):
            digest.update(f"{value.dtype.str}{value.shape}".encode())
            digest.update(np.ascontiguousarray(value).tobytes())
        elif isinstance(value, dict):  # named arrays: each array's bytes, not its (shortened) repr
            digest.update(b"{")
            _digest(digest, value)
            digest.update(b"}")
        else:
            digest.update(repr(value).encode())
        digest.update(b"\1")


MAX_DISPLAY = 300  # numbers shown for one value, at most; a longer array is cut, each cut marked with ELLIPSIS
ELLIPSIS = "…"


def display(value: Any, digits: int = 6, *, limit: int | None = MAX_DISPLAY) -> Any:
    """A value for people: nested lists of rounded numbers; NaN and infinities as strings (JSON has none). Arrays
    longer than `limit` numbers are cut along every axis, with "…" where something was left out: an answer of
    four million floats must cost the judge no more to show than one of three hundred. (`limit=None` only for
    arrays whose size the judge has checked itself, such as a curve on the exercise's own grid.)"""
    if isinstance(value, Array):
        value = value.data
    if isinstance(value, np.ndarray):
        if limit is None or value.size <= limit:
            if value.ndim and value.dtype.kind == "f" and bool(np.isfinite(value).all()):
                return _rounded(value.tolist(), digits, value.ndim)  # the common case, kept quick (a plot: 642)
            return _display_list(value.tolist(), digits) if value.ndim else _display_scalar(value.item(), digits)
        return _display_array(value, digits)
    if isinstance(value, Opaque):
        return f"<{value.type_name}>"
    if isinstance(value, tuple | list):
        return [display(v, digits) for v in value[:MAX_DISPLAY]] + ([ELLIPSIS] if len(value) > MAX_DISPLAY else [])
    if isinstance(value, dict):
        return {k: display(v, digits) for k, v in value.items()}
    return _display_scalar(value, digits)


def display_text(value: Any) -> str:
    """A display value (see `display`) as one line of text, as every client writes it: nested lists in brackets,
    NaN and the infinities bare (nan, inf, -inf, never 'nan' in quotes), named values as name = value."""
    if isinstance(value, list):
        return "[" + ", ".join(display_text(v) for v in value) + "]"
    if isinstance(value, dict):
        return ", ".join(f"{name} = {display_text(v)}" for name, v in value.items())
    return str(value)


def _display_array(array: np.ndarray, digits: int) -> Any:
    if array.ndim == 0:
        return _display_scalar(array.item(), digits)
    if array.size <= MAX_DISPLAY:
        return _display_list(array.tolist(), digits)
    keep = max(2, int(MAX_DISPLAY ** (1 / array.ndim)))  # per axis: the first rows, the first columns, ...
    return _cut(array, keep, digits)


def _cut(array: np.ndarray, keep: int, digits: int) -> Any:
    if array.ndim == 1:
        items = [_display_scalar(v, digits) for v in array[:keep].tolist()]
    else:
        items = [_cut(row, keep, digits) for row in array[:keep]]
    return items + ([ELLIPSIS] if array.shape[0] > keep else [])


def _rounded(value: list[Any], digits: int, ndim: int) -> list[Any]:
    """Nested lists of finite floats, rounded: what _display_list gives them, without asking each number what it
    is."""
    if ndim == 1:
        return [round(v, digits) for v in value]
    return [_rounded(row, digits, ndim - 1) for row in value]


def _display_list(value: Any, digits: int) -> Any:
    if isinstance(value, list):
        return [_display_list(v, digits) for v in value]
    return _display_scalar(value, digits)


def _display_scalar(value: Any, digits: int) -> Any:
    if isinstance(value, bool) or value is None or isinstance(value, int | str):
        return value
    if isinstance(value, float | np.floating):
        value = float(value)
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return round(value, digits)
    return str(value)


def describe_type(value: Any) -> str:
    """What kind of thing a learner returned, in the words of their track: 'torch.Tensor', 'list', ..."""
    if isinstance(value, Array):
        base = value.origin.partition(":")[0]
        return ORIGIN_NAMES.get(base, base)  # a track's (sandbox.tracks); a long list or tuple as sent: "list"
    if isinstance(value, Opaque):
        return f"{value.type_name} of {value.dtype}" if value.dtype else value.type_name
    return "None" if value is None else type(value).__name__
