"""Known wrong versions of batch_norm, recognised when a learner's outputs match one of them on every case they
answered, and one predicate (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np

from mljudge.judge.api import Answer, Array, Case, Expected
from mljudge.reference.arrays import Floats

PRECISION_CASE = "far-from-zero"


def _stats(x: Floats, axis: int | None = 0, ddof: int = 0) -> tuple[Floats, Floats, Floats]:
    x = np.asarray(x, dtype=np.float64)
    mean = x.mean(axis=axis, keepdims=True)
    var = ((x - mean) ** 2).sum(axis=axis, keepdims=True) / (x.size / mean.size - ddof)
    return x, mean, var


def _finish(normalised: Floats, gamma: Floats, beta: Floats) -> Floats:
    return np.asarray(gamma, dtype=np.float64) * normalised + np.asarray(beta, dtype=np.float64)


def unbiased_variance(x: Floats, gamma: Floats, beta: Floats, eps: float = 1e-5) -> Floats:
    """The variance divided by N − 1 (torch.var's and np.var(ddof=1)'s default correction)."""
    x, mean, var = _stats(x, ddof=1)
    with np.errstate(all="ignore"):
        return _finish((x - mean) / np.sqrt(var + eps), gamma, beta)


def wrong_axis(x: Floats, gamma: Floats, beta: Floats, eps: float = 1e-5) -> Floats:
    """Mean and variance of each sample (row, axis 1) instead of each feature: layer normalisation."""
    x, mean, var = _stats(x, axis=1)
    return _finish((x - mean) / np.sqrt(var + eps), gamma, beta)


def global_stats(x: Floats, gamma: Floats, beta: Floats, eps: float = 1e-5) -> Floats:
    """One mean and one variance for the whole batch (x.mean() with no axis)."""
    x, mean, var = _stats(x, axis=None)
    return _finish((x - mean) / np.sqrt(var + eps), gamma, beta)


def eps_outside_root(x: Floats, gamma: Floats, beta: Floats, eps: float = 1e-5) -> Floats:
    """(x − μ)/(σ + eps): eps added to the standard deviation instead of the variance."""
    x, mean, var = _stats(x)
    return _finish((x - mean) / (np.sqrt(var) + eps), gamma, beta)


def no_eps(x: Floats, gamma: Floats, beta: Floats, eps: float = 1e-5) -> Floats:
    """(x − μ)/σ: eps left out, so a constant feature divides 0 by 0."""
    x, mean, var = _stats(x)
    with np.errstate(all="ignore"):
        return _finish((x - mean) / np.sqrt(var), gamma, beta)


def no_square_root(x: Floats, gamma: Floats, beta: Floats, eps: float = 1e-5) -> Floats:
    """(x − μ)/(σ² + eps): divided by the variance, not the standard deviation."""
    x, mean, var = _stats(x)
    return _finish((x - mean) / (var + eps), gamma, beta)


def gamma_beta_swapped(x: Floats, gamma: Floats, beta: Floats, eps: float = 1e-5) -> Floats:
    """β·x̂ + γ: the scale and the shift trade places."""
    x, mean, var = _stats(x)
    return _finish((x - mean) / np.sqrt(var + eps), beta, gamma)


def precision_lost(got: Answer, expected: Expected, case: Case) -> bool:
    """Right everywhere except on the feature far from zero, where the digits are lost: the variance as
    E[x²] − E[x]² (catastrophic cancellation) or the batch computed in float32."""
    if case.id != PRECISION_CASE or not isinstance(got, Array) or not isinstance(expected, np.ndarray):
        return False
    data = got.data
    return data.shape == expected.shape and data.dtype.kind in "biuf"
