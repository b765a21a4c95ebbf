# mistake: only-b-hh
# The input goes through a bias-free product; only the recurrent side gets its bias.
import torch
import torch.nn.functional as F


def rnn(xs, h0, w_ih, w_hh, b_ih, b_hh):
    h = h0
    outputs = []
    for x in xs:
        h = torch.tanh(F.linear(x, w_ih) + F.linear(h, w_hh, b_hh))
        outputs.append(h)
    return torch.stack(outputs), h
