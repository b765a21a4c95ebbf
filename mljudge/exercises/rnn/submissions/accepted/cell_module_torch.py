# A cell as an nn.Module holding two nn.Linear layers, loaded with the given weights: nn.Linear stores its weight
# as (out, in) too, so the weights go in as they are.
import torch
from torch import nn


class TanhCell(nn.Module):
    def __init__(self, w_ih, w_hh, b_ih, b_hh):
        super().__init__()
        self.input = nn.Linear(w_ih.shape[1], w_ih.shape[0], dtype=w_ih.dtype)
        self.recurrent = nn.Linear(w_hh.shape[1], w_hh.shape[0], dtype=w_hh.dtype)
        with torch.no_grad():
            self.input.weight.copy_(w_ih)
            self.input.bias.copy_(b_ih)
            self.recurrent.weight.copy_(w_hh)
            self.recurrent.bias.copy_(b_hh)

    def forward(self, x, h):
        return torch.tanh(self.input(x) + self.recurrent(h))


def rnn(xs, h0, w_ih, w_hh, b_ih, b_hh):
    cell = TanhCell(w_ih, w_hh, b_ih, b_hh)
    h = h0
    outputs = []
    with torch.no_grad():
        for x in xs:
            h = cell(x, h)
            outputs.append(h)
    return torch.stack(outputs), h
