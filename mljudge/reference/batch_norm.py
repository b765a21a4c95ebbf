"""Batch normalisation, training-mode forward, and the features and densities the batch-norm lesson shows.

For x of shape (N, D), a batch of N samples with D features, each feature (column) d is normalised with the
batch's own statistics and then scaled and shifted by learnt parameters:

    μ_d  = (1/N) Σ_n x[n, d]                    the batch mean of feature d
    σ²_d = (1/N) Σ_n (x[n, d] − μ_d)²           its *biased* variance (divided by N, not N − 1)
    x̂[n, d] = (x[n, d] − μ_d) / √(σ²_d + eps)   eps inside the root
    y[n, d] = γ_d · x̂[n, d] + β_d

This is torch.nn.functional.batch_norm(x, None, None, gamma, beta, training=True, eps=eps). The variance is
computed in two passes (the mean of squared deviations from the mean), never as E[x²] − E[x]², which loses every
digit of a feature whose spread is small next to its distance from zero.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from mljudge.reference.arrays import Float


def batch_stats(x: ArrayLike) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The per-feature batch mean and biased variance of ``x`` (N, D), each of shape (D,), in two passes."""
    values = _batch(x)
    mean = values.mean(axis=0)
    deviation = values - mean
    # The mean of the deviations is 0 up to rounding; subtracting its square corrects that rounding (the
    # "corrected two-pass" algorithm), and the clip keeps a rounding-level negative from reaching the root.
    drift = deviation.mean(axis=0)
    return mean, np.maximum((deviation**2).mean(axis=0) - drift**2, 0.0)


def batch_norm(x: ArrayLike, gamma: ArrayLike, beta: ArrayLike, eps: float = 1e-5) -> NDArray[np.float64]:
    """Training-mode batch normalisation of ``x`` (N, D) with ``gamma`` and ``beta`` (D,): returns a new float64
    array (N, D), γ·(x − μ)/√(σ² + eps) + β per feature, with the batch's mean μ and biased variance σ². The
    inputs are not modified. A constant feature normalises to 0 (so its output is β) for any eps ≥ 0."""
    values = _batch(x)
    scale = np.asarray(gamma, dtype=np.float64)
    shift = np.asarray(beta, dtype=np.float64)
    features = values.shape[1]
    for name, param in (("gamma", scale), ("beta", shift)):
        if param.shape != (features,):
            raise ValueError(f"{name} must have shape ({features},), one value per feature, got {param.shape}")
    eps = float(eps)
    if not eps >= 0.0:
        raise ValueError(f"eps must be 0 or more, got {eps!r}")
    mean, var = batch_stats(values)
    deviation = values - mean
    root = np.sqrt(var + eps)
    # With eps = 0 a constant feature has deviation 0 and root 0: its limit for any eps > 0 is 0, not NaN.
    normalised = np.divide(deviation, root, out=np.zeros_like(deviation), where=root > 0.0)
    return scale * normalised + shift


def _batch(x: ArrayLike) -> NDArray[np.float64]:
    values = np.asarray(x, dtype=np.float64)
    if values.ndim != 2:
        raise ValueError(f"x must be 2-D (N samples, D features), got shape {values.shape}")
    if values.shape[0] < 1:
        raise ValueError("a batch needs at least one sample")
    return values


# --- what the lesson shows ------------------------------------------------------------------------------------

# The lesson plot's feature: Gamma-distributed with shape 4 and scale 1, a skewed, positive activation such as a
# layer's outputs after a ReLU tend to be. Its mean is 4, its standard deviation 2, its peak (mode) at 3.
SHAPE = 4.0
FEATURE_MEAN = SHAPE
FEATURE_STD = math.sqrt(SHAPE)
# The third curve: the normalised feature scaled by γ and shifted by β.
GAMMA, BETA = 0.5, 2.0


def feature_density(x: ArrayLike) -> Float:
    """Density of the lesson's feature, Gamma(4, 1): x³·e^(−x)/3! for x > 0, and 0 elsewhere."""
    values = np.asarray(x, dtype=np.float64)
    inside = np.maximum(values, 0.0)
    density = inside ** (SHAPE - 1.0) * np.exp(-inside) / math.gamma(SHAPE)
    return np.asarray(np.where(values > 0.0, density, 0.0))[()]


def normalised_density(z: ArrayLike) -> Float:
    """Density of the normalised feature (X − 4)/2 (mean 0, standard deviation 1, the same skewed shape):
    2·f(4 + 2z). A large batch's statistics are the feature's own, so batch norm gives this."""
    values = np.asarray(z, dtype=np.float64)
    return np.asarray(FEATURE_STD * feature_density(FEATURE_MEAN + FEATURE_STD * values))[()]


def rescaled_density(y: ArrayLike) -> Float:
    """Density of γ·x̂ + β with γ = 0.5, β = 2: mean 2, standard deviation 0.5, the same shape again."""
    values = np.asarray(y, dtype=np.float64)
    return np.asarray(normalised_density((values - BETA) / GAMMA) / GAMMA)[()]


def lesson_batch() -> NDArray[np.float64]:
    """The panel's batch: 256 samples of three features on very different scales. Feature 0 is the skewed
    Gamma(4, 1) activation; feature 1 is measured in thousands (normal, mean 1200, spread 300); feature 2 is
    constant (every value 5), the case eps is there for. Seeded: the same numbers every time."""
    rng = np.random.default_rng(2024)
    n = 256
    return np.column_stack([rng.gamma(SHAPE, 1.0, n), rng.normal(1200.0, 300.0, n), np.full(n, 5.0)])


def panel() -> dict[str, Any]:
    """Everything the lesson's histogram panel draws, as plain lists: the batch, the defaults of the γ, β and eps
    controls, each feature's batch mean and biased variance, and batch_norm's output at the defaults (for the
    page's own computation to be tested against)."""
    batch = lesson_batch()
    mean, var = batch_stats(batch)
    features = batch.shape[1]
    gamma, beta = np.ones(features), np.zeros(features)
    return {
        "batch": batch.tolist(),
        "features": [{"en": "a skewed activation", "ru": "скошенная активация"},
                     {"en": "measured in thousands", "ru": "в тысячах"},
                     {"en": "constant (every value 5)", "ru": "константа (все значения 5)"}],
        "defaults": {"feature": 0, "gamma": 1.0, "beta": 0.0, "eps": 1e-5, "bins": 24},
        "mean": mean.tolist(),
        "var": var.tolist(),
        "output": batch_norm(batch, gamma, beta).tolist(),
    }
