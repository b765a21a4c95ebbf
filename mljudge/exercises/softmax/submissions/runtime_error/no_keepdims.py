# Without keepdims the row maxima of a (2, 3) array have shape (2,), which does not broadcast against (2, 3).
import numpy as np


def softmax(x, temperature=1.0, axis=-1):
    e = np.exp((x - x.max(axis=axis)) / temperature)
    return e / e.sum(axis=axis)
