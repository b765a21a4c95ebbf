import numpy as np


def rmsprop(param: np.ndarray, grad: np.ndarray, square_avg: np.ndarray, lr: float = 0.01, alpha: float = 0.99,
            eps: float = 1e-8) -> tuple[np.ndarray, np.ndarray]:
    """One step of RMSProp. Return (new_param, new_square_avg) as new arrays.

    param, grad, square_avg: float64 arrays of one shape; square_avg is the state the previous step returned
    (zeros before the first step). s <- alpha * s + (1 - alpha) * grad**2, then
    param <- param - lr * grad / (sqrt(s) + eps), eps outside the root. Do not change the inputs.
    """
    # Your code here
    raise NotImplementedError("rmsprop is not written yet")
