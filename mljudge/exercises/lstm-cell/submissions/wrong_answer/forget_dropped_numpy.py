# mistake: forget-path-dropped
# The forget gate is computed and never used: the new cell is only what the input gate writes.
import numpy as np


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    z = x @ w_ih.T + b_ih + h @ w_hh.T + b_hh
    zi, zf, zg, zo = np.split(z, 4, axis=1)
    i, f, o = (1.0 / (1.0 + np.exp(-a)) for a in (zi, zf, zo))
    c_new = i * np.tanh(zg)
    return o * np.tanh(c_new), c_new
