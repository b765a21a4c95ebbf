"""One post-LN encoder block of "Attention Is All You Need" (Vaswani et al., 2017), built from its pieces, and the
numbers its lesson shows.

For x of shape (L, d_model), or (N, L, d_model) for a batch of N sequences, and the parameters ``p`` (a dict of
float64 arrays, weights applied as x @ W, PARAM_SHAPES lists them):

    Q = x @ w_q + b_q,  K = x @ w_k + b_k,  V = x @ w_v + b_v          each (…, L, d_model)
    split each into n_heads heads of d_head = d_model / n_heads columns: head h owns columns h·d_head … (h+1)·d_head − 1
    A_h = softmax(Q_h K_hᵀ / √d_head) over the keys (the last axis)    (…, n_heads, L, L); each row sums to 1
    heads_h = A_h V_h, joined back in head order                         (…, L, d_model)
    MHA(x) = heads @ w_o + b_o
    x₁ = LayerNorm₁(x + MHA(x))                                          add, then normalise: post-LN
    FFN(x₁) = ReLU(x₁ @ w1 + b1) @ w2 + b2                                (…, L, d_ff) inside, (…, L, d_model) out
    out = LayerNorm₂(x₁ + FFN(x₁))

LayerNorm normalises each position's vector over its d_model features with the biased variance (÷ d_model) and eps
inside the root, then scales by γ and shifts by β. No dropout, no mask. This is PyTorch's
nn.TransformerEncoderLayer(d_model, n_heads, d_ff, dropout=0, batch_first=True, norm_first=False) with
in_proj_weight = [w_q | w_k | w_v]ᵀ, out_proj.weight = w_oᵀ, linear1.weight = w1ᵀ, linear2.weight = w2ᵀ
(tests/reference/test_transformer.py checks it).

Numerical care: the attention is reference.attention's (each row's maximum subtracted: scores in the thousands stay
finite), and the layer norm takes its variance in two passes, never as E[x²] − E[x]².
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from mljudge.reference.arrays import Float, Floats
from mljudge.reference.attention import attention as scaled_attention
from mljudge.reference.attention import attention_weights as scaled_attention_weights
from mljudge.reference.positional import positional_encoding, rotation

# name → shape, in terms of d_model ("d") and the feed-forward width ("f").
PARAM_SHAPES: dict[str, tuple[str, ...]] = {
    "w_q": ("d", "d"), "w_k": ("d", "d"), "w_v": ("d", "d"), "w_o": ("d", "d"),
    "b_q": ("d",), "b_k": ("d",), "b_v": ("d",), "b_o": ("d",),
    "w1": ("d", "f"), "b1": ("f",), "w2": ("f", "d"), "b2": ("d",),
    "ln1_gamma": ("d",), "ln1_beta": ("d",), "ln2_gamma": ("d",), "ln2_beta": ("d",),
}


def check_params(p: Mapping[str, ArrayLike], d_model: int) -> dict[str, Floats]:
    """``p`` as float64 arrays, after checking that it has exactly the keys of PARAM_SHAPES with their shapes
    (d_ff is read from w1). Raises ValueError naming the first problem."""
    missing = sorted(set(PARAM_SHAPES) - set(p))
    extra = sorted(set(p) - set(PARAM_SHAPES))
    if missing or extra:
        raise ValueError(f"p must hold exactly {', '.join(PARAM_SHAPES)}; missing: {missing}, unknown: {extra}")
    arrays = {name: np.asarray(p[name], dtype=np.float64) for name in PARAM_SHAPES}
    if arrays["w1"].ndim != 2:
        raise ValueError(f"w1 must be 2-D (d_model, d_ff), got shape {arrays['w1'].shape}")
    sizes = {"d": int(d_model), "f": arrays["w1"].shape[1]}
    for name, dims in PARAM_SHAPES.items():
        want = tuple(sizes[dim] for dim in dims)
        if arrays[name].shape != want:
            raise ValueError(f"p[{name!r}] must have shape {want}, got {arrays[name].shape}")
    return arrays


def layer_norm(x: ArrayLike, gamma: ArrayLike, beta: ArrayLike, eps: float = 1e-5) -> Floats:
    """γ·(x − μ)/√(σ² + eps) + β over the last axis, with each vector's own mean μ and biased variance σ²
    (two passes). A constant vector normalises to 0, so its output is β."""
    x = np.asarray(x, dtype=np.float64)
    mean = x.mean(axis=-1, keepdims=True)
    deviation = x - mean
    var = (deviation * deviation).mean(axis=-1, keepdims=True)
    root = np.sqrt(var + eps)
    normalised = np.divide(deviation, root, out=np.zeros_like(deviation), where=root > 0.0)
    out: Floats = np.asarray(gamma, dtype=np.float64) * normalised + np.asarray(beta, dtype=np.float64)
    return out


def split_heads(x: ArrayLike, n_heads: int) -> Floats:
    """(…, L, d_model) → (…, n_heads, L, d_head): head h gets columns h·d_head … (h + 1)·d_head − 1."""
    x = np.asarray(x, dtype=np.float64)
    *lead, length, width = x.shape
    return np.swapaxes(x.reshape(*lead, length, n_heads, width // n_heads), -3, -2)


def merge_heads(x: ArrayLike) -> Floats:
    """(…, n_heads, L, d_head) → (…, L, d_model), the heads side by side in order: the inverse of split_heads."""
    x = np.swapaxes(np.asarray(x, dtype=np.float64), -3, -2)
    return x.reshape(*x.shape[:-2], x.shape[-2] * x.shape[-1])


def _heads(x: ArrayLike, n_heads: Any) -> tuple[Floats, int]:
    x = np.asarray(x, dtype=np.float64)
    if x.ndim not in (2, 3):
        raise ValueError(f"x must be (L, d_model) or (N, L, d_model), got shape {x.shape}")
    if isinstance(n_heads, bool) or not isinstance(n_heads, int | np.integer) or n_heads < 1:
        raise ValueError(f"n_heads must be a whole number ≥ 1, got {n_heads!r}")
    if x.shape[-1] % int(n_heads):
        raise ValueError(f"d_model = {x.shape[-1]} does not split evenly into {n_heads} heads")
    return x, int(n_heads)


def _projected(x: Floats, w: Mapping[str, Floats], name: str, n_heads: int) -> Floats:
    """x @ w_<name> + b_<name>, split into heads: (…, n_heads, L, d_head)."""
    return split_heads(x @ w[f"w_{name}"] + w[f"b_{name}"], n_heads)


def attention_weights(x: ArrayLike, p: Mapping[str, ArrayLike], n_heads: int) -> Floats:
    """Every head's attention weights, (…, n_heads, L, L): row q of head h is softmax over the keys of
    Q_h[q]·K_h[k]/√d_head (module 8's scaled dot-product attention, reference.attention, with no mask). Each row
    sums to 1."""
    x, n_heads = _heads(x, n_heads)
    w = check_params(p, x.shape[-1])
    return scaled_attention_weights(_projected(x, w, "q", n_heads), _projected(x, w, "k", n_heads))


def multi_head_attention(x: ArrayLike, p: Mapping[str, ArrayLike], n_heads: int) -> Floats:
    """MHA(x) = merge(A_h V_h) @ w_o + b_o, (…, L, d_model): self-attention, no mask, no dropout."""
    x, n_heads = _heads(x, n_heads)
    w = check_params(p, x.shape[-1])
    heads = scaled_attention(*(_projected(x, w, name, n_heads) for name in "qkv"))
    return merge_heads(heads) @ w["w_o"] + w["b_o"]


def feed_forward(x: ArrayLike, p: Mapping[str, ArrayLike]) -> Floats:
    """FFN(x) = ReLU(x @ w1 + b1) @ w2 + b2, applied to each position on its own."""
    x = np.asarray(x, dtype=np.float64)
    w = check_params(p, x.shape[-1])
    return np.maximum(x @ w["w1"] + w["b1"], 0.0) @ w["w2"] + w["b2"]


def encoder_block(x: ArrayLike, p: Mapping[str, ArrayLike], n_heads: int, eps: float = 1e-5) -> Floats:
    """One post-LN encoder block: x₁ = LN₁(x + MHA(x)), out = LN₂(x₁ + FFN(x₁)); a new float64 array of x's
    shape. The inputs are not modified."""
    x, n_heads = _heads(x, n_heads)
    w = check_params(p, x.shape[-1])
    eps = float(eps)
    if not eps >= 0.0:
        raise ValueError(f"eps must be 0 or more, got {eps!r}")
    x1 = layer_norm(x + multi_head_attention(x, w, n_heads), w["ln1_gamma"], w["ln1_beta"], eps)
    return layer_norm(x1 + feed_forward(x1, w), w["ln2_gamma"], w["ln2_beta"], eps)


def shapes(batch: int, length: int, d_model: int, n_heads: int, d_ff: int) -> list[tuple[str, tuple[int, ...]]]:
    """The shape at each step through the block for x of shape (batch, length, d_model) (batch 0: a single
    sequence (length, d_model)): what the lesson's table and the panel's diagram show."""
    if d_model % n_heads:
        raise ValueError(f"d_model = {d_model} does not split evenly into {n_heads} heads")
    lead = (batch,) if batch else ()
    d_head = d_model // n_heads
    return [
        ("x", (*lead, length, d_model)),
        ("Q, K, V", (*lead, length, d_model)),
        ("Q, K, V split into heads", (*lead, n_heads, length, d_head)),
        ("scores Q Kᵀ / √d_head", (*lead, n_heads, length, length)),
        ("weights (softmax over keys)", (*lead, n_heads, length, length)),
        ("weights @ V", (*lead, n_heads, length, d_head)),
        ("heads joined", (*lead, length, d_model)),
        ("MHA(x) = joined @ w_o + b_o", (*lead, length, d_model)),
        ("x₁ = LN₁(x + MHA(x))", (*lead, length, d_model)),
        ("ReLU(x₁ @ w1 + b1)", (*lead, length, d_ff)),
        ("FFN(x₁)", (*lead, length, d_model)),
        ("out = LN₂(x₁ + FFN(x₁))", (*lead, length, d_model)),
    ]


def parameter_count(d_model: int, d_ff: int) -> int:
    """How many numbers ``p`` holds: 4·(d² + d) for attention, d·f + f + f·d + d for the FFN, 4·d for the norms."""
    sizes = {"d": d_model, "f": d_ff}
    return sum(math.prod(sizes[dim] for dim in dims) for dims in PARAM_SHAPES.values())


# --- the lesson's plot: why divide by √d_head -------------------------------------------------------------------

# One query against KEYS keys, every entry of q and k an independent standard normal number (what unit-variance
# inputs through well-scaled projections give). The plot shows, for each d_head, the expected largest of the KEYS
# attention weights, with the scores divided by √d_head, by 1 (no scaling), and by d_head.
#
# Given q, the KEYS scores q·k_j are independent N(0, |q|²): so the expectation is an integral over |q|, which has
# the chi distribution with d_head degrees of freedom, of g(σ) = E[max softmax(σ·z)], z ~ N(0, I_KEYS), at
# σ = |q| / divisor. g is estimated once, by SAMPLES seeded draws of z shared by every σ (so it is smooth in σ),
# on a grid of σ; the integral over |q| is a quadrature. The curves come out smooth in d_head, and within Monte
# Carlo noise (~0.003) of a direct simulation (tests/reference/test_transformer.py checks).
KEYS = 10
SAMPLES = 10_000
MAX_D_HEAD = 256
_SIGMA = np.linspace(0.0, 30.0, 301)  # step 0.1 (g is smooth: linear interpolation errs by ~1e-4); σ up to √256 + 14


@lru_cache(maxsize=1)
def _largest_given_sigma() -> Floats:
    """g(σ) on the grid _SIGMA: the average largest weight of softmax(σ·z) over SAMPLES seeded draws of z."""
    z = np.random.default_rng(26).standard_normal((SAMPLES, KEYS))
    gaps = z - z.max(axis=-1, keepdims=True)  # ≤ 0; the largest weight is 1 / Σ exp(σ·gap), with exp(0) = 1 in it
    with np.errstate(under="ignore"):  # exp of a large negative σ·gap is 0 to double precision: the right value
        return np.array([np.mean(1.0 / np.exp(sigma * gaps).sum(axis=-1)) for sigma in _SIGMA])


@lru_cache(maxsize=3)
def _mean_largest(power: float) -> Floats:
    """For d_head = 1 … MAX_D_HEAD: the expected largest weight with the scores divided by d_head**power."""
    g = _largest_given_sigma()
    means = np.empty(MAX_D_HEAD)
    with np.errstate(under="ignore"):  # the density's far tail is 0 to double precision, as it should be
        for d in range(1, MAX_D_HEAD + 1):
            means[d - 1] = _mean_at(d, power, g)
    return means


def _mean_at(d: int, power: float, g: Floats) -> float:
    """The expected largest weight for one d_head: g at σ = |q| / d_head**power, averaged over |q|'s chi density."""
    norm = np.linspace(0.0, math.sqrt(d) + 12.0, 4001)  # |q|: the chi density is negligible past √d + 12
    # The chi density |q|^(d−1)·e^(−|q|²/2) / (2^(d/2 − 1)·Γ(d/2)), in logs; the floor keeps log 0 finite
    # (at |q| = 0 the density is 0 for d > 1, and the d = 1 factor |q|⁰ is 1).
    log_density = ((d - 1) * np.log(np.maximum(norm, 1e-300)) - norm**2 / 2.0
                   - (d / 2.0 - 1.0) * math.log(2.0) - math.lgamma(d / 2.0))
    density = np.exp(log_density)
    values = np.interp(norm / d**power, _SIGMA, g)
    return float(np.trapezoid(density * values, norm) / np.trapezoid(density, norm))


def largest_weight(d_head: ArrayLike, power: float) -> Float:
    """The average largest of KEYS attention weights when the scores are divided by d_head**power: power ½ is the
    block's rule (about the same for every d_head, since q·k/√d_head has variance 1), power 0 no division (q·k has
    variance d_head: the softmax turns nearly one-hot and passes almost no gradient), power 1 a division by
    d_head itself (variance 1/d_head: the weights flatten towards 1/KEYS)."""
    # The grid may hold any numbers: each is read at the nearest whole d_head in 1 … MAX_D_HEAD.
    index = np.clip(np.rint(np.asarray(d_head, dtype=np.float64)), 1, MAX_D_HEAD).astype(np.intp) - 1
    return np.asarray(_mean_largest(power)[index])[()]


# --- the lesson's toy block: what a head attends to -----------------------------------------------------------

# Six tokens; the first and the fifth are the same word in both languages' sentences.
TOKENS = {"en": ["the", "cat", "sat", "on", "the", "mat"], "ru": ["мама", "мыла", "раму", ",", "мама", "устала"]}
TOKEN_IDS = (0, 1, 2, 3, 0, 4)
TOY_D_MODEL, TOY_HEADS, TOY_D_FF = 16, 2, 32
SHARPNESS = 20.0  # how strongly each designed head prefers what it looks for


def toy_input() -> Floats:
    """x for the toy sentence, (6, 16): columns 0–7 the positional encoding (width 8, base 10000), columns 8–15 a
    fixed random unit vector per word (the same word, the same vector)."""
    rng = np.random.default_rng(9)
    words = rng.standard_normal((max(TOKEN_IDS) + 1, 8))
    words /= np.linalg.norm(words, axis=1, keepdims=True)
    return np.hstack([positional_encoding(len(TOKEN_IDS), 8), words[list(TOKEN_IDS)]])


def toy_params() -> dict[str, Floats]:
    """A block with two designed heads (d_head = 8).

    Head 0 (columns 0–7 of Q and K) looks one position back: its query is the position's encoding turned back by
    one step (reference.positional's rotation, pair by pair), its key the encoding itself, so q_pos·k_j =
    SHARPNESS·Σ_i cos((pos − 1 − j)·ω_i), largest at j = pos − 1. Head 1 (columns 8–15) looks for the same word:
    q·k = SHARPNESS·(word_pos · word_j), largest where the word is the same. Values and output pass x through
    unchanged (identity w_v, w_o); the feed-forward layer is small and random; γ = 1, β = 0."""
    d, f = TOY_D_MODEL, TOY_D_FF
    back = rotation(-1.0, 8)  # PE[pos] @ back = PE[pos − 1]: every hand turned back by one step
    w_q, w_k = np.zeros((d, d)), np.zeros((d, d))
    w_q[:8, :8], w_k[:8, :8] = SHARPNESS * back, np.eye(8)
    w_q[8:, 8:], w_k[8:, 8:] = SHARPNESS * np.eye(8), np.eye(8)
    rng = np.random.default_rng(10)
    zeros = np.zeros(d)
    return {"w_q": w_q, "w_k": w_k, "w_v": np.eye(d), "w_o": np.eye(d),
            "b_q": zeros, "b_k": zeros.copy(), "b_v": zeros.copy(), "b_o": zeros.copy(),
            "w1": rng.normal(0.0, 0.2, (d, f)), "b1": np.zeros(f), "w2": rng.normal(0.0, 0.2, (f, d)),
            "b2": np.zeros(d), "ln1_gamma": np.ones(d), "ln1_beta": np.zeros(d), "ln2_gamma": np.ones(d),
            "ln2_beta": np.zeros(d)}


def panel() -> dict[str, Any]:
    """Everything the lesson's panel (exercises/encoder-block/lesson.toml) draws, as plain lists: the toy sentence,
    its input, both heads' attention weights, the block's output, and the shapes through the block for the
    panel's default sizes."""
    x, p = toy_input(), toy_params()
    return {
        "tokens": TOKENS,
        "x": x.tolist(),
        "n_heads": TOY_HEADS,
        "heads": [{"en": "looks one position back", "ru": "смотрит на позицию назад"},
                  {"en": "looks for the same word", "ru": "ищет то же слово"}],
        "weights": attention_weights(x, p, TOY_HEADS).tolist(),
        "output": encoder_block(x, p, TOY_HEADS).tolist(),
        "shape_defaults": {"batch": 2, "length": 10, "d_model": 64, "n_heads": 8, "d_ff": 256},
        "shapes": [{"step": step, "shape": list(shape)} for step, shape in shapes(2, 10, 64, 8, 256)],
    }
