import numpy as np


def positional_encoding(length: int, d_model: int, base: float = 10000.0) -> np.ndarray:
    if d_model % 2:
        raise ValueError(f"d_model must be even (sin/cos pairs), got {d_model}")
    pos = np.arange(length, dtype=np.float64)[:, None]         # (length, 1)
    two_i = np.arange(0, d_model, 2, dtype=np.float64)          # 2i for each pair i
    angles = pos / base ** (two_i / d_model)                    # (length, d_model/2)
    pe = np.empty((length, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
