# mistake: outputs-shifted
# The state is stored before it is updated: outputs = [h0, h_1, …, h_{T−1}].
import numpy as np


def rnn(xs, h0, w_ih, w_hh, b_ih, b_hh):
    h = h0
    outputs = []
    for x in xs:
        outputs.append(h)
        h = np.tanh(x @ w_ih.T + b_ih + h @ w_hh.T + b_hh)
    return np.stack(outputs), h
