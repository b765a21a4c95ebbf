import numpy as np


def mse(pred: np.ndarray, target: np.ndarray) -> float:
    d = pred - target
    return np.mean(d * d)
