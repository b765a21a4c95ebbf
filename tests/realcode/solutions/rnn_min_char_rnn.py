"""
The forward half of Karpathy's min-char-rnn loss function: hidden states kept in a dict keyed by time step,
column-vector maths with (out, in) weights, hs[-1] the copy of the previous state.
"""
import numpy as np


def lossFun_forward(inputs, hprev, Wxh, Whh, bh):
    """
    inputs is a list of input column vectors (in, N).
    hprev is Hx N array of initial hidden state
    returns the hidden states
    """
    xs, hs = {}, {}
    hs[-1] = np.copy(hprev)
    # forward pass
    for t in range(len(inputs)):
        xs[t] = inputs[t]
        hs[t] = np.tanh(np.dot(Wxh, xs[t]) + np.dot(Whh, hs[t-1]) + bh)  # hidden state
    return hs


def rnn(xs, h0, w_ih, w_hh, b_ih, b_hh):
    inputs = [x.T for x in xs]                      # each (in, N)
    bh = (b_ih + b_hh)[:, np.newaxis]               # (H, 1)
    hs = lossFun_forward(inputs, h0.T, w_ih, w_hh, bh)
    outputs = np.stack([hs[t].T for t in range(len(inputs))])
    return outputs, hs[len(inputs) - 1].T
