import numpy as np


def rnn(xs, h0, w_ih, w_hh, b_ih, b_hh):
    h = h0
    for x in xs
        h = np.tanh(x @ w_ih.T + b_ih + h @ w_hh.T + b_hh)
    return h
