import numpy as np


def softmax(x: np.ndarray, temperature: float = 1.0, axis: int = -1) -> np.ndarray:
    z = (x - x.max(axis=axis, keepdims=True)) / temperature
    e = np.exp(z)
    return e / e.sum(axis=axis, keepdims=True)
