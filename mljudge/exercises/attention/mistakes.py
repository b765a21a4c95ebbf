"""Known wrong versions of attention, recognised from a learner's outputs (trusted code: runs in the judge, never in
the sandbox).

Most mistakes here are predicates rather than fixed wrong functions, because a slip in the scores, the axis or the
mask meets the learner's own rule for a row with nothing allowed: a learner who forgot 1/√d_k may return zeros,
NaN (a softmax over −inf) or the mean of the values (a fill of −1e9) in such a row. Each predicate accepts the
mistaken computation combined with any of those three rules (`_variants`), so the hint names the slip that
actually differs. Mistakes about the empty-row rule itself, masking after the softmax and a softmax without
the maximum subtracted are fixed functions."""

import math
from typing import Any

import numpy as np
from numpy.typing import NDArray

from mljudge.judge.api import Answer, Array, Case, Expected
from mljudge.reference.arrays import Floats
from mljudge.reference.attention import attention, masked_softmax

EMPTY_RULES = ("zeros", "nan", "uniform")  # what a row (or column) that allows nothing gets, per implementation


def _inputs(args: dict[str, Any]) -> tuple[Floats, Floats, Floats, NDArray[np.bool_] | None]:
    q, k, v = (np.asarray(args[name], dtype=np.float64) for name in ("q", "k", "v"))
    mask = args.get("mask")
    return q, k, v, None if mask is None else np.asarray(mask, dtype=bool)


def _softmax_rules(s: Floats, allowed: NDArray[np.bool_], axis: int) -> list[Floats]:
    """Softmax of s along `axis` over the allowed entries, once per empty-row rule: zeros, NaN, or uniform weights
    over the whole axis (what a fill of −1e9 gives when every entry is filled)."""
    moved = np.moveaxis(s, axis, -1)
    ok = np.moveaxis(allowed, axis, -1)
    base = masked_softmax(moved, ok)
    empty = ~ok.any(axis=-1, keepdims=True)
    out = []
    for rule in EMPTY_RULES:
        fill = {"zeros": 0.0, "nan": np.nan, "uniform": 1.0 / moved.shape[-1]}[rule]
        out.append(np.moveaxis(np.where(empty, fill, base), -1, axis))
    return out


def _variants(args: dict[str, Any], *, scale: float | None = None, axis: int = -1, mask: str = "given") -> list[Floats]:
    """The outputs of attention computed with one slip, under each empty-row rule. `scale` divides q·kᵀ (default
    √d_k), `axis` is the softmax's axis, `mask` is "given", "inverted" or "ignored"."""
    q, k, v, given = _inputs(args)
    raw = q @ np.swapaxes(k, -1, -2)
    s = raw / (math.sqrt(q.shape[-1]) if scale is None else scale)
    allowed = np.ones(s.shape, dtype=bool)
    if given is not None and mask != "ignored":
        allowed = np.broadcast_to(~given if mask == "inverted" else given, s.shape)
    with np.errstate(invalid="ignore"):
        return [w @ v for w in _softmax_rules(s, allowed, axis)]


def _matches(got: Answer, want: Floats, atol: float) -> bool:
    """got equals want within atol, NaN where want is NaN."""
    if not isinstance(got, Array) or got.data.shape != want.shape or got.data.dtype.kind not in "biuf":
        return False
    values = got.data.astype(np.float64)
    nan = np.isnan(want)
    if not np.array_equal(np.isnan(values), nan):
        return False
    return bool(np.all(np.abs(values[~nan] - want[~nan]) < atol))


def _any(got: Answer, variants: list[Floats], case: Case) -> bool:
    return any(_matches(got, want, case.tolerance.atol) for want in variants)


# --- predicates: one slip, whatever the learner's empty-row rule ---------------------------------------------------


def no_scaling(got: Answer, expected: Expected, case: Case) -> bool:
    """q·kᵀ used as the scores, never divided by √d_k."""
    return _any(got, _variants(case.args, scale=1.0), case)


def scaled_by_d(got: Answer, expected: Expected, case: Case) -> bool:
    """q·kᵀ / d_k instead of / √d_k."""
    d_k = np.shape(case.args["q"])[-1]
    return _any(got, _variants(case.args, scale=float(d_k)), case)


def scaled_by_wrong_length(got: Answer, expected: Expected, case: Case) -> bool:
    """Divided by the square root of another axis's length: d_v, L_q or L_k (v.shape[-1], q.shape[-2], k.shape[-2]
    or a hard-coded shape[1] where the arrays have leading axes)."""
    q, k, v = (np.shape(case.args[name]) for name in ("q", "k", "v"))
    lengths = {v[-1], q[-2], k[-2]} - {q[-1]}
    return any(_any(got, _variants(case.args, scale=math.sqrt(n)), case) for n in lengths)


def softmax_over_queries(got: Answer, expected: Expected, case: Case) -> bool:
    """The softmax taken along axis −2, over the queries, so that each *column* of weights adds up to 1."""
    return _any(got, _variants(case.args, axis=-2), case)


