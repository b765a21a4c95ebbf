import numpy as np
from scipy.special import softmax as sp_softmax


def softmax(x, temperature=1.0, axis=-1):
    return sp_softmax(np.asarray(x) / temperature, axis=axis)
