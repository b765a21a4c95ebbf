import numpy as np


def batch_norm(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float = 1e-5) -> np.ndarray:
    mean = x.mean(axis=0)                    # (D,): one mean per feature
    centred = x - mean
    var = (centred**2).mean(axis=0)          # biased: divided by N
    return gamma * centred / np.sqrt(var + eps) + beta
