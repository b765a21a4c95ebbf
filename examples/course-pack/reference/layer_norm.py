"""The trusted reference for the layer-norm exercise: `judge check --write` computes its expected.json from
`layer_norm`, at authoring time, in the judge's own process; it never runs next to a submission. Pinned to
PyTorch's own layer_norm and to hand-computed values by tests/test_layer_norm.py."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .stats import mean_and_variance


def layer_norm(x: ArrayLike, gamma: ArrayLike, beta: ArrayLike, eps: float = 1e-5) -> NDArray[np.float64]:
    """Each row (the last axis) normalised to mean 0 and variance 1, then scaled by gamma and shifted by beta."""
    x = np.asarray(x, dtype=np.float64)
    mean, variance = mean_and_variance(x)
    return (x - mean) / np.sqrt(variance + eps) * np.asarray(gamma, dtype=np.float64) + np.asarray(beta, np.float64)
