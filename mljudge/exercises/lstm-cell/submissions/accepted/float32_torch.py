# float32 is precise enough for 4 decimals here; the answers go back as float64.
import torch
import torch.nn.functional as F


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    x, h, c, w_ih, w_hh, b_ih, b_hh = (a.float() for a in (x, h, c, w_ih, w_hh, b_ih, b_hh))
    H = h.shape[1]
    z = F.linear(x, w_ih, b_ih) + F.linear(h, w_hh, b_hh)
    gates = torch.sigmoid(z)
    i, f, o = gates[:, :H], gates[:, H:2 * H], gates[:, 3 * H:]
    g = torch.tanh(z[:, 2 * H:3 * H])
    c_new = torch.addcmul(f * c, i, g)
    return (o * torch.tanh(c_new)).double(), c_new.double()
