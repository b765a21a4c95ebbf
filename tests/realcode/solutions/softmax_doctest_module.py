"""Softmax with temperature.

>>> import numpy as np
>>> softmax(np.array([1.0, 2.0, 3.0])).round(4)
array([0.09  , 0.2447, 0.6652])
"""
import numpy as np


def softmax(x, temperature=1.0, axis=-1):
    """Softmax of ``x / temperature`` along ``axis``.

    >>> softmax(np.array([[1000.0, 1000.0]])).tolist()
    [[0.5, 0.5]]
    >>> softmax(np.zeros((2, 3)), axis=0).sum(axis=0).tolist()
    [1.0, 1.0, 1.0]
    """
    shifted = (x - x.max(axis=axis, keepdims=True)) / temperature
    exps = np.exp(shifted)
    return exps / exps.sum(axis=axis, keepdims=True)


if __name__ == "__main__":
    import doctest

    doctest.testmod(verbose=True)
