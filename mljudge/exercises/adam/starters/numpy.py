import numpy as np


def adam(param: np.ndarray, grad: np.ndarray, m: np.ndarray, v: np.ndarray, t: int, lr: float = 0.001,
         beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-8) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One step of Adam. Return (new_param, new_m, new_v) as new arrays; m and v without bias correction.

    param, grad, m, v: float64 arrays of one shape; m and v are the state the previous step returned (zeros before
    the first step). t: the number of this step, 1 on the first call. m <- beta1*m + (1-beta1)*grad,
    v <- beta2*v + (1-beta2)*grad**2, m_hat = m/(1-beta1**t), v_hat = v/(1-beta2**t),
    param <- param - lr * m_hat / (sqrt(v_hat) + eps). Do not change the inputs.
    """
    # Your code here
    raise NotImplementedError("adam is not written yet")
