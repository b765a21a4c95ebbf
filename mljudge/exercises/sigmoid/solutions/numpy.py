import numpy as np


def sigmoid(x: np.ndarray) -> np.ndarray:
    # Only ever exponentiate -|x|: z is in (0, 1], so exp cannot overflow.
    z = np.exp(-np.abs(x))
    # For x >= 0: 1 / (1 + e^-x). For x < 0: e^x / (1 + e^x), the same value multiplied through by e^x.
    return np.where(x >= 0, 1.0 / (1.0 + z), z / (1.0 + z))
