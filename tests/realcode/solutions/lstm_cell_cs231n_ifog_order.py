import numpy as np


def sigmoid(x):
    """A numerically stable version of the logistic sigmoid function."""
    pos_mask = x >= 0
    neg_mask = x < 0
    z = np.zeros_like(x)
    z[pos_mask] = np.exp(-x[pos_mask])
    z[neg_mask] = np.exp(x[neg_mask])
    top = np.ones_like(x)
    top[neg_mask] = z[neg_mask]
    return top / (1 + z)


def lstm_step_forward(x, prev_h, prev_c, Wx, Wh, b):
    """
    Inputs: x (N, D), prev_h (N, H), prev_c (N, H), Wx (D, 4H), Wh (H, 4H), b (4H,)
    Returns next_h, next_c, cache
    """
    H = prev_h.shape[1]
    a = x.dot(Wx) + prev_h.dot(Wh) + b
    ai, af, ao, ag = a[:, :H], a[:, H:2 * H], a[:, 2 * H:3 * H], a[:, 3 * H:]
    i, f, o, g = sigmoid(ai), sigmoid(af), sigmoid(ao), np.tanh(ag)
    next_c = f * prev_c + i * g
    next_h = o * np.tanh(next_c)
    cache = (x, prev_h, prev_c, Wx, Wh, i, f, o, g, next_c)
    return next_h, next_c, cache


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    next_h, next_c, _ = lstm_step_forward(x, h, c, w_ih.T, w_hh.T, b_ih + b_hh)
    return next_h, next_c
