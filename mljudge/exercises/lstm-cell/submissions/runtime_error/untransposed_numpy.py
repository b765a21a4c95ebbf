# Weights used as (in, out): x (N, in) @ w_ih (4H, in) does not multiply.
import numpy as np


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    z = x @ w_ih + b_ih + h @ w_hh + b_hh
    zi, zf, zg, zo = np.split(z, 4, axis=1)
    sig = lambda a: 1.0 / (1.0 + np.exp(-a))  # noqa: E731
    c_new = sig(zf) * c + sig(zi) * np.tanh(zg)
    return sig(zo) * np.tanh(c_new), c_new
