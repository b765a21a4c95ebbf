# float32 is precise enough for 4 decimals here; the answers go back as float64.
import torch
import torch.nn.functional as F


def rnn(xs, h0, w_ih, w_hh, b_ih, b_hh):
    xs, h, w_ih, w_hh, b_ih, b_hh = (a.float() for a in (xs, h0, w_ih, w_hh, b_ih, b_hh))
    driven = F.linear(xs, w_ih, b_ih + b_hh)
    outputs = torch.empty(xs.shape[0], xs.shape[1], h.shape[1])
    for t in range(xs.shape[0]):
        h = torch.tanh(driven[t] + F.linear(h, w_hh))
        outputs[t] = h
    return outputs.double(), h.double()
