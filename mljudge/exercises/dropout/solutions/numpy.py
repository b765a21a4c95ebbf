import numpy as np


def dropout(x: np.ndarray, p: float, training: bool = True, seed: int = 0) -> np.ndarray:
    if not training or p == 0.0:
        return x.copy()
    if p >= 1.0:
        return np.zeros_like(x)
    keep = np.random.default_rng(seed).random(x.shape) >= p
    return np.where(keep, x / (1.0 - p), 0.0)
