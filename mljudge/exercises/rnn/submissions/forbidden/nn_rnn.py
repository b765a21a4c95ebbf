import torch
from torch import nn


def rnn(xs, h0, w_ih, w_hh, b_ih, b_hh):
    layer = nn.RNN(w_ih.shape[1], w_ih.shape[0], dtype=torch.float64)
    with torch.no_grad():
        layer.weight_ih_l0.copy_(w_ih)
        layer.weight_hh_l0.copy_(w_hh)
        layer.bias_ih_l0.copy_(b_ih)
        layer.bias_hh_l0.copy_(b_hh)
        outputs, h_n = layer(xs, h0[None])
    return outputs, h_n[0]
