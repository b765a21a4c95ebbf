# mistake: mask
import numpy as np


def relu(x):
    return x > 0
