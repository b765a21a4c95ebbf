import numpy as np


def swish(x: np.ndarray, beta: float = 1.0) -> np.ndarray:
    """Swish x·σ(βx), elementwise; SiLU when beta = 1 (the default).

    x: a float64 array of any shape; beta: a float. Return a new array of the same shape.
    """
    # Your code here: x * sigmoid(beta * x), with a sigmoid that stays finite for |x| up to 1000
    raise NotImplementedError("swish is not written yet")
