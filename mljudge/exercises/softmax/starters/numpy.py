import numpy as np


def softmax(x: np.ndarray, temperature: float = 1.0, axis: int = -1) -> np.ndarray:
    """Softmax of x / temperature along `axis`, from exp, max, sum and division.

    x: a float64 array of any shape (at least 1-D). temperature: a positive float.
    axis: the axis whose slices become probability distributions (negative counts from the end).
    Return a new float64 array of x's shape whose slices along `axis` are positive and sum to 1.
    Must stay finite for |x| up to 1000 and temperatures as small as 0.001.
    """
    # Your code here: subtract the maximum along `axis`, divide by the temperature, exp, normalise.
    raise NotImplementedError("softmax is not written yet")
