# The dispatcher-level route: caught where the op runs.
import torch


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    return torch.ops.aten.lstm_cell(x, [h, c], w_ih, w_hh, b_ih, b_hh)
