import numpy as np


def simple_rnn(xs, h0, w_ih, w_hh, b_ih, b_hh):
    h = h0
    outputs = []
    for x in xs:
        h = np.tanh(x @ w_ih.T + b_ih + h @ w_hh.T + b_hh)
        outputs.append(h)
    return np.stack(outputs), h
