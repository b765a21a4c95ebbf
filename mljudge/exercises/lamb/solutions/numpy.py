import numpy as np


def lamb(param: np.ndarray, grad: np.ndarray, m: np.ndarray, v: np.ndarray, t: int, lr: float = 1e-3,
         beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-6,
         weight_decay: float = 0.01) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    m = beta1 * m + (1.0 - beta1) * grad
    v = beta2 * v + (1.0 - beta2) * grad * grad
    m_hat = m / (1.0 - beta1**t)
    v_hat = v / (1.0 - beta2**t)
    r = m_hat / (np.sqrt(v_hat) + eps) + weight_decay * param
    param_norm, r_norm = np.linalg.norm(param), np.linalg.norm(r)
    ratio = param_norm / r_norm if param_norm > 0 and r_norm > 0 else 1.0
    return param - lr * ratio * r, m, v
