# The functional cell: torch.lstm_cell(x, (h, c), w_ih, w_hh, b_ih, b_hh).
import torch


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    return torch.lstm_cell(x, (h, c), w_ih, w_hh, b_ih, b_hh)
