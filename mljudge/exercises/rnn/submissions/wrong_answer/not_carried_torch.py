# mistake: state-not-carried
# Each step reads h0: the new state goes into the list but never back into the recurrence.
import torch


def rnn(xs, h0, w_ih, w_hh, b_ih, b_hh):
    outputs = []
    for x in xs:
        h_new = torch.tanh(x @ w_ih.T + b_ih + h0 @ w_hh.T + b_hh)
        outputs.append(h_new)
    return torch.stack(outputs), outputs[-1]
