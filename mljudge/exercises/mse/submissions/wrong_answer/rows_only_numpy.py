# mistake: rows-only
# len() counts rows: right for 1-D input, too large for anything else.
import numpy as np


def mse(pred, target):
    return np.sum((pred - target) ** 2) / len(pred)
