# mistake: transposed
# One row per feature and one column per position: the table the other way round.
import numpy as np


def positional_encoding(length, d_model, base=10000.0):
    if d_model % 2:
        raise ValueError("d_model must be even")
    speeds = base ** (-np.arange(0, d_model, 2) / d_model)
    angles = speeds[:, None] * np.arange(length)[None, :]        # (d_model/2, length)
    pe = np.empty((d_model, length))
    pe[0::2], pe[1::2] = np.sin(angles), np.cos(angles)
    return pe
