"""The sinusoidal positional encoding of "Attention Is All You Need" (Vaswani et al., 2017), and what its lesson
shows: each pair of columns as a clock hand turning at its own speed.

For a position pos and a pair i = 0 … d_model/2 − 1 (columns 2i and 2i + 1):

    ω_i = base^(−2i/d_model)                  the pair's angular speed, in radians per position
    PE[pos, 2i]     = sin(pos·ω_i)
    PE[pos, 2i + 1] = cos(pos·ω_i)

so pair i is a clock hand (cos, sin) at the angle pos·ω_i. Pair 0 turns by one radian per position (a full turn
every 2π ≈ 6.28 positions); each later pair turns base^(2/d_model) times slower, down to a turn every
2π·base^((d_model − 2)/d_model) positions for the last one. Two facts the lesson builds on follow from the
angle-addition formulas: moving k positions turns every hand by k·ω_i (PE[pos + k] is a fixed rotation of PE[pos],
the same for every pos), and PE[a]·PE[b] = Σ_i cos((a − b)·ω_i) depends only on the offset a − b.

Numerical care: the angle is pos·ω_i with ω_i = base^(−2i/d) computed once per pair in float64, and sin/cos of
angles up to about 10⁴ radians lose nothing a 4-decimal comparison sees (float32 would: see the exercise).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from mljudge.reference.arrays import Float


def pair_frequencies(d_model: int, base: float = 10000.0) -> NDArray[np.float64]:
    """ω_i = base^(−2i/d_model) for i = 0 … d_model/2 − 1: one angular speed per pair of columns."""
    d_model = _even_width(d_model)
    base = _base(base)
    return np.power(base, -np.arange(0, d_model, 2, dtype=np.float64) / d_model)


def positional_encoding(length: int, d_model: int, base: float = 10000.0) -> NDArray[np.float64]:
    """The (length, d_model) float64 table: PE[pos, 2i] = sin(pos·ω_i), PE[pos, 2i + 1] = cos(pos·ω_i).

    Positions count from 0, so row 0 is [0, 1, 0, 1, …]. ``d_model`` must be even (the columns come in sin/cos
    pairs) and ``base`` positive; ``length`` may be 0 (an empty table). Raises ValueError otherwise."""
    if isinstance(length, bool) or not isinstance(length, int | np.integer) or length < 0:
        raise ValueError(f"length must be a whole number ≥ 0, got {length!r}")
    omega = pair_frequencies(d_model, base)
    angles = np.arange(int(length), dtype=np.float64)[:, None] * omega[None, :]
    table = np.empty((int(length), 2 * omega.size))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table


def _even_width(d_model: int) -> int:
    if isinstance(d_model, bool) or not isinstance(d_model, int | np.integer) or d_model < 2 or d_model % 2:
        raise ValueError(f"d_model must be an even whole number ≥ 2 (sin/cos pairs), got {d_model!r}")
    return int(d_model)


def _base(base: float) -> float:
    base = float(base)
    if not (base > 0.0 and math.isfinite(base)):
        raise ValueError(f"base must be a positive number, got {base!r}")
    return base


# --- what the lesson shows ------------------------------------------------------------------------------------

# The lesson's plot: a model of width 8 with the paper's base, so the four hands turn at 1, 0.1, 0.01 and 0.001
# radians per position (full turns every 6.28, 62.8, 628 and 6283 positions).
LESSON_D_MODEL = 8
LESSON_BASE = 10000.0


def hand(position: ArrayLike, pair: int, d_model: int = LESSON_D_MODEL, base: float = LESSON_BASE) -> Float:
    """Column 2·pair of the encoding, sin(position·ω_pair), by position: pair 0 is the fastest hand (one turn per
    2π positions in the lesson's width 8), pair 1 turns ten times slower, pair 2 a hundred times."""
    omega = pair_frequencies(d_model, base)[pair]
    return np.asarray(np.sin(np.asarray(position, dtype=np.float64) * omega))[()]


def similarity(offset: ArrayLike, d_model: int = LESSON_D_MODEL, base: float = LESSON_BASE) -> Float:
    """PE[a]·PE[a + offset] / (d_model/2) = the mean over pairs of cos(offset·ω_i), the same for every a:
    1 at offset 0, and lower, on the whole, the further apart two positions are."""
    omega = pair_frequencies(d_model, base)
    k = np.asarray(offset, dtype=np.float64)
    return np.asarray(np.cos(k[..., None] * omega).mean(axis=-1))[()]


def slowest_period(d_model: int, base: float = 10000.0) -> float:
    """Positions the slowest hand (the last pair) needs for one full turn: 2π/ω_(d/2 − 1)."""
    return float(2.0 * math.pi / pair_frequencies(d_model, base)[-1])


def rotation(offset: float, d_model: int, base: float = 10000.0) -> NDArray[np.float64]:
    """The (d_model, d_model) matrix M with PE[pos + offset] = PE[pos] @ M for every pos: a block-diagonal matrix
    of 2×2 rotations by offset·ω_i, one per pair, acting on the row vector (sin, cos)."""
    omega = pair_frequencies(d_model, base)
    matrix = np.zeros((omega.size * 2, omega.size * 2))
    for i, angle in enumerate(float(offset) * omega):
        c, s = math.cos(angle), math.sin(angle)
        # (sin a, cos a) @ [[c, −s], [s, c]] = (sin a·c + cos a·s, −sin a·s + cos a·c) = (sin(a + t), cos(a + t))
        matrix[2 * i:2 * i + 2, 2 * i:2 * i + 2] = [[c, -s], [s, c]]
    return matrix


PANEL_DEFAULTS: dict[str, Any] = {"length": 64, "d_model": 32, "base": 10000.0, "position": 10, "other": 15}


def panel() -> dict[str, Any]:
    """Everything the lesson's heatmap-and-clocks panel (exercises/positional-encoding/lesson.toml) draws at its
    defaults, as plain lists, for the page's own computation to be tested against."""
    length, d_model, base = PANEL_DEFAULTS["length"], PANEL_DEFAULTS["d_model"], PANEL_DEFAULTS["base"]
    table = positional_encoding(length, d_model, base)
    omega = pair_frequencies(d_model, base)
    a, b = PANEL_DEFAULTS["position"], PANEL_DEFAULTS["other"]
    return {
        "defaults": dict(PANEL_DEFAULTS),
        "limits": {"length": [1, 512], "d_model": [2, 128], "base": [2.0, 100000.0]},
        "table": table.tolist(),
        "frequencies": omega.tolist(),
        "periods": (2.0 * math.pi / omega).tolist(),
        "angles": (a * omega).tolist(),
        "dot": float(table[a] @ table[b]),
    }
