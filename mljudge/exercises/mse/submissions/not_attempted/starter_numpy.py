import numpy as np


def mse(pred: np.ndarray, target: np.ndarray) -> float:
    """Mean squared error: the mean of (pred - target)**2 over every element.

    pred, target: float64 arrays of the same shape (any shape). Return one number (a float, a NumPy scalar or a
    0-d array), not one per row. Do not modify pred or target.
    """
    # Your code here: subtract, square, average over all elements.
    raise NotImplementedError("mse is not written yet")
