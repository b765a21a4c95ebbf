"""Known wrong versions of encoder_block, recognised when a learner's outputs match one of them on every case they
answered (trusted code: runs in the judge, never in the sandbox).

Every mistake is the right block with one thing changed, so they share one parameterised implementation: `_block`
with the right settings is the reference computation, and each public function flips one setting."""

import math
from typing import Any

import numpy as np

from mljudge.reference.arrays import Floats
from mljudge.reference.gelu import gelu_exact


def _layer_norm(x: Floats, gamma: Floats, beta: Floats, eps: float, ddof: int = 0, eps_outside: bool = False) -> Floats:
    mean = x.mean(axis=-1, keepdims=True)
    deviation = x - mean
    var = (deviation**2).sum(axis=-1, keepdims=True) / (x.shape[-1] - ddof)
    root = np.sqrt(var) + eps if eps_outside else np.sqrt(var + eps)
    return gamma * deviation / root + beta


def _softmax(scores: Floats, axis: int = -1, stable: bool = True) -> Floats:
    if stable:
        scores = scores - scores.max(axis=axis, keepdims=True)
    with np.errstate(over="ignore", invalid="ignore"):
        weights = np.exp(scores)
        return weights / weights.sum(axis=axis, keepdims=True)


def _split(t: Floats, n_heads: int, how: str) -> Floats:
    *lead, length, width = t.shape
    if how == "reshape":  # (…, L, d) read straight into (…, h, L, d_head): rows and heads scrambled
        return t.reshape(*lead, n_heads, length, width // n_heads)
    return np.swapaxes(t.reshape(*lead, length, n_heads, width // n_heads), -3, -2)


def _merge(t: Floats, how: str) -> Floats:
    *lead, heads, length, d_head = t.shape
    if how == "reshape":
        return t.reshape(*lead, length, heads * d_head)
    return np.swapaxes(t, -3, -2).reshape(*lead, length, heads * d_head)


def _attention(x: Floats, p: dict[str, Floats], n_heads: int, scale: str = "sqrt_d_head", split: str = "heads",
               axis: int = -1, transposed: bool = False, stable: bool = True, across_batch: bool = False) -> Floats:
    shape = x.shape
    if across_batch and x.ndim == 3:  # the batch flattened into one long sequence
        x = x.reshape(1, shape[0] * shape[1], shape[2])
    w = {k: (p[k].T if transposed else p[k]) for k in ("w_q", "w_k", "w_v")}
    q, k, v = (x @ w[f"w_{n}"] + p[f"b_{n}"] for n in "qkv")
    heads = 1 if split == "one" else n_heads
    d_head = x.shape[-1] // n_heads
    divisor = {"sqrt_d_head": math.sqrt(d_head), "none": 1.0, "d_head": float(d_head),
               "sqrt_d_model": math.sqrt(x.shape[-1])}[scale]
    q, k, v = (_split(t, heads, split) for t in (q, k, v))
    weights = _softmax(q @ np.swapaxes(k, -1, -2) / divisor, axis=axis, stable=stable)
    out = _merge(weights @ v, split) @ (p["w_o"].T if transposed else p["w_o"]) + p["b_o"]
    return out.reshape(shape)


def _block(x: Floats, p: dict[str, Floats], n_heads: int, eps: float = 1e-5, *, pre_ln: bool = False,
           attention_residual: bool = True, ffn_residual: bool = True, ddof: int = 0, eps_outside: bool = False,
           activation: str = "relu", **attention: Any) -> Floats:
    def norm(t: Floats, i: int) -> Floats:
        return _layer_norm(t, p[f"ln{i}_gamma"], p[f"ln{i}_beta"], eps, ddof, eps_outside)

    def ffn(t: Floats) -> Floats:
        pre = t @ p["w1"] + p["b1"]
        hidden = gelu_exact(pre) if activation == "gelu" else np.maximum(pre, 0.0)
        return hidden @ p["w2"] + p["b2"]

    if pre_ln:  # PyTorch's norm_first=True: normalise the input of each sublayer, no norm after the sum
        x = x + _attention(norm(x, 1), p, n_heads, **attention)
        return x + ffn(norm(x, 2))
    x = norm((x if attention_residual else 0.0) + _attention(x, p, n_heads, **attention), 1)
    return norm((x if ffn_residual else 0.0) + ffn(x), 2)


def pre_ln(x: Floats, p: dict[str, Floats], n_heads: int, eps: float = 1e-5) -> Floats:
    return _block(x, p, n_heads, eps, pre_ln=True)


def one_head(x: Floats, p: dict[str, Floats], n_heads: int, eps: float = 1e-5) -> Floats:
    return _block(x, p, n_heads, eps, split="one", scale="sqrt_d_model")


def one_head_d_head_scale(x: Floats, p: dict[str, Floats], n_heads: int, eps: float = 1e-5) -> Floats:
    return _block(x, p, n_heads, eps, split="one")


def heads_reshaped(x: Floats, p: dict[str, Floats], n_heads: int, eps: float = 1e-5) -> Floats:
    return _block(x, p, n_heads, eps, split="reshape")


def no_scaling(x: Floats, p: dict[str, Floats], n_heads: int, eps: float = 1e-5) -> Floats:
    return _block(x, p, n_heads, eps, scale="none")


def scaled_by_d_head(x: Floats, p: dict[str, Floats], n_heads: int, eps: float = 1e-5) -> Floats:
    return _block(x, p, n_heads, eps, scale="d_head")


def softmax_over_queries(x: Floats, p: dict[str, Floats], n_heads: int, eps: float = 1e-5) -> Floats:
    return _block(x, p, n_heads, eps, axis=-2)


def softmax_overflow(x: Floats, p: dict[str, Floats], n_heads: int, eps: float = 1e-5) -> Floats:
    return _block(x, p, n_heads, eps, stable=False)


def transposed_projections(x: Floats, p: dict[str, Floats], n_heads: int, eps: float = 1e-5) -> Floats:
    return _block(x, p, n_heads, eps, transposed=True)


def attention_across_batch(x: Floats, p: dict[str, Floats], n_heads: int, eps: float = 1e-5) -> Floats:
    return _block(x, p, n_heads, eps, across_batch=True)


def unbiased_variance(x: Floats, p: dict[str, Floats], n_heads: int, eps: float = 1e-5) -> Floats:
    return _block(x, p, n_heads, eps, ddof=1)


def eps_outside_root(x: Floats, p: dict[str, Floats], n_heads: int, eps: float = 1e-5) -> Floats:
    return _block(x, p, n_heads, eps, eps_outside=True)


def no_residuals(x: Floats, p: dict[str, Floats], n_heads: int, eps: float = 1e-5) -> Floats:
    return _block(x, p, n_heads, eps, attention_residual=False, ffn_residual=False)


def no_attention_residual(x: Floats, p: dict[str, Floats], n_heads: int, eps: float = 1e-5) -> Floats:
    return _block(x, p, n_heads, eps, attention_residual=False)


def no_ffn_residual(x: Floats, p: dict[str, Floats], n_heads: int, eps: float = 1e-5) -> Floats:
    return _block(x, p, n_heads, eps, ffn_residual=False)


def gelu_activation(x: Floats, p: dict[str, Floats], n_heads: int, eps: float = 1e-5) -> Floats:
    return _block(x, p, n_heads, eps, activation="gelu")


# --- combinations: two or three of the slips above in one block (mistakes.toml names them in `combines`) -------


def std_plus_eps(x: Floats, p: dict[str, Floats], n_heads: int, eps: float = 1e-5) -> Floats:
    """The Annotated Transformer's LayerNorm, (y − μ)/(y.std(-1) + eps), in the post-LN block: Tensor.std divides
    by n − 1, and eps is added to the root."""
    return _block(x, p, n_heads, eps, ddof=1, eps_outside=True)


def pre_ln_std_plus_eps(x: Floats, p: dict[str, Floats], n_heads: int, eps: float = 1e-5) -> Floats:
    """The Annotated Transformer's EncoderLayer (x + sublayer(norm(x)), no norm at the end) with its LayerNorm."""
    return _block(x, p, n_heads, eps, pre_ln=True, ddof=1, eps_outside=True)


def pre_ln_eps_outside(x: Floats, p: dict[str, Floats], n_heads: int, eps: float = 1e-5) -> Floats:
    """The same layer ported to NumPy, whose std divides by n: pre-LN, eps added to the root."""
    return _block(x, p, n_heads, eps, pre_ln=True, eps_outside=True)
