# The LSTMCell of PyTorch's fastrnns benchmark (custom_lstms.py): a jit.ScriptModule with a script_method.
import torch
import torch.jit as jit
import torch.nn as nn
from torch import Tensor
from torch.nn import Parameter
from typing import Tuple


class LSTMCell(jit.ScriptModule):
    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.weight_ih = Parameter(torch.randn(4 * hidden_size, input_size))
        self.weight_hh = Parameter(torch.randn(4 * hidden_size, hidden_size))
        self.bias_ih = Parameter(torch.randn(4 * hidden_size))
        self.bias_hh = Parameter(torch.randn(4 * hidden_size))

    @jit.script_method
    def forward(self, input: Tensor, state: Tuple[Tensor, Tensor]) -> Tuple[Tensor, Tuple[Tensor, Tensor]]:
        hx, cx = state
        gates = (
            torch.mm(input, self.weight_ih.t())
            + self.bias_ih
            + torch.mm(hx, self.weight_hh.t())
            + self.bias_hh
        )
        ingate, forgetgate, cellgate, outgate = gates.chunk(4, 1)

        ingate = torch.sigmoid(ingate)
        forgetgate = torch.sigmoid(forgetgate)
        cellgate = torch.tanh(cellgate)
        outgate = torch.sigmoid(outgate)

        cy = (forgetgate * cx) + (ingate * cellgate)
        hy = outgate * torch.tanh(cy)

        return hy, (hy, cy)


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    cell = LSTMCell(w_ih.shape[1], w_hh.shape[1])
    with torch.no_grad():
        cell.weight_ih.data = w_ih.clone()
        cell.weight_hh.data = w_hh.clone()
        cell.bias_ih.data = b_ih.clone()
        cell.bias_hh.data = b_hh.clone()
        _, (hy, cy) = cell(x, (h, c))
    return hy, cy
