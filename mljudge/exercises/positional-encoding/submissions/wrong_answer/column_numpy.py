# mistake: exponent-column
# One speed per column, base^(−j/d_model): right for the sines, but each cosine turns slower than its sine.
import numpy as np


def positional_encoding(length, d_model, base=10000.0):
    if d_model % 2:
        raise ValueError("d_model must be even")
    j = np.arange(d_model)
    angles = np.arange(length)[:, None] / base ** (j / d_model)
    return np.where(j % 2 == 0, np.sin(angles), np.cos(angles))
