# mistake: changed-in-place
# A state buffer updated in place with copy_: the buffer is the caller's h0.
import torch


def rnn(xs, h0, w_ih, w_hh, b_ih, b_hh):
    state = h0
    outputs = []
    for x in xs:
        state.copy_(torch.tanh(x @ w_ih.T + b_ih + state @ w_hh.T + b_hh))
        outputs.append(state.clone())
    return torch.stack(outputs), state.clone()
