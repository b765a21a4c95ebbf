"""Scaled dot-product attention with a boolean mask, and the scores, weights and panel data of the attention
lesson.

    attention(q, k, v, mask) = softmax(q·kᵀ / √d_k, masked) · v          over the last two axes

q (…, L_q, d_k) holds one query per row, k (…, L_k, d_k) one key per row, v (…, L_k, d_v) one value per row;
leading axes (a batch, heads) broadcast as in a matrix product. ``mask`` is boolean, broadcastable to
(…, L_q, L_k), True where query i may look at key j: torch.nn.functional.scaled_dot_product_attention's
``attn_mask`` convention. Each row of weights is a softmax over the allowed keys only, so it adds up to 1.

A row with no allowed key (a padding query that may see only padding) has weights all 0 and an output of
zeros: the sum over an empty set of keys. PyTorch's scaled_dot_product_attention returns the same zeros (its
math kernel uses a "safe" softmax since version 2.5), while a plain softmax over −inf, and
torch.nn.MultiheadAttention, give NaN, which would spread into a loss and every gradient; filling the masked
scores with a large negative number instead gives the mean of all values, letting the query read keys it must
not see. tests/reference/test_attention.py pins all three behaviours.

Numerical care: each row's largest allowed score is subtracted before exp, so scores of ±1e4 or more never
overflow; terms more than 690 below the row's maximum are exactly 0 instead of underflowing. Silent under
``np.errstate(all="raise")`` for finite inputs whose scores are finite.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from mljudge.reference.arrays import Float, Floats

# exp(−690) ≈ 2.2e-300 beside the row's largest term exp(0) = 1: further below, a term is taken as exactly 0.
_EXP_CUTOFF = 690.0


def _allowed(mask: ArrayLike | None, shape: tuple[int, ...]) -> NDArray[np.bool_]:
    """The mask as booleans of the scores' shape (all True for None). 0/1 numbers are accepted as booleans."""
    if mask is None:
        return np.ones(shape, dtype=bool)
    given = np.asarray(mask)
    if given.dtype != bool:
        if given.size and not np.all((given == 0) | (given == 1)):
            raise ValueError("mask must be boolean (True where attention is allowed), or 0/1")
        given = given.astype(bool)
    try:
        return np.broadcast_to(given, shape)
    except ValueError:
        raise ValueError(f"a mask of shape {given.shape} does not broadcast to the scores' shape {shape} "
                         "(…, L_q, L_k)") from None


def scores(q: ArrayLike, k: ArrayLike) -> Floats:
    """q·kᵀ / √d_k over the last two axes: (…, L_q, L_k). Raises ValueError when q and k differ in d_k."""
    q = np.asarray(q, dtype=np.float64)
    k = np.asarray(k, dtype=np.float64)
    if q.ndim < 2 or k.ndim < 2:
        raise ValueError(f"q and k need at least 2 axes (L, d_k), got shapes {q.shape} and {k.shape}")
    if q.shape[-1] != k.shape[-1]:
        raise ValueError(f"q and k must have the same last axis d_k, got {q.shape[-1]} and {k.shape[-1]}")
    out: Floats = (q @ np.swapaxes(k, -1, -2)) / math.sqrt(q.shape[-1])
    return out


def masked_softmax(s: ArrayLike, mask: ArrayLike | None = None) -> Floats:
    """Softmax of ``s`` along its last axis over the entries ``mask`` allows; 0 where it does not, and a whole row
    of 0 where it allows nothing. Stable: each row's largest allowed entry is subtracted first."""
    s = np.asarray(s, dtype=np.float64)
    allowed = _allowed(mask, s.shape)
    anything = allowed.any(axis=-1, keepdims=True)
    # The row maximum over allowed entries; 0 stands in for the rows that allow nothing (all their terms are 0).
    top = np.where(anything, np.max(np.where(allowed, s, -np.inf), axis=-1, keepdims=True, initial=-np.inf), 0.0)
    gap = np.where(allowed, s - top, -np.inf)  # ≤ 0 where allowed, with exactly 0 at the maximum
    keep = gap > -_EXP_CUTOFF
    terms = np.where(keep, np.exp(np.where(keep, gap, 0.0)), 0.0)
    total = terms.sum(axis=-1, keepdims=True)  # ≥ 1 in a row with anything allowed, 0 in a row without
    out: Floats = np.divide(terms, total, out=np.zeros_like(terms), where=total > 0.0)
    return out


def attention_weights(q: ArrayLike, k: ArrayLike, mask: ArrayLike | None = None) -> Floats:
    """The attention weights softmax(q·kᵀ/√d_k, masked): (…, L_q, L_k), each row adding up to 1 (or all 0)."""
    return masked_softmax(scores(q, k), mask)


