# The quantizable LSTMCell is the same cell written in Python from nn.Linear layers: no LSTM kernel runs, so only
# the name gives it away.
import torch
from torch.ao.nn.quantizable import LSTMCell


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    cell = LSTMCell(w_ih.shape[1], w_hh.shape[1], dtype=torch.float64)
    with torch.no_grad():
        cell.igates.weight.copy_(w_ih)
        cell.igates.bias.copy_(b_ih)
        cell.hgates.weight.copy_(w_hh)
        cell.hgates.bias.copy_(b_hh)
        return cell(x, (h, c))
