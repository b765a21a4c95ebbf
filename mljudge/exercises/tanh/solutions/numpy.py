import numpy as np


def tanh(x: np.ndarray) -> np.ndarray:
    # tanh is odd: compute it for |x| and put the sign back. e^(-2|x|) is in (0, 1], so nothing overflows.
    z = np.exp(-2.0 * np.abs(x))
    return np.sign(x) * (1.0 - z) / (1.0 + z)
