import numpy as np


def tanh(x: np.ndarray) -> np.ndarray:
    """The hyperbolic tangent (e^x - e^-x) / (e^x + e^-x), applied elementwise, built from np.exp
    (not np.tanh or math.tanh).

    x: a float64 array of any shape. Return a new float64 array of the same shape, every value in [-1, 1],
    finite (no NaN) even for inputs as large as ±1000.
    """
    # Your code here: only ever exponentiate numbers that are <= 0
    raise NotImplementedError("tanh is not written yet")
