# mistake: sigmoid-gates-first
# The layout of many from-scratch LSTMs: sigmoid over the first 3H columns (i, f, o), tanh over the last H (g).
import numpy as np


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    H = h.shape[1]
    z = x @ w_ih.T + b_ih + h @ w_hh.T + b_hh
    gates = 1.0 / (1.0 + np.exp(-z[:, :3 * H]))
    i, f, o = gates[:, :H], gates[:, H:2 * H], gates[:, 2 * H:]
    g = np.tanh(z[:, 3 * H:])
    c_new = f * c + i * g
    return o * np.tanh(c_new), c_new
