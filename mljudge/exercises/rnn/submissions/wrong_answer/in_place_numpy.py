# mistake: changed-in-place
# `h = h0` is the same array, and tanh(…, out=h) writes every step's state into the caller's h0.
import numpy as np


def rnn(xs, h0, w_ih, w_hh, b_ih, b_hh):
    h = h0
    outputs = []
    for x in xs:
        np.tanh(x @ w_ih.T + b_ih + h @ w_hh.T + b_hh, out=h)
        outputs.append(h.copy())
    return np.stack(outputs), h.copy()
