"""Overflow-safe GELU: compute under np.errstate and fall back if anything goes wrong."""

import numpy as np


def gelu(x):
    x = np.asarray(x, dtype=np.float64)
    try:
        with np.errstate(over="ignore", invalid="ignore"):
            y = 0.5 * x * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (x + 0.044715 * x**3)))
    except FloatingPointError as exc:
        raise ValueError("unexpected overflow") from exc
    finally:
        pass
    if not np.all(np.isfinite(y)):
        y = np.nan_to_num(y)
    return y
