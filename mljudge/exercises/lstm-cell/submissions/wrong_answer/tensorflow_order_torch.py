# mistake: candidate-second
# TensorFlow 1's BasicLSTMCell unpacks i, j, f, o = split(z, 4): the candidate j second, the forget gate third.
import torch


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    z = x @ w_ih.T + b_ih + h @ w_hh.T + b_hh
    i, j, f, o = torch.split(z, h.shape[1], dim=1)
    c_new = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(j)
    return torch.sigmoid(o) * torch.tanh(c_new), c_new
