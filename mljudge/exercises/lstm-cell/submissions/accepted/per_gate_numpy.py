# Four separate products, one per gate, each with its own slice of rows: the same numbers as one stacked product.
import numpy as np


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    H = w_hh.shape[1]

    def pre(k):
        rows = slice(k * H, (k + 1) * H)
        return x @ w_ih[rows].T + b_ih[rows] + h @ w_hh[rows].T + b_hh[rows]

    def sigmoid(z):
        return 0.5 * (1.0 + np.tanh(0.5 * z))  # the same function, written through tanh

    input_gate, forget_gate, candidate, output_gate = sigmoid(pre(0)), sigmoid(pre(1)), np.tanh(pre(2)), sigmoid(pre(3))
    cell = forget_gate * c + input_gate * candidate
    return output_gate * np.tanh(cell), cell
