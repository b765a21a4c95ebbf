# The textbook sigmoid 1 / (1 + exp(−z)): exp overflows to inf for z far below 0 (with a warning), and 1 / inf is
# still the right 0, so it is accepted.
import numpy as np


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    z = x @ w_ih.T + b_ih + h @ w_hh.T + b_hh
    H = h.shape[1]
    i = sigmoid(z[:, :H])
    f = sigmoid(z[:, H:2 * H])
    g = np.tanh(z[:, 2 * H:3 * H])
    o = sigmoid(z[:, 3 * H:])
    c_new = f * c + i * g
    h_new = o * np.tanh(c_new)
    return h_new, c_new
