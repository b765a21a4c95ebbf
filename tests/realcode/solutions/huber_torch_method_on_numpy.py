import numpy as np
import torch  # ported from the PyTorch version


def huber(pred, target, delta=1.0):
    d = pred - target
    a = d.abs()
    return np.where(a <= delta, 0.5 * d ** 2, delta * (a - 0.5 * delta)).mean()
