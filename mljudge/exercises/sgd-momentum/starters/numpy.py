import numpy as np


def sgd_momentum(param: np.ndarray, grad: np.ndarray, velocity: np.ndarray, lr: float = 0.01,
                 momentum: float = 0.9) -> tuple[np.ndarray, np.ndarray]:
    """One step of gradient descent with momentum. Return (new_param, new_velocity) as new arrays.

    param, grad, velocity: float64 arrays of one shape; velocity is the state the previous step returned (zeros
    before the first step). v <- momentum * v + grad, then param <- param - lr * v. Do not change the inputs.
    """
    # Your code here
    raise NotImplementedError("sgd_momentum is not written yet")
