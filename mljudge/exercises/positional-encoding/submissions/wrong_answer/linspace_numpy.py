# mistake: exponent-to-one
# The speeds from a linspace of exponents, 0 to 1 inclusive: right layout, the slowest pair at 1/base.
import numpy as np


def positional_encoding(length, d_model, base=10000.0):
    if d_model % 2:
        raise ValueError("d_model must be even")
    inv_freq = 1.0 / base ** np.linspace(0.0, 1.0, d_model // 2)
    angles = np.arange(length)[:, None] * inv_freq[None, :]
    pe = np.zeros((length, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
