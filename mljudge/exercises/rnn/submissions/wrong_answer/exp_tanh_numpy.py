# tanh built from exp: (e^2a − 1)/(e^2a + 1) overflows to inf/inf = NaN once a passes about 355 (the saturated case).
import numpy as np


def _tanh(a):
    e = np.exp(2.0 * a)
    return (e - 1.0) / (e + 1.0)


def rnn(xs, h0, w_ih, w_hh, b_ih, b_hh):
    h = h0
    outputs = []
    with np.errstate(over="ignore", invalid="ignore"):
        for x in xs:
            h = _tanh(x @ w_ih.T + b_ih + h @ w_hh.T + b_hh)
            outputs.append(h)
    return np.stack(outputs), h
