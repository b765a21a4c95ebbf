import numpy as np


def leaky_relu(x: np.ndarray, negative_slope: float = 0.01) -> np.ndarray:
    # Pick, element by element, x itself or its scaled copy: a new array of x's shape.
    return np.where(x > 0.0, x, negative_slope * x)
