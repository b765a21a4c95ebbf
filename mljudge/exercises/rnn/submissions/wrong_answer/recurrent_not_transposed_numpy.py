# mistake: recurrent-not-transposed
# x @ w_ih.T is right (anything else raises for in ≠ H), but the square w_hh goes in untransposed.
import numpy as np


def rnn(xs, h0, w_ih, w_hh, b_ih, b_hh):
    h = h0
    outputs = []
    for x in xs:
        h = np.tanh(x @ w_ih.T + b_ih + h @ w_hh + b_hh)
        outputs.append(h)
    return np.stack(outputs), h
