# mistake: no-output-tanh
# The output gate applied to the raw cell.
import torch


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    i, f, g, o = (x @ w_ih.T + b_ih + h @ w_hh.T + b_hh).chunk(4, dim=1)
    c_new = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
    return torch.sigmoid(o) * c_new, c_new
