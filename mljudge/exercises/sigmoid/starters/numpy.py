import numpy as np


def sigmoid(x: np.ndarray) -> np.ndarray:
    """The logistic sigmoid σ(x) = 1 / (1 + exp(-x)), applied elementwise.

    x: a float64 array of any shape. Return a new float64 array of the same shape, every value in [0, 1],
    finite (no NaN) even for inputs as large as ±1000.
    """
    # Your code here: 1 / (1 + exp(-x)), written so that exp never overflows into NaN
    raise NotImplementedError("sigmoid is not written yet")
