# mistake: flattened
import numpy as np


def gelu(x):
    flat = x.ravel()
    return 0.5 * flat * (1 + np.tanh(np.sqrt(2 / np.pi) * (flat + 0.044715 * flat**3)))