def mask_inverted(got: Answer, expected: Expected, case: Case) -> bool:
    """True read as "blocked" (nn.MultiheadAttention's convention) instead of "allowed"."""
    return case.args.get("mask") is not None and _any(got, _variants(case.args, mask="inverted"), case)


def mask_ignored(got: Answer, expected: Expected, case: Case) -> bool:
    """The mask accepted and never used."""
    return case.args.get("mask") is not None and _any(got, _variants(case.args, mask="ignored"), case)


# --- fixed wrong functions -----------------------------------------------------------------------------------------


def _empty_rows(q: Floats, k: Floats, mask: NDArray[np.bool_] | None) -> NDArray[np.bool_]:
    shape = (*np.broadcast_shapes(np.shape(q)[:-1], (*np.shape(k)[:-2], 1)), np.shape(k)[-2])
    allowed = np.ones(shape, dtype=bool) if mask is None else np.broadcast_to(np.asarray(mask, dtype=bool), shape)
    return ~np.asarray(allowed.any(axis=-1, keepdims=True))  # (…, L_q, 1)


def empty_rows_nan(q: Floats, k: Floats, v: Floats, mask: NDArray[np.bool_] | None = None) -> Floats:
    """Right everywhere, NaN in every row that allows nothing (a softmax over a row of −inf)."""
    return np.where(_empty_rows(q, k, mask), np.nan, attention(q, k, v, mask))


def empty_rows_mean(q: Floats, k: Floats, v: Floats, mask: NDArray[np.bool_] | None = None) -> Floats:
    """Right everywhere, and the mean of all values in every row that allows nothing (scores filled with −1e9:
    all equal, so every key, allowed or not, gets the same weight)."""
    mean = np.broadcast_to(np.asarray(v, dtype=np.float64).mean(axis=-2, keepdims=True),
                           np.shape(attention(q, k, v, mask)))
    return np.where(_empty_rows(q, k, mask), mean, attention(q, k, v, mask))


def _naive_softmax_output(q: Floats, k: Floats, v: Floats, mask: NDArray[np.bool_] | None, product: bool) -> Floats:
    """exp of the raw scores, no maximum subtracted; the mask applied by leaving forbidden terms out (exp(−inf) =
    0) or, with `product`, by multiplying exp(scores) by the mask, where inf·0 = NaN."""
    q, k, v = (np.asarray(a, dtype=np.float64) for a in (q, k, v))
    s = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    allowed = np.ones(s.shape, dtype=bool) if mask is None else np.broadcast_to(np.asarray(mask, dtype=bool), s.shape)
    with np.errstate(all="ignore"):
        e = np.exp(s) * allowed if product else np.where(allowed, np.exp(np.where(allowed, s, 0.0)), 0.0)
        return (e / e.sum(axis=-1, keepdims=True)) @ v


def no_max_shift(q: Floats, k: Floats, v: Floats, mask: NDArray[np.bool_] | None = None) -> Floats:
    """No maximum subtracted: inf/inf = NaN in a row whose allowed scores pass about 709, 0/0 = NaN in a row that
    allows nothing. A fixed function, not a predicate: on a case without large scores it gives exactly what a
    shifted softmax with NaN empty rows gives, and only the case with large scores, which that learner passes,
    tells the two apart."""
    return _naive_softmax_output(q, k, v, mask, product=False)


def no_max_shift_product(q: Floats, k: Floats, v: Floats, mask: NDArray[np.bool_] | None = None) -> Floats:
    """The same, with the mask applied as exp(scores)·mask: a forbidden score past 709 turns its row NaN too."""
    return _naive_softmax_output(q, k, v, mask, product=True)


def mask_after_softmax(q: Floats, k: Floats, v: Floats, mask: NDArray[np.bool_] | None = None) -> Floats:
    """An unmasked softmax, then the forbidden weights set to 0 and nothing renormalised: each row adds up to less
    than 1."""
    q, k, v = (np.asarray(a, dtype=np.float64) for a in (q, k, v))
    weights = masked_softmax(q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1]))
    if mask is not None:
        weights = weights * np.asarray(mask, dtype=bool)
    return weights @ v


def mask_indexed(q: Floats, k: Floats, v: Floats, mask: NDArray[np.bool_] | None = None) -> Floats:
    """Right, except that the mask is applied by boolean indexing, `scores[~mask] = -inf`, which NumPy and PyTorch
    only allow for a mask of the scores' own shape: a mask that broadcasts, a (B, 1, 1, L_k) padding mask over
    B × H heads or one (L_q, L_k) mask for a whole batch, raises IndexError."""
    q, k = (np.asarray(a, dtype=np.float64) for a in (q, k))
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    if mask is not None:
        scores[~np.asarray(mask, dtype=bool)] = -np.inf  # raises where the shapes differ, as the learner's does
    return attention(q, k, v, mask)
