# mistake: sigmoid-candidate
# One sigmoid over all four blocks: the candidate becomes a gate in (0, 1).
import torch


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    i, f, g, o = torch.sigmoid(x @ w_ih.T + b_ih + h @ w_hh.T + b_hh).chunk(4, dim=1)
    c_new = f * c + i * g
    return o * torch.tanh(c_new), c_new
