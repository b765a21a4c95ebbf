# mistake: sin-cos-swapped
import numpy as np


def positional_encoding(length, d_model, base=10000.0):
    if d_model % 2:
        raise ValueError("d_model must be even")
    angles = np.arange(length)[:, None] / base ** (np.arange(0, d_model, 2) / d_model)
    pe = np.empty((length, d_model))
    pe[:, 0::2] = np.cos(angles)
    pe[:, 1::2] = np.sin(angles)
    return pe
