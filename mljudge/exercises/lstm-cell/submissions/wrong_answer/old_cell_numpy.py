# mistake: old-cell-in-output
# The hidden state computed before the cell is updated, from the old c.
import numpy as np


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    z = x @ w_ih.T + b_ih + h @ w_hh.T + b_hh
    zi, zf, zg, zo = np.split(z, 4, axis=1)
    sig = lambda a: 1.0 / (1.0 + np.exp(-a))  # noqa: E731
    h_new = sig(zo) * np.tanh(c)
    c_new = sig(zf) * c + sig(zi) * np.tanh(zg)
    return h_new, c_new
