import numpy as np


def elu(x: np.ndarray, alpha: float = 1.0) -> np.ndarray:
    negative = alpha * np.expm1(np.minimum(x, 0.0))  # the exponential only sees x ≤ 0: never overflows
    return np.where(x > 0, x, negative)
