import numpy as np


def relu(x: np.ndarray) -> np.ndarray:
    # Elementwise maximum against the scalar 0.0 (broadcast): a new array, same shape, float64.
    return np.maximum(x, 0.0)
