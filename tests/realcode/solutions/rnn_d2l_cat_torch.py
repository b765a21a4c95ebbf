import torch


def rnn_d2l(inputs, state, params):
    # Here `inputs` shape: (`num_steps`, `batch_size`, `vocab_size`)
    W_xh, W_hh, b_h = params
    H, = state
    outputs = []
    # Shape of `X`: (`batch_size`, `vocab_size`)
    for X in inputs:
        H = torch.tanh(torch.mm(X, W_xh) + torch.mm(H, W_hh) + b_h)
        outputs.append(H)
    return torch.cat(outputs, dim=0), (H,)


def rnn(xs, h0, w_ih, w_hh, b_ih, b_hh):
    outputs, (H,) = rnn_d2l(xs, (h0,), [w_ih.T, w_hh.T, b_ih + b_hh])
    return outputs, H
