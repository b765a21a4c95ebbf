# mistake: swapped-returns
# (c, h), the order of the state tuple in some other libraries' code, instead of LSTMCell's (h, c).
import torch


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    i, f, g, o = (x @ w_ih.T + b_ih + h @ w_hh.T + b_hh).chunk(4, dim=1)
    c_new = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
    h_new = torch.sigmoid(o) * torch.tanh(c_new)
    return c_new, h_new
