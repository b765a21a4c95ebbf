import numpy as np


def rmsprop(param: np.ndarray, grad: np.ndarray, square_avg: np.ndarray, lr: float = 0.01, alpha: float = 0.99,
            eps: float = 1e-8) -> tuple[np.ndarray, np.ndarray]:
    s = alpha * square_avg + (1.0 - alpha) * grad * grad
    return param - lr * grad / (np.sqrt(s) + eps), s
