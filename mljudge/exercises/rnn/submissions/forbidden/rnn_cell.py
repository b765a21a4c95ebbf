# The loop is written by hand, but each step is the library's cell.
import torch
from torch import nn


def rnn(xs, h0, w_ih, w_hh, b_ih, b_hh):
    cell = nn.RNNCell(w_ih.shape[1], w_ih.shape[0], dtype=torch.float64)
    with torch.no_grad():
        cell.weight_ih.copy_(w_ih)
        cell.weight_hh.copy_(w_hh)
        cell.bias_ih.copy_(b_ih)
        cell.bias_hh.copy_(b_hh)
        h = h0
        outputs = []
        for x in xs:
            h = cell(x, h)
            outputs.append(h)
    return torch.stack(outputs), h
