# mistake: sigmoid-shortcut
import numpy as np


def gelu(x):
    return x / (1 + np.exp(-1.702 * x))
