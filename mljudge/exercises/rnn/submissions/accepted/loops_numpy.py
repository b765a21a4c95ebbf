# Every number by hand: loops over steps, sequences and units, into a preallocated output.
import math

import numpy as np


def rnn(xs, h0, w_ih, w_hh, b_ih, b_hh):
    steps, batch, features = xs.shape
    hidden = h0.shape[1]
    outputs = np.zeros((steps, batch, hidden))
    previous = h0.copy()
    for t in range(steps):
        for n in range(batch):
            for u in range(hidden):
                total = b_ih[u] + b_hh[u]
                for j in range(features):
                    total += xs[t, n, j] * w_ih[u, j]
                for j in range(hidden):
                    total += previous[n, j] * w_hh[u, j]
                outputs[t, n, u] = math.tanh(total)
        previous = outputs[t]
    return outputs, outputs[-1].copy()
