"""Backward pass of the tanh-approximated GELU.

>>> import numpy as np
>>> float(gelu_backward(np.array(1.0), np.array(0.0)))
0.5
"""
import numpy as np

K = np.sqrt(2 / np.pi)


def gelu_backward(grad_output, x):
    """dL/dx = dL/dy * dy/dx for y = 0.5 x (1 + tanh(K (x + 0.044715 x^3)))."""
    t = np.tanh(K * (x + 0.044715 * x ** 3))
    dydx = 0.5 * (1 + t) + 0.5 * x * (1 - t ** 2)
    return grad_output * dydx


if __name__ == "__main__":
    import doctest
    doctest.testmod()
