import torch
from torch import nn


class RNNScratch(nn.Module):
    """The RNN model implemented from scratch (d2l, 2nd edition), with its parameters given."""

    def __init__(self, num_inputs, num_hiddens, sigma=0.01):
        super().__init__()
        self.num_inputs, self.num_hiddens, self.sigma = num_inputs, num_hiddens, sigma
        self.W_xh = nn.Parameter(torch.randn(num_inputs, num_hiddens) * sigma)
        self.W_hh = nn.Parameter(torch.randn(num_hiddens, num_hiddens) * sigma)
        self.b_h = nn.Parameter(torch.zeros(num_hiddens))

    def forward(self, inputs, state=None):
        if state is None:
            # Initial state with shape: (batch_size, num_hiddens)
            state = torch.zeros((inputs.shape[1], self.num_hiddens), device=inputs.device)
        else:
            state, = state
        outputs = []
        for X in inputs:  # Shape of inputs: (num_steps, batch_size, num_inputs)
            state = torch.tanh(torch.matmul(X, self.W_xh) + torch.matmul(state, self.W_hh) + self.b_h)
            outputs.append(state)
        return outputs, state


def rnn(xs, h0, w_ih, w_hh, b_ih, b_hh):
    model = RNNScratch(w_ih.shape[1], w_ih.shape[0])
    with torch.no_grad():
        model.W_xh = nn.Parameter(w_ih.T.clone())
        model.W_hh = nn.Parameter(w_hh.T.clone())
        model.b_h = nn.Parameter(b_ih + b_hh)
        outputs, state = model(xs, (h0,))
    return torch.stack(outputs), state
