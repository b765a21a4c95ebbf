# mistake: other-gate-order
# ONNX's LSTM stacks its weights as i, o, f, c: right formulas, wrong blocks.
import numpy as np


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    z = x @ w_ih.T + b_ih + h @ w_hh.T + b_hh
    zi, zo, zf, zc = np.split(z, 4, axis=1)
    sigmoid = lambda a: 1.0 / (1.0 + np.exp(-a))  # noqa: E731
    c_new = sigmoid(zf) * c + sigmoid(zi) * np.tanh(zc)
    return sigmoid(zo) * np.tanh(c_new), c_new
