# np.outer of positions and speeds, then the sines and cosines woven together with np.empty and slices.
import numpy as np


def positional_encoding(length, d_model, base=10000.0):
    if d_model % 2:
        raise ValueError(f"d_model = {d_model} is odd")
    speeds = np.power(float(base), -np.arange(d_model // 2) * 2.0 / d_model)
    angles = np.outer(np.arange(length), speeds)
    out = np.empty((length, d_model), dtype=np.float64)
    out[:, ::2], out[:, 1::2] = np.sin(angles), np.cos(angles)
    return out