def attention(q: ArrayLike, k: ArrayLike, v: ArrayLike, mask: ArrayLike | None = None) -> Floats:
    """Scaled dot-product attention: attention_weights(q, k, mask) · v, a new float64 array (…, L_q, d_v).

    Raises ValueError when d_k differs between q and k, when k and v hold a different number of rows, or when the
    mask does not broadcast to (…, L_q, L_k). The inputs are not modified.
    """
    v = np.asarray(v, dtype=np.float64)
    k_rows = np.shape(k)[-2] if np.ndim(k) >= 2 else None
    if v.ndim < 2 or v.shape[-2] != k_rows:
        raise ValueError(f"v must hold one row per key: (…, L_k, d_v) with L_k = {k_rows}, got {v.shape}")
    out: Floats = attention_weights(q, k, mask) @ v
    return out


# --- the attention lesson: one query, four keys, and the scale of the scores ---------------------------------------
#
# The scores of one query against four keys, already divided by √d_k (for d_k = 64, by 8). The plot multiplies
# them by s: s = 1 is attention as it should be, s = 8 is what forgetting 1/√64 does. As s grows the softmax
# turns into a hard maximum, and the slope w₁·(1 − w₁) through which the top key's score learns dies out.

LESSON_SCORES = np.array([1.0, 0.5, -0.2, -1.3])
LESSON_SCORES.setflags(write=False)


def key_weights(scale: ArrayLike) -> Floats:
    """softmax(scale · LESSON_SCORES) for each scale: shape (*scale.shape, 4)."""
    s = np.asarray(scale, dtype=np.float64)
    return masked_softmax(s[..., None] * LESSON_SCORES)


def key_weight(scale: ArrayLike, key: int) -> Float:
    """The weight of one key (0 … 3: scores 1.0, 0.5, −0.2, −1.3) at each scale; key 0 is the best match."""
    return np.asarray(key_weights(scale)[..., key], dtype=np.float64)[()]


def key_weight_slope(scale: ArrayLike, key: int = 0) -> Float:
    """∂w/∂z = w·(1 − w) for one key: how much its weight moves per unit of its own (scaled) score (key 0, the
    top weight, by default)."""
    w = key_weight(scale, key)
    return np.asarray(w * (1.0 - w), dtype=np.float64)[()]


# --- the panel: a six-token sentence, a previous-token head, and masks to toggle -----------------------------------

TOKENS = ("the", "cat", "sat", "on", "the", "mat")
PANEL_DK = 8


def _panel_inputs() -> tuple[Floats, Floats, Floats]:
    """q, k, v of the panel's head. Keys are near one-hot by position (a little of each token's identity mixed
    in), and each query points at the key of the previous position: a *previous-token head*, one of the
    patterns real language models learn. Values are 3-D "meanings", one per token."""
    n = len(TOKENS)
    k = np.zeros((n, PANEL_DK))
    k[np.arange(n), np.arange(n)] = 2.0
    k[:, 6] = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0]  # both "the" share a feature ...
    k[:, 7] = [0.0, 1.0, 0.0, 0.0, 0.0, 1.0]  # ... and so do the nouns "cat" and "mat"
    q = np.zeros((n, PANEL_DK))
    q[np.arange(1, n), np.arange(n - 1)] = 3.0  # query i looks for position i − 1
    q[0, 0] = 1.0  # the first token has no previous one: it mildly prefers itself
    q[:, 7] += 1.0  # and every query likes nouns a little
    v = np.array([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 0.5], [0.0, 0.0, 1.0],
                  [0.8, 0.0, 0.2]])
    return q, k, v


def panel_masks() -> dict[str, NDArray[np.bool_]]:
    """The panel's preset masks (True = allowed): none, causal, the last two keys as padding, and causal with the
    first position as left padding, whose first row allows nothing (its output is zeros)."""
    n = len(TOKENS)
    causal = np.tril(np.ones((n, n), dtype=bool))
    right_padding = np.ones((n, n), dtype=bool)
    right_padding[:, n - 2:] = False
    left_padded_causal = causal.copy()
    left_padded_causal[:, 0] = False
    return {"none": np.ones((n, n), dtype=bool), "causal": causal, "padding": right_padding,
            "causal-left-padding": left_padded_causal}


def panel() -> dict[str, Any]:
    """Everything the attention lesson's heatmap panel draws (exercises/attention/lesson.toml), as plain lists: the
    tokens, q, k, v, the preset masks, and for each mask the scores, the weights and the outputs, with and without
    the 1/√d_k scaling (for the page's own computation to be tested against)."""
    q, k, v = _panel_inputs()
    masks = panel_masks()
    raw = q @ k.T
    results: dict[str, Any] = {}
    for name, mask in masks.items():
        for scaled in (True, False):
            s = raw / math.sqrt(PANEL_DK) if scaled else raw
            w = masked_softmax(s, mask)
            results[f"{name}/{'scaled' if scaled else 'unscaled'}"] = {
                "scores": s.tolist(), "weights": w.tolist(), "outputs": (w @ v).tolist(),
                "row_sums": w.sum(axis=-1).tolist()}
    return {"tokens": list(TOKENS), "d_k": PANEL_DK, "q": q.tolist(), "k": k.tolist(), "v": v.tolist(),
            "masks": {name: mask.tolist() for name, mask in masks.items()},
            "defaults": {"mask": "causal", "scaled": True}, "results": results}
