import numpy as np


def _sigmoid(z: np.ndarray) -> np.ndarray:
    e = np.exp(-np.abs(z))  # in (0, 1]: never overflows
    return np.where(z >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def swish(x: np.ndarray, beta: float = 1.0) -> np.ndarray:
    return x * _sigmoid(beta * x)
