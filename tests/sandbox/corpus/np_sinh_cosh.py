import numpy as np


def gelu(x):
    # tanh(u) = 1 - 2 / (exp(2u) + 1), written out; large |u| is clipped, where tanh is already ±1.
    u = np.clip(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3), -40.0, 40.0)
    tanh = 1.0 - 2.0 / (np.exp(2.0 * u) + 1.0)
    return 0.5 * x * (1.0 + tanh)
