import numpy as np


def affine_backward(dout, cache):
    """
    Inputs:
    - dout: Upstream derivative, of shape (N, M)
    - cache: Tuple of x (N, D), w (D, M), b (M,)

    Returns a tuple of dx (N, D), dw (D, M), db (M,)
    """
    x, w, b = cache
    dx = dout.dot(w.T).reshape(x.shape)
    dw = x.reshape(x.shape[0], -1).T.dot(dout)
    db = np.sum(dout, axis=0)
    return dx, dw, db


def linear_backward(x, weight, bias, grad_output):
    return affine_backward(grad_output, (x, weight.T, bias))
