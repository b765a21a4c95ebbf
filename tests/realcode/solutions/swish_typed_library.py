"""Swish / SiLU activation.

Reference: Ramachandran, Zoph & Le, "Searching for Activation Functions", 2017.
"""
from __future__ import annotations

from typing import Optional

import numpy as np
import numpy.typing as npt

__all__ = ["swish"]

FloatArray = npt.NDArray[np.float64]


def _sigmoid(z: FloatArray) -> FloatArray:
    e = np.exp(-np.abs(z))
    return np.where(z >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def swish(x: FloatArray, beta: Optional[float] = 1.0) -> FloatArray:
    """Swish activation ``x * sigmoid(beta * x)``.

    Parameters
    ----------
    x : ndarray
        Input of any shape.
    beta : float, optional
        Gate sharpness. ``None`` means 1.0 (plain SiLU).

    Returns
    -------
    ndarray
        Same shape as ``x``.
    """
    if beta is None:
        beta = 1.0
    return x * _sigmoid(beta * x)
