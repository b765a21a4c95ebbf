# A whole nn.LSTM run for one step is the same cell.
import torch
from torch import nn


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    layer = nn.LSTM(w_ih.shape[1], w_hh.shape[1], dtype=torch.float64)
    with torch.no_grad():
        layer.weight_ih_l0.copy_(w_ih)
        layer.weight_hh_l0.copy_(w_hh)
        layer.bias_ih_l0.copy_(b_ih)
        layer.bias_hh_l0.copy_(b_hh)
        _, (h_n, c_n) = layer(x[None], (h[None], c[None]))
    return h_n[0], c_n[0]
