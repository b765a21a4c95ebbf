import numpy as np


def huber(pred: np.ndarray, target: np.ndarray, delta: float = 1.0) -> float:
    d = pred - target
    a = np.abs(d)
    loss = np.where(a <= delta, 0.5 * d * d, delta * (a - 0.5 * delta))
    return loss.mean()
