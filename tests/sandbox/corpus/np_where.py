import numpy as np

C = np.sqrt(2.0 / np.pi)


def gelu(x):
    # For large |x| the tanh saturates; np.where keeps the exact branch everywhere else.
    core = 0.5 * x * (1.0 + np.tanh(C * (x + 0.044715 * x**3)))
    return np.where(x > 30.0, x, np.where(x < -30.0, 0.0, core))
